/**
 * What the pool's modes share: a compile's controls, its root (engine, every secret, the root
 * node, a root that is already a leaf), the root's ranking in slices, and a root guess split
 * into its reply groups (its parts), with the cost and depth of a candidate whose parts are solved.
 */
import { flattenPlan } from '../engine/plan.js';
import { SearchEngine, type EngineParts } from '../engine/search.js';
import type { Ranking, SearchNode } from '../engine/types.js';
import type { CompileProgress, EngineTree } from '../games/compile-api.js';
import type { CheckpointOptions } from './checkpoint.js';
import { interrupted, type ExecutorControl, type TaskExecutor } from './executor.js';
import type { SolvedSet, TaskResult } from './messages.js';

/** Where a compile's searches run, and what they report to: the executor, progress and checkpoint. */
export interface DriverControl extends ExecutorControl {
  readonly onProgress?: ((p: CompileProgress) => void) | undefined;
  readonly checkpoint?: CheckpointOptions | undefined;
}

/** How often a mode sends its last progress again, with the sets searched since (ms). */
const LIVE_PROGRESS_MS = 1000;

/** A mode's progress reports (`report`), until `stop`. */
export interface LiveProgress {
  report(p: CompileProgress): void;
  stop(): void;
}

/**
 * A mode's progress to `control.onProgress`: each report, and the last one sent again every
 * second with the sets the pool's searches went through so far (`searched`), so that a long
 * task with nothing settled yet still shows it is alive. Nothing when nobody listens.
 */
export function liveProgress(control: DriverControl, pool: TaskExecutor): LiveProgress {
  const listener = control.onProgress;
  if (!listener) return { report: () => {}, stop: () => {} };
  let last: CompileProgress | null = null;
  const send = (): void => {
    if (!last) return;
    const searched = pool.nodesSearched;
    listener(searched > 0 ? { ...last, searched } : last);
  };
  const timer = setInterval(send, LIVE_PROGRESS_MS);
  timer.unref();
  return {
    report(p) {
      last = p;
      send();
    },
    stop() {
      clearInterval(timer);
    },
  };
}

/** Root pools up to this size are ranked in one task. */
const SLICE_MIN_POOL = 2048;
const RANK_SLICES_PER_WORKER = 4;

export interface Part<S> {
  readonly candidate: number;
  /** Its place among the candidate's parts (reply order). */
  readonly index: number;
  readonly set: Uint32Array;
  readonly node: SearchNode<S>;
}

export interface Candidate<S> {
  readonly guess: number;
  /** The root node's own group costs. */
  readonly rootCost: number;
  readonly codes: Uint32Array;
  readonly parts: Part<S>[];
  readonly results: Array<SolvedSet | null | undefined>;
  open: number;
}

/** A job's root: its engine, every secret, the root node, and its tree when the root is already a leaf. */
export interface Root<S> {
  readonly engine: SearchEngine<S>;
  readonly all: Uint32Array;
  readonly root: SearchNode<S>;
  readonly leaf: { readonly tree: EngineTree; readonly guess: number } | null;
}

export function rootOf<S>(parts: EngineParts<S>): Root<S> {
  const engine = new SearchEngine(parts);
  const all = Uint32Array.from({ length: parts.game.secretCount }, (_, i) => i);
  const root: SearchNode<S> = { used: 0, state: parts.moves.root };
  const terminal = parts.objective.terminal(all, 0, root.state);
  const leaf = terminal
    ? {
        tree: { tree: flattenPlan(terminal.plan), cost: terminal.cost, depth: terminal.depth, lowerBound: null },
        guess: terminal.plan.guess,
      }
    : null;
  return { engine, all, root, leaf };
}

/** How the root is ranked: to what width, the job's label in messages, and where progress goes. */
export interface RootRanking {
  readonly label: string;
  readonly width: number;
  readonly live?: LiveProgress | undefined;
}

/** The root's ranking: in slices of the pool when the ranker merges them, else one task. */
export async function rankRoot<S>(
  pool: TaskExecutor,
  { engine, all, root }: Root<S>,
  { label, width, live }: RootRanking,
): Promise<Ranking> {
  const ranker = engine.ranker;
  const size = ranker.poolSize(all, root);
  const onAbort = (): Error => interrupted(label, ' while ranking the openers');
  const what = (): string => 'the ranking of the openers';
  const unit = "slices of the openers' ranking";
  if (!ranker.merge || size <= SLICE_MIN_POOL) {
    live?.report({ done: 0, total: 1, unit, best: null });
    const r = await pool.runWithRetry({ kind: 'rank', set: all, node: root, width, from: 0, to: size }, what, onAbort);
    return (r as { ranking: Ranking }).ranking;
  }
  const step = Math.ceil(size / (pool.workers * RANK_SLICES_PER_WORKER));
  const tasks: Promise<TaskResult>[] = [];
  const slices = Math.ceil(size / step);
  let ranked = 0;
  live?.report({ done: 0, total: slices, unit, best: null });
  for (let from = 0; from < size; from += step)
    tasks.push(
      pool
        .runWithRetry(
          { kind: 'rank', set: all, node: root, width, from, to: Math.min(size, from + step) },
          what,
          onAbort,
        )
        .then((r) => {
          live?.report({ done: ++ranked, total: slices, unit, best: null });
          return r;
        }),
    );
  const results = await Promise.all(tasks);
  return ranker.merge(
    results.map((r) => (r as { ranking: Ranking }).ranking),
    width,
    root,
  );
}

/** A root guess split into its reply groups: the groups that need no search are solved here. */
export function candidateOf<S>({ engine, all, root }: Root<S>, guess: number): Candidate<S> {
  const { game, objective, moves } = engine;
  const sp = engine.partitioner.split(guess, all);
  let rootCost = 0;
  const codes: number[] = [];
  const partsOf: Part<S>[] = [];
  const results: Array<SolvedSet | null | undefined> = [];
  for (let g = 0; g < sp.codes.length; g++) {
    const code = sp.codes[g];
    const set = sp.items.slice(sp.starts[g], sp.starts[g + 1]);
    rootCost += objective.groupCost(code, set.length, 0, root.state);
    if (code === game.solvedCode) continue;
    const node: SearchNode<S> = { used: 1, state: moves.after(root.state, guess, code) };
    const t = objective.terminal(set, 1, node.state);
    results.push(t ? { cost: t.cost, depth: t.depth, tree: flattenPlan(t.plan) } : undefined);
    partsOf.push({ candidate: -1, index: codes.length, set, node });
    codes.push(code);
  }
  return {
    guess,
    rootCost,
    codes: Uint32Array.from(codes),
    parts: partsOf,
    results,
    open: results.filter((r) => r === undefined).length,
  };
}

export function candidateCost<S>(c: Candidate<S>): number {
  let cost = c.rootCost;
  for (const r of c.results) cost += r ? r.cost : Infinity;
  return cost;
}

export function candidateDepth<S>(c: Candidate<S>): number {
  let depth = 1;
  for (const r of c.results) if (r && r.depth + 1 > depth) depth = r.depth + 1;
  return depth;
}

/** The candidate of least key (ties: the first), or null when none has a plan. */
export function bestCandidate<S>(engine: SearchEngine<S>, candidates: readonly Candidate<S>[]): Candidate<S> | null {
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

/**
 * The budget of the guess at `index` when the first of least key wins and the best so far is
 * `best`: its key, one more for a guess before it (a tie there still wins); Infinity with no best.
 */
export function budgetBefore(index: number, best: { readonly index: number; readonly key: number } | null): number {
  if (best === null) return Infinity;
  return index < best.index ? best.key + 1 : best.key;
}
