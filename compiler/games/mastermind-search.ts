/**
 * The Mastermind search: least total guesses, ties broken by the least maximum depth (a depth
 * cap is available).
 *
 * T(S), the least total over the candidates S, is |S| + min over guesses g of the sum of T
 * over the parts g's replies split S into (the part of the winning reply costs nothing more).
 * Every guess gets a cheap lower bound, |S| + the sum over its parts of a bound that depends
 * only on the part's size (a tree of at most K replies per node finds at most one secret per
 * node). Guesses are tried in order of a one-step estimate and pruned by that bound; a guess
 * that splits S into singletons is taken at once (its value is the bound). Sets of at most
 * `exactBelow` candidates are searched over every guess (one per symmetry orbit), which
 * proves their optimum; larger sets compare the top few guesses (`widths`, by set size) by the value of
 * their subtrees. With `exactBelow` = ∞ the whole search is exact.
 *
 * Values are compared as (total, depth) pairs, in that order, packed into one number: the
 * key total·64 + depth (`keyOf`). Bounds and cut-offs are keys too: a set searched under the
 * cut-off `beta` returns its best subtree when that one's key is below `beta`, else null, and a
 * part of a guess's split is searched under what the rest leaves it (`beta` minus 64 times the
 * totals and bounds of the rest, minus 1 for the level), which is exact for sums and maxima
 * alike. Equal keys keep the first guess in rank order.
 *
 * Determinism: the value the search computes for a set is a pure function of the set (and
 * the depth left under a cap), so memo hits, bound cut-offs and the number of workers never
 * change the tree.
 */
import type { Plan } from '../engine/plan.js';
import { EMPTY_CODES, leafPlan } from '../engine/plan.js';
import { GatheredSet, type MastermindGame } from './mastermind.js';
import { canonicalGuesses, historySymmetry, permutations } from '../engine/symmetry.js';

export interface MastermindSettings {
  /** Sets of at most this many candidates are solved exactly (every guess considered). */
  readonly exactBelow: number;
  /**
   * Larger sets: how many of the best-ranked guesses are compared by their subtrees, by set
   * size: pairs [largest size, width] in ascending size; sets larger than every size get the
   * last width.
   */
  readonly widths: ReadonlyArray<readonly [number, number]>;
  /**
   * Sets larger than this choose among their `pilotWidth` best-ranked guesses by the total of
   * a one-step tree below each (cheap), then search only the chosen guess in full. Infinity: off.
   */
  readonly pilotAbove?: number | undefined;
  readonly pilotWidth?: number | undefined;
  /** How many of the pilot's best guesses are searched in full (default 1). */
  readonly pilotKeep?: number | undefined;
  /**
   * A kept guess after the first is searched in full only when its one-step total is within
   * this fraction of the best one's (default: any): close calls get a second look, clear ones not.
   */
  readonly pilotSlack?: number | undefined;
  /** Hard cap on the guesses a secret may need; 0: none. */
  readonly maxDepth: number;
  /** Estimate used to rank guesses: 'parts' (most parts), 'entropy', 'bound' (the lower bound). */
  readonly rank: RankRule;
}

export type RankRule = 'entropy' | 'parts' | 'bound' | 'size-model';

/**
 * The size model: a set of m codes costs about m·(a + b·log2 m) guesses in all (1 for m = 1),
 * fitted to the subtrees of one-step MM(5,8) trees (a = 1.237, b = 0.263). Ranking a guess by
 * the sum of this over its non-winning parts weighs a possible win by what it saves.
 */
export const SIZE_MODEL_A = 1.237;
export const SIZE_MODEL_B = 0.263;

/** A subtree's value: total guesses over its secrets and the deepest secret (1 = found by this guess). */
export interface SubtreeValue {
  readonly total: number;
  readonly depth: number;
  readonly plan: Plan;
}

const INFINITE = Number.MAX_SAFE_INTEGER;
/** Keys pack (total, depth) as total·DEPTH_SLOTS + depth; depths stay below it. */
const DEPTH_SLOTS = 64;

/** The key of a value: smaller is better (less total, then less depth). */
export function keyOf(v: { readonly total: number; readonly depth: number }): number {
  return v.total * DEPTH_SLOTS + v.depth;
}

