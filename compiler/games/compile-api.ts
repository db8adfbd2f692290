/**
 * What a game's compile is handed, and what it hands back. A module's compile is a plan: a
 * generator that yields the pool calls it needs (`PoolCall`: which mode, with which job and
 * spec), one after another, and returns its outcome. The compile command hands the plan to the
 * pool's driver (compiler/pool/driver.ts `runPlan`, bound to the compile's executor, workers,
 * signal, progress and checkpoint), which runs each call and resumes the plan with its answer.
 * So no game calls or imports the pool: games sit below it, the pool rebuilds their searches in
 * workers.
 */
import type { TreeArrays } from '../../runtime/tree-format.js';
import type { ExactFact } from '../engine/exact-plan.js';
import type { EngineParts } from '../engine/search.js';
import type { EffortName } from './efforts.js';
import { taskValue, type TaskKind } from './module-tasks.js';
import type { ExactNames } from './exact-certificate.js';

/** Option values by name as typed (`max-depth`), already checked against the game's specs. */
export type GameOptions = Readonly<Record<string, string | number | boolean | undefined>>;

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
  /** Sets the pool's searches went through so far (absent: not counted), so a long task shows it is alive. */
  readonly searched?: number | undefined;
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
  /** How a certificate of the exact search names guesses and replies (compiler/games/exact-certificate.ts). */
  readonly names?: ExactNames | undefined;
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
  /**
   * The first candidate's groups of at least this many secrets are searched choice by choice
   * (pool/part-choices.ts; the same tree): default `CHOICES_MIN_SET`.
   */
  readonly choicesFrom?: number | undefined;
}

/** How one root candidate was settled: its exact key (its optimum below it), or the least key proven for it. */
export type CandidateOutcome =
  | { readonly guess: number; readonly key: number }
  | { readonly guess: number; readonly atLeast: number };

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

/**
 * The exact search as a plan of subproblems (`exact`): the root's guesses in rank order, each
 * guess's reply groups, and below a group of more than `splitAbove` codes its own guesses, each
 * solved under the budget the best known tree and the other parts' proven bounds leave.
 */
export interface ExactSpec {
  /** Sets below the root with more codes than this are split by their own guesses (else solved whole). */
  readonly splitAbove: number;
  /** A tree of the game known beforehand (a heuristic effort's): its subtrees' keys are budgets. */
  readonly known?: TreeArrays | undefined;
  /** What progress counts (default: subproblems). */
  readonly unit?: string | undefined;
  /**
   * Write the settled subproblems as a certificate into the checkpoint folder and read it back
   * on resume (the job must name guesses and replies): for the objective a certificate states,
   * the least total without a depth cap.
   */
  readonly certificate?: boolean | undefined;
  /** Facts proven before the search (a bound of each root guess): kept, saved and listed as the search's own. */
  readonly facts?: readonly ExactFact[] | undefined;
}

/**
 * A known tree improved (`improve`): its largest nodes of at most `upTo` secrets, of more than
 * `above`, each searched again by the job's search under its subtree's key; the better subtrees
 * grafted back.
 */
export interface ImproveSpec {
  readonly known: TreeArrays;
  readonly above: number;
  readonly upTo: number;
}

/** The exact search's answer: the optimal tree (null: no plan), how each root guess was settled, and its work. */
export interface ExactTree extends EngineTree {
  /** Every root guess the ranking offered (one per symmetry class), in rank order: its exact key or the least key proven. */
  readonly outcomes: readonly CandidateOutcome[];
  /** Subproblems settled (read back from `--checkpoint` among them), and of those read back. */
  readonly settled: number;
  readonly resumed: number;
  /** CPU seconds of the search's earlier pieces, as the certificate it resumed from counts them (0: a fresh start). */
  readonly cpuBefore: number;
}

/** A module task as the pool carries it (its kind's name, games/module-tasks.ts), and what it is in messages. */
export interface ModuleTask {
  readonly name: string;
  readonly args: unknown;
  readonly what?: string | undefined;
}

/** Module tasks of one name side by side, one per element of `args`; `unit` is what progress counts. */
export interface ModuleBlocks {
  readonly name: string;
  readonly args: readonly unknown[];
  readonly unit: string;
}

/**
 * One call of the pool a game's plan yields: the mode, with its job and spec.
 *   - split: the root's candidates and their parts side by side (the best candidate's tree, null: no plan);
 *   - whole: the whole root set as one task (exact searches), with an optional node budget;
 *   - budgeted: root guesses in order, each under the budget the best so far leaves;
 *   - exact: the exact search as a plan of subproblems (root guesses, their groups, deeper where large);
 *   - improve: a known tree's nodes searched again, each under its subtree's key, the better ones grafted;
 *   - task: one task of the module's own (the worst-case prover), with progress in seconds;
 *   - tasks: a batch of the module's own tasks run side by side, their values in the batch's order;
 *   - blocks: module blocks (`ModuleBlocks`), saved to `--checkpoint` (resumable), their values in order.
 */
