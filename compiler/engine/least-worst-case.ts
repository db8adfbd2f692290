/**
 * The least worst case, for any game on the engine's interfaces: the fewest guesses that always
 * suffice, proven by iterative deepening, and a tree of that depth with a small total.
 *
 * It reads the game through `SearchGame` (the reply kernel), the node state through `Moves`
 * (Wordle's hard-mode rule state, the code games' history) and the guesses a node may play
 * through a `GuessPool` (every guess; the hard-mode rule's allowed guesses; one guess per orbit
 * of the code games' symmetries, `symmetry.ts`). A pool must hold every candidate, or one
 * guess of each orbit of guesses that have the same value at the node.
 *
 *   within(set, d, node): can every secret of `set` be found within d more guesses?
 *     - one secret: one guess; n secrets never need more than n (guess candidates one by one);
 *       a set larger than a tree of d levels can hold (1 + K + K² + …, K replies besides the
 *       winning one) cannot; nor can a set whose parts' `lowerBound` (optional, a game's own
 *       proven bound: match-count's packings and capacities) exceeds d;
 *     - a memo per (state key, set), the engine's one memo of solved sets (`SetMemo`, tag
 *       string the state key): the largest d proven too few and the least d proven enough with
 *       its guess, so iterative deepening reuses every earlier answer; it keeps at most
 *       `memoMaxEntries` sets in two generations of half as many each (the older dropped when
 *       the newer fills), and at most `memoMaxBytes` by its estimate;
 *     - d = 2: some guess must split the set into singletons (found by one scan, outside the
 *       memo; a set the candidates do not split and no guess splits is kept apart, in a
 *       `SetMemo` of its own);
 *     - else every pool guess that tells something and whose largest group fits in d − 1
 *       levels, fewest in its largest group first (a candidate first, then the most groups),
 *       its groups solved with d − 1 largest first (nested pools: cheapest first, by size times
 *       the guesses their node allows), so a failing guess fails fast;
 *     - d = 3: a group two guesses cannot split is cut down to a core (a subset no guess
 *       splits); a later guess that leaves a core whole in one group fails without a scan.
 *   A node budget bounds the proof; it says UNDECIDED when it runs out.
 *
 * The proof: D from the capacity bound (or the parts' bound, when higher) upwards; each NOT_WITHIN raises the proven lower bound,
 * the first WITHIN is the least worst case. The tree is rebuilt top-down for a small total: at
 * each node, among the guesses whose groups are all proven within the guesses left, the best
 * few by an estimate are compared by their subtrees' totals.
 *
 * Deterministic: the same parts and limits give the same answers and the same tree.
 */
import type { TreeArrays } from '../../runtime/tree-format.js';
import { EMPTY_CODES, flattenPlan, type Plan } from './plan.js';
import type { CodeGame, History } from './code-ranker.js';
import { rangeHash, SetMemo, type Interval } from './set-memo.js';
import { canonicalGuesses, historySymmetry, permutations } from './symmetry.js';
import type { Moves, SearchGame, SearchNode } from './types.js';

export const NOT_WITHIN = 0;
export const WITHIN = 1;
export const UNDECIDED = 2;

/** The guesses a node may play (ascending); they must include every candidate or its orbit's representative. */
export interface GuessPool<S> {
  /** `parent`: the parent node's guesses, when the pool is `nested` (the child's are among them). */
  guesses(node: SearchNode<S>, parent?: Uint32Array): Uint32Array;
  /** Every guess of the game is allowed at every node (the pool only leaves out equivalent ones). */
  readonly free?: boolean;
  /** A child's guesses are some of its parent's (hard mode: the rule only tightens), so `guesses` filters the parent's. */
  readonly nested?: boolean;
}

export interface WorstCaseParts<S> {
  readonly game: SearchGame;
  readonly moves: Moves<S>;
  readonly pool: GuessPool<S>;
  /**
   * Optional: a proven lower bound on the guesses any tree needs to find every secret of `set`
   * (ascending, at least 3 secrets) at `node`, for a game that knows more than the capacity bound
   * (match-count: its packings and per-set capacities). `d`: the depth asked about; the bound may
   * stop looking once it exceeds d. Called once per set the memo does not decide, before the
   * scan of the pool, and once for the whole game to start the iterative deepening.
   *
   * `fit` (optional to fill; the solver sets fit[0] to Infinity first): when the bound is at
   * most d, fit[0] may be set to the most secrets of any subset of `set` that d − 1 guesses can
   * find below `node` (match-count: the capacity of the set's own groups), and the solver then
   * drops a guess whose largest group is larger without searching its groups.
   */
  readonly lowerBound?: (set: Uint32Array, node: SearchNode<S>, d: number, fit: Float64Array) => number;
}

