/**
 * The ranker of code games (Mastermind, Bulls and Cows): every code may be guessed, the pool is
 * one code per orbit of the symmetries that fix the guesses so far (`symmetry.ts`), the node
 * state is that history. Each guess gets a lower bound (the node's guess plus its parts' size
 * bounds) and a rank from its parts' sizes (`RankRule`, smaller is better).
 *
 * Known optimal without comparing: a candidate that splits the rest into singletons (2n−1,
 * the least possible; candidates are tried in set order), else, once no candidate does, a
 * non-candidate that does (2n, first in pool order). A guess that learns nothing (one part, not
 * a candidate) or whose largest part cannot finish within a depth cap is never offered.
 */
import type { AttemptObjective } from './attempt-objective.js';
import { sizeLowerBounds, treeCapacity } from './attempt-objective.js';
import { canonicalGuesses, historySymmetry, permutations, type HistorySymmetry } from './symmetry.js';
import { popcount32 } from './bits.js';
import { Partitioner } from './partition.js';
import { Stamps } from './stamps.js';
import { EMPTY_RANKED, TopK, type RankBuffers } from './top-k.js';
import {
  WHOLE_POOL,
  type QuickResult,
  type RankOptions,
  type Ranker,
  type Ranking,
  type SearchGame,
  type SearchNode,
  type TallyCounter,
} from './types.js';

/** How guesses are ranked: 'entropy' (Σ m·log2 m over the parts, a possible win −0.5), 'parts' (most parts first), 'bound' (the lower bound), 'size-model'. */
export type RankRule = 'entropy' | 'parts' | 'bound' | 'size-model';

/**
 * The size model: a set of m codes costs about m·(a + b·log2 m) guesses in all (1 for m = 1),
 * fitted to the subtrees of one-step MM(5,8) trees (a = 1.237, b = 0.263). Ranking a guess by
 * the sum of this over its non-winning parts weighs a possible win by what it saves.
 */
export const SIZE_MODEL_A = 1.237;
export const SIZE_MODEL_B = 0.263;

export interface CodeGame extends SearchGame {
  /** digits[code * pegs + i]: the symbol at position i. */
  readonly digits: Uint8Array;
  readonly pegs: number;
  /** Symbols a position can hold. */
  readonly symbols: number;
  /** The replies that can occur besides the solved one, ascending. */
  readonly replyCodes: Uint32Array;
  /** The ranker reads every guess's replies through this (tallied, then read and zeroed). */
  replyCounter(set: Uint32Array): TallyCounter;
}

export type History = readonly number[];

/** One guess's reply groups on a set: how many (the solved reply aside), the largest, the sum of their size bounds and of their scores, and whether it is a candidate. */
interface GuessTally {
  parts: number;
  maxPart: number;
  lbSum: number;
  score: number;
  isCand: boolean;
}

/** Sets up to this size read a guess's replies from a bit mask (larger ones scan every reply). */
const MASK_MAX_SET = 32;

/** Guess classes (see `CodeRanker.blank`) are tracked when (symbols + 1)^pegs is at most this. */
const CLASS_TABLE_MAX = 1 << 20;

/**
 * Games with at most this many (guess, secret) pairs get a table of every reply, a byte each
 * (BC 4 of 10: 25 MB, MM(4,8): 17 MB, MM(5,6): 60 MB); larger ones compute replies per set.
 */
const REPLY_TABLE_MAX = 1 << 26;

/** Sets whose splitting candidate `candidateSplitsAll` keeps, per depth (more than a split has parts). */
const SPLITTERS_KEPT = 32;

/** Guess pools kept for recurring histories. */
const POOL_CACHE_MAX = 4096;

