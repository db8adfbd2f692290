/**
 * A proven lower bound on the total guesses of a code game (Mastermind, Bulls and Cows): no
 * strategy, of any effort, needs fewer. It is the two-level bound over every first guess,
 * tightened at the third level for small sets.
 *
 * Every strategy opens with some code; the opener's symmetry class (the colour and position
 * permutations of the game) does not change its cost, so one opener per class is bounded
 * (`guessPool([])`). Under an opener, each reply group P costs at least the best one-step bound
 * of any second guess on P: |P| (the guess) plus, per reply group Q of that guess, the least
 * total any tree with the game's K replies a node can have for |Q| codes; a group of at most
 * K + 1 codes that no candidate splits into singletons costs at least 2|Q| (else 2|Q| − 1).
 * The second guesses are one per orbit of the permutations fixing the opener, which map P onto
 * itself, so every guess's bound is among them. The bound of the game is the least over
 * openers; a guess that learns nothing (one group, not a candidate) is never in an optimal tree.
 */
import { codeEffort, codeParts } from './code-efforts.js';
import type { CodeGame, CodeRanker } from './code-ranker.js';
import { Partitioner } from './partition.js';

export interface OpenerTotalBound {
  /** One opener of its symmetry class. */
  readonly opener: number;
  /** No strategy opening with this class needs fewer guesses in all. */
  readonly bound: number;
}

export interface CodeTotalBound {
  /** No strategy needs fewer guesses in all (summed over every secret). */
  readonly bound: number;
  /** Per opener class, in pool order. */
  readonly openers: readonly OpenerTotalBound[];
  /** How the bound was computed, for headers. */
  readonly method: string;
}

export const CODE_BOUND_METHOD = 'two-level bound over every opener class, small third-level groups refined';

/** What the levels share. */
interface BoundContext {
  readonly game: CodeGame;
  readonly ranker: CodeRanker;
  readonly partitioner: Partitioner;
  readonly lb: Float64Array;
  readonly counts: Uint32Array;
}

/**
 * A lower bound of the least total of `set` after the guesses `history`, looking `levels`
 * guesses deep (1: the best one-step bound, third-level groups refined); once it is proven at
 * least `cap` the work stops and some bound of at least `cap` is returned.
 */
function setBound(cx: BoundContext, set: Uint32Array, history: number[], levels: number, cap: number): number {
  const n = set.length;
  if (n <= 2) return n === 1 ? 1 : 3;
  const r = cx.ranker.rank(set, { used: history.length, state: history }, Infinity);
  if (r.optimal) return r.optimal.bound;
  const K = cx.game.replyCodes.length;
  const guesses = Array.from(r.top.guess.subarray(0, r.top.length));
  const bounds = Array.from(r.top.bound.subarray(0, r.top.length));
  // Guesses by their one-step bound, least first: looking deeper only raises a guess's bound,
  // so once the next guess's one-step bound reaches the best found, no later guess is below it.
  const order = guesses.map((_, i) => i).sort((a, b) => bounds[a] - bounds[b] || a - b);
  let best = Infinity;
  for (const i of order) {
    const g = guesses[i];
    const limit = Math.min(best, cap);
    let bound = bounds[i];
    if (bound >= limit) {
      best = Math.min(best, bound);
      break;
    }
    const sp = cx.partitioner.split(g, set);
    const groups: Uint32Array[] = [];
    for (let k = 0; k < sp.codes.length; k++) {
      if (sp.codes[k] === cx.game.solvedCode) continue;
      const m = sp.starts[k + 1] - sp.starts[k];
      if (m >= 3) groups.push(sp.items.subarray(sp.starts[k], sp.starts[k + 1]));
    }
    if (levels <= 1) {
      for (const part of groups) {
        const m = part.length;
        if (m <= K + 1 && !splitsIntoSingletons(cx, part)) bound += 1;
      }
    } else {
      const below = [...history, g];
      // Largest groups first: they raise the bound most, so a cut comes soonest.
      groups.sort((a, b) => b.length - a.length);
      for (const part of groups) {
        if (bound >= limit) break;
        const base = cx.lb[part.length];
        bound += setBound(cx, part.slice(), below, levels - 1, limit - bound + base) - base;
      }
    }
    if (bound < best) best = bound;
  }
  return Math.max(best, r.setBound);
}

