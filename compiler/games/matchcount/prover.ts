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
 *   5. The tree is rebuilt top-down for a small total by the engine's `worst-case-tree.ts`
 *      (shared with the engine's least-worst-case solver) over the core's bitsets: at each node,
 *      among the guesses whose every reply group is proven solvable within the guesses left, the
 *      best few by an estimate are compared by the totals of their whole subtrees (widths by depth).
 * Deterministic for a given game and settings unless a deadline is set.
 */
import { fail } from '../../../runtime/errors.js';
import type { Game } from '../../game.js';
import type { CostedPlan, Plan } from '../../engine/plan.js';
import { type ProofParts, WorstCaseTree } from '../../engine/worst-case-tree.js';
import { NOT_SOLVABLE, SOLVABLE, WorstCaseSearch, type Packing, type ReplyTable } from './prover-core.js';

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
 * best bound are set to grow at every node. Returns the root's lower bound.
 */
function preparePackings(core: WorstCaseSearch, all: Uint32Array, packings: readonly number[]): number {
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
  return lb;
}

/** The prover's sets (bitsets of its core) as the tree reads them, at nodes numbered by guesses used. */
class ProverTreeParts implements ProofParts<Uint32Array, number> {
  private readonly all: Uint32Array;
  private readonly counts: Uint32Array;
  private readonly touched: Uint32Array;
  /** The set `groupSizes` last read and its members. */
  private last: Uint32Array | null = null;
  private members: number[] = [];

  constructor(
    private readonly game: Game,
    private readonly core: WorstCaseSearch,
    private readonly table: ReplyTable,
  ) {
    this.all = Uint32Array.from({ length: game.guessCount }, (_, i) => i);
    this.counts = new Uint32Array(table.codes);
    this.touched = new Uint32Array(Math.min(table.codes, table.secrets) + 1);
  }

  size(set: Uint32Array): number {
    return this.core.size(set);
  }

  firstGuess(set: Uint32Array): number {
    for (let w = 0; w < set.length; w++) {
      const x = set[w];
      if (x !== 0) return this.game.guessOfSecret(w * 32 + (31 - Math.clz32(x & -x)));
    }
    throw new Error('worst-case prover: an empty set has no first secret');
  }

  used(node: number): number {
    return node;
  }

  after(node: number): number {
    return node + 1;
  }

  split(set: Uint32Array, guess: number): { codes: number[]; groups: Uint32Array[] } {
    return this.core.split(set, guess);
  }

  guesses(): Uint32Array {
    return this.all;
  }

  /** Replies ascending (the order the estimates are summed in). */
  groupSizes(set: Uint32Array, guess: number, sizes: Uint32Array): number {
    if (this.last !== set) {
      this.last = set;
      this.members = this.core.members(set);
    }
    const { reply, secrets, solved } = this.table;
    const counts = this.counts;
    const touched = this.touched;
    const row = guess * secrets;
    let k = 0;
    for (const s of this.members) {
      const c = reply[row + s];
      if (c === solved) continue;
      if (counts[c] === 0) {
        // Kept ascending (insertion: a guess has few replies).
        let j = k++;
        while (j > 0 && touched[j - 1] > c) {
          touched[j] = touched[j - 1];
          j--;
        }
        touched[j] = c;
      }
      counts[c]++;
    }
    for (let j = 0; j < k; j++) {
      sizes[j] = counts[touched[j]];
      counts[touched[j]] = 0;
    }
    return k;
  }

  missCost(): number {
    return 1;
  }

  /** Solved within d? With a node budget (0: from the memo alone). */
  within(set: Uint32Array, d: number, _node: number, budget: number): boolean {
    const core = this.core;
    const n = core.size(set);
    if (n <= d) return true;
    if (d <= 1) return n <= 1;
    const k = core.known(set);
    if (k) {
      if (k.hi <= d) return true;
      if (k.lo >= d) return false;
    }
    if (budget <= 0) return false;
    core.nodeLimit = core.nodes + budget;
    const r = core.solve(set, d);
    core.nodeLimit = Infinity;
    return r === SOLVABLE;
  }

  searched(): number {
    return this.core.nodes;
  }

  /** The memo's guess (re-proving a set the memo has dropped); for a set no larger than d, the core's candidate. */
  proofGuess(set: Uint32Array, d: number): number {
    const core = this.core;
    const k = core.known(set);
    if (k && k.hi <= d && k.guess >= 0) return k.guess;
    if (core.size(set) <= d) return core.candidateGuess(set);
    core.nodeLimit = Infinity;
    if (core.solve(set, d) !== SOLVABLE)
      throw new Error('worst-case prover: a set the proof solved is no longer solvable');
    return core.guessWithin(set, d);
  }
}

export class WorstCaseProver {
  readonly game: Game;
  readonly settings: ProverSettings;
  readonly core: WorstCaseSearch;
  /** The proof's tree and the rebuild for a small total (`engine/worst-case-tree.ts`). */
  private readonly tree: WorstCaseTree<Uint32Array, number>;

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
    this.tree = new WorstCaseTree(new ProverTreeParts(game, this.core, table), settings);
  }

  /** The editorial heuristic's tree: smallest largest group, a candidate on ties. */
  private greedy(set: Uint32Array, used: number): CostedPlan {
    const core = this.core;
    if (core.size(set) === 1) return this.tree.leaf(this.game.guessOfSecret(core.members(set)[0] as number));
    const g = core.greedyGuess(set);
    return this.tree.assemble(set, g, used, (grp) => this.greedy(grp, used + 1));
  }

  run(): ProverResult {
    const core = this.core;
    const all = core.allSecrets();
    const n = this.game.secretCount;
    if (n === 1) {
      const leaf = this.tree.leaf(this.game.guessOfSecret(0));
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
    let lb = preparePackings(core, all, this.settings.packings);
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
    this.tree.left = this.settings.totalNodes;
    let built: CostedPlan;
    if (solvedAt >= 0) {
      built = this.tree.rebuild(all, solvedAt, 0);
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
      total: built.cost,
      greedyWorstCase: greedy.depth,
      nodes: core.nodes,
      stopped,
      proofSeconds,
    };
  }

  /** Within the greedy tree's worst case: a rebuild when the checks can prove it, else the greedy tree. */
  private rebuildOrGreedy(all: Uint32Array, ub: number, greedy: CostedPlan): CostedPlan {
    // Is the whole set provably solvable within ub by the core (cheaply)? Then rebuild.
    if (this.tree.check(all, ub, 0, this.settings.checkNodes * 10)) {
      const b = this.tree.rebuild(all, ub, 0);
      if (b.cost <= greedy.cost && b.depth <= ub) return b;
    }
    return greedy;
  }
}

/** Least worst case (proven when possible), then a small total: match-count's prover. */
export function proveWorstCase(game: Game, settings: ProverSettings = PROVER_DEFAULTS): ProverResult {
  return new WorstCaseProver(game, settings).run();
}
