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
 *       winning one) cannot;
 *     - a memo per (state key, set): the largest d proven too few and the least d proven
 *       enough with its guess, so iterative deepening reuses every earlier answer;
 *     - d = 2: some guess must split the set into singletons (found by one scan);
 *     - else every pool guess that tells something and whose largest group fits in d − 1
 *       levels, fewest in its largest group first (a candidate first, then the most groups),
 *       its groups solved largest first with d − 1, so a failing guess fails fast.
 *   A node budget bounds the proof; it says UNDECIDED when it runs out.
 *
 * The proof: D from the capacity bound upwards; each NOT_WITHIN raises the proven lower bound,
 * the first WITHIN is the least worst case. The tree is rebuilt top-down for a small total: at
 * each node, among the guesses whose groups are all proven within the guesses left, the best
 * few by an estimate are compared by their subtrees' totals.
 *
 * Deterministic: the same parts and limits give the same answers and the same tree.
 */
import type { TreeArrays } from '../../runtime/tree-format.js';
import { EMPTY_CODES, flattenPlan, type Plan } from './plan.js';
import type { CodeGame, History } from './code-ranker.js';
import { canonicalGuesses, historySymmetry, permutations } from './symmetry.js';
import type { Moves, SearchGame, SearchNode } from './types.js';

export const NOT_WITHIN = 0;
export const WITHIN = 1;
export const UNDECIDED = 2;

/** The guesses a node may play (ascending); they must include every candidate or its orbit's representative. */
export interface GuessPool<S> {
  guesses(node: SearchNode<S>): Uint32Array;
  /** Every guess of the game is allowed at every node (the pool only leaves out equivalent ones). */
  readonly free?: boolean;
}

