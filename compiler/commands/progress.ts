/**
 * A compile's progress on stderr: the bar (cli-progress) when stderr is a terminal
 * (GUESSTREE_PROGRESS=1 forces it, for tests), drawn from the start of the compile, fitted to the
 * terminal's width and redrawn as time passes even while no unit of work finishes; else a line
 * now and then (`progressLines`, every 5 minutes; GUESSTREE_PROGRESS_MS sets the interval).
 */
import { SingleBar } from 'cli-progress';
import { fail } from '../../runtime/errors.js';
import { safeText } from '../../runtime/messages.js';
import type { CompileProgress } from '../pool/driver.js';

export interface ProgressView {
  update(p: CompileProgress): void;
  stop(): void;
}

function clock(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '--:--';
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const two = (x: number): string => String(x).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${two(m)}:${two(s % 60)}`;
}

/** A count in short words: 1.2M. */
function short(n: number): string {
  if (n >= 1e9) return `${(n / 1e9).toFixed(1)}G`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)}M`;
  if (n >= 1e4) return `${(n / 1e3).toFixed(0)}k`;
  return String(n);
}

export function progressBar(label: string, stream: NodeJS.WriteStream = process.stderr): ProgressView | null {
  const forced = process.env.GUESSTREE_PROGRESS === '1';
  if (stream.isTTY !== true && !forced) return null;
  const started = Date.now();
  let state: CompileProgress = { done: 0, total: 0, unit: 'preparing', best: null };
  const bar = new SingleBar({
    stream,
    hideCursor: !forced,
    noTTYOutput: forced,
    notTTYSchedule: 200,
    fps: 4,
    forceRedraw: true,
    linewrap: false,
    format: () => {
      // The terminal's width; COLUMNS when stderr is not a terminal (tests force the bar).
      const width = Math.max(40, (stream.columns ?? (Number(process.env.COLUMNS) || 80)) - 1);
      const elapsed = (Date.now() - started) / 1000;
      const best = state.best ? ` | best ${state.best}` : '';
      if (state.total <= 0) {
        const what = state.unit === 'preparing' ? 'preparing' : `${short(state.done)} ${state.unit}`;
        return `${label}: ${what}${best} | ${clock(elapsed)} elapsed`.slice(0, width);
      }
      const share = Math.min(1, state.done / state.total);
      const eta = share > 0 ? (elapsed * (1 - share)) / share : NaN;
      const tail = ` ${Math.floor(share * 100)}% of ${state.unit} settled${best} | ${clock(elapsed)} elapsed | ETA ${clock(eta)}`;
      const room = width - label.length - tail.length - 3;
      if (room < 10) return `${label}${tail}`.slice(0, width);
      const size = Math.min(40, room);
      const full = Math.round(share * size);
      return `${label} [${'#'.repeat(full)}${'-'.repeat(size - full)}]${tail}`;
    },
  });
  bar.start(1, 0);
  let stopped = false;
  return {
    update(p) {
      if (stopped) return;
      state = p;
      bar.update(p.total > 0 ? p.done / p.total : 0);
    },
    stop() {
      if (stopped) return;
      stopped = true;
      bar.stop();
    },
  };
}

/** How often a compile off a terminal writes its progress line. */
export const PROGRESS_LINE_MS = 300_000;

/** The environment variable that sets the progress lines' interval, milliseconds (tests use a short one). */
export const PROGRESS_MS_ENV = 'GUESSTREE_PROGRESS_MS';
const PROGRESS_MS_MIN = 10;
const PROGRESS_MS_MAX = 86_400_000;

/**
 * The interval of the progress lines: GUESSTREE_PROGRESS_MS when set (whole milliseconds, 10 to
 * 86,400,000; anything else is refused with one line), else 5 minutes.
 */
export function progressLineMs(env: NodeJS.ProcessEnv = process.env): number {
  const text = env[PROGRESS_MS_ENV];
  if (text === undefined || text === '') return PROGRESS_LINE_MS;
  const ms = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
  if (!(ms >= PROGRESS_MS_MIN && ms <= PROGRESS_MS_MAX))
    throw fail(
      'usage',
      `${PROGRESS_MS_ENV}=${safeText(text)}: expected whole milliseconds from ${PROGRESS_MS_MIN} to ${PROGRESS_MS_MAX.toLocaleString('en-US')}`,
    );
  return ms;
}

/** A count with thousands separators: 12,972. */
function count(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/**
 * The progress of a compile off a terminal (stderr a file or a pipe): one line every `everyMs`,
 * the first after `everyMs` (a short compile writes none). With a known total: the units settled
 * and an ETA from the rate of this run in the current unit (units read back with --resume do
 * not count towards it; a new unit, a new phase, starts its own rate). Without one: what was
 * counted and the time elapsed. The sets the searches went through so far, when the pool counts
 * them, show that a long task is alive.
 */
export function progressLines(
  label: string,
  everyMs = PROGRESS_LINE_MS,
  stream: NodeJS.WritableStream = process.stderr,
): ProgressView {
  const started = Date.now();
  let state: CompileProgress = { done: 0, total: 0, unit: 'preparing', best: null };
  // The unit's count when this run first reported it, and when.
  let base = { unit: '', done: 0, at: started };
  const write = (): void => {
    const now = Date.now();
    const elapsed = (now - started) / 1000;
    const best = state.best ? ` | best ${state.best}` : '';
    const searched = state.searched ? ` | ${count(state.searched)} sets searched` : '';
    if (state.total <= 0) {
      // A task that counts nothing reports its seconds: the line has them already.
      const what =
        state.unit === 'preparing' || state.unit === 's'
          ? state.unit === 's'
            ? 'searching'
            : 'preparing'
          : `${count(state.done)} ${state.unit}`;
      stream.write(`${label}: ${what}${best}${searched} | ${clock(elapsed)} elapsed\n`);
      return;
    }
    const run = state.done - base.done;
    const rate = run > 0 ? run / ((now - base.at) / 1000) : 0;
    const eta = rate > 0 ? (state.total - state.done) / rate : NaN;
    stream.write(
      `${label}: ${count(state.done)} of ${count(state.total)} ${state.unit} settled${best}${searched} | ${clock(elapsed)} elapsed | ETA ${clock(eta)}\n`,
    );
  };
  const timer = setInterval(write, everyMs);
  timer.unref();
  return {
    update(p) {
      if (p.unit !== base.unit) base = { unit: p.unit, done: p.done, at: Date.now() };
      state = p;
    },
    stop() {
      clearInterval(timer);
    },
  };
}