export class CodeRanker implements Ranker<History> {
  readonly game: CodeGame;
  readonly objective: AttemptObjective<History>;
  readonly rule: RankRule;
  /** Guesses a secret may take (Infinity: no cap). */
  readonly attempts: number;
  private readonly branches: number;
  private readonly lb: Float64Array;
  /** lbBy[b]: the size bounds of sets no guess splits into more than b non-solved groups (made when first needed). */
  private readonly lbBy: Array<Float64Array | undefined> = [];
  private readonly perms: Uint8Array[];
  private readonly pools = new Map<string, Uint32Array>();
  private readonly poolsBySymmetry = new Map<string, Uint32Array>();
  private readonly poolOf = new WeakMap<History, Uint32Array>();
  /** Per depth, the last sets `candidateSplitsAll` looked at and what it found. */
  private readonly splitters: Array<{ sets: Array<Uint32Array | null>; found: Int32Array; next: number } | undefined> =
    [];
  private readonly estimate: Float64Array;
  private readonly candidateAdjust: number;
  private readonly top = new TopK();
  /** Per depth, the buffers its lazy rankings are copied into (`listAt`). */
  private readonly lists: Array<RankBuffers | undefined> = [];
  /** The replies that can occur, the solved one included, ascending (the order scores are summed in). */
  private readonly scanCodes: Uint32Array;
  /** Counts for `ReplyCounter.tally`: zero between guesses (each scan zeroes what it read). */
  private readonly tallied: Uint32Array;
  /** Every reply is below 31: a guess's replies fit in one bit mask. */
  private readonly maskable: boolean;
  /** symbolsUsed[g]: bit k when guess g holds symbol k (empty when there are more than 30 symbols). */
  private readonly symbolsUsed: Uint32Array;
  /**
   * Classes of guesses alike but for the symbols no secret holds (those written as `blank`),
   * by the class's number in base symbols + 1: the figures of its first guess in the ranking
   * of the current stamp. Null when the numbers would not fit a small table.
   */
  private readonly blank: number | null;
  private readonly classStamps: Stamps;
  private readonly classBound: Float64Array;
  private readonly classKey: Float64Array;
  /** replies[guess · secretCount + secret]: the reply, when the game is small enough (else null). */
  private readonly replies: Uint8Array | null;
  /** The singleton check (`firstSeparatingCandidate`), over `replies` when there is the table (symmetric: it reads as secret-major). */
  private readonly splits: Partitioner;
  /** Where the rows of a set's secrets start in `replies`. */
  private readonly bases: Uint32Array;
  /**
   * The same replies as one bit each (the reply's place in `scanCodes`), two guesses a word:
   * pairs[secret · pairRow + (guess >> 1)] holds guess 2w in its low 16 bits and 2w + 1 in its
   * high ones. Null unless `replies` is there and every reply's place is below 16.
   */
  private readonly pairs: Uint32Array | null;
  private readonly pairRow: number;
  /** Where the rows of a set's secrets start in `pairs`. */
  private readonly pairBases: Uint32Array;
  /** One guess's tally over the set (`tallyGuess`), read by `rank`. */
  private readonly tally: GuessTally = { parts: 0, maxPart: 0, lbSum: 0, score: 0, isCand: false };
  /**
   * Games whose replies do not fit `pairs` (more than 16, as MM(5,c)'s 21) but fit a word: each
   * reply's bit (1 << its place), so the screen reads a guess's replies from `replies` as a mask.
   * Null when `pairs` is there or there is no reply table.
   */
  private readonly placeBits: Uint32Array | null;
  /** The solved reply's bit in `pairs` (or `placeBits`). */
  private readonly solvedBit: number;
  /** The screen of the ranking under way: the fewest groups a candidate (a non-candidate) needs. */
  private needCand = 0;
  private needOther = 0;

