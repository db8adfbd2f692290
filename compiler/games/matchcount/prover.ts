/**
 * Match-count's worst-case prover: least worst case, proven where it can be, then a small
 * total. Works over the generic Game interface and returns a Plan (so flattenPlan, tree files,
 * verify and export work unchanged).
 *
 *   1. The game becomes a dense reply table for the exact search (prover-core.ts).
 *   2. Lower bound at the root: packings (greedy, several split-off bounds t), capacities.
 *      Packings that give the root's best bound are grown again at every node.
 *   3. Upper bound: the editorial heuristic's tree (smallest largest group, candidates first).
 *   4. Iterative deepening: D = lower bound, +1, ... below the upper bound: each "no" raises
 *      the proven lower bound, the first "yes" is the least worst case. The node budget (and an
 *      optional deadline) can stop it; then D = upper bound - 1, -2, ... looks for better trees
 *      with a second budget (a "no" there proves the tree found optimal after all). The result
 *      says what is proven.
 *   5. The tree is rebuilt top-down for a small total: at each node, among the guesses whose
 *      every reply group is proven solvable within the guesses left, the best few by an
 *      estimate are compared by the totals of their whole subtrees (widths by depth).
 * Deterministic for a given game and settings unless a deadline is set.
 */
import { fail } from '../../../runtime/errors.js';
import type { Game } from '../../game.js';
import { EMPTY_CODES, type Plan } from '../../engine/plan.js';
import { TopK } from '../../engine/top-k.js';
import { NOT_SOLVABLE, UNDECIDED, SOLVABLE, WorstCaseSearch, type Packing, type ReplyTable } from './prover-core.js';

export interface ProverSettings {
  /** Node budget of the proof (iterative deepening on the worst case, upwards from the lower bound). */
  readonly proofNodes: number;
  /** When the proof stops short: node budget for better trees, downwards from the heuristic's worst case. */
  readonly upperNodes: number;
  /** Node budget of the feasibility checks while the tree is rebuilt for a small total. */
  readonly totalNodes: number;
  /** Node budget of one feasibility check. */
  readonly checkNodes: number;
  /** Guesses compared by their whole subtree, by depth (index 0 = the opener); past the end: 1. */
  readonly widths: readonly number[];
  /** Split-off bounds of the packings tried at the root. */
  readonly packings: readonly number[];
  /** Stop proving at this time (Date.now() milliseconds); makes the result depend on speed. */
  readonly deadline?: number | undefined;
}

export const PROVER_DEFAULTS: ProverSettings = {
  proofNodes: 4_000_000,
  upperNodes: 1_000_000,
  totalNodes: 400_000,
  checkNodes: 20_000,
  widths: [4, 2],
  packings: [1, 2, 3, 4, 6, 8],
};

export interface ProverResult {
  readonly plan: Plan;
  /** Deepest find of the plan. */
  readonly worstCase: number;
  /** The best lower bound proven. */
  readonly lowerBound: number;
  readonly proven: boolean;
  /** Guesses over all secrets (each secret counts the guesses up to and including its own). */
  readonly total: number;
  /** Worst case of the editorial heuristic's tree. */
  readonly greedyWorstCase: number;
  readonly nodes: number;
  /** The proof stopped on its node budget or deadline. */
  readonly stopped: boolean;
  /** Wall time of the bounds and the proof (before the rebuild for a small total). */
  readonly proofSeconds: number;
}

/** Largest table the exact search builds (guesses × secrets). */
export const PROVER_MAX_TABLE = 1 << 26;

export function replyTable(game: Game): ReplyTable {
  const G = game.guessCount;
  const N = game.secretCount;
  if (G * N > PROVER_MAX_TABLE) {
    throw fail(
      'limit',
      `${game.id}: ${G} guesses × ${N} secrets is too large for the exact worst-case search (at most ${PROVER_MAX_TABLE} pairs)`,
    );
  }
  const reply = game.codeCount <= 256 ? new Uint8Array(G * N) : new Uint32Array(G * N);
  const secrets = Uint32Array.from({ length: N }, (_, i) => i);
  const row = new Uint32Array(N);
  for (let g = 0; g < G; g++) {
    game.partitionCodes(g, secrets, N, row);
    reply.set(row, g * N);
  }
  return { guesses: G, secrets: N, codes: game.codeCount, solved: game.solvedCode, reply };
}