/** The least key of a subtree whose total is at least `total` over n secrets (depth ≥ 1, ≥ 2 for n > 1). */
function keyBound(total: number, n: number): number {
  return total >= INFINITE ? INFINITE : total * DEPTH_SLOTS + (n > 1 ? 2 : 1);
}
/** Guess pools kept for recurring histories. */
const POOL_CACHE_MAX = 4096;

export interface SearchStats {
  nodes: number;
  memoHits: number;
  guessScans: number;
}

/**
 * lowerBoundBySize[m]: the least total any tree can have for m secrets, when each node has at
 * most `branches` replies besides the winning one and finds at most one secret.
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

/**
 * The indices of `items` in order of ascending rank (ties: ascending index), only the first
 * `count` of them: a full sort when most are wanted, else a selection.
 */
function bestFirst(items: Uint32Array, rank: Float64Array, count: number): Uint32Array {
  if (count * 8 >= items.length) {
    const all = Uint32Array.from(items);
    all.sort((a, b) => (rank[a] as number) - (rank[b] as number) || a - b);
    return all.subarray(0, count);
  }
  // Items come in ascending index, so a later item with an equal rank goes after.
  const top = new Uint32Array(count);
  const topRank = new Float64Array(count);
  let size = 0;
  for (let k = 0; k < items.length; k++) {
    const j = items[k] as number;
    const r = rank[j] as number;
    if (size === count && r >= (topRank[size - 1] as number)) continue;
    let i = size < count ? size++ : size - 1;
    while (i > 0 && r < (topRank[i - 1] as number)) {
      top[i] = top[i - 1] as number;
      topRank[i] = topRank[i - 1] as number;
      i--;
    }
    top[i] = j;
    topRank[i] = r;
  }
  return top;
}

/** Guesses left for a set after `used` guesses: the cap's remainder, or unbounded. */
export function unboundedDepth(settings: MastermindSettings, used: number): number {
  return settings.maxDepth > 0 ? settings.maxDepth - used : INFINITE;
}

/** Most secrets a tree of `depthLeft` levels can hold: 1 + K + K² + ... */
function capacityOf(depthLeft: number, branches: number): number {
  let cap = 0;
  let level = 1;
  for (let d = 0; d < depthLeft; d++) {
    cap += level;
    level *= branches;
    if (cap > 1e12) return Infinity;
  }
  return cap;
}

interface GuessScores {
  readonly bound: Float64Array;
  readonly rank: Float64Array;
  readonly usable: Uint32Array;
  readonly usableCount: number;
  readonly perfectOther: number;
}

interface MemoEntry {
  readonly set: Uint32Array;
  /** The value when solved; null when only a bound is known. */
  readonly value: SubtreeValue | null;
  /** The search proved that the value's key is at least this (INFINITE when solved). */
  readonly atLeast: number;
}

function setKey(set: Uint32Array, depthLeft: number): string {
  return Buffer.from(set.buffer, set.byteOffset, set.byteLength).toString('latin1') + '|' + depthLeft;
}

