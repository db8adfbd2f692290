/**
 * Match-count on the engine's least-worst-case solver (`engine/least-worst-case.ts`): the parts
 * that solver reads a game through, filled in for LeetCode 843.
 *
 *   game   the game's replies as one byte table (the prover's `replyTable`, N × N bytes): the
 *          match count is symmetric, so the guess-major table is also the secret-major one the
 *          engine reads (`SearchGame.replyTable`), and the kernel reads a guess's row;
 *   moves  none: every word may be guessed at every node and nothing but the set matters;
 *   pool   every word (`everyGuess`, a free pool, so the solver keeps its cores for the proof);
 *   lowerBound  the prover's bounds without its search (`MatchCountBound` below): the root's
 *          packings (`preparePackings`, the prover's) cut down to the set and grown back, the
 *          split-off bound and the capacities of the set's own groups, whose cap(d − 1) is also
 *          the largest group a guess may leave (`fit`). The solver's generic capacity bound
 *          (1 + K + K² + …) is far below these on match-count lists, whose replies are uneven.
 *
 * What match-count shares with the solver is therefore its reply kernel and its bounds; the
 * solver brings the search, the memo and the rebuild for a small total.
 */
import { popcount32 } from '../../engine/bits.js';
import {
  everyGuess,
  LeastWorstCase,
  WORST_CASE_LIMITS,
  type WorstCaseLimits,
  type WorstCaseParts,
  type WorstCaseResult,
} from '../../engine/least-worst-case.js';
import type { Moves, SearchGame } from '../../engine/types.js';
import type { MatchCountGame } from './game.js';
import { WorstCaseSearch, type Packing } from './prover-core.js';
import { preparePackings, PROVER_DEFAULTS, replyTable, type ProverSettings } from './prover.js';

/** No node state: a set's value depends on the set alone. */
export const MATCHCOUNT_NO_STATE: Moves<null> = { root: null, after: () => null, key: () => '' };

/** The game as the engine reads it, its replies from one table (`codes[guess * N + secret]`, symmetric). */
export function matchCountTableGame(game: MatchCountGame, codes: Uint8Array): SearchGame {
  const N = game.secretCount;
  return {
    secretCount: N,
    guessCount: game.guessCount,
    codeCount: game.codeCount,
    solvedCode: game.solvedCode,
    guessOfSecret: (secret) => secret,
    partitionCodes(guess, secrets, n, out) {
      const row = guess * N;
      for (let i = 0; i < n; i++) out[i] = codes[row + secrets[i]];
    },
    replyTable: { codes, stride: N },
  };
}

/**
 * The prover's bounds of a set without its search, from the members' rows of the reply table
 * (symmetric: a member's row holds every guess's reply to it; a node's sets are small, so one
 * pass along each member's row replaces the prover's pass over every guess and reply in bitsets):
 *   - packings: a packing P found at the root in which no guess splits off more than t secrets
 *     leaves P ∩ set, grown back with the set's other members (ascending) while no guess splits
 *     off more than t of it: a set holding such a packing Q needs 1 + ⌈(|Q| − 1)/t⌉ guesses;
 *   - split-off: every guess splits off at most s secrets of the set from its largest group:
 *     1 + ⌈(n − 1)/s⌉;
 *   - capacities of the set's own groups: cap(1) = 1, cap(k) = the most over guesses of [a
 *     candidate] + Σ over its groups min(size, cap(k − 1)); the set needs the least k with
 *     cap(k) ≥ n. Computed only up to d + 1: past that the answer is already "more than d".
 * Allocation-free; `set` ascending, at least 3 secrets.
 */
class MatchCountBound {
  private readonly secrets: number;
  private readonly words: number;
  private readonly packBits: Uint32Array;
  private readonly packT: Int32Array;
  private readonly bits: Uint32Array;
  private readonly cnt: Int32Array;
  /** Growing a packing: its members' replies counted per guess, each guess's largest group, membership. */
  private readonly packCnt: Int32Array;
  private readonly packBig: Int32Array;
  private readonly inPack: Uint8Array;
  /** Per guess that splits the set: its non-empty group sizes (sizes[start[j] .. start[j + 1])) and whether it can win. */
  private readonly sizes: Int32Array;
  private readonly start: Int32Array;
  private readonly hit: Uint8Array;

