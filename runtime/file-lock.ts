/**
 * An exclusive lock between processes: a lock file created with O_EXCL ('wx') that holds the
 * owner's pid, host, start time and a random token. Waiters sleep and retry (synchronously);
 * a lock whose owner is dead (same host, pid gone) or that is older than `staleMs` is broken;
 * after `timeoutMs` the wait ends with one line naming the lock file.
 *
 * Breaking is itself serialized by a second file (LOCK.break) so that two waiters that saw the
 * same stale lock cannot remove a fresh one between them. `staleMs` must be longer than any
 * real hold of the lock: an owner older than that is treated as gone.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { fail, type ErrorKind } from './errors.js';
import { describeFsError, escapeControls } from './messages.js';

export interface LockOptions {
  /** A lock older than this is broken (default 30 s). */
  readonly staleMs?: number;
  /** Give up waiting after this long (default 60 s). */
  readonly timeoutMs?: number;
  /** The error kind of a lock that cannot be taken (default 'manifest'). */
  readonly kind?: ErrorKind;
}

/** LockOptions with the defaults filled in. */
type LockSettings = Required<LockOptions>;

export const DEFAULT_STALE_MS = 30_000;
export const DEFAULT_TIMEOUT_MS = 60_000;

/** What a lock file says about its owner, with the file's identity to tell two locks apart. */
interface Holder {
  readonly pid: number | undefined;
  readonly host: string | undefined;
  readonly time: string | undefined;
  readonly text: string;
  readonly ino: number;
  readonly mtimeMs: number;
}

const sleepCell = new Int32Array(new SharedArrayBuffer(4));
function sleepMs(ms: number): void {
  Atomics.wait(sleepCell, 0, 0, ms);
}

function errnoCode(e: unknown): string | undefined {
  return (e as NodeJS.ErrnoException | null)?.code;
}

/** Create the lock file; its token, or null when another process holds it. */
function tryCreate(lockPath: string, kind: ErrorKind): string | null {
  let fd: number;
  try {
    fd = openSync(lockPath, 'wx');
  } catch (e) {
    if (errnoCode(e) === 'EEXIST') return null;
    throw fail(kind, `${escapeControls(lockPath)}: cannot lock: ${describeFsError(e, 'write')}`);
  }
  const token = randomBytes(8).toString('hex');
  const body = `${JSON.stringify({ pid: process.pid, host: hostname(), time: new Date().toISOString(), token })}\n`;
  try {
    writeSync(fd, body);
  } catch (e) {
    closeSync(fd);
    unlinkSync(lockPath);
    throw fail(kind, `${escapeControls(lockPath)}: cannot lock: ${describeFsError(e, 'write')}`);
  }
  closeSync(fd);
  return token;
}

/** The current lock file's owner, or null when there is no lock file any more. */
function readHolder(lockPath: string, kind: ErrorKind): Holder | null {
  let text: string;
  let ino: number;
  let mtimeMs: number;
  try {
    const st = statSync(lockPath);
    ino = st.ino;
    mtimeMs = st.mtimeMs;
    text = readFileSync(lockPath, 'utf8');
  } catch (e) {
    if (errnoCode(e) === 'ENOENT') return null;
    throw fail(kind, `${escapeControls(lockPath)}: cannot read the lock file: ${describeFsError(e, 'read')}`);
  }
  let fields: Partial<{ pid: unknown; host: unknown; time: unknown }> = {};
  try {
    fields = JSON.parse(text) as typeof fields;
  } catch {
    // Just created, not written yet (or garbage): only its age can make it stale.
  }
  return {
    pid: typeof fields.pid === 'number' && Number.isInteger(fields.pid) && fields.pid > 0 ? fields.pid : undefined,
    host: typeof fields.host === 'string' ? fields.host : undefined,
    time: typeof fields.time === 'string' ? fields.time : undefined,
    text,
    ino,
    mtimeMs,
  };
}