  /** `replyTable`: false computes every reply per set even where a table would fit. */
  constructor(game: CodeGame, objective: AttemptObjective<History>, rule: RankRule, replyTable = true) {
    this.game = game;
    this.objective = objective;
    this.rule = rule;
    this.attempts = objective.attempts;
    this.branches = game.replyCodes.length;
    this.lb = objective.sizeTable();
    this.perms = permutations(game.pegs);
    const N = game.secretCount;
    this.estimate = new Float64Array(N + 1);
    for (let m = 1; m <= N; m++) {
      const ent = m * Math.log2(m);
      const model = m === 1 ? 1 : m * (SIZE_MODEL_A + SIZE_MODEL_B * Math.log2(m));
      this.estimate[m] =
        rule === 'entropy'
          ? ent
          : rule === 'parts'
            ? -1e6 + ent
            : rule === 'size-model'
              ? model
              : this.lb[m] * 1e6 + ent;
    }
    this.candidateAdjust = rule === 'parts' ? -1e6 : rule === 'size-model' ? 0 : -0.5;
    this.scanCodes = Uint32Array.from([...game.replyCodes, game.solvedCode].sort((a, b) => a - b));
    this.tallied = new Uint32Array(game.codeCount);
    this.maskable = this.scanCodes[this.scanCodes.length - 1] < 31;
    const classes = (game.symbols + 1) ** game.pegs;
    const dedupe = game.symbols <= 30 && classes <= CLASS_TABLE_MAX;
    this.blank = dedupe ? game.symbols : null;
    this.symbolsUsed = new Uint32Array(dedupe ? game.guessCount : 0);
    for (let g = 0; g < this.symbolsUsed.length; g++) {
      let m = 0;
      for (let i = 0; i < game.pegs; i++) m |= 1 << game.digits[g * game.pegs + i];
      this.symbolsUsed[g] = m;
    }
    this.classStamps = new Stamps(dedupe ? classes : 0);
    this.classBound = new Float64Array(dedupe ? classes : 0);
    this.classKey = new Float64Array(dedupe ? classes : 0);
    this.replies = replyTable ? tableOfReplies(game) : null;
    this.splits = new Partitioner(game, 'first-seen', this.replies ? { codes: this.replies, stride: N } : null);
    this.bases = new Uint32Array(this.replies ? N : 0);
    this.pairRow = (game.guessCount + 1) >> 1;
    this.pairs =
      this.replies && this.scanCodes.length <= 16
        ? pairsOfReplies(this.replies, game.guessCount, N, this.scanCodes, game.codeCount)
        : null;
    this.pairBases = new Uint32Array(this.pairs ? N : 0);
    this.placeBits =
      this.replies && !this.pairs && this.scanCodes.length <= 32 ? placeBitsOf(this.scanCodes, game.codeCount) : null;
    this.solvedBit = this.pairs || this.placeBits ? 1 << this.scanCodes.indexOf(game.solvedCode) : 0;
  }

  /** The symbols no secret of `set` holds, as a bit mask (0 when classes are not used). */
  private absentSymbols(set: Uint32Array): number {
    if (this.blank === null) return 0;
    const pegs = this.game.pegs;
    const digits = this.game.digits;
    const all = (1 << this.game.symbols) - 1;
    let present = 0;
    for (let i = 0; i < set.length && present !== all; i++) {
      const at = set[i] * pegs;
      for (let k = 0; k < pegs; k++) present |= 1 << digits[at + k];
    }
    return all & ~present;
  }

  private depthLeft(used: number): number {
    return this.attempts - used;
  }

  /** The size bounds of a node's sets: with fewer groups a guess than the game has replies, sets cost more. */
  private sizeBounds(node: SearchNode<History>): Float64Array {
    const b = node.branches;
    if (b === undefined || b >= this.branches) return this.lb;
    const at = Math.max(1, b);
    let t = this.lbBy[at];
    if (!t) {
      t = sizeLowerBounds(this.game.secretCount, at);
      this.lbBy[at] = t;
    }
    return t;
  }

