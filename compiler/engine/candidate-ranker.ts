/**
 * The ranker of word games whose secrets can be guessed (Lingo, Wordle): the pool is the
 * candidates (as guesses, in set order) then the probes that are not candidates, restricted
 * by the guess rule's state when the game has one (Wordle's hard mode). Every guess of the pool
 * is ranked by its one-step bound (its reply groups' size bounds), then by the evenness of its
 * split (the sum of squared group sizes), a candidate first, then pool order.
 *
 * Known optimal without comparing: a candidate that splits the rest into singletons (its
 * bound is the set's); with two tries left, the best bound (a group's bound is then its exact
 * value); with `candidateShortcut`, the best candidate when its bound is exact (groups of at
 * most two) and no non-candidate can beat every secret found on the next attempt.
 */
import type { AttemptObjective } from './attempt-objective.js';
import { Partitioner } from './partition.js';
import { EMPTY_RANKED, mergeTop, rankedAt, TopK } from './top-k.js';
import type { Ranker, Ranking, RankedGuess, SearchGame, SearchNode } from './types.js';

/** A rule that restricts the guesses by what the replies so far revealed (its state is a short string). */
export interface GuessRule {
  readonly start: string;
  after(state: string, guess: number, code: number): string;
  allows(state: string, guess: number): boolean;
}

export interface CandidateRankerSettings {
  /** Guesses tried at every node besides the candidates, best first. */
  readonly probes: Uint32Array;
  /** Larger sets try only the probes. */
  readonly candidatePoolMax: number;
  readonly candidateShortcut: boolean;
}

export interface CandidateGame extends SearchGame {
  secretOfGuess(guess: number): number;
}

const PROBE_CACHE_MAX = 20_000;

export class CandidateRanker implements Ranker<string> {
  readonly game: CandidateGame;
  readonly objective: AttemptObjective<string>;
  readonly settings: CandidateRankerSettings;
  readonly rule: GuessRule | undefined;
  private readonly partitioner: Partitioner;
  private readonly inSetStamp: Uint32Array;
  private stamp = 0;
  private readonly probesByState = new Map<string, Uint32Array>();
  private readonly top = new TopK();

  constructor(game: CandidateGame, objective: AttemptObjective<string>, settings: CandidateRankerSettings, rule?: GuessRule) {
    this.game = game;
    this.objective = objective;
    this.settings = settings;
    this.rule = rule;
    this.partitioner = new Partitioner(game, 'first-seen');
    this.inSetStamp = new Uint32Array(game.guessCount);
  }

  /** Candidates first (as guesses), then probes that are not candidates. */
  pool(set: Uint32Array, state: string): Uint32Array {
    const game = this.game;
    const probes = this.rule ? this.allowedProbes(state) : this.settings.probes;
    if (set.length > this.settings.candidatePoolMax) return probes;
    const stamp = ++this.stamp;
    const out = new Uint32Array(set.length + probes.length);
    let k = 0;
    for (let i = 0; i < set.length; i++) {
      const g = game.guessOfSecret(set[i] as number);
      this.inSetStamp[g] = stamp;
      out[k++] = g;
    }
    for (let i = 0; i < probes.length; i++) {
      const g = probes[i] as number;
      if (this.inSetStamp[g] !== stamp) out[k++] = g;
    }
    return out.subarray(0, k);
  }

  /** The probes a rule state allows, in probe order (cached per state). */
  private allowedProbes(state: string): Uint32Array {
    const hit = this.probesByState.get(state);
    if (hit) return hit;
    const rule = this.rule as GuessRule;
    const all = this.settings.probes;
    const out: number[] = [];
    for (let i = 0; i < all.length; i++) if (rule.allows(state, all[i] as number)) out.push(all[i] as number);
    const probes = Uint32Array.from(out);
    if (this.probesByState.size >= PROBE_CACHE_MAX) this.probesByState.clear();
    this.probesByState.set(state, probes);
    return probes;
  }

  poolSize(set: Uint32Array, node: SearchNode<string>): number {
    return this.pool(set, node.state).length;
  }

  /**
   * The one-step bound of one guess at a node, with its split's statistics. The size bound is
   * affine in the group size (one secret on the next attempt, the others on the one after), so
   * the bound depends only on the number of groups and whether the guess can win.
   */
  private stats = { bound: 0, squares: 0, hits: false, exact: false };
  private guessStats(guess: number, n: number, gc: number, first: number, next: number): void {
    const p = this.partitioner;
    const k = p.count(guess);
    const counts = p.counts;
    const touched = p.touched;
    const solved = this.game.solvedCode;
    let hits = false;
    let squares = 0;
    let largest = 0;
    for (let j = 0; j < k; j++) {
      const c = touched[j] as number;
      const m = counts[c] as number;
      counts[c] = 0;
      squares += m * m;
      if (m > largest) largest = m;
      if (c === solved) hits = true;
    }
    const parts = hits ? k - 1 : k;
    const s = this.stats;
    s.bound = n * gc + parts * first + (n - (hits ? 1 : 0) - parts) * next;
    s.squares = squares;
    s.hits = hits;
    s.exact = largest <= 2;
  }

