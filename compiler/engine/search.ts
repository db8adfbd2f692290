/**
 * The one search engine: additive branch and bound over the interfaces of `types.ts`.
 *
 * Two mutually recursive functions do the whole search:
 *   - `solve(set, node, beta)`: the best plan for a set of candidate secrets, or null when no
 *     plan's key is below `beta` (the budget);
 *   - `evaluate(guess, set, node, beta)`: the plan of one guess, its reply groups solved each
 *     under the budget its siblings leave, or null when its key cannot get below `beta`.
 * A plan's cost is a sum over its reply groups (`Objective.groupCost` at each node plus the
 * groups' own costs); with a depth tie-break, (cost, depth) is compared as the one key
 * cost·64 + depth, so budgets cover both: a group gets what the others' costs leave, minus one
 * level. Sets are memoized with their exact result or the least key proven for them.
 *
 * Determinism: `solve` is a pure function of (set, node) under fixed parts; budgets, memo hits
 * and the order in which sets are solved never change a result. Among equal keys the first
 * guess in the ranker's order wins.
 */
import { EMPTY_CODES, joinPlan } from './plan.js';
import { ExactTail } from './exact-tail.js';
import { Partitioner, type SplitBuffers } from './partition.js';
import { rangeHash, SetMemo, type Interval } from './set-memo.js';
import { byKeys } from './top-k.js';
import {
  NodeBudgetExceeded,
  type Effort,
  type Moves,
  type NodeChoices,
  type Objective,
  type QuickResult,
  type Ranker,
  type SearchOnChoices,
  type RankedList,
  type Ranking,
  type SearchGame,
  type SearchNode,
  type Solved,
} from './types.js';

/** Keys pack (cost, depth) as cost·DEPTH_SLOTS + depth when depth breaks ties; depths stay below it. */
export const DEPTH_SLOTS = 64;

export interface EngineParts<S> {
  readonly game: SearchGame;
  readonly objective: Objective<S>;
  readonly moves: Moves<S>;
  readonly ranker: Ranker<S>;
  readonly effort: Effort;
}

/** The best plan found so far at a set, and its key: the budget every further guess is searched under. */
interface Best {
  plan: Solved | null;
  key: number;
}

/** A lazily ranked list this short is sorted whole (see `searchUnsorted`). */
const LAZY_SORT_BELOW = 32;

/** What a part of a split is known to cost before it is searched. */
const OPEN = 0;
/** Solved: the memo's result. */
const MEMO = 1;
/** The ranker's quick look found its optimal guess (the cost is exact, the plan is built last). */
const QUICK = 2;

/**
 * The scratch of one evaluate at one depth (guesses used): the split of its set and what is
 * known of each non-solved reply group ("part"). Evaluate at depth u only recurses into depth
 * u + 1, so one frame per depth serves the whole search without allocating.
 */
class Frame<S> implements SplitBuffers {
  readonly codes: Uint32Array;
  readonly starts: Uint32Array;
  readonly items: Uint32Array;
  /** The group of part p. */
  readonly group: Uint32Array;
  /** Part p's cost bound (exact once known). */
  readonly bound: Float64Array;
  readonly known: Uint8Array;
  readonly quickGuess: Int32Array;
  readonly order: Uint32Array;
  readonly solved: Array<Solved | null>;
  /** Part p's state after the reply (set when worked out). */
  readonly states: Array<S | undefined>;
  /** Part p's codes, a view of `items` (made when first needed). */
  readonly sets: Array<Uint32Array | undefined>;
  /** A node reused for looks at the parts (never kept by the callee). */
  readonly scratch: { used: number; state: S; branches: number | undefined };
  /** The evaluation at this depth: its guess, node, set size and budget. */
  guess = 0;
  node: SearchNode<S>;
  n = 0;
  beta = Infinity;
  /** Its parts, the node's cost so far (its groups and the parts paid for) and the bounds of the parts left. */
  parts = 0;
  cost = 0;
  rest = 0;

  constructor(groups: number, secrets: number, root: S) {
    this.codes = new Uint32Array(groups);
    this.starts = new Uint32Array(groups + 1);
    this.items = new Uint32Array(secrets);
    this.group = new Uint32Array(groups);
    this.bound = new Float64Array(groups);
    this.known = new Uint8Array(groups);
    this.quickGuess = new Int32Array(groups);
    this.order = new Uint32Array(groups);
    this.solved = new Array<Solved | null>(groups).fill(null);
    this.states = new Array<S | undefined>(groups).fill(undefined);
    this.sets = new Array<Uint32Array | undefined>(groups).fill(undefined);
    this.scratch = { used: 0, state: root, branches: undefined };
    this.node = { used: 0, state: root };
  }
}

