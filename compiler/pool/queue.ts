/**
 * The job-queue executor (`compile --queue URL`): the compile's tasks become BullMQ jobs on
 * Redis, run by `guesstree worker` processes on any machine, with the same task runner
 * (tasks.ts) as the local pool, so the tree is the same bytes.
 *
 *   - The compile's read-only input (the PoolJob: module, game, setup) goes to Redis once, as
 *     `guesstree:run:<run>:input`; every job names the run and carries only its task.
 *   - Jobs are `<run>-<n>` on the shared queue `guesstree:compile`, added in bulk, with two
 *     attempts (a task whose worker threw is tried once more; a second failure ends the
 *     compile with one line naming the job). A worker killed mid-job is BullMQ's stalled
 *     job: its lock runs out and the job goes back to the queue, without using an attempt.
 *   - A worker writes the result into `guesstree:run:<run>:results` and completes the job;
 *     the compile hears of it on the queue's event stream (read from just before its first
 *     job, so no event is missed), reads the result and deletes it.
 *   - Interrupted (Ctrl-C, SIGTERM): every pending task rejects at once with the driver's
 *     interrupt error; destroy() removes the run's jobs still in the queue and its keys. A
 *     job a worker is running when the compile ends finishes there and its result is dropped
 *     (the worker stores a result only while the run's input exists).
 *   - Redis gone for more than a few seconds: the compile fails with one line.
 */