export interface WorstCaseLimits {
  /** Sets searched by the proof before it gives up (UNDECIDED). */
  readonly proofNodes: number;
  /** When the proof gave up: sets searched for a tree one guess deeper and beyond (default: proofNodes). */
  readonly upperNodes?: number;
  /** The deepest worst case looked for (Lingo: 5 tries). */
  readonly maxDepth: number;
  /** Guesses compared by their whole subtrees in the rebuild, by guesses used (past the end: 1). */
  readonly widths: readonly number[];
  /** Node budget of one feasibility check in the rebuild. */
  readonly checkNodes: number;
  /**
   * Sets the rebuild's feasibility checks search in all (default: no limit); once spent, a check
   * answers from the memo alone (a guess the proof did not settle is left out).
   */
  readonly rebuildNodes?: number;
  /** Memo entries kept at most (two generations of half as many each). */
  readonly memoMaxEntries: number;
  /** The memo's bytes at most, by `SetMemo`'s estimate (default: no bound). */
  readonly memoMaxBytes?: number;
}

export const WORST_CASE_LIMITS: WorstCaseLimits = {
  proofNodes: 2_000_000,
  maxDepth: 64,
  widths: [2, 2],
  checkNodes: 20_000,
  memoMaxEntries: 1 << 20,
};

export interface WorstCaseResult {
  /** Null when no tree within `maxDepth` was found (proven when `lowerBound` > maxDepth). */
  readonly plan: Plan | null;
  /** The tree's deepest find (0 without a tree). */
  readonly depth: number;
  /** Guesses over all secrets (each counts the guesses up to its own). */
  readonly total: number;
  /** No tree finds every secret in fewer than this many guesses (proven). */
  readonly lowerBound: number;
  /** The depth is the least possible. */
  readonly proven: boolean;
  readonly nodes: number;
  /** The proof ran out of its node budget. */
  readonly stopped: boolean;
}

/** Every guess of the game, at every node. */
export function everyGuess<S>(game: SearchGame): GuessPool<S> {
  const all = Uint32Array.from({ length: game.guessCount }, (_, i) => i);
  return { guesses: () => all, free: true };
}

/**
 * Guesses filtered by a rule of the node state that only tightens down the tree (Wordle's hard
 * mode), cached per state: a child's are filtered from its parent's, not from every guess.
 * `allowed(state, list)` keeps the guesses of `list` the state allows, in order.
 */
export function ruleGuesses(
  game: SearchGame,
  allowed: (state: string, list: Uint32Array) => Uint32Array,
): GuessPool<string> {
  const all = Uint32Array.from({ length: game.guessCount }, (_, i) => i);
  const cache = new Map<string, Uint32Array>();
  return {
    guesses(node, parent) {
      let p = cache.get(node.state);
      if (!p) {
        if (cache.size >= 1 << 16) cache.clear();
        p = allowed(node.state, parent ?? all);
        cache.set(node.state, p);
      }
      return p;
    },
    nested: true,
  };
}

/** Most secrets a tree of `d` levels can find with `k` replies a node besides the winning one. */
export function capacity(d: number, k: number): number {
  let cap = 0;
  let level = 1;
  for (let i = 0; i < d; i++) {
    cap += level;
    level *= k;
    if (cap > 1e15) return Infinity;
  }
  return cap;
}

interface Known {
  /** Proven: d < lo is too few. */
  lo: number;
  /** Proven enough (Infinity: not yet), with `guess`. */
  hi: number;
  guess: number;
}

class Budget extends Error {}

/** Sets of at most this many secrets are cut down to cores; cores kept per list. */
const CORE_MAX_SET = 32;
const CORES_MAX = 256;
/** Unsplittable sets kept at most (two generations of half as many each). */
const UNSPLIT_MAX = 1 << 16;
/** What the unsplittable sets' memo stores (only whether a set is there counts). */
const UNSPLIT_ENTRY: Interval<null> = { lo: 0, hi: Infinity, guess: -1, payload: null };

/** Largest reply table the solver builds for itself (secrets × guesses bytes). */
export const WORST_CASE_MAX_TABLE = 1 << 26;

interface Built {
  readonly plan: Plan;
  readonly total: number;
  readonly depth: number;
}

/** Estimated total of a group of m secrets (the rebuild's ranking only). */
function estimate(m: number): number {
  if (m <= 1) return m;
  if (m === 2) return 3;
  return m * (1 + Math.log(m) / Math.log(3));
}

