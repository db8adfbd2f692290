/**
 * Mastermind's exact search (`--exact`) beside the queue and the checkpoint: it runs as one
 * piece of work, so on the queue it is one `whole` job whose tree is the local one's bytes, and
 * `--checkpoint` is refused in one line (there are no finished subtrees to save).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, cli, removeDir, tempDir } from './support/e2e.js';
import { haveRedis, Proc, startRedis, type RedisServer } from './support/redis.js';

if (!haveRedis)
  console.warn(
    'code-exact-queue: the queue test is skipped: redis-server is not on PATH (apt-get install -y redis-server)',
  );

const MM44 = ['compile', '--game', 'mastermind', '--pegs', '4', '--colors', '4', '--exact'];

describe('Mastermind --exact, the queue and --checkpoint', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDir('code-exact-queue');
  });
  afterAll(() => removeDir(dir));

  it('--checkpoint with --exact: one usage line, status 2, nothing written', async () => {
    const ck = join(dir, 'ck');
    const r = await cli([...MM44, '--checkpoint', ck, '--out', join(dir, 'never.gtree')], {
      trees: join(dir, 'trees'),
    });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/--checkpoint: the exact search of mastermind-p4c4 runs as one piece of work/);
    expect(existsSync(join(dir, 'never.gtree'))).toBe(false);
  });

  describe.skipIf(!haveRedis)('on a queue (redis-server on 127.0.0.1)', () => {
    let queue: RedisServer | undefined;
    let worker: Proc | undefined;
    beforeAll(async () => {
      queue = await startRedis(dir, 'x-exact-queue');
      worker = new Proc(
        spawn(process.execPath, [CLI, 'worker', '--queue', queue.url], { stdio: ['ignore', 'ignore', 'pipe'] }),
      );
      await worker.waitFor(/^worker: taking jobs from /m);
    });
    afterAll(async () => {
      await worker?.stop();
      await queue?.stop();
    });

    it("one whole job; the tree is the local compile's bytes (905, proven)", async () => {
      const trees = join(dir, 'trees');
      const local = join(dir, 'local.gtree');
      const queued = join(dir, 'queued.gtree');
      const a = await cli([...MM44, '--workers', '1', '--out', local], { trees });
      expect(a.code, a.stderr).toBe(0);
      const b = await cli([...MM44, '--queue', (queue as RedisServer).url, '--out', queued], {
        trees,
        timeoutMs: 60_000,
      });
      expect(b.code, b.stderr).toBe(0);
      expect(b.stdout).toMatch(/total guesses 905, .*proven optimal/);
      expect(readFileSync(queued).equals(readFileSync(local))).toBe(true);
      await (worker as Proc).waitFor(/^worker: job \S+ \(mastermind whole\) done/m);
      expect((worker as Proc).stderr.match(/^worker: job /gm)).toHaveLength(1);
    });
  });
});