/**
 * The lower-bound witnesses of a search over every secret `all`: a greedy packing per split-off
 * bound of `packings` (t = 1 also by conflicts, the larger kept); those that give the root's
 * best bound are set to grow at every node. Returns the root's lower bound and those packings.
 * Shared by the prover and the engine's least-worst-case solver (`worst-case-parts.ts`).
 */
export function preparePackings(
  core: WorstCaseSearch,
  all: Uint32Array,
  packings: readonly number[],
): { bound: number; useful: Packing[] } {
  const n = core.size(all);
  const packs: Packing[] = [];
  for (const t of packings) {
    if (t < 1 || t >= n) continue;
    let p = core.findPacking(all, t);
    if (t === 1) {
      const q = core.conflictPacking(all);
      if (core.size(q.bits) > core.size(p.bits)) p = q;
    }
    packs.push(p);
  }
  core.setPackings(packs);
  const lb = core.lowerBound(all);
  const bound = (p: Packing) => {
    const m = core.size(p.bits);
    return m <= 1 ? m : 1 + Math.ceil((m - 1) / p.t);
  };
  // Only the packings that give the root's best bound earn their cost at every node (on
  // random lists the capacities are better and the packings only slow the search down);
  // they are grown back at every node.
  const useful = packs.filter((p) => bound(p) >= lb && bound(p) > 2);
  core.setPackings(
    useful,
    useful.map(() => true),
  );
  return { bound: lb, useful };
}

interface Built {
  plan: Plan;
  total: number;
  depth: number;
}

export class WorstCaseProver {
  readonly game: Game;
  readonly settings: ProverSettings;
  readonly core: WorstCaseSearch;
  private readonly scores: Float64Array;
  private checkBudgetLeft = 0;
  private readonly top = new TopK();

  constructor(game: Game, settings: ProverSettings = PROVER_DEFAULTS) {
    this.game = game;
    this.settings = settings;
    if (game.guessFilter)
      throw fail('usage', `${game.id}: the worst-case search does not support guess rules (hard mode)`);
    const words = Math.ceil(game.secretCount / 32);
    if (game.guessCount * game.codeCount * words > PROVER_MAX_TABLE) {
      throw fail(
        'limit',
        `${game.id}: ${game.guessCount} guesses with ${game.codeCount} replies over ${game.secretCount} secrets is too large for the exact worst-case search`,
      );
    }
    const table = replyTable(game);
    // About 100 MB of memo at most.
    this.core = new WorstCaseSearch(table, words <= 4 ? 1 << 21 : words <= 16 ? 1 << 19 : 1 << 17);
    this.scores = game.objective.scores;
  }

  /** The editorial heuristic's tree: smallest largest group, a candidate on ties. */
  private greedy(set: Uint32Array, used: number): Built {
    const core = this.core;
    const n = core.size(set);
    if (n === 1) return this.leaf(core.members(set)[0] as number, used);
    const g = core.greedyGuess(set);
    return this.assemble(set, g, used, (grp) => this.greedy(grp, used + 1));
  }

  private leaf(secret: number, used: number): Built {
    const g = this.game.guessOfSecret(secret);
    return {
      plan: { value: this.scores[used + 1], guess: g, codes: EMPTY_CODES, children: [] },
      total: used + 1,
      depth: used + 1,
    };
  }

