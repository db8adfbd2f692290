/**
 * The one top-k selection: the best `k` of a stream of guesses by (key1, key2) ascending, ties
 * to the one pushed first (pool order). Pushing allocates nothing; with k = Infinity every
 * guess is kept and sorted once at the end.
 */
import type { RankedGuess, RankedList } from './types.js';

/** Arrays a ranked list can be copied into and reused for the next (`TopK.resultInto`). */
export interface RankBuffers {
  readonly guess: Uint32Array;
  readonly at: Float64Array;
  readonly bound: Float64Array;
  readonly key1: Float64Array;
  readonly key2: Float64Array;
}

export class TopK {
  private cap = 0;
  private size = 0;
  private unbounded = false;
  private guess: Float64Array = new Float64Array(16);
  private at: Float64Array = new Float64Array(16);
  private bound: Float64Array = new Float64Array(16);
  private key1: Float64Array = new Float64Array(16);
  private key2: Float64Array = new Float64Array(16);

  /** Start a selection of the best `k` (Infinity: all). */
  reset(k: number): void {
    this.unbounded = !Number.isFinite(k);
    this.cap = this.unbounded ? 0 : Math.max(0, k);
    this.size = 0;
    if (!this.unbounded) this.grow(this.cap);
  }

  get count(): number {
    return this.size;
  }

  /** Whether a bounded selection is full: a guess then enters only by beating its last entry. */
  get full(): boolean {
    return !this.unbounded && this.cap > 0 && this.size >= this.cap;
  }

  /** The last (worst) entry's key1; only when `count` > 0. */
  get lastKey1(): number {
    return this.key1[this.size - 1];
  }

  /** The last (worst) entry's key2; only when `count` > 0. */
  get lastKey2(): number {
    return this.key2[this.size - 1];
  }

  private grow(need: number): void {
    if (need <= this.guess.length) return;
    const len = Math.max(need, this.guess.length * 2);
    const more = (a: Float64Array): Float64Array => {
      const b = new Float64Array(len);
      b.set(a.subarray(0, this.size));
      return b;
    };
    this.guess = more(this.guess);
    this.at = more(this.at);
    this.bound = more(this.bound);
    this.key1 = more(this.key1);
    this.key2 = more(this.key2);
  }

  /** Whether (key1, key2) would enter the selection now. */
  wouldEnter(key1: number, key2: number): boolean {
    if (this.unbounded || this.size < this.cap) return this.unbounded || this.cap > 0;
    const last = this.size - 1;
    const l1 = this.key1[last];
    return key1 < l1 || (key1 === l1 && key2 < this.key2[last]);
  }

  push(guess: number, at: number, bound: number, key1: number, key2: number): void {
    if (this.unbounded) {
      this.grow(this.size + 1);
      const i = this.size++;
      this.guess[i] = guess;
      this.at[i] = at;
      this.bound[i] = bound;
      this.key1[i] = key1;
      this.key2[i] = key2;
      return;
    }
    if (!this.wouldEnter(key1, key2)) return;
    let i = this.size < this.cap ? this.size++ : this.size - 1;
    // Move worse entries down; an equal one stays ahead (it came first).
    while (i > 0) {
      const p1 = this.key1[i - 1];
      if (!(key1 < p1 || (key1 === p1 && key2 < this.key2[i - 1]))) break;
      this.guess[i] = this.guess[i - 1];
      this.at[i] = this.at[i - 1];
      this.bound[i] = this.bound[i - 1];
      this.key1[i] = p1;
      this.key2[i] = this.key2[i - 1];
      i--;
    }
    this.guess[i] = guess;
    this.at[i] = at;
    this.bound[i] = bound;
    this.key1[i] = key1;
    this.key2[i] = key2;
  }