export class LeastWorstCase<S> {
  readonly game: SearchGame;
  readonly moves: Moves<S>;
  readonly pool: GuessPool<S>;
  readonly limits: WorstCaseLimits;
  private readonly bound: ((set: Uint32Array, node: SearchNode<S>, d: number, fit: Float64Array) => number) | null;
  /** The bound's answer of the largest group that fits (read at once: children reuse it). */
  private readonly fit = new Float64Array(1);
  /** Sets refuted by the parts' lower bound alone (for measurements). */
  boundCuts = 0;
  /** Replies a node can have besides the winning one. */
  private readonly branches: number;
  /** Proven intervals of sets, tagged by their node's state key (tag number 0, no payload). */
  private readonly memo: SetMemo<null>;
  /** The interval `remember` stores (its fields are copied). */
  private readonly entry: Interval<null> = { lo: 0, hi: Infinity, guess: -1, payload: null };
  /**
   * Sets no guess of their node splits into singletons, for sets the candidates alone do not
   * split: one guess's groups at three guesses left often recur under other guesses, too large
   * for a core, and each would cost a scan of the pool. Apart from the memo, so its limits (and
   * so budgets) stay as they are.
   */
  private readonly unsplit = new SetMemo<null>(UNSPLIT_MAX);
  /** Sets searched so far. */
  nodes = 0;
  private nodeLimit = Infinity;
  /** Sets the rebuild's checks may still search (`WorstCaseLimits.rebuildNodes`). */
  private rebuildLeft = Infinity;
  // Scratch of the scans (a scan never recurses).
  private readonly codes: Uint32Array;
  private readonly counts: Uint32Array;
  private readonly stamp: Uint32Array;
  private readonly slot: Uint32Array;
  private epoch = 0;
  /**
   * Sets no guess of the game splits into singletons (free pools only: that holds at every
   * node), most recently found first: a guess that leaves one of them, all in the set, in one
   * reply group fails with two guesses left, without a scan of the pool.
   */
  private readonly freeCores: Uint32Array[] = [];
  /** Stamps of the secrets of one set (coresWithin). */
  private readonly member: Uint32Array;
  private memberEpoch = 0;
  /** Guesses refuted at three guesses left by a core alone (for measurements). */
  coreCuts = 0;
  /** Sets found unsplittable by a memo lookup alone, without a scan (for measurements). */
  unsplitHits = 0;
  /** Every guess's replies, secret-major (`table[secret * stride + guess]`), when they fit in bytes. */
  private readonly table: Uint8Array | null;
  private readonly stride: number;
  private readonly allGuesses: Uint32Array;

  constructor(parts: WorstCaseParts<S>, limits: WorstCaseLimits = WORST_CASE_LIMITS) {
    this.game = parts.game;
    this.moves = parts.moves;
    this.pool = parts.pool;
    this.limits = limits;
    this.bound = parts.lowerBound ?? null;
    this.memo = new SetMemo<null>(limits.memoMaxEntries, limits.memoMaxBytes ?? Infinity);
    const g = parts.game;
    this.branches = g.solvedCode >= 0 ? g.codeCount - 1 : g.codeCount;
    this.codes = new Uint32Array(g.secretCount);
    this.counts = new Uint32Array(g.codeCount);
    this.stamp = new Uint32Array(g.codeCount);
    this.slot = new Uint32Array(g.codeCount);
    this.member = new Uint32Array(g.secretCount);
    this.allGuesses = Uint32Array.from({ length: g.guessCount }, (_, i) => i);
    if (g.replyTable) {
      this.table = g.replyTable.codes;
      this.stride = g.replyTable.stride;
    } else if (g.codeCount <= 256 && g.guessCount * g.secretCount <= WORST_CASE_MAX_TABLE) {
      // One byte per (secret, guess): the d = 2 scans read it directly.
      const G = g.guessCount;
      const table = new Uint8Array(g.secretCount * G);
      const secrets =
        this.allGuesses.length >= g.secretCount
          ? this.allGuesses.subarray(0, g.secretCount)
          : Uint32Array.from({ length: g.secretCount }, (_, i) => i);
      const row = new Uint32Array(g.secretCount);
      for (let guess = 0; guess < G; guess++) {
        g.partitionCodes(guess, secrets, g.secretCount, row);
        for (let s2 = 0; s2 < g.secretCount; s2++) table[s2 * G + guess] = row[s2];
      }
      this.table = table;
      this.stride = G;
    } else {
      this.table = null;
      this.stride = 0;
    }
  }

  /** A fresh stamp for the scratch table; the table is cleared before the stamps would wrap (Uint32). */
  private nextEpoch(): number {
    if (this.epoch >= 0xfffffffe) {
      this.stamp.fill(0);
      this.epoch = 0;
    }
    return ++this.epoch;
  }