export class SearchEngine<S> {
  readonly game: SearchGame;
  readonly objective: Objective<S>;
  readonly moves: Moves<S>;
  readonly ranker: Ranker<S>;
  readonly effort: Effort;
  readonly partitioner: Partitioner;
  /** Sets searched (not answered by a terminal rule or the memo). */
  nodes = 0;
  /** Optional shared counter: slot 0 gets the nodes searched, in steps of 4096 (progress of long searches). */
  progress: Int32Array | null = null;
  /**
   * Per set, keys: [lo, hi] with its result when solved (lo = hi), else the least key proven
   * for it (hi Infinity). The exact tail keeps its reply groups' values here too.
   */
  readonly memo: SetMemo<Solved>;
  /** The entry a store writes (read by the memo, never kept). */
  private readonly entry: Interval<Solved> = { lo: 0, hi: Infinity, guess: -1, payload: null };
  private readonly tieBreak: boolean;
  private readonly slots: number;
  private pilotEngine: SearchEngine<S> | null = null;
  private readonly frames: Frame<S>[] = [];
  private readonly maxGroups: number;
  private readonly quickLook: Ranker<S>['quick'];
  private readonly look: QuickResult = { guess: -1, cost: 0 };
  /** The least key proven for the set of the last `search` that returned null (at least its beta). */
  private failKey = 0;
  /** The exact tail (sets with `exactTriesLeft` tries left or fewer), when the effort asks for it. */
  readonly tail: ExactTail<S> | null;
  private readonly tailLeft: number;

  constructor(parts: EngineParts<S>) {
    this.game = parts.game;
    this.objective = parts.objective;
    this.moves = parts.moves;
    this.ranker = parts.ranker;
    this.effort = parts.effort;
    this.partitioner = new Partitioner(parts.game);
    this.memo = new SetMemo<Solved>(parts.effort.memoMaxEntries, parts.effort.memoMaxBytes ?? Infinity);
    this.tieBreak = parts.objective.depthTieBreak;
    this.slots = this.tieBreak ? DEPTH_SLOTS : 1;
    this.maxGroups = Math.min(parts.game.codeCount, parts.game.secretCount) + 1;
    this.quickLook = parts.effort.prepass ? parts.ranker.quick : undefined;
    const tailLeft = parts.effort.exactTriesLeft ?? 0;
    if (tailLeft > 0) {
      if (tailLeft > 3) throw new Error('search: the exact tail solves at most three tries left');
      if (!parts.objective.triesLeft || this.tieBreak)
        throw new Error('search: the exact tail needs an objective affine in the attempts, without a depth tie-break');
    }
    this.tailLeft = tailLeft;
    this.tail = tailLeft > 0 ? new ExactTail<S>(parts.game, parts.objective, this.memo, parts.moves) : null;
  }

  get memoSize(): number {
    return this.memo.size;
  }

  /** The comparison key of a result: smaller is better. */
  keyOf(v: { readonly cost: number; readonly depth: number }): number {
    return this.tieBreak ? v.cost * DEPTH_SLOTS + v.depth : v.cost;
  }

  /** The least key of any plan for `n` secrets whose cost is at least `cost`. */
  keyBound(cost: number, n: number, used: number): number {
    if (!this.tieBreak || cost === Infinity) return cost;
    return cost * DEPTH_SLOTS + this.objective.leastDepth(n, used);
  }

  /**
   * The budget of one part of a guess's split (a key) when the guess must stay under `beta`
   * and the rest (this level's costs and the other parts) costs at least `others`.
   */
  partBudget(beta: number, others: number): number {
    if (!this.effort.cutoffs || beta === Infinity) return Infinity;
    return beta - others * this.slots - (this.tieBreak ? 1 : 0);
  }

  /** The least cost of a plan whose key is at least `key`. */
  private costOfKey(key: number): number {
    return this.tieBreak ? Math.ceil((key - (DEPTH_SLOTS - 1)) / DEPTH_SLOTS) : key;
  }

  /** The width a set gets: Infinity compares every guess the ranker offers. */
  width(n: number, used: number): number {
    const e = this.effort;
    if (n <= e.exactBelow) return Infinity;
    if (used === 0 && e.rootWidth !== undefined) return e.rootWidth;
    if (e.widthsByUsed) {
      if (used > 0 && n < (e.lookaheadMinSet ?? 0)) return 1;
      return Math.max(1, e.widthsByUsed[used] ?? 1);
    }
    if (e.widthsBySize) {
      for (const [size, w] of e.widthsBySize) if (n <= size) return w;
      const last = e.widthsBySize[e.widthsBySize.length - 1];
      return last ? last[1] : 1;
    }
    return 1;
  }

