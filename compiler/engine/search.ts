/**
 * The one search engine every game uses.
 *
 * `solve(set, used)` returns the plan for a set of candidate secrets when `used` guesses are
 * spent. It is a pure function of (set, used) under fixed settings, so its results can be
 * memoized and compared across runs and workers:
 *   - one candidate: guess it;
 *   - one try left: guess the first candidate (it is the only one that can still score);
 *   - a guess that is a candidate and splits the rest into singletons is optimal: take it;
 *   - two tries left: the exact best guess (each reply group yields one more find);
 *   - otherwise rank the guess pool (candidates, then probes) by a one-step key, and compare
 *     the top `width(used, n)` guesses by the exact value of the subtrees they produce.
 */
import { upperBound, type Game } from '../game.js';
import { EMPTY_CODES, leafPlan, type Plan } from './plan.js';

export interface SearchSettings {
  /** Guesses compared by subtree value at a node of `n` candidates after `used` guesses. */
  readonly width: (used: number, n: number) => number;
  /** Guesses tried at every node besides the candidates themselves (ascending order of preference). */
  readonly probes: Uint32Array;
  /** Larger sets try only the probes (candidates are no longer cheap to try one by one). */
  readonly candidatePoolMax: number;
  /** Sets up to this size are memoized. */
  readonly memoMaxSet: number;
  /** Called as the opener's candidates are settled: done, total, best value so far. */
  readonly onRootProgress?: (done: number, total: number, best: number) => void;
}

interface Ranked {
  guess: number;
  /** Upper bound of the guess's value (from its reply group sizes). */
  bound: number;
  /** Sum of squared group sizes: smaller splits more evenly. */
  squares: number;
  hits: boolean;
}

/** a ranks before b: higher bound, then more even split, then a candidate, then pool order. */
function better(a: Ranked, b: Ranked): boolean {
  if (a.bound !== b.bound) return a.bound > b.bound;
  if (a.squares !== b.squares) return a.squares < b.squares;
  if (a.hits !== b.hits) return a.hits;
  return false;
}

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
    for (let j = 0; j < k; j++) {
      const c = touched[j] as number;
      const m = counts[c] as number;
      counts[c] = 0;
      squares += m * m;
      if (c === solved) {
        hits = true;
        bound += this.scores[used + 1] as number;
      } else {
        bound += upperBound(obj, A, m, used + 1);
      }
    }
    out.guess = guess;
    out.bound = bound;
    out.squares = squares;
    out.hits = hits;
  }

  /** Split `set` by the replies to `guess`: replies ascending, members in set order. */
  partition(guess: number, set: Uint32Array): { codes: Uint32Array; groups: Uint32Array[]; hits: boolean } {
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
    const fill = new Map<number, { arr: Uint32Array; at: number }>();
    let hits = false;
    for (const c of seen) {
      const m = counts[c] as number;
      counts[c] = 0;
      if (c === solved) {
        hits = true;
        continue;
      }
      const arr = new Uint32Array(m);
      groups.push(arr);
      groupCodes.push(c);
      fill.set(c, { arr, at: 0 });
    }
    for (let i = 0; i < n; i++) {
      const f = fill.get(codes[i] as number);
      if (f) f.arr[f.at++] = set[i] as number;
    }
    return { codes: Uint32Array.from(groupCodes), groups, hits };
  }

  /** The plan of one guess: solve each reply group. */
  evaluate(guess: number, set: Uint32Array, used: number): Plan {
    const { codes, groups, hits } = this.partition(guess, set);
    let value = hits ? (this.scores[used + 1] as number) : 0;
    const children: Plan[] = [];
    for (const g of groups) {
      const child = this.solve(g, used + 1);
      children.push(child);
      value += child.value;
    }
    return { value, guess, codes: children.length ? codes : EMPTY_CODES, children };
  }

  /** Candidates first (as guesses), then probes that are not candidates. */
  private pool(set: Uint32Array): number[] {
    const game = this.game;
    const stamp = ++this.stamp;
    const out: number[] = [];
    if (set.length > this.settings.candidatePoolMax) return Array.from(this.settings.probes);
    for (let i = 0; i < set.length; i++) {
      const g = game.guessOfSecret(set[i] as number);
      this.inSetStamp[g] = stamp;
      out.push(g);
    }
    const probes = this.settings.probes;
    for (let i = 0; i < probes.length; i++) {
      const g = probes[i] as number;
      if (this.inSetStamp[g] !== stamp) out.push(g);
    }
    return out;
  }

  solve(set: Uint32Array, used: number): Plan {
    const n = set.length;
    const game = this.game;
    const A = game.maxAttempts;
    const left = A - used;
    this.nodesSolved++;
    const first = set[0] as number;
    if (n === 1 || left === 1) {
      return leafPlan(game.guessOfSecret(first), (this.scores[used + 1] as number) + (n - 1) * this.unsolved);
    }
    const memoKey = n <= this.settings.memoMaxSet ? `${used}:${set.join(',')}` : null;
    if (memoKey !== null) {
      const hit = this.memo.get(memoKey);
      if (hit) return hit;
    }
    const plan = this.search(set, used);
    if (memoKey !== null) this.memo.set(memoKey, plan);
    return plan;
  }

  private search(set: Uint32Array, used: number): Plan {
    const n = set.length;
    const left = this.game.maxAttempts - used;
    const ceiling = upperBound(this.game.objective, this.game.maxAttempts, n, used);
    const width = Math.max(1, left === 2 ? 1 : this.settings.width(used, n));
    const top: Ranked[] = [];
    const cur: Ranked = { guess: 0, bound: 0, squares: 0, hits: false };
    let bestTwo = -1;
    let bestTwoValue = -Infinity;
    for (const g of this.pool(set)) {
      this.groupStats(g, set, n, used, cur);
      if (cur.hits && cur.bound === ceiling) {
        // A candidate that splits the rest into singletons reaches the ceiling: optimal.
        return this.evaluate(g, set, used);
      }
      if (left === 2) {
        // With two tries left a group's bound is its exact value (one more find), so the
        // bound is the guess's exact value.
        if (cur.bound > bestTwoValue) {
          bestTwoValue = cur.bound;
          bestTwo = cur.guess;
        }
        continue;
      }
      if (top.length < width || better(cur, top[top.length - 1] as Ranked)) {
        let i = Math.min(top.length, width - 1);
        if (top.length < width) top.push({ ...cur });
        else top[i] = { ...cur };
        while (i > 0 && better(top[i] as Ranked, top[i - 1] as Ranked)) {
          const t = top[i - 1] as Ranked;
          top[i - 1] = top[i] as Ranked;
          top[i] = t;
          i--;
        }
      }
    }
    if (left === 2) return this.evaluate(bestTwo, set, used);
    let best: Plan | null = null;
    const report = used === 0 ? this.settings.onRootProgress : undefined;
    for (let i = 0; i < top.length; i++) {
      const r = top[i] as Ranked;
      if (best === null || r.bound > best.value) {
        const plan = this.evaluate(r.guess, set, used);
        if (best === null || plan.value > best.value) best = plan;
      }
      report?.(i + 1, top.length, best.value);
    }
    return best as Plan;
  }
}
