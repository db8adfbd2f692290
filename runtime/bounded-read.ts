/**
 * A file's bytes read within a cap: a regular file over it is refused before reading, any other
 * file (a device, a FIFO, /proc) is read in chunks and refused as soon as it passes the cap, so
 * `/dev/zero` stops at once. For files that are small by nature: the manifest, checkpoint files.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

const CHUNK = 1 << 16;

/** What was read: the bytes, or, past the cap, the size seen (the file's, or more than the cap). */
export type BoundedRead =
  | { readonly bytes: Buffer; readonly tooLarge?: undefined }
  | { readonly tooLarge: number; readonly bytes?: undefined };

/**
 * Up to `maxBytes` of `path`, or `tooLarge` when it holds more. A folder or an unreadable file
 * throws Node's error (callers word it with runtime/messages.ts `describeFsError`).
 */
export function readBounded(path: string, maxBytes: number): BoundedRead {
  const fd = openSync(path, 'r');
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw Object.assign(new Error(`EISDIR: ${path}`), { code: 'EISDIR' });
    if (st.isFile() && st.size > maxBytes) return { tooLarge: st.size };
    const chunks: Buffer[] = [];
    let total = 0;
    let size = st.isFile() ? Math.max(CHUNK, st.size + 1) : CHUNK;
    for (;;) {
      const buf = Buffer.allocUnsafe(Math.min(size, maxBytes - total + 1));
      let n: number;
      try {
        n = readSync(fd, buf, 0, buf.length, null);
      } catch (e) {
        // A non-blocking pipe with nothing yet: wait a moment and read again.
        if ((e as NodeJS.ErrnoException).code === 'EAGAIN') {
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
          continue;
        }
        throw e;
      }
      if (n === 0) break;
      total += n;
      if (total > maxBytes) return { tooLarge: total };
      chunks.push(n === buf.length ? buf : buf.subarray(0, n));
      size = CHUNK;
    }
    return { bytes: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, total) };
  } finally {
    closeSync(fd);
  }
}