/** Whether a process with this pid exists (EPERM: it does, under another user). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return errnoCode(e) === 'EPERM';
  }
}

function isStale(h: Holder, staleMs: number): boolean {
  if (Date.now() - h.mtimeMs > staleMs) return true;
  // A pid means something only on the host that wrote it.
  return h.pid !== undefined && h.host === hostname() && !pidAlive(h.pid);
}

function sameLock(a: Holder, b: Holder): boolean {
  return a.ino === b.ino && a.mtimeMs === b.mtimeMs && a.text === b.text;
}

function unlinkIfPresent(path: string, kind: ErrorKind): void {
  try {
    unlinkSync(path);
  } catch (e) {
    if (errnoCode(e) !== 'ENOENT')
      throw fail(kind, `${escapeControls(path)}: cannot remove a stale lock: ${describeFsError(e, 'write')}`);
  }
}

/**
 * Remove the stale lock `seen`, unless it changed meanwhile. True when this call removed it
 * or it was gone; false when another process is breaking it (try again shortly).
 */
function breakStale(lockPath: string, seen: Holder, lock: LockSettings): boolean {
  const { staleMs, kind } = lock;
  const guard = `${lockPath}.break`;
  if (tryCreate(guard, kind) === null) {
    // A breaker that died holding the guard leaves it behind: it goes stale the same way.
    const g = readHolder(guard, kind);
    if (g !== null && isStale(g, staleMs)) unlinkIfPresent(guard, kind);
    return false;
  }
  try {
    const now = readHolder(lockPath, kind);
    if (now !== null && sameLock(now, seen)) unlinkIfPresent(lockPath, kind);
    return true;
  } finally {
    unlinkIfPresent(guard, kind);
  }
}

/** Remove our lock file, unless it was broken and another process holds it now. */
function release(lockPath: string, token: string): void {
  try {
    const h = readHolder(lockPath, 'manifest');
    if (h?.text.includes(`"token":"${token}"`)) unlinkSync(lockPath);
  } catch {
    // The lock file is gone or unreadable: nothing of ours is left to remove.
  }
}

function timeoutMessage(lockPath: string, h: Holder | null, waitedMs: number): string {
  if (h === null)
    return `${escapeControls(lockPath)}: cannot create the lock file; gave up after ${(waitedMs / 1000).toFixed(1)} s`;
  const owner =
    h.pid !== undefined
      ? `process ${h.pid}${h.host !== undefined && h.host !== hostname() ? ` on ${escapeControls(h.host)}` : ''}`
      : 'another process';
  const since = h.time !== undefined ? ` since ${escapeControls(h.time)}` : '';
  return `${escapeControls(lockPath)}: locked by ${owner}${since}; gave up after ${(waitedMs / 1000).toFixed(1)} s (remove the file if no guesstree is running)`;
}

/** Take the lock, waiting as long as `timeoutMs`; returns the token that proves ownership. */
function acquire(lockPath: string, lock: LockSettings): string {
  const { staleMs, timeoutMs, kind } = lock;
  const started = Date.now();
  let waitMs = 2;
  for (;;) {
    const token = tryCreate(lockPath, kind);
    if (token !== null) return token;
    const holder = readHolder(lockPath, kind);
    if (holder !== null && isStale(holder, staleMs) && breakStale(lockPath, holder, lock)) continue;
    const waited = Date.now() - started;
    if (waited >= timeoutMs) throw fail(kind, timeoutMessage(lockPath, holder, waited));
    // Released meanwhile (holder null): try again almost at once, else back off a little.
    if (holder === null) {
      sleepMs(1);
      continue;
    }
    sleepMs(Math.min(waitMs + Math.random() * waitMs, timeoutMs - waited));
    waitMs = Math.min(waitMs * 2, 50);
  }
}

/** Run `body` holding the lock file `lockPath`; the lock is released however `body` ends. */
export function withFileLock<T>(lockPath: string, body: () => T, opts: LockOptions = {}): T {
  const token = acquire(lockPath, {
    staleMs: opts.staleMs ?? DEFAULT_STALE_MS,
    timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    kind: opts.kind ?? 'manifest',
  });
  try {
    return body();
  } finally {
    release(lockPath, token);
  }
}
