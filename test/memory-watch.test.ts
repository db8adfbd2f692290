/**
 * The compile watches its own memory (--max-memory, status 7). A child compile given a low
 * --max-memory (and --skip-estimate, so the up-front estimate lets it start), of a game whose
 * module keeps taking memory (test/fixtures/memory-growth), stops with one
 * line on stderr and status 7 once its resident memory passes the limit, writing nothing; the
 * Mastermind sizes no compile can finish are refused up front. Through the real CLI.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_STATUS } from '../runtime/errors.js';
import { cli, lines, removeDir, ROOT, tempDir } from './support/e2e.js';

const GROWING = join(ROOT, 'test', 'fixtures', 'memory-growth', 'game.mjs');

let dir: string;
beforeAll(() => {
  dir = tempDir('memory');
});
afterAll(() => removeDir(dir));

describe('the memory watchdog', () => {
  it('a compile past --max-memory stops with one line and status 7, nothing written', async () => {
    const out = join(dir, 'growing.gtree');
    const trees = join(dir, 'trees');
    // The game's module takes about 100 MiB a second on top of the search (the searches of the
    // built-in games are too lean now to pass a limit within seconds on cue); the limit is above
    // an idle compile (~90 MiB).
    const started = Date.now();
    const r = await cli(
      ['compile', '--game', GROWING, '--workers', '1', '--max-memory', '150', '--skip-estimate', '--out', out],
      { trees, timeoutMs: 60_000 },
    );
    expect(r.signal).toBeNull();
    expect(r.code, r.stderr).toBe(EXIT_STATUS.limit);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr), r.stderr).toHaveLength(1);
    const m =
      /^guesstree: growing-mm-4-7: the compile reached (\d+) MiB of memory, over the limit of 150 MiB \(--max-memory; estimated \d+ MiB\); stopped, nothing written$/.exec(
        r.stderr.trimEnd(),
      );
    expect(m, r.stderr).not.toBeNull();
    // Sampled ten times a second: stopped soon after the limit, not at the compile's peak.
    expect(Number(m![1])).toBeGreaterThan(150);
    expect(Number(m![1])).toBeLessThan(230);
    expect(existsSync(out)).toBe(false);
    expect(existsSync(trees)).toBe(false);
    expect(Date.now() - started).toBeLessThan(50_000);
  });

  it('without --skip-estimate the same compile is refused up front (status 7), before any search', async () => {
    const r = await cli(
      [
        'compile',
        '--game',
        'mastermind',
        '--pegs',
        '6',
        '--colors',
        '6',
        '--effort',
        'quick',
        '--workers',
        '1',
        '--max-memory',
        '150',
        '--out',
        join(dir, 'x.gtree'),
      ],
      { trees: join(dir, 'trees'), timeoutMs: 20_000 },
    );
    expect(r.code, r.stderr).toBe(EXIT_STATUS.limit);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(
      /^guesstree: mastermind-p6c6: this compile needs about \d+ MiB with 1 worker, over the limit of 150 MiB \(--max-memory\)/,
    );
  });
});

describe('code games too large to compile', () => {
  for (const [pegs, colors, codes] of [
    [6, 16, '16,777,216'],
    [6, 10, '1,000,000'],
  ] as const) {
    it(`MM(${pegs},${colors}) quick is refused up front, in seconds, one line, status 7`, async () => {
      const started = Date.now();
      const r = await cli(
        [
          'compile',
          '--game',
          'mastermind',
          '--pegs',
          String(pegs),
          '--colors',
          String(colors),
          '--effort',
          'quick',
          '--out',
          join(dir, 'big.gtree'),
        ],
        { trees: join(dir, 'trees'), timeoutMs: 30_000 },
      );
      expect(r.code, r.stderr).toBe(EXIT_STATUS.limit);
      expect(r.stdout).toBe('');
      expect(lines(r.stderr)).toEqual([
        `guesstree: mastermind-p${pegs}c${colors}: ${codes} codes, more than the 65,536 a compile takes (the search grows as codes squared: hours, not seconds, at any effort); choose fewer pegs or colours`,
      ]);
      expect(Date.now() - started).toBeLessThan(20_000);
    });
  }
  it('Bulls and Cows above the same size is refused the same way', async () => {
    const r = await cli(
      [
        'compile',
        '--game',
        'bullscows',
        '--digits',
        '6',
        '--symbols',
        '12',
        '--effort',
        'quick',
        '--out',
        join(dir, 'bc.gtree'),
      ],
      { trees: join(dir, 'trees'), timeoutMs: 30_000 },
    );
    expect(r.code, r.stderr).toBe(EXIT_STATUS.limit);
    expect(lines(r.stderr)).toEqual([
      'guesstree: bullscows-d6s12: 665,280 codes, more than the 65,536 a compile takes (the search grows as codes squared: hours, not seconds, at any effort); choose fewer pegs or colours',
    ]);
  });
});
