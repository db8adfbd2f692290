/**
 * The exact search as a plan of subproblems: what `SearchEngine.solve` does at a set, laid out
 * so that its pieces can run anywhere (compiler/pool/exact.ts runs them in the pool) and every
 * settled piece is a fact that outlives the run. Pure: no tasks, files or clocks here.
 *
 * A node is a set at a search node (the root, a reply group of a guess, deeper). A node is
 * solved whole (one task: `solve` under its budget) or split: its guesses in rank order, each
 * under the budget the best so far leaves (one more for a guess ranked before the best, so that
 * among equal keys the earlier wins). A guess at a split node is evaluated whole (one task:
 * `evaluate` under its budget) or played out into its reply groups ("parts"), each a node under
 * the budget the guess's budget and the other parts' proven bounds leave. The root is always
 * split (its guesses are what a proof lists); below it a node of more than `splitAbove` codes
 * is; a guess is played out when it has no budget (every part is then needed exactly) or a part
 * is larger than `splitAbove`.
 *
 * What is known of a node or guess is an interval of keys [lo, upper]: lo proven (a task that
 * found no plan under its budget proves at least the budget), upper the key of a known plan (a
 * tree given beforehand, a fact read back without its tree, or its exact result). A known upper
 * bounds the budget (one more than it finds the optimum there). The tree is exact at a split
 * node once its best guess (the earliest of least key) has its tree and every other guess is
 * proven at least that key (one more before it): the first guess of least key in rank order,
 * with its parts' exact trees, which is what `solve` returns, whatever the order of the work.
 *
 * Facts (`ExactFact`) name a node or a guess by its path: the guesses and replies from the root
 * (`/g:c` a step, `#g` a guess at the node). Given back to a new plan they settle what they say,
 * so a run resumes where another stopped, and `derive` lays out every node and guess they name
 * and works out the bounds they prove without any search (a certificate's check).
 */
import type { TreeArrays } from '../../runtime/tree-format.js';
import { flattenPlan, graftTrees } from './plan.js';
import { DEPTH_SLOTS, type SearchEngine } from './search.js';
import type { SearchNode } from './types.js';

/** A set's (or guess's) exact result with its tree. */
export interface ExactSolved {
  readonly cost: number;
  readonly depth: number;
  readonly tree: TreeArrays;
}

/** One settled subproblem: its exact cost and depth (with the tree when kept), the least key proven, or that a guess was played out. */
export interface ExactFact {
  readonly path: string;
  readonly cost?: number | undefined;
  readonly depth?: number | undefined;
  readonly tree?: TreeArrays | undefined;
  readonly atLeast?: number | undefined;
  readonly playedOut?: boolean | undefined;
}

export interface ExactPlanSpec {
  /** Nodes below the root with more codes than this are split (else solved whole). */
  readonly splitAbove: number;
  /** A tree of the game known beforehand: its subtrees' keys bound the nodes it reaches. */
  readonly known?: TreeArrays | undefined;
}

/** A set to solve at a search node. */
export interface XNode<S> {
  readonly path: string;
  readonly set: Uint32Array;
  readonly node: SearchNode<S>;
  /** The guess whose reply group it is (null at the root). */
  readonly owner: XGuess<S> | null;
  lo: number;
  upper: number;
  exact: ExactSolved | null;
  /** Its node in the known tree (-1: none). */
  readonly knownAt: number;
  /** Split: its guesses in rank order (null: not split). */
  guesses: XGuess<S>[] | null;
  /** The least key of any plan by the ranking's bound (once split; -Infinity when the ranking is not complete). */
  floor: number;
  /** The best guess with its tree: least key, ties to the earlier ranked. */
  best: XGuess<S> | null;
  /** Solved whole: a task of it is out. */
  active: number;
}

