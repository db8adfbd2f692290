/**
 * Atomic file writes: a temporary file beside the target, then a rename. On any failure the
 * temporary file is removed and the error is one line in words (`PATH: cannot write: folder
 * does not exist`). A target that is not a regular file (/dev/null, /dev/stdout, a FIFO, a
 * device such as /dev/full) is written in place instead: renaming onto it would replace it.
 * A symbolic link to a regular file is kept; the file it points to is replaced.
 */
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, lstatSync, openSync, realpathSync, renameSync, rmSync, statSync, writeSync, type Stats } from 'node:fs';
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
  const name = Buffer.byteLength(plain) <= NAME_MAX ? plain : `.${createHash('sha256').update(base).digest('hex').slice(0, 16)}.${suffix}`;
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

function writeViaTemp(target: string, bytes: Uint8Array): void {
  const tmp = tempPathFor(target);
  try {
    const fd = openSync(tmp, 'wx');
    try {
      writeAll(fd, bytes);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, target);
  } catch (e) {
    try {
      rmSync(tmp, { force: true });
    } catch {
      // Nothing more can be done; the write error below is the one to report.
    }
    throw e;
  }
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
    throw fail('usage', `${shown}: cannot write: ${describeFsError(e, 'write')}`);
  }
}