  /**
   * A candidate whose replies split the rest of `set` into singletons, or -1. Remembered by the
   * array, a few per depth: the engine bounds a split's parts (`refineBound`) and then searches
   * them with the same arrays, deeper sets in between.
   */
  private candidateSplitsAll(set: Uint32Array, used: number): number {
    let seen = this.splitters[used];
    if (!seen) {
      seen = {
        sets: new Array<Uint32Array | null>(SPLITTERS_KEPT).fill(null),
        found: new Int32Array(SPLITTERS_KEPT),
        next: 0,
      };
      this.splitters[used] = seen;
    }
    const sets = seen.sets;
    for (let i = 0; i < SPLITTERS_KEPT; i++) if (sets[i] === set) return seen.found[i];
    const found = this.firstSplitter(set);
    const at = seen.next;
    sets[at] = set;
    seen.found[at] = found;
    seen.next = at + 1 === SPLITTERS_KEPT ? 0 : at + 1;
    return found;
  }

  /** The first candidate of `set` (in set order) whose replies split the rest into singletons, or -1. */
  private firstSplitter(set: Uint32Array): number {
    return this.splits.firstSeparatingCandidate(set, 0, set.length);
  }

  /**
   * The look `rank` takes first, without the pool: a set one guess could split into singletons
   * (at most K + 1 codes, two tries left) is solved by its first candidate that does (2n − 1),
   * else costs at least 2n; a larger set, at least its size bound.
   */
  quick(buf: Uint32Array, off: number, n: number, node: SearchNode<History>, out: QuickResult): void {
    out.guess = -1;
    const lb = this.sizeBounds(node);
    out.cost = lb[n];
    if (n > this.branches + 1 || this.depthLeft(node.used) < 2) return;
    const g = this.firstSplitter(buf.subarray(off, off + n));
    if (g >= 0) {
      out.guess = g;
      out.cost = 2 * n - 1;
    } else out.cost = Math.max(2 * n, lb[n]);
  }

  /**
   * One guess per symmetry orbit after `history`, cached three ways: by the history array (the
   * parts of one split share it, see `codeParts`), by the guesses played (the same histories
   * recur) and by the symmetry itself (most histories of three guesses or more have none
   * beyond the free symbols, and then every guess is its own orbit).
   */
  guessPool(history: History): Uint32Array {
    let pool = this.poolOf.get(history);
    if (pool) return pool;
    const key = history.length === 1 ? String(history[0]) : [...history].sort((a, b) => a - b).join(',');
    pool = this.pools.get(key);
    if (!pool) {
      const game = this.game;
      const sym = historySymmetry(history, game.digits, game.pegs, game.symbols, this.perms);
      const symKey = symmetryKey(sym);
      pool = this.poolsBySymmetry.get(symKey);
      if (!pool) {
        pool = canonicalGuesses(sym, game.digits, game.pegs, game.symbols, game.guessCount);
        if (this.poolsBySymmetry.size >= POOL_CACHE_MAX) this.poolsBySymmetry.clear();
        this.poolsBySymmetry.set(symKey, pool);
      }
      if (this.pools.size >= POOL_CACHE_MAX) this.pools.clear();
      this.pools.set(key, pool);
    }
    this.poolOf.set(history, pool);
    return pool;
  }

  /** Buffers of depth `used`'s lazy ranking, at least `n` long. */
  private listAt(used: number, n: number): RankBuffers {
    let b = this.lists[used];
    if (!b || b.guess.length < n) {
      const len = Math.max(n, b ? b.guess.length * 2 : 64);
      b = {
        guess: new Uint32Array(len),
        at: new Float64Array(len),
        bound: new Float64Array(len),
        key1: new Float64Array(len),
        key2: new Float64Array(len),
      };
      this.lists[used] = b;
    }
    return b;
  }

  poolSize(_set: Uint32Array, node: SearchNode<History>): number {
    return this.guessPool(node.state).length;
  }

