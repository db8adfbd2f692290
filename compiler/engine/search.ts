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
 *
 * Optional, per settings and game: `cutoffs` passes each reply group the budget its siblings'
 * bounds leave (`solveWithin`: a set that cannot beat it gives up, and the failed budget is
 * memoized); `candidateShortcut` skips the probes when a candidate's exact value is out of
 * their reach; a game's `guessFilter` (hard modes) restricts the probes per node by the replies
 * so far, and its state joins the memo key.
 */
import { upperBound, type Game, type GuessFilter } from '../game.js';
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
   * Branch and bound across levels: each reply group is solved against the budget its
   * siblings' bounds leave (a group that cannot reach it gives up at once), and the budgets a
   * set failed are memoized. Gives the same plans as without; only faster.
   */
  readonly cutoffs?: boolean | undefined;
  /**
   * When the best candidate's bound is exact (its groups hold at most 2) and no non-candidate
   * can score more, take it without ranking the probes. Same value as without; ties may go
   * to another guess.
   */
  readonly candidateShortcut?: boolean | undefined;
}

export interface Ranked {
  guess: number;
  /** Upper bound of the guess's value (from its reply group sizes). */
  bound: number;
  /** Sum of squared group sizes: smaller splits more evenly. */
  squares: number;
  hits: boolean;
  /** Every reply group holds at most 2 secrets: the bound is the guess's exact value. */
  exact?: boolean;
}