/** Whether a code of `set` splits the rest of it into singletons. */
function splitsIntoSingletons(cx: BoundContext, set: Uint32Array): boolean {
  const counts = cx.counts;
  const counter = cx.game.replyCounter(set);
  for (let i = 0; i < set.length; i++) {
    counter.count(set[i], counts);
    let ok = true;
    for (let c = 0; c < counts.length; c++)
      if (counts[c] > 1) {
        ok = false;
        break;
      }
    if (ok) return true;
  }
  return false;
}

export interface CodeBoundOptions {
  /** Guesses looked at below the opener (1: the two-level bound). */
  readonly levels?: number | undefined;
  /** Only these openers (one per class; default: every class, `openerClasses`). */
  readonly openers?: readonly number[] | undefined;
  /**
   * Stop bounding an opener once its bound reaches this: the result is then some bound of at
   * least `cap` (still a proven bound, just not the tightest); Infinity: none.
   */
  readonly cap?: number | undefined;
  /** After each opener class. */
  readonly progress?: ((done: number, of: number, last: OpenerTotalBound) => void) | undefined;
}

function contextOf(game: CodeGame): BoundContext {
  const effort = codeEffort('exact', game.secretCount, 0);
  const ranker = codeParts(game, { ...effort, rank: 'bound' }).ranker as CodeRanker;
  return {
    game,
    ranker,
    partitioner: new Partitioner(game),
    lb: ranker.objective.sizeTable(),
    counts: new Uint32Array(game.codeCount),
  };
}

/** One opener per symmetry class of the game's first guesses, ascending. */
export function openerClasses(game: CodeGame): number[] {
  return Array.from(contextOf(game).ranker.guessPool([]));
}

export function boundMethod(levels: number): string {
  return levels === 1
    ? CODE_BOUND_METHOD
    : `${levels + 1}-level bound over every opener class, small groups of the last level refined`;
}

/** The proven lower bound of `game`'s total (with `openers`: of the strategies opening with one of them). */
export function codeTotalLowerBound(game: CodeGame, options: CodeBoundOptions = {}): CodeTotalBound {
  const levels = options.levels ?? 1;
  const cap = options.cap ?? Infinity;
  const cx = contextOf(game);
  const N = game.secretCount;
  const all = Uint32Array.from({ length: N }, (_, i) => i);
  const pool = options.openers ? [...options.openers] : Array.from(cx.ranker.guessPool([]));
  const openers: OpenerTotalBound[] = [];
  for (const opener of pool) {
    const sp = cx.partitioner.split(opener, all);
    const parts: Uint32Array[] = [];
    // Every group at its size bound first (exact up to two codes), then raised largest first.
    let bound = N;
    for (let k = 0; k < sp.codes.length; k++) {
      if (sp.codes[k] === game.solvedCode) continue;
      const part = sp.items.slice(sp.starts[k], sp.starts[k + 1]);
      bound += cx.lb[part.length];
      if (part.length >= 3) parts.push(part);
    }
    parts.sort((a, b) => b.length - a.length);
    for (const part of parts) {
      if (bound >= cap) break;
      const base = cx.lb[part.length];
      bound += setBound(cx, part, [opener], levels, cap - bound + base) - base;
    }
    const last = { opener, bound };
    openers.push(last);
    options.progress?.(openers.length, pool.length, last);
  }
  const bound = Math.min(...openers.map((o) => o.bound));
  return { bound, openers, method: boundMethod(levels) };
}
