/**
 * Bulls and Cows (`--game bullscows [--digits 4] [--symbols 10] [--exact] [--max-depth D]`):
 * codes of `digits` distinct symbols out of `symbols`, any code may be guessed, the reply is
 * (bulls, cows); the least total number of guesses, ties broken by the least maximum depth.
 * Searched like Mastermind with the code ranker (compiler/engine/code-efforts.ts): guesses
 * equivalent under the symbol and position permutations that fix every guess so far are
 * searched once. Every code is equivalent as an opener, so the root has one class and every
 * effort searches its reply sets in parallel in the pool; `exact` solves them all exactly and
 * so proves the optimum.
 */
import { fail } from '../../../runtime/errors.js';
import { CODE_EFFORTS, codeEffort, codeParts, codeSettings, type CodeEffort } from '../../engine/code-efforts.js';
import { describeGuessTotals } from '../../objective.js';
import type { History } from '../../engine/code-ranker.js';
import type { CompileControl, PoolPlan } from '../compile-api.js';
import {
  CODE_SEARCH_OPTIONS,
  checkCodeSetup,
  checkCompileSize,
  compileSizeProblem,
  codeEngineBytes,
  codeOneSearch,
  codeSearchBytes,
  codeExactSearch,
  codeSplitSearch,
  polishFrom,
  polishUpToOf,
  codeExactWithProof,
  codeJob,
  codeProofExport,
  codeProofHooks,
  RECHECK_OPTION,
  type CodeProofReport,
  codeBoundTasks,
  codeWorstCaseTasks,
  compileCodeWorstCase,
} from '../code-games.js';
import { describeWorstCase, isWorstCase, markWorstCase, objectiveFromHeader, worstCaseMerit } from '../worst-case.js';
import type { CompileOutcome, GameModule, GameOptions, LoadedGame } from '../module.js';
import { effortIn } from '../efforts.js';
import { jobRecord, jobWhole } from '../job-check.js';
import { intOption } from '../options.js';
import { BULLSCOWS_MAX_DIGITS, BULLSCOWS_MAX_SYMBOLS, BullsCowsGame, bullsCowsCodeCount } from './game.js';
import { bullsCowsRules } from './explorer.js';

export const BULLSCOWS_DEFAULT_DIGITS = 4;
export const BULLSCOWS_DEFAULT_SYMBOLS = 10;
const SYMMETRY = 'symbol and position permutations fixing the guesses so far';

export interface BullsCowsSpec {
  readonly digits: number;
  readonly symbols: number;
}

/** The digits and symbols the options give, with the defaults. */
function digitsAndSymbols(opts: GameOptions): { digits: number; symbols: number } {
  const digits = intOption(opts, 'digits') ?? BULLSCOWS_DEFAULT_DIGITS;
  const symbols = intOption(opts, 'symbols') ?? Math.max(BULLSCOWS_DEFAULT_SYMBOLS, digits);
  return { digits, symbols };
}

function sizeOf(opts: GameOptions): { digits: number; symbols: number; codes: number } {
  const { digits, symbols } = digitsAndSymbols(opts);
  return { digits, symbols, codes: bullsCowsCodeCount(digits, symbols) };
}

function gameOf(opts: GameOptions): BullsCowsGame {
  const { digits, symbols } = sizeOf(opts);
  return new BullsCowsGame(digits, symbols);
}

/** An effort of the code games, with the root's one class searched in parallel (exact: proven). */
function effortOf(name: string, game: BullsCowsGame, maxDepth: number, opts: GameOptions = {}): CodeEffort {
  const effort = effortIn(CODE_EFFORTS, name, 'bullscows').name;
  return codeEffort(effort, game.secretCount, maxDepth, polishUpToOf(opts, effort));
}

