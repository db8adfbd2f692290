/**
 * Two-level upper bounds: what no tree can exceed, one level deeper than the one-step bound.
 *
 * The one-step bound of an opener counts each reply group as if one secret were found on the
 * next try and every other one on the try after. The two-level bound replaces each group's
 * term by the best one-step bound of any second guess on that group (`nodeBound`), which is
 * never higher. Since every plan under the opener is worth at most this, an opener whose
 * two-level bound is below a goal cannot reach it; when every opener is below, no tree is.
 *
 * The groups are bounded largest first (they tighten the bound most) and the work stops as
 * soon as the bound falls below the goal, so ruling an opener out is usually cheap.
 *
 * The second guesses are the engine's pool: the bounds hold for every tree only when the pool
 * holds every guess (probes = the whole guess list, no candidate-only limit), as in Lingo's
 * `greedy` and `default` efforts, which `bound:lingo` uses.
 */
import { upperBound } from '../game.js';
import type { SearchEngine } from './search.js';

export interface OpenerBound {
  readonly opener: number;
  /** The opener's one-step bound, tightened by the groups bounded so far. */
  readonly bound: number;
  /** Reply groups of two or more secrets whose own bound was computed. */
  readonly groupsBounded: number;
  /** Reply groups of two or more secrets. */
  readonly groups: number;
}

/** Every guess's one-step bound as the opener, for guesses [from, to). */
export function openerBounds(engine: SearchEngine, all: Uint32Array, from: number, to: number): Float64Array {
  const out = new Float64Array(to - from);
  for (let g = from; g < to; g++) out[g - from] = engine.guessBound(g, all, 0);
  return out;
}

/** The opener's two-level bound over `all`, or a bound below `goal` once one is found. */
export function openerTwoLevelBound(engine: SearchEngine, all: Uint32Array, opener: number, goal = -Infinity): OpenerBound {
  const game = engine.game;
  let bound = engine.guessBound(opener, all, 0);
  const { groups } = engine.partition(opener, all);
  const order = groups
    .map((_, i) => i)
    .filter((i) => (groups[i] as Uint32Array).length > 1)
    .sort((a, b) => (groups[b] as Uint32Array).length - (groups[a] as Uint32Array).length || a - b);
  let groupsBounded = 0;
  for (const i of order) {
    if (bound < goal) break;
    const set = groups[i] as Uint32Array;
    bound -= upperBound(game.objective, game.maxAttempts, set.length, 1) - engine.nodeBound(set, 1);
    groupsBounded++;
  }
  return { opener, bound, groupsBounded, groups: order.length };
}