  /** A guess's class key: its symbols, those no secret of the set holds written as the blank. */
  private classOf(g: number, absent: number): number {
    const { digits, pegs } = this.game;
    const radix = this.game.symbols + 1;
    const blank = this.blank as number;
    let key = 0;
    for (let i = 0, at = g * pegs; i < pegs; i++, at++) {
      const d = digits[at];
      key = key * radix + ((absent >>> d) & 1 ? blank : d);
    }
    return key;
  }

  /** Sets up the screen for a ranking of `set` under `boundLimit`; false when there is none (no reply bits, or no budget). */
  private startScreen(set: Uint32Array, lb: Float64Array, boundLimit: number): boolean {
    const screen = (this.pairs !== null || this.placeBits !== null) && boundLimit !== Infinity;
    const n = set.length;
    const pairBases = this.pairBases;
    if (screen && this.pairs) for (let i = 0; i < n; i++) pairBases[i] = set[i] * this.pairRow;
    // The fewest groups whose even split keeps a candidate's (a non-candidate's) bound under the budget.
    this.needCand = screen ? fewestGroups(lb, n, 1, boundLimit) : 0;
    this.needOther = screen ? fewestGroups(lb, n, 0, boundLimit) : 0;
    return screen;
  }

  /**
   * Tallies `g`'s replies over the set (rows at `bases`, or the counter's) into `this.tally`.
   * The counts are read (and zeroed) in ascending reply order, from the bit mask of the replies
   * it got or by scanning every reply: the sums are the same as over the distinct replies in that order.
   */
  private tallyGuess(
    g: number,
    table: Uint8Array | null,
    counter: TallyCounter | null,
    masked: boolean,
    bases: Uint32Array,
    lb: Float64Array,
  ): void {
    const counts = this.tallied;
    const scan = this.scanCodes;
    const S = scan.length;
    const solved = this.game.solvedCode;
    const est = this.estimate;
    let parts = 0;
    let maxPart = 0;
    let lbSum = 0;
    let score = 0;
    let isCand = false;
    let rest = 0;
    if (table) rest = tallyColumn(table, g, bases, counts);
    else if (masked) rest = counter!.tallyMask!(g, counts);
    else counter!.tally(g, counts);
    for (let r = 0; masked ? rest !== 0 : r < S; r++) {
      let c: number;
      if (masked) {
        const low: number = rest & -rest;
        rest ^= low;
        c = 31 - Math.clz32(low);
      } else {
        c = scan[r];
        if (counts[c] === 0) continue;
      }
      const m = counts[c];
      counts[c] = 0;
      if (c === solved) {
        isCand = true;
        continue;
      }
      parts++;
      if (m > maxPart) maxPart = m;
      lbSum += lb[m];
      score += est[m];
    }
    const t = this.tally;
    t.parts = parts;
    t.maxPart = maxPart;
    t.lbSum = lbSum;
    t.score = score;
    t.isCand = isCand;
  }

  /**
   * A set of at most one code more than there are replies, with two guesses left: the optimal
   * ranking when a candidate splits the rest into singletons (2n−1, the least possible), else null.
   */
  private singletonSplit(set: Uint32Array, used: number): Ranking | null {
    const n = set.length;
    const g = this.candidateSplitsAll(set, used);
    if (g < 0) return null;
    return {
      optimal: { guess: g, at: -1, bound: 2 * n - 1, key1: 0, key2: 0 },
      top: EMPTY_RANKED,
      setBound: 2 * n - 1,
      complete: true,
    };
  }

  /**
   * A guess holding symbols no secret holds (`absent`): its class's slot, or -1 when the first
   * of its class came before it in this ranking (`epoch`). A full ranking then leaves it out: it
   * splits the set as that first one, which comes before it in rank order (same keys, earlier in
   * the pool), so its plan would cost the same and never be kept; a top `width` keeps it in its place.
   */
  private classSlot(g: number, j: number, absent: number, epoch: number, full: boolean, boundLimit: number): number {
    const key = this.classOf(g, absent);
    if (this.classStamps.marks[key] !== epoch) return key;
    const b = this.classBound[key];
    if (!full && b >= 0 && b < boundLimit) this.top.push(g, j, b, this.classKey[key], 0);
    return -1;
  }