  /** Merge [lo, hi] (hi with its guess) into the memo's entry of `set` with state key `tag` (`hash`: rangeHash of both). */
  private remember(set: Uint32Array, tag: string, hash: number, lo: number, hi: number, guess: number): void {
    const memo = this.memo;
    const n = set.length;
    const id = memo.find(set, 0, n, 0, tag, hash);
    const v = this.entry;
    v.lo = lo;
    v.hi = hi;
    v.guess = guess;
    if (id >= 0) {
      if (memo.lo(id) > lo) v.lo = memo.lo(id);
      if (memo.hi(id) <= hi) {
        v.hi = memo.hi(id);
        v.guess = memo.guess(id);
      }
      memo.update(id, v);
      return;
    }
    memo.set(set, 0, n, 0, tag, v, hash);
  }

  /** What the memo knows of a set (for tests and the rebuild). */
  known(set: Uint32Array, node: SearchNode<S>): Known | null {
    const memo = this.memo;
    const id = memo.find(set, 0, set.length, 0, this.moves.key(node.state));
    return id < 0 ? null : { lo: memo.lo(id), hi: memo.hi(id), guess: memo.guess(id) };
  }

  /**
   * One scan of guess g over set: the number of groups besides the winning reply, the largest
   * of them, and whether it can win (allocation-free).
   */
  private scan(g: number, set: Uint32Array, out: Int32Array): void {
    const n = set.length;
    const codes = this.codes;
    this.game.partitionCodes(g, set, n, codes);
    const e = this.nextEpoch();
    const stamp = this.stamp;
    const counts = this.counts;
    const solved = this.game.solvedCode;
    let groups = 0;
    let largest = 0;
    let hit = 0;
    for (let i = 0; i < n; i++) {
      const c = codes[i];
      if (c === solved) {
        hit = 1;
        continue;
      }
      let k: number;
      if (stamp[c] !== e) {
        stamp[c] = e;
        k = 1;
        groups++;
      } else {
        k = counts[c] + 1;
      }
      counts[c] = k;
      if (k > largest) largest = k;
    }
    out[0] = groups;
    out[1] = largest;
    out[2] = hit;
  }

  /** The guesses of a node whose parent plays from `parent` (the pool's own when it is not nested). */
  private poolOf(node: SearchNode<S>, parent: Uint32Array | undefined): Uint32Array {
    return this.pool.nested ? this.pool.guesses(node, parent) : this.pool.guesses(node);
  }

  /** Some guess splits `set` into singletons (and the winning reply)? -1 when none. */
  private splitterOf(set: Uint32Array, node: SearchNode<S>, parent?: Uint32Array): number {
    const n = set.length;
    if (n > this.branches + 1) return -1;
    // Candidates first: one that splits the rest into singletons finds a secret at depth 1.
    for (let i = 0; i < n; i++) {
      const g = this.game.guessOfSecret(set[i]);
      if (this.separates(g, set)) return g;
    }
    if (n > this.branches) return -1;
    const tag = this.moves.key(node.state);
    const hash = rangeHash(set, 0, n, 0, tag);
    if (this.unsplit.find(set, 0, n, 0, tag, hash) >= 0) {
      this.unsplitHits++;
      return -1;
    }
    const pool = this.pool.free ? this.allGuesses : this.poolOf(node, parent);
    for (let j = 0; j < pool.length; j++) {
      const g = pool[j];
      if (this.separates(g, set)) return g;
    }
    this.unsplit.set(set, 0, n, 0, tag, UNSPLIT_ENTRY, hash);
    return -1;
  }

  /** Some guess of `list` splits `set` into singletons? */
  private anySeparates(set: Uint32Array, list: Uint32Array): boolean {
    for (let j = 0; j < list.length; j++) if (this.separates(list[j], set)) return true;
    return false;
  }

  /**
   * A set `list` cannot split into singletons, cut down to a core (members dropped while the
   * rest stays unsplit), at the front of `cores` (at most CORES_MAX kept). Only with a reply table.
   */
  private addCore(set: Uint32Array, list: Uint32Array, cores: Uint32Array[], kept: Uint32Array[] | null): void {
    // A free pool's group failed against `list` itself; a nested pool's against fewer guesses.
    if (!this.table || set.length > CORE_MAX_SET || (!this.pool.free && this.anySeparates(set, list))) return;
    let core = set;
    for (let i = core.length - 1; i >= 0 && core.length > 3; i--) {
      const trial = new Uint32Array(core.length - 1);
      trial.set(core.subarray(0, i));
      trial.set(core.subarray(i + 1), i);
      if (!this.anySeparates(trial, list)) core = trial;
    }
    cores.unshift(core);
    if (cores.length > CORES_MAX) cores.pop();
    if (kept) {
      kept.unshift(core);
      if (kept.length > CORES_MAX) kept.pop();
    }
  }

