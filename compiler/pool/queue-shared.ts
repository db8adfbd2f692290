/**
 * What a compile on the job queue (`compile --queue URL`) and its workers (`guesstree worker`)
 * agree on: the queue's URL and connection settings, the Redis keys, the job's data and the
 * binary codec of tasks, results and the compile's input.
 *
 *   - One BullMQ queue, `guesstree:compile`, that every worker of a Redis database listens on.
 *   - Each compile has a random run id; its jobs are `<run>-<n>` and its keys
 *     `guesstree:run:<run>:input` (the PoolJob, msgpack, written once) and
 *     `guesstree:run:<run>:results` (a hash: job id → the task's result, msgpack). Both expire
 *     unless the compile keeps refreshing them, so a compile that was killed leaves nothing
 *     behind for long, and its queued jobs are skipped.
 *   - Tasks, results and the input are msgpack with typed arrays kept as typed arrays
 *     (`moreTypes`), so Uint32Array sets, trees and Float64Array rankings round-trip exactly,
 *     and Infinity survives (JSON would lose both).
 */
import { Redis, type RedisOptions } from 'ioredis';
import { Packr } from 'msgpackr';
import { fail } from '../../runtime/errors.js';
import { msgpackShapeProblem } from '../../runtime/msgpack-shape.js';
import { TREE_FORMAT_VERSION } from '../../runtime/tree-format.js';
import { TOOL_VERSION } from '../version.js';
import type { QueueTarget } from './queue-url.js';

export type { QueueTarget } from './queue-url.js';

/** The job protocol: bump when JobData, the keys or the codec change. */
export const QUEUE_PROTOCOL = 1;
export const QUEUE_PREFIX = 'guesstree';
export const QUEUE_NAME = 'compile';
/** A compile's keys live this long unless it refreshes them (every HEARTBEAT_MS). */
export const RUN_TTL_MS = 10 * 60_000;
export const HEARTBEAT_MS = 60_000;
/** Attempts of a job whose worker threw (a second failure ends the compile). */
export const JOB_ATTEMPTS = 2;
/** Stalls (a worker killed mid-job) a job survives; one more fails it, so a job that kills every worker ends. */
export const MAX_STALLS = 2;
/** How a refused job's failure begins: the job fails at once (no retry) and its compile names the reason. */
export const REFUSED = 'refused: ';
/** The lowest Redis the queue is tested on. */
const MIN_REDIS: readonly [number, number] = [6, 2];
/** How long reaching the queue may take before it is given up. */
const CONNECT_TIMEOUT_MS = 3000;

export const inputKey = (run: string): string => `${QUEUE_PREFIX}:run:${run}:input`;
export const resultsKey = (run: string): string => `${QUEUE_PREFIX}:run:${run}:results`;

/** What a job carries (BullMQ stores it as JSON; the task itself is msgpack in base64). */
export interface JobData {
  readonly protocol: number;
  readonly tool: string;
  readonly treeFormat: number;
  readonly run: string;
  readonly module: string;
  readonly label: string;
  /** The task in the driver's words (`batch 3 (node: ...)`), for messages. */
  readonly what: string;
  readonly kind: string;
  /** How many sets the task solves (1 for rank, whole and module tasks). */
  readonly sets: number;
  readonly task: string;
}

export interface Versions {
  readonly protocol: number;
  readonly tool: string;
  readonly treeFormat: number;
}

/** What this program speaks. */
export function ownVersions(): Versions {
  return { protocol: QUEUE_PROTOCOL, tool: TOOL_VERSION, treeFormat: TREE_FORMAT_VERSION };
}

const packr = new Packr({ useRecords: false, moreTypes: true });

/** msgpack with typed arrays kept; the bytes are a copy (msgpackr reuses its buffer). */
export function encode(value: unknown): Buffer {
  return Buffer.from(packr.pack(value));
}

/**
 * What a queue message may hold once decoded. Anyone who can write to the queue can write a
 * message, and the decoder trusts the counts it reads (a megabyte of empty maps is a gigabyte of
 * objects), so each message is scanned first. A plan nests two levels a guess, so a depth of 256
 * is far past any tree's; the largest messages (a Wordle or Lingo plan, a word list) hold a few
 * hundred thousand items.
 */