  constructor(
    private readonly codes: Uint8Array | Uint32Array,
    private readonly guesses: number,
    private readonly codeCount: number,
    private readonly solved: number,
    secrets: number,
    packings: readonly Packing[],
  ) {
    this.secrets = secrets;
    this.words = Math.max(1, Math.ceil(secrets / 32));
    const W = this.words;
    this.packBits = new Uint32Array(packings.length * W);
    packings.forEach((p, j) => {
      this.packBits.set(p.bits.subarray(0, W), j * W);
    });
    this.packT = Int32Array.from(packings, (p) => p.t);
    this.bits = new Uint32Array(W);
    this.cnt = new Int32Array(guesses * codeCount);
    this.packCnt = new Int32Array(guesses * codeCount);
    this.packBig = new Int32Array(guesses);
    this.inPack = new Uint8Array(secrets);
    this.sizes = new Int32Array(guesses * Math.min(codeCount, secrets));
    this.start = new Int32Array(guesses + 1);
    this.hit = new Uint8Array(guesses);
  }

  /**
   * Packing j ∩ set (m members) grown with the set's other members, ascending, while no guess
   * splits off more than t of it from its largest group. Returns its size.
   */
  private grow(set: Uint32Array, j: number, m: number): number {
    const n = set.length;
    const N = this.secrets;
    const G = this.guesses;
    const K = this.codeCount;
    const W = this.words;
    const t = this.packT[j];
    const codes = this.codes;
    const solved = this.solved;
    const pc = this.packCnt;
    const big = this.packBig;
    const inPack = this.inPack;
    const pack = this.packBits;
    for (let i = 0; i < n; i++) {
      const s = set[i];
      const member = (pack[j * W + (s >>> 5)] >>> (s & 31)) & 1;
      inPack[s] = member;
      if (member === 0) continue;
      const row = s * N;
      for (let g = 0, at = 0; g < G; g++, at += K) pc[at + codes[row + g]]++;
    }
    for (let g = 0, at = 0; g < G; g++, at += K) {
      let b = 0;
      for (let c = 0; c < K; c++) if (c !== solved && pc[at + c] > b) b = pc[at + c];
      big[g] = b;
    }
    for (let i = 0; i < n; i++) {
      const s = set[i];
      if (inPack[s] === 1) continue;
      const row = s * N;
      let ok = true;
      for (let g = 0, at = 0; g < G; g++, at += K) {
        const c = codes[row + g];
        let nb = big[g];
        if (c !== solved && pc[at + c] + 1 > nb) nb = pc[at + c] + 1;
        if (m + 1 - nb > t) {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      m++;
      for (let g = 0, at = 0; g < G; g++, at += K) {
        const c = codes[row + g];
        const k = ++pc[at + c];
        if (c !== solved && k > big[g]) big[g] = k;
      }
    }
    pc.fill(0);
    return m;
  }

  /**
   * A proven lower bound on the guesses `set` needs; any value above d once it is known to
   * exceed d. When it is at most d, fit[0] becomes cap(d − 1): no subset of the set (so no
   * group of a guess) with more secrets is found within d − 1 guesses.
   */
  of(set: Uint32Array, d: number, fit: Float64Array): number {
    const n = set.length;
    const W = this.words;
    let lb = 2;
    // Packings.
    const J = this.packT.length;
    if (J > 0) {
      const bits = this.bits;
      bits.fill(0);
      for (let i = 0; i < n; i++) bits[set[i] >>> 5] |= 1 << (set[i] & 31);
      for (let j = 0; j < J; j++) {
        let p = 0;
        for (let w = 0; w < W; w++) p += popcount32(bits[w] & this.packBits[j * W + w]);
        if (p < n) p = this.grow(set, j, p);
        if (p >= 2) {
          const b = 1 + Math.ceil((p - 1) / this.packT[j]);
          if (b > lb) lb = b;
        }
        if (lb > d) return lb;
      }
    }
    // Every guess's groups over the set: split-off, and the sizes for the capacities.
    const N = this.secrets;
    const K = this.codeCount;
    const codes = this.codes;
    const solved = this.solved;
    const cnt = this.cnt;
    const sizes = this.sizes;
    const start = this.start;
    const hitOf = this.hit;
    let packed = 0;
    let splitting = 0;
    let maxSplit = 0;
    const G = this.guesses;
    // Member by member along its row (the table is symmetric): each guess's counter of that
    // reply, so consecutive increments rarely hit the same counter.
    for (let i = 0; i < n; i++) {
      const row = set[i] * N;
      for (let g = 0, at = 0; g < G; g++, at += K) cnt[at + codes[row + g]]++;
    }
    for (let g = 0; g < G; g++) {
      const at = g * K;
      const hit = cnt[at + solved] > 0 ? 1 : 0;
      cnt[at + solved] = 0;
      // Read back and cleared in one pass.
      let largest = 0;
      const from = packed;
      for (let c = 0; c < K; c++) {
        const m = cnt[at + c];
        if (m === 0) continue;
        cnt[at + c] = 0;
        if (m > largest) largest = m;
        sizes[packed++] = m;
      }
      if (largest === n) {
        packed = from; // tells nothing: splits off no one, raises no capacity
        continue;
      }
      if (n - largest > maxSplit) maxSplit = n - largest;
      start[splitting] = from;
      hitOf[splitting] = hit;
      splitting++;
    }
    start[splitting] = packed;
    const split = maxSplit === 0 ? n : 1 + Math.ceil((n - 1) / maxSplit);
    if (split > lb) lb = split;
    if (lb > d) return lb;
    // Capacities, k = 2 .. d (cap(1) = 1); past the least k with cap(k) ≥ n, cap(k) stays ≥ n.
    let prev = 1;
    let least = 0;
    for (let k = 2; k <= d; k++) {
      if (k === d) fit[0] = prev;
      if (prev >= n) break; // cap(k) ≥ cap(k − 1) ≥ n: every subset fits, nothing to drop
      let best = prev;
      for (let j = 0; j < splitting; j++) {
        let t = hitOf[j];
        const end = start[j + 1];
        for (let i = start[j]; i < end; i++) t += Math.min(sizes[i], prev);
        if (t > best) best = t;
      }
      if (least === 0 && best >= n) least = k;
      prev = best;
    }
    if (least === 0 && prev < n) return d + 1;
    return Math.max(least, lb);
  }
}

/**
 * The solver's parts for one match-count game. `packings`: the split-off bounds of the packings
 * grown at the root (the prover's setting).
 */
export function matchCountWorstCaseParts(
  game: MatchCountGame,
  packings: readonly number[] = PROVER_DEFAULTS.packings,
): WorstCaseParts<null> {
  // The prover's core only finds the root's packings here: it never searches, so its memo stays small.
  const table = replyTable(game);
  const core = new WorstCaseSearch(table, 1 << 12);
  const { useful } = preparePackings(core, core.allSecrets(), packings);
  const bound = new MatchCountBound(
    table.reply as Uint8Array | Uint32Array,
    game.guessCount,
    game.codeCount,
    game.solvedCode,
    game.secretCount,
    useful,
  );
  return {
    // Words of more than 255 letters keep the game's own kernel (their counts are not bytes).
    game: table.reply instanceof Uint8Array ? matchCountTableGame(game, table.reply) : game,
    moves: MATCHCOUNT_NO_STATE,
    pool: everyGuess<null>(game),
    lowerBound: (set, _node, d, fit) => bound.of(set, d, fit),
  };
}

/**
 * The solver's limits for one of match-count's efforts (the prover's settings): the same proof,
 * upper and check budgets and widths; the prover's budget of the rebuild's checks in all
 * (`totalNodes`) is the solver's `rebuildNodes`. The deepest worst case is the list's size.
 */
export function matchCountLimits(game: MatchCountGame, settings: ProverSettings = PROVER_DEFAULTS): WorstCaseLimits {
  return {
    ...WORST_CASE_LIMITS,
    proofNodes: settings.proofNodes,
    upperNodes: settings.upperNodes,
    checkNodes: settings.checkNodes,
    rebuildNodes: settings.totalNodes,
    widths: settings.widths,
    maxDepth: game.secretCount,
  };
}

/** The least worst case of a match-count list by the engine's solver (proven where the limits allow) and its tree. */
export function solveMatchCountWorstCase(
  game: MatchCountGame,
  settings: ProverSettings = PROVER_DEFAULTS,
): WorstCaseResult {
  return new LeastWorstCase(matchCountWorstCaseParts(game, settings.packings), matchCountLimits(game, settings)).run();
}