  /** The ranking of a set as the search sees it (the root's candidates, for the pool). */
  rank(set: Uint32Array, node: SearchNode<S>, width = this.width(set.length, node.used)): Ranking {
    return this.ranker.rank(set, node, width);
  }

  private frameAt(used: number): Frame<S> {
    let f = this.frames[used];
    if (!f) {
      f = new Frame<S>(this.maxGroups, this.game.secretCount, this.moves.root);
      this.frames[used] = f;
    }
    return f;
  }

  /** The best plan for `set` at `node`, or null when its key is not below `beta`. */
  solve(set: Uint32Array, node: SearchNode<S>, beta = Infinity): Solved | null {
    const n = set.length;
    const used = node.used;
    const obj = this.objective;
    const t = obj.terminal(set, used, node.state);
    if (t) return this.keyOf(t) < beta ? t : null;
    if (this.keyBound(obj.sizeBound(n, used, node.state), n, used) >= beta) return null;
    const memoized = n <= this.effort.memoMaxSet && n >= (this.effort.memoMinSet ?? 0);
    let num = 0;
    let tag = '';
    let hash = 0;
    // The least key the memo knew for the set (-Infinity: nothing).
    let known = -Infinity;
    if (memoized) {
      num = obj.depthTag(used);
      tag = this.moves.key(node.state);
      hash = rangeHash(set, 0, n, num, tag);
      const id = this.memo.find(set, 0, n, num, tag, hash);
      if (id >= 0) {
        const solved = this.memo.payload(id);
        if (solved) return this.keyOf(solved) < beta ? solved : null;
        known = this.memo.lo(id);
        if (known >= beta) return null;
      }
    }
    const budget = this.effort.nodeBudget ?? 0;
    if (++this.nodes > budget && budget > 0) throw new NodeBudgetExceeded(budget);
    if ((this.nodes & 4095) === 0 && this.progress) Atomics.add(this.progress, 0, 4096);
    let result: Solved | null;
    // The least key proven when there is no plan under beta.
    let fail = beta;
    const quick = this.quickLook;
    const tail = this.tail;
    const left = this.tailTriesLeft(n, used);
    if (tail && left > 0) {
      result = tail.solve(set, used, node.state, left, beta, memoized ? tag : this.moves.key(node.state));
    } else if (quick) {
      const look = this.look;
      quick.call(this.ranker, set, 0, n, node, look);
      if (look.guess >= 0) result = this.evaluate(look.guess, set, node, beta);
      else {
        const floor = this.keyBound(look.cost, n, used);
        if (floor >= beta) {
          result = null;
          fail = floor;
        } else {
          result = this.search(set, node, beta);
          if (!result) fail = this.failKey;
        }
      }
    } else {
      result = this.search(set, node, beta);
      if (!result) fail = this.failKey;
    }
    if (memoized) this.remember(set, n, num, tag, hash, result, Math.max(beta, fail, known));
    return result;
  }

  /** The tries left when the exact tail solves a set of `n` secrets after `used` guesses, else 0. */
  private tailTriesLeft(n: number, used: number): number {
    const tail = this.tail;
    if (!tail) return 0;
    const left = (this.objective.triesLeft as (used: number) => number).call(this.objective, used);
    return left >= 2 && left <= this.tailLeft && tail.applies(n, left) ? left : 0;
  }

  /**
   * The guesses `solve(set, node)` (no budget) would evaluate, so that a pool can evaluate them
   * side by side and take the first of least key, as `search` does (each guess's result is the
   * same under any budget above its key); null when the set takes another path (a terminal, the
   * exact tail, the quick look's one guess, a pilot, every guess compared, the ranker's optimal
   * guess): then it is solved whole. Mirrors `solve` and `search` step by step with beta = Infinity.
   */
  choices(set: Uint32Array, node: SearchNode<S>): NodeChoices<S> | null {
    const n = set.length;
    const used = node.used;
    if (this.objective.terminal(set, used, node.state) || this.tailTriesLeft(n, used) > 0) return null;
    const quick = this.quickLook;
    if (quick) {
      quick.call(this.ranker, set, 0, n, node, this.look);
      if (this.look.guess >= 0 || this.keyBound(this.look.cost, n, used) === Infinity) return null;
    }
    const width = this.width(n, used);
    const pilot = this.effort.pilot;
    if (width === Infinity || (pilot !== undefined && n > pilot.above)) return null;
    const ranking = this.ranker.rank(set, node, width, { beta: Infinity, lazy: false });
    if (ranking.optimal || ranking.unsorted) return null;
    const top = ranking.top;
    const keyBounds = new Float64Array(top.length);
    for (let i = 0; i < top.length; i++) keyBounds[i] = this.keyBound(top.bound[i], n, used);
    const full = top.length >= width;
    return {
      guesses: top.guess.slice(0, top.length),
      keyBounds,
      floor: this.keyBound(ranking.setBound, n, used),
      node:
        ranking.branches !== undefined && ranking.branches !== node.branches
          ? { used, state: node.state, branches: ranking.branches }
          : node,
      goesOnFrom: full ? (this.effort.unsolvedFrom ?? Infinity) : Infinity,
      goesOnWithout: full,
    };
  }

