/**
 * The code games' exact search (`--exact`) as a plan of subproblems: every settled subproblem is
 * saved to `--checkpoint`, so a compile killed mid-run (SIGKILL: nothing cleaned up) resumes to
 * the bytes of an uninterrupted one; on a queue its subproblems are jobs shared by two workers,
 * and the tree is the local compile's bytes.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, cli, removeDir, tempDir } from './support/e2e.js';
import { haveRedis, Proc, startRedis, type RedisServer } from './support/redis.js';

if (!haveRedis)
  console.warn(
    'code-exact-queue: the queue test is skipped: redis-server is not on PATH (apt-get install -y redis-server)',
  );

const MM44 = ['compile', '--game', 'mastermind', '--pegs', '4', '--colors', '4', '--exact'];
const MM45 = ['compile', '--game', 'mastermind', '--pegs', '4', '--colors', '5', '--exact'];

/** The checkpoint's record files of the exact search. */
function records(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((f) => /^exact-batch-\d+\.bin$/.test(f)) : [];
}

describe('--exact: checkpointed subproblems, and the queue', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDir('code-exact-queue');
  });
  afterAll(() => removeDir(dir));

  it('killed (SIGKILL) mid-run, then resumed: the bytes of an uninterrupted compile (2,463, proven)', async () => {
    const trees = join(dir, 'trees');
    const whole = join(dir, 'whole.gtree');
    const a = await cli([...MM45, '--workers', '1', '--out', whole], { trees, timeoutMs: 60_000 });
    expect(a.code, a.stderr).toBe(0);
    expect(a.stdout).toMatch(/total guesses 2,463, .*proven optimal/);

    const ck = join(dir, 'ck');
    const out = join(dir, 'resumed.gtree');
    const killed = new Proc(
      spawn(process.execPath, [CLI, ...MM45, '--workers', '1', '--checkpoint', ck, '--out', out], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, GUESSTREE_TREES: trees },
      }),
    );
    // Killed as soon as a few subproblems are saved, long before the search ends.
    const until = Date.now() + 30_000;
    while (records(ck).length < 3 && killed.child.exitCode === null && Date.now() < until)
      await new Promise((r) => setTimeout(r, 5));
    killed.child.kill('SIGKILL');
    const end = await killed.exited;
    expect(end.signal).toBe('SIGKILL');
    expect(existsSync(out)).toBe(false);
    const saved = records(ck).length;
    expect(saved).toBeGreaterThanOrEqual(3);

    // Without --resume the folder is refused (it holds an earlier compile's subproblems).
    const refused = await cli([...MM45, '--workers', '1', '--checkpoint', ck, '--out', out], { trees });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/holds \d+ checkpoint files of an earlier compile; pass --resume/);

    const b = await cli([...MM45, '--workers', '2', '--checkpoint', ck, '--resume', '--out', out], {
      trees,
      timeoutMs: 60_000,
    });
    expect(b.code, b.stderr).toBe(0);
    expect(b.stdout).toMatch(/total guesses 2,463, .*proven optimal/);
    expect(readFileSync(out).equals(readFileSync(whole))).toBe(true);
    // The resumed run saved the subproblems it settled beside those it read back.
    expect(records(ck).length).toBeGreaterThan(saved);
  });

  describe.skipIf(!haveRedis)('on a queue (redis-server on 127.0.0.1) with two workers', () => {
    let queue: RedisServer | undefined;
    const workers: Proc[] = [];
    beforeAll(async () => {
      queue = await startRedis(dir, 'x-exact-queue');
      for (let i = 0; i < 2; i++) {
        const w = new Proc(
          spawn(process.execPath, [CLI, 'worker', '--queue', queue.url], { stdio: ['ignore', 'ignore', 'pipe'] }),
        );
        await w.waitFor(/^worker: taking jobs from /m);
        workers.push(w);
      }
    });
    afterAll(async () => {
      for (const w of workers) await w.stop();
      await queue?.stop();
    });

    it("its subproblems are jobs; the tree is the local compile's bytes (905, proven)", async () => {
      const trees = join(dir, 'trees');
      const local = join(dir, 'local.gtree');
      const queued = join(dir, 'queued.gtree');
      const a = await cli([...MM44, '--workers', '1', '--out', local], { trees });
      expect(a.code, a.stderr).toBe(0);
      const b = await cli([...MM44, '--queue', (queue as RedisServer).url, '--workers', '2', '--out', queued], {
        trees,
        timeoutMs: 60_000,
      });
      expect(b.code, b.stderr).toBe(0);
      expect(b.stdout).toMatch(/total guesses 905, .*proven optimal/);
      expect(readFileSync(queued).equals(readFileSync(local))).toBe(true);
      // Subproblems, not one whole job: reply groups solved and guesses evaluated under budgets.
      const done = workers.flatMap((w) => w.stderr.match(/^worker: job \S+ \(mastermind \w+.*\) done/gm) ?? []);
      expect(done.length).toBeGreaterThan(2);
      expect(done.some((l) => /mastermind solve/.test(l))).toBe(true);
      expect(done.some((l) => /mastermind evaluate/.test(l))).toBe(true);
      expect(done.some((l) => /mastermind whole/.test(l))).toBe(false);
    });
  });
});