/** A guess at a split node. */
export interface XGuess<S> {
  readonly at: XNode<S>;
  readonly rank: number;
  readonly guess: number;
  /** The node with the ranking's group count, as the engine evaluates guesses there. */
  readonly node: SearchNode<S>;
  /** Its least key by the ranking's bound alone (no fact, no search): the same in every run. */
  readonly ranked: number;
  lo: number;
  upper: number;
  exact: ExactSolved | null;
  /** Evaluated whole, or played out; open until first reached. */
  mode: 'open' | 'whole' | 'parts';
  /** Played out: its own group costs, its non-solved replies (ascending), their parts, and the order they are searched in. */
  parts: XNode<S>[] | null;
  ownCost: number;
  codes: Uint32Array | null;
  order: XNode<S>[] | null;
  /** Evaluated whole: a task of it is out. */
  active: number;
}

/** A task the plan wants: a node solved whole, or a guess evaluated whole, under a budget. */
export type ExactLaunch<S> =
  | { readonly x: XNode<S>; readonly beta: number }
  | { readonly g: XGuess<S>; readonly beta: number };

/** A guess's path: its node's and the guess. */
export function guessPath<S>(g: XGuess<S>): string {
  return `${g.at.path}#${g.guess}`;
}

export class ExactPlan<S> {
  readonly root: XNode<S>;
  private readonly slots: number;
  private readonly level: number;

  /**
   * `facts`: what earlier runs settled, by path (read as nodes and guesses are laid out);
   * `onFact`: each new fact (a task's result, a guess played out).
   */
  constructor(
    readonly engine: SearchEngine<S>,
    all: Uint32Array,
    root: SearchNode<S>,
    readonly spec: ExactPlanSpec,
    private readonly facts: ReadonlyMap<string, ExactFact> = new Map(),
    private readonly onFact: (fact: ExactFact, fromFacts: boolean) => void = () => {},
  ) {
    const tie = engine.objective.depthTieBreak;
    this.slots = tie ? DEPTH_SLOTS : 1;
    this.level = tie ? 1 : 0;
    this.root = this.makeNode('', all, root, null, spec.known ? 0 : -1);
    if (!this.root.exact) this.split(this.root);
  }

  // ---- keys ----------------------------------------------------------------------------------

  /** The least cost of a plan whose key is at least `key`. */
  costOfKey(key: number): number {
    if (!Number.isFinite(key)) return key;
    return this.slots === 1 ? key : Math.ceil((key - (DEPTH_SLOTS - 1)) / DEPTH_SLOTS);
  }

  /** The cost and depth of a plan's key. */
  private partsOfKey(key: number): { cost: number; depth: number } {
    if (this.slots === 1) return { cost: key, depth: 0 };
    const cost = Math.floor(key / DEPTH_SLOTS);
    return { cost, depth: key - cost * DEPTH_SLOTS };
  }

  private keyOf(v: { readonly cost: number; readonly depth: number }): number {
    return this.engine.keyOf(v);
  }

  // ---- laying out ------------------------------------------------------------------------------

  /** A set at a node, with what the objective, the known tree and the facts say of it. */
  private makeNode(
    path: string,
    set: Uint32Array,
    node: SearchNode<S>,
    owner: XGuess<S> | null,
    knownAt: number,
  ): XNode<S> {
    const engine = this.engine;
    const obj = engine.objective;
    const n = set.length;
    const x: XNode<S> = {
      path,
      set,
      node,
      owner,
      lo: engine.keyBound(obj.sizeBound(n, node.used, node.state), n, node.used),
      upper: Infinity,
      exact: null,
      knownAt,
      guesses: null,
      floor: -Infinity,
      best: null,
      active: 0,
    };
    const t = obj.terminal(set, node.used, node.state);
    if (t) {
      x.exact = { cost: t.cost, depth: t.depth, tree: flattenPlan(t.plan) };
      x.lo = x.upper = this.keyOf(t);
      return x;
    }
    const refine = engine.ranker.refineBound;
    if (refine) {
      const b = refine.call(engine.ranker, set, node, obj.sizeBound(n, node.used, node.state));
      x.lo = Math.max(x.lo, engine.keyBound(b, n, node.used));
    }
    if (knownAt >= 0 && this.spec.known) {
      const k = this.knownCost(this.spec.known, knownAt, set, node.used, node.state);
      if (k) x.upper = this.keyOf(k);
    }
    const f = this.facts.get(path);
    if (f) this.applyFact(x, f);
    return x;
  }

