// The pit player under random input: random masks (valid or not), extra spaces, CRLF, blank
// lines and early end of input never crash it, and stdout never carries anything but guesses.
import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { CLI, PLAYER, randomWords, removeDir, rng, tempDir, writeList } from '../support/e2e.js';

let dir: string;
let words: Set<string>;

beforeAll(() => {
  dir = tempDir('player-fuzz');
  const list = randomWords(rng(21), 120, 4);
  words = new Set(list);
  writeList(join(dir, 'wordlist.txt'), list);
  const r = spawnSync(
    process.execPath,
    [
      CLI,
      'compile',
      '--game',
      'lingo',
      '--len',
      '4',
      '--wordlist',
      join(dir, 'wordlist.txt'),
      '--effort',
      'greedy',
      '--workers',
      '1',
    ],
    {
      encoding: 'utf8',
      env: { ...process.env, GUESSTREE_TREES: join(dir, 'trees') },
    },
  );
  expect(r.status, r.stderr).toBe(0);
});

afterAll(() => removeDir(dir));

const mask = fc.array(fc.constantFrom('O', '?', 'X'), { minLength: 4, maxLength: 4 }).map((a) => a.join(''));
const line = fc.oneof(
  { weight: 6, arbitrary: mask },
  { weight: 2, arbitrary: fc.tuple(mask, fc.constantFrom(' ', '  ', '\t', '\r', ' \r')).map(([m, s]) => m + s) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(' ', '\t'), mask).map(([s, m]) => s + m) },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }).filter((s) => !s.includes('\n')) },
  { weight: 1, arbitrary: fc.constant('') },
);

describe('robustness: the pit player under random input', () => {
  it('never crashes and writes only guesses on stdout', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), fc.boolean(), (lines, finalNewline) => {
        const input = lines.join('\n') + (finalNewline && lines.length ? '\n' : '');
        const r = spawnSync(process.execPath, [PLAYER, '4'], {
          cwd: dir,
          input,
          encoding: 'utf8',
          timeout: 20_000,
          env: { ...process.env, GUESSTREE_TREES: join(dir, 'trees') },
        });
        expect(r.error).toBeUndefined();
        expect([0, 5]).toContain(r.status);
        const out = r.stdout.split('\n');
        expect(out.pop()).toBe('');
        expect(out.length).toBeGreaterThanOrEqual(1);
        expect(out.length).toBeLessThanOrEqual(5);
        for (const g of out) expect(words.has(g)).toBe(true);
        expect(r.stderr).not.toMatch(/internal error|at .*\.js:\d+/);
        if (r.status === 5) expect(r.stderr.trim().split('\n')).toHaveLength(1);
      }),
      { numRuns: 40, seed: 843 },
    );
  });
});
