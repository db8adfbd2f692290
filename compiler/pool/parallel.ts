/**
 * The compile driver. The opener's candidates (the top guesses of the root) are each split
 * into their reply groups; every group is solved by the engine as one unit of work, in a
 * piscina pool (`workers` > 1) or in this thread. Each group's solution is a pure function of
 * the group, so the tree is the same, byte for byte, whatever the number of workers.
 */
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { TreeArrays } from '../../runtime/tree-format.js';
import type { Game } from '../game.js';
import { flattenPlan, leafPlan } from '../engine/plan.js';
import { choiceOf, mergeRankings, SearchEngine, type Ranking, type SearchSettings } from '../engine/search.js';
import { fail } from '../../runtime/errors.js';
import { Checkpoint, fingerprint, type CheckpointOptions } from './checkpoint.js';
import type { GameSpec, RankResult, SolveResult, SolvedSet, Task, TaskResult, WorkerInit } from './types.js';

export interface CompileProgress {
  (done: number, total: number, best: number): void;
}

/** Sets per task are gathered until they hold this many secrets (or a set alone is larger). */
const BATCH_SECRETS = 1500;
const BATCH_SETS_MAX = 512;

/** Preorder join of a root guess and its children's trees: exactly what flattenPlan would give. */
export function joinTrees(rootGuess: number, codes: Uint32Array, children: readonly TreeArrays[]): TreeArrays {
  let nodes = 1;
  let edges = children.length;
  for (const c of children) {
    nodes += c.guess.length;
    edges += c.edgeCode.length;
  }
  const guess = new Uint32Array(nodes);
  const edgeStart = new Uint32Array(nodes + 1);
  const edgeCode = new Uint32Array(edges);
  const edgeChild = new Uint32Array(edges);
  guess[0] = rootGuess;
  edgeStart[0] = 0;
  let nodeAt = 1;
  let edgeAt = children.length;
  children.forEach((c, i) => {
    edgeCode[i] = codes[i] as number;
    edgeChild[i] = nodeAt;
    for (let v = 0; v < c.guess.length; v++) {
      guess[nodeAt + v] = c.guess[v] as number;
      edgeStart[nodeAt + v] = (c.edgeStart[v] as number) + edgeAt;
    }
    for (let e = 0; e < c.edgeCode.length; e++) {
      edgeCode[edgeAt + e] = c.edgeCode[e] as number;
      edgeChild[edgeAt + e] = (c.edgeChild[e] as number) + nodeAt;
    }
    nodeAt += c.guess.length;
    edgeAt += c.edgeCode.length;
  });
  edgeStart[nodes] = edges;
  return { guess, edgeStart, edgeCode, edgeChild };
}

interface Unit {
  candidate: number;
  group: number;
}

export interface CompiledTree {
  readonly tree: TreeArrays;
  readonly value: number;
  /** A bound no tree of the game can exceed, when the search established one. */
  readonly upperBound: number | null;
}

export interface CompileTreeOptions {
  readonly workers: number;
  readonly onProgress?: CompileProgress | undefined;
  readonly checkpoint?: CheckpointOptions | undefined;
  /** Aborting stops the workers and rejects with an `interrupted` error. */
  readonly signal?: AbortSignal | undefined;
}

/** The compile workers (compiler/pool/worker.ts) for `workers` > 1, else null (work in this thread). */
export function workerPool(spec: GameSpec, settings: SearchSettings, workers: number): Piscina<Task, TaskResult> | null {
  if (workers <= 1) return null;
  return new Piscina<Task, TaskResult>({
    filename: fileURLToPath(new URL('./worker.js', import.meta.url)),
    workerData: { game: spec, settings: { ...settings } } satisfies WorkerInit,
    minThreads: workers,
    maxThreads: workers,
    idleTimeout: 1000,
  });
}