  /** A fact's bounds (and tree) on a node or guess; whether it said anything. */
  private applyFact(t: XNode<S> | XGuess<S>, f: ExactFact): boolean {
    if (typeof f.cost === 'number' && typeof f.depth === 'number') {
      const key = this.keyOf({ cost: f.cost, depth: f.depth });
      t.lo = Math.max(t.lo, key);
      t.upper = Math.min(t.upper, key);
      if (f.tree) t.exact = { cost: f.cost, depth: f.depth, tree: f.tree };
      this.onFact(f, true);
      return true;
    }
    if (typeof f.atLeast === 'number') {
      t.lo = Math.max(t.lo, f.atLeast);
      this.onFact(f, true);
      return true;
    }
    return false;
  }

  /** The cost and depth of the known tree's node `t` over `set` (null: it leaves a code unfound). */
  private knownCost(
    tree: TreeArrays,
    t: number,
    set: Uint32Array,
    used: number,
    state: S,
  ): { cost: number; depth: number } | null {
    const { partitioner, objective, moves, game } = this.engine;
    const guess = tree.guess[t];
    const sp = partitioner.split(guess, set);
    let cost = 0;
    let depth = 1;
    for (let k = 0; k < sp.codes.length; k++) {
      const code = sp.codes[k];
      const m = sp.starts[k + 1] - sp.starts[k];
      cost += objective.groupCost(code, m, used, state);
      if (code === game.solvedCode) continue;
      const child = knownChild(tree, t, code);
      if (child < 0) return null;
      const r = this.knownCost(
        tree,
        child,
        sp.items.subarray(sp.starts[k], sp.starts[k + 1]),
        used + 1,
        moves.after(state, guess, code),
      );
      if (!r) return null;
      cost += r.cost;
      if (r.depth + 1 > depth) depth = r.depth + 1;
    }
    return { cost, depth };
  }

  /** Split a node: its guesses in rank order, each with its bound and what the facts say of it. */
  split(x: XNode<S>): void {
    const engine = this.engine;
    const n = x.set.length;
    const ranking = engine.ranker.rank(x.set, x.node, Infinity);
    const used = x.node.used;
    const node: SearchNode<S> =
      ranking.branches !== undefined && ranking.branches !== x.node.branches
        ? { used, state: x.node.state, branches: ranking.branches }
        : x.node;
    x.floor = ranking.complete ? engine.keyBound(ranking.setBound, n, used) : -Infinity;
    const guesses: XGuess<S>[] = [];
    const add = (guess: number, bound: number): void => {
      const ranked = Math.max(engine.keyBound(bound, n, used), x.floor);
      const g: XGuess<S> = {
        at: x,
        rank: guesses.length,
        guess,
        node,
        ranked,
        lo: ranked,
        upper: Infinity,
        exact: null,
        mode: 'open',
        parts: null,
        ownCost: 0,
        codes: null,
        order: null,
        active: 0,
      };
      const f = this.facts.get(guessPath(g));
      if (f) {
        if (f.playedOut === true) g.mode = 'parts';
        this.applyFact(g, f);
      }
      guesses.push(g);
    };
    if (ranking.optimal) add(ranking.optimal.guess, ranking.optimal.bound);
    else for (let i = 0; i < ranking.top.length; i++) add(ranking.top.guess[i], ranking.top.bound[i]);
    x.guesses = guesses;
    this.refreshFrom(x);
  }

