/**
 * A `guesstree worker` thread (piscina): runs one job's task with the task runner of its
 * compile (tasks.ts), the same code as the local pool's workers. The runner of a compile is
 * built from the compile's input on first use and kept for its next jobs (the last few
 * compiles, least recently used dropped). Tasks and results travel as msgpack bytes; each task is
 * checked against the game before it runs (task-check.ts).
 */
import { PROGRESS_SLOTS, type Task, type TaskResult, type WorkerInit } from './messages.js';
import { decode, encode, REFUSED } from './queue-shared.js';
import { BadTask } from './task-check.js';
import { taskRunner } from './tasks.js';

export interface ThreadJob {
  readonly run: string;
  /** The compile's input (msgpack of its PoolJob), in shared memory: not copied per job. */
  readonly input: Uint8Array;
  readonly task: Uint8Array;
}

const KEEP = 2;
const runners = new Map<string, (task: Task) => TaskResult>();

function runnerOf(run: string, input: Uint8Array): (task: Task) => TaskResult {
  let r = runners.get(run);
  if (r) {
    runners.delete(run);
  } else {
    const job = decode<{ module: string; gameSpec: unknown; setup: unknown }>(input);
    const init: WorkerInit = {
      module: job.module,
      gameSpec: job.gameSpec,
      setup: job.setup,
      progress: new Int32Array(new SharedArrayBuffer(PROGRESS_SLOTS * 4)),
    };
    try {
      r = taskRunner(init, { checked: true });
    } catch (e) {
      // The game cannot be set up here: the job is refused, not retried.
      throw new Error(`${REFUSED}${e instanceof Error ? e.message : String(e)}`);
    }
    while (runners.size >= KEEP) runners.delete(runners.keys().next().value as string);
  }
  runners.set(run, r);
  return r;
}

export default function runJob(job: ThreadJob): Uint8Array {
  const task = decode<Task>(job.task);
  let result: TaskResult;
  try {
    result = runnerOf(job.run, job.input)(task);
  } catch (e) {
    // A task that is not the game's: refused, not retried (the same task fails the same way).
    if (e instanceof BadTask) throw new Error(`${REFUSED}${e.message}`);
    throw e;
  }
  return new Uint8Array(encode(result));
}
