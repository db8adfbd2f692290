/**
 * Compiles on the job queue (`compile --queue URL`, `guesstree worker`): a real redis-server
 * started here on a free loopback port (127.0.0.1 only, no persistence, a temp --dir, a
 * password), two workers, and the built CLI. The tree is the same bytes as a local compile;
 * a worker killed with SIGKILL mid-job, or stopped with SIGTERM, loses nothing; two compiles
 * at once on one queue do not mix; a task failing twice, a worker of another version, an
 * interrupt and bad URLs each end in one line. Skipped in one line when redis-server is not
 * on PATH (.ci/run installs it). Without Redis: bad URLs, and every game's compile input, a
 * task and its result through the queue's codec (typed arrays and Infinity come back exactly).
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../compiler/games/registry.js';
import { DEFAULT_EFFORT } from '../compiler/games/efforts.js';
import { compileLoaded, type ExecutorFactory, type PoolJob } from '../compiler/pool/driver.js';
import type { Task, TaskResult, WorkerInit } from '../compiler/pool/messages.js';
import { decode, encode } from '../compiler/pool/queue-shared.js';
import { taskRunner } from '../compiler/pool/tasks.js';
import { TOOL_VERSION } from '../compiler/version.js';
import { TREE_FORMAT_VERSION } from '../runtime/tree-format.js';
import { CLI, cli, randomWords, removeDir, rng, tempDir, type Run } from './support/e2e.js';
import { freePort, haveRedis, Proc, startRedis, type RedisServer } from './support/redis.js';

if (!haveRedis)
  console.warn(
    'distributed: the job-queue tests are skipped: redis-server is not on PATH (apt-get install -y redis-server)',
  );

const PASSWORD = 'q-secret-7f3a';
/** Short locks, so a killed worker's job is taken up again within seconds. */
const LOCK_MS = '2000';
/** What a test worker does besides its jobs (test/support/hooked-thread.mjs). */
interface Hooks {
  /** Each solve task takes this much longer. */
  readonly slowMs?: number;
  /** Search tasks fail: `always:PATH`, or PATH (the first only). */
  readonly fault?: string;
  /** The tool version it claims. */
  readonly tool?: string;
}
const HOOKED_WORKER = join(import.meta.dirname, 'support', 'hooked-worker.mjs');
/** A worker whose solve tasks take 1.5 s longer: surely mid-job when the test acts. */
const SLOW: Hooks = { slowMs: 1500 };