  /** Play a guess out into its reply groups. */
  playOut(g: XGuess<S>): void {
    const engine = this.engine;
    const { objective, moves, game } = engine;
    const x = g.at;
    const used = x.node.used;
    const sp = engine.partitioner.split(g.guess, x.set);
    const known = this.spec.known;
    const followKnown = known !== undefined && x.knownAt >= 0 && known.guess[x.knownAt] === g.guess;
    let own = 0;
    const codes: number[] = [];
    const parts: XNode<S>[] = [];
    for (let k = 0; k < sp.codes.length; k++) {
      const code = sp.codes[k];
      const m = sp.starts[k + 1] - sp.starts[k];
      own += objective.groupCost(code, m, used, x.node.state);
      if (code === game.solvedCode) continue;
      const state = moves.after(x.node.state, g.guess, code);
      const node: SearchNode<S> =
        g.node.branches === undefined
          ? { used: used + 1, state }
          : { used: used + 1, state, branches: g.node.branches };
      const knownAt = followKnown && known ? knownChild(known, x.knownAt, code) : -1;
      const set = sp.items.slice(sp.starts[k], sp.starts[k + 1]);
      parts.push(this.makeNode(`${x.path}/${g.guess}:${code}`, set, node, g, knownAt));
      codes.push(code);
    }
    g.mode = 'parts';
    g.ownCost = own;
    g.codes = Uint32Array.from(codes);
    g.parts = parts;
    const order = [...parts];
    const smallest = engine.effort.groupOrder === 'smallest-first';
    // Stable: ties keep the reply order, as the engine's sort of a split's parts does.
    order.sort((a, b) => (smallest ? a.set.length - b.set.length : b.set.length - a.set.length));
    g.order = order;
    if (!this.facts.get(guessPath(g))?.playedOut) this.onFact({ path: guessPath(g), playedOut: true }, false);
    this.refreshGuess(g);
    this.refreshFrom(x);
  }

  // ---- budgets ---------------------------------------------------------------------------------

  /** The root's budget: one more than a known plan's key. */
  rootBudget(): number {
    return this.root.upper + 1;
  }

  /** A guess's budget at its node, given the node's: the best's key (one more before the best), one more than its own known plan's. */
  guessBudget(g: XGuess<S>, nodeBudget: number): number {
    let b = Math.min(nodeBudget, g.upper + 1);
    const best = g.at.best;
    if (best && best !== g && best.exact) {
      const key = this.keyOf(best.exact);
      b = Math.min(b, g.rank < best.rank ? key + 1 : key);
    }
    return b;
  }

  /** A part's budget: what its guess's budget leaves after the guess's own costs and the other parts' bounds. */
  partBudget(p: XNode<S>, guessBudget: number): number {
    const g = p.owner as XGuess<S>;
    let others = g.ownCost;
    for (const q of g.parts as XNode<S>[]) if (q !== p) others += this.costOfKey(q.lo);
    return Math.min(this.engine.partBudget(guessBudget, others), p.upper + 1);
  }

  // ---- what is proven, bottom up -----------------------------------------------------------------

  /** A played-out guess's interval (and tree) from its parts'. */
  private refreshGuess(g: XGuess<S>): void {
    if (g.exact || !g.parts) return;
    const parts = g.parts;
    const x = g.at;
    let base = g.ownCost;
    let allTrees = true;
    let upCost = g.ownCost;
    let upDepth = 1;
    for (const p of parts) {
      base += this.costOfKey(p.lo);
      if (!p.exact) allTrees = false;
      const u = this.partsOfKey(p.upper);
      upCost += Number.isFinite(p.upper) ? u.cost : Infinity;
      if (u.depth + 1 > upDepth) upDepth = u.depth + 1;
    }
    if (allTrees) {
      let depth = 1;
      for (const p of parts) if ((p.exact as ExactSolved).depth + 1 > depth) depth = (p.exact as ExactSolved).depth + 1;
      const tree = graftTrees(
        g.guess,
        g.codes as Uint32Array,
        parts.map((p) => (p.exact as ExactSolved).tree),
      );
      g.exact = { cost: base, depth, tree };
      g.lo = g.upper = this.keyOf(g.exact);
      return;
    }
    let lo = Math.max(g.lo, this.engine.keyBound(base, x.set.length, x.node.used));
    for (const p of parts) {
      const b = (base - this.costOfKey(p.lo)) * this.slots + this.level + p.lo;
      if (b > lo) lo = b;
    }
    g.lo = lo;
    if (Number.isFinite(upCost)) g.upper = Math.min(g.upper, this.keyOf({ cost: upCost, depth: upDepth }));
  }

