/**
 * The one search engine every game uses.
 *
 * `solve(set, used)` returns the plan for a set of candidate secrets when `used` guesses are
 * spent. It is a pure function of (set, used) under fixed settings, so its results can be
 * memoized and computed in any worker, in any order, with the same outcome:
 *   - one candidate: guess it;
 *   - one try left: guess the first candidate (it is the only one that can still score);
 *   - a guess that is a candidate and splits the rest into singletons is optimal: take it;
 *   - two tries left: the exact best guess (each reply group yields one more find);
 *   - otherwise rank the guess pool (candidates, then probes) by a one-step key, and compare
 *     the top `width` guesses by the exact value of the subtrees they produce (branch and
 *     bound: a guess is dropped as soon as the bounds of its groups show it cannot win).
 * Ties go to the better-ranked guess, so pruning never changes the result.
 */
import { upperBound, type Game } from '../game.js';
import { EMPTY_CODES, leafPlan, type Plan } from './plan.js';

/** Plain data, so that workers rebuild exactly the same settings. */
export interface SearchSettings {
  /** Lookahead widths by guesses used (index 0 = the opener); past the end: 1. */
  readonly widths: readonly number[];
  /** Below the root, nodes with fewer candidates than this use width 1. */
  readonly lookaheadMinSet: number;
  /** Guesses tried at every node besides the candidates themselves. */
  readonly probes: Uint32Array;
  /** Larger sets try only the probes (candidates are no longer cheap to try one by one). */
  readonly candidatePoolMax: number;
  /** Sets up to this size are memoized. */
  readonly memoMaxSet: number;
  /**
   * Optional value estimates by guesses used and set size (see `estimateIndex`), learned from
   * a cheaper search. When present, guesses are ranked by the estimated value of their reply
   * groups instead of by their bound alone.
   */
  readonly estimates?: Float64Array | undefined;
}

/** Sets larger than this share the estimate per secret of this size. */
export const ESTIMATE_SIZE_CAP = 256;

export function estimateIndex(used: number, m: number): number {
  return used * (ESTIMATE_SIZE_CAP + 1) + Math.min(m, ESTIMATE_SIZE_CAP);
}

export function estimateOf(estimates: Float64Array, used: number, m: number): number {
  const v = estimates[estimateIndex(used, m)] as number;
  return m > ESTIMATE_SIZE_CAP ? (v * m) / ESTIMATE_SIZE_CAP : v;
}

export interface Ranked {
  guess: number;
  /** Estimated value (equal to the bound when there are no estimates). */
  estimate: number;
  /** Upper bound of the guess's value (from its reply group sizes). */
  bound: number;
  /** Sum of squared group sizes: smaller splits more evenly. */
  squares: number;
  hits: boolean;
}

/** a ranks before b: higher estimate, higher bound, more even split, a candidate, pool order. */
function better(a: Ranked, b: Ranked): boolean {
  if (a.estimate !== b.estimate) return a.estimate > b.estimate;
  if (a.bound !== b.bound) return a.bound > b.bound;
  if (a.squares !== b.squares) return a.squares < b.squares;
  if (a.hits !== b.hits) return a.hits;
  return false;
}

export interface Partition {
  /** Reply codes other than the solved one, ascending. */
  readonly codes: Uint32Array;
  /** The candidates of each reply, in set order. */
  readonly groups: Uint32Array[];
  readonly hits: boolean;
}

/** What to do at a node: one guess that is already known optimal, or the guesses to compare. */
export type Choice = { kind: 'optimal'; guess: number } | { kind: 'compare'; guesses: number[] };

/** A ranked guess with its place in the node's pool (ties go to the earlier place). */
export interface RankedAt extends Ranked {
  at: number;
}

/** The ranking of a slice of the pool: a guess known optimal, or the best `width` in order. */
export interface Ranking {
  readonly optimal: RankedAt | null;
  readonly top: RankedAt[];
  readonly width: number;
  /** The highest bound of any guess ranked: no plan for the node can be worth more (when the pool holds every guess). */
  readonly maxBound: number;
}

