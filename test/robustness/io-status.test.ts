/**
 * A full disk is the I/O status (9), through the built CLI: `--out` on a full
 * device (/dev/full) and a manifest that cannot be written are status 9 in one line, like a full
 * stdout; when the manifest cannot be written, neither the new tree nor its companions are left
 * in the trees folder. The manifest's failure is injected by test/support/fail-write.cjs (ENOSPC
 * on opening its temporary file), as a disk cannot be filled on demand without root.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, lingoFixture, removeDir, ROOT, tempDir, writeList, type Run } from '../support/e2e.js';

const FAIL_WRITE = join(ROOT, 'test', 'support', 'fail-write.cjs');

let dir: string;
let list4: string;

function run(args: readonly string[], trees: string, failWrite?: string): Promise<Run> {
  return new Promise((done, reject) => {
    const env = {
      ...process.env,
      GUESSTREE_TREES: trees,
      ...(failWrite ? { GUESSTREE_TEST_FAIL_WRITE: failWrite } : {}),
    };
    const child = spawn(process.execPath, [...(failWrite ? ['--require', FAIL_WRITE] : []), CLI, ...args], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code, signal, stdout, stderr });
    });
  });
}

function oneLine(r: Run, status: number, text: string): void {
  expect({ code: r.code, stderr: r.stderr, stdout: r.stdout }).toEqual({
    code: status,
    stderr: `guesstree: ${text}\n`,
    stdout: '',
  });
}

beforeAll(() => {
  dir = tempDir('io-status');
  list4 = writeList(join(dir, 'words4.txt'), lingoFixture().four);
});
afterAll(() => removeDir(dir));

describe('case 8: a full disk is the I/O status, 9', () => {
  it('--out on a full device: compile and export', async () => {
    const trees = join(dir, 'unused');
    const [c, e] = await Promise.all([
      run(
        ['compile', '--game', 'lingo', '--len', '4', '--effort', 'quick', '--wordlist', list4, '--out', '/dev/full'],
        trees,
      ),
      run(
        ['export', '--tree', join(ROOT, 'trees', 'mastermind-p4c6.gtree'), '--format', 'json', '--out', '/dev/full'],
        trees,
      ),
    ]);
    oneLine(c, 9, '/dev/full: cannot write: no space left on the device');
    oneLine(e, 9, '/dev/full: cannot write: no space left on the device');
  });

  it('a manifest that cannot be written: status 9, and the new tree and its companion are not left in trees/', async () => {
    const trees = join(dir, 'trees');
    mkdirSync(trees);
    const manifest = join(trees, 'manifest.json');
    const [lingo, mastermind] = await Promise.all([
      run(
        ['compile', '--game', 'lingo', '--len', '4', '--effort', 'quick', '--wordlist', list4],
        trees,
        'manifest\\.json\\..*\\.tmp$',
      ),
      run(
        ['compile', '--game', 'mastermind', '--pegs', '2', '--colors', '3'],
        join(dir, 'trees-mm'),
        'manifest\\.json\\..*\\.tmp$',
      ),
    ]);
    oneLine(lingo, 9, `${manifest}: cannot write: no space left on the device`);
    oneLine(mastermind, 9, `${join(dir, 'trees-mm', 'manifest.json')}: cannot write: no space left on the device`);
    expect(readdirSync(trees)).toEqual([]);
    expect(existsSync(join(dir, 'trees-mm')) ? readdirSync(join(dir, 'trees-mm')) : []).toEqual([]);
    // The control: the same compile with a writable manifest ships the tree it lists.
    const ok = await run(['compile', '--game', 'lingo', '--len', '4', '--effort', 'quick', '--wordlist', list4], trees);
    expect({ code: ok.code, stderr: ok.stderr }).toEqual({ code: 0, stderr: '' });
    const entries = (JSON.parse(readFileSync(manifest, 'utf8')) as { trees: Array<{ file: string }> }).trees.map(
      (t) => t.file,
    );
    expect(readdirSync(trees).sort()).toEqual([...entries, 'manifest.json'].sort());
  });
});