  /** The kept cores whose secrets are all in `set` (most recently found first). */
  private coresWithin(set: Uint32Array): Uint32Array[] {
    const mark = this.member;
    if (this.memberEpoch >= 0xfffffffe) {
      mark.fill(0);
      this.memberEpoch = 0;
    }
    const e = ++this.memberEpoch;
    for (let i = 0; i < set.length; i++) mark[set[i]] = e;
    const out: Uint32Array[] = [];
    for (const core of this.freeCores) {
      let all = true;
      for (let i = 0; i < core.length && all; i++) all = mark[core[i]] === e;
      if (all) out.push(core);
    }
    return out;
  }

  /** Guess g leaves some core (each a subset of the set) whole in one reply group, not the winning one? The core found moves to the front. */
  private coreIn(g: number, cores: Uint32Array[]): boolean {
    const table = this.table as Uint8Array;
    const stride = this.stride;
    const solved = this.game.solvedCode;
    for (let k = 0; k < cores.length; k++) {
      const core = cores[k];
      const c0 = table[core[0] * stride + g];
      if (c0 === solved) continue;
      let whole = true;
      for (let i = 1; i < core.length && whole; i++) whole = table[core[i] * stride + g] === c0;
      if (whole) {
        if (k > 0) {
          cores.splice(k, 1);
          cores.unshift(core);
        }
        return true;
      }
    }
    return false;
  }

  /** Guess g leaves no two secrets of `set` with one reply (but the winning one). */
  private separates(g: number, set: Uint32Array): boolean {
    const n = set.length;
    const stamp = this.stamp;
    const solved = this.game.solvedCode;
    const e = this.nextEpoch();
    const table = this.table;
    if (table) {
      const stride = this.stride;
      for (let i = 0; i < n; i++) {
        const c = table[set[i] * stride + g];
        if (c === solved) continue;
        if (stamp[c] === e) return false;
        stamp[c] = e;
      }
      return true;
    }
    const codes = this.codes;
    this.game.partitionCodes(g, set, n, codes);
    for (let i = 0; i < n; i++) {
      const c = codes[i];
      if (c === solved) continue;
      if (stamp[c] === e) return false;
      stamp[c] = e;
    }
    return true;
  }

  /** The reply groups of g over set (besides the winning reply), largest first, with their codes (views of one array). */
  private groupsOf(g: number, set: Uint32Array): { codes: number[]; groups: Uint32Array[] } {
    const n = set.length;
    const codes = this.codes;
    this.game.partitionCodes(g, set, n, codes);
    const solved = this.game.solvedCode;
    const stamp = this.stamp;
    const counts = this.counts;
    const slot = this.slot;
    const e = this.nextEpoch();
    const seen: number[] = [];
    let rest = 0;
    for (let i = 0; i < n; i++) {
      const c = codes[i];
      if (c === solved) continue;
      rest++;
      if (stamp[c] !== e) {
        stamp[c] = e;
        counts[c] = 0;
        seen.push(c);
      }
      counts[c] = counts[c] + 1;
    }
    seen.sort((a, b) => counts[b] - counts[a] || a - b);
    const flat = new Uint32Array(rest);
    const groups: Uint32Array[] = [];
    let off = 0;
    for (const c of seen) {
      slot[c] = off;
      groups.push(flat.subarray(off, off + counts[c]));
      off += counts[c];
    }
    for (let i = 0; i < n; i++) {
      const c = codes[i];
      if (c === solved) continue;
      flat[slot[c]] = set[i];
      slot[c] = slot[c] + 1;
    }
    return { codes: seen, groups };
  }

  /**
   * The order a guess's groups are solved in, so that a failing guess fails fast: largest first;
   * with nested pools (hard mode) cheapest first, by size times the guesses the group's node
   * allows (a group whose few allowed guesses cannot split it is refuted in a few scans).
   */
  private groupOrder(
    g: number,
    codes: number[],
    groups: Uint32Array[],
    node: SearchNode<S>,
    pool: Uint32Array,
  ): { order: number[]; children: SearchNode<S>[] } {
    const children = codes.map((c) => ({ used: node.used + 1, state: this.moves.after(node.state, g, c) }));
    const order = groups.map((_, i) => i);
    if (this.pool.nested) {
      const cost = groups.map((grp, i) => grp.length * this.pool.guesses(children[i], pool).length);
      order.sort((a, b) => cost[a] - cost[b] || a - b);
    }
    return { order, children };
  }