  rank(set: Uint32Array, node: SearchNode<History>, width: number, opts: RankOptions = WHOLE_POOL): Ranking {
    const { beta = Infinity, lazy = false } = opts;
    const n = set.length;
    const K = this.branches;
    const lb = this.sizeBounds(node);
    const depthLeft = this.depthLeft(node.used);
    const fewEnough = n <= K + 1 && depthLeft >= 2;
    const split = fewEnough ? this.singletonSplit(set, node.used) : null;
    if (split) return split;
    // With no candidate splitting it into singletons, every tree of a small set needs at least 2n.
    const setBound = fewEnough ? Math.max(2 * n, lb[n]) : lb[n];
    const pool = this.guessPool(node.state);
    const partCap = Number.isFinite(depthLeft) ? treeCapacity(depthLeft - 1, K) : Infinity;
    const candAdjust = this.candidateAdjust;
    const top = this.top;
    top.reset(width);
    // The top `width` is ordered by score, not bound: only a full ranking may leave guesses out.
    const full = width === Infinity;
    const boundLimit = full ? beta : Infinity;
    const table = this.replies;
    const counter = table ? null : this.game.replyCounter(set);
    // Symbols no secret of the set holds add nothing to any reply: guesses alike but for which
    // of those symbols they hold get the same replies, so a guess holding one takes the
    // figures of the first guess of its class (in pool order) when there is one.
    const absent = this.absentSymbols(set);
    const used = this.symbolsUsed;
    const epoch = absent !== 0 ? this.classStamps.next() : 0;
    const stamp = this.classStamps.marks;
    const classBound = this.classBound;
    const classKey = this.classKey;
    // Small sets: the replies a guess got, as a bit mask, read lowest first (ascending).
    const masked = (counter === null || counter.tallyMask !== undefined) && this.maskable && n <= MASK_MAX_SET;
    const N = this.game.secretCount;
    const bases = this.bases.subarray(0, table ? n : 0);
    for (let i = 0; i < bases.length; i++) bases[i] = set[i] * N;
    // The most non-solved groups of any guess (a class shares its first guess's).
    let branches = 0;
    // Under a budget, each guess's replies are first read as a bit mask (see `startScreen`).
    const screen = this.startScreen(set, lb, boundLimit);
    const { pairs, pairBases, placeBits, needCand, needOther, solvedBit } = this;
    const sum = this.tally;
    // The word of the last pair of guesses read, and its replies.
    let pairAt = -1;
    let pair = 0;
    for (let j = 0; j < pool.length; j++) {
      const g = pool[j];
      let slot = -1;
      if (absent !== 0 && (used[g] & absent) !== 0) {
        slot = this.classSlot(g, j, absent, epoch, full, boundLimit);
        if (slot < 0) continue;
      }
      if (screen) {
        // Which replies it gets, without counting them: its groups can do no better than an
        // even split into that many, so a guess whose bound that already puts at the budget is
        // left out uncounted. (A non-candidate that splits a small set into singletons is
        // counted: it is the known optimal one.)
        let got: number;
        if (pairs) {
          const w = g >>> 1;
          if (w !== pairAt) {
            pairAt = w;
            pair = pairColumn(pairs, w, pairBases, n);
          }
          got = g & 1 ? pair >>> 16 : pair & 0xffff;
        } else got = maskColumn(table as Uint8Array, g, bases, placeBits as Uint32Array);
        const cand = (got & solvedBit) !== 0 ? 1 : 0;
        const groups = popcount32(got) - cand;
        if (groups > branches) branches = groups;
        if (!(fewEnough && cand === 0 && groups === n)) {
          if (groups < (cand ? needCand : needOther)) {
            if (slot >= 0) {
              // Its class splits the set alike: left out too.
              stamp[slot] = epoch;
              classBound[slot] = -1;
            }
            continue;
          }
        }
      }
      this.tallyGuess(g, table, counter, masked, bases, lb);
      const { parts, maxPart, lbSum, score, isCand } = sum;
      if (parts > branches) branches = parts;
      // -1: never offered (it learns nothing, or cannot finish within the depth cap).
      let bound = -1;
      const key1 = isCand ? score + candAdjust : score;
      if ((isCand || parts !== 1) && maxPart <= partCap) {
        bound = n + lbSum;
        // A non-candidate that splits the set into singletons, when no candidate does: 2n, optimal.
        if (maxPart === 1 && !isCand && fewEnough)
          return { optimal: { guess: g, at: j, bound, key1: 0, key2: 0 }, top: EMPTY_RANKED, setBound, complete: true };
      }
      if (slot >= 0) {
        stamp[slot] = epoch;
        classBound[slot] = bound;
        classKey[slot] = key1;
      }
      // Past `boundLimit` the search would skip it under its budget.
      if (bound >= 0 && bound < boundLimit) top.push(g, j, bound, key1, 0);
    }
    // A full ranking asked for lazily is left in pool order: the search sorts only what it needs.
    const unsorted = lazy && width === Infinity;
    // A lazy ranking is read by the search at this depth before another is made here: it is
    // copied into this depth's buffers rather than into new arrays.
    const list = unsorted ? top.resultInto(this.listAt(node.used, top.count)) : top.result(true);
    return { optimal: null, top: list, setBound, complete: true, branches, ...(unsorted ? { unsorted } : {}) };
  }

