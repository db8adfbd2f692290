import { describe, expect, it } from 'vitest';
import { LingoFeedback, codeToMask, maskToCode, referenceMask } from '../runtime/lingo-feedback.js';

// The harness's own test vectors (../shared/lingo/README.md): secret, guess, mask.
const VECTORS: Array<[string, string, string]> = [
  ['flower', 'flower', 'OOOOOO'],
  ['flower', 'rewolf', '??????'],
  ['flower', 'floflo', 'OOOXXX'],
  ['flower', 'florqe', 'OOO?X?'],
  ['flower', 'kittis', 'XXXXXX'],
  ['elephant', 'eeeeeeee', 'OXOXXXXX'],
  ['elephant', 'zezeeeee', 'X?X?XXXX'],
  ['elephant', 'zrzeeeee', 'XXX??XXX'],
  ['stories', 'element', '?XXXXX?'],
  ['cozies', 'tosses', 'XOXXOO'],
  ['apathetic', 'arbitrate', 'OXX??X???'],
  ['essentially', 'pedestaling', 'X?XO?O????X'],
];

describe('lingo feedback: harness test vectors', () => {
  for (const [secret, guess, mask] of VECTORS) {
    it(`${secret} / ${guess} -> ${mask}`, () => {
      const k = LingoFeedback.fromWords([guess, secret], secret.length);
      expect(codeToMask(k.feedback(0, 1), secret.length)).toBe(mask);
      expect(referenceMask(secret, guess)).toBe(mask);
    });
  }
});

describe('lingo feedback: mask codes', () => {
  it('round-trips masks', () => {
    expect(codeToMask(maskToCode('O?XO', 4), 4)).toBe('O?XO');
  });
  it('rejects malformed masks', () => {
    expect(() => maskToCode('OO?', 4)).toThrow(/expected 4/);
    expect(() => maskToCode('OOa?', 4)).toThrow(/'a' at position 3/);
  });
});