/** a ranks before b: higher bound, more even split, a candidate, pool order. */
function better(a: Ranked, b: Ranked): boolean {
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
  /** With `cutoffs`: per memo key, a value the set's plan is known not to exceed. */
  private readonly failed = new Map<string, number>();
  /** With a guess filter: the probes each filter state allows. */
  private readonly probesByState = new Map<string, Uint32Array>();
  private readonly filter: GuessFilter | undefined;
  private readonly cutoffs: boolean;
  private readonly scores: Float64Array;
  private readonly unsolved: number;
  nodesSolved = 0;

  constructor(game: Game, settings: SearchSettings) {
    this.game = game;
    this.settings = settings;
    this.codes = new Uint32Array(game.secretCount);
    this.counts = new Int32Array(game.codeCount);
    this.touched = new Uint32Array(Math.min(game.codeCount, game.secretCount) + 1);
    this.inSetStamp = new Uint32Array(game.guessCount);
    this.scores = game.objective.scores;
    this.unsolved = game.objective.unsolved;
    this.filter = game.guessFilter;
    this.cutoffs = settings.cutoffs === true;
  }

  /** The filter state before any guess ('' when the game has no filter). */
  get startState(): string {
    return this.filter?.start ?? '';
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
    let hits = false;
    let bound = 0;
    let squares = 0;
    let largest = 0;
    for (let j = 0; j < k; j++) {
      const c = touched[j] as number;
      const m = counts[c] as number;
      counts[c] = 0;
      squares += m * m;
      if (m > largest) largest = m;
      if (c === solved) {
        hits = true;
        bound += this.scores[used + 1] as number;
      } else {
        const b = upperBound(obj, A, m, used + 1);
        bound += b;
      }
    }
    out.guess = guess;
    out.bound = bound;
    out.squares = squares;
    out.hits = hits;
    out.exact = largest <= 2;
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
  evaluate(guess: number, set: Uint32Array, used: number, beat = -Infinity, state = this.startState): Plan | null {
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
    const filter = this.filter;
    for (const i of order) {
      const childState = filter ? filter.after(state, guess, codes[i] as number) : state;
      // With cutoffs the group must beat what its siblings' bounds leave (-Infinity without a beat).
      const childBeat = this.cutoffs ? beat - (slack - (bounds[i] as number)) : -Infinity;
      const child = this.solveWithin(groups[i] as Uint32Array, used + 1, childBeat, childState);
      if (child === null) return null;
      children[i] = child;
      value += child.value;
      slack -= (bounds[i] as number) - child.value;
      if (slack <= beat) return null;
    }
    return { value, guess, codes: children.length ? codes : EMPTY_CODES, children };
  }

  /** Candidates first (as guesses), then probes that are not candidates. */
  private pool(set: Uint32Array, state = this.startState): Uint32Array {
    const game = this.game;
    const probes = this.filter ? this.allowedProbes(state) : this.settings.probes;
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

  /** The probes a filter state allows, in probe order (cached per state). */
  private allowedProbes(state: string): Uint32Array {
    const hit = this.probesByState.get(state);
    if (hit) return hit;
    const filter = this.filter as GuessFilter;
    const all = this.settings.probes;
    const out: number[] = [];
    for (let i = 0; i < all.length; i++) if (filter.allows(state, all[i] as number)) out.push(all[i] as number);
    const probes = Uint32Array.from(out);
    if (this.probesByState.size >= 20_000) this.probesByState.clear();
    this.probesByState.set(state, probes);
    return probes;
  }

  /**
   * Rank the pool entries [from, to) at a node of at least two candidates and two tries left.
   * Slices ranked apart (in workers) merge with `mergeRankings` into what one pass gives.
   */
  rankRange(set: Uint32Array, used: number, from = 0, to = Infinity, state = this.startState): Ranking {
    const n = set.length;
    const left = this.game.maxAttempts - used;
    const ceiling = upperBound(this.game.objective, this.game.maxAttempts, n, used);
    const width = this.width(used, n);
    const top: RankedAt[] = [];
    const cur: RankedAt = { guess: 0, bound: 0, squares: 0, hits: false, at: 0 };
    let bestTwo: RankedAt | null = null;
    const pool = this.pool(set, state);
    const end = Math.min(to, pool.length);
    let maxBound = -Infinity;
    // The candidate shortcut: candidates open the pool when it holds them.
    const shortcutAt = this.settings.candidateShortcut && from === 0 && n <= this.settings.candidatePoolMax && end > n ? n : -1;
    let bestCandidate: RankedAt | null = null;
    for (let pi = from; pi < end; pi++) {
      if (pi === shortcutAt && bestCandidate !== null && bestCandidate.exact && bestCandidate.bound >= maxBound) {
        // No guess that is not a candidate can beat n secrets found on the next attempt.
        if (bestCandidate.bound >= n * (this.scores[used + 2] as number)) return { optimal: bestCandidate, top: [], width, maxBound: bestCandidate.bound };
      }
      const g = pool[pi] as number;
      this.groupStats(g, set, n, used, cur);
      cur.at = pi;
      if (cur.bound > maxBound) maxBound = cur.bound;
      if (pi < shortcutAt && (bestCandidate === null || cur.bound > bestCandidate.bound)) bestCandidate = { ...cur };
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

  /** The one-step bound of one guess at a node: no plan that plays it there is worth more. */
  guessBound(guess: number, set: Uint32Array, used: number): number {
    const r: Ranked = { guess, bound: 0, squares: 0, hits: false };
    this.groupStats(guess, set, set.length, used, r);
    return r.bound;
  }

  /**
   * The highest one-step bound of any guess at a node (exact for a single secret and with one
   * or two tries left): when the pool holds every guess, no plan for the set is worth more.
   */
  nodeBound(set: Uint32Array, used: number, state = this.startState): number {
    const n = set.length;
    if (n === 1 || this.game.maxAttempts - used === 1) return (this.scores[used + 1] as number) + (n - 1) * this.unsolved;
    return this.rankRange(set, used, 0, Infinity, state).maxBound;
  }

  poolSize(set: Uint32Array, state = this.startState): number {
    return this.pool(set, state).length;
  }

  /** What to do at a node of at least two candidates and two tries left. */
  choose(set: Uint32Array, used: number, state = this.startState): Choice {
    return choiceOf(this.rankRange(set, used, 0, Infinity, state), this.game.maxAttempts - used);
  }

  /** The plan of a set with `used` guesses spent (`state`: the guess filter's, when the game has one). */
  solve(set: Uint32Array, used: number, state = this.startState): Plan {
    return this.solveWithin(set, used, -Infinity, state) as Plan;
  }

  /**
   * The plan of a set when its value exceeds `beat`, else null (the same plan `solve` gives,
   * whenever it is returned).
   */
  solveWithin(set: Uint32Array, used: number, beat: number, state = this.startState): Plan | null {
    const n = set.length;
    const game = this.game;
    const left = game.maxAttempts - used;
    this.nodesSolved++;
    if (n === 1 || left === 1) {
      const leaf = leafPlan(game.guessOfSecret(set[0] as number), (this.scores[used + 1] as number) + (n - 1) * this.unsolved);
      return leaf.value > beat ? leaf : null;
    }
    if (beat !== -Infinity && upperBound(game.objective, game.maxAttempts, n, used) <= beat) return null;
    const memoKey = n <= this.settings.memoMaxSet ? (this.filter ? `${used}:${state}:${set.join(',')}` : `${used}:${set.join(',')}`) : null;
    let failedAt = Infinity;
    if (memoKey !== null) {
      const hit = this.memo.get(memoKey);
      if (hit) return hit.value > beat ? hit : null;
      if (this.cutoffs) {
        failedAt = this.failed.get(memoKey) ?? Infinity;
        if (beat >= failedAt) return null;
      }
    }
    const plan = this.search(set, used, beat, state);
    if (plan === null) {
      if (memoKey !== null) {
        if (this.failed.size >= MEMO_MAX_ENTRIES) this.failed.clear();
        this.failed.set(memoKey, Math.min(failedAt, beat));
      }
      return null;
    }
    if (memoKey !== null) {
      if (this.memo.size >= MEMO_MAX_ENTRIES) this.memo.clear();
      this.memo.set(memoKey, plan);
      if (this.cutoffs) this.failed.delete(memoKey);
    }
    return plan;
  }

  private search(set: Uint32Array, used: number, beat: number, state: string): Plan | null {
    const choice = this.choose(set, used, state);
    if (choice.kind === 'optimal') return this.evaluate(choice.guess, set, used, beat, state);
    let best: Plan | null = null;
    for (const g of choice.guesses) {
      const plan = this.evaluate(g, set, used, best === null ? beat : Math.max(beat, best.value), state);
      if (plan !== null && (best === null || plan.value > best.value)) best = plan;
    }
    return best;
  }
}
