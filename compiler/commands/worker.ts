/**
 * `guesstree worker --queue URL [--concurrency N]`: a long-running worker for compiles on the
 * job queue (`compile --queue URL`). It takes jobs from the queue, runs each in a thread of its
 * own piscina pool (so this thread stays free to renew the jobs' locks: a busy worker is never
 * taken for a dead one) with the same task runner as a local compile, and stores the result
 * for the compile. One line per job on stderr. SIGTERM or Ctrl-C: it takes no more jobs,
 * puts the jobs it is running back in the queue (another worker takes them up), exits 0.
 *
 * A job from another tool version, tree format or queue protocol is refused with one line:
 * the job fails at once (no retry) and its compile ends naming the job and the reason. So is a
 * job whose game this worker cannot set up (a file game whose module file is missing here or
 * differs by hash). Nothing of a job is trusted (worker-jobs.ts): its compile input is checked
 * once, as `compile` checks options, before a thread builds anything from it, and game module
 * files load only from the folders given with `--games`.
 */
import { hostname } from 'node:os';
import { fileURLToPath } from 'node:url';
import { UnrecoverableError, WaitingError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { Piscina } from 'piscina';
import type { ThreadJob } from '../pool/queue-thread.js';
import { escapeControls, groupDigits } from '../../runtime/messages.js';
import { checkJobInput, JOB_INPUT_MAX_BYTES } from './worker-jobs.js';
import {
  checkQueue,
  decode,
  inputKey,
  jobSummary,
  MAX_STALLS,
  ownVersions,
  QUEUE_NAME,
  QUEUE_PREFIX,
  reasonOf,
  redisOptions,
  REFUSED,
  resultsKey,
  type JobData,
  type QueueTarget,
  type Versions,
} from '../pool/queue-shared.js';

/** A job's lock: renewed every half of it while the job runs; a killed worker's job is taken up again after about this long. */
const DEFAULT_LOCK_MS = 30_000;
/** Compile inputs kept in memory (their jobs skip the fetch). */
const KEEP_INPUTS = 2;

/** Stores a result only while the compile's input exists (a finished or interrupted compile has deleted it); the results expire with the input. */
const STORE_RESULT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl > 0 then redis.call('PEXPIRE', KEYS[2], ttl) end
return 1`;

type StoreClient = Redis & {
  guesstreeStore(input: string, results: string, id: string, bytes: Buffer): Promise<number>;
};

export interface WorkerRequest {
  readonly target: QueueTarget;
  readonly concurrency: number;
  /** The thread file that runs a job (default: pool/queue-thread.js; the tests give a slowed or failing one). */
  readonly threadFile?: URL | undefined;
  /** What the worker claims to speak (default: this program's; the tests claim another version). */
  readonly versions?: Versions | undefined;
  /** The folders it loads game module files from (`gameFolders`: real paths); none: it runs no file game. */
  readonly games?: readonly string[] | undefined;
}

/** A compile's run id: 16 hex digits (queue.ts), so a job names no other key. */
const RUN_ID = /^[0-9a-f]{16}$/;

function lockMs(): number {
  const env = Number(process.env.GUESSTREE_QUEUE_LOCK_MS);
  return Number.isInteger(env) && env >= 200 ? env : DEFAULT_LOCK_MS;
}

/**
 * A compile's input by its run id, or null when its compile is gone: fetched once into shared
 * memory (the pool's threads read it without a copy per job), the last KEEP_INPUTS kept; one over
 * JOB_INPUT_MAX_BYTES is refused without being fetched.
 */
function inputFetcher(redis: StoreClient): (run: string) => Promise<Uint8Array | null> {
  const inputs = new Map<string, Promise<Uint8Array | null>>();
  return async (run) => {
    const cached = inputs.get(run);
    if (cached) {
      inputs.delete(run);
      inputs.set(run, cached);
      const bytes = await cached;
      if (bytes && (await redis.exists(inputKey(run))) === 1) return bytes;
      inputs.delete(run);
      return null;
    }
    const fetched = redis.strlen(inputKey(run)).then(async (size) => {
      if (size > JOB_INPUT_MAX_BYTES)
        throw new UnrecoverableError(
          `${REFUSED}the compile's input is ${groupDigits(size)} bytes, over the ${groupDigits(JOB_INPUT_MAX_BYTES)} a worker takes`,
        );
      const b = await redis.getBuffer(inputKey(run));
      if (!b) return null;
      // Shared memory: the pool's threads read it without a copy per job.
      const shared = new Uint8Array(new SharedArrayBuffer(b.length));
      shared.set(b);
      return shared;
    });
    inputs.set(run, fetched);
    while (inputs.size > KEEP_INPUTS) inputs.delete(inputs.keys().next().value as string);
    const bytes = await fetched.catch((e: unknown) => {
      inputs.delete(run);
      throw e;
    });
    if (!bytes) inputs.delete(run);
    return bytes;
  };
}

