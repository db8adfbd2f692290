/**
 * Efforts of code games searched with the code ranker (Mastermind, Bulls and Cows): each
 * effort's engine settings by name, the engine's parts, and the header's record of them.
 */
import type { ParamValue } from '../../runtime/tree-format.js';
import { AttemptObjective } from './attempt-objective.js';
import { CodeRanker, type CodeGame, type History, type RankRule } from './code-ranker.js';
import type { EngineParts } from './search.js';
import { EFFORT_DEFAULTS, type Effort, type Moves } from './types.js';

/** A code game's effort: the engine's settings by name, as the header records them. */
export interface CodeEffort {
  readonly name: string;
  /** Sets of at most this many candidates are solved exactly (every guess considered). */
  readonly exactBelow: number;
  /** Larger sets: how many of the best-ranked guesses are compared, by set size: [largest size, width] ascending. */
  readonly widths: ReadonlyArray<readonly [number, number]>;
  /** Sets larger than this score their `pilotWidth` best-ranked guesses by one-step trees and search the best in full. */
  readonly pilotAbove?: number | undefined;
  readonly pilotWidth?: number | undefined;
  readonly pilotKeep?: number | undefined;
  readonly pilotSlack?: number | undefined;
  readonly rank: RankRule;
  /** Hard cap on the guesses a secret may need; 0: none. */
  readonly maxDepth: number;
  /** How many of the best-ranked openers get a whole tree (exact: all, in the search). */
  readonly openers: number;
  /** Score every first-guess class by its one-step tree and search only the best in full. */
  readonly openerPilot?: boolean | undefined;
  /** The whole game in one branch and bound: proves the optimum. */
  readonly exact: boolean;
  /**
   * After the search, the tree's largest nodes of at most this many codes (of more than
   * `exactBelow`) are solved exactly, no deeper than the tree, and grafted where better.
   */
  readonly polishUpTo?: number | undefined;
}

const ONE: ReadonlyArray<readonly [number, number]> = [[Infinity, 1]];
// Why these widths, on MM(5,8): they give a total of 178,610 (times in BENCHMARKS.md); exact up
// to 12 codes with one guess searched in full below the pilot gives 178,700; exact up to 30
// alone, 178,660.
const DEFAULT_WIDE = {
  openers: 1,
  exactBelow: 30,
  // Sets up to exactBelow are solved exactly, so one width serves every larger set.
  widths: [[Infinity, 16]] as ReadonlyArray<readonly [number, number]>,
  pilotAbove: 100,
  pilotWidth: 16,
  pilotKeep: 2,
  pilotSlack: 0.003,
  rank: 'entropy' as const,
};

export const CODE_EFFORTS = [
  { name: 'quick', describe: 'the one-step entropy rule, exact on sets of at most 12 codes' },
  {
    name: 'default',
    describe:
      'exact up to 1,296 codes; above, the best-ranked guesses compared by their subtrees, with a pilot on large sets',
  },
  { name: 'thorough', describe: 'default, and the first guess chosen among all its classes by their one-step trees' },
  { name: 'exact', describe: 'branch and bound over every guess of every set: proves the optimum' },
  {
    name: 'polish',
    describe: "thorough, then its tree's nodes of up to 200 codes (--polish-up-to) solved exactly where better",
  },
] as const;

/**
 * `polish`: the thorough tree's largest nodes of at most this many codes solved exactly (unless
 * `--polish-up-to` says otherwise). On MM(5,8) nodes of 101-300 codes take about 10 s each (1-77
 * s) and gain about 0.9 guesses, of 301-400 up to 270 s for 1.4 (BENCHMARKS.md): past 200 the
 * time grows faster than the gain. MM(5,6)'s nodes of up to 600 codes take 61 s in all.
 */
export const POLISH_UP_TO = 200;

/** The code games' effort names. */
export type CodeEffortName = (typeof CODE_EFFORTS)[number]['name'];

/** Efforts by name; `default` depends on the size of the game; `polishUpTo` is polish's node size. */
export function codeEffort(
  name: CodeEffortName,
  codes: number,
  maxDepth: number,
  polishUpTo = POLISH_UP_TO,
): CodeEffort {
  switch (name) {
    case 'quick':
      return { name, exact: false, openers: 1, exactBelow: 12, widths: ONE, rank: 'entropy', maxDepth };
    case 'default':
      // Small games are solved exactly in seconds; larger ones compare the best few guesses
      // of every large set by their subtrees, and solve small sets exactly.
      if (codes <= 1296)
        return { name, exact: true, openers: Infinity, exactBelow: Infinity, widths: ONE, rank: 'bound', maxDepth };
      return { name, exact: false, ...DEFAULT_WIDE, maxDepth };
    case 'thorough':
      // As default, and every first-guess class scored by its one-step tree first.
      if (codes <= 1296) return codeEffort('exact', codes, maxDepth);
      return { name, exact: false, ...DEFAULT_WIDE, openerPilot: true, maxDepth };
    case 'exact':
      return { name, exact: true, openers: Infinity, exactBelow: Infinity, widths: ONE, rank: 'bound', maxDepth };
    case 'polish':
      if (codes <= 1296) return codeEffort('exact', codes, maxDepth);
      return { ...codeEffort('thorough', codes, maxDepth), name, polishUpTo };
  }
}

