// updateManifest: compiles that finish at the same time each keep their manifest entry (the
// manifest is read and written under manifest.json.lock); a lock left by a dead process or too
// old is broken; a lock held by a live process makes a waiter give up after the timeout with
// one line naming the lock file. Child processes run the built module from dist/.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GuesstreeError } from '../../runtime/errors.js';
import {
  manifestLockPath,
  manifestPath,
  readManifest,
  updateManifest,
  withEntry,
  type Manifest,
  type ManifestEntry,
} from '../../runtime/manifest.js';

const DIST_MANIFEST = pathToFileURL(join(import.meta.dirname, '..', '..', 'dist', 'runtime', 'manifest.js')).href;
const WRITERS = 5;

function entry(file: string, n: number | string): ManifestEntry {
  return {
    file,
    game: 'test',
    params: { n },
    lists: [],
    objective: {},
    settings: {},
    tool: { name: 'guesstree', version: 'test' },
    bytes: 1,
    sha256: '0'.repeat(64),
  } as unknown as ManifestEntry;
}

/**
 * The child: waits for the common start time, then adds its entry, holding the manifest for
 * `holdMs` between reading and writing (wide enough for the others to collide). `naive`
 * reads and writes without the lock; `hold` signals `ready` and keeps the lock.
 */
const CHILD = `
import { writeFileSync } from 'node:fs';
import { readManifest, updateManifest, withEntry, manifestPath } from ${JSON.stringify(DIST_MANIFEST)};
const [mode, dir, file, n, startAt, holdMs, ready] = process.argv.slice(2);
const cell = new Int32Array(new SharedArrayBuffer(4));
const sleep = (ms) => Atomics.wait(cell, 0, 0, ms);
const entry = { file, game: 'test', params: { n: Number(n) }, lists: [], objective: {}, settings: {}, tool: { name: 'guesstree', version: 'test' }, bytes: 1, sha256: '0'.repeat(64) };
while (Date.now() < Number(startAt)) sleep(1);
try {
  if (mode === 'naive') {
    const m = readManifest(dir);
    sleep(Number(holdMs));
    writeFileSync(manifestPath(dir), JSON.stringify(withEntry(m, entry), null, 2) + '\\n');
  } else if (mode === 'hold') {
    updateManifest(dir, (m) => { writeFileSync(ready, 'locked'); sleep(Number(holdMs)); return withEntry(m, entry); });
  } else {
    updateManifest(dir, (m) => { sleep(Number(holdMs)); return withEntry(m, entry); });
  }
} catch (e) {
  if (e?.name !== 'GuesstreeError') throw e;
  process.stderr.write('guesstree: ' + e.message + '\\n');
  process.exitCode = e.status;
}
`;

let dir = '';
let script = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'guesstree-lock-'));
  script = join(dir, '..', `${dir.split('/').pop()}-child.mjs`);
  writeFileSync(script, CHILD);
});
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  if (script) rmSync(script, { force: true });
});

interface Exit {
  readonly status: number | null;
  readonly stderr: string;
}

function run(args: string[]): { exit: Promise<Exit>; pid: number } {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return {
    pid: child.pid as number,
    exit: new Promise((done) => child.on('close', (status) => done({ status, stderr }))),
  };
}

/** WRITERS children adding entries f0..f4 at the same moment; their exits. */
async function addAtOnce(mode: 'lock' | 'naive', holdMs: number): Promise<Exit[]> {
  const startAt = Date.now() + 1500; // after every child has started
  const children = Array.from({ length: WRITERS }, (_, i) =>
    run([mode, dir, `f${i}.gtree`, String(i), String(startAt), String(holdMs)]),
  );
  return Promise.all(children.map((c) => c.exit));
}

const files = (m: Manifest) => m.trees.map((e) => e.file).sort();
const ALL = Array.from({ length: WRITERS }, (_, i) => `f${i}.gtree`);

