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
 *       a set larger than a tree of d levels can hold (`treeCapacity`: 1 + K + K² + …, K
 *       replies besides the winning one) cannot;
 *     - a memo per (state key, set), the engine's one memo of solved sets (`SetMemo`, tag
 *       string the state key): the largest d proven too few and the least d proven enough with
 *       its guess, so iterative deepening reuses every earlier answer; it keeps at most
 *       `memoMaxEntries` sets in two generations of half as many each (the older dropped when
 *       the newer fills), and at most `memoMaxBytes` by its estimate;
 *     - d = 2: some guess must split the set into singletons (the `Partitioner`'s `firstSeparating`,
 *       outside the memo; a set the candidates do not split and no guess splits is kept apart,
 *       in a `SetMemo` of its own);
 *     - else every pool guess that tells something and whose largest group fits in d − 1
 *       levels, fewest in its largest group first (a candidate first, then the most groups),
 *       its groups solved with d − 1 largest first (nested pools: cheapest first, by size times
 *       the guesses their node allows), so a failing guess fails fast;
 *     - d = 3: a group two guesses cannot split is cut down to a core (a subset no guess
 *       splits); a later guess that leaves a core whole in one group fails without a scan.
 *   A node budget bounds the proof; it says UNDECIDED when it runs out.
 *
 * The proof: D from the capacity bound upwards; each NOT_WITHIN raises the proven lower bound,
 * the first WITHIN is the least worst case. The tree is rebuilt top-down for a small total by
 * `worst-case-tree.ts` (shared with match-count's prover), over this solver's splits and checks.
 * Replies are counted and split by the engine's `Partitioner`, over one byte table when the
 * replies fit (`byteReplyTable`: the game's, else one built here).
 *
 * Deterministic: the same parts and limits give the same answers and the same tree.
 */
import type { TreeArrays } from '../../runtime/tree-format.js';
import { treeCapacity } from './attempt-objective.js';
import type { CodeGame, History } from './code-ranker.js';
import { byteReplyTable, Partitioner } from './partition.js';
import { flattenPlan, type Plan } from './plan.js';
import { rangeHash, SetMemo, type Interval } from './set-memo.js';
import { Stamps } from './stamps.js';
import { canonicalGuesses, historySymmetry, permutations } from './symmetry.js';
import type { Moves, ReplyTable, SearchGame, SearchNode } from './types.js';
import { type ProofParts, type TreeLimits, WorstCaseTree } from './worst-case-tree.js';

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
}

export interface WorstCaseLimits extends TreeLimits {
  /** Sets searched by the proof before it gives up (UNDECIDED). */
  readonly proofNodes: number;
  /** When the proof gave up: sets searched for a tree one guess deeper and beyond (default: proofNodes). */
  readonly upperNodes?: number;
  /** The deepest worst case looked for (Lingo: 5 tries). */
  readonly maxDepth: number;
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

/** A guess's reply groups over a set but the winning one, with their replies (views of one array). */
interface Groups {
  readonly codes: number[];
  readonly groups: Uint32Array[];
}

export class LeastWorstCase<S> {
  readonly game: SearchGame;
  readonly moves: Moves<S>;
  readonly pool: GuessPool<S>;
  readonly limits: WorstCaseLimits;
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
  /** Told of the sets searched, 4,096 at a time (a pool's progress counter), when set. */
  onSearched: ((sets: number) => void) | null = null;
  private nodeLimit = Infinity;
  /** The engine's reply counts and splits, over the reply table when there is one. */
  private readonly partitioner: Partitioner;
  /** The rebuild for a small total and the proof's tree (`worst-case-tree.ts`). */
  private readonly tree: WorstCaseTree<Uint32Array, SearchNode<S>>;
  /**
   * Sets no guess of the game splits into singletons (free pools only: that holds at every
   * node), most recently found first: a guess that leaves one of them, all in the set, in one
   * reply group fails with two guesses left, without a scan of the pool.
   */
  private readonly freeCores: Uint32Array[] = [];
  /** The secrets of one set (coresWithin). */
  private readonly members: Stamps;
  /** Guesses refuted at three guesses left by a core alone (for measurements). */
  coreCuts = 0;
  /** Sets found unsplittable by a memo lookup alone, without a scan (for measurements). */
  unsplitHits = 0;
  /** Every guess's replies as bytes, secret-major: the game's table, else the solver's own when it fits. */
  private readonly table: ReplyTable | null;
  private readonly allGuesses: Uint32Array;

  constructor(parts: WorstCaseParts<S>, limits: WorstCaseLimits = WORST_CASE_LIMITS) {
    this.game = parts.game;
    this.moves = parts.moves;
    this.pool = parts.pool;
    this.limits = limits;
    this.memo = new SetMemo<null>(limits.memoMaxEntries, limits.memoMaxBytes ?? Infinity);
    const g = parts.game;
    this.branches = g.solvedCode >= 0 ? g.codeCount - 1 : g.codeCount;
    this.members = new Stamps(g.secretCount);
    this.allGuesses = Uint32Array.from({ length: g.guessCount }, (_, i) => i);
    // One byte per (secret, guess): the scans and the d = 2 checks read it directly.
    this.table = byteReplyTable(g, WORST_CASE_MAX_TABLE);
    this.partitioner = new Partitioner(g, 'first-seen', this.table);
    this.tree = new WorstCaseTree(this.proofParts(), limits);
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
   * Guess g over the set the partitioner began: the number of groups besides the winning reply,
   * the largest of them, and whether it can win (allocation-free).
   */
  private tally(g: number, out: Int32Array): void {
    const p = this.partitioner;
    const k = p.count(g);
    const counts = p.counts;
    const touched = p.touched;
    const solved = this.game.solvedCode;
    let largest = 0;
    let hit = 0;
    for (let i = 0; i < k; i++) {
      const c = touched[i];
      if (c === solved) hit = 1;
      else if (counts[c] > largest) largest = counts[c];
    }
    p.clear();
    out[0] = k - hit;
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
    const p = this.partitioner;
    const candidate = p.firstSeparatingCandidate(set, 0, n);
    if (candidate >= 0 || n > this.branches) return candidate;
    const tag = this.moves.key(node.state);
    const hash = rangeHash(set, 0, n, 0, tag);
    if (this.unsplit.find(set, 0, n, 0, tag, hash) >= 0) {
      this.unsplitHits++;
      return -1;
    }
    const pool = this.pool.free ? this.allGuesses : this.poolOf(node, parent);
    const g = p.firstSeparating(pool, pool.length, set, 0, n);
    if (g < 0) this.unsplit.set(set, 0, n, 0, tag, UNSPLIT_ENTRY, hash);
    return g;
  }

  /** Some guess of `list` splits `set` into singletons? */
  private anySeparates(set: Uint32Array, list: Uint32Array): boolean {
    return this.partitioner.firstSeparating(list, list.length, set, 0, set.length) >= 0;
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
    const mark = this.members.marks;
    const e = this.members.next();
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
    const { codes: table, stride } = this.table as ReplyTable;
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

  /** The reply groups of g over set (besides the winning reply), replies ascending (views of one array). */
  private split(g: number, set: Uint32Array): Groups {
    const sp = this.partitioner.split(g, set);
    const solved = this.game.solvedCode;
    const codes: number[] = [];
    const groups: Uint32Array[] = [];
    for (let j = 0; j < sp.codes.length; j++) {
      if (sp.codes[j] === solved) continue;
      codes.push(sp.codes[j]);
      groups.push(sp.items.subarray(sp.starts[j], sp.starts[j + 1]));
    }
    return { codes, groups };
  }

  /** The reply groups of g over set (besides the winning reply), largest first, then by reply. */
  private groupsBySize(g: number, set: Uint32Array): Groups {
    const { codes: all, starts, items } = this.partitioner.split(g, set);
    const solved = this.game.solvedCode;
    const order: number[] = [];
    for (let j = 0; j < all.length; j++) if (all[j] !== solved) order.push(j);
    order.sort((a, b) => starts[b + 1] - starts[b] - (starts[a + 1] - starts[a]) || a - b);
    const codes = new Array<number>(order.length);
    const groups = new Array<Uint32Array>(order.length);
    for (let i = 0; i < order.length; i++) {
      const j = order[i];
      codes[i] = all[j];
      groups[i] = items.subarray(starts[j], starts[j + 1]);
    }
    return { codes, groups };
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
   * The guesses of `pool` that tell something at `set` and whose largest group holds at most
   * `cap` secrets, fewest in the largest group first, then one that can win, then the most
   * groups, then pool order (indices into `pool`).
   */
  private candidates(set: Uint32Array, pool: Uint32Array, cap: number): number[] {
    const m = pool.length;
    const largest = new Float64Array(m);
    const keep: number[] = [];
    const info = new Int32Array(3);
    const groupsOf = new Int32Array(m);
    const hitOf = new Uint8Array(m);
    this.partitioner.begin(set);
    for (let j = 0; j < m; j++) {
      this.tally(pool[j], info);
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
    return keep;
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
    if (n > treeCapacity(d, this.branches)) return false;
    // Two guesses left: one scan, before the memo (splitterOf looks up only the sets it must scan the pool for).
    if (d === 2) return this.splitterOf(set, node, parent) >= 0;
    const tag = this.moves.key(node.state);
    const hash = rangeHash(set, 0, n, 0, tag);
    const id = this.memo.find(set, 0, n, 0, tag, hash);
    if (id >= 0) {
      if (this.memo.hi(id) <= d) return true;
      if (this.memo.lo(id) > d) return false;
    }
    if (++this.nodes > this.nodeLimit) throw new Budget();
    if ((this.nodes & 4095) === 0 && this.onSearched) this.onSearched(4096);
    const pool = this.poolOf(node, parent);
    const keep = this.candidates(set, pool, treeCapacity(d - 1, this.branches));
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
      const { codes, groups } = this.groupsBySize(g, set);
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
    const { codes, groups } = this.groupsBySize(guess, all);
    const { order, children } = this.groupOrder(guess, codes, groups, root, pool);
    let result = WITHIN;
    for (const i of order) {
      const r = this.decide(groups[i], d - 1, children[i], budget, pool);
      if (r === NOT_WITHIN) return NOT_WITHIN;
      if (r === UNDECIDED) result = UNDECIDED;
    }
    return result;
  }

  /** The guess the proof plays at a set it proved within d (re-proving what the memo has dropped). */
  private proofGuess(set: Uint32Array, d: number, node: SearchNode<S>): number {
    let g = -1;
    if (d === 2) g = this.splitterOf(set, node);
    else if (set.length > d) {
      const k = this.known(set, node);
      if (k && k.hi <= d) g = k.guess;
      else if (this.decide(set, d, node, Infinity) === WITHIN) g = (this.known(set, node) as Known).guess;
    }
    return g < 0 ? this.game.guessOfSecret(set[0]) : g;
  }

  /** The solver as the tree reads it: sorted lists of secrets at search nodes. */
  private proofParts(): ProofParts<Uint32Array, SearchNode<S>> {
    const game = this.game;
    const p = this.partitioner;
    const solved = game.solvedCode;
    return {
      size: (set) => set.length,
      firstGuess: (set) => game.guessOfSecret(set[0]),
      used: (node) => node.used,
      after: (node, g, c) => ({ used: node.used + 1, state: this.moves.after(node.state, g, c) }),
      split: (set, g) => this.split(g, set),
      guesses: (node) => this.pool.guesses(node),
      // In the order of first appearance over the set (the order the estimates are summed in).
      groupSizes: (set, g, sizes) => {
        p.begin(set);
        const k = p.count(g);
        let m = 0;
        for (let i = 0; i < k; i++) if (p.touched[i] !== solved) sizes[m++] = p.counts[p.touched[i]];
        p.clear();
        return m;
      },
      missCost: (n) => n,
      within: (set, d, node, budget) => this.decide(set, d, node, budget) === WITHIN,
      searched: () => this.nodes,
      proofGuess: (set, d, node) => this.proofGuess(set, d, node),
    };
  }

  /** The least depth the capacity bound allows for n secrets. */
  private capacityBound(n: number): number {
    let d = Math.min(n, 1);
    while (treeCapacity(d, this.branches) < n) d++;
    return d;
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
    if (found < 0)
      return { plan: null, depth: 0, total: 0, lowerBound: lb, proven: !stopped, nodes: this.nodes, stopped };
    this.tree.left = this.limits.rebuildNodes ?? Infinity;
    const built = this.tree.rebuild(all, found, root);
    return {
      plan: built.plan,
      depth: built.depth,
      total: built.cost,
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

/** A block of first guesses to decide: the solver's limits, the guesses left and each opener's budget. */
export interface OpenersBlock {
  readonly limits: WorstCaseLimits;
  /** Guesses left, the first one included. */
  readonly depth: number;
  readonly openers: number[];
  /** Sets each opener may search. */
  readonly budget: number;
}

/**
 * Whether every secret can be found within `depth` guesses after each of the block's openers, each
 * with a budget of `budget` sets: one solver for the block (its cores serve the later openers), so
 * a verdict depends only on the block, never on the worker that runs it.
 */
export function openersWithin<S>(
  parts: WorstCaseParts<S>,
  block: OpenersBlock,
  onSearched?: (sets: number) => void,
): OpenersVerdict {
  const solver = new LeastWorstCase(parts, block.limits);
  solver.onSearched = onSearched ?? null;
  const verdicts = block.openers.map((g) => solver.firstGuessWithin(g, block.depth, block.budget));
  return { verdicts, nodes: solver.nodes };
}

/** What a worker sends back from a proof: the result with its plan flattened (plain data). */
export interface WorstCaseProof extends Omit<WorstCaseResult, 'plan'> {
  /** Null when no tree within `maxDepth` was found. */
  readonly tree: TreeArrays | null;
}

/** The least worst case of a game and a tree of that depth, as a pool task returns it. */
export function proveLeastWorstCase<S>(
  parts: WorstCaseParts<S>,
  limits: WorstCaseLimits,
  onSearched?: (sets: number) => void,
): WorstCaseProof {
  const solver = new LeastWorstCase(parts, limits);
  solver.onSearched = onSearched ?? null;
  const r = solver.run();
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
