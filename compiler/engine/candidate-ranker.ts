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
import {
  WHOLE_POOL,
  type QuickResult,
  type RankOptions,
  type Ranker,
  type Ranking,
  type RankedGuess,
  type RankedList,
  type SearchGame,
  type SearchNode,
} from './types.js';
import { popcount32 } from './bits.js';

/** A rule that restricts the guesses by what the replies so far revealed (its state is a short string). */
export interface GuessRule {
  readonly start: string;
  after(state: string, guess: number, code: number): string;
  allows(state: string, guess: number): boolean;
  /** Optional: the guesses of `list` the state allows, in list order (faster than `allows` one by one). */
  filter?(state: string, list: Uint32Array): Uint32Array;
}

export interface CandidateRankerSettings {
  /** Guesses tried at every node besides the candidates, best first. */
  readonly probes: Uint32Array;
  /** Larger sets try only the probes. */
  readonly candidatePoolMax: number;
  readonly candidateShortcut: boolean;
  /**
   * The rules that hold only when every guess is compared at every node (widths Infinity):
   * a guess that leaves the set whole is never offered; a guess known optimal is taken when
   * the least bound is exact (groups of at most two) or a non-candidate splits the set into
   * singletons once no candidate does; the pool is ordered by `exactOrder`.
   */
  readonly exact?: boolean | undefined;
  /**
   * The order of an exact ranking: 'bound' (the one-step bound, then the sum of squared group
   * sizes) or 'mixed' (n times the bound plus twice a guess's cost times the sum of squares:
   * an even split can come before a slightly better bound).
   */
  readonly exactOrder?: 'bound' | 'mixed' | undefined;
  /** Endgame families (exact only): sets of secrets that only one position tells apart. */
  readonly endgames?: Endgames | undefined;
  /**
   * Families of two or more, only to pass over guesses that cannot split a set into singletons
   * when nothing else can count (two tries left, a tight budget): the rankings do not change.
   */
  readonly splitFamilies?: Endgames | undefined;
}

/**
 * Endgame families, precomputed: secrets alike but for the letter at one position (`_akes`:
 * bakes, cakes, fakes...). A guess tells the secrets of a family apart only by the letters it
 * holds, each in its own reply (the others share one): with r − 1 guesses before the last try,
 * at most 1 + the sum of the r − 1 largest (replies − 1) of them are told apart. When that is
 * fewer than a node's members of the family, some secret of the node cannot be found within r
 * tries, whatever the plan.
 */
export interface Endgames {
  /** The families of secret s: list[of[s] .. of[s + 1]). */
  readonly of: Int32Array;
  readonly list: Int32Array;
  readonly count: number;
  /** Beside `list`: the bit of the letter secret s has where its family differs. */
  readonly letterBit: Int32Array;
  /** The letters of each guess, a bit each. */
  readonly guessLetters: Int32Array;
}

/** Families of at least `min` secrets among `words` (each `length` letters, codes 0..25 in `letters[w * length + p]`). */
export function endgameFamilies(
  letters: Uint8Array,
  length: number,
  secrets: number,
  secretWord: (s: number) => number,
  min: number,
): Endgames {
  const byKey = new Map<string, number[]>();
  for (let s = 0; s < secrets; s++) {
    const w = secretWord(s);
    for (let p = 0; p < length; p++) {
      let key = String(p);
      for (let q = 0; q < length; q++) if (q !== p) key += String.fromCharCode(97 + letters[w * length + q]);
      const members = byKey.get(key);
      if (members) members.push(s);
      else byKey.set(key, [s]);
    }
  }
  const per: number[][] = Array.from({ length: secrets }, () => []);
  const bits: number[][] = Array.from({ length: secrets }, () => []);
  let count = 0;
  for (const [key, members] of byKey) {
    if (members.length < min) continue;
    const p = Number(key[0]);
    for (const s of members) {
      per[s].push(count);
      bits[s].push(1 << letters[secretWord(s) * length + p]);
    }
    count++;
  }
  const of = new Int32Array(secrets + 1);
  const list: number[] = [];
  const letterBit: number[] = [];
  per.forEach((fs, s) => {
    of[s] = list.length;
    list.push(...fs);
    letterBit.push(...bits[s]);
  });
  of[secrets] = list.length;
  const guessLetters = new Int32Array(letters.length / length);
  for (let g = 0; g < guessLetters.length; g++)
    for (let p = 0; p < length; p++) guessLetters[g] |= 1 << letters[g * length + p];
  return { of, list: Int32Array.from(list), count, letterBit: Int32Array.from(letterBit), guessLetters };
}