describe.skipIf(!haveRedis)('compiles on a BullMQ queue (redis-server on 127.0.0.1)', () => {
  let dir: string;
  let trees: string;
  let queue: RedisServer | undefined;
  let port: number;
  let url: string;
  let redis: Redis;
  const workers: Proc[] = [];
  /** Wordle compiles of a few seconds: 1000 answers over 9 letters (hard and normal). */
  let wordle: (mode: 'hard' | 'normal') => string[];
  const local = new Map<string, Buffer>();

  /** `guesstree worker`; with hooks, the same worker from test/support/hooked-worker.mjs (slowed, failing or of another version). */
  const startWorker = async (hooks?: Hooks): Promise<Proc> => {
    const command = hooks ? [HOOKED_WORKER, url, ...(hooks.tool ? [hooks.tool] : [])] : [CLI, 'worker', '--queue', url];
    const env: Record<string, string> = { GUESSTREE_QUEUE_LOCK_MS: LOCK_MS };
    if (hooks?.slowMs) env.GUESSTREE_TEST_QUEUE_SLOW_MS = String(hooks.slowMs);
    if (hooks?.fault) env.GUESSTREE_TEST_WORKER_FAULT = hooks.fault;
    const w = new Proc(
      spawn(process.execPath, command, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } }),
    );
    workers.push(w);
    await w.waitFor(/^worker: taking jobs from /m);
    return w;
  };
  const stopWorkers = async (): Promise<void> => {
    for (const w of workers.splice(0)) {
      if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGTERM');
      const done = await Promise.race([w.exited, new Promise<null>((r) => setTimeout(() => r(null), 10_000))]);
      if (done === null) w.child.kill('SIGKILL');
    }
  };
  const compile = (mode: 'hard' | 'normal', out: string, extra: string[] = []): Promise<Run> =>
    cli(['compile', ...wordle(mode), '--workers', '2', '--out', out, ...extra], { trees, timeoutMs: 120_000 });
  /** A compile on the queue, running while the test does something to it. */
  const startCompile = (mode: 'hard' | 'normal', out: string): Proc =>
    new Proc(
      spawn(process.execPath, [CLI, 'compile', ...wordle(mode), '--workers', '2', '--out', out, '--queue', url], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, GUESSTREE_TREES: trees, GUESSTREE_PROGRESS: '' },
      }),
    );
  /** The job a worker is running now, once it runs a solve task (BullMQ records the worker on the job). */
  const activeJobOf = async (w: Proc, ms = 30_000): Promise<string> => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      for (const id of await redis.lrange('guesstree:compile:active', 0, -1)) {
        const [by, name] = await redis.hmget(`guesstree:compile:${id}`, 'pb', 'name');
        if (by?.endsWith(`:${w.pid}`) && name?.includes('solve')) return id;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`worker ${w.pid} took no solve job within ${ms} ms:\n${w.stderr}`);
  };
  /** Nothing of finished or interrupted compiles stays in Redis: no run keys, no queued jobs. */
  const expectQueueClean = async (): Promise<void> => {
    expect(await redis.keys('guesstree:run:*')).toEqual([]);
    expect(await redis.llen('guesstree:compile:wait')).toBe(0);
    expect(await redis.zcard('guesstree:compile:delayed')).toBe(0);
  };
  const expectNoPassword = (...texts: string[]): void => {
    for (const t of texts) expect(t).not.toContain(PASSWORD);
  };

  beforeAll(async () => {
    dir = tempDir('distributed');
    trees = join(dir, 'trees');
    const r = rng(99);
    const answers = randomWords(r, 1000, 5, 'aeilnorst');
    writeFileSync(join(dir, 'answers.txt'), `${answers.join('\n')}\n`);
    writeFileSync(
      join(dir, 'guesses.txt'),
      `${randomWords(r, 2000, 5, 'aeilnorstcdu', new Set(answers)).join('\n')}\n`,
    );
    wordle = (mode) => [
      '--game',
      'wordle',
      '--answers',
      join(dir, 'answers.txt'),
      '--guesses',
      join(dir, 'guesses.txt'),
      ...(mode === 'hard' ? ['--hard'] : []),
    ];
    queue = await startRedis(dir, PASSWORD);
    ({ port, url, redis } = queue);
    // The local compiles to compare with (the pool on 2 workers).
    for (const mode of ['hard', 'normal'] as const) {
      const out = join(dir, `local-${mode}.gtree`);
      const run = await compile(mode, out);
      expect(run.code, run.stderr).toBe(0);
      local.set(mode, readFileSync(out));
    }
  });

  afterAll(async () => {
    await stopWorkers();
    await queue?.stop();
    removeDir(dir);
  });

  it('two workers: a Wordle hard-mode compile gives the same bytes as the local pool; one line per job; the password is never printed', async () => {
    const [a, b] = [await startWorker(), await startWorker()];
    const out = join(dir, 'queue-hard.gtree');
    const run = await compile('hard', out, ['--queue', url]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    expect(readFileSync(out).equals(local.get('hard') as Buffer)).toBe(true);
    // Every job ran once, on one of the workers, each reported in one line.
    const done = [...a.lines(), ...b.lines()].filter((l) => / done in /.test(l));
    expect(done.length).toBeGreaterThan(4);
    for (const l of done)
      expect(l).toMatch(/^worker: job [0-9a-f]{16}-\d+ \(wordle (rank|solve, \d+ sets?|evaluate)\) done in \d+\.\d s$/);
    expect(new Set(done.map((l) => l.split(' ')[2])).size).toBe(done.length);
    expect(a.lines().filter((l) => / done in /.test(l)).length, 'both workers took jobs').toBeGreaterThan(0);
    expect(b.lines().filter((l) => / done in /.test(l)).length, 'both workers took jobs').toBeGreaterThan(0);
    expect(a.lines()[0]).toBe(
      `worker: taking jobs from redis://***@127.0.0.1:${port} (concurrency 1; guesstree ${TOOL_VERSION}, tree format ${TREE_FORMAT_VERSION}, queue protocol 1; no game files (--games))`,
    );
    expectNoPassword(run.stdout, run.stderr, a.stderr, b.stderr);
    await expectQueueClean();
    // SIGTERM while idle: a clean stop.
    a.child.kill('SIGTERM');
    expect((await a.exited).code).toBe(0);
    expect(a.lines().slice(-2)).toEqual(['worker: SIGTERM received, stopping', 'worker: stopped']);
    await stopWorkers();
  }, 120_000);

  it('a Wordle hard-mode worst-case compile: its blocks of first guesses run on the workers, the same bytes as the local pool', async () => {
    const r = rng(32);
    const answers = randomWords(r, 30, 5, 'aeilnorst');
    writeFileSync(join(dir, 'wc-answers.txt'), `${answers.join('\n')}\n`);
    writeFileSync(
      join(dir, 'wc-guesses.txt'),
      `${randomWords(r, 150, 5, 'aeilnorstcdu', new Set(answers)).join('\n')}\n`,
    );
    const args = [
      'compile',
      '--game',
      'wordle',
      '--answers',
      join(dir, 'wc-answers.txt'),
      '--guesses',
      join(dir, 'wc-guesses.txt'),
      '--hard',
      '--objective',
      'worst-case',
      '--workers',
      '2',
    ];
    const here = await cli([...args, '--out', join(dir, 'wc-local.gtree')], { trees, timeoutMs: 60_000 });
    expect(here.code, here.stderr).toBe(0);
    const [a, b] = [await startWorker(), await startWorker()];
    const run = await cli([...args, '--out', join(dir, 'wc-queue.gtree'), '--queue', url], {
      trees,
      timeoutMs: 60_000,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('proven: no tree solves every secret in fewer than');
    expect(readFileSync(join(dir, 'wc-queue.gtree')).equals(readFileSync(join(dir, 'wc-local.gtree')))).toBe(true);
    // One module job per block of 64 first guesses (the proof below the capped search's depth).
    const blocks = [...a.lines(), ...b.lines()].filter((l) => / done in /.test(l) && l.includes('(wordle module)'));
    expect(blocks.length, [...a.lines(), ...b.lines()].join('\n')).toBe(Math.ceil(180 / 64));
    await expectQueueClean();
    await stopWorkers();
  }, 120_000);

  it('a worker killed with SIGKILL mid-job: its job is taken up again and the tree is the same bytes', async () => {
    const [a, b] = [await startWorker(SLOW), await startWorker()];
    const out = join(dir, 'queue-killed.gtree');
    const c = startCompile('hard', out);
    const job = await activeJobOf(a);
    a.child.kill('SIGKILL');
    const end = await c.exited;
    expect(end.code, c.stderr).toBe(0);
    expect(readFileSync(out).equals(local.get('hard') as Buffer)).toBe(true);
    // The other worker found the job stalled and ran it.
    expect(b.stderr).toContain(`worker: job ${job} stalled (its worker stopped mid-job); back in the queue`);
    expect(b.stderr).toMatch(new RegExp(`^worker: job ${job} \\(wordle (solve, \\d+ sets?|evaluate)\\) done in `, 'm'));
    expect(a.stderr).not.toMatch(new RegExp(`job ${job} .*done`));
    await expectQueueClean();
    await stopWorkers();
  }, 120_000);

  it('a worker stopped with SIGTERM mid-job puts the job back, exits 0, and the tree is the same bytes', async () => {
    const [a, b] = [await startWorker(SLOW), await startWorker()];
    const out = join(dir, 'queue-sigterm.gtree');
    const c = startCompile('hard', out);
    const job = await activeJobOf(a);
    const sent = Date.now();
    a.child.kill('SIGTERM');
    expect((await a.exited).code).toBe(0);
    expect(Date.now() - sent).toBeLessThan(5000);
    expect(a.stderr).toMatch(/^worker: SIGTERM received, putting 1 running job back in the queue$/m);
    expect(a.stderr).toContain(`worker: job ${job} (`);
    expect(a.lines().at(-1)).toBe('worker: stopped');
    expect((await c.exited).code, c.stderr).toBe(0);
    expect(readFileSync(out).equals(local.get('hard') as Buffer)).toBe(true);
    expect(b.stderr).toMatch(new RegExp(`^worker: job ${job} \\(wordle (solve, \\d+ sets?|evaluate)\\) done in `, 'm'));
    await expectQueueClean();
    await stopWorkers();
  }, 120_000);

  it('two compiles at once on one queue and two workers: each gets its own tree, the same bytes as locally', async () => {
    await startWorker();
    await startWorker();
    const [hard, normal] = [join(dir, 'both-hard.gtree'), join(dir, 'both-normal.gtree')];
    const [h, n] = await Promise.all([
      compile('hard', hard, ['--queue', url]),
      compile('normal', normal, ['--queue', url]),
    ]);
    expect(h.code, h.stderr).toBe(0);
    expect(n.code, n.stderr).toBe(0);
    expect(readFileSync(hard).equals(local.get('hard') as Buffer)).toBe(true);
    expect(readFileSync(normal).equals(local.get('normal') as Buffer)).toBe(true);
    await expectQueueClean();
    await stopWorkers();
  }, 120_000);

  it('a task that fails twice ends the compile with one line naming the job; a worker of another version refuses with one line', async () => {
    const fault = join(dir, 'fault');
    const w = await startWorker({ fault: `always:${fault}` });
    const failed = await compile('hard', join(dir, 'failed.gtree'), ['--queue', url]);
    expect(failed.code).toBe(8);
    expect(failed.stderr).toMatch(
      /^guesstree: wordle compile: a worker failed twice on a group of \d+ secrets after root guess [a-z]{5} \(first [a-z]{5}\) \(job [0-9a-f]{16}-\d+\): injected worker fault\n$/,
    );
    expect(w.stderr).toMatch(/failed \(attempt 1 of 2\): injected worker fault/);
    expect(w.stderr).toMatch(/failed \(attempt 2 of 2\): injected worker fault/);
    await stopWorkers();
    await expectQueueClean();

    const old = await startWorker({ tool: '0.0.1-other' });
    const refused = await compile('hard', join(dir, 'refused.gtree'), ['--queue', url]);
    expect(refused.code).toBe(8);
    expect(refused.stderr).toMatch(
      /^guesstree: wordle compile: job [0-9a-f]{16}-\d+ \(the ranking of the openers\) was refused by a worker: this worker is guesstree 0\.0\.1-other \(tree format (\d+), queue protocol 1\), the job comes from guesstree \S+ \(tree format \1, queue protocol 1\)\n$/,
    );
    expect(refused.stderr).toContain(`tree format ${TREE_FORMAT_VERSION},`);
    expect(old.stderr).toMatch(/^worker: job \S+ \(wordle rank\) refused: this worker is guesstree 0\.0\.1-other/m);
    expect(old.stderr).not.toMatch(/ done in /);
    await stopWorkers();
    await expectQueueClean();
  }, 120_000);

  it('SIGTERM during a queue compile: status 130 at once, nothing written, its jobs removed from the queue', async () => {
    const w = await startWorker(SLOW);
    const out = join(dir, 'interrupted.gtree');
    const c = startCompile('hard', out);
    await activeJobOf(w);
    const sent = Date.now();
    c.child.kill('SIGTERM');
    const end = await c.exited;
    expect(end.code, c.stderr).toBe(130);
    expect(Date.now() - sent).toBeLessThan(5000);
    expect(c.stderr).toMatch(
      /^guesstree: SIGTERM received, stopping the workers\nguesstree: wordle-hard: interrupted.*nothing written\n$/,
    );
    expect(c.stdout).toBe('');
    expect(() => readFileSync(out)).toThrow();
    // The job the worker was running finishes there; its result is dropped.
    await w.waitFor(/done in \d+\.\d s; its compile is gone, result dropped$/m);
    await expectQueueClean();
    await stopWorkers();
  }, 120_000);

  it('a wrong password: one line with the password masked, status 11, within seconds (compile and worker)', async () => {
    const bad = `redis://default:wrong-${PASSWORD}@127.0.0.1:${port}`;
    for (const args of [
      ['compile', ...wordle('hard'), '--out', join(dir, 'x.gtree'), '--queue', bad],
      ['worker', '--queue', bad],
    ]) {
      const started = Date.now();
      const run = await cli(args, { trees, timeoutMs: 20_000 });
      expect(Date.now() - started).toBeLessThan(8000);
      expect(run.code, run.stderr).toBe(11);
      expect(run.stderr).toBe(
        `guesstree: cannot reach the queue at redis://***@127.0.0.1:${port}: WRONGPASS invalid username-password pair or user is disabled.\n`,
      );
      expectNoPassword(run.stderr, run.stdout);
    }
  }, 60_000);
});

describe('bad --queue URLs (no Redis needed)', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDir('queue-url');
    writeFileSync(join(dir, 'answers.txt'), 'crane\nslate\n');
  });
  afterAll(() => removeDir(dir));
  const wordle = (): string[] => [
    'compile',
    '--game',
    'wordle',
    '--answers',
    join(dir, 'answers.txt'),
    '--guesses',
    join(dir, 'answers.txt'),
    '--out',
    join(dir, 'x.gtree'),
  ];

  it('a malformed URL: one usage line (status 2), the password masked', async () => {
    for (const bad of [
      'http://127.0.0.1:6379',
      'redis://127.0.0.1',
      'redis://u:hunter2@127.0.0.1',
      'redis://127.0.0.1:70000',
      'redis://127.0.0.1:6379/x',
      'rediss://127.0.0.1:6379',
    ]) {
      // The worker parses the same way: two of the cases are enough there.
      const verbs =
        bad.includes('hunter2') || bad.startsWith('http')
          ? [
              [...wordle(), '--queue', bad],
              ['worker', '--queue', bad],
            ]
          : [[...wordle(), '--queue', bad]];
      for (const args of verbs) {
        const run = await cli(args, { trees: join(dir, 'trees') });
        expect(run.code, `${bad}: ${run.stderr}`).toBe(2);
        expect(run.stderr).toMatch(
          /^guesstree: --queue (\S+|\S*\((the rest is )?not shown[^)]+\)): (expected redis:\/\/\[user:password@\]host:port\[\/db\]|port 70000 is out of range \(1 to 65535\))\n$/,
        );
        expect(run.stderr).not.toContain('hunter2');
      }
    }
  }, 60_000);

  it('an unreachable queue: one line, status 11, within seconds; --queue is refused by other verbs', async () => {
    const closed = await freePort();
    for (const args of [
      [...wordle(), '--queue', `redis://u:hunter2@127.0.0.1:${closed}/3`],
      ['worker', '--queue', `redis://u:hunter2@127.0.0.1:${closed}/3`, '--concurrency', '2'],
    ]) {
      const started = Date.now();
      const run = await cli(args, { trees: join(dir, 'trees'), timeoutMs: 20_000 });
      expect(Date.now() - started).toBeLessThan(8000);
      expect(run.code, run.stderr).toBe(11);
      expect(run.stderr).toBe(
        `guesstree: cannot reach the queue at redis://***@127.0.0.1:${closed}/3: connect ECONNREFUSED 127.0.0.1:${closed}\n`,
      );
    }
    const verify = await cli(['verify', '--game', 'lingo', '--len', '5', '--queue', 'redis://127.0.0.1:6379'], {
      trees: join(dir, 'trees'),
    });
    expect(verify.code).toBe(2);
    expect(verify.stderr).toMatch(/^guesstree: unknown option of verify: --queue/);
    const conc = await cli(['worker', '--queue', 'redis://127.0.0.1:1', '--concurrency', '0'], {
      trees: join(dir, 'trees'),
    });
    expect(conc.code).toBe(2);
    expect(conc.stderr).toMatch(/^guesstree: --concurrency 0: /);
  }, 60_000);
});

