/**
 * The one pool driver. Every compile's search runs in a piscina pool of `--workers` threads
 * (one at least), so this thread stays free for signals, progress and I/O.
 *
 *   - split (heuristic efforts): the root is ranked in the pool (in slices when the ranker can
 *     merge them); each candidate opener's reply groups are units of work, gathered into
 *     batches, solved in the pool (a failed batch is retried once), saved to `--checkpoint` as
 *     they finish; the candidate of least key wins, ties to the better ranked. With a root
 *     pilot, every root guess is first scored by the pilot search (in pool order) and only the
 *     best is searched in full.
 *   - whole (exact efforts): the root set is solved as one task in a fresh engine, with an
 *     optional node budget (deterministic: it does not depend on the workers).
 *   - module tasks (the worst-case prover): one task of the game module's own.
 * Every unit's result is a pure function of the unit, so the tree is the same, byte for byte,
 * whatever the number of workers. Aborting (Ctrl-C, SIGTERM) destroys the pool at once and
 * rejects with an `interrupted` error; nothing is written.
 */
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { fail } from '../../runtime/errors.js';
import type { TreeArrays } from '../../runtime/tree-format.js';
import { flattenPlan, graftTrees, type Plan } from '../engine/plan.js';
import { SearchEngine, type EngineParts } from '../engine/search.js';
import { rankedAt } from '../engine/top-k.js';
import { NodeBudgetExceeded, type QuickResult, type Ranking, type RankedGuess, type SearchNode } from '../engine/types.js';
import { Checkpoint, fingerprint, type CheckpointOptions } from './checkpoint.js';
import { PROGRESS_NODES, PROGRESS_SLOTS, type SolvedSet, type Task, type TaskResult, type WorkerInit } from './messages.js';

export interface CompileProgress {
  readonly done: number;
  /** 0: no total known (a whole search counts the sets it searched). */
  readonly total: number;
  readonly unit: string;
  /** The best candidate so far, in the game's words. */
  readonly best: string | null;
}

/** Option values by name as typed (`max-depth`), already checked against the game's specs. */
export type OptionValues = Readonly<Record<string, string | number | boolean | undefined>>;

/**
 * Where a compile's tasks run: the local piscina pool (the default), or another backend with
 * the same contract (a job queue): run a task, retry it once when its worker fails, report an
 * interrupt, tear down.
 */
export interface TaskExecutor {
  /** How many tasks run at once (the root's ranking is cut into slices for them). */
  readonly workers: number;
  readonly aborted: boolean;
  /** Sets searched so far by whole searches (in steps of 4096), for progress. */
  readonly nodesSearched: number;
  /** Run a task; a worker that threw or died is replaced and the task gets one more try. */
  runWithRetry(task: Task, what: () => string, onAbort: () => Error): Promise<TaskResult>;
  destroy(): Promise<void>;
}

/** Makes the executor of one compile (`--queue` gives another than the local pool). */
export type ExecutorFactory = (job: PoolJob, workers: number, signal: AbortSignal | undefined) => TaskExecutor | Promise<TaskExecutor>;

/** What a verb gives a game's compile: the effort, the pool and its controls. */
export interface CompileControl {
  readonly effort: string;
  readonly workers: number;
  /** The compile-only options given (search settings such as `max-depth`). */
  readonly options: OptionValues;
  readonly onProgress?: ((p: CompileProgress) => void) | undefined;
  readonly checkpoint?: CheckpointOptions | undefined;
  readonly signal?: AbortSignal | undefined;
  /** Where the tasks run (default: the local piscina pool of `workers` threads). */
  readonly executor?: ExecutorFactory | undefined;
}

/** What a pool's workers rebuild: the game module, the game and the compile's setup (plain data). */
export interface PoolJob {
  readonly module: string;
  readonly gameSpec: unknown;
  readonly setup: unknown;
  /** The compile's name in messages (`lingo-len9`). */
  readonly label: string;
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

/** Sets per batch are gathered until they hold this many secrets (or a set alone is larger). */
const BATCH_SECRETS = 1500;
const BATCH_SETS_MAX = 512;
/** Root pools up to this size are ranked in one task. */
const SLICE_MIN_POOL = 2048;
const RANK_SLICES_PER_WORKER = 4;

function interrupted(label: string, what: string): Error {
  return fail('interrupted', `${label}: interrupted${what}; nothing written`);
}

/** The local executor: a piscina pool of compile workers with abort and one retry. */
export class CompilePool implements TaskExecutor {
  readonly job: PoolJob;
  readonly workers: number;
  readonly progress: Int32Array;
  private readonly pool: Piscina<Task, TaskResult>;
  private readonly signal: AbortSignal | undefined;

