/**
 * Results on stdout, written synchronously (fs.writeSync on fd 1, in chunks) so that a write
 * error is seen where it happens instead of as an 'error' event with a stack:
 * - the reader went away (EPIPE, `| head -1`): the process ends quietly with status 0, as Unix
 *   tools do;
 * - anything else (ENOSPC for `> /dev/full`, EIO): a one-line `io` error,
 *   `stdout: no space left on the device`, which the CLI prints and exits 9 on.
 * A non-blocking pipe (EAGAIN) is waited on, a few milliseconds at a time. Messages go to stderr
 * the same way (writeStderr), a failure there lost quietly.
 */
import { writeSync } from 'node:fs';
import { fail } from './errors.js';
import { describeFsError } from './messages.js';

const STDOUT_FD = 1;
/** Bytes per write call: small enough for any pipe or terminal to take without fuss. */
const CHUNK_BYTES = 64 * 1024;
const EAGAIN_WAIT_MS = 2;

const sleepCell = new Int32Array(new SharedArrayBuffer(4));
function sleepMs(ms: number): void {
  Atomics.wait(sleepCell, 0, 0, ms);
}

/** Write all of `bytes` to `fd`; EAGAIN is waited out, any other error is thrown as is. */
function writeFully(fd: number, bytes: Uint8Array): void {
  let off = 0;
  while (off < bytes.length) {
    try {
      off += writeSync(fd, bytes, off, Math.min(CHUNK_BYTES, bytes.length - off));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
      sleepMs(EAGAIN_WAIT_MS);
    }
  }
}

/** Write a result to stdout: see the header for what happens when stdout fails. */
export function writeStdout(text: string | Uint8Array): void {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  try {
    writeFully(STDOUT_FD, bytes);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EPIPE') process.exit(0);
    throw fail('io', `stdout: ${describeFsError(e, 'write')}`);
  }
}

const STDERR_FD = 2;

/**
 * Write a message to stderr, synchronously, as stdout's results are (so that it is out before the
 * process exits). A stderr that cannot be written (`2>/dev/full`, a closed pipe) loses the message
 * and nothing else: the exit status stays the one the message went with.
 */
export function writeStderr(text: string): void {
  try {
    writeFully(STDERR_FD, Buffer.from(text, 'utf8'));
  } catch {
    // Nowhere left to say it.
  }
}