/** A process id that is certainly not running: a child that has exited and been reaped. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

describe('updateManifest: concurrent writers', () => {
  it('the check can fail: without the lock, writers at the same moment lose entries', async () => {
    const exits = await addAtOnce('naive', 150);
    expect(exits.map((e) => e.status)).toEqual(Array(WRITERS).fill(0));
    expect(readManifest(dir).trees.length).toBeLessThan(WRITERS);
  });

  it(`${WRITERS} writers at the same moment: all ${WRITERS} entries kept, every round`, async () => {
    for (let round = 0; round < 3; round++) {
      rmSync(manifestPath(dir), { force: true });
      const exits = await addAtOnce('lock', 30);
      expect(exits).toEqual(Array(WRITERS).fill({ status: 0, stderr: '' }));
      expect(files(readManifest(dir))).toEqual(ALL);
      expect(readdirSync(dir)).toEqual(['manifest.json']); // no lock, no temporary file left
    }
  });

  it(`${WRITERS} writers facing a lock left by a dead process: broken once, all entries kept`, async () => {
    writeFileSync(
      manifestLockPath(dir),
      JSON.stringify({ pid: deadPid(), host: hostname(), time: new Date().toISOString(), token: 'dead' }),
    );
    const exits = await addAtOnce('lock', 30);
    expect(exits).toEqual(Array(WRITERS).fill({ status: 0, stderr: '' }));
    expect(files(readManifest(dir))).toEqual(ALL);
    expect(readdirSync(dir)).toEqual(['manifest.json']);
  });
});

describe('updateManifest: stale and held locks', () => {
  const add = (file: string, opts = {}) => updateManifest(dir, (m) => withEntry(m, entry(file, file)), opts);

  it('writes the manifest it returns, creating it when absent', () => {
    const m = add('a.gtree');
    expect(files(m)).toEqual(['a.gtree']);
    expect(JSON.parse(readFileSync(manifestPath(dir), 'utf8'))).toEqual(m);
    expect(readFileSync(manifestPath(dir), 'utf8').endsWith('}\n')).toBe(true);
  });

  it('breaks a lock whose process is dead, at once', () => {
    writeFileSync(
      manifestLockPath(dir),
      JSON.stringify({ pid: deadPid(), host: hostname(), time: new Date().toISOString(), token: 'dead' }),
    );
    const t0 = Date.now();
    expect(files(add('a.gtree', { timeoutMs: 5000 }))).toEqual(['a.gtree']);
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(existsSync(manifestLockPath(dir))).toBe(false);
  });

  it('breaks a lock older than staleMs even when its process lives', () => {
    writeFileSync(
      manifestLockPath(dir),
      JSON.stringify({ pid: process.pid, host: hostname(), time: '2000-01-01T00:00:00.000Z', token: 'old' }),
    );
    const anHourAgo = new Date(Date.now() - 3600_000);
    utimesSync(manifestLockPath(dir), anHourAgo, anHourAgo);
    expect(files(add('a.gtree', { timeoutMs: 5000 }))).toEqual(['a.gtree']);
    expect(existsSync(manifestLockPath(dir))).toBe(false);
  });

  it('an empty lock file (just created) is not broken until it is old', () => {
    writeFileSync(manifestLockPath(dir), '');
    expect(() => add('a.gtree', { timeoutMs: 200 })).toThrow(/locked by another process; gave up after/);
    const anHourAgo = new Date(Date.now() - 3600_000);
    utimesSync(manifestLockPath(dir), anHourAgo, anHourAgo);
    expect(files(add('a.gtree', { timeoutMs: 5000 }))).toEqual(['a.gtree']);
  });

  it('a lock held by a live process: the waiter gives up after the timeout, in one line naming the lock file', async () => {
    const ready = join(dir, '..', `${dir.split('/').pop()}-ready`);
    const holder = run(['hold', dir, 'held.gtree', '1', '0', '3000', ready]);
    try {
      const deadline = Date.now() + 20_000;
      while (!existsSync(ready) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(existsSync(ready)).toBe(true);
      let changed = false;
      const t0 = Date.now();
      let err: GuesstreeError | undefined;
      try {
        updateManifest(
          dir,
          (m) => {
            changed = true;
            return m;
          },
          { timeoutMs: 300 },
        );
      } catch (e) {
        err = e as GuesstreeError;
      }
      const waited = Date.now() - t0;
      expect(err).toBeInstanceOf(GuesstreeError);
      expect(err?.kind).toBe('manifest');
      expect(err?.status).toBe(4);
      expect(err?.message).toMatch(
        new RegExp(
          `^${manifestLockPath(dir).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: locked by process ${holder.pid} since \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z; gave up after 0\\.[3-9] s \\(remove the file if no guesstree is running\\)$`,
        ),
      );
      expect(waited).toBeGreaterThanOrEqual(290);
      expect(waited).toBeLessThan(2500);
      expect(changed).toBe(false);
      expect(existsSync(manifestLockPath(dir))).toBe(true); // the waiter leaves the holder's lock alone
    } finally {
      expect(await holder.exit).toEqual({ status: 0, stderr: '' });
      rmSync(ready, { force: true });
    }
    // Once the holder is done the lock is free again, and its entry is there.
    expect(files(add('a.gtree', { timeoutMs: 5000 }))).toEqual(['a.gtree', 'held.gtree']);
  });

  it('releases the lock when the change throws, and writes nothing', () => {
    add('a.gtree');
    const before = readFileSync(manifestPath(dir), 'utf8');
    expect(() =>
      updateManifest(dir, () => {
        throw new Error('change failed');
      }),
    ).toThrow('change failed');
    expect(existsSync(manifestLockPath(dir))).toBe(false);
    expect(readFileSync(manifestPath(dir), 'utf8')).toBe(before);
    expect(files(add('b.gtree', { timeoutMs: 1000 }))).toEqual(['a.gtree', 'b.gtree']);
  });

  it('a missing folder is one manifest error naming the lock file', () => {
    const missing = join(dir, 'missing');
    expect(() => updateManifest(missing, (m) => m)).toThrow(
      `${join(missing, 'manifest.json.lock')}: cannot lock: folder does not exist`,
    );
  });

  it('withEntry replaces the entry of the same key and sorts by file', () => {
    let m: Manifest = { trees: [] };
    m = withEntry(m, entry('b.gtree', 1));
    m = withEntry(m, entry('a.gtree', 2));
    m = withEntry(m, entry('c.gtree', 1)); // same key as b.gtree: replaces it
    expect(files(m)).toEqual(['a.gtree', 'c.gtree']);
    expect(m.trees.map((e) => e.file)).toEqual(['a.gtree', 'c.gtree']);
  });
});
