/**
 * Match-count on the engine's least-worst-case solver (`engine/least-worst-case.ts`): the parts
 * that solver reads a game through, filled in for LeetCode 843.
 *
 *   game   the game's replies as one byte table (the prover's `replyTable`, N × N bytes): the
 *          match count is symmetric, so the guess-major table is also the secret-major one the
 *          engine reads (`SearchGame.replyTable`), and the kernel reads a guess's row;
 *   moves  none: every word may be guessed at every node and nothing but the set matters;
 *   pool   every word (`everyGuess`, a free pool, so the solver keeps its cores for the proof);
 *   lowerBound  the prover's bounds without its search (`prover-core.ts` `lowerBound`): the
 *          root's packings intersected with the set, the split-off bound and the capacities of
 *          the set's own groups. The solver's generic capacity bound (1 + K + K² + …) is far
 *          below these on match-count lists, whose replies are uneven.
 *
 * What match-count shares with the solver is therefore its reply kernel and its bounds; the
 * solver brings the search, the memo and the rebuild for a small total.
 */
import { everyGuess, LeastWorstCase, WORST_CASE_LIMITS, type WorstCaseLimits, type WorstCaseParts, type WorstCaseResult } from '../../engine/least-worst-case.js';
import type { Moves, SearchGame } from '../../engine/types.js';
import type { MatchCountGame } from './game.js';
import { WorstCaseSearch } from './prover-core.js';
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
 * The solver's parts for one match-count game. `packings`: the split-off bounds of the packings
 * grown at the root (the prover's setting).
 */
export function matchCountWorstCaseParts(game: MatchCountGame, packings: readonly number[] = PROVER_DEFAULTS.packings): WorstCaseParts<null> {
  // The core only bounds here: it never searches, so its memo stays at its least size.
  const table = replyTable(game);
  const core = new WorstCaseSearch(table, 1 << 12);
  preparePackings(core, core.allSecrets(), packings);
  const bits = new Uint32Array(core.words);
  return {
    // Words of more than 255 letters keep the game's own kernel (their counts are not bytes).
    game: table.reply instanceof Uint8Array ? matchCountTableGame(game, table.reply) : game,
    moves: MATCHCOUNT_NO_STATE,
    pool: everyGuess<null>(game),
    lowerBound(set) {
      bits.fill(0);
      for (let i = 0; i < set.length; i++) {
        const s = set[i];
        bits[s >>> 5] |= 1 << (s & 31);
      }
      return core.lowerBound(bits);
    },
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
export function solveMatchCountWorstCase(game: MatchCountGame, settings: ProverSettings = PROVER_DEFAULTS): WorstCaseResult {
  return new LeastWorstCase(matchCountWorstCaseParts(game, settings.packings), matchCountLimits(game, settings)).run();
}