  /**
   * The guesses `searchOnUntilFound` tries past the first `shown` of `choices(set, node)` (at
   * their node), in its order: for a pool to evaluate them as it does.
   */
  searchOnChoices(set: Uint32Array, node: SearchNode<S>, shown: number): SearchOnChoices {
    const none = { guesses: new Uint32Array(0), keyBounds: new Float64Array(0), ordered: false };
    if (this.ranker.lostAt?.(set, node)) return { lost: true, ...none };
    const all = this.ranker.rank(set, node, Infinity).top;
    const order = this.ranker.familyOrder?.(set, all, shown) ?? null;
    const count = Math.max(0, all.length - shown);
    const guesses = new Uint32Array(count);
    const keyBounds = new Float64Array(count);
    for (let k = 0; k < count; k++) {
      const i = order ? order[k] : shown + k;
      guesses[k] = all.guess[i];
      keyBounds[k] = this.keyBound(all.bound[i], set.length, node.used);
    }
    return { lost: false, guesses, keyBounds, ordered: order !== null };
  }

  /**
   * The least key the memo has proven for `set` at `node` (a search under a budget that found
   * no plan stores at least its budget; a solved set its key), or -Infinity when it knows none.
   */
  provenAtLeast(set: Uint32Array, node: SearchNode<S>): number {
    const n = set.length;
    if (n > this.effort.memoMaxSet || n < (this.effort.memoMinSet ?? 0)) return -Infinity;
    const id = this.memo.find(set, 0, n, this.objective.depthTag(node.used), this.moves.key(node.state));
    return id >= 0 ? this.memo.lo(id) : -Infinity;
  }

  /** Store a set's result (its key is then its interval) or, when null, the least key proven for it. */
  private remember(
    set: Uint32Array,
    n: number,
    num: number,
    tag: string,
    hash: number,
    result: Solved | null,
    lo: number,
  ): void {
    const e = this.entry;
    if (result) {
      e.lo = e.hi = this.keyOf(result);
      e.guess = result.plan.guess;
    } else {
      e.lo = lo;
      e.hi = Infinity;
      e.guess = -1;
    }
    e.payload = result;
    this.memo.set(set, 0, n, num, tag, e, hash);
    e.payload = null;
  }

  private search(set: Uint32Array, node: SearchNode<S>, beta: number): Solved | null {
    const n = set.length;
    const used = node.used;
    const width = this.width(n, used);
    const pilot = this.effort.pilot;
    const piloted = pilot !== undefined && width !== Infinity && n > pilot.above;
    // A cost budget for the ranker: a guess whose bound reaches it would be skipped (with a
    // depth tie-break, a key is cost·DEPTH_SLOTS plus at least the set's least depth).
    const costBeta =
      piloted || beta === Infinity
        ? Infinity
        : this.tieBreak
          ? (beta - this.objective.leastDepth(n, used)) / DEPTH_SLOTS
          : beta;
    const ranking = this.ranker.rank(set, node, piloted ? pilot.width : width, {
      beta: costBeta,
      lazy: !piloted && width === Infinity,
    });
    // `failKey` is set last before returning (nested searches overwrite it).
    if (ranking.optimal) {
      const v = this.evaluate(ranking.optimal.guess, set, node, beta);
      this.failKey = beta;
      return v;
    }
    const floor = this.keyBound(ranking.setBound, n, used);
    if (floor >= beta) {
      this.failKey = floor;
      return null;
    }
    // The set's parts are split by no guess into more groups than the set is.
    if (ranking.branches !== undefined && ranking.branches !== node.branches)
      node = { used, state: node.state, branches: ranking.branches };
    if (piloted) {
      const v = this.piloted(ranking, set, node, beta);
      this.failKey = beta;
      return v;
    }
    if (ranking.unsorted) {
      const v = this.searchUnsorted(ranking.top, set, node, beta, floor);
      this.failKey = beta;
      return v;
    }
    const best: Best = { plan: null, key: beta };
    // No plan beats the set's bound: once it is reached the rest can only tie.
    const top = ranking.top;
    for (let i = 0; i < top.length; i++) {
      if (this.keyBound(top.bound[i], n, used) >= best.key) continue;
      if (this.keepIfBetter(best, top.guess[i], set, node) && best.key <= floor) break;
    }
    const unsolvedFrom = this.effort.unsolvedFrom;
    if (
      unsolvedFrom !== undefined &&
      width !== Infinity &&
      ranking.top.length >= width &&
      best.plan &&
      best.plan.cost >= unsolvedFrom
    )
      this.searchOnUntilFound(best, ranking.top.length, set, node, unsolvedFrom);
    if (!best.plan && beta === Infinity && width !== Infinity && ranking.top.length >= width) {
      // Under a depth cap the best-ranked guesses may all run out of guesses: with no budget
      // to blame, go on down the ranking until one fits.
      const shown = ranking.top.length;
      const all = this.ranker.rank(set, node, Infinity).top;
      for (let i = shown; i < all.length; i++) {
        const v = this.evaluate(all.guess[i], set, node, Infinity);
        if (v) return v;
      }
    }
    this.failKey = beta;
    return best.plan;
  }