  /** The terms of the one-step bound after `used` guesses: each secret's guess, the first of a group, each other. */
  private terms(used: number): { gc: number; first: number; next: number } {
    const obj = this.objective;
    const first = obj.sizeBound(1, used + 1);
    return { gc: obj.groupCost(0, 1, used), first, next: obj.sizeBound(2, used + 1) - first };
  }

  rank(set: Uint32Array, node: SearchNode<string>, width: number, from = 0, to = Infinity): Ranking {
    const n = set.length;
    const used = node.used;
    const obj = this.objective;
    const left = obj.attempts - used;
    const ceiling = obj.sizeBound(n, used);
    const pool = this.pool(set, node.state);
    const end = Math.min(to, pool.length);
    const complete = pool.length === this.game.guessCount;
    const top = this.top;
    top.reset(left === 2 ? 1 : width);
    // The candidate shortcut: candidates open the pool when it holds them.
    const shortcutAt = this.settings.candidateShortcut && from === 0 && n <= this.settings.candidatePoolMax && end > n ? n : -1;
    let bestCandidate: RankedGuess | null = null;
    let bestCandidateExact = false;
    let minBound = Infinity;
    const nextAttempt = n * (obj.costAt(used + 2) - obj.costAt(used));
    this.partitioner.begin(set);
    const s = this.stats;
    const { gc, first, next } = this.terms(used);
    for (let pi = from; pi < end; pi++) {
      if (pi === shortcutAt && bestCandidate !== null && bestCandidateExact && bestCandidate.bound <= minBound) {
        // No guess that is not a candidate can beat n secrets found on the next attempt.
        if (bestCandidate.bound <= nextAttempt) return { optimal: bestCandidate, top: EMPTY_RANKED, setBound: bestCandidate.bound, complete };
      }
      const g = pool[pi] as number;
      this.guessStats(g, n, gc, first, next);
      if (s.bound < minBound) minBound = s.bound;
      const key2 = s.squares * 2 + (s.hits ? 0 : 1);
      if (pi < shortcutAt && (bestCandidate === null || s.bound < bestCandidate.bound)) {
        bestCandidate = { guess: g, at: pi, bound: s.bound, key1: s.bound, key2 };
        bestCandidateExact = s.exact;
      }
      // A candidate that splits the rest into singletons reaches the set's bound: optimal.
      if (s.hits && s.bound === ceiling) return { optimal: { guess: g, at: pi, bound: s.bound, key1: s.bound, key2 }, top: EMPTY_RANKED, setBound: ceiling, complete };
      // With two tries left a group's bound is its exact value: the best bound is optimal.
      top.push(g, pi, s.bound, s.bound, left === 2 ? 0 : key2);
    }
    const best = top.result();
    if (left === 2) return { optimal: best.length ? rankedAt(best, 0) : null, top: EMPTY_RANKED, setBound: minBound, complete };
    return { optimal: null, top: best, setBound: minBound, complete };
  }

  merge(parts: readonly Ranking[], width: number, node: SearchNode<string>): Ranking {
    const left = this.objective.attempts - node.used;
    const setBound = Math.min(...parts.map((p) => p.setBound));
    const complete = parts.every((p) => p.complete);
    const optimal = parts
      .map((p) => p.optimal)
      .filter((o): o is RankedGuess => o !== null)
      .sort((a, b) => a.at - b.at)[0];
    if (optimal && left !== 2) return { optimal, top: EMPTY_RANKED, setBound, complete };
    if (left === 2) {
      // Each slice's best bound: the first least bound over all slices.
      const best = parts
        .map((p) => p.optimal)
        .filter((o): o is RankedGuess => o !== null)
        .sort((a, b) => a.bound - b.bound || a.at - b.at)[0];
      return { optimal: best ?? null, top: EMPTY_RANKED, setBound, complete };
    }
    return { optimal: null, top: mergeTop(parts.map((p) => p.top), width), setBound, complete };
  }

  /** The one-step bound of one guess at a node: no plan that plays it there costs less. */
  guessBound(guess: number, set: Uint32Array, used: number): number {
    this.partitioner.begin(set);
    const { gc, first, next } = this.terms(used);
    this.guessStats(guess, set.length, gc, first, next);
    return this.stats.bound;
  }

  /** The least one-step bound of any guess at a node (exact for one secret and the last tries). */
  nodeBound(set: Uint32Array, node: SearchNode<string>): number {
    const t = this.objective.terminal(set, node.used);
    if (t) return t.cost;
    return this.rank(set, node, 1).setBound;
  }
}
