/**
 * The job queue trusts nobody who can write to it, and never prints a password:
 *   - a queue URL or GUESSTREE_QUEUE of any shape is echoed without what could be a secret;
 *   - a database the server lacks (`/16`) is one line, status 11; a compile whose jobs no
 *     worker takes says so, again and again (the interval shortened by GUESSTREE_QUEUE_NOTICE_MS);
 * A real redis-server on 127.0.0.1 at a free port, stopped here; skipped in one line without it.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQueueUrl, queueFromArgs } from '../compiler/pool/queue-url.js';
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

describe.skipIf(!haveRedis)('the queue on a real redis-server (127.0.0.1)', () => {
  let queue: RedisServer;
  let url: string;
  let trees: string;
  const procs: Proc[] = [];

  beforeAll(async () => {
    queue = await startRedis(dir, SECRET);
    url = queue.url;
    trees = join(dir, 'trees-q');
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
      /^guesstree: no worker has taken a job for \d+ s on redis:\/\/\*\*\*@127\.0\.0\.1:\d+ \(1 job waiting\); start one with `guesstree worker` \(the same URL, in GUESSTREE_QUEUE or --queue\)$/gm;
    const until = Date.now() + 20_000;
    while ((c.stderr.match(notice) ?? []).length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect((c.stderr.match(notice) ?? []).length, c.stderr).toBeGreaterThanOrEqual(2);
    expect(c.stderr).not.toContain(SECRET);
    c.child.kill('SIGTERM');
    expect((await c.exited).code).toBe(130);
  }, 30_000);
});
