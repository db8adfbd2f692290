/**
 * A compile that gives the very tree already in trees/ (same guesses) leaves
 * the folder and the manifest untouched, even when only the recorded settings differ (the
 * `compile --help` example: `--exact` where `default` was recorded); `--force` records them.
 * Through the real CLI, on a temp GUESSTREE_TREES.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTreeFile } from '../runtime/tree-format.js';
import { cli, lines, removeDir, tempDir } from './support/e2e.js';

let dir: string;
beforeAll(() => {
  dir = tempDir('same-tree');
});
afterAll(() => removeDir(dir));

/** Every file of the folder: its bytes and its modification time. */
function snapshot(d: string): Record<string, { text: string; mtime: number }> {
  return Object.fromEntries(
    readdirSync(d).map((f) => [f, { text: readFileSync(join(d, f), 'latin1'), mtime: statSync(join(d, f)).mtimeMs }]),
  );
}

function manifestEntry(d: string): { file: string; settings: Record<string, unknown>; sha256: string } {
  const m = JSON.parse(readFileSync(join(d, 'manifest.json'), 'utf8')) as {
    trees: Array<{ file: string; settings: Record<string, unknown>; sha256: string }>;
  };
  expect(m.trees).toHaveLength(1);
  return m.trees[0];
}

describe('the same tree is not rewritten', () => {
  it('MM(3,4) compiled with --exact after the default effort: nothing rewritten; --force records the new settings', async () => {
    const trees = join(dir, 'trees');
    const args = ['compile', '--game', 'mastermind', '--pegs', '3', '--colors', '4', '--workers', '1'];
    const first = await cli(args, { trees });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toBe('');
    expect(manifestEntry(trees).settings.effort).toBe('default');
    const paths = await cli(['export', '--format', 'paths', '--game', 'mastermind', '--pegs', '3', '--colors', '4'], {
      trees,
    });
    expect(paths.code, paths.stderr).toBe(0);
    const before = snapshot(trees);
    expect(Object.keys(before).sort()).toEqual([
      'manifest.json',
      'mastermind-p3c4.contest.txt',
      'mastermind-p3c4.gtree',
    ]);

    // The same search under another name: the same guesses, another recorded effort.
    const exact = await cli([...args, '--exact'], { trees });
    expect(exact.code, exact.stderr).toBe(0);
    expect(lines(exact.stdout)).toHaveLength(1);
    expect(exact.stdout).toMatch(/^mastermind-p3c4: .*\(the same tree was there already; nothing rewritten\)\n$/);
    expect(lines(exact.stderr)).toEqual([
      `guesstree: note: ${join(trees, 'mastermind-p3c4.gtree')} holds the same tree (same guesses); its recorded settings are kept (--force records this compile's)`,
    ]);
    expect(snapshot(trees)).toEqual(before);

    // --force records the compile's header: the same guesses, effort exact in the file and the manifest.
    const forced = await cli([...args, '--exact', '--force'], { trees });
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stderr).toBe('');
    expect(forced.stdout).not.toMatch(/nothing rewritten/);
    const entry = manifestEntry(trees);
    expect(entry.settings.effort).toBe('exact');
    expect(readTreeFile(join(trees, entry.file)).header.settings.effort).toBe('exact');
    expect(entry.sha256).not.toBe(
      (JSON.parse(before['manifest.json'].text) as { trees: Array<{ sha256: string }> }).trees[0].sha256,
    );
    const again = await cli(['export', '--format', 'paths', '--game', 'mastermind', '--pegs', '3', '--colors', '4'], {
      trees,
    });
    expect(again.stdout).toBe(paths.stdout);
  });

  it('a different tree is still written (quick after exact on MM(3,4) is worse: refused as before, nothing touched)', async () => {
    const trees = join(dir, 'trees-2');
    const args = ['compile', '--game', 'mastermind', '--pegs', '3', '--colors', '4', '--workers', '1'];
    expect((await cli([...args, '--exact'], { trees })).code).toBe(0);
    const before = snapshot(trees);
    const quick = await cli([...args, '--effort', 'quick'], { trees });
    // Quick's one-step rule is not optimal here: a worse tree, refused with status 10 and one line.
    expect(quick.code, quick.stdout + quick.stderr).toBe(10);
    expect(lines(quick.stderr)).toHaveLength(1);
    expect(snapshot(trees)).toEqual(before);
  });
});