  /**
   * Can every secret of `set` (ascending) be found within d more guesses? `parent`: the guesses
   * of the node's parent (nested pools filter them). Throws Budget past the node limit.
   */
  private within(set: Uint32Array, d: number, node: SearchNode<S>, parent?: Uint32Array): boolean {
    const n = set.length;
    if (n <= 1) return d >= n;
    if (d <= 1) return false;
    if (n <= d) return true;
    if (n > capacity(d, this.branches)) return false;
    // Two guesses left: one scan, before the memo (splitterOf looks up only the sets it must scan the pool for).
    if (d === 2) return this.splitterOf(set, node, parent) >= 0;
    const tag = this.moves.key(node.state);
    const hash = rangeHash(set, 0, n, 0, tag);
    const id = this.memo.find(set, 0, n, 0, tag, hash);
    if (id >= 0) {
      if (this.memo.hi(id) <= d) return true;
      if (this.memo.lo(id) > d) return false;
    }
    // A set the parts' bound refutes counts as searched: the bound costs about a scan of the pool.
    if (++this.nodes > this.nodeLimit) throw new Budget();
    let cap = capacity(d - 1, this.branches);
    if (this.bound) {
      this.fit[0] = Infinity;
      const lb = this.bound(set, node, d, this.fit);
      if (lb > d) {
        this.boundCuts++;
        this.remember(set, tag, hash, lb, Infinity, -1);
        return false;
      }
      if (this.fit[0] < cap) cap = this.fit[0];
    }
    const pool = this.poolOf(node, parent);
    const m = pool.length;
    const largest = new Float64Array(m);
    const keep: number[] = [];
    const info = new Int32Array(3);
    const groupsOf = new Int32Array(m);
    const hitOf = new Uint8Array(m);
    for (let j = 0; j < m; j++) {
      const g = pool[j];
      this.scan(g, set, info);
      const groups = info[0];
      const big = info[1];
      const hit = info[2];
      if (hit === 0 && groups <= 1) continue; // tells nothing
      if (big > cap) continue;
      largest[j] = big;
      groupsOf[j] = groups;
      hitOf[j] = hit;
      keep.push(j);
    }
    keep.sort((a, b) => largest[a] - largest[b] || hitOf[b] - hitOf[a] || groupsOf[b] - groupsOf[a] || a - b);
    // Three guesses left: cores of unsplittable sets refute a guess without its groups. Free
    // pools keep theirs for the whole proof; others only below this node, tested against its guesses.
    const cores = d === 3 && this.table ? (this.pool.free ? this.coresWithin(set) : []) : null;
    const coreList = this.pool.free ? this.allGuesses : pool;
    for (const j of keep) {
      const g = pool[j];
      if (cores && this.coreIn(g, cores)) {
        this.coreCuts++;
        continue;
      }
      const { codes, groups } = this.groupsOf(g, set);
      const { order, children } = this.groupOrder(g, codes, groups, node, pool);
      let ok = true;
      for (const i of order) {
        if (!this.within(groups[i], d - 1, children[i], pool)) {
          if (cores) this.addCore(groups[i], coreList, cores, this.pool.free ? this.freeCores : null);
          ok = false;
          break;
        }
      }
      if (ok) {
        this.remember(set, tag, hash, 0, d, g);
        return true;
      }
    }
    this.remember(set, tag, hash, d + 1, Infinity, -1);
    return false;
  }

  /** within() with a node budget: WITHIN, NOT_WITHIN or UNDECIDED (`parent`: the parent node's guesses, for nested pools). */
  decide(set: Uint32Array, d: number, node: SearchNode<S>, budget: number, parent?: Uint32Array): number {
    this.nodeLimit = this.nodes + budget;
    try {
      return this.within(set, d, node, parent) ? WITHIN : NOT_WITHIN;
    } catch (e) {
      if (e instanceof Budget) return UNDECIDED;
      throw e;
    } finally {
      this.nodeLimit = Infinity;
    }
  }

  /**
   * Can every secret be found within d guesses when `guess` is played first? Its reply groups
   * each decided within d − 1, largest first, the first NOT_WITHIN ending it (the rate of a
   * proof's first level, for measurements). `budget`: sets per group.
   */
  firstGuessWithin(guess: number, d: number, budget: number): number {
    const all = Uint32Array.from({ length: this.game.secretCount }, (_, i) => i);
    const root: SearchNode<S> = { used: 0, state: this.moves.root };
    const pool = this.pool.guesses(root);
    const { codes, groups } = this.groupsOf(guess, all);
    const { order, children } = this.groupOrder(guess, codes, groups, root, pool);
    let result = WITHIN;
    for (const i of order) {
      const r = this.decide(groups[i], d - 1, children[i], budget, pool);
      if (r === NOT_WITHIN) return NOT_WITHIN;
      if (r === UNDECIDED) result = UNDECIDED;
    }
    return result;
  }

  /** The least depth the capacity bound allows for n secrets. */
  capacityBound(n: number): number {
    let d = Math.min(n, 1);
    while (capacity(d, this.branches) < n) d++;
    return d;
  }

