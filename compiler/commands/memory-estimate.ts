/**
 * What `compile` expects a compile to need at its peak, MiB, checked against --max-memory before
 * it starts (the watchdog, memory-watch.ts, stops it at the limit whatever the estimate). The
 * process's resident memory: Node and the CLI, a fixed cost per worker thread, the game's tables
 * in every engine (this thread and each worker), and what each worker's search keeps (its memo
 * and scratch), by game and effort. The search terms are measured peaks with a margin
 * (`npm run bench:memory` prints the estimate beside the measured peak for every game over a
 * range of sizes, and beside the peaks the manifest records for the shipped trees); they are
 * upper bounds over those measurements, not guarantees for a search whose memo is unbounded
 * (the code games' exact search): there the watchdog is the bound.
 */
import type { LoadedGame } from '../games/module.js';

const MiB = 2 ** 20;
const KiB = 2 ** 10;

/** Node, the CLI and the modules loaded, before any worker. */
const BASE_BYTES = 112 * MiB;
/** A worker thread's own cost (its heap, the modules it loads). */
const WORKER_BYTES = 48 * MiB;

export interface EstimateGame {
  readonly id: string;
  readonly secretCount: number;
  readonly guessCount: number;
  readonly codeCount: number;
}

/** Bytes one worker's search keeps, by game and effort (measured peaks, with a margin). */
export function searchBytes(game: EstimateGame, effort: string): number {
  const n = game.secretCount;
  switch (game.id) {
    case 'mastermind':
    case 'bullscows':
      // The memo is unbounded: it grows with the codes, the more the wider the search.
      if (effort === 'quick') return n * 8 * KiB;
      if (effort === 'exact' || n <= 1296) return 64 * MiB + n * 256 * KiB;
      return 64 * MiB + n * 32 * KiB;
    case 'hangman':
      return effort === 'greedy' ? 16 * MiB + n * 2 * KiB : 320 * MiB + n * 8 * KiB;
    case 'lingo':
      return effort === 'quick' || effort === 'greedy' ? 16 * MiB + n * KiB : 64 * MiB + n * 4 * KiB;
    case 'wordle':
      // Exact: the memo's byte cap (1 GiB) and its entries' sets.
      if (effort === 'exact') return 1280 * MiB + game.guessCount * 16 * KiB;
      return effort === 'greedy' ? 16 * MiB + game.guessCount * KiB : 128 * MiB + game.guessCount * 8 * KiB;
    case 'matchcount':
      // The prover's reply table (words squared) and its memo of 2^21 bitsets.
      return 128 * MiB + n * n * 64 + n * 64 * KiB;
    default:
      return 256 * MiB + n * 16 * KiB;
  }
}

/** The effort a compile really runs: --exact (code games) and --prove (Wordle) mean the exact search. */
function effectiveEffort(loaded: LoadedGame, effort: string): string {
  return loaded.options['exact'] === true || loaded.options['prove'] === true ? 'exact' : effort;
}

/** The estimate, MiB, with `workers` worker threads (0: the searches run on a job queue). */
export function compileEstimateMiB(loaded: LoadedGame, effort: string, workers: number): number {
  const g = loaded.game;
  const game: EstimateGame = { id: g.id, secretCount: g.secretCount, guessCount: g.guessCount, codeCount: g.codeCount };
  const tables = g.codeCount * 4 + g.secretCount * 64 + g.guessCount * 64 + g.secretCount * 400;
  const bytes = BASE_BYTES + (workers + 1) * tables + workers * (WORKER_BYTES + searchBytes(game, effectiveEffort(loaded, effort)));
  return Math.ceil(bytes / MiB);
}
