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
import { EMPTY_CODES, type Plan } from './plan.js';
import { Partitioner, type Split } from './partition.js';
import { SetMemo } from './set-memo.js';
import { NodeBudgetExceeded, type Effort, type Moves, type Objective, type Ranker, type Ranking, type SearchGame, type SearchNode, type Solved } from './types.js';

/** Keys pack (cost, depth) as cost·DEPTH_SLOTS + depth when depth breaks ties; depths stay below it. */
export const DEPTH_SLOTS = 64;

export interface EngineParts<S> {
  readonly game: SearchGame;
  readonly objective: Objective<S>;
  readonly moves: Moves<S>;
  readonly ranker: Ranker<S>;
  readonly effort: Effort;
}

interface MemoEntry {
  /** The result when solved; null when only a bound is known. */
  readonly solved: Solved | null;
  /** The set's key is at least this (Infinity when solved). */
  readonly atLeast: number;
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
  private readonly memo: SetMemo<MemoEntry>;
  private readonly tieBreak: boolean;
  private readonly slots: number;
  private pilotEngine: SearchEngine<S> | null = null;

  constructor(parts: EngineParts<S>) {
    this.game = parts.game;
    this.objective = parts.objective;
    this.moves = parts.moves;
    this.ranker = parts.ranker;
    this.effort = parts.effort;
    this.partitioner = new Partitioner(parts.game);
    this.memo = new SetMemo<MemoEntry>(parts.effort.memoMaxEntries);
    this.tieBreak = parts.objective.depthTieBreak;
    this.slots = this.tieBreak ? DEPTH_SLOTS : 1;
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

  private memoTag(node: SearchNode<S>): string {
    const d = this.objective.depthTag(node.used);
    const k = this.moves.key(node.state);
    return d === 0 ? k : `${d}|${k}`;
  }

  /** The best plan for `set` at `node`, or null when its key is not below `beta`. */
  solve(set: Uint32Array, node: SearchNode<S>, beta = Infinity): Solved | null {
    const n = set.length;
    const obj = this.objective;
    const t = obj.terminal(set, node.used, node.state);
    if (t) return this.keyOf(t) < beta ? t : null;
    if (this.keyBound(obj.sizeBound(n, node.used, node.state), n, node.used) >= beta) return null;
    const memoized = n <= this.effort.memoMaxSet;
    let tag = '';
    let hit: MemoEntry | undefined;
    if (memoized) {
      tag = this.memoTag(node);
      hit = this.memo.get(set, tag);
      if (hit) {
        if (hit.solved) return this.keyOf(hit.solved) < beta ? hit.solved : null;
        if (hit.atLeast >= beta) return null;
      }
    }
    const budget = this.effort.nodeBudget ?? 0;
    if (++this.nodes > budget && budget > 0) throw new NodeBudgetExceeded(budget);
    if ((this.nodes & 4095) === 0 && this.progress) Atomics.add(this.progress, 0, 4096);
    const result = this.search(set, node, beta);
    if (memoized) {
      if (result) this.memo.set(set, tag, { solved: result, atLeast: Infinity });
      else this.memo.set(set, tag, { solved: null, atLeast: Math.max(beta, hit ? hit.atLeast : -Infinity) });
    }
    return result;
  }

  private search(set: Uint32Array, node: SearchNode<S>, beta: number): Solved | null {
    const n = set.length;
    const used = node.used;
    const width = this.width(n, used);
    const pilot = this.effort.pilot;
    const piloted = pilot !== undefined && width !== Infinity && n > pilot.above;
    // Comparing every guess: those whose bound cannot get under the budget need not be ranked.
    const boundLimit = width === Infinity && !piloted && beta !== Infinity ? (this.tieBreak ? (beta - this.objective.leastDepth(n, used)) / DEPTH_SLOTS : beta) : Infinity;
    const ranking = this.ranker.rank(set, node, piloted ? pilot.width : width, undefined, undefined, boundLimit);
    if (ranking.optimal) return this.evaluate(ranking.optimal.guess, set, node, beta);
    if (this.keyBound(ranking.setBound, n, used) >= beta) return null;
    if (piloted) return this.piloted(ranking, set, node, beta);
    let best: Solved | null = null;
    let bestKey = beta;
    // No plan beats the set's bound: once it is reached the rest can only tie.
    const floor = this.keyBound(ranking.setBound, n, used);
    const top = ranking.top;
    for (let i = 0; i < top.length; i++) {
      if (this.keyBound(top.bound[i] as number, n, used) >= bestKey) continue;
      const v = this.evaluate(top.guess[i] as number, set, node, bestKey);
      // Each guess is searched under the best key so far, so only a smaller key comes back:
      // among equal keys the first in rank order stays.
      if (v && this.keyOf(v) < bestKey) {
        best = v;
        bestKey = this.keyOf(v);
        if (bestKey <= floor) break;
      }
    }
    if (!best && beta === Infinity && width !== Infinity && ranking.top.length >= width) {
      // Under a depth cap the best-ranked guesses may all run out of guesses: with no budget
      // to blame, go on down the ranking until one fits.
      const all = this.ranker.rank(set, node, Infinity).top;
      for (let i = ranking.top.length; i < all.length; i++) {
        const v = this.evaluate(all.guess[i] as number, set, node, Infinity);
        if (v) return v;
      }
    }
    return best;
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
      if ((top.bound[t] as number) >= worstKept) continue;
      const guess = top.guess[t] as number;
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
    let best: Solved | null = null;
    let bestKey = beta;
    for (const { guess, cost } of kept) {
      if (cost > within) break;
      const v = this.evaluate(guess, set, node, bestKey);
      if (v && this.keyOf(v) < bestKey) {
        best = v;
        bestKey = this.keyOf(v);
      }
    }
    return best;
  }

  /** The plan of playing `guess` at `set`, or null when its key cannot get below `beta`. */
  evaluate(guess: number, set: Uint32Array, node: SearchNode<S>, beta = Infinity): Solved | null {
    const n = set.length;
    const used = node.used;
    const obj = this.objective;
    const sp: Split = this.partitioner.split(guess, set);
    const solved = this.game.solvedCode;
    const groups = sp.codes.length;
    let cost = 0;
    let parts = 0;
    for (let g = 0; g < groups; g++) {
      const code = sp.codes[g] as number;
      cost += obj.groupCost(code, (sp.starts[g + 1] as number) - (sp.starts[g] as number), used, node.state);
      if (code !== solved) parts++;
    }
    // The parts (non-solved groups) in reply order, with their nodes and size bounds.
    const partSets = new Array<Uint32Array>(parts);
    const partNodes = new Array<SearchNode<S>>(parts);
    const partCodes = new Uint32Array(parts);
    const bounds = new Float64Array(parts);
    let rest = 0;
    let p = 0;
    for (let g = 0; g < groups; g++) {
      const code = sp.codes[g] as number;
      if (code === solved) continue;
      const s = sp.items.subarray(sp.starts[g] as number, sp.starts[g + 1] as number);
      const child: SearchNode<S> = { used: used + 1, state: this.moves.after(node.state, guess, code) };
      partSets[p] = s;
      partNodes[p] = child;
      partCodes[p] = code;
      const b = obj.sizeBound(s.length, used + 1, child.state);
      bounds[p] = b;
      rest += b;
      p++;
    }
    if (this.keyBound(cost + rest, n, used) >= beta) return null;
    const refine = this.ranker.refineBound;
    if (refine) {
      // Sharper bounds of the parts themselves, before any of them is searched.
      for (let i = 0; i < parts; i++) {
        const b = refine.call(this.ranker, partSets[i] as Uint32Array, partNodes[i] as SearchNode<S>, bounds[i] as number);
        rest += b - (bounds[i] as number);
        bounds[i] = b;
        if (this.keyBound(cost + rest, n, used) >= beta) return null;
      }
    }
    const order = new Array<number>(parts);
    for (let i = 0; i < parts; i++) order[i] = i;
    if (this.effort.groupOrder === 'largest-first') order.sort((a, b) => (partSets[b] as Uint32Array).length - (partSets[a] as Uint32Array).length || a - b);
    else order.sort((a, b) => (partSets[a] as Uint32Array).length - (partSets[b] as Uint32Array).length || a - b);
    const children = new Array<Plan>(parts);
    let depth = 1;
    const cutoffs = this.effort.cutoffs;
    const level = this.tieBreak ? 1 : 0;
    for (const i of order) {
      rest -= bounds[i] as number;
      // The part's key must leave room for the others' costs (and, with depth, for this level).
      const childBeta = cutoffs && beta !== Infinity ? beta - (cost + rest) * this.slots - level : Infinity;
      const v = this.solve(partSets[i] as Uint32Array, partNodes[i] as SearchNode<S>, childBeta);
      if (!v) return null;
      children[i] = v.plan;
      cost += v.cost;
      if (v.depth + 1 > depth) depth = v.depth + 1;
      if (this.keyBound(cost + rest, n, used) >= beta) return null;
    }
    const result: Solved = { cost, depth, plan: { value: cost, guess, codes: parts ? partCodes : EMPTY_CODES, children } };
    // Each part met its own budget, but an early deep part can still leave the whole at it.
    return this.keyOf(result) < beta ? result : null;
  }
}
