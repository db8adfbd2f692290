/**
 * Compiling a Mastermind strategy. `exact` runs the branch and bound over the whole game in
 * one thread (it proves the optimum). The other efforts pick the best-ranked openers, solve
 * the candidate set of each of an opener's replies as one task (in workers when there are
 * several), and keep the opener with the least total. A set's subtree does not depend on
 * which worker solves it, so the tree is the same for any number of workers.
 */
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { fail } from '../../runtime/errors.js';
import type { TreeArrays } from '../../runtime/tree-format.js';
import { flattenPlan } from '../engine/plan.js';
import type { MastermindResult, MastermindTask, MastermindWorkerInit } from '../pool/types.js';
import type { MastermindGame } from './mastermind.js';
import { keyOf, MastermindSearch, unboundedDepth, type MastermindSettings } from './mastermind-search.js';

export interface MastermindEffort extends MastermindSettings {
  readonly name: string;
  /** How many of the best-ranked openers get a whole tree (exact: all, in the search). */
  readonly openers: number;
  /** Score every first guess by its one-step tree and search only the best in full. */
  readonly openerPilot?: boolean | undefined;
  readonly exact: boolean;
}

/** Efforts by name; `default` depends on the size of the game. */
export function mastermindEffort(name: string, codes: number, maxDepth: number): MastermindEffort | null {
  switch (name) {
    case 'quick':
      return { name, exact: false, openers: 1, exactBelow: 12, widths: ONE, rank: 'entropy', maxDepth };
    case 'default':
      // Small games are solved exactly in seconds; larger ones compare the best few guesses
      // of every large set by their subtrees, and solve small sets exactly.
      if (codes <= 1296) return { name, exact: true, openers: Infinity, exactBelow: Infinity, widths: ONE, rank: 'bound', maxDepth };
      return { name, exact: false, ...DEFAULT_WIDE, maxDepth };
    case 'thorough':
      // As default, and every first-guess class scored by its one-step tree first.
      if (codes <= 1296) return mastermindEffort('exact', codes, maxDepth);
      return { name, exact: false, ...DEFAULT_WIDE, openerPilot: true, maxDepth };
    case 'exact':
      return { name, exact: true, openers: Infinity, exactBelow: Infinity, widths: ONE, rank: 'bound', maxDepth };
    default:
      return null;
  }
}

const ONE: ReadonlyArray<readonly [number, number]> = [[Infinity, 1]];
// MM(5,8): 178,610 in about 22 minutes on 2 cores. Exact search up to 12 codes and one guess
// searched in full below the pilot gave 178,700 in 8 minutes; exact up to 30 alone, 178,660.
const DEFAULT_WIDE = {
  openers: 1,
  exactBelow: 30,
  // Sets up to exactBelow are solved exactly, so one width serves every larger set.
  widths: [[Infinity, 16]] as ReadonlyArray<readonly [number, number]>,
  pilotAbove: 100,
  pilotWidth: 16,
  pilotKeep: 2,
  pilotSlack: 0.003,
  rank: 'entropy' as const,
};

export const MASTERMIND_EFFORTS = ['quick', 'default', 'thorough', 'exact'] as const;

export interface MastermindCompileOptions {
  readonly workers: number;
  readonly onProgress?: ((done: number, total: number, best: number) => void) | undefined;
  readonly signal?: AbortSignal | undefined;
}

export interface MastermindCompiled {
  readonly tree: TreeArrays;
  readonly total: number;
  /** Whether the search proved the total optimal (exact effort). */
  readonly proven: boolean;
  readonly stats: { nodes: number; guessScans: number };
  readonly opener?: string;
}

function interrupted(done: number, total: number): Error {
  return fail('interrupted', `interrupted after ${done} of ${total} reply sets; nothing written`);
}