  /** A node guessing g over set, its groups built by `child`. */
  private assemble(set: Uint32Array, g: number, used: number, child: (grp: Uint32Array) => Built): Built {
    const { codes, groups, hit } = this.core.split(set, g);
    let value = hit ? this.scores[used + 1] : 0;
    let total = hit ? used + 1 : 0;
    let depth = hit ? used + 1 : 0;
    const children: Plan[] = [];
    for (const grp of groups) {
      const b = child(grp);
      children.push(b.plan);
      value += b.plan.value;
      total += b.total;
      depth = Math.max(depth, b.depth);
    }
    return {
      plan: { value, guess: g, codes: children.length ? Uint32Array.from(codes) : EMPTY_CODES, children },
      total,
      depth,
    };
  }

  /** Solved within d? With a node budget; UNKNOWN when it runs out. */
  private check(set: Uint32Array, d: number, budget: number): number {
    const core = this.core;
    const n = core.size(set);
    if (n <= d) return SOLVABLE;
    if (d <= 1) return n <= 1 ? SOLVABLE : NOT_SOLVABLE;
    const k = core.known(set);
    if (k) {
      if (k.hi <= d) return SOLVABLE;
      if (k.lo >= d) return NOT_SOLVABLE;
    }
    if (budget <= 0) return UNDECIDED;
    const before = core.nodes;
    core.nodeLimit = before + budget;
    const r = core.solve(set, d);
    core.nodeLimit = Infinity;
    this.checkBudgetLeft -= core.nodes - before;
    return r;
  }

  /** The plan the proof found: the memo's guesses (re-proving a set the memo has dropped). */
  private proofPlan(set: Uint32Array, d: number, used: number): Built {
    const core = this.core;
    const n = core.size(set);
    if (n === 1) return this.leaf(core.members(set)[0] as number, used);
    let g: number;
    const k = core.known(set);
    if (k && k.hi <= d && k.guess >= 0) g = k.guess;
    else if (n <= d) g = core.candidateGuess(set);
    else {
      core.nodeLimit = Infinity;
      if (core.solve(set, d) !== SOLVABLE)
        throw new Error('worst-case prover: a set the proof solved is no longer solvable');
      g = core.guessWithin(set, d);
    }
    return this.assemble(set, g, used, (grp) => this.proofPlan(grp, d - 1, used + 1));
  }

  /** Estimated total of a group of m secrets (ranking only). */
  private static estimate(m: number): number {
    if (m <= 1) return m;
    if (m === 2) return 3;
    return m * (1 + Math.log(m) / Math.log(3));
  }

  /**
   * Rebuild for a small total: every secret of `set` found within `d` more guesses. Among the
   * guesses whose groups are all proven solvable within d - 1, the best `width` by estimate
   * are compared by their subtrees' totals; ties go to the better estimate.
   */
  private rebuild(set: Uint32Array, d: number, used: number): Built {
    const core = this.core;
    const game = this.game;
    const n = core.size(set);
    const members = core.members(set);
    if (n === 1) return this.leaf(members[0], used);
    if (n === 2) {
      const g = game.guessOfSecret(members[0]);
      return this.assemble(set, g, used, (grp) => this.leaf(core.members(grp)[0] as number, used + 1));
    }
    const width = Math.max(1, this.settings.widths[used] ?? 1);
    // Every guess that tells something, best estimate first, a candidate first on ties (the
    // engine's one top-k selection, unbounded: a full sort by estimate, then hit, then guess).
    const order = this.top;
    order.reset(Infinity);
    for (let g = 0; g < game.guessCount; g++) {
      const { groups, hit } = core.split(set, g);
      if (!hit && groups.length === 1) continue; // tells nothing
      let est = 0;
      for (const grp of groups) est += WorstCaseProver.estimate(core.size(grp));
      order.push(g, g, 0, est + (hit ? 0 : 1), hit ? 0 : 1);
    }
    const options = order.result();
    const feasible: number[] = [];
    for (let i = 0; i < options.length; i++) {
      if (feasible.length >= width) break;
      const o = { g: options.guess[i] };
      const { groups } = core.split(set, o.g);
      let ok = true;
      // Largest groups first: they are the likeliest to fail.
      const bySize = groups.map((grp) => ({ grp, m: core.size(grp) })).sort((a, b) => b.m - a.m);
      for (const { grp } of bySize) {
        const budget = Math.min(this.settings.checkNodes, this.checkBudgetLeft);
        if (this.check(grp, d - 1, budget) !== SOLVABLE) {
          ok = false;
          break;
        }
      }
      if (ok) feasible.push(o.g);
    }
    if (feasible.length === 0) return this.proofPlan(set, d, used);
    let best: Built | null = null;
    for (const g of feasible) {
      const b = this.assemble(set, g, used, (grp) => this.rebuild(grp, d - 1, used + 1));
      if (best === null || b.total < best.total) best = b;
    }
    return best as Built;
  }

