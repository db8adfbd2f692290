/**
 * The two-level check over every opener of a Lingo list (compiler/engine/two-level-bound.ts):
 * which openers could still reach a total score of `goal`. Openers whose one-step bound is
 * below the goal are out at once; each other one is bounded one level deeper, in the pool.
 * The report is the same whatever the number of workers. Every word is a probe at every node
 * (the greedy effort's pool), so the bounds hold for every tree.
 */
import type { OpenerBound } from '../../engine/two-level-bound.js';
import type { PoolJob, SearchDriver } from '../compile-api.js';
import { LINGO_FULL_SCORE, type LingoSetup } from './module.js';
import { LingoGame, lingoProbes } from './game.js';

export interface TwoLevelReport {
  /** Every guess is an opener. */
  readonly openers: number;
  /** The highest one-step bound of any opener (a total score): no tree is worth more. */
  readonly oneStepBest: number;
  /** Openers whose one-step bound reaches the goal, each with its (possibly early-stopped) two-level bound as a total score, in guess order. */
  readonly checked: readonly OpenerBound[];
}

const SLICES_PER_WORKER = 4;

/** The check, its tasks run by `driver` (the pool's workers, or another executor), with openers checked so far. */
export async function twoLevelCheck(game: LingoGame, goal: number, driver: SearchDriver, onProgress?: (done: number, total: number) => void): Promise<TwoLevelReport> {
  if (!game.words) throw new Error('twoLevelCheck needs the words');
  const setup: LingoSetup = { effort: 'greedy', probes: lingoProbes(game.words, game.params.length, Infinity) };
  const job: PoolJob = { module: 'lingo', gameSpec: game.spec(), setup, label: `lingo-len${game.params.length}` };
  const full = LINGO_FULL_SCORE * game.secretCount;
  return driver.withModuleTasks(job, async (task, workers) => {
    const G = game.guessCount;
    const oneStep = new Float64Array(G);
    const step = Math.ceil(G / (workers * SLICES_PER_WORKER));
    const slices: Array<Promise<void>> = [];
    for (let from = 0; from < G; from += step) {
      const to = Math.min(G, from + step);
      slices.push(task('openerBounds', { from, to }, `the one-step bounds of openers ${from} to ${to - 1}`).then((b) => oneStep.set((b as Float64Array).map((cost) => full - cost), from)));
    }
    await Promise.all(slices);
    const reaching: number[] = [];
    let oneStepBest = -Infinity;
    for (let g = 0; g < G; g++) {
      const b = oneStep[g];
      if (b > oneStepBest) oneStepBest = b;
      if (b >= goal) reaching.push(g);
    }
    // The quick ones (lowest one-step bound) first, so progress moves; results go back in guess order.
    const order = [...reaching].sort((a, b) => oneStep[a] - oneStep[b] || a - b);
    const checked = new Map<number, OpenerBound>();
    let done = 0;
    onProgress?.(0, order.length);
    await Promise.all(
      order.map(async (opener) => {
        // Below the goal as a score is above it as a cost.
        const r = (await task('twoLevel', { opener, goal: full - goal }, `the two-level bound of opener ${game.guessName(opener)}`)) as OpenerBound;
        checked.set(opener, { ...r, bound: full - r.bound });
        onProgress?.(++done, order.length);
      }),
    );
    return { openers: G, oneStepBest, checked: reaching.map((g) => checked.get(g) as OpenerBound) };
  });
}