export async function compileMastermind(game: MastermindGame, effort: MastermindEffort, opts: MastermindCompileOptions): Promise<MastermindCompiled> {
  const search = new MastermindSearch(game, effort);
  if (effort.exact) {
    const v = search.solveRoot();
    if (opts.signal?.aborted) throw interrupted(0, 1);
    return { tree: flattenPlan(v.plan), total: v.total, proven: true, stats: search.stats };
  }
  const all = Uint32Array.from({ length: game.secretCount }, (_, i) => i);
  const pool =
    opts.workers > 1
      ? new Piscina<MastermindTask, MastermindResult>({
          filename: fileURLToPath(new URL('../pool/mastermind-worker.js', import.meta.url)),
          workerData: { pegs: game.pegs, colors: game.colors, settings: settingsOf(effort) } satisfies MastermindWorkerInit,
          minThreads: opts.workers,
          maxThreads: opts.workers,
          idleTimeout: 1000,
        })
      : null;
  pool?.on('error', () => {});
  try {
    // Openers: every first guess (one per symmetry class) scored by the one-step tree below
    // it, or the best-ranked few; then the best of them searched in full.
    const candidates = effort.openerPilot ? search.rootGuesses() : search.rankedGuesses(all, [], effort.openers);
    const perOpener = Array.from(candidates, (g) => search.split(g, all));
    const fullTasks = effort.openerPilot ? (perOpener.reduce((m, p) => Math.max(m, p.length), 0)) : 0;
    const totalTasks = perOpener.reduce((t, parts) => t + parts.length, 0) + fullTasks;
    let done = 0;
    let bestSoFar = -Infinity;
    const solveParts = async (g: number, parts: Array<{ code: number; set: Uint32Array }>, mode: 'full' | 'pilot'): Promise<{ total: number; depth: number; tree: TreeArrays }> => {
      // Largest sets first: they take longest.
      const order = parts.map((_, i) => i).sort((a, b) => parts[b]!.set.length - parts[a]!.set.length || a - b);
      const results: MastermindResult[] = new Array(parts.length);
      const solveOne = async (i: number): Promise<void> => {
        const task: MastermindTask = { mode, history: [g], set: parts[i]!.set };
        if (pool) {
          try {
            results[i] = await pool.run(task, opts.signal ? { signal: opts.signal } : {});
          } catch (e) {
            if (opts.signal?.aborted) throw interrupted(done, totalTasks);
            throw fail('worker', `mastermind compile: a worker failed on the ${parts[i]!.set.length} codes after ${game.codeText(g)} ${game.codeName(parts[i]!.code)}: ${(e as Error).message ?? String(e)}`);
          }
        } else {
          // In this thread: let a pending signal handler run between sets.
          await new Promise((resolve) => setImmediate(resolve));
          if (opts.signal?.aborted) throw interrupted(done, totalTasks);
          results[i] = solveTask(search, effort, task);
        }
        done++;
        opts.onProgress?.(done, totalTasks, bestSoFar);
      };
      if (pool) await Promise.all(order.map(solveOne));
      else for (const i of order) await solveOne(i);
      let total = game.secretCount;
      let depth = 1;
      for (const r of results) {
        total += r.total;
        depth = Math.max(depth, r.depth + 1);
      }
      return { total, depth, tree: graft(g, parts.map((p) => p.code), results.map((r) => r.tree)) };
    };
    let best: { g: number; total: number; depth: number; tree: TreeArrays } | null = null;
    const mode = effort.openerPilot ? 'pilot' : 'full';
    for (let k = 0; k < candidates.length; k++) {
      const g = candidates[k] as number;
      const r = await solveParts(g, perOpener[k]!, mode);
      if (!Number.isFinite(r.total)) continue; // no tree within --max-depth below this opener
      // Least total, then least depth; equal ones keep the better-ranked opener.
      if (!best || keyOf(r) < keyOf(best)) best = { g, ...r };
      bestSoFar = mode === 'full' ? -best.total : bestSoFar;
    }
    if (!best) throw fail('budget', `MM(${game.pegs},${game.colors}): the search found no strategy within --max-depth ${effort.maxDepth}`);
    if (effort.openerPilot) {
      const parts = perOpener[Array.from(candidates).indexOf(best.g)]!;
      best = { g: best.g, ...(await solveParts(best.g, parts, 'full')) };
    }
    return { tree: best.tree, total: best.total, proven: false, stats: search.stats, opener: game.codeText(best.g) };
  } finally {
    await pool?.destroy();
  }
}

/**
 * One reply set: the full search, or the one-step pilot; a pilot that finds no tree within
 * the depth cap reports an infinite total (its opener is then passed over).
 */
export function solveTask(search: MastermindSearch, settings: MastermindSettings, task: MastermindTask): MastermindResult {
  const which = task.mode === 'pilot' ? search.pilotSearch() : search;
  const depthLeft = unboundedDepth(settings, task.history.length);
  if (task.mode === 'pilot') {
    const v = which.solve(task.set, task.history, task.history.length, depthLeft, Number.MAX_SAFE_INTEGER);
    if (!v) return { total: Infinity, depth: 0, tree: flattenPlan({ value: 0, guess: 0, codes: new Uint32Array(0), children: [] }) };
    return { total: v.total, depth: v.depth, tree: flattenPlan(v.plan) };
  }
  const v = which.solveSet(task.set, task.history, depthLeft);
  return { total: v.total, depth: v.depth, tree: flattenPlan(v.plan) };
}

/** The search settings of an effort, for the workers: everything but the compile's own fields. */
function settingsOf(effort: MastermindEffort): MastermindSettings {
  const { name: _name, openers: _openers, openerPilot: _openerPilot, exact: _exact, ...settings } = effort;
  return settings;
}

/** A root playing `guess` whose reply `codes[i]` leads to `subtrees[i]` (codes ascending). */
export function graft(guess: number, codes: readonly number[], subtrees: readonly TreeArrays[]): TreeArrays {
  let nodes = 1;
  let edges = codes.length;
  for (const t of subtrees) {
    nodes += t.guess.length;
    edges += t.edgeCode.length;
  }
  const out = {
    guess: new Uint32Array(nodes),
    edgeStart: new Uint32Array(nodes + 1),
    edgeCode: new Uint32Array(edges),
    edgeChild: new Uint32Array(edges),
  };
  out.guess[0] = guess;
  out.edgeStart[0] = 0;
  let node = 1;
  let edge = codes.length;
  subtrees.forEach((t, i) => {
    out.edgeCode[i] = codes[i] as number;
    out.edgeChild[i] = node;
    const n = t.guess.length;
    for (let v = 0; v < n; v++) {
      out.guess[node + v] = t.guess[v] as number;
      out.edgeStart[node + v] = edge + (t.edgeStart[v] as number);
    }
    for (let e = 0; e < t.edgeCode.length; e++) {
      out.edgeCode[edge + e] = t.edgeCode[e] as number;
      out.edgeChild[edge + e] = node + (t.edgeChild[e] as number);
    }
    node += n;
    edge += t.edgeCode.length;
  });
  out.edgeStart[nodes] = edges;
  return out;
}
