/**
 * The ranker of code games (Mastermind, Bulls and Cows): every code may be guessed, the pool is
 * one code per orbit of the symmetries that fix the guesses so far (`symmetry.ts`), the node
 * state is that history. Each guess gets a lower bound (the node's guess plus its parts' size
 * bounds) and a rank from its parts' sizes (`RankRule`, smaller is better).
 *
 * Known optimal without comparing: a candidate that splits the rest into singletons (2n−1,
 * the least possible; candidates are tried in set order), else, once no candidate does, a
 * non-candidate that does (2n, first in pool order). A guess that learns nothing (one part, not
 * a candidate) or whose largest part cannot finish within a depth cap is never offered.
 */
import type { AttemptObjective } from './attempt-objective.js';
import { treeCapacity } from './attempt-objective.js';
import { Partitioner } from './partition.js';
import { canonicalGuesses, historySymmetry, permutations } from './symmetry.js';
import { EMPTY_RANKED, TopK } from './top-k.js';
import type { Ranker, Ranking, SearchGame, SearchNode } from './types.js';

/** How guesses are ranked: 'entropy' (Σ m·log2 m over the parts, a possible win −0.5), 'parts' (most parts first), 'bound' (the lower bound), 'size-model'. */
export type RankRule = 'entropy' | 'parts' | 'bound' | 'size-model';

/**
 * The size model: a set of m codes costs about m·(a + b·log2 m) guesses in all (1 for m = 1),
 * fitted to the subtrees of one-step MM(5,8) trees (a = 1.237, b = 0.263). Ranking a guess by
 * the sum of this over its non-winning parts weighs a possible win by what it saves.
 */
export const SIZE_MODEL_A = 1.237;
export const SIZE_MODEL_B = 0.263;

export interface CodeGame extends SearchGame {
  /** digits[code * pegs + i]: the symbol at position i. */
  readonly digits: Uint8Array;
  readonly pegs: number;
  /** Symbols a position can hold. */
  readonly symbols: number;
  /** The replies that can occur besides the solved one, ascending. */
  readonly replyCodes: Uint32Array;
}

export type History = readonly number[];

/** Guess pools kept for recurring histories. */
const POOL_CACHE_MAX = 4096;

export class CodeRanker implements Ranker<History> {
  readonly game: CodeGame;
  readonly objective: AttemptObjective<History>;
  readonly rule: RankRule;
  /** Guesses a secret may take (Infinity: no cap). */
  readonly attempts: number;
  private readonly branches: number;
  private readonly lb: Float64Array;
  private readonly perms: Uint8Array[];
  private readonly pools = new Map<string, Uint32Array>();
  private readonly splitters = new WeakMap<Uint32Array, number>();
  private readonly partitioner: Partitioner;
  private readonly counts: Uint32Array;
  private readonly estimate: Float64Array;
  private readonly candidateAdjust: number;
  private readonly top = new TopK();
  /** The replies that can occur, the solved one included, ascending (the order scores are summed in). */
  private readonly scanCodes: Uint32Array;
  /** Counts for `ReplyCounter.tally`: zero between guesses (each scan zeroes what it read). */
  private readonly tallied: Uint32Array;

  constructor(game: CodeGame, objective: AttemptObjective<History>, rule: RankRule) {
    this.game = game;
    this.objective = objective;
    this.rule = rule;
    this.attempts = objective.attempts;
    this.branches = game.replyCodes.length;
    this.lb = objective.sizeTable();
    this.perms = permutations(game.pegs);
    this.partitioner = new Partitioner(game, 'ascending');
    this.counts = new Uint32Array(game.codeCount);
    const N = game.secretCount;
    this.estimate = new Float64Array(N + 1);
    for (let m = 1; m <= N; m++) {
      const ent = m * Math.log2(m);
      const model = m === 1 ? 1 : m * (SIZE_MODEL_A + SIZE_MODEL_B * Math.log2(m));
      this.estimate[m] = rule === 'entropy' ? ent : rule === 'parts' ? -1e6 + ent : rule === 'size-model' ? model : (this.lb[m] as number) * 1e6 + ent;
    }
    this.candidateAdjust = rule === 'parts' ? -1e6 : rule === 'size-model' ? 0 : -0.5;
    this.scanCodes = Uint32Array.from([...game.replyCodes, game.solvedCode].sort((a, b) => a - b));
    this.tallied = new Uint32Array(game.codeCount);
  }

  private depthLeft(used: number): number {
    return this.attempts - used;
  }

  /** A candidate whose replies split the rest of `set` into singletons, or -1 (remembered per set). */
  private candidateSplitsAll(set: Uint32Array): number {
    const known = this.splitters.get(set);
    if (known !== undefined) return known;
    const counts = this.counts;
    const counter = this.game.replyCounter?.(set);
    const codes = new Uint32Array(set.length);
    let found = -1;
    for (let i = 0; i < set.length && found < 0; i++) {
      const g = set[i] as number;
      if (counter) counter.count(g, counts);
      else {
        counts.fill(0);
        this.game.partitionCodes(g, set, set.length, codes);
        for (let j = 0; j < set.length; j++) counts[codes[j] as number]!++;
      }
      let ok = true;
      for (let c = 0; c < counts.length; c++) if ((counts[c] as number) > 1) { ok = false; break; }
      if (ok) found = g;
    }
    this.splitters.set(set, found);
    return found;
  }

