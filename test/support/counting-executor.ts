/**
 * An in-thread executor for tests of the pool's modes (the CLI's task runner, no worker
 * threads): it says it has `workers` workers, counts its tasks by kind and, after `stop.after`
 * tasks of kind `stop.kind`, fires `stop.abort`. With a `seed`, each task comes back after a
 * random number of turns of the event loop, so results land out of order.
 */
import type { ExecutorFactory, TaskExecutor } from '../../compiler/pool/executor.js';
import type { Task } from '../../compiler/pool/messages.js';
import { ThreadExecutor } from '../../compiler/pool/thread-executor.js';
import { rng } from './e2e.js';

export interface CountingOptions {
  readonly workers?: number;
  readonly seed?: number;
  readonly stop?: { readonly kind: Task['kind']; readonly after: number; readonly abort: () => void };
}

export function countingExecutor({ workers = 1, seed, stop }: CountingOptions = {}): {
  readonly count: Record<string, number>;
  readonly factory: ExecutorFactory;
} {
  const count: Record<string, number> = {};
  const rand = seed === undefined ? null : rng(seed);
  const factory: ExecutorFactory = (job, { signal }) => {
    const inner = new ThreadExecutor(job, signal);
    const executor: TaskExecutor = {
      workers,
      get aborted() {
        return inner.aborted;
      },
      get nodesSearched() {
        return inner.nodesSearched;
      },
      async runWithRetry(task: Task, what, onAbort) {
        const turns = rand ? Math.floor(rand() * 6) : 0;
        for (let i = 0; i < turns; i++) await new Promise((r) => setImmediate(r));
        const r = await inner.runWithRetry(task, what, onAbort);
        count[task.kind] = (count[task.kind] ?? 0) + 1;
        if (stop && task.kind === stop.kind && count[task.kind] >= stop.after) stop.abort();
        return r;
      },
      destroy: () => inner.destroy(),
    };
    return executor;
  };
  return { count, factory };
}
