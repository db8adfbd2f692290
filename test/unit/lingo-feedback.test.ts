import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GuesstreeError } from '../../runtime/errors.js';
import {
  LingoFeedback,
  codeToMask,
  feedbackCodeCount,
  maskToCode,
  referenceMask,
  solvedCode,
} from '../../runtime/lingo-feedback.js';
import { LINGO_VECTORS } from '../support/references.js';

describe('lingo feedback: harness test vectors', () => {
  for (const [secret, guess, mask] of LINGO_VECTORS) {
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

// ---------------------------------------------------------------------------------------
// Independent reference and property tests.
// ---------------------------------------------------------------------------------------

/**
 * The textbook two-pass rule, written independently of runtime/lingo-feedback.ts:
 * pass 1 marks exact matches and pools the secret's unmatched letters; pass 2 walks the
 * guess left to right and gives '?' to a non-exact letter while the pool still holds a copy.
 */
function plainMask(secret: string, guess: string): string {
  const out: string[] = guess.split('').map((ch, i) => (ch === secret[i] ? 'O' : 'X'));
  const pool: Record<string, number> = {};
  for (let i = 0; i < secret.length; i++) {
    if (out[i] !== 'O') pool[secret[i]] = (pool[secret[i]] ?? 0) + 1;
  }
  for (let i = 0; i < guess.length; i++) {
    if (out[i] === 'O') continue;
    const ch = guess[i];
    if ((pool[ch] ?? 0) > 0) {
      pool[ch]--;
      out[i] = '?';
    }
  }
  return out.join('');
}

const wordOver = (alphabet: string, length: number) =>
  fc.array(fc.constantFrom(...alphabet.split('')), { minLength: length, maxLength: length }).map((a) => a.join(''));

/** A length 4..13 and a handful of words of that length over the given alphabet. */
const wordsArb = (alphabet: string) =>
  fc
    .integer({ min: 4, max: 13 })
    .chain((L) => fc.tuple(fc.constant(L), fc.array(wordOver(alphabet, L), { minLength: 2, maxLength: 6 })));

describe('lingo feedback: plain reference agrees with the harness vectors', () => {
  for (const [secret, guess, mask] of LINGO_VECTORS) {
    it(`${secret} / ${guess}`, () => {
      expect(plainMask(secret, guess)).toBe(mask);
    });
  }
});

describe('lingo feedback: kernel matches the reference on random words', () => {
  const ALPHABETS: Array<[string, string]> = [
    ['ab (heavy repeats)', 'ab'],
    ['abcde (repeats)', 'abcde'],
    ['a-z', 'abcdefghijklmnopqrstuvwxyz'],
  ];
  for (const [label, alphabet] of ALPHABETS) {
    it(`feedback, partitionCodes and referenceMask agree with the plain rule over ${label}`, () => {
      fc.assert(
        fc.property(wordsArb(alphabet), ([L, words]) => {
          const k = LingoFeedback.fromWords(words, L);
          const n = words.length;
          const secrets = Uint32Array.from({ length: n }, (_, i) => i);
          const out = new Uint32Array(n);
          for (let g = 0; g < n; g++) {
            k.partitionCodes(g, secrets, n, out);
            for (let s = 0; s < n; s++) {
              const want = plainMask(words[s], words[g]);
              expect(referenceMask(words[s], words[g])).toBe(want);
              expect(codeToMask(k.feedback(g, s), L)).toBe(want);
              expect(k.feedback(g, s)).toBe(maskToCode(want, L));
              expect(out[s]).toBe(maskToCode(want, L));
            }
          }
          // The solved code only on the diagonal (or for an identical word).
          for (let g = 0; g < n; g++) {
            for (let s = 0; s < n; s++) {
              expect(k.feedback(g, s) === k.solved).toBe(words[g] === words[s]);
            }
          }
        }),
        { numRuns: alphabet.length > 5 ? 700 : 650 },
      );
    });
  }

  it('partitionCodes works on a subset of secrets in any order and leaves no state behind', () => {
    fc.assert(
      fc.property(
        wordsArb('abcde').chain(([L, words]) =>
          fc.tuple(
            fc.constant(L),
            fc.constant(words),
            fc.nat(words.length - 1),
            fc.array(fc.nat(words.length - 1), { minLength: 0, maxLength: 10 }),
          ),
        ),
        ([L, words, g, picks]) => {
          const k = LingoFeedback.fromWords(words, L);
          const secrets = Uint32Array.from(picks);
          const out = new Uint32Array(picks.length + 1).fill(0xdeadbeef);
          k.partitionCodes(g, secrets, picks.length, out);
          picks.forEach((s, i) => {
            expect(codeToMask(out[i], L)).toBe(plainMask(words[s], words[g]));
          });
          expect(out[picks.length]).toBe(0xdeadbeef); // nothing written past n
          // Interleaved single calls still agree (the shared letter counters were reset).
          for (const s of picks) expect(codeToMask(k.feedback(g, s), L)).toBe(plainMask(words[s], words[g]));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('lingo feedback: code <-> mask for every length 4..13', () => {
  for (let L = 4; L <= 13; L++) {
    it(`length ${L}`, () => {
      const count = feedbackCodeCount(L);
      expect(count).toBe(3 ** L);
      expect(solvedCode(L)).toBe(maskToCode('O'.repeat(L), L));
      expect(solvedCode(L)).toBe(count - 1);
      expect(codeToMask(solvedCode(L), L)).toBe('O'.repeat(L));
      expect(maskToCode('X'.repeat(L), L)).toBe(0);
      expect(codeToMask(0, L)).toBe('X'.repeat(L));
      // First position is the most significant base-3 digit.
      expect(maskToCode(`?${'X'.repeat(L - 1)}`, L)).toBe(3 ** (L - 1));
      expect(maskToCode(`${'X'.repeat(L - 1)}?`, L)).toBe(1);
      expect(maskToCode(`${'X'.repeat(L - 1)}O`, L)).toBe(2);
      if (L <= 9) {
        // Exhaustive: every code maps to a distinct valid mask and back.
        const seen = new Set<string>();
        for (let c = 0; c < count; c++) {
          const m = codeToMask(c, L);
          expect(m).toMatch(/^[OX?]+$/);
          expect(m.length).toBe(L);
          if (maskToCode(m, L) !== c) expect(maskToCode(m, L)).toBe(c);
          seen.add(m);
        }
        expect(seen.size).toBe(count);
      } else {
        fc.assert(
          fc.property(fc.integer({ min: 0, max: count - 1 }), (c) => maskToCode(codeToMask(c, L), L) === c),
          { numRuns: 2000 },
        );
      }
      fc.assert(
        fc.property(fc.array(fc.constantFrom('O', '?', 'X'), { minLength: L, maxLength: L }), (chars) => {
          const m = chars.join('');
          const c = maskToCode(m, L);
          return c >= 0 && c < count && codeToMask(c, L) === m;
        }),
        { numRuns: 500 },
      );
      // The kernel's solved code is the same constant.
      const k = LingoFeedback.fromWords(['a'.repeat(L)], L);
      expect(k.solved).toBe(solvedCode(L));
      expect(k.codeCount).toBe(count);
      expect(k.feedback(0, 0)).toBe(solvedCode(L));
    });
  }

  it('maskToCode errors are feedback GuesstreeErrors naming the place', () => {
    for (const [mask, re] of [
      ['OOOOO', /"OOOOO" has 5 characters, expected 4/],
      ['', /has 0 characters, expected 4/],
      ['oOOO', /'o' at position 1/],
      ['OO.O', /'\.' at position 3/],
    ] as Array<[string, RegExp]>) {
      let err: unknown;
      try {
        maskToCode(mask, 4, 'reply 3');
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(GuesstreeError);
      expect((err as GuesstreeError).kind).toBe('feedback');
      expect((err as GuesstreeError).message).toMatch(/^reply 3: /);
      expect((err as GuesstreeError).message).toMatch(re);
      expect((err as GuesstreeError).message).not.toContain('\n');
    }
  });
});

// ---------------------------------------------------------------------------------------
// Word lengths 1..13 (and the generic path beyond), many-secret calls (per-guess tables)
// and guesses with three or more copies of a letter.
// ---------------------------------------------------------------------------------------

/** All codes of one guess over `secrets` through partitionCodes, checked against plainMask. */
function expectPartitionMatches(
  k: LingoFeedback,
  words: readonly string[],
  L: number,
  g: number,
  secrets: Uint32Array,
): void {
  const out = new Uint32Array(secrets.length);
  k.partitionCodes(g, secrets, secrets.length, out);
  for (let i = 0; i < secrets.length; i++) {
    const s = secrets[i];
    const want = maskToCode(plainMask(words[s], words[g]), L);
    if (out[i] !== want)
      expect(`${words[g]} / ${words[s]}: ${codeToMask(out[i], L)}`).toBe(
        `${words[g]} / ${words[s]}: ${codeToMask(want, L)}`,
      );
  }
}

describe('lingo feedback: every word length 1..13', () => {
  for (let L = 1; L <= 16; L++) {
    it(`length ${L}${L > 13 ? ' (generic path)' : ''}: feedback and partitionCodes agree with the plain rule`, () => {
      fc.assert(
        fc.property(
          fc.constantFrom('ab', 'abc', 'abcdef', 'abcdefghijklmnopqrstuvwxyz', 'aeiouyz'),
          fc.array(fc.nat(), { minLength: 2, maxLength: 8 }),
          (alphabet, seeds) => {
            const words = seeds.map((x) => {
              let w = '';
              for (let p = 0; p < L; p++) {
                w += alphabet[x % alphabet.length];
                x = Math.floor(x / alphabet.length) + p * 7919;
              }
              return w;
            });
            const k = LingoFeedback.fromWords(words, L);
            const all = Uint32Array.from(words, (_, i) => i);
            for (let g = 0; g < words.length; g++) {
              expectPartitionMatches(k, words, L, g, all);
              for (let s = 0; s < words.length; s++) {
                expect(codeToMask(k.feedback(g, s), L)).toBe(plainMask(words[s], words[g]));
              }
            }
          },
        ),
        { numRuns: 150 },
      );
    });
  }

  it('the per-length alphabet edge: letters a and z at every position', () => {
    for (let L = 1; L <= 13; L++) {
      const words = [
        'a'.repeat(L),
        'z'.repeat(L),
        'az'.repeat(L).slice(0, L),
        'za'.repeat(L).slice(0, L),
        'yz'.repeat(L).slice(0, L),
      ];
      const k = LingoFeedback.fromWords(words, L);
      const all = Uint32Array.from(words, (_, i) => i);
      for (let g = 0; g < words.length; g++) expectPartitionMatches(k, words, L, g, all);
    }
  });
});

describe('lingo feedback: guesses with three or more copies of a letter', () => {
  it('partitionCodes agrees with feedback and the plain rule', () => {
    // A guess built from a base word by writing one letter into 3..L of its positions.
    const arb = fc.integer({ min: 3, max: 13 }).chain((L) =>
      fc.tuple(
        fc.constant(L),
        fc.constantFrom(...'abcdez'.split('')),
        fc.shuffledSubarray(
          Array.from({ length: L }, (_, p) => p),
          { minLength: 3 },
        ),
        fc.array(wordOver('abcdez', L), { minLength: 1, maxLength: 12 }),
        wordOver('abcdefghijklmnopqrstuvwxyz', L),
      ),
    );
    fc.assert(
      fc.property(arb, ([L, letter, where, secretsList, base]) => {
        const chars = base.split('');
        for (const p of where) chars[p] = letter;
        const guess = chars.join('');
        expect(chars.filter((c) => c === letter).length).toBeGreaterThanOrEqual(3);
        const words = [guess, ...secretsList, letter.repeat(L)];
        const k = LingoFeedback.fromWords(words, L);
        const secrets = Uint32Array.from(words, (_, i) => i);
        const out = new Uint32Array(words.length);
        k.partitionCodes(0, secrets, words.length, out);
        for (let s = 0; s < words.length; s++) {
          expect(out[s]).toBe(k.feedback(0, s));
          expect(codeToMask(out[s], L)).toBe(plainMask(words[s], guess));
        }
      }),
      { numRuns: 600 },
    );
  });

  it('many copies on both sides', () => {
    const cases: Array<[string, string]> = [
      ['aaab', 'baaa'],
      ['aaaaa', 'aabaa'],
      ['abaaaca', 'aaaaaab'],
      ['eeeeeeeeeeeee', 'eaeaeaeaeaeae'],
      ['xexexexexexex', 'eeeeeexxxxxxx'],
      ['aaaabbbbcccc', 'bbbbccccaaaa'],
    ];
    for (const [guess, secret] of cases) {
      const L = guess.length;
      const k = LingoFeedback.fromWords([guess, secret], L);
      const out = new Uint32Array(2);
      k.partitionCodes(0, Uint32Array.of(0, 1), 2, out);
      expect(codeToMask(out[1], L)).toBe(plainMask(secret, guess));
      expect(codeToMask(k.feedback(0, 1), L)).toBe(plainMask(secret, guess));
      expect(codeToMask(k.feedback(1, 0), L)).toBe(plainMask(guess, secret));
    }
  });
});

describe('lingo feedback: calls over many secrets (per-guess tables)', () => {
  // 320+ secrets switch on the letter-set tables; repeated-letter tables come on when the call
  // is large for the length, so both of their loops are reached across lengths 1..13.
  for (const n of [319, 320, 700, 2100]) {
    it(`${n} secrets, lengths 1..13, in any order, and then small calls with the same guesses`, () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 13 }),
          // 'aequ', 'bdrt': letters equal but for one or two bits of their code.
          fc.constantFrom('abc', 'aequ', 'bdrt', 'abcdefg', 'etaoinshrdlu', 'abcdefghijklmnopqrstuvwxyz'),
          fc.integer({ min: 1, max: 0x7fffffff }),
          (L, alphabet, seed) => {
            let r = seed;
            const next = () => {
              r = (Math.imul(r, 1103515245) + 12345) >>> 0;
              return r >>> 8;
            };
            // Half the words without a repeated letter (from a-z when the alphabet is too small).
            const distinct = (): string => {
              const pool = (alphabet.length >= L ? alphabet : 'abcdefghijklmnopqrstuvwxyz').split('');
              let w = '';
              for (let p = 0; p < L; p++) w += pool.splice(next() % pool.length, 1)[0];
              return w;
            };
            const words = Array.from({ length: 300 }, (_, i) =>
              i % 2 === 0 ? distinct() : Array.from({ length: L }, () => alphabet[next() % alphabet.length]).join(''),
            );
            const k = LingoFeedback.fromWords(words, L);
            const secrets = Uint32Array.from({ length: n }, () => next() % words.length);
            for (let t = 0; t < 4; t++) {
              const g = (next() % (words.length >> 1)) * 2 + (t & 1); // with and without repeats
              expectPartitionMatches(k, words, L, g, secrets);
              expectPartitionMatches(k, words, L, g, secrets.subarray(0, 5));
            }
          },
        ),
        { numRuns: n > 1000 ? 12 : 25 },
      );
    });
  }
});