/** Same data: typed arrays of the same type and contents, numbers by Object.is (Infinity, NaN), the same keys. */
function expectSameData(a: unknown, b: unknown, path = '$'): void {
  if (ArrayBuffer.isView(a)) {
    expect(ArrayBuffer.isView(b), path).toBe(true);
    expect((b as object).constructor.name, path).toBe((a as object).constructor.name);
    expect(Array.from(b as unknown as ArrayLike<number>), path).toEqual(Array.from(a as unknown as ArrayLike<number>));
    return;
  }
  if (typeof a === 'number') {
    // msgpack has no -0: a zero cost comes back as 0 (the same in every comparison the driver makes).
    expect(Object.is(a, b) || (a === 0 && b === 0), `${path}: ${String(a)} against ${String(b)}`).toBe(true);
    return;
  }
  if (a === null || typeof a !== 'object') {
    expect(b, path).toBe(a);
    return;
  }
  expect(Array.isArray(b), path).toBe(Array.isArray(a));
  expect(Object.keys(b as object).sort(), path).toEqual(Object.keys(a).sort());
  for (const [k, v] of Object.entries(a)) expectSameData(v, (b as Record<string, unknown>)[k], `${path}.${k}`);
}

describe('the queue codec (no Redis needed)', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDir('queue-codec');
  });
  afterAll(() => removeDir(dir));

  it.each(GAMES.map((m) => [m.id, m] as const))(
    '%s: the compile input and its first task and result come back exactly (typed arrays, Infinity)',
    async (_id, m) => {
      const loaded = m.load(m.sample(dir));
      const jobs: Array<{ job: PoolJob; task: Task; result: TaskResult }> = [];
      // An executor that runs the task locally and keeps what went through it.
      const capture: ExecutorFactory = (job) => {
        const run = taskRunner({
          module: job.module,
          gameSpec: job.gameSpec,
          setup: job.setup,
          progress: new Int32Array(new SharedArrayBuffer(4)),
        });
        return {
          workers: 1,
          aborted: false,
          nodesSearched: 0,
          async runWithRetry(task) {
            const result = run(task);
            if (!jobs.some((j) => j.job === job)) jobs.push({ job, task, result });
            return result;
          },
          async destroy() {},
        };
      };
      await compileLoaded(loaded, { effort: DEFAULT_EFFORT, workers: 1, options: loaded.options, executor: capture });
      expect(jobs.length, 'the compile ran a task').toBeGreaterThan(0);
      for (const { job, task, result } of jobs) {
        const input = { module: job.module, gameSpec: job.gameSpec, setup: job.setup, label: job.label };
        expectSameData(input, decode(encode(input)), 'input');
        expectSameData(task, decode(encode(task)), 'task');
        expectSameData(result, decode(encode(result)), 'result');
        // A runner rebuilt from the decoded input computes the same result.
        const again = taskRunner({
          ...decode<WorkerInit>(encode(input)),
          progress: new Int32Array(new SharedArrayBuffer(4)),
        })(decode<Task>(encode(task)));
        expectSameData(result, again, 'result from the decoded input');
      }
    },
    120_000,
  );
});