export type PoolCall =
  | { readonly mode: 'split'; readonly job: EngineJob<never> }
  | { readonly mode: 'whole'; readonly job: EngineJob<never>; readonly nodeBudget?: number | undefined }
  | { readonly mode: 'budgeted'; readonly job: EngineJob<never>; readonly spec: BudgetedRoot }
  | { readonly mode: 'exact'; readonly job: EngineJob<never>; readonly spec: ExactSpec }
  | { readonly mode: 'improve'; readonly job: EngineJob<never>; readonly spec: ImproveSpec }
  | { readonly mode: 'task'; readonly job: PoolJob; readonly task: ModuleTask }
  | {
      readonly mode: 'tasks';
      readonly job: PoolJob;
      readonly tasks: readonly ModuleTask[];
      /** After each task's value: its place in the batch. */
      readonly onDone?: ((index: number, value: unknown) => void) | undefined;
    }
  | { readonly mode: 'blocks'; readonly job: PoolJob; readonly blocks: ModuleBlocks };

/** What each mode answers. */
export interface PoolAnswers {
  readonly split: EngineTree | null;
  readonly whole: WholeResult;
  readonly budgeted: BudgetedTree | null;
  readonly exact: ExactTree | null;
  readonly improve: EngineTree;
  readonly task: unknown;
  readonly tasks: readonly unknown[];
  readonly blocks: readonly unknown[];
}
export type PoolAnswer = PoolAnswers[keyof PoolAnswers];

/** A plan: the pool calls it yields, each resumed with its answer, and what it returns. */
export type PoolPlan<T> = Generator<PoolCall, T, PoolAnswer>;

// The plan's steps, one per mode: `yield* split(job)` in a plan is the mode's answer.

/** One call yielded, read back as its mode's answer: the driver answers each call so (driver.ts `answer`). */
function* ask<M extends PoolCall['mode']>(call: Extract<PoolCall, { readonly mode: M }>): PoolPlan<PoolAnswers[M]> {
  return (yield call) as PoolAnswers[M];
}

/** The root's candidates and their parts side by side: the best candidate's tree (null: no plan). */
export function* split<S>(job: EngineJob<S>): PoolPlan<EngineTree | null> {
  return yield* ask({ mode: 'split', job: job as EngineJob<never> });
}

/** The whole root set as one task (exact searches), with an optional node budget. */
export function* whole<S>(job: EngineJob<S>, nodeBudget?: number): PoolPlan<WholeResult> {
  return yield* ask({ mode: 'whole', job: job as EngineJob<never>, nodeBudget });
}

/** Root guesses in order, each under the budget the best so far leaves. */
export function* budgeted<S>(job: EngineJob<S>, spec: BudgetedRoot): PoolPlan<BudgetedTree | null> {
  return yield* ask({ mode: 'budgeted', job: job as EngineJob<never>, spec });
}

/** The exact search as a plan of subproblems: the optimal tree (null: no plan) and every root guess's outcome. */
export function* exact<S>(job: EngineJob<S>, spec: ExactSpec): PoolPlan<ExactTree | null> {
  return yield* ask({ mode: 'exact', job: job as EngineJob<never>, spec });
}

/** A known tree with its nodes searched again by the job's search, the better subtrees grafted back. */
export function* improve<S>(job: EngineJob<S>, spec: ImproveSpec): PoolPlan<EngineTree> {
  return yield* ask({ mode: 'improve', job: job as EngineJob<never>, spec });
}

/** One task of the module's own (the worst-case prover), with progress in seconds: its value. */
export function* moduleTask<A, R>(job: PoolJob, kind: TaskKind<A, R>, args: A): PoolPlan<R> {
  return taskValue(kind, yield* ask({ mode: 'task', job, task: { name: kind.name, args } }));
}

/** A batch of tasks of one kind: each one's arguments and what it is in messages; `onDone` after each. */
export interface TaskBatch<A> {
  readonly batch: readonly { readonly args: A; readonly what?: string | undefined }[];
  readonly onDone?: ((index: number) => void) | undefined;
}

/** Tasks of one kind of the module's own side by side: their values in the order given. */
export function* moduleTasks<A, R>(
  job: PoolJob,
  kind: TaskKind<A, R>,
  { batch, onDone }: TaskBatch<A>,
): PoolPlan<readonly R[]> {
  const tasks = batch.map(({ args, what }): ModuleTask => ({ name: kind.name, args, what }));
  const values = yield* ask({ mode: 'tasks', job, tasks, onDone });
  return values.map((v) => taskValue(kind, v));
}

/** One module task per element of `args`, side by side, saved to `--checkpoint` (resumable): their values in order. */
export function* moduleBlocks<A, R>(
  job: PoolJob,
  kind: TaskKind<A, R>,
  { args, unit }: { readonly args: readonly A[]; readonly unit: string },
): PoolPlan<readonly R[]> {
  const values = yield* ask({ mode: 'blocks', job, blocks: { name: kind.name, args, unit } });
  return values.map((v) => taskValue(kind, v));
}

/** What a compile command gives a game's compile: the effort and the compile-only options given. */
export interface CompileControl {
  /** One of the game's efforts, checked where the compile started. */
  readonly effort: EffortName;
  /** The compile-only options given (search settings such as `max-depth`). */
  readonly options: GameOptions;
  /** `--checkpoint` was given (a search run as one piece of work refuses it; module blocks take it). */
  readonly checkpoint: boolean;
  /** The tasks run on workers elsewhere that load the game themselves (a job queue): no shared tables. */
  readonly remoteWorkers: boolean;
}
