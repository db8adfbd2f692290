/**
 * Atomic file writes: a temporary file beside the target, then a rename. On any failure the
 * temporary file is removed and the error is one line in words (`PATH: cannot write: folder
 * does not exist`). A target that is not a regular file (/dev/null, /dev/stdout, a FIFO, a
 * device such as /dev/full) is written in place instead: renaming onto it would replace it.
 * A symbolic link to a regular file is kept; the file it points to is replaced.
 * A device that fails (ENOSPC, EDQUOT, EIO, EFBIG) is an `io` error (status 9), as a full stdout
 * is; any other failure (a missing folder, no permission) is `usage` (status 2).
 * `stageFileAtomic` writes the temporary file now and renames it later (or removes it): files
 * that must appear together with a manifest entry, or not at all.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  lstatSync,
  openSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
  type Stats,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fail } from './errors.js';
import { describeFsError, escapeControls } from './messages.js';

/** Longest file name (bytes) most file systems take (NAME_MAX). */
const NAME_MAX = 255;

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null; // missing, or unreachable: opening the temporary file says why
  }
}

/** The temporary name beside `target`: `.NAME.PID.RANDOM.tmp`, hashed when NAME is too long for it. */
export function tempPathFor(target: string): string {
  const base = basename(target);
  const suffix = `${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const plain = `.${base}.${suffix}`;
  const name =
    Buffer.byteLength(plain) <= NAME_MAX
      ? plain
      : `.${createHash('sha256').update(base).digest('hex').slice(0, 16)}.${suffix}`;
  return join(dirname(target), name);
}

function writeAll(fd: number, bytes: Uint8Array): void {
  let off = 0;
  while (off < bytes.length) off += writeSync(fd, bytes, off, bytes.length - off);
}

/** Devices, FIFOs and sockets: open and write, no temporary file, no fsync. */
function writeInPlace(path: string, bytes: Uint8Array): void {
  const fd = openSync(path, 'w');
  try {
    writeAll(fd, bytes);
  } finally {
    closeSync(fd);
  }
}

function removeQuietly(tmp: string): void {
  try {
    rmSync(tmp, { force: true });
  } catch {
    // Nothing more can be done; the write error is the one to report.
  }
}

/** The bytes in a temporary file beside `target`, written and synced; the caller renames it. */
function writeTemp(target: string, bytes: Uint8Array): string {
  const tmp = tempPathFor(target);
  try {
    const fd = openSync(tmp, 'wx');
    try {
      writeAll(fd, bytes);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    removeQuietly(tmp);
    throw e;
  }
  return tmp;
}

function writeViaTemp(target: string, bytes: Uint8Array): void {
  const tmp = writeTemp(target, bytes);
  try {
    renameSync(tmp, target);
  } catch (e) {
    removeQuietly(tmp);
    throw e;
  }
}

/** Failures of the device rather than of the path: the I/O status, as for stdout. */
const IO_ERROR_CODES: ReadonlySet<string> = new Set(['ENOSPC', 'EDQUOT', 'EIO', 'EFBIG']);

function writeError(path: string, shown: string, e: unknown) {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  return fail(
    code !== undefined && IO_ERROR_CODES.has(code) ? 'io' : 'usage',
    `${shown}: cannot write: ${code === 'ENOENT' ? missingWhat(path) : describeFsError(e, 'write')}`,
  );
}

/**
 * What ENOENT means for a write: the folder is missing, or (under /proc, /sys) it is there but
 * takes no new file, so the temporary file beside the target cannot be made.
 */
function missingWhat(path: string): string {
  const dir = dirname(path);
  const st = statOrNull(dir);
  if (st === null) return describeFsError({ code: 'ENOENT' }, 'write');
  if (!st.isDirectory()) return describeFsError({ code: 'ENOTDIR' }, 'write');
  return `the folder ${escapeControls(dir)} exists but takes no new files (a system folder such as /proc or /sys?)`;
}

/** Where the bytes go: a symbolic link to a regular file is followed, so the link survives. */
function renameTarget(path: string): string {
  try {
    return lstatSync(path).isSymbolicLink() ? realpathSync(path) : path;
  } catch {
    return path;
  }
}

export function writeFileAtomic(path: string, data: Uint8Array | string): void {
  if (path === '') throw fail('usage', '"": not a file name');
  const shown = escapeControls(path);
  if (path.endsWith('/')) throw fail('usage', `${shown}: not a file name (it ends with /)`);
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const st = statOrNull(path);
  try {
    if (st?.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    if (st !== null && !st.isFile()) writeInPlace(path, bytes);
    else writeViaTemp(renameTarget(path), bytes);
  } catch (e) {
    throw writeError(path, shown, e);
  }
}

/** A file written to its temporary name, not yet in place. */
export interface StagedFile {
  readonly path: string;
  /** Rename it into place (once). */
  commit(): void;
  /** Remove the temporary file (nothing happens after a commit). */
  discard(): void;
}

/**
 * Write `data` beside the regular file `path` (which need not exist) now, to be renamed into
 * place by `commit()` or removed by `discard()`: so that several files appear only once
 * something else (a manifest) is written. Errors as writeFileAtomic's.
 */
export function stageFileAtomic(path: string, data: Uint8Array | string): StagedFile {
  const shown = escapeControls(path);
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const target = renameTarget(path);
  let tmp: string | null;
  try {
    if (statOrNull(path)?.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    tmp = writeTemp(target, bytes);
  } catch (e) {
    throw writeError(path, shown, e);
  }
  return {
    path,
    commit() {
      if (tmp === null) return;
      const t = tmp;
      tmp = null;
      try {
        renameSync(t, target);
      } catch (e) {
        removeQuietly(t);
        throw writeError(path, shown, e);
      }
    },
    discard() {
      if (tmp !== null) removeQuietly(tmp);
      tmp = null;
    },
  };
}
