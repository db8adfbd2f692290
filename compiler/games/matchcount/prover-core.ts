/**
 * The exact worst-case search: can a set of secrets be solved within d guesses?
 *
 * Self-contained on purpose (no imports, no Node APIs): `export --format leetcode` ships
 * this file's text inside the solution it writes, so the submitted code runs the same search
 * as the compiler. `prover.ts` drives it over the generic Game interface.
 *
 * Sets of secrets are bitsets of `words` 32-bit words. `solve(set, d)` answers YES, NO or
 * UNKNOWN (the node limit ran out): a branch and bound over the guesses,
 *   - trivial cases: one secret needs one guess; n secrets never need more than n guesses
 *     (guess candidates one by one); d = 1 solves only a single secret;
 *   - memo: per set, the largest d known unsolvable and the least d known solvable (with the
 *     guess that does it), so iterative deepening reuses every earlier result;
 *   - lower bounds: (a) packings: a subset P in which every guess splits off at most t secrets
 *     from its largest other reply group needs 1 + ceil((|P| - 1) / t) guesses, and so does
 *     any set containing P ("every guess splits off at most one word" is t = 1: |P| guesses);
 *     (b) capacities: with k guesses a set holds at most cap(k) secrets, where
 *     cap(k) = max over guesses of [it is a candidate] + sum over its replies of
 *     min(cap(k-1), group size); (c) the same split-off bound on the set itself;
 *   - guesses whose largest group exceeds cap(d - 1), or one of whose groups has a lower
 *     bound above d - 1, are dropped; the others are tried in order of their groups' worst
 *     lower bound, then their largest group, candidates first, then the most even split, then
 *     index; each guess's groups are solved hardest first, so a failing guess fails fast.
 * Everything is deterministic: same table, settings and calls give the same answers and guesses.
 */

export const NOT_SOLVABLE = 0;
export const SOLVABLE = 1;
export const UNDECIDED = 2;

/** The game as a dense table: reply[g * secrets + s] is the feedback of guess g to secret s. */
export interface ReplyTable {
  readonly guesses: number;
  readonly secrets: number;
  /** Feedback codes are 0..codes-1. */
  readonly codes: number;
  /** The feedback that means "found". */
  readonly solved: number;
  readonly reply: ArrayLike<number>;
}