  /** A split node's interval (the least of its guesses'), and its tree once its best guess is settled against the others. */
  private refreshNode(x: XNode<S>): void {
    if (x.exact || !x.guesses) return;
    let best: XGuess<S> | null = null;
    let bestKey = Infinity;
    let least = Infinity;
    let upper = Infinity;
    for (const g of x.guesses) {
      if (g.lo < least) least = g.lo;
      if (g.upper < upper) upper = g.upper;
      if (g.exact) {
        const key = this.keyOf(g.exact);
        if (key < bestKey) {
          best = g;
          bestKey = key;
        }
      }
    }
    x.best = best;
    if (x.floor !== -Infinity && least > x.lo) x.lo = least;
    if (x.floor > x.lo) x.lo = x.floor;
    if (upper < x.upper) x.upper = upper;
    if (!best) return;
    for (const g of x.guesses) {
      if (g === best) continue;
      if (g.lo < (g.rank < best.rank ? bestKey + 1 : bestKey)) return;
    }
    x.exact = best.exact;
    x.lo = x.upper = bestKey;
  }

  /** After a change at `x`: it and its owners up to the root, refreshed. */
  refreshFrom(x: XNode<S>): void {
    let at: XNode<S> = x;
    for (;;) {
      this.refreshNode(at);
      const g = at.owner;
      if (!g) break;
      this.refreshGuess(g);
      at = g.at;
    }
  }

  // ---- results of tasks ----------------------------------------------------------------------------

  /** A node solved whole under `beta`: its result, or (null) the least key proven. */
  solvedNode(x: XNode<S>, v: ExactSolved | null, atLeast: number): void {
    x.active = Math.max(0, x.active - 1);
    let fact: ExactFact;
    if (v) {
      x.exact = v;
      x.lo = x.upper = this.keyOf(v);
      fact = { path: x.path, cost: v.cost, depth: v.depth, tree: v.tree };
    } else {
      x.lo = Math.max(x.lo, atLeast);
      fact = { path: x.path, atLeast: x.lo };
    }
    this.onFact(fact, false);
    this.refreshFrom(x);
  }

  /** A guess evaluated whole under `beta`: its result, or (null) at least `beta`. */
  evaluatedGuess(g: XGuess<S>, v: ExactSolved | null, atLeast: number): void {
    g.active = Math.max(0, g.active - 1);
    let fact: ExactFact;
    if (v) {
      g.exact = v;
      g.lo = g.upper = this.keyOf(v);
      fact = { path: guessPath(g), cost: v.cost, depth: v.depth, tree: v.tree };
    } else {
      g.lo = Math.max(g.lo, atLeast);
      fact = { path: guessPath(g), atLeast: g.lo };
    }
    this.onFact(fact, false);
    this.refreshFrom(g.at);
  }

  // ---- picking work ----------------------------------------------------------------------------------

  /**
   * The next task in the engine's order: guesses in rank order, a played-out guess's parts in
   * the effort's group order. `strict`: a guess with a budget gets one part at a time (the next
   * part's budget depends on this one's result); otherwise any open part may go. Null: nothing
   * to start now.
   */
  pick(strict: boolean): ExactLaunch<S> | null {
    const l = this.walkNode(this.root, this.rootBudget(), strict);
    if (l) {
      if ('x' in l) l.x.active++;
      else l.g.active++;
    }
    return l;
  }

  private walkNode(x: XNode<S>, budget: number, strict: boolean): ExactLaunch<S> | null {
    if (x.exact || x.lo >= budget) return null;
    if (!x.guesses) {
      if (x.set.length <= this.spec.splitAbove) return x.active > 0 ? null : { x, beta: budget };
      this.split(x);
      if (x.exact || x.lo >= budget) return null;
    }
    for (const g of x.guesses as XGuess<S>[]) {
      const gb = this.guessBudget(g, budget);
      if (g.exact || g.lo >= gb) continue;
      const l = this.walkGuess(g, gb, strict);
      if (l) return l;
    }
    return null;
  }

