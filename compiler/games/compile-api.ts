/**
 * What a game's compile is handed, and what it hands back. A module builds its engine parts
 * and settings; the compile command hands it a `SearchDriver` (compiler/pool/driver.ts, bound
 * to the compile's executor, workers, signal, progress and checkpoint) that runs them. So no
 * game imports the pool: games sit below it, the pool rebuilds their searches in workers.
 */
import type { TreeArrays } from '../../runtime/tree-format.js';
import type { EngineParts } from '../engine/search.js';

/** Option values by name as typed (`max-depth`), already checked against the game's specs. */
export type OptionValues = Readonly<Record<string, string | number | boolean | undefined>>;

/** What a pool's workers rebuild: the game module, the game and the compile's setup (plain data). */
export interface PoolJob {
  readonly module: string;
  readonly gameSpec: unknown;
  readonly setup: unknown;
  /** The compile's name in messages (`lingo-len9`). */
  readonly label: string;
}

export interface CompileProgress {
  readonly done: number;
  /** 0: no total known (a whole search counts the sets it searched). */
  readonly total: number;
  readonly unit: string;
  /** The best candidate so far, in the game's words. */
  readonly best: string | null;
}

/** A compile's search: the module that rebuilds it in workers, and the same parts built here. */
export interface EngineJob<S> extends PoolJob {
  readonly parts: EngineParts<S>;
  /** A candidate's cost in the game's words, for progress. */
  readonly bestText?: ((cost: number, depth: number) => string) | undefined;
  /** A set in messages: "its first secret". */
  readonly nameSecret?: ((secret: number) => string) | undefined;
  /** A guess in messages (default: its number). */
  readonly nameGuess?: ((guess: number) => string) | undefined;
  /** What the progress bar counts (default: "the openers' groups"). */
  readonly progressUnit?: string | undefined;
}

export interface EngineTree {
  /** The raw tree (as the engine's plans flatten). */
  readonly tree: TreeArrays;
  readonly cost: number;
  readonly depth: number;
  /** No plan of the game costs less: the root's ranking held every guess. */
  readonly lowerBound: number | null;
}

/** A whole search's result: its tree (null: no plan), whether its node budget ran out, the sets it searched. */
export interface WholeResult {
  readonly result: EngineTree | null;
  readonly budgetExceeded: boolean;
  readonly nodes: number;
}

/** What the budgeted root mode compares, and how it reports. */
export interface BudgetedRoot {
  /** The root's ranking width (Infinity: every guess the ranker offers); ignored with `only`. */
  readonly width: number;
  /** Of the ranking, only the first this many (default: all of it). */
  readonly first?: number | undefined;
  /** Compare only these root guesses, in this order. */
  readonly only?: readonly number[] | undefined;
  /** What progress counts ("openers"). */
  readonly unit?: string | undefined;
  /**
   * A proof's budget for every candidate once there is a best of key `bestKey` (Wordle's proof:
   * one guess more than the best's, so that every candidate ends exact or bounded above the best
   * in whole guesses). It must be above `bestKey`; absent: the best's key (one more before it).
   */
  readonly budgetOf?: ((bestKey: number) => number) | undefined;
  /**
   * Every candidate's budget from the first, before any best (a proof given a known total: no
   * first candidate solved without a budget); a best found below it tightens it through `budgetOf`.
   */
  readonly budget?: number | undefined;
  /** The `--checkpoint` files' prefix (default `root-`): two budgeted runs of one compile keep theirs apart. */
  readonly checkpointPrefix?: string | undefined;
}

/** How one root candidate was settled: its exact key (its optimum below it), or the least key proven for it. */
export type CandidateOutcome = { readonly guess: number; readonly key: number } | { readonly guess: number; readonly atLeast: number };

/** The budgeted root's result: the best candidate's tree, and how the others were settled. */
export interface BudgetedTree extends EngineTree {
  /** The best root guess. */
  readonly guess: number;
  /** Root guesses compared. */
  readonly candidates: number;
  /** Whether the candidates were every guess the ranker offers at the root (a complete ranking, not cut short). */
  readonly everyGuess: boolean;
  /** Settled by the bound of their groups' sizes alone / searched and cut off / searched to the end. */
  readonly byBound: number;
  readonly cut: number;
  readonly searched: number;
  /** Every candidate's outcome, in the order compared (the ranking's). */
  readonly outcomes: readonly CandidateOutcome[];
}

/** A module's own task by name: its value (the executor retries it once, an abort rejects). */
export type ModuleTaskRun = (name: string, args: unknown, what?: string) => Promise<unknown>;

/** The pool's modes, bound to one compile's executor and controls (compiler/pool/driver.ts). */
export interface SearchDriver {
  /** The root's candidates and their parts side by side: the best candidate's tree (null: no plan). */
  split<S>(job: EngineJob<S>): Promise<EngineTree | null>;
  /** The whole root set as one task (exact searches), with an optional node budget. */
  whole<S>(job: EngineJob<S>, nodeBudget?: number): Promise<WholeResult>;
  /** Root guesses in order, each under the budget the best so far leaves. */
  budgeted<S>(job: EngineJob<S>, spec: BudgetedRoot): Promise<BudgetedTree | null>;
  /** One task of the module's own (the worst-case prover), with progress in seconds. */
  moduleTask(job: PoolJob, name: string, args: unknown): Promise<unknown>;
  /** The module's own tasks: `body` gets a function running one task, and the number of workers. */
  withModuleTasks<T>(job: PoolJob, body: (run: ModuleTaskRun, workers: number) => Promise<T>): Promise<T>;
  /** One module task per element of `args`, side by side, saved to `--checkpoint` (resumable): their values in order. */
  moduleBlocks(job: PoolJob, name: string, args: readonly unknown[], unit: string): Promise<unknown[]>;
}

/** What a compile command gives a game's compile: the effort, the compile-only options given, the driver. */
export interface CompileControl {
  readonly effort: string;
  /** The compile-only options given (search settings such as `max-depth`). */
  readonly options: OptionValues;
  readonly driver: SearchDriver;
  /** `--checkpoint` was given (a search run as one piece of work refuses it; module blocks take it). */
  readonly checkpoint: boolean;
  /** The tasks run on workers elsewhere that load the game themselves (a job queue): no shared tables. */
  readonly remoteWorkers: boolean;
}
