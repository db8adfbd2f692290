/**
 * Match-count on the engine's least-worst-case solver (`engine/least-worst-case.ts`): the parts
 * that solver reads a game through, filled in for LeetCode 843.
 *
 *   game   the game itself (`MatchCountGame` is a `SearchGame`: its reply kernel counts the
 *          positions that match; the solver tables every reply once, N × N bytes);
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
import type { Moves } from '../../engine/types.js';
import type { MatchCountGame } from './game.js';
import { WorstCaseSearch } from './prover-core.js';
import { preparePackings, PROVER_DEFAULTS, replyTable } from './prover.js';

/** No node state: a set's value depends on the set alone. */
export const MATCHCOUNT_NO_STATE: Moves<null> = { root: null, after: () => null, key: () => '' };

/**
 * The solver's parts for one match-count game. `packings`: the split-off bounds of the packings
 * grown at the root (the prover's setting).
 */
export function matchCountWorstCaseParts(game: MatchCountGame, packings: readonly number[] = PROVER_DEFAULTS.packings): WorstCaseParts<null> {
  // The core only bounds here: it never searches, so its memo stays at its least size.
  const core = new WorstCaseSearch(replyTable(game), 1 << 12);
  preparePackings(core, core.allSecrets(), packings);
  const bits = new Uint32Array(core.words);
  return {
    game,
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

/** The least worst case of a match-count list by the engine's solver (proven where the limits allow) and its tree. */
export function solveMatchCountWorstCase(game: MatchCountGame, limits: Partial<WorstCaseLimits> = {}): WorstCaseResult {
  const all: WorstCaseLimits = { ...WORST_CASE_LIMITS, maxDepth: game.secretCount, ...limits };
  return new LeastWorstCase(matchCountWorstCaseParts(game), all).run();
}
