/**
 * The queue's URL never prints what lies between '//' and the last '@', and it can come from
 * GUESSTREE_QUEUE instead of argv, where `ps` cannot show it.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQueueUrl, queueFromArgs } from '../compiler/pool/queue-url.js';
import { cli, lines, removeDir, tempDir } from './support/e2e.js';

let dir: string;
beforeAll(() => {
  dir = tempDir('queue-env');
});
afterAll(() => removeDir(dir));

/** A port nothing listens on (bound, then closed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((ok) => server.close(() => ok()));
  return port;
}

describe('masking', () => {
  for (const [url, secrets] of [
    ['redis://:zq/xw@127.0.0.1:6379', ['zq', 'xw']],
    ['redis://:z@qx@127.0.0.1:6379', ['z@', 'qx']],
    ['redis://kj/vy:wq@127.0.0.1:6379x', ['kj', 'vy', 'wq']],
  ] as const) {
    it(`${url}: the error names none of it`, () => {
      let message = '';
      try {
        parseQueueUrl(url);
      } catch (e) {
        message = (e as Error).message;
      }
      // What follows the last '@' is shown when it is plainly a host and port, else not at all.
      const tail = url.slice(url.lastIndexOf('@') + 1);
      const shown = /^[\d.]+:\d+$/.test(tail) ? tail : '(the rest is not shown: it may hold a password)';
      expect(message.startsWith(`--queue redis://***@${shown}: `), message).toBe(true);
      for (const s of secrets) expect(message).not.toContain(s);
    });
  }
  it('a parsed URL shows neither user nor password', () => {
    expect(parseQueueUrl('redis://alice:secret@127.0.0.1:6379/2').shown).toBe('redis://***@127.0.0.1:6379/2');
  });
});

describe('GUESSTREE_QUEUE', () => {
  it('compile --queue env and worker read it; unset, one usage line', () => {
    expect(queueFromArgs('compile', undefined, {})).toBeUndefined();
    expect(queueFromArgs('compile', 'env', { GUESSTREE_QUEUE: 'redis://:pw@127.0.0.1:7000' })?.port).toBe(7000);
    expect(queueFromArgs('worker', undefined, { GUESSTREE_QUEUE: 'redis://:pw@127.0.0.1:7001' })?.port).toBe(7001);
    expect(() => queueFromArgs('worker', undefined, {})).toThrow(
      /worker: no queue: give --queue URL or set GUESSTREE_QUEUE/,
    );
    expect(() => queueFromArgs('compile', 'env', {})).toThrow(/--queue env: GUESSTREE_QUEUE is not set/);
  });

  it('through the CLI: the worker takes the URL from the environment and never prints its password', async () => {
    const port = await closedPort();
    const trees = `${dir}/trees`;
    delete process.env.GUESSTREE_QUEUE;
    const unset = await cli(['worker'], { trees, timeoutMs: 20_000 });
    expect(unset.code).toBe(2);
    expect(lines(unset.stderr)).toEqual(['guesstree: worker: no queue: give --queue URL or set GUESSTREE_QUEUE']);
    process.env.GUESSTREE_QUEUE = `redis://bob:hunter2@127.0.0.1:${port}`;
    try {
      const w = await cli(['worker'], { trees, timeoutMs: 30_000 });
      expect(w.code, w.stderr).toBe(11);
      expect(lines(w.stderr)).toHaveLength(1);
      expect(w.stderr).toContain(`redis://***@127.0.0.1:${port}`);
      expect(w.stderr).not.toMatch(/hunter2|bob/);
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
          'env',
          '--out',
          `${dir}/t.gtree`,
        ],
        { trees, timeoutMs: 30_000 },
      );
      expect(c.code, c.stderr).toBe(11);
      expect(c.stderr).not.toMatch(/hunter2|bob/);
    } finally {
      delete process.env.GUESSTREE_QUEUE;
    }
  });
});
