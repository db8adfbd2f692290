/**
 * The tree of a least-worst-case proof, written once for the two solvers that prove one: the
 * engine's (`least-worst-case.ts`, sets as sorted lists) and match-count's prover
 * (`games/matchcount/prover.ts`, sets as bitsets of its import-free core). Each reads its sets
 * through `ProofParts`: a split function, its pool, its checks and the guess its proof plays.
 *
 *   proofPlan  the proof's own tree: at each set, the guess the proof found within the depth;
 *   rebuild    a tree within the proven depth for a small total: at each set, the guesses ranked
 *              by the estimated totals of their groups (`estimate`), the first `widths[used]`
 *              whose groups are all proven within the guesses left (each check with a budget of
 *              `checkNodes` sets, and `left` in all), compared by their subtrees' totals; ties go
 *              to the better rank. No feasible guess: the proof's tree.
 *
 * A plan's cost is its total: the guesses its secrets take, counted from its root.
 */
import { type CostedPlan, joinPlan, leafPlan } from './plan.js';
import { TopK } from './top-k.js';

/** Estimated total of a group of m secrets (the rebuild's ranking only). */
export function estimate(m: number): number {
  if (m <= 1) return m;
  if (m === 2) return 3;
  return m * (1 + Math.log(m) / Math.log(3));
}

/** What a solver's sets (`T`) at its nodes (`N`) are to the tree. */
export interface ProofParts<T, N> {
  /** Secrets in the set. */
  size(set: T): number;
  /** The guess naming the set's first secret (a leaf's; a pair's first). */
  firstGuess(set: T): number;
  /** Guesses spent before the node. */
  used(node: N): number;
  /** The node after `guess` got reply `code`. */
  after(node: N, guess: number, code: number): N;
  /** The split function: `guess`'s reply groups over `set` but the winning one, replies ascending. */
  split(set: T, guess: number): { readonly codes: ArrayLike<number>; readonly groups: readonly T[] };
  /** The guesses the rebuild ranks at the node, ascending. */
  guesses(node: N): ArrayLike<number>;
  /**
   * The sizes of `guess`'s non-winning groups over `set` into `sizes` (at least the set's size
   * long), in the order the solver sums their estimates; returns how many.
   */
  groupSizes(set: T, guess: number, sizes: Uint32Array): number;
  /** What a guess that cannot win adds to its estimate, at a set of n secrets. */
  missCost(n: number): number;
  /** Every secret of `set` found within d guesses, proven with at most `budget` sets searched (0: from what is known). */
  within(set: T, d: number, node: N, budget: number): boolean;
  /** Sets the solver has searched so far (what checks spend). */
  searched(): number;
  /** The guess the proof plays at a set it proved within d. */
  proofGuess(set: T, d: number, node: N): number;
}

export interface TreeLimits {
  /** Guesses compared by their whole subtrees, by guesses used (past the end: 1). */
  readonly widths: readonly number[];
  /** Sets one check may search. */
  readonly checkNodes: number;
}

export class WorstCaseTree<T, N> {
  /** Sets the rebuild's checks may still search in all. */
  left = Infinity;
  private readonly top = new TopK();
  private sizes = new Uint32Array(16);

  constructor(
    private readonly parts: ProofParts<T, N>,
    private readonly limits: TreeLimits,
  ) {}

  /** A set of one secret: its guess. */
  leaf(guess: number): CostedPlan {
    return { cost: 1, depth: 1, plan: leafPlan(guess, 1) };
  }

  /** `guess` at `set`, each non-winning group's plan built by `child`. */
  assemble(set: T, guess: number, node: N, child: (group: T, at: N) => CostedPlan): CostedPlan {
    const p = this.parts;
    const { codes, groups } = p.split(set, guess);
    const k = groups.length;
    const built = new Array<CostedPlan>(k);
    let cost = p.size(set);
    for (let i = 0; i < k; i++) {
      const b = child(groups[i], p.after(node, guess, codes[i]));
      built[i] = b;
      cost += b.cost;
    }
    return joinPlan(guess, cost, Uint32Array.from(codes), built);
  }

  /** Within d (a check of at most `budget` sets, and what is left in all); what it searched is spent. */
  check(set: T, d: number, node: N, budget: number): boolean {
    const p = this.parts;
    const before = p.searched();
    const ok = p.within(set, d, node, Math.max(0, Math.min(budget, this.left)));
    this.left -= p.searched() - before;
    return ok;
  }

  /** The tree the proof found for `set` within d. */
  proofPlan(set: T, d: number, node: N): CostedPlan {
    const p = this.parts;
    if (p.size(set) === 1) return this.leaf(p.firstGuess(set));
    const guess = p.proofGuess(set, d, node);
    return this.assemble(set, guess, node, (grp, at) => this.proofPlan(grp, d - 1, at));
  }

  /** A tree of `set` within d for a small total (see the file's comment). */
  rebuild(set: T, d: number, node: N): CostedPlan {
    const p = this.parts;
    const n = p.size(set);
    if (n === 1) return this.leaf(p.firstGuess(set));
    if (n === 2) return this.assemble(set, p.firstGuess(set), node, (grp) => this.leaf(p.firstGuess(grp)));
    const width = Math.max(1, this.limits.widths[p.used(node)] ?? 1);
    const ranked = this.rank(set, n, node);
    const feasible: number[] = [];
    for (let i = 0; i < ranked.length && feasible.length < width; i++) {
      const g = ranked.guess[i];
      if (this.groupsWithin(set, g, d - 1, node)) feasible.push(g);
    }
    if (feasible.length === 0) return this.proofPlan(set, d, node);
    let best: CostedPlan | null = null;
    for (const g of feasible) {
      const b = this.assemble(set, g, node, (grp, at) => this.rebuild(grp, d - 1, at));
      if (best === null || b.cost < best.cost) best = b;
    }
    return best as CostedPlan;
  }

  /**
   * Every guess that tells something, by its groups' estimates summed (from the miss cost for a
   * guess that cannot win), a guess that can win first on ties, then in pool order.
   */
  private rank(set: T, n: number, node: N): { readonly length: number; readonly guess: Uint32Array } {
    const p = this.parts;
    if (this.sizes.length < n) this.sizes = new Uint32Array(Math.max(n, 2 * this.sizes.length));
    const sizes = this.sizes;
    const pool = p.guesses(node);
    const top = this.top;
    top.reset(Infinity);
    for (let j = 0; j < pool.length; j++) {
      const g = pool[j];
      const k = p.groupSizes(set, g, sizes);
      let rest = 0;
      for (let i = 0; i < k; i++) rest += sizes[i];
      const hit = rest < n;
      if (!hit && k <= 1) continue; // tells nothing
      let est = hit ? 0 : p.missCost(n);
      for (let i = 0; i < k; i++) est += estimate(sizes[i]);
      top.push(g, j, 0, est, hit ? 0 : 1);
    }
    return top.result();
  }

  /** Every group of `guess` over `set` proven within d, largest first (the likeliest to fail). */
  private groupsWithin(set: T, guess: number, d: number, node: N): boolean {
    const p = this.parts;
    const { codes, groups } = p.split(set, guess);
    const size = groups.map((grp) => p.size(grp));
    const order = groups.map((_, i) => i).sort((a, b) => size[b] - size[a] || a - b);
    for (const i of order)
      if (!this.check(groups[i], d, p.after(node, guess, codes[i]), this.limits.checkNodes)) return false;
    return true;
  }
}