  constructor(job: PoolJob, workers: number, signal: AbortSignal | undefined) {
    if (!Number.isInteger(workers) || workers < 1) throw fail('usage', `--workers ${workers}: expected a whole number, at least 1`);
    this.job = job;
    this.workers = workers;
    this.signal = signal;
    this.progress = new Int32Array(new SharedArrayBuffer(PROGRESS_SLOTS * 4));
    this.pool = new Piscina<Task, TaskResult>({
      filename: fileURLToPath(new URL('./worker-entry.cjs', import.meta.url)),
      workerData: { module: job.module, gameSpec: job.gameSpec, setup: job.setup, progress: this.progress } satisfies WorkerInit,
      minThreads: workers,
      maxThreads: workers,
      idleTimeout: 1000,
    });
    // Replies that arrive for tasks of a pool being torn down (after a failure or an interrupt)
    // are emitted as 'error' events; the compile has already failed with its own message.
    this.pool.on('error', () => {});
  }

  get aborted(): boolean {
    return this.signal?.aborted === true;
  }

  /** Nodes searched so far by whole searches (in steps of 4096). */
  get nodesSearched(): number {
    return Atomics.load(this.progress, PROGRESS_NODES);
  }

  run(task: Task): Promise<TaskResult> {
    return this.pool.run(task, this.signal ? { signal: this.signal } : {});
  }

  /** Run a task; a worker that threw or died is replaced and the task gets one more try. */
  async runWithRetry(task: Task, what: () => string, onAbort: () => Error): Promise<TaskResult> {
    try {
      return await this.run(task);
    } catch (first) {
      if (this.aborted) throw onAbort();
      try {
        return await this.run(task);
      } catch (second) {
        if (this.aborted) throw onAbort();
        throw fail('worker', `${this.job.module} compile: a worker failed twice on ${what()}: ${(second as Error).message ?? String(second)} (first failure: ${(first as Error).message ?? String(first)})`);
      }
    }
  }