  /** One guess per symmetry orbit after `history` (cached: the same histories recur). */
  guessPool(history: History): Uint32Array {
    const key = [...history].sort((a, b) => a - b).join(',');
    let pool = this.pools.get(key);
    if (!pool) {
      const game = this.game;
      const sym = historySymmetry(history, game.digits, game.pegs, game.symbols, this.perms);
      pool = canonicalGuesses(sym, game.digits, game.pegs, game.symbols, game.guessCount);
      if (this.pools.size >= POOL_CACHE_MAX) this.pools.clear();
      this.pools.set(key, pool);
    }
    return pool;
  }

  poolSize(_set: Uint32Array, node: SearchNode<History>): number {
    return this.guessPool(node.state).length;
  }

  rank(set: Uint32Array, node: SearchNode<History>, width: number, _from = 0, _to = Infinity, beta = Infinity, lazy = false): Ranking {
    const n = set.length;
    const K = this.branches;
    const lb = this.lb;
    const depthLeft = this.depthLeft(node.used);
    const fewEnough = n <= K + 1 && depthLeft >= 2;
    let setBound = lb[n] as number;
    if (fewEnough) {
      // A candidate that splits the rest into singletons: 2n−1, the least possible.
      const g = this.candidateSplitsAll(set);
      if (g >= 0) return { optimal: { guess: g, at: -1, bound: 2 * n - 1, key1: 0, key2: 0 }, top: EMPTY_RANKED, setBound: 2 * n - 1, complete: true };
      // Otherwise every tree needs at least 2n.
      setBound = 2 * n;
    }
    const pool = this.guessPool(node.state);
    const solved = this.game.solvedCode;
    const partCap = Number.isFinite(depthLeft) ? treeCapacity(depthLeft - 1, K) : Infinity;
    const est = this.estimate;
    const candAdjust = this.candidateAdjust;
    const top = this.top;
    top.reset(width);
    // The top `width` is ordered by score, not bound: only a full ranking may leave guesses out.
    const boundLimit = width === Infinity ? beta : Infinity;
    const counter = this.game.replyCounter?.(set);
    if (counter?.tally) {
      // Each guess's replies tallied, then read (and zeroed) in ascending reply order: the sums
      // are the same as over the distinct replies in that order.
      const counts = this.tallied;
      const scan = this.scanCodes;
      const S = scan.length;
      for (let j = 0; j < pool.length; j++) {
        const g = pool[j] as number;
        counter.tally(g, counts);
        let parts = 0;
        let maxPart = 0;
        let lbSum = 0;
        let score = 0;
        let isCand = false;
        for (let r = 0; r < S; r++) {
          const c = scan[r] as number;
          const m = counts[c] as number;
          if (m === 0) continue;
          counts[c] = 0;
          if (c === solved) {
            isCand = true;
            continue;
          }
          parts++;
          if (m > maxPart) maxPart = m;
          lbSum += lb[m] as number;
          score += est[m] as number;
        }
        if (!isCand && parts === 1) continue; // learns nothing
        if (maxPart > partCap) continue; // cannot finish within the depth cap
        const bound = n + lbSum;
        // A non-candidate that splits the set into singletons, when no candidate does: 2n, optimal.
        if (maxPart === 1 && !isCand && fewEnough) return { optimal: { guess: g, at: j, bound, key1: 0, key2: 0 }, top: EMPTY_RANKED, setBound, complete: true };
        if (bound >= boundLimit) continue; // the search would skip it under its budget
        top.push(g, j, bound, isCand ? score + candAdjust : score, 0);
      }
    } else {
      const p = this.partitioner;
      p.begin(set);
      const counts = p.counts;
      const touched = p.touched;
      for (let j = 0; j < pool.length; j++) {
        const g = pool[j] as number;
        const k = p.count(g);
        let parts = 0;
        let maxPart = 0;
        let lbSum = 0;
        let score = 0;
        let isCand = false;
        for (let r = 0; r < k; r++) {
          const c = touched[r] as number;
          const m = counts[c] as number;
          if (c === solved) {
            isCand = true;
            continue;
          }
          parts++;
          if (m > maxPart) maxPart = m;
          lbSum += lb[m] as number;
          score += est[m] as number;
        }
        if (!isCand && parts === 1) continue; // learns nothing
        if (maxPart > partCap) continue; // cannot finish within the depth cap
        const bound = n + lbSum;
        // A non-candidate that splits the set into singletons, when no candidate does: 2n, optimal.
        if (maxPart === 1 && !isCand && fewEnough) return { optimal: { guess: g, at: j, bound, key1: 0, key2: 0 }, top: EMPTY_RANKED, setBound, complete: true };
        if (bound >= boundLimit) continue; // the search would skip it under its budget
        top.push(g, j, bound, isCand ? score + candAdjust : score, 0);
      }
    }
    // A full ranking asked for lazily is left in pool order: the search sorts only what it needs.
    const unsorted = lazy && width === Infinity;
    return { optimal: null, top: top.result(!unsorted), setBound, complete: true, ...(unsorted ? { unsorted } : {}) };
  }

  /** A set one guess could split into singletons: 2n−1 when a candidate does it, else at least 2n. */
  refineBound(set: Uint32Array, _node: SearchNode<History>, bound: number): number {
    const n = set.length;
    if (n <= 2 || n > this.branches + 1 || bound === Infinity) return bound;
    return this.candidateSplitsAll(set) >= 0 ? 2 * n - 1 : 2 * n;
  }
}
