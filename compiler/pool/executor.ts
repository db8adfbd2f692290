/**
 * Where a compile's tasks run. A `TaskExecutor` runs a task, retries it once when its worker
 * fails, reports an interrupt and tears down; every mode of the driver runs its tasks through
 * one. The local piscina pool (`CompilePool`) is the default; `--queue` gives a job-queue
 * executor (queue.ts) and `thread-executor.ts` runs the same tasks in this thread.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { fail } from '../../runtime/errors.js';
import type { PoolJob } from '../games/compile-api.js';
import { PROGRESS_NODES, PROGRESS_SLOTS, type Task, type TaskResult, type WorkerInit } from './messages.js';

export type { PoolJob } from '../games/compile-api.js';

export interface TaskExecutor {
  /** How many tasks run at once (the root's ranking is cut into slices for them). */
  readonly workers: number;
  readonly aborted: boolean;
  /** Sets searched so far by whole searches (in steps of 4096), for progress. */
  readonly nodesSearched: number;
  /** Run a task; a worker that threw or died is replaced and the task gets one more try. */
  runWithRetry(task: Task, what: () => string, onAbort: () => Error): Promise<TaskResult>;
  destroy(): Promise<void>;
}

/** Makes the executor of one compile (`--queue` gives another than the local pool). */
export type ExecutorFactory = ((
  job: PoolJob,
  control: Pick<ExecutorControl, 'workers' | 'signal'>,
) => TaskExecutor | Promise<TaskExecutor>) & {
  /** Its workers are elsewhere and load the game themselves (a job queue): the job carries no shared tables. */
  readonly remote?: boolean;
};

/** Where a compile's executor comes from, and what ends it. */
export interface ExecutorControl {
  readonly workers: number;
  readonly signal?: AbortSignal | undefined;
  /** Where the tasks run (default: the local piscina pool of `workers` threads). */
  readonly executor?: ExecutorFactory | undefined;
}

export function interrupted(label: string, what: string): Error {
  return fail('interrupted', `${label}: interrupted${what}; nothing written`);
}

function messageOf(e: unknown): string {
  return (e as Error).message ?? String(e);
}

/** How an executor runs a task with one retry: its module in messages, its run, its abort. */
export interface RetryOnce {
  readonly module: string;
  readonly run: (task: Task) => Promise<TaskResult>;
  readonly aborted: () => boolean;
  /** The task in messages. */
  readonly what: () => string;
  readonly onAbort: () => Error;
}

/**
 * Run `task`; when it throws, once more (the executor has replaced the worker). An abort on the
 * way ends with `onAbort()`; a second failure with one line naming the task.
 */
export async function retryOnce(task: Task, { module, run, aborted, what, onAbort }: RetryOnce): Promise<TaskResult> {
  try {
    return await run(task);
  } catch (first) {
    if (aborted()) throw onAbort();
    try {
      return await run(task);
    } catch (second) {
      if (aborted()) throw onAbort();
      throw fail(
        'worker',
        `${module} compile: a worker failed twice on ${what()}: ${messageOf(second)} (first failure: ${messageOf(first)})`,
      );
    }
  }
}

/** The worker file piscina loads (the compile worker; tests give one of their own). */
const WORKER_FILE = new URL('./worker-entry.cjs', import.meta.url);

/** The local executor: a piscina pool of compile workers with abort and one retry. */
export class CompilePool implements TaskExecutor {
  readonly job: PoolJob;
  readonly workers: number;
  readonly progress: Int32Array;
  private readonly pool: Piscina<Task, TaskResult>;
  private readonly signal: AbortSignal | undefined;

  constructor(
    job: PoolJob,
    { workers, signal }: Pick<ExecutorControl, 'workers' | 'signal'>,
    workerFile: URL = WORKER_FILE,
  ) {
    if (!Number.isInteger(workers) || workers < 1)
      throw fail('usage', `--workers ${workers}: expected a whole number, at least 1`);
    this.job = job;
    this.workers = workers;
    this.signal = signal;
    this.progress = new Int32Array(new SharedArrayBuffer(PROGRESS_SLOTS * 4));
    const filename = fileURLToPath(workerFile);
    // Run from the TypeScript sources (a test runner) there is no built worker: piscina would
    // start and restart a failing thread for ever.
    if (!existsSync(filename))
      throw fail('worker', `${filename}: no compile worker there (run npm run build, and use the built dist/ files)`);
    this.pool = new Piscina<Task, TaskResult>({
      filename,
      workerData: {
        module: job.module,
        gameSpec: job.gameSpec,
        setup: job.setup,
        progress: this.progress,
      } satisfies WorkerInit,
      minThreads: workers,
      maxThreads: workers,
      idleTimeout: 1000,
    });
    // Replies that arrive for tasks of a pool being torn down (after a failure or an interrupt)
    // are emitted as 'error' events; the compile has already failed with its own message.
    this.pool.on('error', () => {});
  }

  get aborted(): boolean {
    return this.signal?.aborted === true;
  }

  /** Nodes searched so far by whole searches (in steps of 4096). */
  get nodesSearched(): number {
    return Atomics.load(this.progress, PROGRESS_NODES);
  }

  run(task: Task): Promise<TaskResult> {
    return this.pool.run(task, this.signal ? { signal: this.signal } : {});
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

  destroy(): Promise<void> {
    return this.pool.destroy();
  }
}

/** Run `body` with the compile's executor, torn down afterwards whatever happens. */
export async function withExecutor<T>(
  job: PoolJob,
  control: ExecutorControl,
  body: (pool: TaskExecutor) => Promise<T>,
): Promise<T> {
  if (control.signal?.aborted) throw interrupted(job.label, '');
  const pool = control.executor ? await control.executor(job, control) : new CompilePool(job, control);
  try {
    return await body(pool);
  } finally {
    await pool.destroy();
  }
}
