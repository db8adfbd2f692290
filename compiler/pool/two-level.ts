/**
 * The two-level check over every opener of a game (compiler/engine/two-level-bound.ts): which
 * openers could still reach a total of `goal`. Openers whose one-step bound is below the goal
 * are out at once; each other one is bounded one level deeper, in a piscina pool when
 * `workers` > 1. The report is the same whatever the number of workers.
 */
import type { Game } from '../game.js';
import { SearchEngine, type SearchSettings } from '../engine/search.js';
import { openerBounds, openerTwoLevelBound, type OpenerBound } from '../engine/two-level-bound.js';
import { workerPool } from './parallel.js';
import type { GameSpec, OpenerBoundsResult, TwoLevelResult } from './types.js';

export interface TwoLevelReport {
  /** Every guess is an opener. */
  readonly openers: number;
  /** The highest one-step bound of any opener: no tree is worth more. */
  readonly oneStepBest: number;
  /** Openers whose one-step bound reaches the goal, each with its (possibly early-stopped) two-level bound, in guess order. */
  readonly checked: readonly OpenerBound[];
}

/** Openers bounded per progress report. */
export interface TwoLevelProgress {
  (done: number, total: number): void;
}

const SLICES_PER_WORKER = 4;

export async function twoLevelCheck(game: Game, spec: GameSpec, settings: SearchSettings, goal: number, workers: number, onProgress?: TwoLevelProgress): Promise<TwoLevelReport> {
  const all = Uint32Array.from({ length: game.secretCount }, (_, i) => i);
  const G = game.guessCount;
  const pool = workerPool(spec, settings, workers);
  const engine = pool ? null : new SearchEngine(game, settings);
  try {
    const oneStep = new Float64Array(G);
    const step = Math.ceil(G / (workers * SLICES_PER_WORKER));
    const slices: Array<Promise<void>> = [];
    for (let from = 0; from < G; from += step) {
      const to = Math.min(G, from + step);
      slices.push(
        (pool ? pool.run({ kind: 'openerBounds', from, to }) : Promise.resolve({ kind: 'openerBounds', bounds: openerBounds(engine as SearchEngine, all, from, to) })).then((r) =>
          oneStep.set((r as OpenerBoundsResult).bounds, from),
        ),
      );
    }
    await Promise.all(slices);
    const reaching: number[] = [];
    let oneStepBest = -Infinity;
    for (let g = 0; g < G; g++) {
      const b = oneStep[g] as number;
      if (b > oneStepBest) oneStepBest = b;
      if (b >= goal) reaching.push(g);
    }
    // The quick ones (lowest one-step bound) first, so progress moves; results go back in guess order.
    const order = [...reaching].sort((a, b) => (oneStep[a] as number) - (oneStep[b] as number) || a - b);
    const checked = new Map<number, OpenerBound>();
    let done = 0;
    onProgress?.(0, order.length);
    await Promise.all(
      order.map(async (opener) => {
        const result = pool
          ? ((await pool.run({ kind: 'twoLevel', opener, goal })) as TwoLevelResult).result
          : openerTwoLevelBound(engine as SearchEngine, all, opener, goal);
        checked.set(opener, result);
        onProgress?.(++done, order.length);
      }),
    );
    return { openers: G, oneStepBest, checked: reaching.map((g) => checked.get(g) as OpenerBound) };
  } finally {
    await pool?.destroy();
  }
}