  run(): ProverResult {
    const core = this.core;
    const all = core.allSecrets();
    const n = this.game.secretCount;
    if (n === 1) {
      const leaf = this.leaf(0, 0);
      return {
        plan: leaf.plan,
        worstCase: 1,
        lowerBound: 1,
        proven: true,
        total: 1,
        greedyWorstCase: 1,
        nodes: 0,
        stopped: false,
        proofSeconds: 0,
      };
    }
    const started = Date.now();
    let lb = preparePackings(core, all, this.settings.packings).bound;
    const greedy = this.greedy(all, 0);
    let ub = greedy.depth;
    let solvedAt = -1;
    let stopped = false;
    core.deadline = this.settings.deadline ?? Infinity;
    for (let D = lb; D < ub; D++) {
      core.nodeLimit = this.settings.proofNodes;
      const r = core.solve(all, D);
      if (r === NOT_SOLVABLE) {
        lb = D + 1;
        continue;
      }
      if (r === SOLVABLE) {
        solvedAt = D;
        ub = D;
        break;
      }
      stopped = true;
      break;
    }
    if (stopped) {
      // Better trees than the heuristic's, downwards, while the answers are "yes". Starting
      // at the heuristic's own worst case (an easy "yes") fills the memo with solved sets
      // that make the next ones quick.
      const budgetEnd = core.nodes + this.settings.upperNodes;
      for (let D = ub; D >= lb; D--) {
        core.nodeLimit = budgetEnd;
        const r = core.solve(all, D);
        if (r === SOLVABLE) {
          solvedAt = D;
          ub = D;
          continue;
        }
        if (r === NOT_SOLVABLE) lb = D + 1;
        break;
      }
    }
    core.deadline = Infinity;
    core.nodeLimit = Infinity;
    if (lb > ub) lb = ub;
    if (lb === ub) stopped = false;
    const proofSeconds = (Date.now() - started) / 1000;
    // The tree: rebuilt for a small total within the least worst case found.
    this.checkBudgetLeft = this.settings.totalNodes;
    let built: Built;
    if (solvedAt >= 0) {
      built = this.rebuild(all, solvedAt, 0);
    } else {
      // The heuristic's tree is the best known: its worst case bounds the rebuild, whose
      // checks must then prove every group (the greedy tree itself is the fallback).
      built = this.rebuildOrGreedy(all, ub, greedy);
    }
    return {
      plan: built.plan,
      worstCase: built.depth,
      lowerBound: lb,
      proven: lb === built.depth,
      total: built.total,
      greedyWorstCase: greedy.depth,
      nodes: core.nodes,
      stopped,
      proofSeconds,
    };
  }

  /** Within the greedy tree's worst case: a rebuild when the checks can prove it, else the greedy tree. */
  private rebuildOrGreedy(all: Uint32Array, ub: number, greedy: Built): Built {
    // Is the whole set provably solvable within ub by the core (cheaply)? Then rebuild.
    const r = this.check(all, ub, Math.min(this.settings.checkNodes * 10, this.checkBudgetLeft));
    if (r === SOLVABLE) {
      const b = this.rebuild(all, ub, 0);
      if (b.total <= greedy.total && b.depth <= ub) return b;
    }
    return greedy;
  }
}

/** Least worst case (proven when possible), then a small total: match-count's prover. */
export function proveWorstCase(game: Game, settings: ProverSettings = PROVER_DEFAULTS): ProverResult {
  return new WorstCaseProver(game, settings).run();
}