/** Merge slice rankings into what ranking the whole pool in one pass gives. */
export function mergeRankings(parts: readonly Ranking[], left: number): Ranking {
  const optimal = parts
    .map((p) => p.optimal)
    .filter((o): o is RankedAt => o !== null)
    .sort((a, b) => a.at - b.at)[0];
  const width = parts[0]?.width ?? 1;
  const maxBound = Math.max(...parts.map((p) => p.maxBound));
  if (optimal) return { optimal, top: [], width, maxBound };
  const all = parts.flatMap((p) => p.top);
  if (left === 2) {
    all.sort((a, b) => b.bound - a.bound || a.at - b.at);
    return { optimal: null, top: all.slice(0, 1), width: 1, maxBound };
  }
  all.sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : a.at - b.at));
  return { optimal: null, top: all.slice(0, width), width, maxBound };
}

export function choiceOf(r: Ranking, left: number): Choice {
  if (r.optimal) return { kind: 'optimal', guess: r.optimal.guess };
  if (left === 2) return { kind: 'optimal', guess: (r.top[0] as RankedAt).guess };
  return { kind: 'compare', guesses: r.top.map((t) => t.guess) };
}

const MEMO_MAX_ENTRIES = 2_000_000;

export class SearchEngine {
  readonly game: Game;
  readonly settings: SearchSettings;
  private readonly codes: Uint32Array;
  private readonly counts: Int32Array;
  private readonly touched: Uint32Array;
  private readonly inSetStamp: Uint32Array;
  private stamp = 0;
  private readonly memo = new Map<string, Plan>();
  private readonly scores: Float64Array;
  private readonly unsolved: number;
  nodesSolved = 0;
  /** Sees every set the engine solves (for learning estimates). */
  observer: ((used: number, n: number, value: number) => void) | null = null;

  constructor(game: Game, settings: SearchSettings) {
    this.game = game;
    this.settings = settings;
    this.codes = new Uint32Array(game.secretCount);
    this.counts = new Int32Array(game.codeCount);
    this.touched = new Uint32Array(Math.min(game.codeCount, game.secretCount) + 1);
    this.inSetStamp = new Uint32Array(game.guessCount);
    this.scores = game.objective.scores;
    this.unsolved = game.objective.unsolved;
  }

  width(used: number, n: number): number {
    if (this.game.maxAttempts - used <= 2) return 1;
    if (used > 0 && n < this.settings.lookaheadMinSet) return 1;
    return Math.max(1, this.settings.widths[used] ?? 1);
  }

  /** Group statistics of one guess over `set[0..n)`, using the shared scratch buffers. */
  private groupStats(guess: number, set: Uint32Array, n: number, used: number, out: Ranked): void {
    const game = this.game;
    const codes = this.codes;
    const counts = this.counts;
    const touched = this.touched;
    game.partitionCodes(guess, set, n, codes);
    let k = 0;
    for (let i = 0; i < n; i++) {
      const c = codes[i] as number;
      const before = counts[c] as number;
      if (before === 0) touched[k++] = c;
      counts[c] = before + 1;
    }
    const solved = game.solvedCode;
    const A = game.maxAttempts;
    const obj = game.objective;
    const est = this.settings.estimates;
    let hits = false;
    let bound = 0;
    let estimate = 0;
    let squares = 0;
    for (let j = 0; j < k; j++) {
      const c = touched[j] as number;
      const m = counts[c] as number;
      counts[c] = 0;
      squares += m * m;
      if (c === solved) {
        hits = true;
        bound += this.scores[used + 1] as number;
        estimate += this.scores[used + 1] as number;
      } else {
        const b = upperBound(obj, A, m, used + 1);
        bound += b;
        estimate += est && m > 1 ? estimateOf(est, used + 1, m) : b;
      }
    }
    out.guess = guess;
    out.estimate = estimate;
    out.bound = bound;
    out.squares = squares;
    out.hits = hits;
  }

