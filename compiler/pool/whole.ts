/**
 * The whole mode (exact searches: the root set as one task in a fresh engine, with a
 * deterministic node budget) and the module tasks (the worst-case prover, Lingo's two-level
 * check): tasks of the game module's own, run by name.
 */
import type { SearchNode } from '../engine/types.js';
import type { EngineJob, ModuleBlocks, ModuleTask, PoolJob, WholeResult } from '../games/compile-api.js';
import { Checkpoint, fingerprint } from './checkpoint.js';
import { interrupted, withExecutor, type ExecutorControl, type TaskExecutor } from './executor.js';
import { liveProgress, type DriverControl } from './root.js';

/** Solve the whole root set as one task (exact searches), with an optional node budget. */
export async function compileWhole<S>(job: EngineJob<S>, control: DriverControl, nodeBudget = 0): Promise<WholeResult> {
  return withExecutor(job, control, async (pool) => {
    const all = Uint32Array.from({ length: job.parts.game.secretCount }, (_, i) => i);
    const node: SearchNode<S> = { used: 0, state: job.parts.moves.root };
    const timer = control.onProgress
      ? setInterval(
          () => control.onProgress?.({ done: pool.nodesSearched, total: 0, unit: 'sets searched', best: null }),
          250,
        )
      : null;
    control.onProgress?.({ done: 0, total: 0, unit: 'sets searched', best: null });
    try {
      const r = await pool.runWithRetry(
        { kind: 'whole', set: all, node, nodeBudget },
        () => 'the whole search',
        () => interrupted(job.label, ''),
      );
      if (r.kind !== 'whole') throw new Error('compile pool: unexpected result');
      const result = r.result
        ? { tree: r.result.tree, cost: r.result.cost, depth: r.result.depth, lowerBound: null }
        : null;
      return { result, budgetExceeded: r.budgetExceeded, nodes: r.nodes };
    } finally {
      if (timer) clearInterval(timer);
    }
  });
}

/** A module's own task by name: its value (the executor retries it once, an abort rejects). */
export type ModuleTaskRun = (name: string, args: unknown, what?: string) => Promise<unknown>;

/**
 * Run the game module's own tasks (the worst-case prover, Lingo's two-level check) with the
 * compile's executor: `body` gets a function that runs one task and gives its value.
 */
export async function withModuleTasks<T>(
  job: PoolJob,
  control: ExecutorControl,
  body: (run: ModuleTaskRun, workers: number, pool: TaskExecutor) => Promise<T>,
): Promise<T> {
  return withExecutor(job, control, async (pool) => {
    const run: ModuleTaskRun = async (name, args, what = name) => {
      const r = await pool.runWithRetry(
        { kind: 'module', name, args },
        () => what,
        () => interrupted(job.label, ''),
      );
      if (r.kind !== 'module') throw new Error('compile pool: unexpected result');
      if (pool.aborted) throw interrupted(job.label, '');
      return r.value;
    };
    return body(run, pool.workers, pool);
  });
}

/**
 * Run one task of the game module's own (the worst-case prover): its progress is the sets it
 * searched so far when its module counts them (the least-worst-case solver does), else seconds.
 */
export async function runModuleTask(job: PoolJob, control: DriverControl, task: ModuleTask): Promise<unknown> {
  return withModuleTasks(job, control, async (run, _workers, pool) => {
    const started = Date.now();
    const tick = (): void => {
      const searched = pool.nodesSearched;
      control.onProgress?.(
        searched > 0
          ? { done: searched, total: 0, unit: 'sets searched', best: null }
          : { done: Math.round((Date.now() - started) / 1000), total: 0, unit: 's', best: null },
      );
    };
    tick();
    const timer = control.onProgress ? setInterval(tick, 250) : null;
    try {
      return await run(task.name, task.args, task.what);
    } finally {
      if (timer) clearInterval(timer);
    }
  });
}

/**
 * Module tasks side by side, one per element of `args` (blocks of a proof), every worker busy;
 * each value is saved to `--checkpoint` as it arrives and, with `--resume`, read back instead of
 * run again. The values in the order of `args` (each a pure function of its args, so the same
 * whatever the workers). `unit`: what the progress counts.
 */
export async function runModuleBlocks(
  job: PoolJob,
  control: DriverControl,
  { name, args, unit }: ModuleBlocks,
): Promise<unknown[]> {
  const checkpoint = control.checkpoint
    ? new Checkpoint(control.checkpoint, fingerprint({ module: job.module, setup: job.setup, name, args }), `${name}-`)
    : null;
  const values: unknown[] = new Array(args.length);
  const open: number[] = [];
  for (let i = 0; i < args.length; i++) {
    const saved = control.checkpoint?.resume ? checkpoint?.loadValue(i) : undefined;
    if (saved !== undefined) values[i] = saved;
    else open.push(i);
  }
  let done = args.length - open.length;
  control.onProgress?.({ done, total: args.length, unit, best: null });
  if (open.length === 0) return values;
  return withModuleTasks(job, control, async (run, _workers, pool) => {
    const live = liveProgress(control, pool);
    const report = (): void => live.report({ done, total: args.length, unit, best: null });
    report();
    try {
      await Promise.all(
        open.map(async (i) => {
          const v = await run(name, args[i], `${unit} ${i + 1} of ${args.length}`);
          values[i] = v;
          checkpoint?.saveValue(i, v);
          done++;
          report();
        }),
      );
    } finally {
      live.stop();
    }
    return values;
  });
}
