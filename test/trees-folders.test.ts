/**
 * Where trees are written and found: compiles write into the user's trees folder (GUESSTREE_TREES,
 * else ./trees in the working directory); the verbs look there first, then among the trees the
 * package ships, which a compile never writes. Through the built CLI; the repository's trees/ is
 * only read (its listing and manifest are checked unchanged at the end).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, cli, removeDir, ROOT, tempDir } from './support/e2e.js';

const SHIPPED = join(ROOT, 'trees');
const MM46 = ['--game', 'mastermind', '--pegs', '4', '--colors', '6'];

let dir: string;
let shippedFiles: string[];
let shippedManifest: Buffer;
beforeAll(() => {
  dir = tempDir('trees-folders');
  shippedFiles = readdirSync(SHIPPED).sort();
  shippedManifest = readFileSync(join(SHIPPED, 'manifest.json'));
});
afterAll(() => {
  removeDir(dir);
  expect(readdirSync(SHIPPED).sort()).toEqual(shippedFiles);
  expect(readFileSync(join(SHIPPED, 'manifest.json')).equals(shippedManifest)).toBe(true);
});

const firstLine = (text: string): string => text.split('\n')[0] ?? '';

describe('the user trees folder and the shipped trees', () => {
  it('GUESSTREE_TREES does not hide the shipped trees: verify finds the shipped one', async () => {
    const trees = join(dir, 'empty');
    const v = await cli(['verify', ...MM46], { trees });
    expect(v.code, v.stderr).toBe(0);
    expect(firstLine(v.stdout)).toBe(`tree: ${join(SHIPPED, 'mastermind-p4c6.gtree')}`);
  });

  it('the very tree that ships: nothing written; a worse one refused naming it; --force writes into the user folder, found first', async () => {
    const trees = join(dir, 'mine');
    const same = await cli(['compile', ...MM46, '--workers', '1'], { trees });
    expect(same.code, same.stderr).toBe(0);
    expect(same.stdout).toMatch(
      new RegExp(
        `\\| ${join(SHIPPED, 'mastermind-p4c6.gtree').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(the same tree was there already; nothing rewritten\\)\\n$`,
      ),
    );
    expect(existsSync(join(trees, 'manifest.json'))).toBe(false);
    const worse = await cli(['compile', ...MM46, '--workers', '1', '--effort', 'quick'], { trees });
    expect(worse.code).toBe(10);
    expect(worse.stdout).toBe('');
    expect(worse.stderr).toContain(`is worse than the one in ${join(SHIPPED, 'mastermind-p4c6.gtree')} (`);
    // --force records this compile in the user's folder, even the very tree that ships.
    const forced = await cli(['compile', ...MM46, '--workers', '1', '--force'], { trees });
    expect(forced.code, forced.stderr).toBe(0);
    expect(readdirSync(trees).sort()).toEqual([
      'manifest.json',
      'mastermind-p4c6.contest.txt',
      'mastermind-p4c6.gtree',
    ]);
    const v = await cli(['verify', ...MM46], { trees });
    expect(v.code, v.stderr).toBe(0);
    expect(firstLine(v.stdout)).toBe(`tree: ${join(trees, 'mastermind-p4c6.gtree')}`);
  }, 60_000);

  it('without GUESSTREE_TREES a compile writes into ./trees of the working directory', () => {
    const project = join(dir, 'project');
    mkdirSync(project);
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.GUESSTREE_TREES;
    const r = spawnSync(process.execPath, [CLI, 'compile', '--game', 'mastermind', '--pegs', '3', '--colors', '4'], {
      cwd: project,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.endsWith(` | ${join(project, 'trees', 'mastermind-p3c4.gtree')}\n`), r.stdout).toBe(true);
    expect(
      (JSON.parse(readFileSync(join(project, 'trees', 'manifest.json'), 'utf8')) as { trees: Array<{ file: string }> })
        .trees[0]?.file,
    ).toBe('mastermind-p3c4.gtree');
  }, 60_000);
});