const MESSAGE_LIMITS = { maxItems: 8_000_000, maxDepth: 256, maxStringBytes: 64 * 2 ** 20, anyExtension: true };

/** Decodes a queue message; a message past the limits above is refused before it is decoded. */
export function decode<T>(bytes: Uint8Array): T {
  const problem = msgpackShapeProblem(bytes, MESSAGE_LIMITS);
  if (problem) throw new Error(`a queue message of ${bytes.length} bytes is refused: ${problem}`);
  return packr.unpack(bytes) as T;
}

/** The message of an error with the target's password (if any) masked, on one line. */
export function reasonOf(target: QueueTarget, e: unknown): string {
  let text = e instanceof Error ? e.message : String(e);
  for (const secret of [target.password, target.username])
    if (secret && secret.length >= 3) text = text.split(secret).join('***');
  return (
    text
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .join(' ') || 'unknown error'
  );
}

/**
 * ioredis options for the target. `giveUpAfter` (ms): stop reconnecting after that long, so a
 * compile whose Redis went away fails instead of waiting forever; a worker passes Infinity.
 */
export function redisOptions(target: QueueTarget, giveUpAfterMs: number): RedisOptions {
  let lostAt = 0;
  return {
    host: target.host,
    port: target.port,
    db: target.db,
    ...(target.username !== undefined ? { username: target.username } : {}),
    ...(target.password !== undefined ? { password: target.password } : {}),
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: null,
    retryStrategy: (times: number): number | null => {
      if (times === 1) lostAt = Date.now();
      if (Date.now() - lostAt > giveUpAfterMs) return null;
      return Math.min(200 * times, 2000);
    },
  };
}

/**
 * Connect once without retries and check the server: within a few seconds, the queue is
 * reachable (and the password right, and Redis new enough), or a one-line `queue` error.
 */
export async function checkQueue(target: QueueTarget): Promise<void> {
  const client = new Redis({
    ...redisOptions(target, 0),
    lazyConnect: true,
    enableOfflineQueue: false,
    retryStrategy: () => null,
    maxRetriesPerRequest: 0,
  });
  let last: unknown = null;
  client.on('error', (e: unknown) => {
    last = e;
  });
  const cannot = (e: unknown): Error =>
    fail('queue', `cannot reach the queue at ${target.shown}: ${reasonOf(target, e)}`);
  let timer: NodeJS.Timeout | undefined;
  try {
    const info = await Promise.race([
      (async () => {
        await client.connect();
        // A database the server does not have fails only this SELECT (the connection stays on 0).
        await client.select(target.db).catch((e: unknown) => {
          throw fail('queue', `the queue at ${target.shown}: database ${target.db}: ${reasonOf(target, e)}`);
        });
        return client.info('server');
      })(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${(CONNECT_TIMEOUT_MS + 2000) / 1000} s`)),
          CONNECT_TIMEOUT_MS + 2000,
        );
      }),
    ]);
    const version = /redis_version:(\d+)\.(\d+)/.exec(info);
    if (version) {
      const [major, minor] = [Number(version[1]), Number(version[2])];
      if (major < MIN_REDIS[0] || (major === MIN_REDIS[0] && minor < MIN_REDIS[1])) {
        throw fail(
          'queue',
          `the queue at ${target.shown} runs Redis ${major}.${minor}; guesstree needs Redis ${MIN_REDIS.join('.')} or newer`,
        );
      }
    }
  } catch (e) {
    if (e instanceof Error && e.name === 'GuesstreeError') throw e;
    // "Connection is closed." says less than the socket error that closed it.
    throw cannot(last && e instanceof Error && /Connection is closed/.test(e.message) ? last : e);
  } finally {
    if (timer) clearTimeout(timer);
    client.disconnect();
  }
}

/** A job's task for messages: `wordle solve, 12 sets`. */
export function jobSummary(d: Pick<JobData, 'module' | 'kind' | 'sets'>): string {
  return d.kind === 'solve'
    ? `${d.module} ${d.kind}, ${d.sets} set${d.sets === 1 ? '' : 's'}`
    : `${d.module} ${d.kind}`;
}