  /**
   * The guesses ranked below the first `shown`, in rank order under the best key so far, until a
   * plan finds every secret (its cost below `unsolvedFrom`) or no guess's bound is below that key.
   */
  private searchOnUntilFound(
    best: Best,
    shown: number,
    set: Uint32Array,
    node: SearchNode<S>,
    unsolvedFrom: number,
  ): void {
    const on = this.searchOnChoices(set, node, shown);
    if (on.lost) return;
    // In the ranker's order of promise, or rank order (where bounds only grow: the first bound at
    // or past the best key ends the search).
    for (let k = 0; k < on.guesses.length; k++) {
      if (on.keyBounds[k] >= best.key) {
        if (on.ordered) continue;
        break;
      }
      this.keepIfBetter(best, on.guesses[k], set, node);
      if (best.plan && best.plan.cost < unsolvedFrom) break;
    }
  }

  /**
   * Evaluate `guess` under the best key so far and keep its plan when its key is smaller. Each
   * guess is searched under that key, so only a smaller key comes back: among equal keys the
   * first evaluated stays. Whether it was kept.
   */
  private keepIfBetter(best: Best, guess: number, set: Uint32Array, node: SearchNode<S>): boolean {
    const v = this.evaluate(guess, set, node, best.key);
    if (!v) return false;
    const key = this.keyOf(v);
    if (key >= best.key) return false;
    best.plan = v;
    best.key = key;
    return true;
  }

  /**
   * The loop of `search` over a full ranking left in pool order: the same guesses evaluated in
   * the same order under the same budgets, without sorting all of them. The loop over the
   * sorted list skips a guess whose bound reaches the best key so far, and that key only falls;
   * so a few rounds take the first remaining guess in rank order (key1, key2, then pool place),
   * evaluate it as the loop would, and drop every guess the new key rules out. What is left once
   * a round no longer halves it is sorted and looped over as before.
   */
  private searchUnsorted(
    top: RankedList,
    set: Uint32Array,
    node: SearchNode<S>,
    beta: number,
    floor: number,
  ): Solved | null {
    const n = set.length;
    const used = node.used;
    const bound = top.bound;
    const k1 = top.key1;
    const k2 = top.key2;
    let count = top.length;
    const live = new Uint32Array(count);
    for (let i = 0; i < count; i++) live[i] = i;
    const best: Best = { plan: null, key: beta };
    // keyBound(b, n, used) for this set, with its least depth worked out once.
    const slots = this.tieBreak ? DEPTH_SLOTS : 1;
    const least = this.tieBreak ? this.objective.leastDepth(n, used) : 0;
    while (count > LAZY_SORT_BELOW) {
      // The first remaining entry in rank order (`live` stays in pool order: ties keep the first).
      let bi = 0;
      let b = live[0];
      for (let i = 1; i < count; i++) {
        const e = live[i];
        const x = k1[e];
        const y = k1[b];
        if (x < y || (x === y && k2[e] < k2[b])) {
          b = e;
          bi = i;
        }
      }
      if (bound[b] * slots + least < best.key && this.keepIfBetter(best, top.guess[b], set, node) && best.key <= floor)
        return best.plan;
      const before = count;
      let w = 0;
      for (let i = 0; i < count; i++) {
        if (i === bi) continue;
        const e = live[i];
        if (bound[e] * slots + least < best.key) live[w++] = e;
      }
      count = w;
      if (count * 2 > before) break;
    }
    const rest = Array.from(live.subarray(0, count));
    rest.sort(byKeys(k1, k2));
    for (const e of rest) {
      if (bound[e] * slots + least >= best.key) continue;
      if (this.keepIfBetter(best, top.guess[e], set, node) && best.key <= floor) break;
    }
    return best.plan;
  }