  /**
   * The selection in push order, copied into `into` (at least `count` long): views of its
   * first `count` entries, valid until `into` is written again.
   */
  resultInto(into: RankBuffers): RankedList {
    const n = this.size;
    const guess = into.guess.subarray(0, n);
    for (let i = 0; i < n; i++) guess[i] = this.guess[i];
    const at = into.at.subarray(0, n);
    at.set(this.at.subarray(0, n));
    const bound = into.bound.subarray(0, n);
    bound.set(this.bound.subarray(0, n));
    const key1 = into.key1.subarray(0, n);
    key1.set(this.key1.subarray(0, n));
    const key2 = into.key2.subarray(0, n);
    key2.set(this.key2.subarray(0, n));
    return { length: n, guess, at, bound, key1, key2 };
  }

  /** The selection, best first (`sorted` false: a selection of every guess is left in push order). */
  result(sorted = true): RankedList {
    const n = this.size;
    const out: RankedList = {
      length: n,
      guess: new Uint32Array(n),
      at: new Float64Array(n),
      bound: new Float64Array(n),
      key1: new Float64Array(n),
      key2: new Float64Array(n),
    };
    if (!this.unbounded || !sorted) {
      out.guess.set(this.guess.subarray(0, n));
      out.at.set(this.at.subarray(0, n));
      out.bound.set(this.bound.subarray(0, n));
      out.key1.set(this.key1.subarray(0, n));
      out.key2.set(this.key2.subarray(0, n));
      return out;
    }
    // Pushed in pool order: sort the entries by keys, ties by that order.
    const k1 = this.key1;
    const k2 = this.key2;
    const order = new Uint32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    order.sort(byKeys(k1, k2));
    for (let i = 0; i < n; i++) {
      const j = order[i];
      out.guess[i] = this.guess[j];
      out.at[i] = this.at[j];
      out.bound[i] = this.bound[j];
      out.key1[i] = k1[j];
      out.key2[i] = k2[j];
    }
    return out;
  }
}

/** Entry i of a ranked list. */
export function rankedAt(list: RankedList, i: number): RankedGuess {
  return { guess: list.guess[i], at: list.at[i], bound: list.bound[i], key1: list.key1[i], key2: list.key2[i] };
}

/** A ranked list of the given guesses, in that order. */
export function rankedList(items: readonly RankedGuess[]): RankedList {
  const n = items.length;
  const out = {
    length: n,
    guess: new Uint32Array(n),
    at: new Float64Array(n),
    bound: new Float64Array(n),
    key1: new Float64Array(n),
    key2: new Float64Array(n),
  };
  items.forEach((r, i) => {
    out.guess[i] = r.guess;
    out.at[i] = r.at;
    out.bound[i] = r.bound;
    out.key1[i] = r.key1;
    out.key2[i] = r.key2;
  });
  return out;
}

export const EMPTY_RANKED: RankedList = rankedList([]);

/** The order of ranked guesses: key1, key2, then pool place. */
export function compareRanked(a: RankedGuess, b: RankedGuess): number {
  if (a.key1 !== b.key1) return a.key1 < b.key1 ? -1 : 1;
  if (a.key2 !== b.key2) return a.key2 < b.key2 ? -1 : 1;
  return a.at - b.at;
}

/** The best `k` of several ranked lists (slices of one pool), in that order. */
export function mergeTop(parts: readonly RankedList[], k: number): RankedList {
  const all: RankedGuess[] = [];
  for (const p of parts) for (let i = 0; i < p.length; i++) all.push(rankedAt(p, i));
  all.sort(compareRanked);
  return rankedList(Number.isFinite(k) ? all.slice(0, k) : all);
}

/** Entry indices by (key1, key2) ascending, ties by index: the order of every ranked list. */
export function byKeys(k1: ArrayLike<number>, k2: ArrayLike<number>): (a: number, b: number) => number {
  return (a, b) => {
    const x = k1[a];
    const y = k1[b];
    if (x !== y) return x < y ? -1 : 1;
    const u = k2[a];
    const v = k2[b];
    if (u !== v) return u < v ? -1 : 1;
    return a - b;
  };
}
