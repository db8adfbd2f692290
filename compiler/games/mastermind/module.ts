/**
 * Mastermind MM(p,c) (`--game mastermind --pegs P --colors C [--exact] [--max-depth D]`): any
 * code may be guessed, the reply is (blacks, whites); the least total number of guesses, ties
 * broken by the least maximum depth; `--max-depth` is a hard cap. Guesses equivalent under the
 * colour and position permutations that fix every guess so far are searched once.
 */
import { fail } from '../../../runtime/errors.js';
import type { ParamValue, TreeArrays } from '../../../runtime/tree-format.js';
import { AttemptObjective } from '../../engine/attempt-objective.js';
import { CodeRanker, type History, type RankRule } from '../../engine/code-ranker.js';
import type { EngineParts } from '../../engine/search.js';
import type { Effort, Moves } from '../../engine/types.js';
import { poolRunner, type CompileControl, type EngineJob, type EngineTree, type SearchRunner } from '../../pool/driver.js';
import { describeGuessTotals } from '../../objective.js';
import type { GameModule, GameOptions, LoadedGame } from '../module.js';
import { intOption, required, stringOption } from '../options.js';
import { emitContest } from './contest.js';
import { MastermindGame, MASTERMIND_MAX_COLORS, MASTERMIND_MAX_PEGS, mastermindCodeCount } from './game.js';
import { runVerifyContest } from './verify-contest.js';

/** A Mastermind effort: the engine's settings by name, as the header records them. */
export interface MastermindEffort {
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
}

const ONE: ReadonlyArray<readonly [number, number]> = [[Infinity, 1]];
// MM(5,8): 178,610 in about 22 minutes on 2 cores. Exact search up to 12 codes and one guess
// searched in full below the pilot gave 178,700 in 8 minutes; exact up to 30 alone, 178,660.
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

export const MASTERMIND_EFFORTS = [
  { name: 'quick', describe: 'the one-step entropy rule, exact on sets of at most 12 codes' },
  { name: 'default', describe: 'exact up to 1,296 codes; above, the best-ranked guesses compared by their subtrees, with a pilot on large sets' },
  { name: 'thorough', describe: 'default, and the first guess chosen among all its classes by their one-step trees' },
  { name: 'exact', describe: 'branch and bound over every guess of every set: proves the optimum' },
] as const;

/** Efforts by name; `default` depends on the size of the game. */
export function mastermindEffort(name: string, codes: number, maxDepth: number): MastermindEffort | null {
  switch (name) {
    case 'quick':
      return { name, exact: false, openers: 1, exactBelow: 12, widths: ONE, rank: 'entropy', maxDepth };
    case 'default':
      // Small games are solved exactly in seconds; larger ones compare the best few guesses
      // of every large set by their subtrees, and solve small sets exactly.
      if (codes <= 1296) return { name, exact: true, openers: Infinity, exactBelow: Infinity, widths: ONE, rank: 'bound', maxDepth };
      return { name, exact: false, ...DEFAULT_WIDE, maxDepth };
    case 'thorough':
      // As default, and every first-guess class scored by its one-step tree first.
      if (codes <= 1296) return mastermindEffort('exact', codes, maxDepth);
      return { name, exact: false, ...DEFAULT_WIDE, openerPilot: true, maxDepth };
    case 'exact':
      return { name, exact: true, openers: Infinity, exactBelow: Infinity, widths: ONE, rank: 'bound', maxDepth };
    default:
      return null;
  }
}

/** The engine's effort of a Mastermind effort. */
export function engineEffort(e: MastermindEffort): Effort {
  const pilot = e.pilotAbove !== undefined && Number.isFinite(e.pilotAbove) ? { above: e.pilotAbove, width: e.pilotWidth ?? 1, keep: e.pilotKeep ?? 1, slack: e.pilotSlack } : undefined;
  return {
    exactBelow: e.exactBelow,
    widthsBySize: e.widths,
    rootWidth: e.exact ? undefined : e.openers,
    pilot,
    rootPilot: e.openerPilot ? { above: 0, width: Infinity, keep: 1 } : undefined,
    memoMaxSet: Infinity,
    memoMaxEntries: Infinity,
    cutoffs: true,
    groupOrder: 'smallest-first',
  };
}

const HISTORY: Moves<History> = { root: [], after: (h, g) => [...h, g], key: () => '' };

export function mastermindParts(game: MastermindGame, effort: MastermindEffort): EngineParts<History> {
  const capped = effort.maxDepth > 0;
  const objective = new AttemptObjective<History>(
    { attempts: capped ? effort.maxDepth : Infinity, perAttempt: 1, unsolved: Infinity, branches: game.replyCodes.length, depthTieBreak: true, secretCount: game.secretCount },
    (s) => s,
  );
  return { game, objective, moves: HISTORY, ranker: new CodeRanker(game, objective, effort.rank), effort: engineEffort(effort) };
}

function settingsOf(effort: MastermindEffort, opener: string | null, proven: boolean): Record<string, ParamValue> {
  return {
    effort: effort.name,
    exactBelow: Number.isFinite(effort.exactBelow) ? effort.exactBelow : 'all',
    widths: effort.widths.map(([size, w]) => `${w} up to ${Number.isFinite(size) ? size : 'any size'}`).join(', '),
    openers: effort.openerPilot ? 'every class, by its one-step tree' : Number.isFinite(effort.openers) ? effort.openers : 'all',
    ...(opener ? { opener } : {}),
    rank: effort.rank,
    pilotKeep: effort.pilotKeep ?? 1,
    ...(effort.pilotSlack !== undefined ? { pilotSlack: effort.pilotSlack } : {}),
    pilot: effort.pilotAbove !== undefined && Number.isFinite(effort.pilotAbove) ? `sets over ${effort.pilotAbove}: best of ${effort.pilotWidth ?? 1} by one-step trees` : 'none',
    maxDepth: effort.maxDepth,
    symmetry: 'colour and position permutations fixing the guesses so far',
    provenOptimal: proven,
  };
}