  /** Split `set` by the replies to `guess`: replies ascending, members in set order. */
  partition(guess: number, set: Uint32Array): Partition {
    const n = set.length;
    const codes = new Uint32Array(n);
    this.game.partitionCodes(guess, set, n, codes);
    const counts = this.counts;
    const seen: number[] = [];
    for (let i = 0; i < n; i++) {
      const c = codes[i] as number;
      if ((counts[c] as number) === 0) seen.push(c);
      counts[c] = (counts[c] as number) + 1;
    }
    seen.sort((a, b) => a - b);
    const solved = this.game.solvedCode;
    const groups: Uint32Array[] = [];
    const groupCodes: number[] = [];
    let hits = false;
    // counts[c] becomes the group number + 1 while members are placed.
    const sizes: number[] = [];
    for (const c of seen) {
      const m = counts[c] as number;
      if (c === solved) {
        hits = true;
        counts[c] = 0;
        continue;
      }
      groups.push(new Uint32Array(m));
      sizes.push(0);
      groupCodes.push(c);
      counts[c] = groups.length;
    }
    for (let i = 0; i < n; i++) {
      const gi = (counts[codes[i] as number] as number) - 1;
      if (gi < 0) continue;
      const at = sizes[gi] as number;
      (groups[gi] as Uint32Array)[at] = set[i] as number;
      sizes[gi] = at + 1;
    }
    for (const c of groupCodes) counts[c] = 0;
    return { codes: Uint32Array.from(groupCodes), groups, hits };
  }

  /**
   * The plan of one guess: solve each reply group. With `beat`, gives up (returns null) as
   * soon as the groups' bounds show the value cannot exceed `beat`.
   */
  evaluate(guess: number, set: Uint32Array, used: number, beat = -Infinity): Plan | null {
    const { codes, groups, hits } = this.partition(guess, set);
    const obj = this.game.objective;
    const A = this.game.maxAttempts;
    let value = hits ? (this.scores[used + 1] as number) : 0;
    let slack = value;
    const bounds = groups.map((g) => upperBound(obj, A, g.length, used + 1));
    for (const b of bounds) slack += b;
    if (slack <= beat) return null;
    // Largest groups first: their exact values tighten the bound fastest.
    const order = groups.map((_, i) => i).sort((a, b) => (groups[b] as Uint32Array).length - (groups[a] as Uint32Array).length || a - b);
    const children = new Array<Plan>(groups.length);
    for (const i of order) {
      const child = this.solve(groups[i] as Uint32Array, used + 1);
      children[i] = child;
      value += child.value;
      slack -= (bounds[i] as number) - child.value;
      if (slack <= beat) return null;
    }
    return { value, guess, codes: children.length ? codes : EMPTY_CODES, children };
  }

  /** Candidates first (as guesses), then probes that are not candidates. */
  private pool(set: Uint32Array): Uint32Array {
    const game = this.game;
    const probes = this.settings.probes;
    if (set.length > this.settings.candidatePoolMax) return probes;
    const stamp = ++this.stamp;
    const out = new Uint32Array(set.length + probes.length);
    let k = 0;
    for (let i = 0; i < set.length; i++) {
      const g = game.guessOfSecret(set[i] as number);
      this.inSetStamp[g] = stamp;
      out[k++] = g;
    }
    for (let i = 0; i < probes.length; i++) {
      const g = probes[i] as number;
      if (this.inSetStamp[g] !== stamp) out[k++] = g;
    }
    return out.subarray(0, k);
  }

  /**
   * Rank the pool entries [from, to) at a node of at least two candidates and two tries left.
   * Slices ranked apart (in workers) merge with `mergeRankings` into what one pass gives.
   */
  rankRange(set: Uint32Array, used: number, from = 0, to = Infinity): Ranking {
    const n = set.length;
    const left = this.game.maxAttempts - used;
    const ceiling = upperBound(this.game.objective, this.game.maxAttempts, n, used);
    const width = this.width(used, n);
    const top: RankedAt[] = [];
    const cur: RankedAt = { guess: 0, estimate: 0, bound: 0, squares: 0, hits: false, at: 0 };
    let bestTwo: RankedAt | null = null;
    const pool = this.pool(set);
    const end = Math.min(to, pool.length);
    let maxBound = -Infinity;
    for (let pi = from; pi < end; pi++) {
      const g = pool[pi] as number;
      this.groupStats(g, set, n, used, cur);
      cur.at = pi;
      if (cur.bound > maxBound) maxBound = cur.bound;
      // A candidate that splits the rest into singletons reaches the ceiling: optimal.
      if (cur.hits && cur.bound === ceiling) return { optimal: { ...cur }, top: [], width, maxBound: ceiling };
      if (left === 2) {
        // With two tries left a group's bound is its exact value (one more find).
        if (bestTwo === null || cur.bound > bestTwo.bound) bestTwo = { ...cur };
        continue;
      }
      if (top.length < width || better(cur, top[top.length - 1] as Ranked)) {
        let i = Math.min(top.length, width - 1);
        if (top.length < width) top.push({ ...cur });
        else top[i] = { ...cur };
        while (i > 0 && better(top[i] as Ranked, top[i - 1] as Ranked)) {
          const t = top[i - 1] as RankedAt;
          top[i - 1] = top[i] as RankedAt;
          top[i] = t;
          i--;
        }
      }
    }
    if (left === 2) return { optimal: null, top: bestTwo ? [bestTwo] : [], width: 1, maxBound };
    return { optimal: null, top, width, maxBound };
  }

