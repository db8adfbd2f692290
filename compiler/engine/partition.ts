/**
 * The one partitioner: the reply counts of a guess over a set (for ranking every guess of a
 * pool) and the split of a set into its reply groups (for searching one guess). Scratch
 * buffers are allocated once per engine; counting allocates nothing. `SetTable` tables every
 * guess's replies over one set once, for work that splits many parts of that set by many
 * guesses (the exact tail).
 *
 * Distinct replies are listed in `touched`, in ascending code order (`ascending`: the counts
 * are scanned, for small code spaces and rankers that sum floats in reply order) or in order
 * of first appearance in the set (the counts of a large code space are never scanned whole).
 *
 * "Does this guess split the set into singletons" is asked in one place: the Partitioner's
 * `collisionsOf` and `firstSeparating` (its table, else the kernel), stopping at the first repeat.
 */
import { Stamps } from './stamps.js';
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

/**
 * Every reply of `game` as one byte table, secret-major: the game's own (`replyTable`), else
 * one built when every reply fits a byte and secrets × guesses is at most `maxEntries`; null
 * otherwise.
 */
export function byteReplyTable(game: SearchGame, maxEntries: number): ReplyTable | null {
  if (game.replyTable) return game.replyTable;
  const G = game.guessCount;
  const N = game.secretCount;
  if (game.codeCount > 256 || G * N > maxEntries) return null;
  const codes = new Uint8Array(N * G);
  const secrets = Uint32Array.from({ length: N }, (_, i) => i);
  const row = new Uint32Array(N);
  for (let g = 0; g < G; g++) {
    game.partitionCodes(g, secrets, N, row);
    for (let s = 0; s < N; s++) codes[s * G + g] = row[s];
  }
  return { codes, stride: G };
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
  /** The replies read by look-up when there is a table (else computed by the game's kernel). */
  readonly table: ReplyTable | null;
  private readonly tableCodes: Uint8Array | null;
  private readonly stride: number;
  /** One per reply code (`collisionsOf`, `firstSeparating`), made when first needed. */
  private stamps: Stamps | null = null;
  /** A set's own guesses (`firstSeparatingCandidate`). */
  private candidates = new Uint32Array(0);

  /** `table`: the replies as a secret-major byte table (default: the game's own, if any). */
  constructor(
    game: SearchGame,
    order: 'ascending' | 'first-seen' = 'first-seen',
    table: ReplyTable | null = game.replyTable ?? null,
  ) {
    this.game = game;
    this.table = table;
    this.tableCodes = table ? table.codes : null;
    this.stride = table ? table.stride : 0;
    this.counts = new Uint32Array(game.codeCount);
    this.touched = new Uint32Array(Math.min(game.codeCount, game.secretCount) + 1);
    this.codes = new Uint32Array(game.secretCount);
    this.scan = order === 'ascending';
  }

  /**
   * Secrets of `buf[off .. off + n)` whose reply to `guess` an earlier one already got, counted
   * up to `limit` (the reading stops there): 0 when the guess splits them into singletons (the
   * winning reply included). From the table, else the kernel.
   */
  collisionsOf(guess: number, buf: Uint32Array, off: number, n: number, limit: number): number {
    if (!this.stamps) this.stamps = new Stamps(this.game.codeCount);
    const marks = this.stamps.marks;
    const gen = this.stamps.next();
    let col = 0;
    const T = this.tableCodes;
    if (T) {
      const stride = this.stride;
      for (let i = 0; i < n; i++) {
        const c = T[buf[off + i] * stride + guess];
        if (marks[c] !== gen) marks[c] = gen;
        else if (++col >= limit) return col;
      }
      return col;
    }
    const codes = this.codes;
    this.replies(guess, buf, off, n, codes);
    for (let i = 0; i < n; i++) {
      const c = codes[i];
      if (marks[c] !== gen) marks[c] = gen;
      else if (++col >= limit) return col;
    }
    return col;
  }

  /**
   * The first guess of `guesses[0 .. count)` that gives every secret of `buf[off .. off + n)` its
   * own reply (splits them into singletons), or −1. One call scans the list: most guesses fail
   * on their first few secrets, so the scan stays in one loop.
   */
  firstSeparating(guesses: ArrayLike<number>, count: number, buf: Uint32Array, off: number, n: number): number {
    const T = this.tableCodes;
    if (!T) {
      for (let j = 0; j < count; j++) if (this.collisionsOf(guesses[j], buf, off, n, 1) === 0) return guesses[j];
      return -1;
    }
    if (!this.stamps) this.stamps = new Stamps(this.game.codeCount);
    const stamps = this.stamps;
    const marks = stamps.marks;
    const stride = this.stride;
    for (let j = 0; j < count; j++) {
      const g = guesses[j];
      const gen = stamps.next();
      let i = 0;
      for (; i < n; i++) {
        const c = T[buf[off + i] * stride + g];
        if (marks[c] === gen) break;
        marks[c] = gen;
      }
      if (i === n) return g;
    }
    return -1;
  }

  /** The first of the set's own guesses (its secrets' guesses, in set order) that splits `buf[off .. off + n)` into singletons, or −1. */
  firstSeparatingCandidate(buf: Uint32Array, off: number, n: number): number {
    if (this.candidates.length < n) this.candidates = new Uint32Array(this.game.secretCount);
    const cands = this.candidates;
    for (let i = 0; i < n; i++) cands[i] = this.game.guessOfSecret(buf[off + i]);
    return this.firstSeparating(cands, n, buf, off, n);
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
      for (let i = 0; i < n; i++) counts[codes[i]]++;
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

/** The split of a tabled set by one guess: group j (the guess's local id j) is `items[starts[j] .. starts[j + 1])`. */
export interface TableSplit {
  /** At least the set's size + 1 entries. */
  readonly starts: Int32Array;
  /** The members' local indices, ascending within each group (at least the set's size). */
  readonly items: Uint16Array;
  /** The members themselves (global ids), at the same places. */
  readonly globals: Uint32Array;
}

/**
 * Every guess's replies over one set S of n secrets, tabled once (`build`): each guess's replies
 * renumbered into local group ids 0..k−1 in order of first appearance over S (Uint16,
 * guess-major: `ids[g·n + i]`), so a part of S is a list of local indices (0..n−1) and its split
 * by any guess is look-ups. Beside it, per guess, its groups on S and the local index of the
 * secret it names; per local index, the guess naming it. Scratch grows with the largest set;
 * nothing allocates per set or per look-up.
 */
export class SetTable {
  readonly game: SearchGame;
  readonly guessCount: number;
  /** The tabled set and its size. */
  set: Uint32Array = new Uint32Array(0);
  n = 0;
  /** Local group ids, guess-major: `ids[g·n + i]`. */
  ids = new Uint16Array(0);
  /** The groups of each guess on S. */
  readonly groups: Uint16Array;
  /** The local index of the secret guess g names (its reply there is the solved one), or −1. */
  readonly hit: Int32Array;
  /** The guess naming the secret of each local index. */
  candidate = new Uint32Array(0);
  /** Guesses tabled (statistics). */
  tabled = 0;
  private readonly maxEntries: number;
  private readonly hitList: Int32Array;
  private hits = 0;
  private readonly codes: Uint32Array;
  private readonly codeStamps: Stamps;
  private readonly codeId: Uint16Array;
  /** Per local group id (`groupsIn`); counting scratch (`splitInto`, `order`). */
  private gids = new Stamps(0);
  private cnt = new Int32Array(0);

  /** `maxEntries`: the largest table (guesses × secrets) it builds. */
  constructor(game: SearchGame, maxEntries: number) {
    this.game = game;
    this.guessCount = game.guessCount;
    this.maxEntries = maxEntries;
    this.groups = new Uint16Array(game.guessCount);
    this.hit = new Int32Array(game.guessCount).fill(-1);
    this.hitList = new Int32Array(game.guessCount);
    this.codes = new Uint32Array(game.secretCount);
    this.codeStamps = new Stamps(game.codeCount);
    this.codeId = new Uint16Array(game.codeCount);
  }

  /** Whether a set of `n` secrets can be tabled. */
  fits(n: number): boolean {
    return n * this.guessCount <= this.maxEntries && n < 65_536;
  }

  /** Table every guess's replies over `set` (at most `fits` secrets); forgets the set before. */
  build(set: Uint32Array): void {
    const n = set.length;
    const G = this.guessCount;
    this.release();
    this.n = n;
    this.set = set;
    this.tabled += G;
    if (this.ids.length < n * G)
      this.ids = new Uint16Array(Math.max(n * G, Math.min(this.maxEntries, 2 * this.ids.length)));
    if (this.candidate.length < n) {
      const cap = Math.max(n, 2 * this.candidate.length, 64);
      this.candidate = new Uint32Array(cap);
      this.gids = new Stamps(cap);
      this.cnt = new Int32Array(2 * cap + 2);
    }
    for (let i = 0; i < n; i++) this.candidate[i] = this.game.guessOfSecret(set[i]);
    for (let g = 0; g < G; g++) this.groups[g] = this.row(g, set, n);
  }

  /** Guess g's row of local ids over the set; returns its number of groups (and notes its hit). */
  private row(g: number, set: Uint32Array, n: number): number {
    const T = this.ids;
    const codes = this.codes;
    const stamp = this.codeStamps.marks;
    const ids = this.codeId;
    const solved = this.game.solvedCode;
    this.game.partitionCodes(g, set, n, codes);
    const gen = this.codeStamps.next();
    const row = g * n;
    let k = 0;
    for (let i = 0; i < n; i++) {
      const c = codes[i];
      let id: number;
      if (stamp[c] !== gen) {
        stamp[c] = gen;
        id = k++;
        ids[c] = id;
        if (c === solved) {
          this.hit[g] = i;
          this.hitList[this.hits++] = g;
        }
      } else id = ids[c];
      T[row + i] = id;
    }
    return k;
  }

  /** Forget the set's hits (the rest is overwritten by the next `build`). */
  private release(): void {
    for (let i = 0; i < this.hits; i++) this.hit[this.hitList[i]] = -1;
    this.hits = 0;
  }

  /**
   * How many groups guess g makes on the part `items[off .. off + m)` (local indices); stops
   * early (returning less than `need`) once `need` groups can no longer be reached.
   */
  groupsIn(g: number, items: Uint16Array, off: number, m: number, need: number): number {
    const T = this.ids;
    const row = g * this.n;
    const gs = this.gids.marks;
    const gen = this.gids.next();
    let k = 0;
    for (let q = 0; q < m; q++) {
      const id = T[row + items[off + q]];
      if (gs[id] !== gen) {
        gs[id] = gen;
        k++;
      } else if (k + (m - q - 1) < need) break;
    }
    return k;
  }

  /** S split by guess g into `out`, group j its local id j, local indices ascending within each; returns its groups. */
  splitInto(g: number, out: TableSplit): number {
    const n = this.n;
    const k = this.groups[g];
    const T = this.ids;
    const row = g * n;
    const cnt = this.cnt;
    const { starts, items, globals } = out;
    const set = this.set;
    for (let j = 0; j < k; j++) cnt[j] = 0;
    for (let i = 0; i < n; i++) cnt[T[row + i]]++;
    let at = 0;
    for (let j = 0; j < k; j++) {
      starts[j] = at;
      at += cnt[j];
      cnt[j] = starts[j];
    }
    starts[k] = n;
    for (let i = 0; i < n; i++) {
      const slot = cnt[T[row + i]]++;
      items[slot] = i;
      globals[slot] = set[i];
    }
    return k;
  }

  /**
   * Every guess into `out`, by rank ascending, then guess number (a counting sort): guess g's
   * rank is `rankOf[2·groups[g] + (1 if it names a secret of S)]`, each below 2n + 2.
   */
  order(rankOf: Int32Array, out: Uint32Array): void {
    const G = this.guessCount;
    const groups = this.groups;
    const hit = this.hit;
    const slots = 2 * this.n + 2;
    const off = this.cnt;
    off.fill(0, 0, slots);
    for (let g = 0; g < G; g++) off[rankOf[2 * groups[g] + (hit[g] >= 0 ? 1 : 0)]]++;
    let at = 0;
    for (let r = 0; r < slots; r++) {
      const c = off[r];
      off[r] = at;
      at += c;
    }
    for (let g = 0; g < G; g++) out[off[rankOf[2 * groups[g] + (hit[g] >= 0 ? 1 : 0)]]++] = g;
  }

  /** Every guess into `out` by its groups on S, most first, then guess number (`rankOf`: scratch of 2n + 2). */
  orderByGroups(rankOf: Int32Array, out: Uint32Array): void {
    const n = this.n;
    for (let b = 0; b < 2 * n + 2; b++) rankOf[b] = n - (b >> 1);
    this.order(rankOf, out);
  }
}
