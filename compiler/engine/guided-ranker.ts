/**
 * A ranker that plays a given guess at given sets (a line of play the user fixes, `--line`), and
 * ranks every other set as the ranker it wraps. At a guided set the guess is offered as the
 * only one (`Ranking.optimal`), so the search evaluates it alone; its quick look and probe give
 * the wrapped ranker's bounds (the least cost of any guess is a lower bound of this one's) but
 * never a guess, so nothing else is taken there.
 */
import { EMPTY_RANKED } from './top-k.js';
import type { QuickResult, Ranker, Ranking, SearchNode } from './types.js';

/** The guess played at one set of secrets, reached after `used` guesses. */
export interface GuidedSet {
  readonly used: number;
  /** The secrets of the set (any order). */
  readonly secrets: Uint32Array;
  readonly guess: number;
}

/**
 * `inner` with `guides` played where their sets are reached. Guides at one depth must be disjoint
 * (each where other replies lead); `secretCount` sizes the table of each depth's guide by secret.
 */
export function guidedRanker<S>(inner: Ranker<S>, guides: readonly GuidedSet[], secretCount: number): Ranker<S> {
  if (guides.length === 0) return inner;
  // By depth, each secret's guide (-1: none): a set is a guide's when its first secret's guide
  // has the set's size and holds every secret of it.
  const guideOf: Int32Array[] = [];
  guides.forEach((g, i) => {
    guideOf[g.used] ??= new Int32Array(secretCount).fill(-1);
    const row = guideOf[g.used];
    for (const s of g.secrets) {
      if (row[s] >= 0) throw new Error('guided ranker: two guides at one depth share a secret');
      row[s] = i;
    }
  });
  const guideAt = (buf: Uint32Array, off: number, n: number, used: number): number => {
    const row = guideOf[used];
    if (!row || n === 0) return -1;
    const i = row[buf[off]];
    if (i < 0 || guides[i].secrets.length !== n) return -1;
    for (let k = off + 1; k < off + n; k++) if (row[buf[k]] !== i) return -1;
    return guides[i].guess;
  };
  const guided: Ranker<S> = {
    ...bindOptional(inner),
    rank(set: Uint32Array, node: SearchNode<S>, width: number, opts) {
      const g = guideAt(set, 0, set.length, node.used);
      if (g < 0) return inner.rank(set, node, width, opts);
      const ranking: Ranking = {
        optimal: { guess: g, at: 0, bound: 0, key1: 0, key2: 0 },
        top: EMPTY_RANKED,
        setBound: 0,
        complete: false,
      };
      return ranking;
    },
    poolSize: (set, node) => inner.poolSize(set, node),
  };
  const quick = inner.quick;
  if (quick)
    guided.quick = (buf, off, n, node, out: QuickResult) => {
      quick.call(inner, buf, off, n, node, out);
      if (out.guess >= 0 && guideAt(buf, off, n, node.used) >= 0) out.guess = -1;
    };
  const probe = inner.probe;
  if (probe)
    guided.probe = (set, node, width, beta, out: QuickResult) => {
      probe.call(inner, set, node, width, beta, out);
      if (out.guess >= 0 && guideAt(set, 0, set.length, node.used) >= 0) out.guess = -1;
    };
  return guided;
}

/** The wrapped ranker's optional methods that guidance leaves alone, bound to it. */
function bindOptional<S>(inner: Ranker<S>): Partial<Ranker<S>> {
  const out: Partial<Ranker<S>> = {};
  if (inner.splitBound) out.splitBound = inner.splitBound.bind(inner);
  if (inner.lostAt) out.lostAt = inner.lostAt.bind(inner);
  if (inner.familyOrder) out.familyOrder = inner.familyOrder.bind(inner);
  if (inner.merge) out.merge = inner.merge.bind(inner);
  if (inner.refineBound) out.refineBound = inner.refineBound.bind(inner);
  return out;
}
