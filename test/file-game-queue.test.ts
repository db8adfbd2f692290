/**
 * A game from a user's file on the job queue (`compile --queue URL` with `--game ./x.mjs`): a real
 * redis-server on a free 127.0.0.1 port, stopped here, and `guesstree worker` processes from the
 * built CLI. One worker with the same file gives the local compile's bytes; a worker whose file
 * is missing, differs by hash, or gives another game there, refuses the job in one line and the compile ends in one line
 * naming the job and the reason (status 8, no retry, no hang). Skipped in one line when
 * redis-server is not on PATH.
 */
import { spawn } from 'node:child_process';
import { readFileSync, renameSync, writeFileSync, appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLI, cli, lines, removeDir, tempDir } from './support/e2e.js';
import { mm35Source } from './support/file-games.js';
import { haveRedis, Proc, startRedis, type RedisServer } from './support/redis.js';

if (!haveRedis)
  console.warn(
    'file-game-queue: the job-queue tests are skipped: redis-server is not on PATH (apt-get install -y redis-server)',
  );

const GAME = mm35Source();

describe.skipIf(!haveRedis)('a file game on the job queue (redis-server on 127.0.0.1)', () => {
  let dir: string;
  let trees: string;
  let game: string;
  let queue: RedisServer | undefined;
  const workers: Proc[] = [];

  const startWorker = async (env: Record<string, string> = {}): Promise<Proc> => {
    const w = new Proc(
      spawn(process.execPath, [CLI, 'worker', '--queue', (queue as RedisServer).url, '--games', dir], {
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, ...env },
      }),
    );
    workers.push(w);
    await w.waitFor(/^worker: taking jobs from /m);
    return w;
  };
  const compileArgs = (out: string): string[] => ['compile', '--game', game, '--workers', '2', '--out', out];
  /** A queue compile, started before any worker runs, so the test can change the file before a worker loads it. */
  const startCompile = (out: string): Proc =>
    new Proc(
      spawn(process.execPath, [CLI, ...compileArgs(out), '--queue', (queue as RedisServer).url], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, GUESSTREE_TREES: trees, GUESSTREE_PROGRESS: '' },
      }),
    );
  const jobsWaiting = async (ms = 20_000): Promise<void> => {
    const until = Date.now() + ms;
    while ((await (queue as RedisServer).redis.llen('guesstree:compile:wait')) === 0) {
      if (Date.now() > until) throw new Error(`no job queued within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const expectQueueClean = async (): Promise<void> => {
    const redis = (queue as RedisServer).redis;
    expect(await redis.keys('guesstree:run:*')).toEqual([]);
    expect(await redis.llen('guesstree:compile:wait')).toBe(0);
  };

  beforeAll(async () => {
    dir = tempDir('file-queue');
    trees = join(dir, 'trees');
    game = join(dir, 'mm-3-5.mjs');
    writeFileSync(game, GAME);
    queue = await startRedis(dir, 'fq-secret-91c2');
  });
  afterEach(async () => {
    for (const w of workers.splice(0)) await w.stop();
  });
  afterAll(async () => {
    for (const w of workers.splice(0)) await w.stop();
    await queue?.stop();
    removeDir(dir);
  });

  it('one worker with the same file: the same tree bytes as a local compile', async () => {
    const local = join(dir, 'local.gtree');
    const l = await cli(compileArgs(local), { trees });
    expect(l.code, l.stderr).toBe(0);
    const w = await startWorker();
    const out = join(dir, 'queue.gtree');
    const q = await cli([...compileArgs(out), '--queue', (queue as RedisServer).url], { trees, timeoutMs: 60_000 });
    expect(q.code, q.stderr).toBe(0);
    expect(q.stderr).toBe('');
    expect(q.stdout).toMatch(/^mm-3-5: total guesses [\d,]+, /);
    expect(readFileSync(out).equals(readFileSync(local))).toBe(true);
    const done = w.lines().filter((x) => / done in /.test(x));
    expect(done.length).toBeGreaterThan(1);
    for (const x of done)
      expect(x).toMatch(
        /^worker: job [0-9a-f]{16}-\d+ \(file (rank|solve, \d+ sets?|evaluate|whole)\) done in \d+\.\d s$/,
      );
    await expectQueueClean();
  }, 90_000);

  it('a worker whose file is missing, differs by hash or gives another game refuses the job: the compile ends in one line', async () => {
    const away = `${game}.away`;
    // Missing: the compile has read the file; the worker starts once the jobs wait, without it.
    let c = startCompile(join(dir, 'missing.gtree'));
    await jobsWaiting();
    renameSync(game, away);
    let w = await startWorker();
    let end = await Promise.race([c.exited, new Promise<null>((r) => setTimeout(() => r(null), 30_000))]);
    expect(end, `the compile hung:\n${c.stderr}`).not.toBeNull();
    expect(end?.code, c.stderr).toBe(8);
    expect(lines(c.stderr)).toHaveLength(1);
    expect(c.stderr).toMatch(
      /^guesstree: file compile: job [0-9a-f]{16}-\d+ \(.+\) was refused by a worker: this worker has no "\S+mm-3-5\.mjs" \(no such file or folder\); copy the game's module file to the same path, in a --games folder\n$/,
    );
    expect(c.stdout).toBe('');
    expect(w.stderr).toMatch(/^worker: job \S+ \(file \w+.*\) refused: this worker has no /m);
    expect(w.stderr).not.toMatch(/attempt 2 of 2/);
    await expectQueueClean();
    await w.stop();

    // Differs by hash: the same game with one more line in the file.
    renameSync(away, game);
    c = startCompile(join(dir, 'differs.gtree'));
    await jobsWaiting();
    appendFileSync(game, '// edited on this worker\n');
    w = await startWorker();
    end = await Promise.race([c.exited, new Promise<null>((r) => setTimeout(() => r(null), 30_000))]);
    expect(end, `the compile hung:\n${c.stderr}`).not.toBeNull();
    expect(end?.code, c.stderr).toBe(8);
    expect(lines(c.stderr)).toHaveLength(1);
    expect(c.stderr).toMatch(
      /^guesstree: file compile: job \S+ \(.+\) was refused by a worker: mm-3-5: \S+mm-3-5\.mjs differs from the compiling machine's \(its SHA-256 differs\)\n$/,
    );
    expect(w.stderr).toMatch(
      /^worker: job \S+ \(file \w+.*\) refused: mm-3-5: \S+ differs from the compiling machine's/m,
    );
    await expectQueueClean();
    await w.stop();

    // The same bytes giving another game on the worker (its secrets depend on the environment).
    writeFileSync(
      game,
      GAME.replace('secrets: codes,', "secrets: process.env['MM35_FEWER'] ? codes.slice(1) : codes,"),
    );
    c = startCompile(join(dir, 'another.gtree'));
    await jobsWaiting();
    w = await startWorker({ MM35_FEWER: '1' });
    end = await Promise.race([c.exited, new Promise<null>((r) => setTimeout(() => r(null), 30_000))]);
    expect(end, `the compile hung:\n${c.stderr}`).not.toBeNull();
    expect(end?.code, c.stderr).toBe(8);
    expect(c.stderr).toMatch(
      /^guesstree: file compile: job \S+ \(.+\) was refused by a worker: mm-3-5: \S+mm-3-5\.mjs gives another game here \(its secrets, guesses or replies differ\)\n$/,
    );
    await expectQueueClean();
    writeFileSync(game, GAME);
  }, 120_000);
});
