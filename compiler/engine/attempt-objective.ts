/**
 * The objective of games scored by the attempt on which each secret is found (Lingo's score,
 * Wordle's and Mastermind's total guesses): a secret found on attempt a costs `costAt(a)`, one
 * not found within the attempts costs `unsolved`. A node's cost counts what its secrets still
 * pay: each pays costAt(used + 1) − costAt(used) for the guess made there, so a plan's cost is
 * the sum of its nodes' group costs and, without an attempt cap, does not depend on the depth.
 *
 * Size bounds: with `branches` = Infinity, one secret found on the next attempt and every other
 * on the one after (Lingo's and Wordle's one-step bound); with a finite number of replies a
 * node can have besides the winning one, the best case of a tree of that many branches finding
 * one secret per node (Mastermind; uncapped or capped with no unsolved secret allowed).
 */
import { leafPlan } from './plan.js';
import type { Objective, Solved } from './types.js';

export interface AttemptCosts {
  /** Attempts a secret may take (Infinity: no cap). */
  readonly attempts: number;
  /** costs[a]: the cost of a secret found on attempt a, a = 1..attempts (capped games). */
  readonly costs?: readonly number[] | undefined;
  /** Uncapped games: every attempt costs this much. */
  readonly perAttempt?: number | undefined;
  /** A secret not found within the attempts (Infinity: not allowed). */
  readonly unsolved: number;
  /** Replies a node can have besides the winning one, for the size bound (Infinity: the one-step bound). */
  readonly branches: number;
  readonly depthTieBreak: boolean;
  /** Secrets the game has (the size bound's table). */
  readonly secretCount: number;
}

/**
 * Most secrets a tree of `depthLeft` levels can hold with `branches` replies a node besides the
 * winning one: 1 + K + K² + ... (the engine's one capacity bound: size bounds, the code ranker,
 * the least worst case). Infinity once past 1e12, far above any set's size, so every sum
 * returned is an exact integer.
 */
export function treeCapacity(depthLeft: number, branches: number): number {
  let cap = 0;
  let level = 1;
  for (let d = 0; d < depthLeft; d++) {
    cap += level;
    level *= branches;
    if (cap > 1e12) return Infinity;
  }
  return cap;
}

/**
 * lowerBySize[m]: the least total depth of m secrets in a tree with at most `branches` replies a
 * node besides the winning one, finding at most one secret per node.
 */
export function sizeLowerBounds(maxSize: number, branches: number): Float64Array {
  const lb = new Float64Array(maxSize + 1);
  let level = 1;
  let capacity = 1;
  let placed = 0;
  let total = 0;
  for (let m = 1; m <= maxSize; m++) {
    if (placed === capacity) {
      level++;
      capacity *= branches;
      placed = 0;
    }
    placed++;
    total += level;
    lb[m] = total;
  }
  return lb;
}

export class AttemptObjective<S> implements Objective<S> {
  readonly depthTieBreak: boolean;
  readonly attempts: number;
  readonly unsolved: number;
  readonly branches: number;
  private readonly costs: readonly number[] | null;
  private readonly perAttempt: number;
  /** Finite branches: the size bound in attempts (times perAttempt). */
  private readonly lbBySize: Float64Array | null;
  private readonly guessOfSecret: (secret: number) => number;

  constructor(spec: AttemptCosts, guessOfSecret: (secret: number) => number) {
    this.depthTieBreak = spec.depthTieBreak;
    this.attempts = spec.attempts;
    this.unsolved = spec.unsolved;
    this.branches = spec.branches;
    this.costs = spec.costs ?? null;
    this.perAttempt = spec.perAttempt ?? 1;
    this.guessOfSecret = guessOfSecret;
    if (Number.isFinite(spec.branches)) {
      if (this.costs) throw new Error('AttemptObjective: a finite branching bound needs linear costs (perAttempt)');
      if (Number.isFinite(spec.attempts) && spec.unsolved !== Infinity)
        throw new Error('AttemptObjective: a capped tree bound needs every secret found');
      this.lbBySize = sizeLowerBounds(spec.secretCount, spec.branches);
    } else {
      this.lbBySize = null;
      if (Number.isFinite(spec.attempts) && (!this.costs || this.costs.length !== spec.attempts + 1))
        throw new Error('AttemptObjective: a capped game needs costs[0..attempts]');
    }
  }

  /** The size bound by set size, in attempts (finite branches only). */
  sizeTable(): Float64Array {
    if (!this.lbBySize) throw new Error('AttemptObjective: no size table without a finite branching bound');
    return this.lbBySize;
  }

  /** What a secret found on attempt a has paid in all (a = 0: nothing yet). */
  costAt(a: number): number {
    if (a <= 0) return 0;
    if (a > this.attempts) return this.unsolved;
    return this.costs ? this.costs[a] : a * this.perAttempt;
  }

  depthTag(used: number): number {
    return Number.isFinite(this.attempts) ? this.attempts - used : 0;
  }

  groupCost(_code: number, m: number, used: number): number {
    return m * (this.costAt(used + 1) - this.costAt(used));
  }

  sizeBound(m: number, used: number): number {
    if (m <= 0) return 0;
    const left = this.attempts - used;
    const paid = this.costAt(used);
    if (left <= 0) return m * (this.unsolved - paid);
    const lb = this.lbBySize;
    if (lb) {
      if (Number.isFinite(left) && m > treeCapacity(left, this.branches)) return Infinity;
      return lb[m] * this.perAttempt;
    }
    const first = this.costAt(used + 1) - paid;
    if (m === 1) return first;
    if (left === 1) return first + (m - 1) * (this.unsolved - paid);
    return first + (m - 1) * (this.costAt(used + 2) - paid);
  }

  terminal(set: Uint32Array, used: number): Solved | null {
    const n = set.length;
    const left = this.attempts - used;
    const paid = this.costAt(used);
    if (left <= 0) return { cost: n * (this.unsolved - paid), depth: 1, plan: leafPlan(this.guessOfSecret(set[0]), 0) };
    if (n === 1 || left === 1) {
      // One secret: guess it. The last try: guess the first candidate, the rest stay unsolved.
      const cost = this.costAt(used + 1) - paid + (n > 1 ? (n - 1) * (this.unsolved - paid) : 0);
      return { cost, depth: 1, plan: leafPlan(this.guessOfSecret(set[0]), cost) };
    }
    return null;
  }

  /** Tries left, for the exact tail: capped, per-attempt costs, a finite cost for a secret never found. */
  triesLeft(used: number): number {
    if (this.lbBySize || !Number.isFinite(this.attempts) || !Number.isFinite(this.unsolved)) return -1;
    return this.attempts - used;
  }

  leastDepth(n: number): number {
    if (n <= 1) return 1;
    if (!Number.isFinite(this.branches)) return 2;
    let d = 1;
    while (treeCapacity(d, this.branches) < n) d++;
    return d;
  }
}
