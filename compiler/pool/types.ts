/**
 * Every message between the compile pool and its workers. Workers get the game (large tables
 * in shared memory) and the search settings once, as workerData; each task is a batch of
 * candidate sets to solve; each result carries the flattened plans back as transferables.
 */
import type { LingoSpec } from '../games/lingo.js';
import type { WordleSpec } from '../games/wordle.js';
import type { TreeArrays } from '../../runtime/tree-format.js';
import type { Ranking, SearchSettings } from '../engine/search.js';
import type { OpenerBound } from '../engine/two-level-bound.js';

/** How a worker rebuilds the game: one tagged variant per game. */
export type GameSpec = LingoSpec | WordleSpec;

/** The search settings: already plain data, so workers get them as they are. */
export type SettingsSpec = SearchSettings;

export interface WorkerInit {
  readonly game: GameSpec;
  readonly settings: SettingsSpec;
}

/** Solve each set with `used` guesses spent. */
export interface SolveTask {
  readonly kind: 'solve';
  readonly used: number;
  readonly sets: Uint32Array[];
  /** The guess filter's state of each set (games with a guess filter only). */
  readonly states?: string[] | undefined;
}

/** Rank the pool entries [from, to) of a node. */
export interface RankTask {
  readonly kind: 'rank';
  readonly used: number;
  readonly set: Uint32Array;
  readonly from: number;
  readonly to: number;
}

export interface RankResult {
  readonly kind: 'ranked';
  readonly ranking: Ranking;
}

/** Two-level bounds (compiler/engine/two-level-bound.ts): every opener's one-step bound, for guesses [from, to). */
export interface OpenerBoundsTask {
  readonly kind: 'openerBounds';
  readonly from: number;
  readonly to: number;
}

export interface OpenerBoundsResult {
  readonly kind: 'openerBounds';
  readonly bounds: Float64Array;
}

/** One opener's two-level bound, stopped once below `goal`. */
export interface TwoLevelTask {
  readonly kind: 'twoLevel';
  readonly opener: number;
  readonly goal: number;
}

export interface TwoLevelResult {
  readonly kind: 'twoLevel';
  readonly result: OpenerBound;
}

export type Task = SolveTask | RankTask | OpenerBoundsTask | TwoLevelTask;
export type TaskResult = SolveResult | RankResult | OpenerBoundsResult | TwoLevelResult;

export interface SolvedSet {
  readonly value: number;
  readonly tree: TreeArrays;
}

export interface SolveResult {
  readonly kind: 'solved';
  readonly results: SolvedSet[];
}

/** Slots in the progress counter each worker bumps (an Int32Array over a SharedArrayBuffer). */
export const PROGRESS_SLOT_SETS_DONE = 0;
export const PROGRESS_SLOTS = 1;

/**
 * Mastermind workers (compiler/pool/mastermind-worker.ts): the game is rebuilt from its size
 * (its tables are small and quick to make), each task solves the candidate sets of one
 * opener's replies.
 */
export interface MastermindWorkerInit {
  readonly pegs: number;
  readonly colors: number;
  readonly settings: import('../games/mastermind-search.js').MastermindSettings;
}

export interface MastermindTask {
  /** `full`: the compile's search; `pilot`: the one-step search that ranks openers. */
  readonly mode: 'full' | 'pilot';
  /** The guesses played before the set (for symmetry). */
  readonly history: number[];
  readonly set: Uint32Array;
}

export interface MastermindResult {
  readonly total: number;
  readonly depth: number;
  readonly tree: TreeArrays;
}