/**
 * The memo's bound in an exact search (its estimate: a fixed cost per entry and its set), in
 * each worker. Above what MM(4,8) and Bulls and Cows 4 of 10 keep in a whole run; a long proof
 * (MM(5,6)) keeps about three times this in memory per worker.
 */
export const EXACT_MEMO_BYTES = 512 * 2 ** 20;

/** The engine's effort of a code game's effort. */
export function engineEffort(e: CodeEffort): Effort {
  const pilot =
    e.pilotAbove !== undefined && Number.isFinite(e.pilotAbove)
      ? { above: e.pilotAbove, width: e.pilotWidth ?? 1, keep: e.pilotKeep ?? 1, slack: e.pilotSlack }
      : undefined;
  return {
    ...EFFORT_DEFAULTS,
    exactBelow: e.exactBelow,
    widthsBySize: e.widths,
    rootWidth: e.exact ? undefined : e.openers,
    pilot,
    rootPilot: e.openerPilot ? { above: 0, width: Infinity, keep: 1 } : undefined,
    groupOrder: 'smallest-first',
    // An exact search's tasks share their worker's memo (its tasks are the engine's own sequence),
    // which would otherwise grow for as long as the search runs (MM(5,6): hours).
    ...(e.exact ? { memoMaxBytes: EXACT_MEMO_BYTES } : {}),
    // No prepass: on exact code games it takes a third off the sets searched but not the time
    // (BENCHMARKS.md, #31); the ranker's quick look is there for an effort that turns it on.
  };
}

/**
 * The code games' node state, the guesses so far. The parts of one split get one history
 * array (the last one made is handed out again), so the ranker's pool cache, keyed by the array,
 * finds it for every part after the first.
 */
function historyMoves(): Moves<History> {
  let lastFrom: History | null = null;
  let lastGuess = -1;
  let last: History = [];
  return {
    root: [],
    after: (h, g) => {
      if (h !== lastFrom || g !== lastGuess) {
        lastFrom = h;
        lastGuess = g;
        last = [...h, g];
      }
      return last;
    },
    key: () => '',
  };
}

export function codeParts(game: CodeGame, effort: CodeEffort): EngineParts<History> {
  const capped = effort.maxDepth > 0;
  const objective = new AttemptObjective<History>(
    {
      attempts: capped ? effort.maxDepth : Infinity,
      perAttempt: 1,
      unsolved: Infinity,
      branches: game.replyCodes.length,
      depthTieBreak: true,
      secretCount: game.secretCount,
    },
    (s) => s,
  );
  return {
    game,
    objective,
    moves: historyMoves(),
    ranker: new CodeRanker(game, objective, effort.rank),
    effort: engineEffort(effort),
  };
}

/** The header's record of an effort (`symmetry` says which permutations the game's symmetry filter uses). */
export function codeSettings(
  effort: CodeEffort,
  opener: string | null,
  proven: boolean,
  symmetry: string,
): Record<string, ParamValue> {
  return {
    effort: effort.name,
    exactBelow: Number.isFinite(effort.exactBelow) ? effort.exactBelow : 'all',
    widths: effort.widths.map(([size, w]) => `${w} up to ${Number.isFinite(size) ? size : 'any size'}`).join(', '),
    openers: effort.openerPilot
      ? 'every class, by its one-step tree'
      : Number.isFinite(effort.openers)
        ? effort.openers
        : 'all',
    ...(opener ? { opener } : {}),
    rank: effort.rank,
    pilotKeep: effort.pilotKeep ?? 1,
    ...(effort.pilotSlack !== undefined ? { pilotSlack: effort.pilotSlack } : {}),
    pilot:
      effort.pilotAbove !== undefined && Number.isFinite(effort.pilotAbove)
        ? `sets over ${effort.pilotAbove}: best of ${effort.pilotWidth ?? 1} by one-step trees`
        : 'none',
    maxDepth: effort.maxDepth,
    ...(effort.polishUpTo !== undefined
      ? {
          polish: `the largest nodes of ${effort.exactBelow + 1} to ${effort.polishUpTo} codes solved exactly, no deeper than the tree`,
        }
      : {}),
    symmetry,
    provenOptimal: proven,
  };
}