import { randomBytes } from 'node:crypto';
import { Queue, QueueEvents, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { fail } from '../../runtime/errors.js';
import { escapeControls } from '../../runtime/messages.js';
import type { ExecutorControl, ExecutorFactory, PoolJob, TaskExecutor } from './driver.js';
import type { Task, TaskResult } from './messages.js';
import { QUEUE_ENV } from './queue-url.js';
import {
  checkQueue,
  decode,
  encode,
  HEARTBEAT_MS,
  inputKey,
  JOB_ATTEMPTS,
  jobSummary,
  ownVersions,
  QUEUE_NAME,
  QUEUE_PREFIX,
  reasonOf,
  redisOptions,
  REFUSED,
  resultsKey,
  RUN_TTL_MS,
  type JobData,
  type QueueTarget,
} from './queue-shared.js';

/** A compile gives up on a Redis it lost after this long. */
const GIVE_UP_MS = 8000;
/** destroy() waits this long for Redis before dropping the connections. */
const CLEANUP_MS = 3000;
/**
 * A compile whose jobs wait with none of them taken says so after this long, and again after
 * each further stretch (GUESSTREE_QUEUE_NOTICE_MS, at least 100, shortens it for the tests).
 */
const IDLE_NOTICE_MS = 45_000;

function idleNoticeMs(): number {
  const env = Number(process.env.GUESSTREE_QUEUE_NOTICE_MS);
  return Number.isInteger(env) && env >= 100 ? env : IDLE_NOTICE_MS;
}

/** BullMQ's reason for a job that stalled more often than allowed. */
const STALLED = /stalled more than allowable limit/;

/** The executor factory of `--queue URL`: checks the queue is reachable, then runs the compile's tasks there. */
export function queueExecutor(target: QueueTarget): ExecutorFactory {
  const open: ExecutorFactory = async (job, control) => {
    await checkQueue(target);
    return QueueExecutor.open(target, job, control);
  };
  return Object.assign(open, { remote: true });
}

interface Pending {
  readonly resolve: (r: TaskResult) => void;
  readonly reject: (e: Error) => void;
  readonly what: string;
  readonly onAbort: () => Error;
}

interface NewJob {
  readonly name: string;
  readonly data: JobData;
  readonly opts: JobsOptions;
}

class QueueExecutor implements TaskExecutor {
  readonly workers: number;
  readonly nodesSearched = 0;
  private readonly pending = new Map<string, Pending>();
  /** Jobs added (or being added) and not finished: removed from the queue on destroy. */
  private readonly outstanding = new Set<string>();
  private toAdd: NewJob[] = [];
  private seq = 0;
  private fatal: Error | null = null;
  private closing = false;
  private readonly heartbeat: NodeJS.Timeout;
  /** Jobs of this run a worker is running now. */
  private readonly active = new Set<string>();
  /** When a worker last took or finished a job of this run (or the wait began). */
  private lastTaken = Date.now();
  private lastNotice = 0;
  private readonly idleWatch: NodeJS.Timeout;
  private readonly onSignal = (): void => this.abort();

  private constructor(
    private readonly target: QueueTarget,
    private readonly job: PoolJob,
    workers: number,
    private readonly signal: AbortSignal | undefined,
    private readonly run: string,
    private readonly redis: Redis,
    private readonly queue: Queue,
    private readonly events: QueueEvents,
  ) {
    this.workers = workers;
    this.heartbeat = setInterval(() => {
      this.redis
        .multi()
        .pexpire(inputKey(run), RUN_TTL_MS)
        .pexpire(resultsKey(run), RUN_TTL_MS)
        .exec()
        .catch(() => {});
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
    const idle = idleNoticeMs();
    this.idleWatch = setInterval(() => this.noticeIdle(idle), Math.max(50, Math.floor(idle / 5)));
    this.idleWatch.unref();
    events.on('active', ({ jobId }) => {
      if (!this.pending.has(jobId)) return;
      this.active.add(jobId);
      this.lastTaken = Date.now();
    });
    events.on('waiting', ({ jobId }) => this.active.delete(jobId));
    events.on('stalled', ({ jobId }) => this.active.delete(jobId));
    events.on('completed', ({ jobId }) => this.completed(jobId));
    events.on('failed', ({ jobId, failedReason }) => this.failed(jobId, failedReason));
    events.on('removed', ({ jobId }) => this.gone(jobId, 'was removed from the queue'));
    signal?.addEventListener('abort', this.onSignal, { once: true });
    if (signal?.aborted) this.abort();
  }

  static async open(
    target: QueueTarget,
    job: PoolJob,
    { workers, signal }: Pick<ExecutorControl, 'workers' | 'signal'>,
  ): Promise<QueueExecutor> {
    const run = randomBytes(8).toString('hex');
    const redis = new Redis(redisOptions(target, GIVE_UP_MS));
    let lastError: unknown = null;
    redis.on('error', (e: unknown) => (lastError = e));
    let executor: QueueExecutor | null = null;
    redis.on('end', () => executor?.lose(lastError ?? new Error('connection closed')));
    let queue: Queue | null = null;
    let events: QueueEvents | null = null;
    try {
      await redis.set(
        inputKey(run),
        encode({ module: job.module, gameSpec: job.gameSpec, setup: job.setup, label: job.label } satisfies PoolJob),
        'PX',
        RUN_TTL_MS,
      );
      // Events are read from here on: the run's first job comes after this id.
      const last = await redis.xrevrange(`${QUEUE_PREFIX}:${QUEUE_NAME}:events`, '+', '-', 'COUNT', 1);
      const lastEventId = last[0]?.[0] ?? '0-0';
      queue = new Queue(QUEUE_NAME, { connection: redis, prefix: QUEUE_PREFIX });
      queue.on('error', (e: unknown) => (lastError = e));
      events = new QueueEvents(QUEUE_NAME, {
        connection: redisOptions(target, GIVE_UP_MS),
        prefix: QUEUE_PREFIX,
        lastEventId,
      });
      events.on('error', (e: unknown) => (lastError = e));
      await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
      (await events.client).on('end', () => executor?.lose(lastError ?? new Error('connection closed')));
      executor = new QueueExecutor(target, job, workers, signal, run, redis, queue, events);
      // The jobs wait in the queue for workers; on a terminal, say so when there is none yet.
      if (process.stderr.isTTY && (await queue.getWorkersCount().catch(() => 1)) === 0) {
        process.stderr.write(
          `guesstree: no worker takes jobs from ${target.shown} yet; the jobs wait for one (guesstree worker --queue URL)\n`,
        );
      }
      return executor;
    } catch (e) {
      if (executor) await executor.destroy();
      else {
        await Promise.race([
          redis.del(inputKey(run)).catch(() => 0),
          new Promise((r) => setTimeout(r, CLEANUP_MS).unref()),
        ]);
        await Promise.all([events?.close(), queue?.close()]).catch(() => {});
        redis.disconnect();
      }
      throw fail('queue', `cannot use the queue at ${target.shown}: ${reasonOf(target, e)}`);
    }
  }

  /**
   * Jobs wait and none has been taken for `idle` ms: one line on stderr, again after each further
   * `idle` ms, so a compile with no worker (or only busy ones) never waits without a word.
   */
  private noticeIdle(idle: number): void {
    const now = Date.now();
    if (this.closing || this.pending.size === 0 || this.active.size > 0) {
      this.lastTaken = now;
      return;
    }
    if (now - this.lastTaken < idle || now - this.lastNotice < idle) return;
    this.lastNotice = now;
    const seconds = Math.round((now - this.lastTaken) / 1000);
    const jobs = this.pending.size;
    process.stderr.write(
      `guesstree: no worker has taken a job for ${seconds} s on ${this.target.shown} (${jobs} job${jobs === 1 ? '' : 's'} waiting); start one with \`guesstree worker\` (the same URL, in ${QUEUE_ENV} or --queue)\n`,
    );
  }

  get aborted(): boolean {
    return this.signal?.aborted === true;
  }

  runWithRetry(task: Task, what: () => string, onAbort: () => Error): Promise<TaskResult> {
    if (this.fatal) return Promise.reject(this.fatal);
    if (this.aborted) return Promise.reject(onAbort());
    const id = `${this.run}-${++this.seq}`;
    const data: JobData = {
      ...ownVersions(),
      run: this.run,
      module: this.job.module,
      label: this.job.label,
      what: what(),
      kind: task.kind,
      sets: task.kind === 'solve' ? task.sets.length : 1,
      task: encode(task).toString('base64'),
    };
    return new Promise<TaskResult>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, what: data.what, onAbort });
      this.outstanding.add(id);
      this.toAdd.push({
        name: jobSummary(data),
        data,
        opts: { jobId: id, attempts: JOB_ATTEMPTS, removeOnComplete: true, removeOnFail: true },
      });
      // The tasks the driver starts together go to Redis in one round trip.
      if (this.toAdd.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const batch = this.toAdd;
    this.toAdd = [];
    if (batch.length === 0 || this.closing) return;
    this.queue.addBulk(batch).catch((e: unknown) => {
      for (const j of batch)
        this.settle(j.opts.jobId as string)?.reject(
          this.fatal ??
            fail('queue', `cannot add jobs to the queue at ${this.target.shown}: ${reasonOf(this.target, e)}`),
        );
    });
  }

  /** The pending task of a job of this run, taken out (null: not ours, or already settled). */
  private settle(id: string): Pending | null {
    const p = this.pending.get(id);
    if (!p) return null;
    this.active.delete(id);
    this.lastTaken = Date.now();
    this.pending.delete(id);
    this.outstanding.delete(id);
    return p;
  }

  private completed(id: string): void {
    const p = this.settle(id);
    if (!p) return;
    const key = resultsKey(this.run);
    this.redis
      .multi()
      .hgetBuffer(key, id)
      .hdel(key, id)
      .exec()
      .then((replies) => {
        const bytes = replies?.[0]?.[1] as Buffer | null | undefined;
        if (!bytes) throw new Error('the job ended without a result');
        p.resolve(decode<TaskResult>(bytes));
      })
      .catch((e: unknown) =>
        p.reject(
          this.fatal ??
            fail('worker', `${this.job.module} compile: job ${id} (${p.what}): ${reasonOf(this.target, e)}`),
        ),
      );
  }

  private failed(id: string, failedReason: string): void {
    const p = this.settle(id);
    if (!p) return;
    // A worker's words (or anyone's who can write to the queue): printed with control characters escaped.
    const reason = escapeControls(String(failedReason));
    const head = `${this.job.module} compile`;
    let message: string;
    if (reason.startsWith(REFUSED))
      message = `${head}: job ${id} (${p.what}) was refused by a worker: ${reason.slice(REFUSED.length)}`;
    else if (STALLED.test(reason))
      message = `${head}: job ${id} (${p.what}) failed: its worker stopped mid-job too many times (${reason})`;
    else message = `${head}: a worker failed twice on ${p.what} (job ${id}): ${reason}`;
    p.reject(fail('worker', message));
  }

  private gone(id: string, what: string): void {
    const p = this.settle(id);
    if (p)
      p.reject(
        this.aborted ? p.onAbort() : fail('worker', `${this.job.module} compile: job ${id} (${p.what}) ${what}`),
      );
  }

  /** Interrupted: every pending task rejects now with the driver's interrupt error. */
  private abort(): void {
    for (const [id, p] of [...this.pending]) {
      this.pending.delete(id);
      p.reject(p.onAbort());
    }
  }

  /** Redis is gone: every pending task fails with one line. */
  private lose(e: unknown): void {
    if (this.closing || this.fatal) return;
    this.fatal = fail('queue', `lost the queue at ${this.target.shown}: ${reasonOf(this.target, e)}`);
    for (const [id, p] of [...this.pending]) {
      this.pending.delete(id);
      p.reject(this.aborted ? p.onAbort() : this.fatal);
    }
  }

  async destroy(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    clearInterval(this.heartbeat);
    clearInterval(this.idleWatch);
    this.signal?.removeEventListener('abort', this.onSignal);
    this.abort();
    const cleanup = async (): Promise<void> => {
      if (this.fatal) return;
      // Jobs still queued (after an interrupt or a failure) are removed; running ones finish
      // on their worker, which then finds the run's input gone and drops the result.
      await Promise.all([...this.outstanding].map((id) => this.queue.remove(id).catch(() => 0)));
      await this.redis.del(inputKey(this.run), resultsKey(this.run));
    };
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([cleanup().catch(() => {}), new Promise<void>((r) => (timer = setTimeout(r, CLEANUP_MS)))]);
    clearTimeout(timer);
    await Promise.race([
      Promise.all([this.events.close(), this.queue.close()]).catch(() => {}),
      new Promise<void>((r) => (timer = setTimeout(r, CLEANUP_MS))),
    ]);
    clearTimeout(timer);
    this.redis.disconnect();
  }
}
