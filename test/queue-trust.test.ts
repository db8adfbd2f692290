/**
 * The job queue trusts nobody who can write to it, and never prints a password:
 *   - a queue URL or GUESSTREE_QUEUE of any shape is echoed without what could be a secret;
 *   - a database the server lacks (`/16`) is one line, status 11; a compile whose jobs no
 *     worker takes says so, again and again (the interval shortened by GUESSTREE_QUEUE_NOTICE_MS);
 *   - a worker refuses hostile jobs in one line each (a game over compile's caps, wrong types,
 *     hand-tuned settings, a game file outside its --games folders, /dev/zero, /etc/passwd,
 *     unknown modules, a task whose set is not the game's), names no other file's hash, and
 *     still runs a real compile afterwards.
 * A real redis-server on 127.0.0.1 at a free port, stopped here; skipped in one line without it.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, realpathSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkJobInput } from '../compiler/commands/worker-jobs.js';
import { codeEffort } from '../compiler/engine/code-efforts.js';
import { GAMES } from '../compiler/games/registry.js';
import { compileLoaded, type ExecutorFactory, type PoolJob } from '../compiler/pool/driver.js';
import type { Task } from '../compiler/pool/messages.js';
import { taskRunner } from '../compiler/pool/tasks.js';
import { decode, encode, inputKey, ownVersions, type JobData } from '../compiler/pool/queue-shared.js';
import { parseQueueUrl, queueFromArgs } from '../compiler/pool/queue-url.js';
import { escapeControls } from '../runtime/messages.js';
import { CLI, cli, lines, removeDir, tempDir } from './support/e2e.js';
import { haveRedis, Proc, startRedis, type RedisServer } from './support/redis.js';

if (!haveRedis)
  console.warn(
    'queue-trust: the job-queue tests are skipped: redis-server is not on PATH (apt-get install -y redis-server)',
  );

const SECRET = 'S3cr3t-pw';

let dir: string;
beforeAll(() => {
  dir = tempDir('queue-trust');
});
afterAll(() => removeDir(dir));

function messageOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  return '';
}

describe('a queue URL is never echoed with a secret, whatever its shape', () => {
  const SHAPES: ReadonlyArray<readonly [string, string]> = [
    [`redis://127.0.0.1:1?password=${SECRET}`, '--queue redis://127.0.0.1:1?…: expected'],
    [`garbage ${SECRET}`, '--queue (not shown: it is not a redis:// URL and may hold a password): expected'],
    [SECRET, '--queue (not shown'],
    [`redis://alice:${SECRET}`, '--queue redis://(the rest is not shown: it may hold a password): expected'],
    [`redis://alice:${SECRET}@127.0.0.1:x`, '--queue redis://***@(the rest is not shown'],
    [`redis://u:p#${SECRET}@h:1x`, '--queue redis://(the rest is not shown'],
    [`redis://127.0.0.1:1?password=a@${SECRET}`, '--queue redis://(the rest is not shown'],
    [
      `redis://:${SECRET}@127.0.0.1:6379/99999`,
      '--queue redis://***@127.0.0.1:6379/99999: database 99999 is out of range',
    ],
    [`redis://:${SECRET}@127.0.0.1:0`, '--queue redis://***@127.0.0.1:0: port 0 is out of range'],
    [`rediss://:${SECRET}@127.0.0.1:6379`, '--queue (not shown'],
    [`redis://:${SECRET}@127.0.0.1:6379 ${SECRET}`, '--queue redis://***@(the rest is not shown'],
  ];
  for (const [url, start] of SHAPES)
    it(`${url.replaceAll(SECRET, 'SECRET')}: refused, the secret not shown`, () => {
      const m = messageOf(() => parseQueueUrl(url));
      expect(m.startsWith(start), m).toBe(true);
      expect(m).not.toContain(SECRET);
      expect(m).not.toContain('alice');
    });

  it('GUESSTREE_QUEUE is named as the origin, and a parsed URL shows neither user nor password', () => {
    const m = messageOf(() => queueFromArgs('worker', undefined, { GUESSTREE_QUEUE: `garbage ${SECRET}` }));
    expect(m).toBe(
      'GUESSTREE_QUEUE (not shown: it is not a redis:// URL and may hold a password): expected redis://[user:password@]host:port[/db]',
    );
    expect(parseQueueUrl(`redis://alice:${SECRET}@127.0.0.1:6379/2`).shown).toBe('redis://***@127.0.0.1:6379/2');
  });

  it('through the CLI: compile --queue and the worker from the environment, one line each, no secret', async () => {
    const trees = join(dir, 'trees');
    const c = await cli(
      [
        'compile',
        '--game',
        'mastermind',
        '--pegs',
        '2',
        '--colors',
        '3',
        '--queue',
        `redis://127.0.0.1:1?password=${SECRET}`,
      ],
      { trees },
    );
    expect(c.code).toBe(2);
    expect(lines(c.stderr)).toEqual([
      'guesstree: --queue redis://127.0.0.1:1?…: expected redis://[user:password@]host:port[/db]',
    ]);
    const before = process.env.GUESSTREE_QUEUE;
    process.env.GUESSTREE_QUEUE = `garbage ${SECRET}`;
    try {
      const w = await cli(['worker'], { trees });
      expect(w.code).toBe(2);
      expect(lines(w.stderr)).toHaveLength(1);
      expect(w.stderr).not.toContain(SECRET);
    } finally {
      if (before === undefined) delete process.env.GUESSTREE_QUEUE;
      else process.env.GUESSTREE_QUEUE = before;
    }
  });
});

describe("every game's own compile inputs and tasks pass a worker's checks (no Redis needed)", () => {
  it.each(GAMES.map((m) => [m.id, m] as const))(
    '%s, every effort (and the worst-case objective)',
    async (_id, m) => {
      const sample = join(dir, `sample-${m.id}`);
      mkdirSync(sample, { recursive: true });
      const options = m.sample(sample);
      const worst = m.options.some((o) => o.name === 'objective' && o.choices?.includes('worst-case'));
      const games = [m.load(options), ...(worst ? [m.load({ ...options, objective: 'worst-case' })] : [])];
      const inputs: unknown[] = [];
      // A remote executor (as --queue's) that runs each task here and keeps each compile input.
      const capture: ExecutorFactory = Object.assign(
        (job: PoolJob) => {
          // Checked as a queue worker checks each task: every game's own tasks pass.
          const run = taskRunner({ ...job, progress: new Int32Array(new SharedArrayBuffer(4)) }, { checked: true });
          inputs.push(
            decode(encode({ module: job.module, gameSpec: job.gameSpec, setup: job.setup, label: job.label })),
          );
          return {
            workers: 1,
            aborted: false,
            nodesSearched: 0,
            async runWithRetry(task: Task) {
              return run(task);
            },
            async destroy() {},
          };
        },
        { remote: true },
      );
      for (const loaded of games)
        for (const effort of m.efforts.map((e) => e.name))
          await compileLoaded(loaded, { effort, workers: 1, options: loaded.options, executor: capture });
      expect(inputs.length).toBeGreaterThan(0);
      for (const input of inputs) expect(() => checkJobInput(input, [realpathSync(sample)])).not.toThrow();
    },
    60_000,
  );
});

describe.skipIf(!haveRedis)('the queue on a real redis-server (127.0.0.1)', () => {
  let queue: RedisServer;
  let url: string;
  let trees: string;
  let games: string;
  const procs: Proc[] = [];

  beforeAll(async () => {
    queue = await startRedis(dir, SECRET);
    url = queue.url;
    trees = join(dir, 'trees-q');
    games = join(dir, 'games');
    mkdirSync(games);
    symlinkSync('/etc/passwd', join(games, 'passwd.mjs'));
  });
  afterAll(async () => {
    for (const p of procs.splice(0)) await p.stop();
    await queue?.stop();
  });

  it('a database the server lacks (/16): one line, status 11, no password', async () => {
    const r = await cli(['compile', '--game', 'mastermind', '--pegs', '2', '--colors', '3', '--queue', `${url}/16`], {
      trees,
    });
    expect(r.code).toBe(11);
    expect(lines(r.stderr)).toEqual([
      `guesstree: the queue at redis://***@127.0.0.1:${queue.port}/16: database 16: ERR DB index is out of range`,
    ]);
    expect(r.stderr).not.toContain(SECRET);
  });

  it('no worker: the compile says so within the notice interval, and again while it waits', async () => {
    const c = new Proc(
      spawn(
        process.execPath,
        [CLI, 'compile', '--game', 'mastermind', '--pegs', '2', '--colors', '3', '--queue', 'env'],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
          env: {
            ...process.env,
            GUESSTREE_TREES: trees,
            GUESSTREE_QUEUE: url,
            GUESSTREE_QUEUE_NOTICE_MS: '400',
            GUESSTREE_PROGRESS: '',
          },
        },
      ),
    );
    procs.push(c);
    const notice =
      /^guesstree: no worker has taken a job for \d+ s on redis:\/\/\*\*\*@127\.0\.0\.1:\d+ \(\d+ jobs? waiting\); start one with `guesstree worker` \(the same URL, in GUESSTREE_QUEUE or --queue\)$/gm;
    const until = Date.now() + 20_000;
    while ((c.stderr.match(notice) ?? []).length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect((c.stderr.match(notice) ?? []).length, c.stderr).toBeGreaterThanOrEqual(2);
    expect(c.stderr).not.toContain(SECRET);
    c.child.kill('SIGTERM');
    expect((await c.exited).code).toBe(130);
  }, 30_000);

  it('a worker refuses hostile jobs in one line each, names no other file, and runs a real compile afterwards', async () => {
    const w = new Proc(
      spawn(process.execPath, [CLI, 'worker', '--games', games], {
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, GUESSTREE_QUEUE: url },
      }),
    );
    procs.push(w);
    await w.waitFor(/^worker: taking jobs from .*; game files from \S+games\)$/m);
    const jobs = new Queue('compile', {
      connection: { host: '127.0.0.1', port: queue.port, password: SECRET },
      prefix: 'guesstree',
    });
    const sha = 'a'.repeat(64);
    const fileSpec = (file: string) => ({
      kind: 'file',
      name: 'x',
      secretCount: 2,
      guessCount: 2,
      maxGuesses: 0,
      replies: ['a'],
      solvedReply: '=',
      secretGuess: Uint32Array.of(0, 1),
      table: null,
      file,
      fileSha256: sha,
      gameSha256: sha,
    });
    const fileSetup = { effort: 'default', probes: Uint32Array.of(0, 1), game: sha, maxGuesses: 0 };
    const mm = (pegs: unknown, colors: unknown, setup: unknown = codeEffort('quick', 1296, 0)) => ({
      module: 'mastermind',
      gameSpec: { pegs, colors },
      setup,
      label: 'hostile',
    });
    const rankTask = { kind: 'rank', set: Uint32Array.of(0), node: { used: 0, state: [] }, width: 1, from: 0, to: 1 };
    const HOSTILE: ReadonlyArray<readonly [string, unknown, RegExp, unknown?]> = [
      ['mm88', mm(8, 8, codeEffort('quick', 8 ** 8, 0)), /16,777,216 codes, more than the 65,536 a compile takes/],
      ['mm-pegs', mm(99, 6), /--pegs 99: expected a whole number from 1 to \d+/],
      ['mm-string', mm('4', 6), /the job's gameSpec\.pegs: expected a whole number/],
      [
        'mm-tuned',
        mm(4, 6, { ...codeEffort('quick', 1296, 0), openers: 1e9 }),
        /the job's setup: not the search settings of the quick effort/,
      ],
      [
        'etc-passwd',
        { module: 'file', gameSpec: fileSpec('/etc/passwd'), setup: fileSetup, label: 'x' },
        /"\/etc\/passwd" is not in a folder this worker loads games from \(--games\)/,
      ],
      [
        'dev-zero',
        { module: 'file', gameSpec: fileSpec('/dev/zero'), setup: fileSetup, label: 'x' },
        /"\/dev\/zero" is not in a folder this worker loads games from/,
      ],
      [
        'link-out',
        { module: 'file', gameSpec: fileSpec(join(games, 'passwd.mjs')), setup: fileSetup, label: 'x' },
        /passwd\.mjs" leads out of the folders this worker loads games from \(--games\): a link/,
      ],
      [
        'missing',
        { module: 'file', gameSpec: fileSpec(join(games, 'none.mjs')), setup: fileSetup, label: 'x' },
        /this worker has no "\S+none\.mjs" \(no such file or folder\)/,
      ],
      [
        'bogus',
        { module: 'bogus\u001b[2J', gameSpec: {}, setup: null, label: 'x' },
        /the job's game module "bogus\\x1B\[2J" is not one of this guesstree's/,
      ],
      [
        'lingo-letters',
        {
          module: 'lingo',
          gameSpec: { kind: 'lingo', length: 5, letters: Uint8Array.of(1, 2, 3, 4, 99), lists: [] },
          setup: { effort: 'default', probes: Uint32Array.of(0) },
          label: 'x',
        },
        /the job's gameSpec\.letters: a letter code above 25/,
      ],
      [
        'forged-set',
        mm(4, 6),
        /the task's set\[1\]: 4000000000 is not a secret of the game \(0 to 1295\)/,
        { ...rankTask, set: Uint32Array.of(0, 4e9) },
      ],
    ];
    const passwdHash = createHash('sha256').update(readFileSync('/etc/passwd')).digest('hex');
    let n = 0;
    for (const [name, input, reason, task] of HOSTILE) {
      const run = (++n).toString(16).padStart(16, '0');
      await queue.redis.set(inputKey(run), encode(input), 'PX', 60_000);
      const data: JobData = {
        ...ownVersions(),
        run,
        module: String((input as { module: unknown }).module),
        label: 'hostile',
        what: name,
        kind: 'rank',
        sets: 1,
        task: encode(task ?? rankTask).toString('base64'),
      };
      await jobs.add(name, data, { jobId: `${run}-1`, attempts: 2 });
      const until = Date.now() + 20_000;
      let job = await jobs.getJob(`${run}-1`);
      while ((await job?.getState()) !== 'failed' && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 50));
        job = await jobs.getJob(`${run}-1`);
      }
      expect(await job?.getState(), `${name}: ${w.stderr}`).toBe('failed');
      job = await jobs.getJob(`${run}-1`);
      const failed = job?.failedReason ?? '';
      expect(failed, name).toMatch(/^refused: /);
      expect(failed, name).toMatch(reason);
      expect(job?.attemptsMade, `${name} is not retried`).toBe(1);
      expect(failed).not.toContain(passwdHash.slice(0, 12));
    }
    // One line per refused job on the worker's stderr, control characters escaped.
    const refused = w.lines().filter((l) => / refused: /.test(l));
    expect(refused).toHaveLength(HOSTILE.length);
    for (const l of refused) expect(escapeControls(l)).toBe(l);
    expect(w.stderr).not.toContain(passwdHash.slice(0, 12));
    await jobs.close();
    // The worker is alive and well: a real compile on the queue.
    const ok = await cli(
      [
        'compile',
        '--game',
        'mastermind',
        '--pegs',
        '2',
        '--colors',
        '3',
        '--queue',
        url,
        '--out',
        join(dir, 'ok.gtree'),
      ],
      { trees, timeoutMs: 60_000 },
    );
    expect(ok.code, ok.stderr).toBe(0);
    await w.stop();
    expect((await w.exited).code).toBe(0);
  }, 120_000);
});
