// Off a terminal every compile writes progress lines on stderr, whatever mode of the pool runs
// it (split, budgeted root, whole search, a module's task, blocks of tasks), with or without
// --checkpoint; GUESSTREE_PROGRESS_MS shortens the interval so that quick compiles show them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findModule } from '../compiler/games/registry.js';

const ROOT = join(import.meta.dirname, '..');
const CLI = join(ROOT, 'dist', 'compiler', 'cli.js');
let dir = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'guesstree-progress-modes-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function compile(args: string[], env: Record<string, string> = { GUESSTREE_PROGRESS_MS: '10' }) {
  return spawnSync(
    process.execPath,
    [CLI, 'compile', ...args, '--workers', '1', '--out', join(dir, `t${Math.random().toString(36).slice(2)}.gtree`)],
    { encoding: 'utf8', env: { ...process.env, GUESSTREE_PROGRESS: '', GUESSTREE_TREES: dir, ...env } },
  );
}

/** The options of the game's sample instance, as CLI arguments. */
function sampleArgs(game: string): string[] {
  const opts = findModule(game).sample(dir);
  return Object.entries(opts).flatMap(([k, v]) => [`--${k}`, String(v)]);
}

/** Every stderr line is a progress line of `label` (no bar, no control characters). */
function progressLinesOf(stderr: string, label: string): string[] {
  const lines = stderr.split('\n').filter((l) => l !== '');
  for (const l of lines)
    expect(l).toMatch(new RegExp(`^${label}: .* \\| \\d\\d:\\d\\d elapsed( \\| ETA ((\\d+:)?\\d\\d:\\d\\d|--:--))?$`));
  expect(stderr).not.toMatch(/\[[#-]+\]/);
  expect(stderr.includes('\r') || stderr.includes('\u001b')).toBe(false);
  return lines;
}

describe('progress lines off a terminal, in every mode of the pool', () => {
  it("split (Lingo): the secrets of the openers' groups settled, with an ETA", () => {
    const r = compile(['--game', 'lingo', ...sampleArgs('lingo'), '--effort', 'default']);
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    const lines = progressLinesOf(r.stderr, 'lingo-len4');
    expect(lines.some((l) => /\d+ of \d+ secrets in the openers' groups settled/.test(l))).toBe(true);
  });

  it("budgeted root (a game from a file): the first opener's secrets, then the openers settled", () => {
    const r = compile(['--game', join(ROOT, 'scripts', 'examples', 'jotto.mjs')]);
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    const lines = progressLinesOf(r.stderr, 'jotto');
    expect(lines.some((l) => /\d+ of \d+ secrets below \w+ \(the first of the openers\) settled/.test(l))).toBe(true);
    expect(lines.some((l) => /\d+ of 8 openers settled \| best mean [\d.]+ guesses/.test(l))).toBe(true);
  });

  it('exact search (Mastermind exact): the subproblems settled of a total, with an ETA', () => {
    const r = compile(['--game', 'mastermind', '--pegs', '4', '--colors', '6']);
    expect(r.status).toBe(0);
    const lines = progressLinesOf(r.stderr, 'mastermind-p4c6');
    expect(lines.some((l) => /^mastermind-p4c6: [\d,]+ of [\d,]+ subproblems settled .*\| ETA /.test(l))).toBe(true);
  });

  it('whole search (Hangman exact on a small list): the sets searched, no total, no ETA', () => {
    const r = compile(['--game', 'hangman', ...sampleArgs('hangman')]);
    expect(r.status).toBe(0);
    const lines = progressLinesOf(r.stderr, 'hangman-len4-misses');
    expect(lines.some((l) => /^hangman-len4-misses: [\d,]+ sets searched \| \d\d:\d\d elapsed$/.test(l))).toBe(true);
  });

  it("a module's task (the worst-case prover) and then the capped search", () => {
    const r = compile(['--game', 'bullscows', '--digits', '3', '--symbols', '7', '--objective', 'worst-case']);
    expect(r.status).toBe(0);
    const lines = progressLinesOf(r.stderr, 'bullscows-d3s7-worst-case');
    expect(lines.some((l) => /: (searching|[\d,]+ sets searched) \| \d\d:\d\d elapsed$/.test(l))).toBe(true);
    // The capped search is exact: the exact search's subproblems.
    expect(lines.some((l) => /\d+ of \d+ subproblems settled/.test(l))).toBe(true);
  });

  it('blocks of tasks (Wordle hard, worst case): the blocks of first guesses settled', () => {
    const r = compile(['--game', 'wordle', ...sampleArgs('wordle'), '--hard', '--objective', 'worst-case']);
    expect(r.status).toBe(0);
    const lines = progressLinesOf(r.stderr, 'wordle-hard-worst-case');
    expect(lines.some((l) => /\d+ of \d+ blocks of first guesses settled/.test(l))).toBe(true);
  });

  it('a quick compile at the default interval writes nothing on stderr', () => {
    const r = compile(['--game', 'mastermind', '--pegs', '3', '--colors', '4'], {});
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^mastermind-p3c4: total guesses/);
  });

  it('refuses an interval that is not whole milliseconds in range, in one line', () => {
    for (const bad of ['0', '5', 'abc', '1e3', '99999999999']) {
      const r = compile(['--game', 'mastermind', '--pegs', '2', '--colors', '2'], { GUESSTREE_PROGRESS_MS: bad });
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(
        /^guesstree: GUESSTREE_PROGRESS_MS=\S+: expected whole milliseconds from 10 to 86,400,000\n$/,
      );
    }
  });

  it('the bar instead of lines when stderr is a terminal (forced)', () => {
    const r = compile(['--game', 'mastermind', '--pegs', '4', '--colors', '6'], {
      GUESSTREE_PROGRESS: '1',
      GUESSTREE_PROGRESS_MS: '10',
    });
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/mastermind-p4c6 +\d+% of subproblems settled .*\| \d\d:\d\d elapsed/);
    expect(r.stderr).toMatch(/search done in/);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
  });
});
