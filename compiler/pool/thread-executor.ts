/**
 * The executor that runs a compile's tasks in this thread, one at a time, with the same task
 * runner as the pool's workers (tasks.ts, the search rebuilt through the game module): the
 * CLI's modes, searches and results, without worker threads. For tests and one-core
 * measurements: `compile(..., { executor: threadExecutor })`.
 */
import { retryOnce, type ExecutorFactory, type PoolJob, type TaskExecutor } from './executor.js';
import { PROGRESS_NODES, PROGRESS_SLOTS, type Task, type TaskResult } from './messages.js';
import { taskRunner } from './tasks.js';

export class ThreadExecutor implements TaskExecutor {
  readonly workers = 1;
  private readonly progress = new Int32Array(new SharedArrayBuffer(PROGRESS_SLOTS * 4));
  /** The task runner, built on the first task; dropped after a failure, as a pool replaces its worker. */
  private runner: ((task: Task) => TaskResult) | null = null;

  constructor(
    readonly job: PoolJob,
    private readonly signal: AbortSignal | undefined,
  ) {}

  get aborted(): boolean {
    return this.signal?.aborted === true;
  }

  get nodesSearched(): number {
    return Atomics.load(this.progress, PROGRESS_NODES);
  }

  /** One task on a later turn of the event loop (so a signal can land between tasks). */
  private run(task: Task): Promise<TaskResult> {
    return new Promise((resolve, reject) => {
      setImmediate(() => {
        if (this.aborted) {
          reject(new Error('aborted'));
          return;
        }
        try {
          this.runner ??= taskRunner({
            module: this.job.module,
            gameSpec: this.job.gameSpec,
            setup: this.job.setup,
            progress: this.progress,
          });
          resolve(this.runner(task));
        } catch (e) {
          this.runner = null;
          reject(e as Error);
        }
      });
    });
  }

  runWithRetry(task: Task, what: () => string, onAbort: () => Error): Promise<TaskResult> {
    return retryOnce(task, {
      module: this.job.module,
      run: (t) => this.run(t),
      aborted: () => this.aborted,
      what,
      onAbort,
    });
  }

  async destroy(): Promise<void> {
    this.runner = null;
  }
}

export const threadExecutor: ExecutorFactory = (job, { signal }) => new ThreadExecutor(job, signal);
