/**
 * Special files (FIFOs, sockets, devices) read ahead asynchronously, before the synchronous
 * readers take them: a FIFO waiting for its writer then keeps the process free to answer a signal
 * (Ctrl-C, SIGTERM) with its one line. The readers (`readTextFile`, `readFileCapped`) take the
 * bytes once, as if they read them from the file, and apply their own caps to them.
 */
import { type FileHandle, open, stat } from 'node:fs/promises';

const READ_CHUNK = 1 << 16;

/** A special file read ahead: its bytes, and the line cap it stopped at (a longer cap cannot use them). */
export interface Spooled {
  readonly bytes: Buffer;
  /** Reading stopped at a line longer than this (the rest was never read); 0: read to its end or its size cap. */
  readonly cutAtLine: number;
}

/** Special files read ahead, by path, until a reader takes them: the bytes, or why they could not be read. */
const spooled = new Map<string, Spooled | { readonly error: unknown }>();

/** The bytes read ahead for `path`, once (undefined when it was not read ahead). */
export function takeSpooled(path: string): Spooled | { readonly error: unknown } | undefined {
  const spool = spooled.get(path);
  spooled.delete(path);
  return spool;
}

/**
 * Read `path` ahead when it is a FIFO, a socket or a device (a regular file or a folder is left to
 * the synchronous reader). Reading stops past `maxBytes` or at a line longer than `maxLineBytes`,
 * so endless input (`/dev/zero`) stops at once and the reader, with the same caps, refuses it.
 */
export async function spoolSpecialFile(path: string, maxBytes: number, maxLineBytes = Infinity): Promise<void> {
  try {
    const st = await stat(path);
    if (st.isFile() || st.isDirectory()) return;
  } catch {
    return; // the reader says why
  }
  let file: FileHandle;
  try {
    file = await open(path, 'r');
  } catch {
    return; // the reader says why (or reads stdin that is a socket from fd 0)
  }
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    // Bytes of the line under way.
    let line = 0;
    let cutAtLine = 0;
    while (total <= maxBytes) {
      const buf = Buffer.allocUnsafe(READ_CHUNK);
      const { bytesRead } = await file.read(buf, 0, READ_CHUNK, null);
      if (bytesRead === 0) break;
      chunks.push(buf.subarray(0, bytesRead));
      total += bytesRead;
      if (maxLineBytes === Infinity) continue;
      const nl = buf.lastIndexOf(10, bytesRead - 1);
      line = nl < 0 ? line + bytesRead : bytesRead - nl - 1;
      if (line > maxLineBytes) {
        cutAtLine = maxLineBytes;
        break;
      }
    }
    spooled.set(path, { bytes: Buffer.concat(chunks, total), cutAtLine });
  } catch (e) {
    spooled.set(path, { error: e });
  } finally {
    await file.close().catch(() => {});
  }
}
