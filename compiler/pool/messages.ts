/**
 * Every message between the compile pool and its workers. A worker gets, once, the module id,
 * the game as plain data (large tables in shared memory) and the compile's setup (plain data:
 * the effort and the search options), rebuilds the engine's parts with the game module, and
 * then runs tasks. Results carry flattened subtrees back (typed arrays, transferred).
 */
import type { TreeArrays } from '../../runtime/tree-format.js';
import type { NodeChoices, Ranking, SearchNode, SearchOnChoices } from '../engine/types.js';

export interface WorkerInit {
  /** The game module's id in the registry. */
  readonly module: string;
  readonly gameSpec: unknown;
  readonly setup: unknown;
  /** Shared counters the workers bump (slots below). */
  readonly progress: Int32Array;
}

/** Slots of the shared progress counters. */
export const PROGRESS_NODES = 0;
export const PROGRESS_SLOTS = 1;

/** Rank the pool entries [from, to) of a node (one slice of the root's ranking). */
export interface RankTask {
  readonly kind: 'rank';
  readonly set: Uint32Array;
  readonly node: SearchNode<unknown>;
  readonly width: number;
  readonly from: number;
  readonly to: number;
}

/**
 * Solve each set at its node, with the full search or its pilot (width 1); with `betas`, each
 * under its budget (null: no plan under it).
 */
export interface SolveTask {
  readonly kind: 'solve';
  readonly pilot: boolean;
  readonly sets: readonly Uint32Array[];
  readonly nodes: readonly SearchNode<unknown>[];
  readonly betas?: readonly number[] | undefined;
}

/** Solve one set whole in a fresh engine (exact searches: one piece of work, a node budget). */
export interface WholeTask {
  readonly kind: 'whole';
  readonly set: Uint32Array;
  readonly node: SearchNode<unknown>;
  /** 0: none. */
  readonly nodeBudget: number;
}

/** Evaluate one guess at a set under a budget (a root candidate of the budgeted root): its tree, or null. */
export interface EvaluateTask {
  readonly kind: 'evaluate';
  readonly guess: number;
  readonly set: Uint32Array;
  readonly node: SearchNode<unknown>;
  readonly beta: number;
}

/** The guesses the search would evaluate at a set (a large reply group, evaluated side by side): `SearchEngine.choices`. */
export interface ChoicesTask {
  readonly kind: 'choices';
  readonly set: Uint32Array;
  readonly node: SearchNode<unknown>;
}

/** The guesses the search goes on to past the first `shown` choices at a set: `SearchEngine.searchOnChoices`. */
export interface SearchOnTask {
  readonly kind: 'searchOn';
  readonly set: Uint32Array;
  readonly node: SearchNode<unknown>;
  readonly shown: number;
}

/** A task of the game module's own (the worst-case prover, two-level bounds). */
export interface ModuleTask {
  readonly kind: 'module';
  readonly name: string;
  readonly args: unknown;
}

export type Task = RankTask | SolveTask | WholeTask | EvaluateTask | ChoicesTask | SearchOnTask | ModuleTask;

/** A solved set: its cost and depth and its flattened plan; null when no plan fits (a depth cap). */
export interface SolvedSet {
  readonly cost: number;
  readonly depth: number;
  readonly tree: TreeArrays;
}

export interface RankResult {
  readonly kind: 'ranked';
  readonly ranking: Ranking;
}

export interface SolveResult {
  readonly kind: 'solved';
  readonly results: ReadonlyArray<SolvedSet | null>;
  /** With `betas`: per set, the least key proven for it (at least its budget when it found no plan under it). */
  readonly bounds?: ReadonlyArray<number> | undefined;
}

export interface WholeResult {
  readonly kind: 'whole';
  /** null: no plan fits; `budget`: the node budget ran out first. */
  readonly result: SolvedSet | null;
  readonly budgetExceeded: boolean;
  readonly nodes: number;
}

export interface EvaluateResult {
  readonly kind: 'evaluated';
  /** null: no plan under the budget. */
  readonly result: SolvedSet | null;
}

export interface ChoicesResult {
  readonly kind: 'choices';
  /** null: the set is solved whole (one task). */
  readonly choices: NodeChoices<unknown> | null;
}

export interface SearchOnResult {
  readonly kind: 'searchOn';
  readonly on: SearchOnChoices;
}

export interface ModuleResult {
  readonly kind: 'module';
  readonly value: unknown;
}

export type TaskResult =
  | RankResult
  | SolveResult
  | WholeResult
  | EvaluateResult
  | ChoicesResult
  | SearchOnResult
  | ModuleResult;