/** Each input checked once (checkJobInput), by its bytes as fetched: null when it passed, else why it is refused. */
function inputChecker(folders: readonly string[]): (input: Uint8Array) => string | null {
  const verdicts = new WeakMap<Uint8Array, string | null>();
  return (input) => {
    let v = verdicts.get(input);
    if (v !== undefined) return v;
    try {
      checkJobInput(decode<unknown>(input), folders);
      v = null;
    } catch (e) {
      v = e instanceof Error ? e.message : String(e);
    }
    verdicts.set(input, v);
    return v;
  };
}

/** What every job of one worker shares. */
interface WorkerState {
  readonly target: QueueTarget;
  /** What this worker speaks. */
  readonly own: Versions;
  readonly pool: Piscina<ThreadJob, Uint8Array>;
  readonly redis: StoreClient;
  readonly log: (line: string) => void;
  readonly inputOf: (run: string) => Promise<Uint8Array | null>;
  readonly verdictOf: (input: Uint8Array) => string | null;
  /** The jobs running, by id: aborted when the worker stops. */
  readonly running: Map<string, AbortController>;
  /** Set once SIGTERM or SIGINT came: a job not yet running goes back to the queue. */
  stopping: boolean;
}

/** One job, counted as running from the moment this worker takes it (so a stop names it) until it settles. */
async function processJob(w: WorkerState, job: Job<JobData>, token?: string): Promise<string> {
  const id = job.id as string;
  const abort = new AbortController();
  w.running.set(id, abort);
  try {
    return await runTakenJob(w, job, abort, token);
  } finally {
    w.running.delete(id);
  }
}