function maxDepthOf(opts: GameOptions): number {
  return intOption(opts, 'max-depth') ?? 0;
}

/** The tree of an effort (any effort, also a large game's on a small one): total, depth, opener. */
export async function searchMastermind(game: MastermindGame, effort: MastermindEffort, control: CompileControl, runner: SearchRunner = poolRunner(control)): Promise<EngineTree & { opener: string | null }> {
  const label = `mastermind-p${game.pegs}c${game.colors}`;
  if (effort.exact && control.checkpoint) throw fail('usage', `--checkpoint: the exact search of ${label} runs as one piece of work and cannot be checkpointed`);
  const job: EngineJob<History> = {
    module: 'mastermind',
    gameSpec: { pegs: game.pegs, colors: game.colors },
    setup: effort,
    parts: mastermindParts(game, effort),
    label,
    bestText: (cost) => `mean ${(cost / game.secretCount).toFixed(4)} guesses`,
    nameSecret: (s) => game.secretName(s),
    progressUnit: 'the reply sets',
  };
  const r = effort.exact ? (await runner.whole(job)).result : await runner.split(job);
  if (!r) throw fail('budget', `MM(${game.pegs},${game.colors}): the search found no strategy within --max-depth ${effort.maxDepth}`);
  return { ...r, opener: effort.exact ? null : game.codeText(r.tree.guess[0] as number) };
}

async function compileMastermind(game: MastermindGame, control: CompileControl, runner?: SearchRunner) {
  const maxDepth = maxDepthOf(control.options);
  const name = control.options['exact'] === true ? 'exact' : control.effort;
  const effort = mastermindEffort(name, game.secretCount, maxDepth);
  if (!effort) throw fail('usage', `--effort ${control.effort}: unknown effort for mastermind (choose ${MASTERMIND_EFFORTS.map((e) => e.name).join(', ')})`);
  const r = await searchMastermind(game, effort, control, runner);
  return { tree: r.tree, settings: settingsOf(effort, r.opener, effort.exact) };
}

export function mastermindGameOf(opts: GameOptions): MastermindGame {
  const pegs = required(intOption(opts, 'pegs'), 'mastermind', '--pegs P and --colors C (e.g. --pegs 5 --colors 8)');
  const colors = required(intOption(opts, 'colors'), 'mastermind', '--pegs P and --colors C (e.g. --pegs 5 --colors 8)');
  mastermindCodeCount(pegs, colors);
  return new MastermindGame(pegs, colors);
}

export const mastermindModule: GameModule = {
  id: 'mastermind',
  describe: 'Mastermind MM(p,c): p pegs of c colours, replies (blacks, whites), least total guesses',
  options: [
    { name: 'pegs', type: 'integer', min: 1, max: MASTERMIND_MAX_PEGS, describe: 'pegs per code' },
    { name: 'colors', type: 'integer', min: 2, max: MASTERMIND_MAX_COLORS, describe: 'colours (A, B, ...)' },
    { name: 'exact', type: 'boolean', compileOnly: true, describe: 'branch and bound that proves the optimum (same as --effort exact)' },
    { name: 'max-depth', type: 'integer', min: 1, max: 64, compileOnly: true, describe: 'no secret may need more guesses than this' },
  ],
  efforts: MASTERMIND_EFFORTS,
  defaultEffort: 'default',
  sample: () => ({ pegs: 3, colors: 3 }),
  exportFormats: [
    {
      name: 'contest',
      describe: 'the MM(p,c) contest grammar',
      needsTree: true,
      render: (loaded, file) => emitContest((loaded as LoadedGame).game as MastermindGame, (file as { tree: TreeArrays }).tree) + "\n",
    },
  ],
  verifyExtra: {
    options: [{ name: 'contest', type: 'file', describe: 'a strategy in the MM(p,c) contest grammar to replay', deprecated: [{ name: 'strategy', note: '--strategy FILE is now --contest FILE' }] }],
    run(opts, out) {
      const path = stringOption(opts, 'contest');
      if (path === undefined) return false;
      runVerifyContest(mastermindGameOf(opts), path, out);
      return true;
    },
  },
  load(opts) {
    const game = mastermindGameOf(opts);
    const loaded: LoadedGame = {
      module: mastermindModule,
      game,
      slug: `mastermind-p${game.pegs}c${game.colors}`,
      options: opts,
      compile: (control, runner) => compileMastermind(game, control, runner),
      describe: describeGuessTotals,
      merit: (h) => Number(h.objective['total']),
      companions: (tree) => [{ kind: 'contest', extension: '.contest.txt', text: emitContest(game, tree) + '\n' }],
      explorerRules: () => ({ kind: 'mastermind', pegs: game.pegs, colors: game.colors }),
    };
    return loaded;
  },
  optionsFromHeader: (header) => ({ pegs: Number(header.params['pegs']), colors: Number(header.params['colors']) }),
  worker(gameSpec, setup) {
    const { pegs, colors } = gameSpec as { pegs: number; colors: number };
    return { parts: mastermindParts(new MastermindGame(pegs, colors), setup as MastermindEffort) as EngineParts<unknown> };
  },
};