export function* compileBullsCows(
  game: BullsCowsGame,
  control: CompileControl,
  report: CodeProofReport = { proof: null },
): PoolPlan<CompileOutcome> {
  if (isWorstCase(game.params)) {
    if (control.options['polish-from'] !== undefined)
      throw fail('usage', '--polish-from: not with --objective worst-case');
    if (control.options['polish-up-to'] !== undefined)
      throw fail('usage', '--polish-up-to: not with --objective worst-case');
    return yield* compileCodeWorstCase({
      module: 'bullscows',
      game,
      gameSpec: { digits: game.pegs, symbols: game.symbols } satisfies BullsCowsSpec,
      control,
      label: `bullscows-d${game.pegs}s${game.symbols}`,
      symmetry: SYMMETRY,
      search: (job, effort) => (effort.exact ? codeExactSearch(job) : codeSplitSearch(job)),
    });
  }
  const maxDepth = intOption(control.options, 'max-depth') ?? 0;
  const effort = effortOf(control.options.exact === true ? 'exact' : control.effort, game, maxDepth, control.options);
  const label = `bullscows-d${game.pegs}s${game.symbols}`;
  checkCompileSize(label, game.secretCount);
  // One root class: its reply sets go to the pool (exact: the exact search's plan of subproblems).
  const job = codeJob(game, {
    module: 'bullscows',
    gameSpec: { digits: game.pegs, symbols: game.symbols } satisfies BullsCowsSpec,
    setup: effort,
    label,
  });
  const from = polishFrom(control.options, effort, game);
  const r = effort.exact
    ? yield* codeExactWithProof(job, 'bullscows', label, game, report)
    : yield* codeSplitSearch(job, from?.tree ?? null);
  if (!r) throw fail('budget', `${label}: the search found no strategy within --max-depth ${maxDepth}`);
  const settings = codeSettings(effort, game.codeText(r.tree.guess[0]), effort.exact, SYMMETRY);
  return { tree: r.tree, settings: from ? { ...settings, polishedFrom: from.record } : settings };
}

export const bullscowsModule: GameModule<BullsCowsSpec, CodeEffort, History> = {
  id: 'bullscows',
  describe: 'Bulls and Cows (MOO): codes of distinct symbols, replies (bulls, cows), least total guesses',
  replyHelp: 'bulls then cows: "1 2", "12" or 1A2B; all bulls (e.g. 4 0) when solved',
  options: [
    {
      name: 'digits',
      type: 'integer',
      min: 1,
      max: BULLSCOWS_MAX_DIGITS,
      describe: 'symbols a code holds, all different (default 4)',
    },
    {
      name: 'symbols',
      type: 'integer',
      min: 1,
      max: BULLSCOWS_MAX_SYMBOLS,
      describe: 'symbols to choose from: 0-9, then a-z (default 10)',
    },
    ...CODE_SEARCH_OPTIONS,
  ],
  efforts: CODE_EFFORTS,
  exportFormats: [codeProofExport('bullscows')],
  // Nothing to verify without a tree: `--recheck` goes with the tree's certificate.
  verifyExtra: { options: [RECHECK_OPTION], run: () => false },
  searchBytes: codeSearchBytes,
  compileProblem(opts) {
    const { digits, symbols } = digitsAndSymbols(opts);
    if (symbols < digits) return `${symbols} symbols for ${digits} digits: a code holds ${digits} different symbols`;
    let codes = 1;
    for (let i = 0; i < digits; i++) codes *= symbols - i;
    return compileSizeProblem(codes);
  },
  engineBytes: codeEngineBytes,
  oneSearch: codeOneSearch,
  sample: () => ({ digits: 3, symbols: 5 }),
  load(opts) {
    const worst = isWorstCase(opts);
    const game = worst ? markWorstCase(gameOf(opts)) : gameOf(opts);
    const slug = `bullscows-d${game.pegs}s${game.symbols}${worst ? '-worst-case' : ''}`;
    const report: CodeProofReport = { proof: null };
    const proof = codeProofHooks('bullscows', slug, game, report, opts);
    const loaded: LoadedGame = {
      module: bullscowsModule,
      game,
      slug,
      options: opts,
      cheap: game.secretCount <= 1000,
      compile: (control) => compileBullsCows(game, control, report),
      companions: () => proof.proofCompanion(),
      afterCompile: proof.afterCompile,
      checkBeside: proof.checkBeside,
      describe: worst ? describeWorstCase : describeGuessTotals,
      merit: worst ? worstCaseMerit : (h) => Number(h.objective.total),
      explorerRules: () => bullsCowsRules(game.pegs, game.symbols),
    };
    return loaded;
  },
  optionsFromHeader: (header) => ({
    digits: Number(header.params.digits),
    symbols: Number(header.params.symbols),
    objective: objectiveFromHeader(header, 'total'),
  }),
  checkCompile(opts) {
    const { digits, symbols, codes } = sizeOf(opts);
    checkCompileSize(`bullscows-d${digits}s${symbols}`, codes);
  },
  checkJob(gameSpec, setup, checkOptions) {
    const s = jobRecord(gameSpec, 'gameSpec');
    const digits = jobWhole(s.digits, 'gameSpec.digits');
    const symbols = jobWhole(s.symbols, 'gameSpec.symbols');
    checkOptions({ digits, symbols });
    checkCodeSetup(setup, bullsCowsCodeCount(digits, symbols));
    return undefined;
  },
  worker(gameSpec, setup) {
    const game = new BullsCowsGame(gameSpec.digits, gameSpec.symbols);
    return { parts: codeParts(game, setup), tasks: { ...codeWorstCaseTasks(game), ...codeBoundTasks(game) } };
  },
};