  /** The same search with width 1 everywhere (exact on the same small sets), made once. */
  pilotSearch(): SearchEngine<S> {
    const { pilot: _pilot, rootPilot: _rootPilot, rootWidth: _rootWidth, widthsByUsed: _byUsed, ...rest } = this.effort;
    this.pilotEngine ??= new SearchEngine<S>({
      game: this.game,
      objective: this.objective,
      moves: this.moves,
      ranker: this.ranker,
      effort: { ...rest, widthsBySize: [[Infinity, 1]] },
    });
    return this.pilotEngine;
  }

  /**
   * The pilot: score the ranked guesses by the trees the pilot search builds below them (in
   * rank order, each under the worst cost kept so far), then search the `keep` cheapest in full
   * (a kept guess after the first only within `slack` of the best's pilot cost).
   */
  private piloted(ranking: Ranking, set: Uint32Array, node: SearchNode<S>, beta: number): Solved | null {
    const pilot = this.effort.pilot!;
    const pilotEngine = this.pilotSearch();
    const keep = pilot.keep;
    const kept: Array<{ guess: number; cost: number }> = [];
    const top = ranking.top;
    for (let t = 0; t < top.length; t++) {
      const worstKept = kept.length === keep ? (kept[keep - 1] as { cost: number }).cost : Infinity;
      if (top.bound[t] >= worstKept) continue;
      const guess = top.guess[t];
      // Any depth will do under the worst kept cost: the budget is that cost's least key.
      const v = pilotEngine.evaluate(guess, set, node, worstKept === Infinity ? Infinity : worstKept * this.slots);
      if (!v) continue;
      let i = kept.length;
      while (i > 0 && (kept[i - 1] as { cost: number }).cost > v.cost) i--;
      kept.splice(i, 0, { guess, cost: v.cost });
      if (kept.length > keep) kept.pop();
    }
    const slack = pilot.slack ?? Infinity;
    const within = kept.length ? (kept[0] as { cost: number }).cost * (1 + slack) : 0;
    const best: Best = { plan: null, key: beta };
    for (const { guess, cost } of kept) {
      if (cost > within) break;
      this.keepIfBetter(best, guess, set, node);
    }
    return best.plan;
  }

  /** Sort parts `order[0..count)` by size (smallest or largest first); ties stay in reply order. */
  private sortParts(f: Frame<S>, order: Uint32Array, count: number, smallest: boolean): void {
    const starts = f.starts;
    for (let i = 1; i < count; i++) {
      const p = order[i];
      const gp = f.group[p];
      const mp = starts[gp + 1] - starts[gp];
      let j = i - 1;
      for (; j >= 0; j--) {
        const q = order[j];
        const gq = f.group[q];
        const mq = starts[gq + 1] - starts[gq];
        if (smallest ? mq <= mp : mq >= mp) break;
        order[j + 1] = q;
      }
      order[j + 1] = p;
    }
  }

  /** The state after part `p` of the frame's split (worked out once per part). */
  private stateOf(f: Frame<S>, p: number): S {
    let st = f.states[p];
    if (st === undefined) {
      st = this.moves.after(f.node.state, f.guess, f.codes[f.group[p]]);
      f.states[p] = st;
    }
    return st;
  }

  /** Part `p`'s codes (one array per part and split: the ranker may remember what it found of it by the array). */
  private partSet(f: Frame<S>, p: number): Uint32Array {
    let set = f.sets[p];
    if (set === undefined) {
      const g = f.group[p];
      set = f.items.subarray(f.starts[g], f.starts[g + 1]);
      f.sets[p] = set;
    }
    return set;
  }

  /** Part `p`'s node: one guess deeper, its state after the reply. */
  private partNode(f: Frame<S>, p: number): SearchNode<S> {
    const branches = f.node.branches;
    return branches === undefined
      ? { used: f.node.used + 1, state: this.stateOf(f, p) }
      : { used: f.node.used + 1, state: this.stateOf(f, p), branches };
  }

  /** Whether the node's cost so far and the bounds of the parts left already reach the budget. */
  private cut(f: Frame<S>): boolean {
    return this.keyBound(f.cost + f.rest, f.n, f.node.used) >= f.beta;
  }