export interface CandidateGame extends SearchGame {
  secretOfGuess(guess: number): number;
}

const PROBE_CACHE_MAX = 20_000;
/** See `CandidateRanker.frame`. */
/** An exact ranking's packed keys (`CandidateRanker.packing`). */
interface ExactPack {
  readonly mixed: boolean;
  readonly placeScale: number;
  readonly squareScale: number;
  readonly packed: Float64Array;
  readonly boundAt: Float64Array;
}

interface RankFrame {
  readonly n: number;
  readonly used: number;
  readonly left: number;
  readonly ceiling: number;
  readonly poolLength: number;
  readonly end: number;
  readonly complete: boolean;
  readonly nextAttempt: number;
}

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
  /** The pool of the last `fillPool` call: poolBuf[0..its returned length). */
  private readonly poolBuf: Uint32Array;
  /** The reply table (secret-major), when the game has one, and its scratch. */
  private readonly table: Uint8Array | null;
  private readonly stride: number;
  private readonly rows: Int32Array;
  private readonly counts: Int32Array;
  private readonly touched: Int32Array;
  /** `splitNeeds`'s scratch: each split family's members in the set and their letters (stamped). */
  private readonly splitCount: Int32Array;
  private readonly splitLetters: Int32Array;
  private readonly splitStamp: Int32Array;
  private splitGen = 0;
  /** `splitNeeds`'s result: the families' letters and needs, most needed first. */
  private readonly splitMask: Int32Array;
  private readonly splitNeed: Int32Array;
  /** Endgame scratch: members of each family in the node's set (stamped). */
  private readonly familyCount: Int32Array;
  private readonly familyStamp: Int32Array;
  private familyGen = 0;
  /** The members in the set of the family `largestFamily` found last. */
  private largestSize = 0;
  private readonly familyMembers: Uint32Array;
  private readonly topReplies = new Int32Array(16);
  /** `splitBound`'s bit sets: one per guess of the pool, a bit per reply. */
  private bits = new Uint32Array(0);
  // Statistics of the last `tableStats` call.
  private tCollisions = 0;
  private tSquares = 0;
  private tLargeGroup = false;
  private tGroups = 0;

  constructor(
    game: CandidateGame,
    objective: AttemptObjective<string>,
    settings: CandidateRankerSettings,
    rule?: GuessRule,
  ) {
    this.game = game;
    this.objective = objective;
    this.settings = settings;
    this.rule = rule;
    this.partitioner = new Partitioner(game, 'first-seen');
    this.inSetStamp = new Uint32Array(game.guessCount);
    this.poolBuf = new Uint32Array(game.secretCount + settings.probes.length);
    const t = game.replyTable;
    this.table = t ? t.codes : null;
    this.stride = t ? t.stride : 0;
    this.rows = new Int32Array(game.secretCount);
    this.counts = new Int32Array(game.codeCount);
    this.touched = new Int32Array(Math.min(game.codeCount, game.secretCount) + 1);
    const split = settings.splitFamilies?.count ?? 0;
    this.splitCount = new Int32Array(split);
    this.splitLetters = new Int32Array(split);
    this.splitStamp = new Int32Array(split);
    this.splitMask = new Int32Array(split);
    this.splitNeed = new Int32Array(split);
    const families = settings.endgames?.count ?? 0;
    this.familyCount = new Int32Array(families);
    this.familyStamp = new Int32Array(families);
    this.familyMembers = new Uint32Array(families > 0 ? game.secretCount : 0);
  }

  /** Whether every plan of the set leaves a secret unsolved: its largest endgame family is told apart by no plan. */
  lostAt(set: Uint32Array, node: SearchNode<string>): boolean {
    return this.endgameLost(set, 0, set.length, this.objective.attempts - node.used, node.state);
  }

  /**
   * The guesses of `ranked` from `from` on in the order that tells the set's largest endgame
   * family apart best (the most of its letters a guess holds: members whose letter a guess
   * lacks all get one reply), ties in rank order; null when the set has no family of 3 or more.
   */
  familyOrder(set: Uint32Array, ranked: RankedList, from: number): Uint32Array | null {
    const e = this.settings.endgames;
    if (!e) return null;
    const mask = this.largestFamilyLetters(set, 0, set.length);
    if (mask === 0) return null;
    const order = new Uint32Array(ranked.length - from);
    const cover = new Int32Array(ranked.length - from);
    for (let i = from; i < ranked.length; i++) {
      order[i - from] = i;
      cover[i - from] = popcount32(e.guessLetters[ranked.guess[i]] & mask);
    }
    order.sort((a, b) => cover[b - from] - cover[a - from] || a - b);
    return order;
  }

  /** The letters the set's largest family (3 or more members) differs by, a bit each; 0: none. */
  private largestFamilyLetters(buf: Uint32Array, off: number, n: number): number {
    const best = this.largestFamily(buf, off, n);
    return this.largestSize < 3 ? 0 : this.gatherFamily(buf, off, n, best);
  }

  /**
   * The members in the set of family `best` (`largestFamily`'s: `largestSize` of them) into
   * `familyMembers`; returns the letters they differ by, a bit each.
   */
  private gatherFamily(buf: Uint32Array, off: number, n: number, best: number): number {
    const e = this.settings.endgames as Endgames;
    const members = this.familyMembers;
    let m = 0;
    let mask = 0;
    for (let i = 0; i < n; i++) {
      const s = buf[off + i];
      for (let j = e.of[s]; j < e.of[s + 1]; j++)
        if (e.list[j] === best) {
          members[m++] = s;
          mask |= e.letterBit[j];
        }
    }
    return mask;
  }

  /** The set's largest endgame family (-1: none), its members in the set left in `largestSize`. */
  private largestFamily(buf: Uint32Array, off: number, n: number): number {
    const e = this.settings.endgames as Endgames;
    const gen = ++this.familyGen;
    const count = this.familyCount;
    const stampOf = this.familyStamp;
    let best = -1;
    let most = 0;
    for (let i = 0; i < n; i++) {
      const s = buf[off + i];
      for (let j = e.of[s]; j < e.of[s + 1]; j++) {
        const f = e.list[j];
        const c = stampOf[f] === gen ? count[f] + 1 : 1;
        stampOf[f] = gen;
        count[f] = c;
        if (c > most) {
          most = c;
          best = f;
        }
      }
    }
    this.largestSize = most;
    return best;
  }

  /**
   * What a guess must hold to split the set into singletons: of each split family with k ≥ 2
   * members in the set, k − 1 of the letters they differ by (members whose letter a guess lacks
   * share its reply). Each family's letters into `splitMask`, its need into `splitNeed`; returns
   * how many families.
   */
  private splitNeeds(set: Uint32Array, n: number): number {
    const e = this.settings.splitFamilies;
    if (!e) return 0;
    const gen = ++this.splitGen;
    const count = this.splitCount;
    const letters = this.splitLetters;
    const stamp = this.splitStamp;
    for (let i = 0; i < n; i++) {
      const s = set[i];
      for (let j = e.of[s]; j < e.of[s + 1]; j++) {
        const f = e.list[j];
        const seen = stamp[f] === gen;
        count[f] = seen ? count[f] + 1 : 1;
        letters[f] = seen ? letters[f] | e.letterBit[j] : e.letterBit[j];
        stamp[f] = gen;
      }
    }
    // Each family of two or more once (its count then cleared), kept by need, most first (a
    // guess fails the first one most often).
    const needs = this.splitNeed;
    const masks = this.splitMask;
    let k = 0;
    for (let i = 0; i < n; i++) {
      const s = set[i];
      for (let j = e.of[s]; j < e.of[s + 1]; j++) {
        const f = e.list[j];
        if (count[f] < 2) continue;
        const need = count[f] - 1;
        let at = k++;
        for (; at > 0 && needs[at - 1] < need; at--) {
          needs[at] = needs[at - 1];
          masks[at] = masks[at - 1];
        }
        needs[at] = need;
        masks[at] = letters[f];
        count[f] = 0;
      }
    }
    return k;
  }

  /** Whether a guess of these letters holds what each of the `k` split families of `splitNeeds` needs but the first. */
  private splitsOtherFamilies(letters: number, k: number): boolean {
    for (let i = 1; i < k; i++) if (popcount32(letters & this.splitMask[i]) < this.splitNeed[i]) return false;
    return true;
  }

  /**
   * The endgame test at a set with `left` tries: whether its largest family cannot be told
   * apart within them (then some secret of the set stays unfound, whatever the plan).
   */
  private endgameLost(buf: Uint32Array, off: number, n: number, left: number, state: string): boolean {
    const e = this.settings.endgames;
    if (!e || left < 2 || left > 16) return false;
    const best = this.largestFamily(buf, off, n);
    // Told apart trivially when one guess a try is enough for each.
    if (best < 0 || this.largestSize <= left) return false;
    const famMask = this.gatherFamily(buf, off, n, best);
    const members = this.familyMembers;
    const m = this.largestSize;
    // The replies each allowed guess gives the family; the left − 1 largest (replies − 1) kept
    // (ascending in `top`), until they tell the family apart.
    const guesses = this.rule ? this.allowedProbes(state) : this.settings.probes;
    this.prepareRows(members, 0, m);
    const slots = left - 1;
    const top = this.topReplies;
    for (let k = 0; k < slots; k++) top[k] = 0;
    let sum = 0;
    for (let i = 0; i < guesses.length; i++) {
      // Members whose letter the guess lacks get one reply: at most 1 + its family letters.
      if (popcount32(e.guessLetters[guesses[i]] & famMask) <= top[0]) continue;
      this.tableStats(guesses[i], m, Infinity);
      const extra = this.tGroups - 1;
      if (extra <= top[0]) continue;
      sum += extra - top[0];
      let k = 1;
      for (; k < slots && top[k] < extra; k++) top[k - 1] = top[k];
      top[k - 1] = extra;
      if (1 + sum >= m) return false;
    }
    return true;
  }

  /** Stamp the guesses of the set's secrets (a guess can win iff it is stamped). */
  private stampSet(buf: Uint32Array, off: number, n: number): number {
    const stamp = ++this.stamp;
    const game = this.game;
    for (let i = 0; i < n; i++) this.inSetStamp[game.guessOfSecret(buf[off + i])] = stamp;
    return stamp;
  }

  /** Candidates first (as guesses), then probes that are not candidates; into poolBuf, returns its length. */
  private fillPool(set: Uint32Array, state: string): number {
    const game = this.game;
    const probes = this.rule ? this.allowedProbes(state) : this.settings.probes;
    const out = this.poolBuf;
    if (set.length > this.settings.candidatePoolMax) {
      out.set(probes, 0);
      return probes.length;
    }
    const stamp = this.stampSet(set, 0, set.length);
    let k = 0;
    for (let i = 0; i < set.length; i++) out[k++] = game.guessOfSecret(set[i]);
    for (let i = 0; i < probes.length; i++) {
      const g = probes[i];
      if (this.inSetStamp[g] !== stamp) out[k++] = g;
    }
    return k;
  }

  /** Candidates first (as guesses), then probes that are not candidates (a copy). */
  pool(set: Uint32Array, state: string): Uint32Array {
    const k = this.fillPool(set, state);
    return this.poolBuf.slice(0, k);
  }

  /** The probes a rule state allows, in probe order (cached per state). */
  private allowedProbes(state: string): Uint32Array {
    const hit = this.probesByState.get(state);
    if (hit) return hit;
    const rule = this.rule as GuessRule;
    const all = this.settings.probes;
    let probes: Uint32Array;
    if (rule.filter) probes = rule.filter(state, all);
    else {
      const out: number[] = [];
      for (let i = 0; i < all.length; i++) if (rule.allows(state, all[i])) out.push(all[i]);
      probes = Uint32Array.from(out);
    }
    if (this.probesByState.size >= PROBE_CACHE_MAX) this.probesByState.clear();
    this.probesByState.set(state, probes);
    return probes;
  }

  poolSize(set: Uint32Array, node: SearchNode<string>): number {
    return this.fillPool(set, node.state);
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
      const c = touched[j];
      const m = counts[c];
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

  /** Rows of the table for the secrets `buf[off .. off + n)`. */
  private prepareRows(buf: Uint32Array, off: number, n: number): void {
    const rows = this.rows;
    const stride = this.stride;
    for (let i = 0; i < n; i++) rows[i] = buf[off + i] * stride;
  }

  /**
   * The split statistics of guess `g` over the prepared rows, from the table: collisions
   * (secrets minus groups), the sum of squared group sizes, whether a group holds more than
   * two. Stops once the collisions reach `limit` (the guess's bound then reaches the budget);
   * returns false then.
   */
  private tableStats(g: number, n: number, limit: number): boolean {
    const T = this.table as Uint8Array;
    const rows = this.rows;
    const counts = this.counts;
    const touched = this.touched;
    let k = 0;
    let col = 0;
    let sq = 0;
    let large = false;
    let done = true;
    for (let i = 0; i < n; i++) {
      const c = T[rows[i] + g];
      const m = counts[c];
      if (m === 0) touched[k++] = c;
      else {
        if (m >= 2) large = true;
        if (++col >= limit) {
          done = false;
          break;
        }
      }
      counts[c] = m + 1;
      sq += 2 * m + 1;
    }
    for (let j = 0; j < k; j++) counts[touched[j]] = 0;
    this.tCollisions = col;
    this.tSquares = sq;
    this.tLargeGroup = large;
    this.tGroups = k;
    return done;
  }

  /** The terms of the one-step bound after `used` guesses: each secret's guess, the first of a group, each other. */
  private terms(used: number): { gc: number; first: number; next: number } {
    const obj = this.objective;
    const first = obj.sizeBound(1, used + 1);
    return { gc: obj.groupCost(0, 1, used), first, next: obj.sizeBound(2, used + 1) - first };
  }

  /**
   * Collisions at which a guess's bound reaches `beta`: the bound is
   * n·gc + (n − hit)·first + collisions·(next − first).
   */
  private static collisionLimit(beta: number, n: number, hit: number, gc: number, first: number, next: number): number {
    if (beta === Infinity || next <= first) return Infinity;
    return Math.max(0, Math.ceil((beta - n * gc - (n - hit) * first) / (next - first)));
  }

  /**
   * The quick look (the engine's prepass): the candidates only, each until its second
   * collision. A candidate that splits the set into singletons is optimal (as `rank` finds
   * it); failing that, with the candidate shortcut, the first candidate with a single pair
   * when no other guess can beat it (as `rank` takes it). Else a lower bound: a candidate
   * costs at least its one-step bound, any other guess at least every secret on the next attempt.
   */
  quick(buf: Uint32Array, off: number, n: number, node: SearchNode<string>, out: QuickResult): void {
    const obj = this.objective;
    const used = node.used;
    out.guess = -1;
    if (n > this.settings.candidatePoolMax || !this.table) {
      out.cost = obj.sizeBound(n, used);
      return;
    }
    const { gc, first, next } = this.terms(used);
    const nextAttempt = n * (obj.costAt(used + 2) - obj.costAt(used));
    const game = this.game;
    let pair = -1;
    for (let i = 0; i < n; i++) {
      const g = game.guessOfSecret(buf[off + i]);
      const col = this.partitioner.collisionsOf(g, buf, off, n, 2);
      if (col === 0) {
        out.guess = g;
        out.cost = n * gc + (n - 1) * first;
        return;
      }
      if (col === 1 && pair < 0) pair = g;
    }
    const candidateBound = n * gc + (n - 1) * first + (pair >= 0 ? 1 : 2) * (next - first);
    if (
      pair >= 0 &&
      this.settings.candidateShortcut &&
      candidateBound <= nextAttempt &&
      this.poolHasProbe(buf, off, n, node.state)
    ) {
      out.guess = pair;
      out.cost = candidateBound;
      return;
    }
    out.cost = Math.min(candidateBound, nextAttempt);
    // An endgame lost within the tries left: some secret is never found.
    if (this.endgameLost(buf, off, n, obj.attempts - used, node.state)) {
      out.cost = Math.max(out.cost, obj.unsolved - obj.costAt(used) + (n - 1) * gc);
    }
  }

  /** Whether the pool of a set holds a guess that is not a candidate. */
  private poolHasProbe(buf: Uint32Array, off: number, n: number, state: string): boolean {
    const probes = this.rule ? this.allowedProbes(state) : this.settings.probes;
    if (probes.length > n) return true;
    const stamp = this.stampSet(buf, off, n);
    for (let i = 0; i < probes.length; i++) if (this.inSetStamp[probes[i]] !== stamp) return true;
    return false;
  }

  /** What both rankings start from: the set's size and tries, its bound, the pool (filled) and its end. */
  private frame(set: Uint32Array, node: SearchNode<string>, to: number): RankFrame {
    const n = set.length;
    const used = node.used;
    const obj = this.objective;
    const poolLength = this.fillPool(set, node.state);
    return {
      n,
      used,
      left: obj.attempts - used,
      ceiling: obj.sizeBound(n, used),
      poolLength,
      end: Math.min(to, poolLength),
      complete: poolLength === this.game.guessCount,
      // n secrets all found on the next attempt.
      nextAttempt: n * (obj.costAt(used + 2) - obj.costAt(used)),
    };
  }

  rank(set: Uint32Array, node: SearchNode<string>, width: number, opts: RankOptions = WHOLE_POOL): Ranking {
    if (this.table) return this.rankTable(set, node, width, opts);
    const { from = 0, to = Infinity } = opts;
    const { n, used, left, ceiling, end, complete, nextAttempt } = this.frame(set, node, to);
    const pool = this.poolBuf;
    const top = this.top;
    top.reset(left === 2 ? 1 : width);
    // The candidate shortcut: candidates open the pool when it holds them.
    const shortcutAt =
      this.settings.candidateShortcut && from === 0 && n <= this.settings.candidatePoolMax && end > n ? n : -1;
    let bestCandidate: RankedGuess | null = null;
    let bestCandidateExact = false;
    let minBound = Infinity;
    this.partitioner.begin(set);
    const s = this.stats;
    const { gc, first, next } = this.terms(used);
    for (let pi = from; pi < end; pi++) {
      if (pi === shortcutAt && bestCandidate !== null && bestCandidateExact && bestCandidate.bound <= minBound) {
        // No guess that is not a candidate can beat n secrets found on the next attempt.
        if (bestCandidate.bound <= nextAttempt)
          return { optimal: bestCandidate, top: EMPTY_RANKED, setBound: bestCandidate.bound, complete };
      }
      const g = pool[pi];
      this.guessStats(g, n, gc, first, next);
      if (s.bound < minBound) minBound = s.bound;
      const key2 = s.squares * 2 + (s.hits ? 0 : 1);
      if (pi < shortcutAt && (bestCandidate === null || s.bound < bestCandidate.bound)) {
        bestCandidate = { guess: g, at: pi, bound: s.bound, key1: s.bound, key2 };
        bestCandidateExact = s.exact;
      }
      // A candidate that splits the rest into singletons reaches the set's bound: optimal.
      if (s.hits && s.bound === ceiling)
        return {
          optimal: { guess: g, at: pi, bound: s.bound, key1: s.bound, key2 },
          top: EMPTY_RANKED,
          setBound: ceiling,
          complete,
        };
      // With two tries left a group's bound is its exact value: the best bound is optimal.
      top.push(g, pi, s.bound, s.bound, left === 2 ? 0 : key2);
    }
    const best = top.result();
    if (left === 2)
      return { optimal: best.length ? rankedAt(best, 0) : null, top: EMPTY_RANKED, setBound: minBound, complete };
    return { optimal: null, top: best, setBound: minBound, complete };
  }

  /**
   * `rank` over the reply table: the same ranking, each guess's split counted straight from the
   * table and stopped once its bound reaches `beta` (such a guess is never searched; the set's
   * bound is then at most `beta`). With `exact`, the exact rules and order of the settings.
   */
  /**
   * The probe (the engine's prepass, for large parts): every guess of the pool counted as `rank`
   * counts them, no list built: the set's bound (at most `beta`), or the guess `rank` would
   * take as known optimal, with its exact cost.
   */
  probe(set: Uint32Array, node: SearchNode<string>, width: number, beta: number, out: QuickResult): void {
    const r = this.table ? this.rankTable(set, node, width, { beta }, true) : this.rank(set, node, width, { beta });
    if (r.optimal) {
      out.guess = r.optimal.guess;
      out.cost = r.optimal.bound;
    } else {
      out.guess = -1;
      out.cost = r.setBound;
    }
  }

  /**
   * The least one-step bound over the node's pool, from the groups each guess makes: the reply
   * table is read row by row (one secret's replies to every guess, contiguous), each guess's
   * replies kept as a bit set, so the cost is the set's size times the pool's with no scattered
   * reads. A guess making k groups, one of them the win when `hit`, is bound by
   * n·gc + (k − hit)·first + (n − k)·next, as `rank` bounds it.
   */
  splitBound(set: Uint32Array, node: SearchNode<string>): number {
    const T = this.table;
    const n = set.length;
    const obj = this.objective;
    if (!T || n < 2 || obj.attempts - node.used < 2) return obj.sizeBound(n, node.used);
    const poolLength = this.fillPool(set, node.state);
    const pool = this.poolBuf;
    const words = (this.game.codeCount + 31) >>> 5;
    const size = poolLength * words;
    if (this.bits.length < size) this.bits = new Uint32Array(size);
    const bits = this.bits;
    bits.fill(0, 0, size);
    const stride = this.stride;
    for (let i = 0; i < n; i++) {
      const row = set[i] * stride;
      for (let j = 0, at = 0; j < poolLength; j++, at += words) {
        const c = T[row + pool[j]];
        bits[at + (c >>> 5)] |= 1 << (c & 31);
      }
    }
    const { gc, first, next } = this.terms(node.used);
    const solved = this.game.solvedCode;
    const sw = solved >>> 5;
    const sb = 1 << (solved & 31);
    let least = Infinity;
    for (let j = 0, at = 0; j < poolLength; j++, at += words) {
      let k = 0;
      for (let w = 0; w < words; w++) k += popcount32(bits[at + w]);
      const hit = (bits[at + sw] & sb) !== 0 ? 1 : 0;
      const bound = n * gc + (k - hit) * first + (n - k) * next;
      if (bound < least) least = bound;
    }
    return least;
  }

  private rankTable(
    set: Uint32Array,
    node: SearchNode<string>,
    width: number,
    opts: RankOptions,
    probe = false,
  ): Ranking {
    const { from = 0, to = Infinity, beta = Infinity } = opts;
    const { n, used, left, ceiling, poolLength, end, complete, nextAttempt } = this.frame(set, node, to);
    const pool = this.poolBuf;
    // The pool's candidates (they may win) are the stamped guesses.
    const stamp = set.length > this.settings.candidatePoolMax ? this.stampSet(set, 0, n) : this.stamp;
    const inSet = this.inSetStamp;
    const leading = n <= this.settings.candidatePoolMax;
    // The exact order, in any slice; the exact rules compare with every guess of the pool.
    const exactOrder = this.settings.exact === true && width === Infinity && leading;
    const exact = exactOrder && from === 0 && end === poolLength;
    const top = this.top;
    const sorted = exactOrder && left !== 2 && !probe;
    // A probe keeps only what `optimal` needs (the best guess with two tries left).
    const listed = !probe || left === 2;
    top.reset(left === 2 ? 1 : sorted || !listed ? 0 : width);
    const shortcutAt = this.settings.candidateShortcut && from === 0 && leading && end > n ? n : -1;
    let bestCandidate: RankedGuess | null = null;
    let bestCandidateExact = false;
    let minBound = Infinity;
    const { gc, first, next } = this.terms(used);
    const limitMiss = CandidateRanker.collisionLimit(beta, n, 0, gc, first, next);
    const limitHit = CandidateRanker.collisionLimit(beta, n, 1, gc, first, next);
    // A full selection of a few takes a guess only below its last entry's bound (or at it by a
    // smaller key2, never with two tries left): counting stops at the collisions that rule it out.
    const capped = !exactOrder && listed && next > first && (left === 2 || Number.isFinite(width));
    let capMiss = Infinity;
    let capHit = Infinity;
    // Past the candidates no guess can win: none then beats every secret in its own group (the
    // bound `allApart`, key2 2n + 1), nor ties with it on both keys and enters.
    const allApart = n * gc + n * first;
    this.prepareRows(set, 0, n);
    // Two tries left and a budget any collision reaches: only a guess that splits the set into
    // singletons counts, so one holding, of each family of two or more in the set, all but one
    // of the letters it differs by (the members whose letter a guess lacks share a reply). The
    // others would stop at a collision: passing over them changes nothing.
    const needs = left === 2 && limitMiss <= 1 && limitHit <= 1 ? this.splitNeeds(set, n) : 0;
    const guessLetters = needs > 0 ? (this.settings.splitFamilies as Endgames).guessLetters : null;
    const firstMask = needs > 0 ? this.splitMask[0] : 0;
    const firstNeed = needs > 0 ? this.splitNeed[0] : 0;
    // Exact rankings: the first exact guess of least bound, and the survivors' packed keys.
    let exactBest: RankedGuess | null = null;
    const pack = sorted ? this.packing(n, poolLength, end - from) : null;
    if (sorted && !pack) top.reset(Infinity);
    let survivors = 0;
    for (let pi = from; pi < end; pi++) {
      if (pi === shortcutAt && bestCandidate !== null && bestCandidateExact && bestCandidate.bound <= minBound) {
        // No guess that is not a candidate can beat n secrets found on the next attempt.
        if (bestCandidate.bound <= nextAttempt)
          return CandidateRanker.known(bestCandidate, bestCandidate.bound, complete);
      }
      const g = pool[pi];
      if (guessLetters !== null) {
        const letters = guessLetters[g];
        if (popcount32(letters & firstMask) < firstNeed || (needs > 1 && !this.splitsOtherFamilies(letters, needs)))
          continue;
      }
      const hit = inSet[g] === stamp ? 1 : 0;
      if (!this.tableStats(g, n, hit ? Math.min(limitHit, capHit) : Math.min(limitMiss, capMiss))) continue;
      const col = this.tCollisions;
      const bound = n * gc + (n - col - hit) * first + col * next;
      if (bound >= beta) continue;
      if (exact && this.tGroups === 1 && !hit) continue; // learns nothing: never optimal
      if (bound < minBound) minBound = bound;
      const key2 = this.tSquares * 2 + (hit ? 0 : 1);
      const groupsOfTwo = !this.tLargeGroup;
      if (pi < shortcutAt && (bestCandidate === null || bound < bestCandidate.bound)) {
        bestCandidate = { guess: g, at: pi, bound, key1: bound, key2 };
        bestCandidateExact = groupsOfTwo;
      }
      // A candidate that splits the rest into singletons reaches the set's bound: optimal.
      if (hit && bound === ceiling)
        return CandidateRanker.known({ guess: g, at: pi, bound, key1: bound, key2 }, ceiling, complete);
      if (exact) {
        // Once no candidate splits the set into singletons, nothing beats every secret on the
        // next attempt: a guess that does it (into singletons, not a candidate) is optimal.
        if (col === 0 && pi >= n && bound === nextAttempt)
          return CandidateRanker.known({ guess: g, at: pi, bound, key1: bound, key2 }, bound, complete);
        if (groupsOfTwo && bound < (exactBest?.bound ?? Infinity))
          exactBest = { guess: g, at: pi, bound, key1: bound, key2 };
      }
      if (pack) {
        const key = pack.mixed
          ? n * (2 * n + col - hit) + 2 * this.tSquares
          : (2 * col + 1 - hit) * pack.squareScale + this.tSquares;
        pack.boundAt[pi - from] = bound;
        pack.packed[survivors++] = key * pack.placeScale + pi;
      } else if (listed) {
        top.push(g, pi, bound, bound, left === 2 ? 0 : key2);
        if (capped && top.full) {
          const last = top.lastKey1;
          if (leading && pi >= n && last === allApart && (left === 2 || top.lastKey2 === 2 * n + 1)) break;
          capMiss = CandidateRanker.capAt((last - allApart) / (next - first), left === 2);
          capHit = CandidateRanker.capAt((last - allApart + first) / (next - first), left === 2);
        }
      }
    }
    const setBound = Math.min(minBound, beta);
    // The least bound is exact for a guess whose groups hold at most two: it is optimal.
    if (exact && exactBest !== null && exactBest.bound === minBound)
      return CandidateRanker.known(exactBest, minBound, complete);
    if (pack)
      return {
        optimal: null,
        top: CandidateRanker.unpack(pool, pack.packed, survivors, pack.placeScale, pack.boundAt, from),
        setBound,
        complete,
      };
    const best = top.result();
    if (left === 2) return { optimal: best.length ? rankedAt(best, 0) : null, top: EMPTY_RANKED, setBound, complete };
    return { optimal: null, top: best, setBound, complete };
  }

  /** A ranking that found its optimal guess. */
  private static known(optimal: RankedGuess, setBound: number, complete: boolean): Ranking {
    return { optimal, top: EMPTY_RANKED, setBound, complete };
  }

  /**
   * Collisions at which a guess can no longer enter a full selection: `over` is how many its
   * last entry's bound allows; a guess past them has a larger bound (or, when `strict`, with two
   * tries left and key2 0, one at least as large).
   */
  private static capAt(over: number, strict: boolean): number {
    return Math.max(0, strict ? Math.ceil(over) : Math.floor(over) + 1);
  }

  /**
   * The packed keys of an exact ranking of `span` guesses ('bound': (2·collisions + misses,
   * squares); 'mixed': n·(2n + collisions − hit) + 2·squares), each with its pool place; null
   * when they would not fit a double exactly (the selection then keeps every guess).
   */
  private packing(n: number, poolLength: number, span: number): ExactPack | null {
    const mixed = this.settings.exactOrder === 'mixed';
    const placeScale = 2 ** Math.ceil(Math.log2(poolLength + 1));
    const squareScale = 2 ** Math.ceil(Math.log2(n * n + 1));
    const keyMax = mixed ? 5 * n * n + 2 : (2 * n + 2) * squareScale;
    if (keyMax * placeScale >= 2 ** 53) return null;
    return { mixed, placeScale, squareScale, packed: new Float64Array(span), boundAt: new Float64Array(span) };
  }

  /** Survivors of an exact ranking, best first: their packed keys sorted, then unpacked. */
  private static unpack(
    pool: Uint32Array,
    packed: Float64Array,
    survivors: number,
    placeScale: number,
    boundAt: Float64Array,
    from: number,
  ): RankedList {
    const keys = packed.subarray(0, survivors).sort();
    const out = {
      length: survivors,
      guess: new Uint32Array(survivors),
      at: new Float64Array(survivors),
      bound: new Float64Array(survivors),
      key1: new Float64Array(survivors),
      key2: new Float64Array(survivors),
    };
    for (let i = 0; i < survivors; i++) {
      const k = keys[i];
      const pi = k % placeScale;
      out.guess[i] = pool[pi];
      out.at[i] = pi;
      out.bound[i] = boundAt[pi - from];
      out.key1[i] = (k - pi) / placeScale;
      out.key2[i] = 0;
    }
    return out;
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
    return {
      optimal: null,
      top: mergeTop(
        parts.map((p) => p.top),
        width,
      ),
      setBound,
      complete,
    };
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