export function popcount32(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** A lower-bound witness: a set in which no guess splits off more than `t` secrets. */
export interface Packing {
  readonly bits: Uint32Array;
  readonly t: number;
}

const EMPTY = 0;

export class WorstCaseSearch {
  readonly guessCount: number;
  readonly secretCount: number;
  readonly codeCount: number;
  readonly solvedCode: number;
  /** 32-bit words per set. */
  readonly words: number;
  /** masks[(g * codeCount + c) * words + w]: the secrets that give reply c to guess g. */
  private readonly masks: Uint32Array;
  /** The non-solved replies guess g can get from some secret: codeList[codeStart[g] .. codeStart[g+1]). */
  private readonly codeStart: Int32Array;
  private readonly codeList: Int32Array;
  /** The secret guess g names, or -1. */
  private readonly foundOf: Int32Array;
  private packBits: Uint32Array = new Uint32Array(0);
  private packT: number[] = [];
  /** Packings that are re-grown at every node (else only intersected with the node's set). */
  private packGrow: boolean[] = [];
  /** The packings of the set at each level: packAt[level][j * words + w]. */
  private packAt: Uint32Array[] = [];
  /** Scratch for growing a packing: class counts per guess and largest class per guess. */
  private growCounts: Int32Array;
  private growBig: Int32Array;
  /** reply[g * secretCount + s]. */
  private readonly reply: Uint8Array | Uint16Array | Int32Array;

  // Memo: open addressing over set bitsets.
  private capacity = 0;
  private entries = 0;
  private keys: Uint32Array = new Uint32Array(0);
  /** Largest d known not to solve the set. */
  private loOf: Int32Array = new Int32Array(0);
  /** Least d known to solve the set; 0 marks an empty slot. */
  private hiOf: Int32Array = new Int32Array(0);
  /** The guess that solves the set within hiOf, or -1 (the trivial: guess candidates one by one). */
  private guessOf: Int32Array = new Int32Array(0);
  /** Sets the memo holds at most; past that it starts afresh (what it knew is re-proven as needed). */
  readonly memoMaxEntries: number;

  // Scratch per recursion level.
  private sets: Uint32Array;
  private levels = 0;
  private counts: Int32Array[] = [];
  private classLb: Int32Array[] = [];
  private order: Int32Array[] = [];
  private worst: Int32Array[] = [];
  private maxClass: Int32Array[] = [];
  private evenness: Float64Array[] = [];
  private hit: Uint8Array[] = [];
  private caps: Int32Array[] = [];
  /** Per level: the non-empty group sizes of each guess that splits the set, packed (for capacities). */
  private sizes: Int32Array[] = [];
  private sizeHit: Uint8Array[] = [];
  private sizeStart: Int32Array[] = [];
  private sizeGuesses: number[] = [];
  /** Set by `groupBound`: the memo already solves the group within d - 1. */
  private easy = false;

  /** Nodes expanded so far (counted against `nodeLimit`). */
  nodes = 0;
  nodeLimit = Infinity;
  /** Stop (UNKNOWN) after this time, Date.now() milliseconds; checked every 1024 nodes. */
  deadline = Infinity;

  constructor(table: ReplyTable, memoMaxEntries = 1 << 21) {
    const G = table.guesses;
    const N = table.secrets;
    const K = table.codes;
    const W = Math.max(1, Math.ceil(N / 32));
    this.guessCount = G;
    this.secretCount = N;
    this.codeCount = K;
    this.solvedCode = table.solved;
    this.words = W;
    this.memoMaxEntries = memoMaxEntries;
    this.masks = new Uint32Array(G * K * W);
    this.reply = K <= 256 ? new Uint8Array(G * N) : K <= 65536 ? new Uint16Array(G * N) : new Int32Array(G * N);
    for (let i = 0; i < G * N; i++) this.reply[i] = table.reply[i] as number;
    this.growCounts = new Int32Array(G * K);
    this.growBig = new Int32Array(G);
    this.foundOf = new Int32Array(G).fill(-1);
    const seen = new Uint8Array(K);
    const list: number[] = [];
    this.codeStart = new Int32Array(G + 1);
    for (let g = 0; g < G; g++) {
      seen.fill(0);
      const base = g * N;
      for (let s = 0; s < N; s++) {
        const c = table.reply[base + s] as number;
        if (c === table.solved) this.foundOf[g] = s;
        else seen[c] = 1;
        const at = (g * K + c) * W + (s >>> 5);
        this.masks[at] = ((this.masks[at] as number) | (1 << (s & 31))) >>> 0;
      }
      this.codeStart[g] = list.length;
      for (let c = 0; c < K; c++) if (seen[c]) list.push(c);
    }
    this.codeStart[G] = list.length;
    this.codeList = Int32Array.from(list);
    this.sets = new Uint32Array(0);
    this.resetMemo(1 << 12);
  }

  allSecrets(): Uint32Array {
    const b = new Uint32Array(this.words);
    for (let s = 0; s < this.secretCount; s++) b[s >>> 5] = ((b[s >>> 5] as number) | (1 << (s & 31))) >>> 0;
    return b;
  }

  members(set: Uint32Array): number[] {
    const out: number[] = [];
    for (let w = 0; w < this.words; w++) {
      let x = set[w] as number;
      while (x !== 0) {
        const low = x & -x;
        out.push(w * 32 + (31 - Math.clz32(low)));
        x = (x ^ low) >>> 0;
      }
    }
    return out;
  }

  size(set: Uint32Array): number {
    let n = 0;
    for (let w = 0; w < this.words; w++) n += popcount32(set[w] as number);
    return n;
  }

  /** The secrets of `set` that give reply `code` to `guess`. */
  group(set: Uint32Array, guess: number, code: number): Uint32Array {
    const W = this.words;
    const out = new Uint32Array(W);
    const m = (guess * this.codeCount + code) * W;
    for (let w = 0; w < W; w++) out[w] = ((set[w] as number) & (this.masks[m + w] as number)) >>> 0;
    return out;
  }

  /** The non-solved replies `guess` can get from `set`, ascending, each with its group. */
  split(set: Uint32Array, guess: number): { codes: number[]; groups: Uint32Array[]; hit: boolean } {
    const codes: number[] = [];
    const groups: Uint32Array[] = [];
    for (let i = this.codeStart[guess] as number; i < (this.codeStart[guess + 1] as number); i++) {
      const c = this.codeList[i] as number;
      const grp = this.group(set, guess, c);
      if (this.size(grp) > 0) {
        codes.push(c);
        groups.push(grp);
      }
    }
    const f = this.foundOf[guess] as number;
    const hit = f >= 0 && (((set[f >>> 5] as number) >>> (f & 31)) & 1) === 1;
    return { codes, groups, hit };
  }

  // ---------------------------------------------------------------- packings (lower bounds)

  /**
   * Greedy packing for split-off bound t: start from `set`, drop the secret most often split
   * off by guesses that split off more than t, until none does.
   */
  findPacking(set: Uint32Array, t: number): Packing {
    const G = this.guessCount;
    const K = this.codeCount;
    const W = this.words;
    const N = this.secretCount;
    const cs = this.codeStart;
    const cl = this.codeList;
    const reply = this.reply;
    const solved = this.solvedCode;
    const bits = set.slice();
    const viol = new Int32Array(N);
    // Class sizes of every guess over the packing, kept up to date as secrets leave it.
    const cnt = new Int32Array(G * K);
    for (let g = 0; g < G; g++) {
      for (let i = cs[g] as number; i < (cs[g + 1] as number); i++) {
        const c = cl[i] as number;
        const m = (g * K + c) * W;
        let k = 0;
        for (let w = 0; w < W; w++) k += popcount32((bits[w] as number) & (this.masks[m + w] as number));
        cnt[g * K + c] = k;
      }
    }
    let n = this.size(bits);
    for (;;) {
      if (n <= t + 1) return { bits, t };
      viol.fill(0);
      let any = false;
      for (let g = 0; g < G; g++) {
        let big = -1;
        let bigN = 0;
        for (let i = cs[g] as number; i < (cs[g + 1] as number); i++) {
          const k = cnt[g * K + (cl[i] as number)] as number;
          if (k > bigN) {
            bigN = k;
            big = cl[i] as number;
          }
        }
        if (n - bigN <= t) continue;
        any = true;
        // Every member outside the largest group is split off by g.
        const bm = (g * K + big) * W;
        for (let w = 0; w < W; w++) {
          let x = big < 0 ? (bits[w] as number) : ((bits[w] as number) & ~(this.masks[bm + w] as number)) >>> 0;
          while (x !== 0) {
            const low = x & -x;
            const s = w * 32 + (31 - Math.clz32(low));
            viol[s] = (viol[s] as number) + 1;
            x = (x ^ low) >>> 0;
          }
        }
      }
      if (!any) return { bits, t };
      let best = -1;
      let bestV = 0;
      for (let s = 0; s < N; s++) {
        if ((viol[s] as number) > bestV) {
          bestV = viol[s] as number;
          best = s;
        }
      }
      bits[best >>> 5] = ((bits[best >>> 5] as number) & ~(1 << (best & 31))) >>> 0;
      n--;
      for (let g = 0; g < G; g++) {
        const c = reply[g * N + best] as number;
        if (c !== solved) cnt[g * K + c] = (cnt[g * K + c] as number) - 1;
      }
    }
  }

  /**
   * A packing with t = 1, quickly: give each guess the reply most secrets of the set get from
   * it; two secrets conflict when some guess gives both another reply (or names one of them).
   * A set without conflicts has, for every guess, at most one secret outside that reply's
   * group: a packing. Greedy independent set, fewest conflicts first, ties by index.
   */
  conflictPacking(set: Uint32Array): Packing {
    const G = this.guessCount;
    const K = this.codeCount;
    const W = this.words;
    const N = this.secretCount;
    const conflicts = new Uint32Array(N * W);
    const off = new Uint32Array(W);
    const members = this.members(set);
    for (let g = 0; g < G; g++) {
      // The largest reply group of g over the set; everything else is "off".
      let big = -1;
      let bigN = -1;
      for (let i = this.codeStart[g] as number; i < (this.codeStart[g + 1] as number); i++) {
        const c = this.codeList[i] as number;
        const m = (g * K + c) * W;
        let k = 0;
        for (let w = 0; w < W; w++) k += popcount32((set[w] as number) & (this.masks[m + w] as number));
        if (k > bigN) {
          bigN = k;
          big = c;
        }
      }
      let offCount = 0;
      for (let w = 0; w < W; w++) {
        const x =
          big < 0 ? (set[w] as number) : ((set[w] as number) & ~(this.masks[(g * K + big) * W + w] as number)) >>> 0;
        off[w] = x;
        offCount += popcount32(x);
      }
      if (offCount < 2) continue;
      for (let w = 0; w < W; w++) {
        let x = off[w] as number;
        while (x !== 0) {
          const low = x & -x;
          x = (x ^ low) >>> 0;
          const s = w * 32 + (31 - Math.clz32(low));
          for (let v = 0; v < W; v++)
            conflicts[s * W + v] = ((conflicts[s * W + v] as number) | (off[v] as number)) >>> 0;
        }
      }
    }
    const left = set.slice();
    const bits = new Uint32Array(W);
    for (;;) {
      let best = -1;
      let bestDeg = Infinity;
      for (const s of members) {
        if ((((left[s >>> 5] as number) >>> (s & 31)) & 1) === 0) continue;
        let deg = 0;
        for (let w = 0; w < W; w++) deg += popcount32((conflicts[s * W + w] as number) & (left[w] as number));
        if (deg < bestDeg) {
          bestDeg = deg;
          best = s;
        }
      }
      if (best < 0) break;
      bits[best >>> 5] = ((bits[best >>> 5] as number) | (1 << (best & 31))) >>> 0;
      for (let w = 0; w < W; w++) left[w] = ((left[w] as number) & ~(conflicts[best * W + w] as number)) >>> 0;
      left[best >>> 5] = ((left[best >>> 5] as number) & ~(1 << (best & 31))) >>> 0;
    }
    // The exact rule may admit more than the conflicts allow.
    this.ensureLevels(1);
    this.sets.set(set, 0);
    this.growPacking(bits, 0, 0, this.size(bits), 1);
    return { bits, t: 1 };
  }

  /**
   * The lower-bound witnesses. Each is intersected with every node's set; those marked `grow`
   * are also grown back at every node (greedily, secrets in index order), which costs about
   * one more pass over the guesses per node.
   */
  setPackings(packs: readonly Packing[], grow: readonly boolean[] = []): void {
    const W = this.words;
    this.packBits = new Uint32Array(packs.length * W);
    this.packT = packs.map((p) => p.t);
    this.packGrow = packs.map((_, i) => grow[i] === true);
    packs.forEach((p, i) => {
      this.packBits.set(p.bits, i * W);
    });
    this.packAt = this.packAt.map(() => new Uint32Array(packs.length * W));
  }

  /** The best bound the packings `src[srcOff..]` (J of them) give for the set at sets[off..]. */
  private packBoundOf(packs: Uint32Array, set: Uint32Array, off: number): number {
    const W = this.words;
    let best = 0;
    for (let j = 0; j < this.packT.length; j++) {
      let p = 0;
      for (let w = 0; w < W; w++) p += popcount32((set[off + w] as number) & (packs[j * W + w] as number));
      if (p >= 1) {
        const t = this.packT[j] as number;
        const b = 1 + Math.ceil((p - 1) / t);
        if (b > best) best = b;
      }
    }
    return best;
  }

  /** The static packings' bound for a set (no growing). */
  private packBound(src: Uint32Array, off: number): number {
    return this.packBoundOf(this.packBits, src, off);
  }

  /**
   * The packings of the set at `level`: the parent level's (or the static ones at level 0)
   * intersected with the set, the growing ones grown back. Returns their best bound.
   */
  private enterPackings(level: number, n: number): number {
    const J = this.packT.length;
    if (J === 0) return 0;
    const W = this.words;
    const sets = this.sets;
    const off = level * W;
    const from = level === 0 ? this.packBits : (this.packAt[level - 1] as Uint32Array);
    const at = this.packAt[level] as Uint32Array;
    let best = 0;
    for (let j = 0; j < J; j++) {
      let m = 0;
      for (let w = 0; w < W; w++) {
        const x = ((from[j * W + w] as number) & (sets[off + w] as number)) >>> 0;
        at[j * W + w] = x;
        m += popcount32(x);
      }
      const t = this.packT[j] as number;
      if (this.packGrow[j] && m < n) m = this.growPacking(at, j * W, off, m, t);
      if (m >= 1) {
        const b = 1 + Math.ceil((m - 1) / t);
        if (b > best) best = b;
      }
    }
    return best;
  }

  /** Add secrets of the set (at sets[setOff..]) to the packing at pack[pOff..] while no guess splits off more than t. */
  private growPacking(pack: Uint32Array, pOff: number, setOff: number, m: number, t: number): number {
    const G = this.guessCount;
    const K = this.codeCount;
    const N = this.secretCount;
    const W = this.words;
    const masks = this.masks;
    const cs = this.codeStart;
    const cl = this.codeList;
    const cnt = this.growCounts;
    const big = this.growBig;
    const reply = this.reply;
    const solved = this.solvedCode;
    for (let g = 0; g < G; g++) {
      let mx = 0;
      for (let i = cs[g] as number; i < (cs[g + 1] as number); i++) {
        const c = cl[i] as number;
        const mm = (g * K + c) * W;
        let k = 0;
        for (let w = 0; w < W; w++) k += popcount32((pack[pOff + w] as number) & (masks[mm + w] as number));
        cnt[g * K + c] = k;
        if (k > mx) mx = k;
      }
      big[g] = mx;
    }
    const sets = this.sets;
    for (let w = 0; w < W; w++) {
      let x = ((sets[setOff + w] as number) & ~(pack[pOff + w] as number)) >>> 0;
      while (x !== 0) {
        const low = x & -x;
        x = (x ^ low) >>> 0;
        const s = w * 32 + (31 - Math.clz32(low));
        let ok = true;
        for (let g = 0; g < G; g++) {
          const c = reply[g * N + s] as number;
          const b = big[g] as number;
          let nb = b;
          if (c !== solved) {
            const k = (cnt[g * K + c] as number) + 1;
            if (k > nb) nb = k;
          }
          if (m + 1 - nb > t) {
            ok = false;
            break;
          }
        }
        if (!ok) continue;
        m++;
        pack[pOff + w] = ((pack[pOff + w] as number) | low) >>> 0;
        for (let g = 0; g < G; g++) {
          const c = reply[g * N + s] as number;
          if (c === solved) continue;
          const k = (cnt[g * K + c] as number) + 1;
          cnt[g * K + c] = k;
          if (k > (big[g] as number)) big[g] = k;
        }
      }
    }
    return m;
  }

  /** A lower bound for a set without search: packings, split-off, capacities, memo. */
  lowerBound(set: Uint32Array): number {
    const n = this.size(set);
    if (n <= 1) return n;
    this.ensureLevels(1);
    this.sets.set(set, 0);
    let lb = Math.max(2, this.packBound(this.sets, 0));
    const slot = this.find(this.sets, 0);
    if (slot >= 0) lb = Math.max(lb, (this.loOf[slot] as number) + 1);
    const own = this.ownBound(0, n, n);
    return Math.max(lb, own);
  }

  // ---------------------------------------------------------------- memo

  private resetMemo(capacity: number): void {
    this.capacity = capacity;
    this.entries = 0;
    this.keys = new Uint32Array(capacity * this.words);
    this.loOf = new Int32Array(capacity);
    this.hiOf = new Int32Array(capacity);
    this.guessOf = new Int32Array(capacity);
  }

  private hash(src: Uint32Array, off: number): number {
    let h = 0x9e3779b9 | 0;
    for (let w = 0; w < this.words; w++) {
      h = Math.imul(h ^ (src[off + w] as number), 0x85ebca6b);
      h ^= h >>> 13;
    }
    h = Math.imul(h ^ (h >>> 16), 0xc2b2ae35);
    return (h ^ (h >>> 16)) >>> 0;
  }

  private find(src: Uint32Array, off: number): number {
    const W = this.words;
    const mask = this.capacity - 1;
    let i = this.hash(src, off) & mask;
    for (;;) {
      if ((this.hiOf[i] as number) === EMPTY) return -1;
      let same = true;
      for (let w = 0; w < W; w++) {
        if ((this.keys[i * W + w] as number) !== (src[off + w] as number)) {
          same = false;
          break;
        }
      }
      if (same) return i;
      i = (i + 1) & mask;
    }
  }

  /** Record what is known of a set of n secrets: unsolvable within lo, solvable within hi by guess. */
  private record(src: Uint32Array, off: number, n: number, lo: number, hi: number, guess: number): void {
    let i = this.find(src, off);
    if (i < 0) {
      if (this.entries + 1 > this.capacity >>> 1) {
        // At most half full: grow while under the limit, else start afresh.
        if (this.capacity < 2 * this.memoMaxEntries) this.grow();
        else this.resetMemo(this.capacity);
      }
      const W = this.words;
      const mask = this.capacity - 1;
      i = this.hash(src, off) & mask;
      while ((this.hiOf[i] as number) !== EMPTY) i = (i + 1) & mask;
      for (let w = 0; w < W; w++) this.keys[i * W + w] = src[off + w] as number;
      this.loOf[i] = 1;
      this.hiOf[i] = n;
      this.guessOf[i] = -1;
      this.entries++;
    }
    if (lo > (this.loOf[i] as number)) this.loOf[i] = lo;
    if (hi < (this.hiOf[i] as number)) {
      this.hiOf[i] = hi;
      this.guessOf[i] = guess;
    }
  }

  private grow(): void {
    const W = this.words;
    const oldKeys = this.keys;
    const oldLo = this.loOf;
    const oldHi = this.hiOf;
    const oldGuess = this.guessOf;
    const oldCap = this.capacity;
    this.resetMemo(oldCap * 2);
    const mask = this.capacity - 1;
    for (let j = 0; j < oldCap; j++) {
      if ((oldHi[j] as number) === EMPTY) continue;
      let i = this.hash(oldKeys, j * W) & mask;
      while ((this.hiOf[i] as number) !== EMPTY) i = (i + 1) & mask;
      for (let w = 0; w < W; w++) this.keys[i * W + w] = oldKeys[j * W + w] as number;
      this.loOf[i] = oldLo[j] as number;
      this.hiOf[i] = oldHi[j] as number;
      this.guessOf[i] = oldGuess[j] as number;
      this.entries++;
    }
  }

  get memoEntries(): number {
    return this.entries;
  }

  /** What the memo knows of a set: [largest d known unsolvable, least d known solvable, its guess]. */
  known(set: Uint32Array): { lo: number; hi: number; guess: number } | null {
    this.ensureLevels(1);
    this.sets.set(set, 0);
    const i = this.find(this.sets, 0);
    if (i < 0) return null;
    return { lo: this.loOf[i] as number, hi: this.hiOf[i] as number, guess: this.guessOf[i] as number };
  }

  // ---------------------------------------------------------------- search

  private ensureLevels(levels: number): void {
    if (levels <= this.levels) return;
    const G = this.guessCount;
    const K = this.codeCount;
    const grown = new Uint32Array((levels + 1) * this.words);
    grown.set(this.sets);
    this.sets = grown;
    for (let l = this.levels; l < levels; l++) {
      this.counts.push(new Int32Array(G * K));
      this.classLb.push(new Int32Array(G * K));
      this.order.push(new Int32Array(G));
      this.worst.push(new Int32Array(G));
      this.maxClass.push(new Int32Array(G));
      this.evenness.push(new Float64Array(G));
      this.hit.push(new Uint8Array(G));
      this.caps.push(new Int32Array(2));
      this.sizes.push(new Int32Array(G * K));
      this.sizeHit.push(new Uint8Array(G));
      this.sizeStart.push(new Int32Array(G + 1));
      this.sizeGuesses.push(0);
      this.packAt.push(new Uint32Array(this.packT.length * this.words));
    }
    this.levels = levels;
  }

  /**
   * Can `set` be solved within `d` guesses? YES, NO, or UNKNOWN when the node limit ran out
   * (what was proven before that stays in the memo).
   */
  solve(set: Uint32Array, d: number): number {
    this.ensureLevels(Math.max(2, d + 2));
    this.sets.set(set, 0);
    return this.node(0, d);
  }

  /**
   * A guess that solves `set` within `d` (call after solve(set, d) gave YES): the memo's, or
   * for a set no larger than d the candidate with the smallest largest group.
   */
  guessWithin(set: Uint32Array, d: number): number {
    const k = this.known(set);
    if (k && k.hi <= d && k.guess >= 0) return k.guess;
    return this.candidateGuess(set);
  }

  /** The candidate (a guess naming a secret of the set) with the smallest largest group; lowest index on ties. */
  candidateGuess(set: Uint32Array): number {
    let best = -1;
    let bestMax = Infinity;
    for (let g = 0; g < this.guessCount; g++) {
      const f = this.foundOf[g] as number;
      if (f < 0 || (((set[f >>> 5] as number) >>> (f & 31)) & 1) === 0) continue;
      const { groups } = this.split(set, g);
      let mx = 0;
      for (const grp of groups) mx = Math.max(mx, this.size(grp));
      if (mx < bestMax) {
        bestMax = mx;
        best = g;
      }
    }
    return best;
  }

  /**
   * The editorial heuristic's guess: the smallest largest group, a candidate on ties, then the
   * most even split, then the lowest index. -1 when no guess splits the set.
   */
  greedyGuess(set: Uint32Array): number {
    let best = -1;
    let bestKey = Infinity;
    let bestSq = Infinity;
    const n = this.size(set);
    for (let g = 0; g < this.guessCount; g++) {
      const { groups, hit } = this.split(set, g);
      let mx = 0;
      let sq = hit ? 1 : 0;
      for (const grp of groups) {
        const m = this.size(grp);
        mx = Math.max(mx, m);
        sq += m * m;
      }
      if (mx === n) continue; // tells nothing
      const key = mx * 2 + (hit ? 0 : 1);
      if (key < bestKey || (key === bestKey && sq < bestSq)) {
        bestKey = key;
        bestSq = sq;
        best = g;
      }
    }
    return best;
  }

  /** Split-off and capacity bounds of the set at `level` (its counts must be filled). */
  private ownBound(level: number, n: number, dMax: number): number {
    this.fillCounts(level, n);
    let lb = this.splitOffBound(level, n);
    const caps = this.capacities(level, n, Math.min(dMax, n));
    for (let k = 1; k < caps.length; k++) {
      if ((caps[k] as number) >= n) {
        if (k > lb) lb = k;
        break;
      }
    }
    return lb;
  }

  /** The split-off bound of the set at `level` (its counts filled): every guess splits off at most s secrets, so 1 + ceil((n - 1) / s). */
  private splitOffBound(level: number, n: number): number {
    const G = this.guessCount;
    const mc = this.maxClass[level] as Int32Array;
    let maxSplit = 0;
    for (let g = 0; g < G; g++) {
      const s = n - (mc[g] as number);
      if (s > maxSplit) maxSplit = s;
    }
    return maxSplit === 0 ? n : 1 + Math.ceil((n - 1) / maxSplit);
  }

  /** Class sizes of every guess over the set at `level`: counts, largest class, hit, evenness. */
  private fillCounts(level: number, n: number): void {
    const G = this.guessCount;
    const K = this.codeCount;
    const W = this.words;
    const sets = this.sets;
    const off = level * W;
    const cnt = this.counts[level] as Int32Array;
    const mc = this.maxClass[level] as Int32Array;
    const hitA = this.hit[level] as Uint8Array;
    const even = this.evenness[level] as Float64Array;
    const masks = this.masks;
    const cs = this.codeStart;
    const cl = this.codeList;
    const sz = this.sizes[level] as Int32Array;
    const szHit = this.sizeHit[level] as Uint8Array;
    const szStart = this.sizeStart[level] as Int32Array;
    let packed = 0;
    let splitting = 0;
    for (let g = 0; g < G; g++) {
      let mx = 0;
      let sq = 0;
      let total = 0;
      const from = packed;
      for (let i = cs[g] as number; i < (cs[g + 1] as number); i++) {
        const c = cl[i] as number;
        const m = (g * K + c) * W;
        let k = 0;
        for (let w = 0; w < W; w++) k += popcount32((sets[off + w] as number) & (masks[m + w] as number));
        cnt[g * K + c] = k;
        total += k;
        sq += k * k;
        if (k > mx) mx = k;
        if (k > 0) sz[packed++] = k;
      }
      mc[g] = mx;
      const h = total < n ? 1 : 0;
      hitA[g] = h;
      even[g] = sq + h;
      if (mx === n) {
        packed = from; // tells nothing: never raises a capacity
      } else {
        szStart[splitting] = from;
        szHit[splitting] = h;
        splitting++;
      }
    }
    szStart[splitting] = packed;
    this.sizeGuesses[level] = splitting;
  }

  /** cap[k] for k = 0..d: the most secrets of this set (level) that k guesses can solve. */
  private capacities(level: number, n: number, d: number): Int32Array {
    let caps = this.caps[level] as Int32Array;
    if (caps.length < d + 1) {
      caps = new Int32Array(Math.max(d + 1, caps.length * 2));
      this.caps[level] = caps;
    }
    // Over the guesses that split the set (fillCounts packed their group sizes); the others
    // only repeat cap(k - 1).
    const sz = this.sizes[level] as Int32Array;
    const szHit = this.sizeHit[level] as Uint8Array;
    const szStart = this.sizeStart[level] as Int32Array;
    const splitting = this.sizeGuesses[level] as number;
    caps[0] = 0;
    if (d >= 1) caps[1] = 1;
    let k = 2;
    for (; k <= d; k++) {
      const prev = caps[k - 1] as number;
      let best = prev;
      for (let j = 0; j < splitting; j++) {
        let t = szHit[j] as number;
        const b = szStart[j + 1] as number;
        for (let i = szStart[j] as number; i < b; i++) {
          const m = sz[i] as number;
          t += Math.min(m, prev);
        }
        if (t > best) best = t;
      }
      caps[k] = best;
      if (best >= n) break;
    }
    for (k++; k <= d; k++) caps[k] = n;
    return caps;
  }

  /**
   * Can the set at `level` be solved within d guesses? Its bounds (memo, packings, split-off,
   * capacities) first, then the guesses that pass `screen`, most promising first (`tryGuess`).
   */
  private node(level: number, d: number): number {
    const W = this.words;
    this.ensureLevels(level + 2);
    const sets = this.sets;
    const off = level * W;
    let n = 0;
    for (let w = 0; w < W; w++) n += popcount32(sets[off + w] as number);
    if (n <= 1) return d >= n ? SOLVABLE : NOT_SOLVABLE;
    if (d >= n) return SOLVABLE;
    if (d <= 1) return NOT_SOLVABLE;
    let lo = 1;
    const slot = this.find(sets, off);
    if (slot >= 0) {
      lo = this.loOf[slot] as number;
      if (d <= lo) return NOT_SOLVABLE;
      if (d >= (this.hiOf[slot] as number)) return SOLVABLE;
    }
    lo = Math.max(lo, this.enterPackings(level, n) - 1);
    if (d <= lo) {
      this.record(sets, off, n, lo, n, -1);
      return NOT_SOLVABLE;
    }
    if (
      this.nodes >= this.nodeLimit ||
      ((this.nodes & 1023) === 1023 && this.deadline !== Infinity && Date.now() > this.deadline)
    ) {
      return UNDECIDED;
    }
    this.nodes++;
    this.fillCounts(level, n);
    lo = Math.max(lo, this.splitOffBound(level, n) - 1);
    if (d <= lo) {
      this.record(sets, off, n, lo, n, -1);
      return NOT_SOLVABLE;
    }
    const caps = this.capacities(level, n, d);
    if ((caps[d] as number) < n) {
      this.record(sets, off, n, Math.max(lo, d), n, -1);
      return NOT_SOLVABLE;
    }
    const m = this.screen(level, n, d, caps);
    if (m < 0) {
      // A guess whose every group is known to be solvable within d - 1.
      this.record(sets, off, n, lo, d, -1 - m);
      return SOLVABLE;
    }
    const order = (this.order[level] as Int32Array).subarray(0, m);
    const worst = this.worst[level] as Int32Array;
    const mc = this.maxClass[level] as Int32Array;
    const hitA = this.hit[level] as Uint8Array;
    const even = this.evenness[level] as Float64Array;
    order.sort(
      (a, b) =>
        (worst[a] as number) - (worst[b] as number) ||
        (mc[a] as number) - (mc[b] as number) ||
        (hitA[b] as number) - (hitA[a] as number) ||
        (even[a] as number) - (even[b] as number) ||
        a - b,
    );
    const groupOrder: number[] = [];
    for (let oi = 0; oi < m; oi++) {
      const g = order[oi] as number;
      const r = this.tryGuess(level, g, d, groupOrder);
      if (r === NOT_SOLVABLE) continue;
      this.record(this.sets, off, n, lo, r === SOLVABLE ? d : n, r === SOLVABLE ? g : -1);
      return r;
    }
    this.record(this.sets, off, n, Math.max(lo, d), n, -1);
    return NOT_SOLVABLE;
  }

  /**
   * The guesses worth trying at the set at `level` (within d, `caps` its capacities): those whose
   * largest group fits cap(d - 1) and whose groups' lower bounds (`classLb`) all fit d - 1, each
   * with its worst group bound (`worst`), into `order`; returns how many. A guess whose every
   * group the memo already solves within d - 1 ends the screen: returns -1 - that guess.
   */
  private screen(level: number, n: number, d: number, caps: Int32Array): number {
    const G = this.guessCount;
    const K = this.codeCount;
    const cnt = this.counts[level] as Int32Array;
    const mc = this.maxClass[level] as Int32Array;
    const hitA = this.hit[level] as Uint8Array;
    const order = this.order[level] as Int32Array;
    const worst = this.worst[level] as Int32Array;
    const clb = this.classLb[level] as Int32Array;
    const cs = this.codeStart;
    const cl = this.codeList;
    const limit = caps[d - 1] as number;
    let m = 0;
    for (let g = 0; g < G; g++) {
      const mx = mc[g] as number;
      if (mx > limit) continue;
      if (mx === n && !hitA[g]) continue; // tells nothing
      // The worst lower bound among the guess's groups.
      let wst = 0;
      let allEasy = true;
      for (let i = cs[g] as number; i < (cs[g + 1] as number); i++) {
        const c = cl[i] as number;
        const size = cnt[g * K + c] as number;
        let lb = size;
        if (size >= 2) {
          lb = 2;
          for (let k = 2; k < d && (caps[k] as number) < size; k++) lb = k + 1;
          if (size > d - 1) {
            // Not trivially solvable: the packings and the memo may know better.
            let easy = false;
            if (lb <= d - 1) {
              lb = this.groupBound(level, g, c, lb, d);
              easy = this.easy;
            }
            if (!easy) allEasy = false;
          }
        }
        clb[g * K + c] = lb;
        if (lb > wst) wst = lb;
        if (wst > d - 1) break;
      }
      if (wst > d - 1) continue;
      if (allEasy) return -1 - g;
      worst[g] = wst;
      order[m++] = g;
    }
    return m;
  }

  /**
   * The lower bound of guess g's group of reply c at the set at `level` (its child set written
   * at level + 1), from `lb` up by the packings and the memo; notes in `easy` whether the memo
   * already solves it within d - 1.
   */
  private groupBound(level: number, g: number, c: number, lb: number, d: number): number {
    const W = this.words;
    const sets = this.sets;
    const off = level * W;
    const childOff = off + W;
    const mm = (g * this.codeCount + c) * W;
    for (let w = 0; w < W; w++) sets[childOff + w] = ((sets[off + w] as number) & (this.masks[mm + w] as number)) >>> 0;
    lb = Math.max(lb, this.packBoundOf(this.packAt[level] as Uint32Array, sets, childOff));
    this.easy = false;
    if (lb > d - 1) return lb;
    const s2 = this.find(sets, childOff);
    if (s2 < 0) return lb;
    this.easy = (this.hiOf[s2] as number) <= d - 1;
    return Math.max(lb, (this.loOf[s2] as number) + 1);
  }

  /**
   * Guess g at the set at `level`: its groups solved within d - 1, the highest lower bound
   * first, then the largest (`groupOrder`: scratch). SOLVABLE, NOT_SOLVABLE or UNDECIDED.
   */
  private tryGuess(level: number, g: number, d: number, groupOrder: number[]): number {
    const W = this.words;
    const K = this.codeCount;
    const cnt = this.counts[level] as Int32Array;
    const clb = this.classLb[level] as Int32Array;
    const cs = this.codeStart;
    const cl = this.codeList;
    groupOrder.length = 0;
    for (let i = cs[g] as number; i < (cs[g + 1] as number); i++) {
      const c = cl[i] as number;
      if ((cnt[g * K + c] as number) > 0) groupOrder.push(c);
    }
    groupOrder.sort(
      (a, b) =>
        (clb[g * K + b] as number) - (clb[g * K + a] as number) ||
        (cnt[g * K + b] as number) - (cnt[g * K + a] as number) ||
        a - b,
    );
    const off = level * W;
    const childOff = off + W;
    for (const c of groupOrder) {
      const sets = this.sets;
      const mm = (g * K + c) * W;
      for (let w = 0; w < W; w++)
        sets[childOff + w] = ((sets[off + w] as number) & (this.masks[mm + w] as number)) >>> 0;
      const r = this.node(level + 1, d - 1);
      if (r !== SOLVABLE) return r;
    }
    return SOLVABLE;
  }
}
