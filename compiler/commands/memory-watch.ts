/**
 * The compile's watchdog: the process's resident memory (this thread and every worker thread:
 * one process) sampled a few times a second; past the limit, one line on stderr and exit
 * status 7 (`limit`), before the machine runs out. Nothing has been written by then: trees,
 * manifest and checkpoints are written atomically, so a stop leaves them as they were.
 */
import { EXIT_STATUS } from '../../runtime/errors.js';

/** How often the resident memory is sampled. */
export const WATCH_INTERVAL_MS = 100;

export interface MemoryWatch {
  /** The highest resident memory sampled so far, MiB. */
  peakMiB(): number;
  stop(): void;
}

/** The process's resident memory now, MiB. */
export function rssMiB(): number {
  return process.memoryUsage.rss() / 2 ** 20;
}

/**
 * Watch the resident memory against `limitMiB`; `over` is called once with the memory sampled
 * (default: print `message(rss)` as one line on stderr and exit with the `limit` status).
 */
export function watchMemory(
  limitMiB: number,
  message: (rssMiB: number) => string,
  over?: (rssMiB: number) => void,
): MemoryWatch {
  let peak = rssMiB();
  let fired = false;
  const check = (): void => {
    const now = rssMiB();
    if (now > peak) peak = now;
    if (fired || now <= limitMiB) return;
    fired = true;
    if (over) over(now);
    else {
      process.stderr.write(`guesstree: ${message(now)}\n`);
      // Exit now, workers and all: waiting for them to wind down could take the rest of the machine.
      process.exit(EXIT_STATUS.limit);
    }
  };
  const timer = setInterval(check, WATCH_INTERVAL_MS);
  timer.unref();
  check();
  return {
    peakMiB: () => peak,
    stop: () => clearInterval(timer),
  };
}