  /**
   * The plan of playing `guess` at `set`, or null when its key cannot get below `beta`. Three
   * passes over its parts (the reply groups other than the solved one): size bounds (and the
   * ranker's sharper bounds); with `prepass`, the memo and the ranker's quick look at each part;
   * then the parts still open are searched, each under the budget the others' bounds leave.
   * The frame of the node's depth holds the passes' state (recursion goes one frame deeper).
   */
  evaluate(guess: number, set: Uint32Array, node: SearchNode<S>, beta = Infinity): Solved | null {
    const f = this.frameAt(node.used);
    f.guess = guess;
    f.node = node;
    f.n = set.length;
    f.beta = beta;
    this.splitParts(f, set);
    if (!this.boundParts(f)) return null;
    if (this.quickLook && !this.lookAtParts(f)) return null;
    if (!this.searchParts(f)) return null;
    this.planQuickParts(f);
    return this.assemble(f);
  }

  /** The split: the node's own group costs (`f.cost`) and its parts (`f.parts`, `f.group`). */
  private splitParts(f: Frame<S>, set: Uint32Array): void {
    const { node, guess, n } = f;
    const used = node.used;
    const obj = this.objective;
    const groups = this.partitioner.splitInto(guess, set, 0, n, f);
    const solvedCode = this.game.solvedCode;
    const starts = f.starts;
    let cost = 0;
    let parts = 0;
    for (let g = 0; g < groups; g++) {
      const code = f.codes[g];
      cost += obj.groupCost(code, starts[g + 1] - starts[g], used, node.state);
      if (code !== solvedCode) f.group[parts++] = g;
    }
    f.cost = cost;
    f.parts = parts;
  }

  /** Pass 1: size bounds (`f.rest`: the sum of the bounds of the parts not solved yet), then the ranker's sharper ones; false: cut. */
  private boundParts(f: Frame<S>): boolean {
    const { node, parts } = f;
    const used = node.used;
    const obj = this.objective;
    const starts = f.starts;
    let rest = 0;
    for (let p = 0; p < parts; p++) {
      const g = f.group[p];
      const b = obj.sizeBound(starts[g + 1] - starts[g], used + 1, node.state);
      f.bound[p] = b;
      f.known[p] = OPEN;
      f.states[p] = undefined;
      f.sets[p] = undefined;
      f.solved[p] = null;
      rest += b;
    }
    f.rest = rest;
    if (this.cut(f)) return false;
    const refine = this.ranker.refineBound;
    if (refine) {
      // Sharper bounds of the parts themselves, before any of them is searched.
      for (let p = 0; p < parts; p++) {
        const b = refine.call(this.ranker, this.partSet(f, p), this.partNode(f, p), f.bound[p]);
        f.rest += b - f.bound[p];
        f.bound[p] = b;
        if (this.cut(f)) return false;
      }
    }
    return true;
  }

  /** A part's bound raised to `b` (the budget it leaves shrinks); false: cut. */
  private raise(f: Frame<S>, p: number, b: number): boolean {
    f.rest += b - f.bound[p];
    f.bound[p] = b;
    return !this.cut(f);
  }

  /** Pass 2: what the memo and the quick look know of each part, then large open parts probed; known parts paid for; false: cut. */
  private lookAtParts(f: Frame<S>): boolean {
    const quick = this.quickLook as NonNullable<typeof this.quickLook>;
    const { node, parts } = f;
    const used = node.used;
    const starts = f.starts;
    const look = this.look;
    const scratch = f.scratch;
    scratch.used = used + 1;
    scratch.branches = node.branches;
    const memoMin = Math.max(3, this.effort.memoMinSet ?? 0);
    const memoMax = this.effort.memoMaxSet;
    const num = this.objective.depthTag(used + 1);
    for (let p = 0; p < parts; p++) {
      const g = f.group[p];
      const from = starts[g];
      const m = starts[g + 1] - from;
      if (m < 3) continue;
      const st = this.stateOf(f, p);
      let b = f.bound[p];
      let known = OPEN;
      if (m >= memoMin && m <= memoMax) {
        const id = this.memo.find(f.items, from, m, num, this.moves.key(st));
        if (id >= 0) {
          const solved = this.memo.payload(id);
          if (solved) {
            f.solved[p] = solved;
            b = solved.cost;
            known = MEMO;
          } else {
            const c = this.costOfKey(this.memo.lo(id));
            if (c > b) b = c;
          }
        }
      }
      if (known === OPEN) {
        scratch.state = st;
        quick.call(this.ranker, f.items, from, m, scratch, look);
        if (look.guess >= 0) {
          f.quickGuess[p] = look.guess;
          b = look.cost;
          known = QUICK;
        } else if (look.cost > b) b = look.cost;
      }
      f.known[p] = known;
      if (!this.raise(f, p, b)) return false;
    }
    if (this.ranker.probe && f.beta !== Infinity && !this.probeParts(f)) return false;
    // Known parts are paid for now.
    for (let p = 0; p < parts; p++) {
      if (f.known[p] === OPEN) continue;
      f.cost += f.bound[p];
      f.rest -= f.bound[p];
    }
    return true;
  }

