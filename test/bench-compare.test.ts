/**
 * `bench:compare` (dist/scripts/bench-compare.js) on the cheapest benches: HEAD as the base and
 * the current tree as the head, each built in a temporary folder. One sitting with a tiny
 * kernel run and a bench that fails; and the refusals of bad options, which build nothing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, removeDir, tempDir } from './support/e2e.js';

const SCRIPT = join(ROOT, 'dist', 'scripts', 'bench-compare.js');

function compare(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const trees = tempDir('compare-trees');
  try {
    const r = spawnSync(process.execPath, [SCRIPT, ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, GUESSTREE_TREES: trees },
      maxBuffer: 16 << 20,
    });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  } finally {
    removeDir(trees);
  }
}

const worktrees = (): string =>
  spawnSync('git', ['worktree', 'list', '--porcelain'], { cwd: ROOT, encoding: 'utf8' }).stdout;

describe('bench:compare', () => {
  it('runs base and head alternately, prints one row a bench on stdout, progress on stderr, and cleans up', () => {
    const before = worktrees();
    const r = compare([
      '--base',
      'HEAD',
      '--only',
      'kernel,mastermind',
      '--rounds',
      '2',
      '--args',
      'kernel=--seconds 0.001 --lengths 5 --pairs 50000',
      '--args',
      'mastermind=--only 9x9',
    ]);
    // The mastermind run fails (no such size), so the status is 1; the kernel row still stands.
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(`nproc ${availableParallelism()}`);
    expect(r.stdout).toMatch(/load average [\d.]+ [\d.]+ [\d.]+ at the start/);
    expect(r.stdout).not.toContain('round 1');
    const row = r.stdout.split('\n').find((l) => l.startsWith('bench:kernel |'));
    expect(row).toBeDefined();
    const cells = (row as string).split(' | ');
    const [base, head, ratio] = [Number(cells[1]), Number(cells[2]), Number(cells[3])];
    expect(base).toBeGreaterThan(0);
    expect(head).toBeGreaterThan(0);
    expect(ratio).toBeCloseTo(head / base, 2);
    expect(cells[4]).toBe(ratio <= 1.05 ? 'yes' : 'NO');
    // Each side's figure is the least of its two runs.
    const baseRuns = (cells[5] as string).split(' ').map(Number);
    const headRuns = (cells[6] as string).split(' ').map(Number);
    expect(baseRuns).toHaveLength(2);
    expect(headRuns).toHaveLength(2);
    expect(Math.min(...baseRuns)).toBeCloseTo(base, 2);
    expect(Math.min(...headRuns)).toBeCloseTo(head, 2);
    const failed = r.stdout.split('\n').find((l) => l.startsWith('bench:mastermind |'));
    expect(failed).toMatch(/base failed \(status 1\): .*9x9/);
    // Progress, in the order A B A B, on stderr only.
    const order = [...r.stderr.matchAll(/bench:kernel (base|head) round (\d)/g)].map((m) => `${m[1]}${m[2]}`);
    expect(order).toEqual(['base1', 'head1', 'base2', 'head2']);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    // The temporary worktree and folder are gone.
    expect(worktrees()).toBe(before);
    const tmp = /checking out HEAD \(\w+\) in (\S+)\/base/.exec(r.stderr)?.[1];
    expect(tmp).toBeDefined();
    expect(existsSync(tmp as string)).toBe(false);
  }, 180_000);

  it('refuses bad options in one line, before building anything', () => {
    for (const [args, message] of [
      [['--only', 'kernel'], /--base REV is required/],
      [['--base', 'no-such-rev\u001b[31m'], /--base "no-such-rev\\x1B\[31m": not a commit of this repository/],
      [['--base', 'HEAD', '--only', 'kernel,nosuch'], /--only "nosuch": no such bench in package.json/],
      [['--base', 'HEAD', '--rounds', '0'], /--rounds "0": a whole number from 1 to 20/],
      [['--base', 'HEAD', '--args', 'kernel'], /--args "kernel": give NAME=OPTIONS/],
      [['--base', 'HEAD', '--bogus'], /Unknown option '--bogus'/],
    ] as const) {
      const r = compare([...args]);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      const lines = r.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^bench:compare: /);
      expect(lines[0]).toMatch(message);
    }
  }, 60_000);
});