  /** A set one guess could split into singletons: 2n−1 when a candidate does it, else at least 2n. */
  refineBound(set: Uint32Array, node: SearchNode<History>, bound: number): number {
    const n = set.length;
    if (bound === Infinity) return bound;
    const lb = this.sizeBounds(node)[n];
    if (lb > bound) bound = lb;
    if (n <= 2 || n > this.branches + 1) return bound;
    return Math.max(bound, this.candidateSplitsAll(set, node.used) >= 0 ? 2 * n - 1 : 2 * n);
  }
}

/** What `canonicalGuesses` depends on, as a key ('' when every guess is its own orbit). */
function symmetryKey(sym: HistorySymmetry): string {
  if (sym.sigmas.length === 1 && sym.free.length <= 1) return '';
  let key = sym.free.join(',');
  for (let s = 0; s < sym.sigmas.length; s++) key += `|${sym.sigmas[s].join(',')}:${sym.colorMaps[s].join(',')}`;
  return key;
}

/** Every reply of `game`, a byte each, by guess then secret; null when the game is too large or a reply does not fit a byte. */
/**
 * The bytes of the tables a ranker of `game` builds when it is made (`new CodeRanker`), as its
 * constructor sizes them: the reply table and its pairs, the guess classes, the size estimates.
 * A compile's memory estimate counts them once per engine (this thread's and each worker's).
 */
export function codeRankerTableBytes(game: CodeGame): number {
  const G = game.guessCount;
  const N = game.secretCount;
  // The size estimates and bounds (a float a size), the reply counters.
  let bytes = 2 * (N + 1) * 8 + 2 * game.codeCount * 4;
  const classes = (game.symbols + 1) ** game.pegs;
  if (game.symbols <= 30 && classes <= CLASS_TABLE_MAX) bytes += G * 4 + classes * (4 + 8 + 8);
  if (G * N <= REPLY_TABLE_MAX && game.codeCount <= 256) {
    bytes += G * N + N * 4;
    if (game.replyCodes.length + 1 <= 16) bytes += N * ((G + 1) >> 1) * 4 + N * 4;
  }
  return bytes;
}