  private walkGuess(g: XGuess<S>, budget: number, strict: boolean): ExactLaunch<S> | null {
    if (g.mode === 'open') g.mode = this.wholeGuess(g, budget) ? 'whole' : 'parts';
    if (g.mode === 'whole') return g.active > 0 ? null : { g, beta: budget };
    if (!g.parts) {
      this.playOut(g);
      if (g.exact || g.lo >= budget) return null;
    }
    for (const p of g.order as XNode<S>[]) {
      const pb = this.partBudget(p, budget);
      if (p.exact || p.lo >= pb) continue;
      const l = this.walkNode(p, pb, strict);
      if (l) return l;
      // Under a budget the parts go in order: the next one's budget waits for this one's result.
      if (strict && budget !== Infinity) return null;
    }
    return null;
  }

  /** Whether a guess is evaluated whole: it has a budget and no part large enough to split. */
  private wholeGuess(g: XGuess<S>, budget: number): boolean {
    if (budget === Infinity) return false;
    const sp = this.engine.partitioner.split(g.guess, g.at.set);
    const solved = this.engine.game.solvedCode;
    for (let k = 0; k < sp.codes.length; k++)
      if (sp.codes[k] !== solved && sp.starts[k + 1] - sp.starts[k] > this.spec.splitAbove) return false;
    return true;
  }

  /** Subproblems not settled in what is laid out so far (guesses and sets that still need a task). */
  openUnits(): number {
    let open = 0;
    const visitNode = (x: XNode<S>, budget: number): void => {
      if (x.exact || x.lo >= budget) return;
      if (!x.guesses) {
        open++;
        return;
      }
      for (const g of x.guesses) {
        const gb = this.guessBudget(g, budget);
        if (g.exact || g.lo >= gb) continue;
        if (!g.parts) {
          open++;
          continue;
        }
        for (const p of g.parts) visitNode(p, this.partBudget(p, gb));
      }
    };
    visitNode(this.root, this.rootBudget());
    return open;
  }

  // ---- facts without search --------------------------------------------------------------------------

  /**
   * Lay out every node and guess the facts name (splitting and playing out as their paths say),
   * so that the bounds they prove reach the root. Throws on a path that is not the game's (a
   * guess the node's ranking does not offer, a reply its guess does not get).
   */
  derive(): void {
    for (const path of [...this.facts.keys()].sort()) this.reach(path);
  }

  /** The node or guess at `path`, laid out. */
  reach(path: string): XNode<S> | XGuess<S> {
    const hash = path.indexOf('#');
    const nodePath = hash < 0 ? path : path.slice(0, hash);
    let x = this.root;
    if (nodePath !== '') {
      if (!nodePath.startsWith('/')) throw new Error(`${path}: not a path`);
      for (const step of nodePath.slice(1).split('/')) {
        const m = /^(\d+):(\d+)$/.exec(step);
        if (!m) throw new Error(`${path}: "${step}" is not a step`);
        const g = this.guessAt(x, Number(m[1]), path);
        if (!g.parts) this.playOut(g);
        const code = Number(m[2]);
        const at = (g.codes as Uint32Array).indexOf(code);
        if (at < 0) throw new Error(`${path}: guess ${m[1]} gets no reply ${code} there`);
        x = (g.parts as XNode<S>[])[at];
      }
    }
    if (hash < 0) return x;
    const guess = path.slice(hash + 1);
    if (!/^\d+$/.test(guess)) throw new Error(`${path}: "${guess}" is not a guess`);
    return this.guessAt(x, Number(guess), path);
  }

  private guessAt(x: XNode<S>, guess: number, path: string): XGuess<S> {
    if (!x.guesses) this.split(x);
    const g = (x.guesses as XGuess<S>[]).find((c) => c.guess === guess);
    if (!g) throw new Error(`${path}: guess ${guess} is not one the search compares there`);
    return g;
  }
}

/** The child of the known tree's node `t` after reply `code`, or -1. */
function knownChild(tree: TreeArrays, t: number, code: number): number {
  for (let e = tree.edgeStart[t]; e < tree.edgeStart[t + 1]; e++)
    if (tree.edgeCode[e] === code) return tree.edgeChild[e];
  return -1;
}