export async function compileTree(game: Game, spec: GameSpec, settings: SearchSettings, opts: CompileTreeOptions): Promise<CompiledTree> {
  const { workers } = opts;
  const engine = new SearchEngine(game, settings);
  const all = Uint32Array.from({ length: game.secretCount }, (_, i) => i);
  if (all.length === 1 || game.maxAttempts === 1) {
    const plan = engine.solve(all, 0);
    return { tree: flattenPlan(plan), value: plan.value, upperBound: null };
  }
  const pool = workerPool(spec, settings, workers);
  // Replies that arrive for tasks of a pool being torn down (after a failure or an interrupt)
  // are emitted as 'error' events; the compile has already failed with its own message.
  pool?.on('error', () => {});
  try {
    return await compileWith(engine, pool, game, all, settings, opts);
  } finally {
    await pool?.destroy();
  }
}

/** Slices of the opener's pool ranked per task. */
const RANK_SLICES_PER_WORKER = 4;

async function compileWith(
  engine: SearchEngine,
  pool: Piscina<Task, TaskResult> | null,
  game: Game,
  all: Uint32Array,
  settings: SearchSettings,
  opts: CompileTreeOptions,
): Promise<CompiledTree> {
  const { workers, onProgress, signal } = opts;
  const stopIfAborted = (done: number, total: number): void => {
    if (signal?.aborted) {
      const saved = opts.checkpoint ? `; finished batches are saved in ${opts.checkpoint.dir}, rerun with --resume` : '';
      throw fail('interrupted', `interrupted after ${done} of ${total} batches${saved}`);
    }
  };
  let ranking: Ranking;
  if (pool) {
    const size = engine.poolSize(all);
    const slices = workers * RANK_SLICES_PER_WORKER;
    const step = Math.ceil(size / slices);
    const tasks: Promise<TaskResult>[] = [];
    for (let from = 0; from < size; from += step) tasks.push(pool.run({ kind: 'rank', used: 0, set: all, from, to: Math.min(size, from + step) }, signal ? { signal } : {}));
    let results: TaskResult[];
    try {
      results = await Promise.all(tasks);
    } catch (e) {
      stopIfAborted(0, 1);
      throw fail('worker', `${game.id} compile: a worker failed while ranking the openers: ${(e as Error).message ?? String(e)}`);
    }
    ranking = mergeRankings(
      results.map((r) => (r as RankResult).ranking),
      game.maxAttempts,
    );
  } else {
    ranking = engine.rankRange(all, 0);
  }
  const choice = choiceOf(ranking, game.maxAttempts);
  // With every guess in the opener's pool, the best bound holds for any tree of this game.
  const upperBound = engine.poolSize(all) === game.guessCount ? ranking.maxBound : null;
  const candidates = choice.kind === 'optimal' ? [choice.guess] : choice.guesses;
  const parts = candidates.map((g) => engine.partition(g, all));
  const results: SolvedSet[][] = parts.map((p) => new Array<SolvedSet>(p.groups.length));
  const batches: Array<{ units: Unit[]; sets: Uint32Array[]; states?: string[] }> = [];
  let cur: { units: Unit[]; sets: Uint32Array[]; states?: string[] } = { units: [], sets: [] };
  // A game with a guess filter: each group's filter state after its opener and reply.
  const filter = game.guessFilter;
  const stateOf = (candidate: number, group: number): string => (filter ? filter.after(filter.start, candidates[candidate] as number, parts[candidate]!.codes[group] as number) : '');
  let curSize = 0;
  let leafSecrets = 0;
  const totalSecrets = parts.reduce((a, p) => a + p.groups.reduce((b, g) => b + g.length, 0), 0);
  parts.forEach((p, candidate) => {
    p.groups.forEach((set, group) => {
      if (set.length === 1) {
        const leaf = leafPlan(game.guessOfSecret(set[0] as number), game.objective.scores[2] as number);
        (results[candidate] as SolvedSet[])[group] = { value: leaf.value, tree: flattenPlan(leaf) };
        leafSecrets++;
        return;
      }
      cur.units.push({ candidate, group });
      cur.sets.push(set);
      if (filter) (cur.states ??= []).push(stateOf(candidate, group));
      curSize += set.length;
      if (curSize >= BATCH_SECRETS || cur.sets.length >= BATCH_SETS_MAX) {
        batches.push(cur);
        cur = { units: [], sets: [] };
        curSize = 0;
      }
    });
  });
  if (cur.sets.length) batches.push(cur);

  const candidateValue = (i: number): number => {
    let v = parts[i]!.hits ? (game.objective.scores[1] as number) : 0;
    for (const r of results[i] as SolvedSet[]) v += r.value;
    return v;
  };
  const open = parts.map((p) => p.groups.filter((g) => g.length > 1).length);
  let doneSecrets = leafSecrets;
  let bestSoFar = -Infinity;
  const accept = (batch: { units: Unit[]; sets: Uint32Array[] }, res: SolveResult) => {
    res.results.forEach((r, i) => {
      const u = batch.units[i] as Unit;
      (results[u.candidate] as SolvedSet[])[u.group] = r;
      doneSecrets += (batch.sets[i] as Uint32Array).length;
      open[u.candidate] = (open[u.candidate] as number) - 1;
      if (open[u.candidate] === 0) bestSoFar = Math.max(bestSoFar, candidateValue(u.candidate));
    });
    onProgress?.(doneSecrets, totalSecrets, bestSoFar);
  };
  const checkpoint = opts.checkpoint
    ? new Checkpoint(opts.checkpoint, fingerprint({ game: game.id, params: game.params, lists: game.lists, settings, candidates, batches: batches.map((b) => b.sets.length) }))
    : null;
  let finished = 0;
  const todo: number[] = [];
  batches.forEach((batch, index) => {
    const saved = opts.checkpoint?.resume ? checkpoint?.load(index, batch.sets.length) : null;
    if (saved) {
      accept(batch, { kind: 'solved', results: saved });
      finished++;
    } else {
      todo.push(index);
    }
  });
  const done = (index: number, res: SolveResult): void => {
    checkpoint?.save(index, res.results);
    accept(batches[index]!, res);
    finished++;
  };
  if (!pool) {
    for (const index of todo) {
      stopIfAborted(finished, batches.length);
      const res: SolveResult = {
        kind: 'solved',
        results: batches[index]!.sets.map((set, i) => {
          const plan = engine.solve(set, 1, batches[index]!.states?.[i]);
          return { value: plan.value, tree: flattenPlan(plan) };
        }),
      };
      done(index, res);
    }
  } else {
    const runOnce = (index: number): Promise<TaskResult> => pool.run({ kind: 'solve', used: 1, sets: batches[index]!.sets, states: batches[index]!.states }, signal ? { signal } : {});
    await Promise.all(
      todo.map(async (index) => {
        let res: TaskResult;
        try {
          res = await runOnce(index);
        } catch (first) {
          stopIfAborted(finished, batches.length);
          // A worker that threw or died is replaced by the pool; the batch gets one more try.
          try {
            res = await runOnce(index);
          } catch (second) {
            stopIfAborted(finished, batches.length);
            const set = batches[index]!.sets[0]!;
            throw fail('worker', `${game.id} compile: a worker failed twice on batch ${index} (node: ${set.length} secrets after 1 guess, first ${game.secretName(set[0] as number)}): ${(second as Error).message ?? String(second)} (first failure: ${(first as Error).message ?? String(first)})`);
          }
        }
        done(index, res as SolveResult);
      }),
    );
    stopIfAborted(finished, batches.length);
  }
  // The best candidate: highest value, ties to the better-ranked one.
  let bestIndex = -1;
  let best = -Infinity;
  parts.forEach((_, i) => {
    const v = candidateValue(i);
    if (v > best) {
      best = v;
      bestIndex = i;
    }
  });
  const part = parts[bestIndex]!;
  const tree = joinTrees(candidates[bestIndex] as number, part.codes, (results[bestIndex] as SolvedSet[]).map((r) => r.tree));
  return { tree, value: best, upperBound };
}