  private leaf(secret: number, used: number): Built {
    const g = this.game.guessOfSecret(secret);
    return { plan: { value: used + 1, guess: g, codes: EMPTY_CODES, children: [] }, total: used + 1, depth: used + 1 };
  }

  /** A node guessing g over set, its groups built by `child`; the plan's value is its total. */
  private assemble(
    set: Uint32Array,
    g: number,
    node: SearchNode<S>,
    child: (grp: Uint32Array, at: SearchNode<S>) => Built,
  ): Built {
    const { codes, groups } = this.groupsOf(g, set);
    const used = node.used;
    let hit = false;
    for (let i = 0; i < set.length; i++) if (this.game.guessOfSecret(set[i]) === g) hit = true;
    let total = hit ? used + 1 : 0;
    let depth = hit ? used + 1 : 0;
    // Children in ascending reply order (the plan's layout).
    const order = codes.map((_, i) => i).sort((a, b) => codes[a] - codes[b]);
    const children: Plan[] = [];
    const sorted: number[] = [];
    for (const i of order) {
      const at: SearchNode<S> = { used: used + 1, state: this.moves.after(node.state, g, codes[i]) };
      const b = child(groups[i], at);
      children.push(b.plan);
      sorted.push(codes[i]);
      total += b.total;
      depth = Math.max(depth, b.depth);
    }
    return {
      plan: { value: total, guess: g, codes: children.length ? Uint32Array.from(sorted) : EMPTY_CODES, children },
      total,
      depth,
    };
  }

  /** The tree the proof found for `set` within d (re-proving what the memo has dropped). */
  private proofPlan(set: Uint32Array, d: number, node: SearchNode<S>): Built {
    const n = set.length;
    if (n === 1) return this.leaf(set[0], node.used);
    let g = -1;
    if (d === 2 || n > d) {
      if (d === 2) g = this.splitterOf(set, node);
      else {
        const k = this.known(set, node);
        if (k && k.hi <= d) g = k.guess;
        else if (this.decide(set, d, node, Infinity) === WITHIN) g = (this.known(set, node) as Known).guess;
      }
    }
    if (g < 0) g = this.game.guessOfSecret(set[0]);
    return this.assemble(set, g, node, (grp, at) => this.proofPlan(grp, d - 1, at));
  }

  /**
   * Rebuild for a small total: every secret of `set` found within d more guesses. Among the
   * guesses whose groups are all proven within d − 1 (each check with a node budget), the best
   * `width` by estimate are compared by their subtrees' totals; ties go to the better estimate.
   */
  private rebuild(set: Uint32Array, d: number, node: SearchNode<S>): Built {
    const n = set.length;
    if (n === 1) return this.leaf(set[0], node.used);
    if (n === 2)
      return this.assemble(set, this.game.guessOfSecret(set[0]), node, (grp, at) => this.leaf(grp[0], at.used));
    const width = Math.max(1, this.limits.widths[node.used] ?? 1);
    const pool = this.pool.guesses(node);
    const est = new Float64Array(pool.length);
    const order: number[] = [];
    const codes = this.codes;
    const solved = this.game.solvedCode;
    for (let j = 0; j < pool.length; j++) {
      const g = pool[j];
      this.game.partitionCodes(g, set, n, codes);
      const e = this.nextEpoch();
      const counts = this.counts;
      let hit = 0;
      let groups = 0;
      for (let i = 0; i < n; i++) {
        const c = codes[i];
        if (c === solved) {
          hit = 1;
          continue;
        }
        if (this.stamp[c] !== e) {
          this.stamp[c] = e;
          counts[c] = 0;
          groups++;
        }
        counts[c] = counts[c] + 1;
      }
      if (!hit && groups <= 1) continue;
      let s = hit ? 0 : n;
      const e2 = this.nextEpoch();
      for (let i = 0; i < n; i++) {
        const c = codes[i];
        if (c === solved || this.stamp[c] === e2) continue;
        this.stamp[c] = e2;
        s += estimate(counts[c]);
      }
      est[j] = s;
      order.push(j);
    }
    order.sort((a, b) => est[a] - est[b] || a - b);
    const feasible: number[] = [];
    for (const j of order) {
      if (feasible.length >= width) break;
      const g = pool[j];
      const { codes: cs, groups } = this.groupsOf(g, set);
      let ok = true;
      for (let i = 0; i < groups.length && ok; i++) {
        const at: SearchNode<S> = { used: node.used + 1, state: this.moves.after(node.state, g, cs[i]) };
        const before = this.nodes;
        ok =
          this.decide(groups[i], d - 1, at, Math.max(0, Math.min(this.limits.checkNodes, this.rebuildLeft))) === WITHIN;
        this.rebuildLeft -= this.nodes - before;
      }
      if (ok) feasible.push(g);
    }
    if (feasible.length === 0) return this.proofPlan(set, d, node);
    let best: Built | null = null;
    for (const g of feasible) {
      const b = this.assemble(set, g, node, (grp, at) => this.rebuild(grp, d - 1, at));
      if (best === null || b.total < best.total) best = b;
    }
    return best as Built;
  }