function tableOfReplies(game: CodeGame): Uint8Array | null {
  const G = game.guessCount;
  const N = game.secretCount;
  if (G * N > REPLY_TABLE_MAX || game.codeCount > 256) return null;
  const table = new Uint8Array(G * N);
  const secrets = Uint32Array.from({ length: N }, (_, i) => i);
  const row = new Uint32Array(N);
  for (let g = 0; g < G; g++) {
    game.partitionCodes(g, secrets, N, row);
    table.set(row, g * N);
  }
  return table;
}

/**
 * The least sum of size bounds `lb` over `parts` groups holding `m` codes in all: the most
 * even split (the bounds grow by non-decreasing steps, so evening groups out never raises the
 * sum). Infinity when m codes need a group and none is allowed.
 */
export function leastSum(lb: Float64Array, m: number, parts: number): number {
  if (m <= 0) return 0;
  if (parts <= 0) return Infinity;
  const k = Math.min(parts, m);
  const q = Math.floor(m / k);
  const r = m - q * k;
  return r * lb[q + 1] + (k - r) * lb[q];
}

/**
 * The fewest groups a guess must split a set of `n` codes into (`cand`: 1 when it is one of
 * them) for its bound, n plus the least sum of `lb` over that many groups, to stay below
 * `limit`; 33 when no number of groups a reply mask can hold does.
 */
function fewestGroups(lb: Float64Array, n: number, cand: number, limit: number): number {
  const most = Math.min(n - cand, 32);
  for (let k = 0; k <= most; k++) if (n + leastSum(lb, n - cand, k) < limit) return k;
  return 33;
}

/** The replies of the guesses 2w and 2w + 1 to the `n` secrets whose `pairs` rows start at `bases`: one bit per reply's place, in the low and high 16 bits. */
function pairColumn(pairs: Uint32Array, w: number, bases: Uint32Array, n: number): number {
  let mask = 0;
  for (let i = 0; i < n; i++) mask |= pairs[bases[i] + w];
  return mask;
}

/** The replies of guess `g` to the secrets whose table rows start at `bases`, as the bit mask of their places (`bits`). */
function maskColumn(table: Uint8Array, g: number, bases: Uint32Array, bits: Uint32Array): number {
  let mask = 0;
  for (let i = 0; i < bases.length; i++) mask |= bits[table[bases[i] + g]];
  return mask;
}

/** Each reply's bit by its place among `places` (the replies in order; `codes`: how many reply codes there are). */
function placeBitsOf(places: Uint32Array, codes: number): Uint32Array {
  const bit = new Uint32Array(codes);
  for (let k = 0; k < places.length; k++) bit[places[k]] = (1 << k) >>> 0;
  return bit;
}

/** `CodeRanker.pairs` from the reply table (`places`: the replies in order; `codes`: how many reply codes there are). */
function pairsOfReplies(table: Uint8Array, G: number, N: number, places: Uint32Array, codes: number): Uint32Array {
  const bit = new Uint32Array(codes);
  for (let k = 0; k < places.length; k++) bit[places[k]] = 1 << k;
  const row = (G + 1) >> 1;
  const pairs = new Uint32Array(N * row);
  for (let s = 0; s < N; s++) {
    const from = s * G;
    const to = s * row;
    for (let g = 0; g < G; g++) pairs[to + (g >> 1)] |= bit[table[from + g]] << ((g & 1) << 4);
  }
  return pairs;
}

/**
 * Tallies the replies of guess `g` over the secrets whose table rows start at `bases` into
 * `counts` (replies are symmetric, so a secret's row holds every guess's reply to it); returns
 * the bit mask of the replies below 31. Guesses taken in ascending order read each row forward.
 */
function tallyColumn(table: Uint8Array, g: number, bases: Uint32Array, counts: Uint32Array): number {
  let mask = 0;
  for (let i = 0; i < bases.length; i++) {
    const c = table[bases[i] + g];
    counts[c]++;
    mask |= 1 << c;
  }
  return mask;
}
