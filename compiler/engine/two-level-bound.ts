/**
 * Two-level lower bounds of the cost (for Lingo: upper bounds of the score) that no tree can
 * beat, one level deeper than the one-step bound, with the candidate ranker.
 *
 * The one-step bound of an opener counts each reply group as if one secret were found on the
 * next try and every other one on the try after. The two-level bound replaces each group's
 * term by the best one-step bound of any second guess on that group (`nodeBound`), which is
 * never lower. Since every plan under the opener costs at least this, an opener whose
 * two-level bound is above a goal cannot reach it; when every opener is above, no tree is.
 *
 * The groups are bounded largest first (they tighten the bound most) and the work stops as
 * soon as the bound passes the goal, so ruling an opener out is usually cheap.
 *
 * The second guesses are the ranker's pool: the bounds hold for every tree only when the pool
 * holds every guess (probes = the whole guess list, no candidate-only limit).
 */
import type { CandidateRanker } from './candidate-ranker.js';
import { Partitioner } from './partition.js';

export interface OpenerBound {
  readonly opener: number;
  /** The opener's one-step bound, tightened by the groups bounded so far. */
  readonly bound: number;
  /** Reply groups of two or more secrets whose own bound was computed. */
  readonly groupsBounded: number;
  /** Reply groups of two or more secrets. */
  readonly groups: number;
}

export interface OpenerBoundsArgs {
  readonly from: number;
  readonly to: number;
}

export interface TwoLevelArgs {
  readonly opener: number;
  /** Stop once the bound is above this cost. */
  readonly goal: number;
}

function allSecrets(ranker: CandidateRanker): Uint32Array {
  return Uint32Array.from({ length: ranker.game.secretCount }, (_, i) => i);
}

/** Every guess's one-step bound as the opener, for guesses [from, to). */
export function openerBounds(ranker: CandidateRanker, args: OpenerBoundsArgs): Float64Array {
  const all = allSecrets(ranker);
  const out = new Float64Array(args.to - args.from);
  for (let g = args.from; g < args.to; g++) out[g - args.from] = ranker.guessBound(g, all, 0);
  return out;
}

/** The opener's two-level bound over every secret, or a bound above `goal` once one is found. */
export function openerTwoLevelBound(ranker: CandidateRanker, args: TwoLevelArgs): OpenerBound {
  const { opener, goal } = args;
  const all = allSecrets(ranker);
  const rule = ranker.rule;
  let bound = ranker.guessBound(opener, all, 0);
  const sp = new Partitioner(ranker.game).split(opener, all);
  const groups: Array<{ set: Uint32Array; code: number }> = [];
  for (let g = 0; g < sp.codes.length; g++) {
    const code = sp.codes[g];
    const set = sp.items.subarray(sp.starts[g], sp.starts[g + 1]);
    if (code !== ranker.game.solvedCode && set.length > 1) groups.push({ set, code });
  }
  groups.sort((a, b) => b.set.length - a.set.length || a.code - b.code);
  let groupsBounded = 0;
  for (const { set, code } of groups) {
    if (bound > goal) break;
    const state = rule ? rule.after(rule.start, opener, code) : '';
    bound += ranker.nodeBound(set, { used: 1, state }) - ranker.objective.sizeBound(set.length, 1);
    groupsBounded++;
  }
  return { opener, bound, groupsBounded, groups: groups.length };
}