  /** The least worst case over every secret, proven where the budget allows, and its tree. */
  run(): WorstCaseResult {
    const all = Uint32Array.from({ length: this.game.secretCount }, (_, i) => i);
    const root: SearchNode<S> = { used: 0, state: this.moves.root };
    const { maxDepth, proofNodes } = this.limits;
    let lb = this.capacityBound(all.length);
    if (this.bound && all.length > 2)
      lb = Math.max(lb, Math.min(this.bound(all, root, maxDepth, this.fit), maxDepth + 1));
    let found = -1;
    let stopped = false;
    for (let d = lb; d <= maxDepth; d++) {
      const r = this.decide(all, d, root, Math.max(0, proofNodes - this.nodes));
      if (r === NOT_WITHIN) {
        lb = d + 1;
        continue;
      }
      if (r === WITHIN) found = d;
      else stopped = true;
      break;
    }
    if (stopped) {
      // Out of budget: the best tree the same budget again finds above the proven bound.
      const more = this.nodes + (this.limits.upperNodes ?? proofNodes);
      for (let d = lb + 1; d <= maxDepth && found < 0; d++) {
        const r = this.decide(all, d, root, Math.max(0, more - this.nodes));
        if (r === WITHIN) found = d;
        if (r === UNDECIDED) break;
      }
    }
    if (found < 0)
      return { plan: null, depth: 0, total: 0, lowerBound: lb, proven: !stopped, nodes: this.nodes, stopped };
    this.rebuildLeft = this.limits.rebuildNodes ?? Infinity;
    const built = this.rebuild(all, found, root);
    return {
      plan: built.plan,
      depth: built.depth,
      total: built.total,
      lowerBound: lb,
      proven: lb === built.depth,
      nodes: this.nodes,
      stopped,
    };
  }
}

/**
 * The code games' pool (Mastermind, Bulls and Cows): one guess per orbit of the symbol and
 * position permutations that fix every guess so far (`symmetry.ts`), cached per history.
 */
export function symmetricGuesses(game: CodeGame): GuessPool<History> {
  const perms = permutations(game.pegs);
  const cache = new Map<string, Uint32Array>();
  return {
    guesses(node) {
      const key = node.state.join(',');
      let p = cache.get(key);
      if (!p) {
        if (cache.size >= 1 << 14) cache.clear();
        p = canonicalGuesses(
          historySymmetry(node.state, game.digits, game.pegs, game.symbols, perms),
          game.digits,
          game.pegs,
          game.symbols,
          game.guessCount,
        );
        cache.set(key, p);
      }
      return p;
    },
    free: true,
  };
}

/** Verdicts of first guesses (WITHIN, NOT_WITHIN, UNDECIDED each), as a block task returns them. */
export interface OpenersVerdict {
  readonly verdicts: number[];
  readonly nodes: number;
}

/**
 * Whether every secret can be found within d guesses after each of `openers`, each with a budget
 * of `budget` sets: one solver for the block (its cores serve the later openers), so a verdict
 * depends only on the block, never on the worker that runs it.
 */
export function openersWithin<S>(
  parts: WorstCaseParts<S>,
  limits: WorstCaseLimits,
  d: number,
  openers: readonly number[],
  budget: number,
): OpenersVerdict {
  const solver = new LeastWorstCase(parts, limits);
  const verdicts = openers.map((g) => solver.firstGuessWithin(g, d, budget));
  return { verdicts, nodes: solver.nodes };
}

/** What a worker sends back from a proof: the result with its plan flattened (plain data). */
export interface WorstCaseProof extends Omit<WorstCaseResult, 'plan'> {
  /** Null when no tree within `maxDepth` was found. */
  readonly tree: TreeArrays | null;
}

/** The least worst case of a game and a tree of that depth, as a pool task returns it. */
export function proveLeastWorstCase<S>(parts: WorstCaseParts<S>, limits: WorstCaseLimits): WorstCaseProof {
  const r = new LeastWorstCase(parts, limits).run();
  return {
    tree: r.plan ? flattenPlan(r.plan) : null,
    depth: r.depth,
    total: r.total,
    lowerBound: r.lowerBound,
    proven: r.proven,
    nodes: r.nodes,
    stopped: r.stopped,
  };
}