function sameSet(a: Uint32Array, b: Uint32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export class MastermindSearch {
  readonly game: MastermindGame;
  readonly settings: MastermindSettings;
  readonly stats: SearchStats = { nodes: 0, memoHits: 0, guessScans: 0 };
  private readonly branches: number;
  private readonly lb: Float64Array;
  private readonly perms: Uint8Array[];
  private readonly memo = new Map<string, MemoEntry>();
  private readonly pools = new Map<string, Uint32Array>();
  private readonly splitters = new WeakMap<Uint32Array, number>();
  private readonly counts: Uint32Array;
  /** The non-winning replies that can occur. */
  private readonly replies: Uint8Array;
  /** Rank estimate of a part by its size, and the adjustment for a guess that may win. */
  private readonly estimate: Float64Array;
  private readonly candidateAdjust: number;

  constructor(game: MastermindGame, settings: MastermindSettings) {
    this.game = game;
    this.settings = settings;
    let valid = 0;
    for (let c = 0; c < game.codeCount; c++) if (game.validCode[c] && c !== game.solvedCode) valid++;
    this.branches = valid;
    this.lb = sizeLowerBounds(game.secretCount, valid);
    this.perms = permutations(game.pegs);
    this.counts = new Uint32Array(game.codeCount);
    const replies: number[] = [];
    for (let c = 0; c < game.codeCount; c++) if (game.validCode[c] && c !== game.solvedCode) replies.push(c);
    this.replies = Uint8Array.from(replies);
    this.estimate = new Float64Array(game.secretCount + 1);
    for (let m = 1; m <= game.secretCount; m++) {
      const ent = m * Math.log2(m);
      const model = m === 1 ? 1 : m * (SIZE_MODEL_A + SIZE_MODEL_B * Math.log2(m));
      this.estimate[m] = settings.rank === 'entropy' ? ent : settings.rank === 'parts' ? -1e6 + ent : settings.rank === 'size-model' ? model : (this.lb[m] as number) * 1e6 + ent;
    }
    this.candidateAdjust = settings.rank === 'parts' ? -1e6 : settings.rank === 'size-model' ? 0 : -0.5;
  }

  /** Lower bound on the total of a set of m secrets with `depthLeft` guesses left (INFINITE: impossible). */
  lowerBound(m: number, depthLeft: number): number {
    if (m === 0) return 0;
    if (this.settings.maxDepth > 0 && m > capacityOf(depthLeft, this.branches)) return INFINITE;
    return this.lb[m] as number;
  }

  /**
   * A bound for this very set, cheap to get: for a set that one guess could split into
   * singletons, 2n-1 when a candidate does it and 2n otherwise; else the size bound.
   */
  setBound(set: Uint32Array, depthLeft: number): number {
    const n = set.length;
    const size = this.lowerBound(n, depthLeft);
    if (n <= 2 || n > this.branches + 1 || size >= INFINITE) return size;
    return this.candidateSplitsAll(set) >= 0 ? 2 * n - 1 : 2 * n;
  }

  /**
   * A candidate whose replies split the rest of `set` into singletons, or -1. Remembered per
   * set: `evaluate` asks it of each part for the bound, then `search` again when it solves it.
   */
  private candidateSplitsAll(set: Uint32Array): number {
    const known = this.splitters.get(set);
    if (known !== undefined) return known;
    const g = this.findCandidateSplitter(set);
    this.splitters.set(set, g);
    return g;
  }

  private findCandidateSplitter(set: Uint32Array): number {
    const n = set.length;
    const counts = this.counts;
    const gathered = new GatheredSet(this.game, set);
    for (let i = 0; i < n; i++) {
      const g = set[i] as number;
      gathered.count(g, counts);
      let ok = true;
      for (let c = 0; c < counts.length; c++) if ((counts[c] as number) > 1) { ok = false; break; }
      if (ok) return g;
    }
    return -1;
  }

  /** The best tree for every code. */
  solveRoot(): SubtreeValue {
    const all = new Uint32Array(this.game.secretCount);
    for (let i = 0; i < all.length; i++) all[i] = i;
    return this.solveSet(all, [], unboundedDepth(this.settings, 0));
  }

  /** The best tree for `set` after the guesses `history`, with no bound on its total. */
  solveSet(set: Uint32Array, history: readonly number[], depthLeft: number): SubtreeValue {
    const v = this.solve(set, history, history.length, depthLeft, INFINITE);
    if (!v) throw new Error(`no strategy within the depth cap for a set of ${set.length} codes`);
    return v;
  }

  /** The guesses worth searching at the root, best ranked first: one per symmetry class. */
  rootGuesses(): Uint32Array {
    return this.guessPool([]);
  }

  /**
   * The best subtree for `set` (ascending codes), after the guesses `history`, at `depth`
   * guesses already made, or null when its key is at least `beta`.
   */
  solve(set: Uint32Array, history: readonly number[], depth: number, depthLeft: number, beta: number): SubtreeValue | null {
    const n = set.length;
    this.stats.nodes++;
    if (depthLeft <= 0) return null;
    if (n === 1) return keyBound(1, 1) < beta ? { total: 1, depth: 1, plan: leafPlan(set[0] as number, -1) } : null;
    if (keyBound(this.lowerBound(n, depthLeft), n) >= beta) return null;
    const capped = this.settings.maxDepth > 0;
    const key = setKey(set, capped ? depthLeft : 0);
    const hit = this.memo.get(key);
    if (hit && sameSet(hit.set, set)) {
      this.stats.memoHits++;
      if (hit.value) return keyOf(hit.value) < beta ? hit.value : null;
      if (hit.atLeast >= beta) return null;
    }
    const result = this.search(set, history, depth, depthLeft, beta);
    if (result) this.memo.set(key, { set, value: result, atLeast: INFINITE });
    else this.memo.set(key, { set, value: null, atLeast: Math.max(beta, hit && !hit.value ? hit.atLeast : 0) });
    return result;
  }

  private search(set: Uint32Array, history: readonly number[], depth: number, depthLeft: number, beta: number): SubtreeValue | null {
    const n = set.length;
    const lb = this.lb;
    const K = this.branches;
    // A candidate that splits the rest into singletons: 2n-1, the least possible.
    if (n <= K + 1 && depthLeft >= 2) {
      const g = this.candidateSplitsAll(set);
      if (g >= 0) return keyBound(2 * n - 1, n) < beta ? this.splitPlan(g, set, 2 * n - 1, 2) : null;
      // Otherwise every tree needs at least 2n.
      if (keyBound(2 * n, n) >= beta) return null;
    }
    const pool = this.guessPool(history);
    const fewEnough = n <= K + 1 && depthLeft >= 2;
    const exact = n <= this.settings.exactBelow;
    const { bound, rank, usable, usableCount, perfectOther } = this.scoreGuesses(set, pool, depthLeft, fewEnough);
    if (perfectOther >= 0) return keyBound(2 * n, n) < beta ? this.splitPlan(pool[perfectOther] as number, set, 2 * n, 2) : null;
    if (!exact && n > (this.settings.pilotAbove ?? Infinity)) {
      // Pilot: the one-step trees below the best-ranked guesses pick one; only it is searched in full.
      const pilots = bestFirst(usable.subarray(0, usableCount), rank, Math.min(usableCount, this.settings.pilotWidth ?? 1));
      const pilot = this.pilotSearch();
      const keep = this.settings.pilotKeep ?? 1;
      // The `keep` guesses with the least one-step totals (ties: rank order; the pilot only
      // picks what to search, so depth plays no part), searched in full.
      const kept: Array<{ g: number; total: number }> = [];
      for (const j of pilots) {
        const worstKept = kept.length === keep ? (kept[keep - 1] as { total: number }).total : INFINITE;
        if ((bound[j] as number) >= worstKept) continue;
        // Any depth will do under the worst kept total: the cut-off is that total's least key.
        const v = pilot.evaluate(pool[j] as number, set, history, depth, depthLeft, worstKept >= INFINITE ? INFINITE : worstKept * DEPTH_SLOTS);
        if (!v) continue;
        let i = kept.length;
        while (i > 0 && (kept[i - 1] as { total: number }).total > v.total) i--;
        kept.splice(i, 0, { g: pool[j] as number, total: v.total });
        if (kept.length > keep) kept.pop();
      }
      const slack = this.settings.pilotSlack ?? Infinity;
      const within = kept.length ? (kept[0] as { total: number }).total * (1 + slack) : 0;
      let best: SubtreeValue | null = null;
      let bestKey = beta;
      for (const { g, total } of kept) {
        if (total > within) break;
        const v = this.evaluate(g, set, history, depth, depthLeft, bestKey);
        if (v && keyOf(v) < bestKey) {
          best = v;
          bestKey = keyOf(v);
        }
      }
      return best;
    }
    const width = exact ? usableCount : Math.min(usableCount, this.widthFor(n));
    const order = bestFirst(usable.subarray(0, usableCount), rank, width);
    let best: SubtreeValue | null = null;
    let bestKey = beta;
    let tried = 0;
    // No subtree of n secrets beats the size bound with the least depth that holds them.
    const floor = keyOf({ total: lb[n] as number, depth: this.leastDepth(n) });
    for (const j of order) {
      if (tried >= width) break;
      tried++;
      if (keyBound(bound[j] as number, n) >= bestKey) continue;
      const g = pool[j] as number;
      const v = this.evaluate(g, set, history, depth, depthLeft, bestKey);
      // Each guess is searched under the best key so far, so only a smaller key comes back:
      // among guesses with equal totals and depths the first in rank order stays.
      if (v && keyOf(v) < bestKey) {
        best = v;
        bestKey = keyOf(v);
        if (bestKey <= floor) break;
      }
    }
    if (!best && beta >= INFINITE && width < usableCount) {
      // Under a depth cap the best-ranked guesses may all run out of guesses: with no bound
      // to blame, go on down the ranking until one fits.
      for (const j of bestFirst(usable.subarray(0, usableCount), rank, usableCount).subarray(width)) {
        const v = this.evaluate(pool[j] as number, set, history, depth, depthLeft, INFINITE);
        if (v) return v;
      }
    }
    return best;
  }

  /**
   * Every guess of `pool` against `set`: its lower bound and rank (smaller is better), the
   * ones worth trying (`usable`, ascending pool index), and, when `stopAtPerfect`, the first
   * non-candidate that splits the set into singletons (the scan stops there).
   */
  private scoreGuesses(set: Uint32Array, pool: Uint32Array, depthLeft: number, stopAtPerfect: boolean): GuessScores {
    const game = this.game;
    const n = set.length;
    const counts = this.counts;
    const solved = game.solvedCode;
    const lb = this.lb;
    this.stats.guessScans++;
    const gathered = new GatheredSet(game, set);
    const bound = new Float64Array(pool.length);
    const rank = new Float64Array(pool.length);
    const usable = new Uint32Array(pool.length);
    let usableCount = 0;
    let perfectOther = -1;
    const partCap = this.settings.maxDepth > 0 ? capacityOf(depthLeft - 1, this.branches) : Infinity;
    const replies = this.replies;
    const est = this.estimate;
    const candAdjust = this.candidateAdjust;
    for (let j = 0; j < pool.length; j++) {
      const g = pool[j] as number;
      gathered.count(g, counts);
      let parts = 0;
      let maxPart = 0;
      let lbSum = 0;
      let score = 0;
      for (let r = 0; r < replies.length; r++) {
        const m = counts[replies[r] as number] as number;
        if (m === 0) continue;
        parts++;
        if (m > maxPart) maxPart = m;
        lbSum += lb[m] as number;
        score += est[m] as number;
      }
      const isCand = (counts[solved] as number) > 0;
      if (!isCand && parts === 1) continue; // learns nothing
      if (maxPart > partCap) continue; // cannot finish within the depth cap
      bound[j] = n + lbSum;
      if (maxPart === 1 && !isCand && stopAtPerfect) {
        perfectOther = j;
        break;
      }
      rank[j] = isCand ? score + candAdjust : score;
      usable[usableCount++] = j;
    }
    return { bound, rank, usable, usableCount, perfectOther };
  }

  /** The `count` best-ranked guesses for `set` after `history` (one per symmetry class). */
  rankedGuesses(set: Uint32Array, history: readonly number[], count: number): Uint32Array {
    const pool = this.guessPool(history);
    const depthLeft = unboundedDepth(this.settings, history.length);
    const s = this.scoreGuesses(set, pool, depthLeft, false);
    const order = bestFirst(s.usable.subarray(0, s.usableCount), s.rank, Math.min(count, s.usableCount));
    return order.map((j) => pool[j] as number);
  }

  /** One guess per symmetry orbit after `history` (cached: the same histories recur). */
  private guessPool(history: readonly number[]): Uint32Array {
    const key = [...history].sort((a, b) => a - b).join(',');
    let pool = this.pools.get(key);
    if (!pool) {
      const game = this.game;
      const sym = historySymmetry(history, game.digits, game.pegs, game.colors, this.perms);
      pool = canonicalGuesses(sym, game.digits, game.pegs, game.colors, game.guessCount);
      if (this.pools.size >= POOL_CACHE_MAX) this.pools.clear();
      this.pools.set(key, pool);
    }
    return pool;
  }

  private pilot: MastermindSearch | null = null;

  /** The one-step search the pilot uses (exact on the same small sets), made once. */
  pilotSearch(): MastermindSearch {
    this.pilot ??= new MastermindSearch(this.game, { ...this.settings, widths: [[Infinity, 1]], pilotAbove: Infinity });
    return this.pilot;
  }

  /** The least depth of any tree holding n secrets. */
  private leastDepth(n: number): number {
    let d = 1;
    while (capacityOf(d, this.branches) < n) d++;
    return d;
  }

  private widthFor(n: number): number {
    const w = this.settings.widths;
    for (const [size, width] of w) if (n <= size) return width;
    return (w[w.length - 1] as readonly [number, number])[1];
  }

  /** The value of guessing `g` at `set`, or null when its key is at least `beta`. */
  evaluate(g: number, set: Uint32Array, history: readonly number[], depth: number, depthLeft: number, beta: number): SubtreeValue | null {
    const n = set.length;
    const parts = this.split(g, set);
    const depthAfter = depthLeft - 1;
    // Small parts first: they are cheap and tighten the budget of the large ones.
    parts.sort((a, b) => a.set.length - b.set.length || a.code - b.code);
    let total = n;
    const bounds = new Float64Array(parts.length);
    let boundRest = 0;
    for (let i = 0; i < parts.length; i++) {
      const b = this.lowerBound((parts[i] as { set: Uint32Array }).set.length, depthAfter);
      bounds[i] = b;
      boundRest += b;
    }
    if (keyBound(total + boundRest, n) >= beta) return null;
    // Sharper bounds for the small parts, before any of them is searched.
    for (let i = 0; i < parts.length; i++) {
      const b = this.setBound((parts[i] as { set: Uint32Array }).set, depthAfter);
      boundRest += b - (bounds[i] as number);
      bounds[i] = b;
      if (keyBound(total + boundRest, n) >= beta) return null;
    }
    const childHistory = [...history, g];
    const values: Array<SubtreeValue | null> = new Array(parts.length).fill(null);
    let maxDepth = 1;
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i]!;
      boundRest -= bounds[i] as number;
      // The part's key must leave room for the rest's totals and for this level.
      const v = this.solve(p.set, childHistory, depth + 1, depthAfter, beta >= INFINITE ? INFINITE : beta - (total + boundRest) * DEPTH_SLOTS - 1);
      if (!v) return null;
      values[i] = v;
      total += v.total;
      if (v.depth + 1 > maxDepth) maxDepth = v.depth + 1;
    }
    // Each part met its own cut-off, but an early deep part can still leave the whole at it.
    if (keyOf({ total, depth: maxDepth }) >= beta) return null;
    const order = parts.map((p, i) => ({ code: p.code, v: values[i] as SubtreeValue })).sort((a, b) => a.code - b.code);
    const plan: Plan = { value: -total, guess: g, codes: Uint32Array.from(order.map((o) => o.code)), children: order.map((o) => o.v.plan) };
    return { total, depth: maxDepth, plan };
  }

  /** The parts (non-winning replies) of `set` under guess `g`, each ascending. */
  split(g: number, set: Uint32Array): Array<{ code: number; set: Uint32Array }> {
    const game = this.game;
    const n = set.length;
    const replies = new Uint32Array(n);
    game.partitionCodes(g, set, n, replies);
    const counts = new Uint32Array(game.codeCount);
    for (let i = 0; i < n; i++) counts[replies[i] as number]!++;
    const parts: Array<{ code: number; set: Uint32Array }> = [];
    const index = new Int32Array(game.codeCount).fill(-1);
    for (let c = 0; c < game.codeCount; c++) {
      if (c === game.solvedCode || (counts[c] as number) === 0) continue;
      index[c] = parts.length;
      parts.push({ code: c, set: new Uint32Array(counts[c] as number) });
    }
    const fill = new Uint32Array(game.codeCount);
    for (let i = 0; i < n; i++) {
      const c = replies[i] as number;
      const k = index[c] as number;
      if (k < 0) continue;
      (parts[k] as { set: Uint32Array }).set[fill[c]!++] = set[i] as number;
    }
    return parts;
  }

  /** A guess whose every part is a single code: each part is a leaf. */
  private splitPlan(g: number, set: Uint32Array, total: number, depth: number): SubtreeValue {
    const parts = this.split(g, set);
    const plan: Plan = {
      value: -total,
      guess: g,
      codes: parts.length ? Uint32Array.from(parts.map((p) => p.code)) : EMPTY_CODES,
      children: parts.map((p) => leafPlan(p.set[0] as number, -1)),
    };
    return { total, depth: parts.length ? depth : 1, plan };
  }
}
