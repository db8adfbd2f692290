// Interrupted compiles leave no tree file, checkpoints resume to the same bytes, and worker
// faults are retried once, then reported with the game, the node and the error.
import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { lingoModule } from '../../compiler/games/lingo/module.js';
import { CompilePool, type ExecutorFactory } from '../../compiler/pool/executor.js';
import { compileLoaded } from '../../compiler/pool/driver.js';
import { threadExecutor } from '../../compiler/pool/thread-executor.js';
import { isGuesstreeError } from '../../runtime/errors.js';

const CLI = join(import.meta.dirname, '..', '..', 'dist', 'compiler', 'cli.js');
// 4-letter words of the default dictionary, the fast 'quick' effort: a few seconds a run.
const ARGS = ['compile', '--game', 'lingo', '--len', '4', '--effort', 'quick'];

/** A compile worker whose search tasks fail as GUESSTREE_TEST_WORKER_FAULT says (test code, not shipped). */
const FAULT_WORKER = new URL('../support/fault-worker.cjs', import.meta.url);

function run(extra: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [CLI, ...ARGS, ...extra], {
    encoding: 'utf8',
    env: { ...process.env, GUESSTREE_PROGRESS: '', ...env },
  });
}

describe('robustness: interrupt, resume, worker faults', () => {
  it('a killed compile leaves no tree, and --resume gives the same bytes as a clean run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'guesstree-resume-'));
    try {
      const clean = run(['--out', join(dir, 'clean.gtree'), '--workers', '1']);
      expect(clean.status).toBe(0);
      const ck = join(dir, 'ck');
      const child = spawn(
        process.execPath,
        [CLI, ...ARGS, '--out', join(dir, 'resumed.gtree'), '--workers', '2', '--checkpoint', ck],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      // Wait until some subtrees are checkpointed, then stop it.
      for (let i = 0; i < 600; i++) {
        if (existsSync(ck) && readdirSync(ck).filter((f) => f.endsWith('.bin')).length >= 2) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      child.kill('SIGTERM');
      const code = await exited;
      expect(code).toBe(130);
      expect(stderr).toMatch(/interrupted after \d+ of \d+ batches; finished batches are saved in/);
      expect(existsSync(join(dir, 'resumed.gtree'))).toBe(false);
      expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
      const saved = readdirSync(ck).filter((f) => f.endsWith('.bin')).length;
      expect(saved).toBeGreaterThanOrEqual(2);

      // Without --resume a folder of old checkpoints is refused, not silently mixed.
      const refused = run(['--out', join(dir, 'resumed.gtree'), '--checkpoint', ck]);
      expect(refused.status).not.toBe(0);
      expect(refused.stderr.trim().split('\n')).toHaveLength(1);
      expect(refused.stderr).toMatch(/--resume/);

      const resumed = run(['--out', join(dir, 'resumed.gtree'), '--workers', '2', '--checkpoint', ck, '--resume']);
      expect(resumed.stderr).toBe('');
      expect(resumed.status).toBe(0);
      expect(Buffer.compare(readFileSync(join(dir, 'resumed.gtree')), readFileSync(join(dir, 'clean.gtree')))).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a worker that fails once is replaced and its batch retried; failing twice ends the compile with a clear line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'guesstree-fault-'));
    const loaded = lingoModule.load({ len: 4 });
    const control = { effort: 'quick' as const, workers: 2, options: loaded.options };
    // The real piscina pool, with a worker file whose search tasks fail as the variable says.
    const faulty: ExecutorFactory = (job, control) => new CompilePool(job, control, FAULT_WORKER);
    try {
      const clean = await compileLoaded(loaded, { ...control, workers: 1, executor: threadExecutor });
      process.env.GUESSTREE_TEST_WORKER_FAULT = join(dir, 'marker');
      const once = await compileLoaded(loaded, { ...control, executor: faulty });
      expect(existsSync(join(dir, 'marker'))).toBe(true);
      expect(once.tree).toEqual(clean.tree);

      process.env.GUESSTREE_TEST_WORKER_FAULT = `always:${join(dir, 'm2')}`;
      const always = await compileLoaded(loaded, { ...control, executor: faulty }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(isGuesstreeError(always) && always.kind).toBe('worker');
      expect((always as Error).message).toMatch(
        /^lingo compile: a worker failed twice on batch \d+ \(node: \d+ secrets after 1 guess, first [a-z]+\): injected worker fault \(first failure: injected worker fault\)$/,
      );
    } finally {
      delete process.env.GUESSTREE_TEST_WORKER_FAULT;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
