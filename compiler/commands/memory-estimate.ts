/**
 * What `compile` expects a compile to need at its peak, MiB, checked against --max-memory before
 * it starts (the watchdog, memory-watch.ts, stops it at the limit whatever the estimate). The
 * process's resident memory, term by term as the compile allocates it:
 *   - this thread: Node, the CLI and the modules loaded (BASE_BYTES), and what it keeps of the
 *     game's secrets (the root's parts, the trees coming back, the replay);
 *   - each worker thread: its own heap and modules while it searches (WORKER_BYTES);
 *   - the game's tables in shared memory, once (`GameModule.sharedBytes`: Wordle's and a file
 *     game's reply tables);
 *   - the tables every engine builds, once in this thread and once in each worker
 *     (`GameModule.engineBytes`: the code games' reply tables);
 *   - what the searches grow to (`GameModule.searchBytes`: a memo up to its limits, scratch and
 *     plans): one search when the effort searches in one task (`GameModule.oneSearch`), else one
 *     and half of one for each further worker (the workers divide the work).
 * `npm run bench:memory` prints the estimate beside the measured peak for every game and effort
 * over a range of sizes, and asks that it bound the peak within 2x. The search terms of an
 * unbounded memo (the code games' exact search, Hangman's ranker) follow the measured growth;
 * there the watchdog is the bound.
 */
import type { GameSize, LoadedGame } from '../games/module.js';

const MiB = 2 ** 20;
const KiB = 2 ** 10;

/** Node, the CLI and the modules loaded, before any worker (78-80 MiB measured with a tiny game). */
const BASE_BYTES = 84 * MiB;
/** A worker thread's own cost while it searches (its heap, the modules it loads): 9 MiB idle, about 16 busy. */
const WORKER_BYTES = 16 * MiB;
/** What each worker after the first adds to the searches' total, as a share of one search. */
const SEARCH_SHARE = 0.5;
/** What this thread keeps per secret: the root's parts, the trees the workers send back, the replay. */
const MAIN_BYTES_PER_SECRET = 256;

/** What a worker's search grows to when its module does not say (a game from a file: its memo). */
function defaultSearchBytes(size: GameSize): number {
  return 256 * MiB + size.secretCount * 16 * KiB;
}

/** The estimate's terms, bytes, with `workers` worker threads (0: the searches run on a job queue). */
export interface CompileMemory {
  readonly base: number;
  readonly shared: number;
  readonly engines: number;
  readonly workers: number;
  readonly searches: number;
}

export function compileMemory(loaded: LoadedGame, effort: string, workers: number): CompileMemory {
  const g = loaded.game;
  const m = loaded.module;
  const opts = loaded.options;
  const size: GameSize = { secretCount: g.secretCount, guessCount: g.guessCount, codeCount: g.codeCount };
  const search = m.searchBytes ? m.searchBytes(size, effort, opts) : defaultSearchBytes(size);
  // The workers divide the work: each memo holds the sets of its own tasks, a part of them
  // common to all (measured: the searches' total grows by about half a search a worker).
  const searching = workers === 0 ? 0 : m.oneSearch?.(size, effort, opts) ? 1 : 1 + (workers - 1) * SEARCH_SHARE;
  return {
    base: BASE_BYTES + g.secretCount * MAIN_BYTES_PER_SECRET,
    shared: m.sharedBytes?.(g, opts) ?? 0,
    engines: (workers + 1) * (m.engineBytes?.(g, effort, opts) ?? 0),
    workers: workers * WORKER_BYTES,
    searches: searching * search,
  };
}

/** The estimate, MiB, with `workers` worker threads (0: the searches run on a job queue). */
export function compileEstimateMiB(loaded: LoadedGame, effort: string, workers: number): number {
  const t = compileMemory(loaded, effort, workers);
  return Math.ceil((t.base + t.shared + t.engines + t.workers + t.searches) / MiB);
}
