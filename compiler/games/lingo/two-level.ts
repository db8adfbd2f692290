/**
 * The two-level check over every opener of a Lingo list (compiler/engine/two-level-bound.ts):
 * which openers could still reach a total score of `goal`. Openers whose one-step bound is
 * below the goal are out at once; each other one is bounded one level deeper, in the pool.
 * The report is the same whatever the number of workers. Every word is a probe at every node
 * (the greedy effort's pool), so the bounds hold for every tree.
 */
import type { OpenerBound, OpenerBoundsArgs } from '../../engine/two-level-bound.js';
import { moduleTasks, type PoolPlan, type PoolJob } from '../compile-api.js';
import { LINGO_FULL_SCORE, openerBoundsTask, twoLevelTask, type LingoSetup } from './module.js';
import { type LingoGame, lingoProbes } from './game.js';

export interface TwoLevelReport {
  /** Every guess is an opener. */
  readonly openers: number;
  /** The highest one-step bound of any opener (a total score): no tree is worth more. */
  readonly oneStepBest: number;
  /** Openers whose one-step bound reaches the goal, each with its (possibly early-stopped) two-level bound as a total score, in guess order. */
  readonly checked: readonly OpenerBound[];
}

const SLICES_PER_WORKER = 4;

export interface TwoLevelCheckArgs {
  /** The total score an opener must still reach. */
  readonly goal: number;
  /** How many workers run the tasks (the openers are sliced by it; the report does not depend on it). */
  readonly workers: number;
  /** Openers checked two levels deep so far, of how many. */
  readonly onProgress?: ((done: number, total: number) => void) | undefined;
}

/** The check as a plan: its tasks run by the pool's driver, or another executor. */
export function* twoLevelCheck(
  game: LingoGame,
  { goal, workers, onProgress }: TwoLevelCheckArgs,
): PoolPlan<TwoLevelReport> {
  if (!game.words) throw new Error('twoLevelCheck needs the words');
  const setup: LingoSetup = { effort: 'greedy', probes: lingoProbes(game.words, game.params.length, Infinity) };
  const job: PoolJob = { module: 'lingo', gameSpec: game.spec(), setup, label: `lingo-len${game.params.length}` };
  const full = LINGO_FULL_SCORE * game.secretCount;
  const G = game.guessCount;
  const oneStep = new Float64Array(G);
  const step = Math.ceil(G / (Math.max(1, workers) * SLICES_PER_WORKER));
  const slices: { args: OpenerBoundsArgs; what: string }[] = [];
  for (let from = 0; from < G; from += step) {
    const to = Math.min(G, from + step);
    slices.push({
      args: { from, to },
      what: `the one-step bounds of openers ${from} to ${to - 1}`,
    });
  }
  const bounds = yield* moduleTasks(job, openerBoundsTask, { batch: slices });
  bounds.forEach((b, i) => {
    oneStep.set(
      b.map((cost) => full - cost),
      i * step,
    );
  });
  const reaching: number[] = [];
  let oneStepBest = -Infinity;
  for (let g = 0; g < G; g++) {
    const b = oneStep[g];
    if (b > oneStepBest) oneStepBest = b;
    if (b >= goal) reaching.push(g);
  }
  // The quick ones (lowest one-step bound) first, so progress moves; results go back in guess order.
  const order = [...reaching].sort((a, b) => oneStep[a] - oneStep[b] || a - b);
  let done = 0;
  onProgress?.(0, order.length);
  // Below the goal as a score is above it as a cost.
  const tasks = order.map((opener) => ({
    args: { opener, goal: full - goal },
    what: `the two-level bound of opener ${game.guessName(opener)}`,
  }));
  const results = yield* moduleTasks(job, twoLevelTask, {
    batch: tasks,
    onDone: () => onProgress?.(++done, order.length),
  });
  const checked = new Map<number, OpenerBound>();
  results.forEach((r, i) => {
    checked.set(order[i], { ...r, bound: full - r.bound });
  });
  return { openers: G, oneStepBest, checked: reaching.map((g) => checked.get(g) as OpenerBound) };
}