  destroy(): Promise<void> {
    return this.pool.destroy();
  }
}

/** Run `body` with the compile's executor, torn down afterwards whatever happens. */
async function withPool<T>(job: PoolJob, control: CompileControl, body: (pool: TaskExecutor) => Promise<T>): Promise<T> {
  if (control.signal?.aborted) throw interrupted(job.label, '');
  const pool = control.executor ? await control.executor(job, control.workers, control.signal) : new CompilePool(job, control.workers, control.signal);
  try {
    return await body(pool);
  } finally {
    await pool.destroy();
  }
}

/** Solve the whole root set as one task (exact searches), with an optional node budget. */
export async function compileWhole<S>(job: EngineJob<S>, control: CompileControl, nodeBudget = 0): Promise<{ result: EngineTree | null; budgetExceeded: boolean; nodes: number }> {
  return withPool(job, control, async (pool) => {
    const all = Uint32Array.from({ length: job.parts.game.secretCount }, (_, i) => i);
    const node: SearchNode<S> = { used: 0, state: job.parts.moves.root };
    const timer = control.onProgress ? setInterval(() => control.onProgress?.({ done: pool.nodesSearched, total: 0, unit: 'sets searched', best: null }), 250) : null;
    control.onProgress?.({ done: 0, total: 0, unit: 'sets searched', best: null });
    try {
      const r = await pool.runWithRetry({ kind: 'whole', set: all, node, nodeBudget }, () => 'the whole search', () => interrupted(job.label, ''));
      if (r.kind !== 'whole') throw new Error('compile pool: unexpected result');
      const result = r.result ? { tree: r.result.tree, cost: r.result.cost, depth: r.result.depth, lowerBound: null } : null;
      return { result, budgetExceeded: r.budgetExceeded, nodes: r.nodes };
    } finally {
      if (timer) clearInterval(timer);
    }
  });
}

/** Run one task of the game module's own (the worst-case prover) in the pool. */
export async function runModuleTask(job: PoolJob, control: CompileControl, name: string, args: unknown): Promise<unknown> {
  return withPool(job, control, async (pool) => {
    const started = Date.now();
    const timer = control.onProgress ? setInterval(() => control.onProgress?.({ done: Math.round((Date.now() - started) / 1000), total: 0, unit: 's', best: null }), 250) : null;
    try {
      const r = await pool.runWithRetry({ kind: 'module', name, args }, () => name, () => interrupted(job.label, ''));
      if (r.kind !== 'module') throw new Error('compile pool: unexpected result');
      return r.value;
    } finally {
      if (timer) clearInterval(timer);
    }
  });
}

interface Part<S> {
  readonly candidate: number;
  /** Its place among the candidate's parts (reply order). */
  readonly index: number;
  readonly set: Uint32Array;
  readonly node: SearchNode<S>;
}

interface Candidate<S> {
  readonly guess: number;
  /** The root node's own group costs. */
  readonly rootCost: number;
  readonly codes: Uint32Array;
  readonly parts: Part<S>[];
  readonly results: Array<SolvedSet | null | undefined>;
  open: number;
}

/** A job's root: its engine, every secret, the root node, and its tree when the root is already a leaf. */
interface Root<S> {
  readonly engine: SearchEngine<S>;
  readonly all: Uint32Array;
  readonly root: SearchNode<S>;
  readonly leaf: { readonly tree: EngineTree; readonly guess: number } | null;
}

function rootOf<S>(parts: EngineParts<S>): Root<S> {
  const engine = new SearchEngine(parts);
  const all = Uint32Array.from({ length: parts.game.secretCount }, (_, i) => i);
  const root: SearchNode<S> = { used: 0, state: parts.moves.root };
  const terminal = parts.objective.terminal(all, 0, root.state);
  const leaf = terminal ? { tree: { tree: flattenPlan(terminal.plan), cost: terminal.cost, depth: terminal.depth, lowerBound: null }, guess: terminal.plan.guess } : null;
  return { engine, all, root, leaf };
}

/** A budgeted root that is already a leaf. */
function leafBudgeted(leaf: NonNullable<Root<unknown>['leaf']>): BudgetedTree {
  return { ...leaf.tree, guess: leaf.guess, candidates: 0, everyGuess: false, byBound: 0, cut: 0, searched: 0, outcomes: [] };
}

/**
 * The root's candidates and their parts in the pool: the best candidate's tree. Returns null
 * when no candidate has a plan (every one runs out of guesses under a depth cap).
 */
export async function compileSplit<S>(job: EngineJob<S>, control: CompileControl): Promise<EngineTree | null> {
  const parts = job.parts;
  const { engine, all, root, leaf } = rootOf(parts);
  if (leaf) return leaf.tree;
  return withPool(job, control, async (pool) => {
    const rootPilot = parts.effort.rootPilot;
    const width = rootPilot ? Infinity : engine.width(all.length, 0);
    const ranking = await rankRoot(pool, job.label, engine, all, root, width);
    let choices: RankedGuess[];
    if (ranking.optimal) choices = [ranking.optimal];
    else {
      choices = [];
      for (let i = 0; i < ranking.top.length; i++) choices.push(rankedAt(ranking.top, i));
    }
    const lowerBound = ranking.complete ? ranking.setBound : null;
    // With a root pilot: every root guess in pool order, by the key of the pilot's tree below it.
    if (rootPilot) choices.sort((a, b) => a.at - b.at);
    let candidates = choices.map((c) => candidateOf(engine, c.guess, all, root));
    if (rootPilot && candidates.length > 1) {
      await solveCandidates(pool, engine, candidates, control, true, job);
      const best = bestCandidate(engine, candidates);
      if (!best) return null;
      candidates = [candidateOf(engine, best.guess, all, root)];
    }
    await solveCandidates(pool, engine, candidates, control, false, job);
    const best = bestCandidate(engine, candidates);
    if (!best) return null;
    const trees = best.results.map((r) => (r as SolvedSet).tree);
    return { tree: graftTrees(best.guess, best.codes, trees), cost: candidateCost(best), depth: candidateDepth(best), lowerBound };
  });
}

/** The root's ranking: in slices of the pool when the ranker merges them, else one task. */
async function rankRoot<S>(pool: TaskExecutor, label: string, engine: SearchEngine<S>, all: Uint32Array, root: SearchNode<S>, width: number): Promise<Ranking> {
  const ranker = engine.ranker;
  const size = ranker.poolSize(all, root);
  const onAbort = (): Error => interrupted(label, ' while ranking the openers');
  const what = (): string => 'the ranking of the openers';
  if (!ranker.merge || size <= SLICE_MIN_POOL) {
    const r = await pool.runWithRetry({ kind: 'rank', set: all, node: root, width, from: 0, to: size }, what, onAbort);
    return (r as { ranking: Ranking }).ranking;
  }
  const step = Math.ceil(size / (pool.workers * RANK_SLICES_PER_WORKER));
  const tasks: Promise<TaskResult>[] = [];
  for (let from = 0; from < size; from += step) tasks.push(pool.runWithRetry({ kind: 'rank', set: all, node: root, width, from, to: Math.min(size, from + step) }, what, onAbort));
  const results = await Promise.all(tasks);
  return ranker.merge(
    results.map((r) => (r as { ranking: Ranking }).ranking),
    width,
    root,
  );
}

/** A root guess split into its reply groups: the groups that need no search are solved here. */
function candidateOf<S>(engine: SearchEngine<S>, guess: number, all: Uint32Array, root: SearchNode<S>): Candidate<S> {
  const { game, objective, moves } = engine;
  const sp = engine.partitioner.split(guess, all);
  let rootCost = 0;
  const codes: number[] = [];
  const partsOf: Part<S>[] = [];
  const results: Array<SolvedSet | null | undefined> = [];
  for (let g = 0; g < sp.codes.length; g++) {
    const code = sp.codes[g] as number;
    const set = sp.items.slice(sp.starts[g] as number, sp.starts[g + 1] as number);
    rootCost += objective.groupCost(code, set.length, 0, root.state);
    if (code === game.solvedCode) continue;
    const node: SearchNode<S> = { used: 1, state: moves.after(root.state, guess, code) };
    const t = objective.terminal(set, 1, node.state);
    results.push(t ? { cost: t.cost, depth: t.depth, tree: flattenPlan(t.plan) } : undefined);
    partsOf.push({ candidate: -1, index: codes.length, set, node });
    codes.push(code);
  }
  return { guess, rootCost, codes: Uint32Array.from(codes), parts: partsOf, results, open: results.filter((r) => r === undefined).length };
}

function candidateCost<S>(c: Candidate<S>): number {
  let cost = c.rootCost;
  for (const r of c.results) cost += r ? r.cost : Infinity;
  return cost;
}

function candidateDepth<S>(c: Candidate<S>): number {
  let depth = 1;
  for (const r of c.results) if (r && r.depth + 1 > depth) depth = r.depth + 1;
  return depth;
}

/** The candidate of least key (ties: the first), or null when none has a plan. */
function bestCandidate<S>(engine: SearchEngine<S>, candidates: readonly Candidate<S>[]): Candidate<S> | null {
  let best: Candidate<S> | null = null;
  let bestKey = Infinity;
  for (const c of candidates) {
    const key = engine.keyOf({ cost: candidateCost(c), depth: candidateDepth(c) });
    if (key < bestKey) {
      best = c;
      bestKey = key;
    }
  }
  return best;
}

/** Solve every open part of the candidates in the pool (batched, checkpointed, retried once). */
async function solveCandidates<S>(pool: TaskExecutor, engine: SearchEngine<S>, candidates: Candidate<S>[], control: CompileControl, pilot: boolean, job: EngineJob<S>): Promise<void> {
  const units: Array<{ candidate: number; part: Part<S> }> = [];
  let total = 0;
  let leafSecrets = 0;
  candidates.forEach((c, ci) => {
    c.parts.forEach((p, i) => {
      total += p.set.length;
      if (c.results[i] === undefined) units.push({ candidate: ci, part: p });
      else leafSecrets += p.set.length;
    });
  });
  // Largest sets first: they take longest. A stable order, so batches are the same every run.
  units.sort((a, b) => b.part.set.length - a.part.set.length || a.candidate - b.candidate || a.part.index - b.part.index);
  const batches: Array<typeof units> = [];
  let cur: typeof units = [];
  let curSize = 0;
  for (const u of units) {
    cur.push(u);
    curSize += u.part.set.length;
    if (curSize >= BATCH_SECRETS || cur.length >= BATCH_SETS_MAX) {
      batches.push(cur);
      cur = [];
      curSize = 0;
    }
  }
  if (cur.length) batches.push(cur);
  const checkpoint = control.checkpoint
    ? new Checkpoint(
        control.checkpoint,
        fingerprint({ module: job.module, setup: job.setup, pilot, candidates: candidates.map((c) => c.guess), batches: batches.map((b) => b.map((u) => u.part.set.length)) }),
        pilot ? 'pilot-' : '',
      )
    : null;
  let done = leafSecrets;
  let best: string | null = null;
  let bestKey = Infinity;
  const unit = job.progressUnit ?? "the openers' groups";
  const report = (): void => control.onProgress?.({ done, total, unit: pilot ? `${unit} (pilot)` : unit, best });
  const accept = (batch: typeof units, results: ReadonlyArray<SolvedSet | null>): void => {
    batch.forEach((u, i) => {
      const c = candidates[u.candidate] as Candidate<S>;
      c.results[u.part.index] = results[i] ?? null;
      done += u.part.set.length;
      c.open--;
      if (c.open === 0) {
        const cost = candidateCost(c);
        const depth = candidateDepth(c);
        const key = engine.keyOf({ cost, depth });
        if (key < bestKey) {
          bestKey = key;
          best = job.bestText ? job.bestText(cost, depth) : String(cost);
        }
      }
    });
    report();
  };
  for (const c of candidates) {
    if (c.open === 0) {
      const key = engine.keyOf({ cost: candidateCost(c), depth: candidateDepth(c) });
      if (key < bestKey) {
        bestKey = key;
        best = job.bestText ? job.bestText(candidateCost(c), candidateDepth(c)) : String(candidateCost(c));
      }
    }
  }
  report();
  let finished = 0;
  const todo: number[] = [];
  batches.forEach((batch, index) => {
    const saved = control.checkpoint?.resume ? checkpoint?.load(index, batch.length) : null;
    if (saved) {
      accept(batch, saved);
      finished++;
    } else todo.push(index);
  });
  const onAbort = (): Error => {
    const saved = control.checkpoint ? `; finished batches are saved in ${control.checkpoint.dir}, rerun with --resume` : '';
    return fail('interrupted', `${job.label}: interrupted after ${finished} of ${batches.length} batches${saved}; nothing written`);
  };
  await Promise.all(
    todo.map(async (index) => {
      const batch = batches[index]!;
      const task: Task = { kind: 'solve', pilot, sets: batch.map((u) => u.part.set), nodes: batch.map((u) => u.part.node) };
      const first = batch[0]!.part.set;
      const what = (): string => `batch ${index} (node: ${first.length} secrets after 1 guess${job.nameSecret ? `, first ${job.nameSecret(first[0] as number)}` : ''})`;
      const r = await pool.runWithRetry(task, what, onAbort);
      if (pool.aborted) throw onAbort();
      const results = (r as { results: ReadonlyArray<SolvedSet | null> }).results;
      checkpoint?.save(index, results);
      accept(batch, results);
      finished++;
    }),
  );
  if (pool.aborted) throw onAbort();
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

/** A candidate's saved outcome (checkpoint): its exact tree, or the least key proven for it. */
type RootOutcome = { readonly tree: SolvedSet } | { readonly atLeast: number };

/** The root guesses of a budgeted root, best first, and the ranking's bound. */
function choicesOf(ranking: Ranking, spec: BudgetedRoot): { guesses: number[]; lowerBound: number | null; everyGuess: boolean } {
  const ranked = ranking.optimal ? [ranking.optimal.guess] : Array.from(ranking.top.guess);
  const guesses = spec.first !== undefined && spec.first < ranked.length ? ranked.slice(0, spec.first) : ranked;
  return { guesses, lowerBound: ranking.complete ? ranking.setBound : null, everyGuess: ranking.complete && !ranking.optimal && spec.width === Infinity && guesses.length === ranked.length };
}

/** The budget of the candidate at `index`: the best's key, one more when it is ranked before the best's. */
function budgetAt(index: number, best: { readonly index: number; readonly key: number } | null, spec: BudgetedRoot): number {
  if (best === null) return Infinity;
  if (spec.budgetOf) return spec.budgetOf(best.key);
  return index < best.index ? best.key + 1 : best.key;
}

/** A candidate's outcome as the result lists it. */
function outcomeOf(guess: number, outcome: RootOutcome, keyOf: (v: SolvedSet) => number): CandidateOutcome {
  return 'tree' in outcome ? { guess, key: keyOf(outcome.tree) } : { guess, atLeast: outcome.atLeast };
}

/**
 * The budgeted root: root guesses in order, each searched in the pool under the budget the best
 * so far leaves (a candidate ranked before the best's gets one more, so that among equal keys
 * the earlier one wins); a candidate whose groups' size bounds reach its budget is settled
 * without search. Every candidate is thus given a budget at least the final best's key (plus one
 * when ranked before it), so the result is the first candidate of least key whatever the timing
 * and the number of workers, and its tree is the pure function of its parts. While there is no
 * best yet, the first candidate's parts are solved side by side (one task each); after that each
 * candidate is one task (its own evaluation, budget and cut-offs inside the worker), one per
 * worker. Each settled candidate is saved to `--checkpoint` under its guess.
 */
export async function compileBudgeted<S>(job: EngineJob<S>, control: CompileControl, spec: BudgetedRoot): Promise<BudgetedTree | null> {
  const parts = job.parts;
  const { engine, all, root, leaf } = rootOf(parts);
  if (leaf) return leafBudgeted(leaf);
  return withPool(job, control, async (pool) => {
    const { guesses, lowerBound, everyGuess } = spec.only ? { guesses: [...spec.only], lowerBound: null, everyGuess: false } : choicesOf(await rankRoot(pool, job.label, engine, all, root, spec.width), spec);
    const checkpoint = control.checkpoint ? new Checkpoint(control.checkpoint, fingerprint({ module: job.module, setup: job.setup, mode: 'budgeted' }), 'root-') : null;
    const unit = spec.unit ?? 'openers';
    const N = all.length;
    let best: { index: number; key: number; guess: number; tree: SolvedSet } | null = null;
    let settled = 0;
    let byBound = 0;
    let cut = 0;
    let searched = 0;
    let bestText: string | null = null;
    const outcomes: CandidateOutcome[] = new Array<CandidateOutcome>(guesses.length);
    const report = (): void => control.onProgress?.({ done: settled, total: guesses.length, unit, best: bestText });
    const settle = (index: number, outcome: RootOutcome, how: 'bound' | 'cut' | 'searched', save = true): void => {
      settled++;
      if (how === 'bound') byBound++;
      else if (how === 'cut') cut++;
      else searched++;
      const guess = guesses[index] as number;
      outcomes[index] = outcomeOf(guess, outcome, (v) => engine.keyOf(v));
      if ('tree' in outcome) {
        const key = engine.keyOf(outcome.tree);
        if (best === null || key < best.key || (key === best.key && index < best.index)) {
          best = { index, key, guess, tree: outcome.tree };
          bestText = job.bestText ? job.bestText(outcome.tree.cost, outcome.tree.depth) : String(outcome.tree.cost);
        }
      }
      if (save && how !== 'bound') checkpoint?.saveOutcome(guess, outcome);
      report();
    };
    // The first candidate while there is no best: its parts, side by side.
    let split: (Candidate<S> & { index: number; next: number; order: number[]; inFlight: number }) | null = null;
    let nextIndex = 0;
    /** The next candidate worth a search (settling the others on the way), or -1. */
    const nextCandidate = (): number => {
      while (nextIndex < guesses.length) {
        const index = nextIndex++;
        const guess = guesses[index] as number;
        const budget = budgetAt(index, best, spec);
        const saved = control.checkpoint?.resume ? checkpoint?.loadOutcome(guess) : null;
        if (saved && 'tree' in saved) {
          settle(index, saved, 'searched', false);
          continue;
        }
        if (saved && saved.atLeast >= budget) {
          settle(index, saved, 'cut', false);
          continue;
        }
        const c = candidateOf(engine, guess, all, root);
        let floor = c.rootCost;
        c.parts.forEach((p, j) => (floor += c.results[j]?.cost ?? parts.objective.sizeBound(p.set.length, 1, root.state)));
        if (engine.keyBound(floor, N, 0) >= budget) {
          settle(index, { atLeast: engine.keyBound(floor, N, 0) }, 'bound');
          continue;
        }
        if (best === null) {
          const order = c.parts.map((_, j) => j).filter((j) => c.results[j] === undefined);
          order.sort((a, b) => (c.parts[b] as Part<S>).set.length - (c.parts[a] as Part<S>).set.length || a - b);
          split = { ...c, index, next: 0, order, inFlight: 0 };
          if (order.length === 0) finishSplit();
          else return index;
          continue;
        }
        return index;
      }
      return -1;
    };
    const finishSplit = (): void => {
      const c = split as NonNullable<typeof split>;
      split = null;
      const trees = c.results.map((r) => (r as SolvedSet).tree);
      settle(c.index, { tree: { cost: candidateCost(c), depth: candidateDepth(c), tree: graftTrees(c.guess, c.codes, trees) } }, 'searched');
    };
    const onAbort = (): Error => {
      const saved = control.checkpoint ? `; settled ${unit} are saved in ${control.checkpoint.dir}, rerun with --resume` : '';
      return fail('interrupted', `${job.label}: interrupted after ${settled} of ${guesses.length} ${unit}${saved}; nothing written`);
    };
    report();
    await new Promise<void>((resolve, reject) => {
      let running = 0;
      let broken = false;
      const done = (e: unknown): void => {
        broken = true;
        reject(e);
      };
      /** A part of the split candidate (no budget: there is no best yet). */
      const launchPart = (): void => {
        const c = split as NonNullable<typeof split>;
        const j = c.order[c.next++] as number;
        const part = c.parts[j] as Part<S>;
        running++;
        c.inFlight++;
        const what = (): string => `a group of ${part.set.length} secrets after root guess ${job.nameGuess ? job.nameGuess(c.guess) : `#${c.guess}`}${job.nameSecret ? ` (first ${job.nameSecret(part.set[0] as number)})` : ''}`;
        pool
          .runWithRetry({ kind: 'solve', pilot: false, sets: [part.set], nodes: [part.node] }, what, onAbort)
          .then((r) => {
            running--;
            c.inFlight--;
            if (pool.aborted) throw onAbort();
            c.results[j] = (r as { results: ReadonlyArray<SolvedSet | null> }).results[0] ?? null;
            c.open--;
            if (c.open === 0) {
              if (c.results.some((x) => x === null)) {
                split = null;
                settle(c.index, { atLeast: Infinity }, 'cut');
              } else finishSplit();
            }
            pump();
          })
          .catch(done);
      };
      /** A whole candidate under its budget, as one task. */
      const launchCandidate = (index: number): void => {
        const guess = guesses[index] as number;
        const budget = budgetAt(index, best, spec);
        running++;
        const what = (): string => `root guess #${guess} under a budget of ${budget}`;
        pool
          .runWithRetry({ kind: 'evaluate', guess, set: all, node: root, beta: budget }, what, onAbort)
          .then((r) => {
            running--;
            if (pool.aborted) throw onAbort();
            const v = (r as { result: SolvedSet | null }).result;
            if (v) settle(index, { tree: v }, 'searched');
            else settle(index, { atLeast: budget }, 'cut');
            pump();
          })
          .catch(done);
      };
      const pump = (): void => {
        if (broken) return;
        try {
          while (running < pool.workers) {
            if (split) {
              if (split.next < split.order.length) {
                launchPart();
                continue;
              }
              break; // the split candidate's last parts are running: wait for its result
            }
            const index = nextCandidate();
            if (index < 0) break;
            if (split) launchPart();
            else launchCandidate(index);
          }
        } catch (e) {
          done(e);
          return;
        }
        if (running === 0) resolve();
      };
      pump();
    });
    if (pool.aborted) throw onAbort();
    const winner = best as { index: number; key: number; guess: number; tree: SolvedSet } | null;
    if (!winner) return null;
    return { tree: winner.tree.tree, cost: winner.tree.cost, depth: winner.tree.depth, lowerBound, guess: winner.guess, candidates: guesses.length, everyGuess, byBound, cut, searched, outcomes };
  });
}

/** How a module's compile runs its searches: in the pool (the CLI), or in this thread (tests, one-core benchmarks). */
export interface SearchRunner {
  split<S>(job: EngineJob<S>): Promise<EngineTree | null>;
  whole<S>(job: EngineJob<S>, nodeBudget?: number): Promise<{ result: EngineTree | null; budgetExceeded: boolean; nodes: number }>;
  budgeted<S>(job: EngineJob<S>, spec: BudgetedRoot): Promise<BudgetedTree | null>;
}

export function poolRunner(control: CompileControl): SearchRunner {
  return {
    split: (job) => compileSplit(job, control),
    whole: (job, nodeBudget) => compileWhole(job, control, nodeBudget),
    budgeted: (job, spec) => compileBudgeted(job, control, spec),
  };
}

/**
 * The budgeted root in this thread: the candidates in order, each evaluated whole under the
 * budget the best so far leaves (one more for those ranked before it); the same result as the
 * pool's. `onProgress` as the pool reports it.
 */
export function threadBudgeted<S>(job: EngineJob<S>, spec: BudgetedRoot, onProgress?: (p: CompileProgress) => void): BudgetedTree | null {
  const { engine, all, root, leaf } = rootOf(job.parts);
  if (leaf) return leafBudgeted(leaf);
  const { guesses, lowerBound, everyGuess } = spec.only ? { guesses: [...spec.only], lowerBound: null, everyGuess: false } : choicesOf(engine.rank(all, root, spec.width), spec);
  const unit = spec.unit ?? 'openers';
  let best: { index: number; key: number; guess: number; v: { cost: number; depth: number; plan: Plan } } | null = null;
  let byBound = 0;
  let cut = 0;
  let searched = 0;
  const outcomes: CandidateOutcome[] = [];
  for (let index = 0; index < guesses.length; index++) {
    const guess = guesses[index] as number;
    const budget = budgetAt(index, best, spec);
    const v = engine.evaluate(guess, all, root, budget);
    if (v) {
      searched++;
      const key = engine.keyOf(v);
      outcomes.push({ guess, key });
      if (best === null || key < best.key) best = { index, key, guess, v };
    } else {
      cut++;
      outcomes.push({ guess, atLeast: budget });
    }
    onProgress?.({ done: index + 1, total: guesses.length, unit, best: best ? (job.bestText ? job.bestText(best.v.cost, best.v.depth) : String(best.v.cost)) : null });
  }
  if (!best) return null;
  return { tree: flattenPlan(best.v.plan), cost: best.v.cost, depth: best.v.depth, lowerBound, guess: best.guess, candidates: guesses.length, everyGuess, byBound, cut, searched, outcomes };
}

/**
 * The same searches in this thread, with one engine: the same trees as the pool's (every
 * result is a pure function of its set), for tests and one-core measurements.
 */
export const threadRunner: SearchRunner = {
  async split(job) {
    const { parts } = job;
    const { engine, all, root, leaf } = rootOf(parts);
    if (leaf) return leaf.tree;
    const rootPilot = parts.effort.rootPilot;
    const ranking = engine.rank(all, root, rootPilot ? Infinity : engine.width(all.length, 0));
    const lowerBound = ranking.complete ? ranking.setBound : null;
    const choices: RankedGuess[] = ranking.optimal ? [ranking.optimal] : Array.from({ length: ranking.top.length }, (_, i) => rankedAt(ranking.top, i));
    if (rootPilot) choices.sort((a, b) => a.at - b.at);
    // The candidates in order, the first of least key wins (as the pool compares them).
    const pick = (e: SearchEngine<typeof root.state>, guesses: readonly number[]): { guess: number; v: { cost: number; depth: number; plan: import('../engine/plan.js').Plan } } | null => {
      let best: { guess: number; v: { cost: number; depth: number; plan: import('../engine/plan.js').Plan } } | null = null;
      for (const g of guesses) {
        const v = e.evaluate(g, all, root);
        if (v && (!best || engine.keyOf(v) < engine.keyOf(best.v))) best = { guess: g, v };
      }
      return best;
    };
    let guesses = choices.map((c) => c.guess);
    if (rootPilot && guesses.length > 1) {
      const piloted = pick(engine.pilotSearch(), guesses);
      if (!piloted) return null;
      guesses = [piloted.guess];
    }
    const best = pick(engine, guesses);
    return best ? { tree: flattenPlan(best.v.plan), cost: best.v.cost, depth: best.v.depth, lowerBound } : null;
  },
  async budgeted(job, spec) {
    return threadBudgeted(job, spec);
  },
  async whole(job, nodeBudget = 0) {
    const { parts } = job;
    const engine = new SearchEngine({ ...parts, effort: { ...parts.effort, nodeBudget } });
    const all = Uint32Array.from({ length: parts.game.secretCount }, (_, i) => i);
    try {
      const v = engine.solve(all, { used: 0, state: parts.moves.root });
      return { result: v ? { tree: flattenPlan(v.plan), cost: v.cost, depth: v.depth, lowerBound: null } : null, budgetExceeded: false, nodes: engine.nodes };
    } catch (e) {
      if (e instanceof NodeBudgetExceeded) return { result: null, budgetExceeded: true, nodes: engine.nodes };
      throw e;
    }
  },
};
