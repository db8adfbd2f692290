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
import { fail } from '../../runtime/errors.js';
import type { TreeArrays } from '../../runtime/tree-format.js';
import { flattenPlan, graftTrees, type Plan } from '../engine/plan.js';
import { SearchEngine, type EngineParts } from '../engine/search.js';
import { rankedAt } from '../engine/top-k.js';
import { NodeBudgetExceeded, type QuickResult, type Ranking, type RankedGuess, type SearchNode } from '../engine/types.js';
import { Checkpoint, fingerprint, type CheckpointOptions } from './checkpoint.js';
import type { BudgetedRoot, BudgetedTree, CandidateOutcome, CompileProgress, EngineJob, EngineTree, ModuleTaskRun, OptionValues, PoolJob, SearchDriver, WholeResult } from '../games/compile-api.js';
import type { CompileOutcome, LoadedGame } from '../games/module.js';
import { interrupted, withExecutor, type ExecutorControl, type TaskExecutor } from './executor.js';

export type { ExecutorControl, ExecutorFactory, TaskExecutor } from './executor.js';
export type { BudgetedRoot, BudgetedTree, CandidateOutcome, CompileProgress, EngineJob, EngineTree, PoolJob } from '../games/compile-api.js';
import type { SolvedSet, Task, TaskResult } from './messages.js';

/** Where a compile's searches run, and what they report to: the executor, progress and checkpoint. */
export interface DriverControl extends ExecutorControl {
  readonly onProgress?: ((p: CompileProgress) => void) | undefined;
  readonly checkpoint?: CheckpointOptions | undefined;
}

/** A compile's controls: the driver's, and what the game's compile reads (its effort and options). */
export interface RunControl extends DriverControl {
  readonly effort: string;
  readonly options: OptionValues;
}

/** The pool's modes bound to one compile's controls, as a game's compile is handed them. */
export function searchDriver(control: DriverControl): SearchDriver {
  return {
    split: (job) => compileSplit(job, control),
    whole: (job, nodeBudget) => compileWhole(job, control, nodeBudget),
    budgeted: (job, spec) => compileBudgeted(job, control, spec),
    moduleTask: (job, name, args) => runModuleTask(job, control, name, args),
    withModuleTasks: (job, body) => withModuleTasks(job, control, body),
  };
}

/** Compile a loaded game: its compile builds the search, the driver bound to `control` runs it. */
export function compileLoaded(loaded: LoadedGame, control: RunControl): Promise<CompileOutcome> {
  return loaded.compile({ effort: control.effort, options: control.options, driver: searchDriver(control), checkpoint: control.checkpoint !== undefined, remoteWorkers: control.executor?.remote === true });
}

/** Sets per batch are gathered until they hold this many secrets (or a set alone is larger). */
const BATCH_SECRETS = 1500;
const BATCH_SETS_MAX = 512;
/** Root pools up to this size are ranked in one task. */
const SLICE_MIN_POOL = 2048;
const RANK_SLICES_PER_WORKER = 4;

/** Solve the whole root set as one task (exact searches), with an optional node budget. */
export async function compileWhole<S>(job: EngineJob<S>, control: DriverControl, nodeBudget = 0): Promise<WholeResult> {
  return withExecutor(job, control, async (pool) => {
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

/**
 * Run the game module's own tasks (the worst-case prover, Lingo's two-level check) with the
 * compile's executor: `body` gets a function that runs one task and gives its value.
 */
export async function withModuleTasks<T>(job: PoolJob, control: ExecutorControl, body: (run: ModuleTaskRun, workers: number) => Promise<T>): Promise<T> {
  return withExecutor(job, control, async (pool) => {
    const run: ModuleTaskRun = async (name, args, what = name) => {
      const r = await pool.runWithRetry({ kind: 'module', name, args }, () => what, () => interrupted(job.label, ''));
      if (r.kind !== 'module') throw new Error('compile pool: unexpected result');
      if (pool.aborted) throw interrupted(job.label, '');
      return r.value;
    };
    return body(run, pool.workers);
  });
}

/** Run one task of the game module's own (the worst-case prover), with progress in seconds. */
export async function runModuleTask(job: PoolJob, control: DriverControl, name: string, args: unknown): Promise<unknown> {
  return withModuleTasks(job, control, async (run) => {
    const started = Date.now();
    const timer = control.onProgress ? setInterval(() => control.onProgress?.({ done: Math.round((Date.now() - started) / 1000), total: 0, unit: 's', best: null }), 250) : null;
    try {
      return await run(name, args);
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
export async function compileSplit<S>(job: EngineJob<S>, control: DriverControl): Promise<EngineTree | null> {
  const parts = job.parts;
  const { engine, all, root, leaf } = rootOf(parts);
  if (leaf) return leaf.tree;
  return withExecutor(job, control, async (pool) => {
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
async function solveCandidates<S>(pool: TaskExecutor, engine: SearchEngine<S>, candidates: Candidate<S>[], control: DriverControl, pilot: boolean, job: EngineJob<S>): Promise<void> {
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
export async function compileBudgeted<S>(job: EngineJob<S>, control: DriverControl, spec: BudgetedRoot): Promise<BudgetedTree | null> {
  const parts = job.parts;
  const { engine, all, root, leaf } = rootOf(parts);
  if (leaf) return leafBudgeted(leaf);
  return withExecutor(job, control, async (pool) => {
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
