/**
 * What `compile` expects a compile to need at its peak, MiB, checked against --max-memory before
 * it starts (the watchdog, memory-watch.ts, stops it at the limit whatever the estimate). The
 * process's resident memory: Node and the CLI, a fixed cost per worker thread, the game's tables
 * in every engine (this thread and each worker), and what each worker's search keeps (its memo
 * and scratch), by game and effort, as its module says (`GameModule.searchBytes`). The search terms are measured peaks with a margin
 * (`npm run bench:memory` prints the estimate beside the measured peak for every game over a
 * range of sizes, and beside the peaks the manifest records for the shipped trees); they are
 * upper bounds over those measurements, not guarantees for a search whose memo is unbounded
 * (the code games' exact search): there the watchdog is the bound.
 */
import type { GameSize, LoadedGame } from '../games/module.js';

const MiB = 2 ** 20;
const KiB = 2 ** 10;

/** Node, the CLI and the modules loaded, before any worker. */
const BASE_BYTES = 112 * MiB;
/** A worker thread's own cost (its heap, the modules it loads). */
const WORKER_BYTES = 48 * MiB;

/** What a worker's search keeps when its module does not say (a file game: the candidate ranker's memo). */
function defaultSearchBytes(size: GameSize): number {
  return 256 * MiB + size.secretCount * 16 * KiB;
}

/** The estimate, MiB, with `workers` worker threads (0: the searches run on a job queue). */
export function compileEstimateMiB(loaded: LoadedGame, effort: string, workers: number): number {
  const g = loaded.game;
  const size: GameSize = { secretCount: g.secretCount, guessCount: g.guessCount, codeCount: g.codeCount };
  const search = loaded.module.searchBytes
    ? loaded.module.searchBytes(size, effort, loaded.options)
    : defaultSearchBytes(size);
  const tables = g.codeCount * 4 + g.secretCount * 64 + g.guessCount * 64 + g.secretCount * 400;
  const bytes = BASE_BYTES + (workers + 1) * tables + workers * (WORKER_BYTES + search);
  return Math.ceil(bytes / MiB);
}