/** One job: refused (another version, a bad run id or input), put back (stopping), or run and its result stored. */
async function runTakenJob(w: WorkerState, job: Job<JobData>, abort: AbortController, token?: string): Promise<string> {
  const { own, log } = w;
  const d = job.data;
  const id = job.id as string;
  const tag = escapeControls(`job ${id} (${jobSummary(d)})`);
  const started = Date.now();
  if (d.protocol !== own.protocol || d.tool !== own.tool || d.treeFormat !== own.treeFormat) {
    const reason = `this worker is guesstree ${own.tool} (tree format ${own.treeFormat}, queue protocol ${own.protocol}), the job comes from guesstree ${d.tool} (tree format ${d.treeFormat}, queue protocol ${d.protocol})`;
    log(`worker: ${tag} ${REFUSED}${escapeControls(reason)}`);
    throw new UnrecoverableError(`${REFUSED}${reason}`);
  }
  const release = async (): Promise<never> => {
    if (token) await job.moveToWait(token);
    log(`worker: ${tag} put back in the queue`);
    throw new WaitingError();
  };
  if (w.stopping) return release();
  const refuse = (reason: string): never => {
    log(`worker: ${tag} ${REFUSED}${escapeControls(reason)}`);
    throw new UnrecoverableError(`${REFUSED}${reason}`);
  };
  if (typeof d.run !== 'string' || !RUN_ID.test(d.run)) refuse('the job names no compile of guesstree (its run id)');
  let input: Uint8Array | null;
  try {
    input = await w.inputOf(d.run);
  } catch (e) {
    if (e instanceof UnrecoverableError) refuse(e.message.slice(REFUSED.length));
    throw e;
  }
  if (!input) {
    log(`worker: ${tag} skipped: its compile is gone`);
    return 'gone';
  }
  const verdict = w.verdictOf(input);
  if (verdict !== null) refuse(verdict);
  if (w.stopping) return release();
  try {
    const bytes = await w.pool.run(
      { run: d.run, input, task: Buffer.from(d.task, 'base64') },
      { signal: abort.signal },
    );
    const stored = await w.redis.guesstreeStore(
      inputKey(d.run),
      resultsKey(d.run),
      id,
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    log(
      stored === 1
        ? `worker: ${tag} done in ${seconds} s`
        : `worker: ${tag} done in ${seconds} s; its compile is gone, result dropped`,
    );
    return stored === 1 ? 'done' : 'gone';
  } catch (e) {
    if (abort.signal.aborted) return release();
    const reason = reasonOf(w.target, e);
    // This worker cannot set up the compile's game (a file game's module missing or not the same).
    if (reason.startsWith(REFUSED)) {
      log(`worker: ${tag} ${reason}`);
      throw new UnrecoverableError(reason);
    }
    const attempts = job.opts.attempts ?? 1;
    log(`worker: ${tag} failed (attempt ${job.attemptsMade + 1} of ${attempts}): ${reason}`);
    throw e;
  }
}

/** Run a worker until SIGTERM or SIGINT. */
export async function runWorker(req: WorkerRequest, log: (line: string) => void): Promise<void> {
  const { target, concurrency } = req;
  await checkQueue(target);
  const own = req.versions ?? ownVersions();
  const lock = lockMs();
  const pool = new Piscina<ThreadJob, Uint8Array>({
    filename: fileURLToPath(req.threadFile ?? new URL('../pool/queue-thread.js', import.meta.url)),
    minThreads: concurrency,
    maxThreads: concurrency,
    idleTimeout: 2 ** 31 - 1,
  });
  pool.on('error', () => {});
  const redis = new Redis(redisOptions(target, Infinity)) as StoreClient;
  redis.defineCommand('guesstreeStore', { numberOfKeys: 2, lua: STORE_RESULT });
  let lastError = '';
  const noteError = (e: unknown): void => {
    const text = reasonOf(target, e);
    if (text !== lastError) log(`worker: queue error: ${text}`);
    lastError = text;
  };
  redis.on('error', noteError);
  redis.on('ready', () => (lastError = ''));

  const folders = req.games ?? [];
  const state: WorkerState = {
    target,
    own,
    pool,
    redis,
    log,
    inputOf: inputFetcher(redis),
    verdictOf: inputChecker(folders),
    running: new Map(),
    stopping: false,
  };
  const worker = new Worker<JobData, string>(QUEUE_NAME, (job, token) => processJob(state, job, token), {
    connection: redisOptions(target, Infinity),
    prefix: QUEUE_PREFIX,
    // Recorded on each job it takes (BullMQ's processedBy): which machine and process ran it.
    name: `${hostname()}:${process.pid}`,
    concurrency,
    lockDuration: lock,
    stalledInterval: lock,
    maxStalledCount: MAX_STALLS,
    autorun: false,
  });
  worker.on('error', noteError);
  worker.on('stalled', (jobId: string) =>
    log(`worker: job ${jobId} stalled (its worker stopped mid-job); back in the queue`),
  );

  const { running } = state;
  let stopped: Promise<void> | null = null;
  const stop = (sig: NodeJS.Signals): void => {
    if (stopped) return;
    state.stopping = true;
    log(
      `worker: ${sig} received, ${running.size ? `putting ${running.size} running job${running.size === 1 ? '' : 's'} back in the queue` : 'stopping'}`,
    );
    const closing = worker.close();
    for (const a of running.values()) a.abort();
    stopped = closing
      .catch(noteError)
      .then(() => pool.destroy())
      .then(() => redis.quit())
      .then(
        () => undefined,
        () => redis.disconnect(),
      );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  await worker.waitUntilReady();
  log(
    `worker: taking jobs from ${target.shown} (concurrency ${concurrency}; guesstree ${own.tool}, tree format ${own.treeFormat}, queue protocol ${own.protocol}; ${folders.length ? `game files from ${folders.map(escapeControls).join(', ')}` : 'no game files (--games)'})`,
  );
  await worker.run();
  await (stopped ?? Promise.resolve());
  process.off('SIGTERM', stop);
  process.off('SIGINT', stop);
  log('worker: stopped');
}