  poolSize(set: Uint32Array): number {
    return this.pool(set).length;
  }

  /** What to do at a node of at least two candidates and two tries left. */
  choose(set: Uint32Array, used: number): Choice {
    return choiceOf(this.rankRange(set, used), this.game.maxAttempts - used);
  }

  solve(set: Uint32Array, used: number): Plan {
    const n = set.length;
    const game = this.game;
    const left = game.maxAttempts - used;
    this.nodesSolved++;
    if (n === 1 || left === 1) {
      return leafPlan(game.guessOfSecret(set[0] as number), (this.scores[used + 1] as number) + (n - 1) * this.unsolved);
    }
    const memoKey = n <= this.settings.memoMaxSet ? `${used}:${set.join(',')}` : null;
    if (memoKey !== null) {
      const hit = this.memo.get(memoKey);
      if (hit) return hit;
    }
    const plan = this.search(set, used);
    this.observer?.(used, n, plan.value);
    if (memoKey !== null) {
      if (this.memo.size >= MEMO_MAX_ENTRIES) this.memo.clear();
      this.memo.set(memoKey, plan);
    }
    return plan;
  }

  private search(set: Uint32Array, used: number): Plan {
    const choice = this.choose(set, used);
    if (choice.kind === 'optimal') return this.evaluate(choice.guess, set, used) as Plan;
    let best: Plan | null = null;
    for (const g of choice.guesses) {
      const plan = this.evaluate(g, set, used, best === null ? -Infinity : best.value);
      if (plan !== null && (best === null || plan.value > best.value)) best = plan;
    }
    return best as Plan;
  }
}

/**
 * Learn value estimates from a greedy search (width 1) over every secret: the mean value of
 * the sets of each size it solved, per guesses used. Sizes it never met take the value per
 * secret of the nearest smaller size it did meet, or the bound. Deterministic.
 */
export function learnEstimates(game: Game, settings: SearchSettings): Float64Array {
  const engine = new SearchEngine(game, { ...settings, widths: [1], estimates: undefined });
  const rows = game.maxAttempts + 1;
  const sum = new Float64Array(rows * (ESTIMATE_SIZE_CAP + 1));
  const count = new Float64Array(rows * (ESTIMATE_SIZE_CAP + 1));
  engine.observer = (used, n, value) => {
    const i = estimateIndex(used, n);
    // Sets past the cap are folded in per secret.
    const v = n > ESTIMATE_SIZE_CAP ? (value * ESTIMATE_SIZE_CAP) / n : value;
    sum[i] = (sum[i] as number) + v;
    count[i] = (count[i] as number) + 1;
  };
  engine.solve(Uint32Array.from({ length: game.secretCount }, (_, i) => i), 0);
  const est = new Float64Array(rows * (ESTIMATE_SIZE_CAP + 1));
  for (let used = 0; used < rows; used++) {
    let perSecret = NaN;
    for (let m = 1; m <= ESTIMATE_SIZE_CAP; m++) {
      const i = estimateIndex(used, m);
      if ((count[i] as number) > 0) {
        est[i] = (sum[i] as number) / (count[i] as number);
        perSecret = (est[i] as number) / m;
      } else {
        const b = upperBound(game.objective, game.maxAttempts, m, used);
        est[i] = Number.isNaN(perSecret) ? b : Math.min(b, perSecret * m);
      }
    }
  }
  return est;
}
