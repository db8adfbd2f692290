/**
 * A binary file read whole within a size cap, whatever it is: a regular file over the cap is
 * refused from its size (fstat) before any byte is read; anything else (a device such as
 * `/dev/zero`, a FIFO, `/dev/stdin`, a /proc file) is read in chunks and refused as soon as it
 * passes the cap, so endless input stops at once and memory stays near the cap. One read ahead
 * asynchronously (`spool.ts`) is taken from there.
 */
import { closeSync, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import type { GuesstreeError } from './errors.js';
import { takeSpooled } from './spool.js';

/** The chunk a file that is not regular (a device, a pipe) is read in. */
const CHUNK_BYTES = 1 << 20;

export interface CappedReadErrors {
  /** The file cannot be opened or read (`describeFsError` says why). */
  cannotRead(e: unknown): GuesstreeError;
  /** The file is over the cap: `size` when fstat gave it (a regular file, refused unread). */
  tooLarge(size: number | undefined): GuesstreeError;
}

function isDirectoryError(): NodeJS.ErrnoException {
  return Object.assign(new Error('is a directory'), { code: 'EISDIR' });
}

/** Wait a moment (a non-blocking pipe with nothing to read yet). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** The bytes of `path`, at most `maxBytes` of them, else `errors.tooLarge`. */
export function readFileCapped(path: string, maxBytes: number, errors: CappedReadErrors): Buffer {
  // A FIFO or device read ahead (runtime/spool.ts) is taken as read, under the same cap.
  const spool = takeSpooled(path);
  if (spool !== undefined) {
    if ('error' in spool) throw errors.cannotRead(spool.error);
    if (spool.bytes.length > maxBytes) throw errors.tooLarge(undefined);
    return spool.bytes;
  }
  let fd: number;
  let own = true;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    // stdin that is a socket (a parent process's pipe) cannot be opened again by name: read it.
    if (path !== '/dev/stdin' || (e as NodeJS.ErrnoException).code !== 'ENXIO') throw errors.cannotRead(e);
    fd = 0;
    own = false;
  }
  try {
    let st: Stats;
    try {
      st = fstatSync(fd);
    } catch (e) {
      throw errors.cannotRead(e);
    }
    if (st.isDirectory()) throw errors.cannotRead(isDirectoryError());
    if (st.isFile() && st.size > maxBytes) throw errors.tooLarge(st.size);
    // A regular file in one buffer of its size and a byte (to see its end, or that it grew); other
    // files in chunks, each filled before the next is made, so that memory stays near the bytes
    // read (at most the cap and a chunk) however small each read is.
    const limit = maxBytes + 1;
    const chunks: Buffer[] = [];
    let chunk = Buffer.allocUnsafe(st.isFile() ? Math.min(limit, Math.max(CHUNK_BYTES, st.size + 1)) : CHUNK_BYTES);
    let filled = 0;
    let total = 0;
    for (;;) {
      if (filled === chunk.length) {
        chunks.push(chunk);
        chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, limit - total));
        filled = 0;
      }
      let n: number;
      try {
        n = readSync(fd, chunk, filled, chunk.length - filled, null);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'EAGAIN') {
          pause(5);
          continue;
        }
        throw errors.cannotRead(e);
      }
      if (n === 0) break;
      filled += n;
      total += n;
      if (total > maxBytes) throw errors.tooLarge(undefined);
    }
    if (chunks.length === 0) return filled === chunk.length ? chunk : chunk.subarray(0, filled);
    chunks.push(chunk.subarray(0, filled));
    return Buffer.concat(chunks, total);
  } finally {
    if (own) closeSync(fd);
  }
}