  /** Large open parts probed, largest first, each with the room the others' bounds leave; false: cut. */
  private probeParts(f: Frame<S>): boolean {
    const probe = this.ranker.probe as NonNullable<Ranker<S>['probe']>;
    const probeMin = this.effort.probeMinSet ?? Infinity;
    const used = f.node.used;
    const starts = f.starts;
    const look = this.look;
    const order = f.order;
    let open = 0;
    for (let p = 0; p < f.parts; p++) {
      const g = f.group[p];
      if (f.known[p] === OPEN && starts[g + 1] - starts[g] >= probeMin) order[open++] = p;
    }
    this.sortParts(f, order, open, false);
    const split = this.ranker.splitBound;
    if (split) {
      // Every large part's cheap bound first, largest first: most bad guesses end here.
      for (let i = 0; i < open; i++) {
        const p = order[i];
        const g = f.group[p];
        const b = split.call(this.ranker, f.items.subarray(starts[g], starts[g + 1]), this.partNode(f, p));
        if (b > f.bound[p] && !this.raise(f, p, b)) return false;
      }
      // At the root the probes would find these bounds again: an opener's parts go to the search.
      if (f.node.used === 0) return true;
    }
    for (let i = 0; i < open; i++) {
      const p = order[i];
      const g = f.group[p];
      const from = starts[g];
      const m = starts[g + 1] - from;
      const room = this.costOfKey(f.beta) - (f.cost + f.rest - f.bound[p]);
      probe.call(
        this.ranker,
        f.items.subarray(from, from + m),
        this.partNode(f, p),
        this.width(m, used + 1),
        room,
        look,
      );
      let b = f.bound[p];
      if (look.guess >= 0) {
        f.quickGuess[p] = look.guess;
        b = look.cost;
        f.known[p] = QUICK;
      } else if (look.cost > b) b = look.cost;
      if (!this.raise(f, p, b)) return false;
    }
    return true;
  }

  /** Pass 3: the open parts, in the effort's order, each under the budget the others leave; false: cut. */
  private searchParts(f: Frame<S>): boolean {
    const order = f.order;
    let open = 0;
    for (let p = 0; p < f.parts; p++) if (f.known[p] === OPEN) order[open++] = p;
    this.sortParts(f, order, open, this.effort.groupOrder === 'smallest-first');
    const cutoffs = this.effort.cutoffs;
    const level = this.tieBreak ? 1 : 0;
    const beta = f.beta;
    for (let i = 0; i < open; i++) {
      const p = order[i];
      f.rest -= f.bound[p];
      // The part's key must leave room for the others' costs (and, with depth, for this level).
      const childBeta = cutoffs && beta !== Infinity ? beta - (f.cost + f.rest) * this.slots - level : Infinity;
      const v = this.solve(this.partSet(f, p), this.partNode(f, p), childBeta);
      if (!v) return false;
      f.solved[p] = v;
      f.cost += v.cost;
      if (this.cut(f)) return false;
    }
    return true;
  }

  /** The parts whose optimal guess the quick look found: their plans, now that they are needed. */
  private planQuickParts(f: Frame<S>): void {
    const starts = f.starts;
    for (let p = 0; p < f.parts; p++) {
      if (f.known[p] !== QUICK) continue;
      const g = f.group[p];
      const part = f.items.subarray(starts[g], starts[g + 1]);
      const v = this.evaluate(f.quickGuess[p], part, this.partNode(f, p), Infinity);
      if (!v || v.cost !== f.bound[p]) throw new Error('search: a quick look promised a cost its guess does not give');
      f.solved[p] = v;
    }
  }

  /** The guess's plan from its solved parts, or null when its key still reaches the budget. */
  private assemble(f: Frame<S>): Solved | null {
    const parts = f.parts;
    const cost = f.cost;
    const partCodes = parts ? new Uint32Array(parts) : EMPTY_CODES;
    for (let p = 0; p < parts; p++) partCodes[p] = f.codes[f.group[p]];
    const result: Solved = joinPlan(f.guess, cost, partCodes, f.solved, parts);
    // Each part met its own budget, but an early deep part can still leave the whole at it.
    return this.keyOf(result) < f.beta ? result : null;
  }
}