export interface WorstCaseParts<S> {
  readonly game: SearchGame;
  readonly moves: Moves<S>;
  readonly pool: GuessPool<S>;
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
  /** Memo entries kept before the memo starts again. */
  readonly memoMaxEntries: number;
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

/** Guesses filtered by a rule of the node state (Wordle's hard mode), cached per state. */
export function ruleGuesses(game: SearchGame, allowed: (state: string, all: Uint32Array) => Uint32Array): GuessPool<string> {
  const all = Uint32Array.from({ length: game.guessCount }, (_, i) => i);
  const cache = new Map<string, Uint32Array>();
  return {
    guesses(node) {
      let p = cache.get(node.state);
      if (!p) {
        if (cache.size >= 1 << 16) cache.clear();
        p = allowed(node.state, all);
        cache.set(node.state, p);
      }
      return p;
    },
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
  /** Replies a node can have besides the winning one. */
  private readonly branches: number;
  private readonly memo = new Map<string, Known>();
  /** Sets searched so far. */
  nodes = 0;
  private nodeLimit = Infinity;
  // Scratch of the scans (a scan never recurses).
  private readonly codes: Uint32Array;
  private readonly counts: Uint32Array;
  private readonly stamp: Uint32Array;
  private epoch = 0;
  private readonly keyBuf: Uint16Array | null;
  /** Every guess's replies, secret-major (`table[secret * stride + guess]`), when they fit in bytes. */
  private readonly table: Uint8Array | null;
  private readonly stride: number;
  private readonly allGuesses: Uint32Array;

  constructor(parts: WorstCaseParts<S>, limits: WorstCaseLimits = WORST_CASE_LIMITS) {
    this.game = parts.game;
    this.moves = parts.moves;
    this.pool = parts.pool;
    this.limits = limits;
    const g = parts.game;
    this.branches = g.solvedCode >= 0 ? g.codeCount - 1 : g.codeCount;
    this.codes = new Uint32Array(g.secretCount);
    this.counts = new Uint32Array(g.codeCount);
    this.stamp = new Uint32Array(g.codeCount);
    this.keyBuf = g.secretCount <= 0xffff ? new Uint16Array(g.secretCount) : null;
    this.allGuesses = Uint32Array.from({ length: g.guessCount }, (_, i) => i);
    if (g.replyTable) {
      this.table = g.replyTable.codes;
      this.stride = g.replyTable.stride;
    } else if (g.codeCount <= 256 && g.guessCount * g.secretCount <= WORST_CASE_MAX_TABLE) {
      // One byte per (secret, guess): the d = 2 scans read it directly.
      const G = g.guessCount;
      const table = new Uint8Array(g.secretCount * G);
      const secrets = this.allGuesses.length >= g.secretCount ? this.allGuesses.subarray(0, g.secretCount) : Uint32Array.from({ length: g.secretCount }, (_, i) => i);
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

  private key(set: Uint32Array, node: SearchNode<S>): string {
    const buf = this.keyBuf;
    let s = this.moves.key(node.state) + '|';
    if (buf) {
      const n = set.length;
      for (let i = 0; i < n; i++) buf[i] = set[i];
      for (let i = 0; i < n; i += 4096) s += String.fromCharCode.apply(null, buf.subarray(i, Math.min(n, i + 4096)) as unknown as number[]);
      return s;
    }
    return s + set.join(',');
  }

  private remember(k: string, lo: number, hi: number, guess: number): void {
    const memo = this.memo;
    const old = memo.get(k);
    if (old) {
      if (lo > old.lo) old.lo = lo;
      if (hi < old.hi) {
        old.hi = hi;
        old.guess = guess;
      }
      return;
    }
    if (memo.size >= this.limits.memoMaxEntries) memo.clear();
    memo.set(k, { lo, hi, guess });
  }

  /** What the memo knows of a set (for tests and the rebuild). */
  known(set: Uint32Array, node: SearchNode<S>): Known | null {
    return this.memo.get(this.key(set, node)) ?? null;
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

  /** Some guess splits `set` into singletons (and the winning reply)? -1 when none. */
  private splitterOf(set: Uint32Array, node: SearchNode<S>): number {
    const n = set.length;
    if (n > this.branches + 1) return -1;
    // Candidates first: one that splits the rest into singletons finds a secret at depth 1.
    for (let i = 0; i < n; i++) {
      const g = this.game.guessOfSecret(set[i]);
      if (this.separates(g, set)) return g;
    }
    if (n > this.branches) return -1;
    const pool = this.pool.free ? this.allGuesses : this.pool.guesses(node);
    for (let j = 0; j < pool.length; j++) {
      const g = pool[j];
      if (this.separates(g, set)) return g;
    }
    return -1;
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

  /** The reply groups of g over set (besides the winning reply), largest first, with their codes. */
  private groupsOf(g: number, set: Uint32Array): { codes: number[]; groups: Uint32Array[] } {
    const n = set.length;
    const codes = this.codes;
    this.game.partitionCodes(g, set, n, codes);
    const solved = this.game.solvedCode;
    const byCode = new Map<number, number[]>();
    for (let i = 0; i < n; i++) {
      const c = codes[i];
      if (c === solved) continue;
      let a = byCode.get(c);
      if (!a) byCode.set(c, (a = []));
      a.push(set[i]);
    }
    const entries = [...byCode.entries()].sort((a, b) => b[1].length - a[1].length || a[0] - b[0]);
    return { codes: entries.map((e) => e[0]), groups: entries.map((e) => Uint32Array.from(e[1])) };
  }

  /** Can every secret of `set` (ascending) be found within d more guesses? Throws Budget past the node limit. */
  private within(set: Uint32Array, d: number, node: SearchNode<S>): boolean {
    const n = set.length;
    if (n <= 1) return d >= n;
    if (d <= 1) return false;
    if (n <= d) return true;
    if (n > capacity(d, this.branches)) return false;
    const k = this.key(set, node);
    const known = this.memo.get(k);
    if (known) {
      if (known.hi <= d) return true;
      if (known.lo > d) return false;
    }
    if (d === 2) {
      const g = this.splitterOf(set, node);
      if (g >= 0) this.remember(k, 0, 2, g);
      else this.remember(k, 3, Infinity, -1);
      return g >= 0;
    }
    if (++this.nodes > this.nodeLimit) throw new Budget();
    const cap = capacity(d - 1, this.branches);
    const pool = this.pool.guesses(node);
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
    for (const j of keep) {
      const g = pool[j];
      const { codes, groups } = this.groupsOf(g, set);
      let ok = true;
      for (let i = 0; i < groups.length; i++) {
        const child: SearchNode<S> = { used: node.used + 1, state: this.moves.after(node.state, g, codes[i]) };
        if (!this.within(groups[i], d - 1, child)) {
          ok = false;
          break;
        }
      }
      if (ok) {
        this.remember(k, 0, d, g);
        return true;
      }
    }
    this.remember(k, d + 1, Infinity, -1);
    return false;
  }

  /** within() with a node budget: WITHIN, NOT_WITHIN or UNDECIDED. */
  decide(set: Uint32Array, d: number, node: SearchNode<S>, budget: number): number {
    this.nodeLimit = this.nodes + budget;
    try {
      return this.within(set, d, node) ? WITHIN : NOT_WITHIN;
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
    const { codes, groups } = this.groupsOf(guess, all);
    let result = WITHIN;
    for (let i = 0; i < groups.length; i++) {
      const child: SearchNode<S> = { used: 1, state: this.moves.after(this.moves.root, guess, codes[i]) };
      const r = this.decide(groups[i], d - 1, child, budget);
      if (r === NOT_WITHIN) return NOT_WITHIN;
      if (r === UNDECIDED) result = UNDECIDED;
    }
    return result;
  }

  /** The least depth the capacity bound allows for n secrets. */
  capacityBound(n: number): number {
    let d = n <= 1 ? n : 1;
    while (capacity(d, this.branches) < n) d++;
    return d;
  }

  private leaf(secret: number, used: number): Built {
    const g = this.game.guessOfSecret(secret);
    return { plan: { value: used + 1, guess: g, codes: EMPTY_CODES, children: [] }, total: used + 1, depth: used + 1 };
  }

  /** A node guessing g over set, its groups built by `child`; the plan's value is its total. */
  private assemble(set: Uint32Array, g: number, node: SearchNode<S>, child: (grp: Uint32Array, at: SearchNode<S>) => Built): Built {
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
    return { plan: { value: total, guess: g, codes: children.length ? Uint32Array.from(sorted) : EMPTY_CODES, children }, total, depth };
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
    if (n === 2) return this.assemble(set, this.game.guessOfSecret(set[0]), node, (grp, at) => this.leaf(grp[0], at.used));
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
        ok = this.decide(groups[i], d - 1, at, this.limits.checkNodes) === WITHIN;
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
    if (found < 0) return { plan: null, depth: 0, total: 0, lowerBound: lb, proven: !stopped, nodes: this.nodes, stopped };
    const built = this.rebuild(all, found, root);
    return { plan: built.plan, depth: built.depth, total: built.total, lowerBound: lb, proven: lb === built.depth, nodes: this.nodes, stopped };
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
        p = canonicalGuesses(historySymmetry(node.state, game.digits, game.pegs, game.symbols, perms), game.digits, game.pegs, game.symbols, game.guessCount);
        cache.set(key, p);
      }
      return p;
    },
    free: true,
  };
}

/** What a worker sends back from a proof: the result with its plan flattened (plain data). */
export interface WorstCaseProof extends Omit<WorstCaseResult, 'plan'> {
  /** Null when no tree within `maxDepth` was found. */
  readonly tree: TreeArrays | null;
}

/** The least worst case of a game and a tree of that depth, as a pool task returns it. */
export function proveLeastWorstCase<S>(parts: WorstCaseParts<S>, limits: WorstCaseLimits): WorstCaseProof {
  const r = new LeastWorstCase(parts, limits).run();
  return { tree: r.plan ? flattenPlan(r.plan) : null, depth: r.depth, total: r.total, lowerBound: r.lowerBound, proven: r.proven, nodes: r.nodes, stopped: r.stopped };
}
