/**
 * The one partitioner: the reply counts of a guess over a set (for ranking every guess of a
 * pool) and the split of a set into its reply groups (for searching one guess). Scratch
 * buffers are allocated once per engine; counting allocates nothing.
 *
 * Distinct replies are listed in `touched`, in ascending code order (`ascending`: the counts
 * are scanned, for small code spaces and rankers that sum floats in reply order) or in order
 * of first appearance in the set (the counts of a large code space are never scanned whole).
 */
import type { ReplyCounter, ReplyTable, SearchGame } from './types.js';

/** A set split by one guess: group g is items[starts[g] .. starts[g + 1]), replies ascending. */
export interface Split {
  /** The reply of each group, ascending (the solved reply included when it occurs). */
  readonly codes: Uint32Array;
  readonly starts: Uint32Array;
  /** The set's members grouped, in set order within each group. */
  readonly items: Uint32Array;
}

/** Where `splitInto` writes a split: the same layout as `Split`, in buffers owned by the caller. */
export interface SplitBuffers {
  /** At least min(codeCount, secretCount) + 1 entries. */
  readonly codes: Uint32Array;
  /** At least one more than `codes`. */
  readonly starts: Uint32Array;
  /** At least the set's size. */
  readonly items: Uint32Array;
}

export class Partitioner {
  readonly game: SearchGame;
  /** counts[code] after `count` (until `clear`). */
  readonly counts: Uint32Array;
  /** touched[0..k) after `count`: the distinct replies. */
  readonly touched: Uint32Array;
  private readonly codes: Uint32Array;
  private readonly scan: boolean;
  private counter: ReplyCounter | null = null;
  private set: Uint32Array = new Uint32Array(0);
  private k = 0;
  private readonly table: ReplyTable | null;

  constructor(game: SearchGame, order: 'ascending' | 'first-seen' = 'first-seen') {
    this.game = game;
    this.table = game.replyTable ?? null;
    this.counts = new Uint32Array(game.codeCount);
    this.touched = new Uint32Array(Math.min(game.codeCount, game.secretCount) + 1);
    this.codes = new Uint32Array(game.secretCount);
    this.scan = order === 'ascending';
  }

  /** Prepare to count the replies of many guesses over `set`. */
  begin(set: Uint32Array): void {
    this.set = set;
    this.counter = this.scan && this.game.replyCounter ? this.game.replyCounter(set) : null;
  }

  /** Count the replies of `guess` over the prepared set; returns the number of distinct replies. */
  count(guess: number): number {
    const counts = this.counts;
    const touched = this.touched;
    const set = this.set;
    const n = set.length;
    let k = 0;
    if (this.counter) {
      this.counter.count(guess, counts);
      for (let c = 0; c < counts.length; c++) if (counts[c] > 0) touched[k++] = c;
    } else if (this.scan) {
      const codes = this.codes;
      this.game.partitionCodes(guess, set, n, codes);
      counts.fill(0);
      for (let i = 0; i < n; i++) counts[codes[i]]!++;
      for (let c = 0; c < counts.length; c++) if (counts[c] > 0) touched[k++] = c;
    } else {
      const codes = this.codes;
      this.replies(guess, set, 0, n, codes);
      for (let i = 0; i < n; i++) {
        const c = codes[i];
        const before = counts[c];
        if (before === 0) touched[k++] = c;
        counts[c] = before + 1;
      }
    }
    this.k = k;
    return k;
  }

  /** Clear the counts left by `count` (needed before the next `count` of a large code space). */
  clear(): void {
    if (this.scan) return;
    const counts = this.counts;
    const touched = this.touched;
    for (let j = 0; j < this.k; j++) counts[touched[j]] = 0;
    this.k = 0;
  }

  /** The reply of each secret of `buf[off .. off + n)` to `guess`, into `out[0..n)`. */
  private replies(guess: number, buf: Uint32Array, off: number, n: number, out: Uint32Array): void {
    const t = this.table;
    if (t) {
      const T = t.codes;
      const stride = t.stride;
      for (let i = 0; i < n; i++) out[i] = T[buf[off + i] * stride + guess];
      return;
    }
    this.game.partitionCodes(guess, off === 0 && n === buf.length ? buf : buf.subarray(off, off + n), n, out);
  }

  /**
   * Split the set `buf[off .. off + n)` by the replies to `guess` into caller-owned buffers
   * (the layout of `split`, nothing allocated); returns the number of groups.
   */
  splitInto(guess: number, buf: Uint32Array, off: number, n: number, out: SplitBuffers): number {
    const codes = this.codes;
    this.replies(guess, buf, off, n, codes);
    const counts = this.counts;
    if (this.scan) counts.fill(0);
    const gc = out.codes;
    let k = 0;
    for (let i = 0; i < n; i++) {
      const c = codes[i];
      const m = counts[c];
      if (m === 0) gc[k++] = c;
      counts[c] = m + 1;
    }
    // Replies ascending (insertion sort: a node has few groups).
    for (let i = 1; i < k; i++) {
      const c = gc[i];
      let j = i - 1;
      while (j >= 0 && gc[j] > c) {
        gc[j + 1] = gc[j];
        j--;
      }
      gc[j + 1] = c;
    }
    const starts = out.starts;
    let at = 0;
    for (let g = 0; g < k; g++) {
      const c = gc[g];
      starts[g] = at;
      at += counts[c];
      counts[c] = starts[g];
    }
    starts[k] = at;
    const items = out.items;
    for (let i = 0; i < n; i++) {
      const c = codes[i];
      const slot = counts[c];
      items[slot] = buf[off + i];
      counts[c] = slot + 1;
    }
    for (let g = 0; g < k; g++) counts[gc[g]] = 0;
    return k;
  }

  /** Split `set` by the replies to `guess`. */
  split(guess: number, set: Uint32Array): Split {
    const n = set.length;
    const codes = this.codes;
    this.replies(guess, set, 0, n, codes);
    const counts = this.counts;
    // Counting over a small code space leaves its counts set; a large one clears them itself.
    if (this.scan) counts.fill(0);
    const seen: number[] = [];
    for (let i = 0; i < n; i++) {
      const c = codes[i];
      if (counts[c] === 0) seen.push(c);
      counts[c] = counts[c] + 1;
    }
    seen.sort((a, b) => a - b);
    const k = seen.length;
    const groupCodes = new Uint32Array(k);
    const starts = new Uint32Array(k + 1);
    let at = 0;
    for (let g = 0; g < k; g++) {
      const c = seen[g];
      groupCodes[g] = c;
      starts[g] = at;
      at += counts[c];
      // counts[c] becomes the next free slot of the group while members are placed.
      counts[c] = starts[g];
    }
    starts[k] = at;
    const items = new Uint32Array(n);
    for (let i = 0; i < n; i++) {
      const c = codes[i];
      const slot = counts[c];
      items[slot] = set[i];
      counts[c] = slot + 1;
    }
    for (let g = 0; g < k; g++) counts[groupCodes[g]] = 0;
    return { codes: groupCodes, starts, items };
  }
}
