/**
 * Mastermind MM(p,c) (`--game mastermind --pegs P --colors C [--exact] [--max-depth D]`): any
 * code may be guessed, the reply is (blacks, whites); the least total number of guesses, ties
 * broken by the least maximum depth; `--max-depth` is a hard cap. Guesses equivalent under the
 * colour and position permutations that fix every guess so far are searched once.
 */
import { fail } from '../../../runtime/errors.js';
import type { TreeArrays } from '../../../runtime/tree-format.js';
import type { History } from '../../engine/code-ranker.js';
import { CODE_EFFORTS, codeEffort, codeParts, codeSettings, type CodeEffort } from '../../engine/code-efforts.js';
import type { CompileControl, EngineJob, EngineTree, PoolPlan } from '../compile-api.js';
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
import { describeGuessTotals } from '../../objective.js';
import type { CompileOutcome, GameModule, GameOptions, LoadedGame } from '../module.js';
import { effortIn } from '../efforts.js';
import { jobRecord, jobWhole } from '../job-check.js';
import { intOption, required, stringOption } from '../options.js';
import { emitContest } from './contest.js';
import { MastermindGame, MASTERMIND_MAX_COLORS, MASTERMIND_MAX_PEGS, mastermindCodeCount } from './game.js';
import { runVerifyContest } from './verify-contest.js';
import { mastermindRules } from './explorer.js';

/** Mastermind's efforts are the code games' (compiler/engine/code-efforts.ts). */
export type MastermindEffort = CodeEffort;
export const mastermindEffort = codeEffort;
export const mastermindParts = codeParts;
export const MASTERMIND_EFFORTS = CODE_EFFORTS;
const SYMMETRY = 'colour and position permutations fixing the guesses so far';

function maxDepthOf(opts: GameOptions): number {
  return intOption(opts, 'max-depth') ?? 0;
}

/** The tree of an effort (any effort, also a large game's on a small one): total, depth, opener. */
export function* searchMastermind(
  game: MastermindGame,
  effort: MastermindEffort,
  report: CodeProofReport = { proof: null },
  from: TreeArrays | null = null,
): PoolPlan<EngineTree & { opener: string | null }> {
  const label = `mastermind-p${game.pegs}c${game.colors}`;
  const job = codeJob(game, {
    module: 'mastermind',
    gameSpec: { pegs: game.pegs, colors: game.colors },
    setup: effort,
    label,
  });
  const r = effort.exact
    ? yield* codeExactWithProof(job, 'mastermind', label, game, report)
    : yield* codeSplitSearch(job, from);
  if (!r)
    throw fail(
      'budget',
      `MM(${game.pegs},${game.colors}): the search found no strategy within --max-depth ${effort.maxDepth}`,
    );
  return { ...r, opener: effort.exact ? null : game.codeText(r.tree.guess[0]) };
}

/** An exact effort's search is the exact plan of subproblems; the others split the root (polish: then improve the tree). */
function* codeSearch(job: EngineJob<History>, effort: MastermindEffort): PoolPlan<EngineTree | null> {
  return effort.exact ? yield* codeExactSearch(job) : yield* codeSplitSearch(job);
}

function* compileMastermind(
  game: MastermindGame,
  control: CompileControl,
  report: CodeProofReport,
): PoolPlan<CompileOutcome> {
  if (isWorstCase(game.params)) {
    const label = `mastermind-p${game.pegs}c${game.colors}`;
    if (stringOption(control.options, 'polish-from') !== undefined)
      throw fail('usage', '--polish-from: not with --objective worst-case');
    if (control.options['polish-up-to'] !== undefined)
      throw fail('usage', '--polish-up-to: not with --objective worst-case');
    return yield* compileCodeWorstCase({
      module: 'mastermind',
      game,
      gameSpec: { pegs: game.pegs, colors: game.colors },
      control,
      label,
      symmetry: SYMMETRY,
      search: codeSearch,
    });
  }
  checkCompileSize(`mastermind-p${game.pegs}c${game.colors}`, game.secretCount);
  const maxDepth = maxDepthOf(control.options);
  const name = control.options.exact === true ? 'exact' : control.effort;
  const effortName = effortIn(MASTERMIND_EFFORTS, name, 'mastermind').name;
  const polishUpTo = polishUpToOf(control.options, effortName);
  const effort = mastermindEffort(effortName, game.secretCount, maxDepth, polishUpTo);
  const from = polishFrom(control.options, effort, game);
  const r = yield* searchMastermind(game, effort, report, from?.tree ?? null);
  const settings = codeSettings(effort, r.opener, effort.exact, SYMMETRY);
  return { tree: r.tree, settings: from ? { ...settings, polishedFrom: from.record } : settings };
}

export function mastermindGameOf(opts: GameOptions): MastermindGame {
  const pegs = required(intOption(opts, 'pegs'), 'mastermind', '--pegs P and --colors C (e.g. --pegs 5 --colors 8)');
  const colors = required(
    intOption(opts, 'colors'),
    'mastermind',
    '--pegs P and --colors C (e.g. --pegs 5 --colors 8)',
  );
  mastermindCodeCount(pegs, colors);
  return new MastermindGame(pegs, colors);
}

export const mastermindModule: GameModule<{ pegs: number; colors: number }, MastermindEffort, History> = {
  id: 'mastermind',
  describe: 'Mastermind MM(p,c): p pegs of c colours, replies (blacks, whites), least total guesses',
  replyHelp: 'blacks then whites: two digits such as 21 (or 2 1); all blacks (e.g. 40) when solved',
  options: [
    { name: 'pegs', type: 'integer', min: 1, max: MASTERMIND_MAX_PEGS, describe: 'pegs per code' },
    { name: 'colors', type: 'integer', min: 2, max: MASTERMIND_MAX_COLORS, describe: 'colours (A, B, ...)' },
    ...CODE_SEARCH_OPTIONS,
  ],
  efforts: MASTERMIND_EFFORTS,
  searchBytes: codeSearchBytes,
  engineBytes: codeEngineBytes,
  oneSearch: codeOneSearch,
  sample: () => ({ pegs: 3, colors: 3 }),
  exportFormats: [
    codeProofExport('mastermind'),
    {
      name: 'contest',
      describe: 'the MM(p,c) contest grammar',
      needsTree: true,
      render: (loaded, file) =>
        `${emitContest((loaded as LoadedGame).game as MastermindGame, (file as { tree: TreeArrays }).tree)}\n`,
    },
  ],
  verifyExtra: {
    options: [
      {
        name: 'contest',
        type: 'file',
        describe: 'a strategy in the MM(p,c) contest grammar to replay',
        deprecated: [{ name: 'strategy', note: '--strategy FILE is now --contest FILE' }],
      },
      RECHECK_OPTION,
    ],
    run(opts, out) {
      const path = stringOption(opts, 'contest');
      if (path === undefined) return false;
      runVerifyContest(mastermindGameOf(opts), path, out);
      return true;
    },
  },
  checkCompile(opts) {
    const pegs = intOption(opts, 'pegs');
    const colors = intOption(opts, 'colors');
    if (pegs !== undefined && colors !== undefined)
      checkCompileSize(`mastermind-p${pegs}c${colors}`, mastermindCodeCount(pegs, colors));
  },
  compileProblem(opts) {
    const pegs = intOption(opts, 'pegs');
    const colors = intOption(opts, 'colors');
    return pegs === undefined || colors === undefined ? undefined : compileSizeProblem(colors ** pegs);
  },
  load(opts) {
    const worst = isWorstCase(opts);
    const game = worst ? markWorstCase(mastermindGameOf(opts)) : mastermindGameOf(opts);
    const slug = `mastermind-p${game.pegs}c${game.colors}${worst ? '-worst-case' : ''}`;
    const report: CodeProofReport = { proof: null };
    const proof = codeProofHooks('mastermind', slug, game, report, opts);
    const loaded: LoadedGame = {
      module: mastermindModule,
      game,
      slug,
      options: opts,
      // Up to 1,296 codes the default effort is the exact search, a few seconds.
      cheap: game.secretCount <= 1296,
      compile: (control) => compileMastermind(game, control, report),
      describe: worst ? describeWorstCase : describeGuessTotals,
      merit: worst ? worstCaseMerit : (h) => Number(h.objective.total),
      companions: (tree) => [
        { kind: 'contest', extension: '.contest.txt', text: `${emitContest(game, tree)}\n` },
        ...proof.proofCompanion(),
      ],
      afterCompile: proof.afterCompile,
      checkBeside: proof.checkBeside,
      explorerRules: () => mastermindRules(game.pegs, game.colors),
    };
    return loaded;
  },
  optionsFromHeader: (header) => ({
    pegs: Number(header.params.pegs),
    colors: Number(header.params.colors),
    objective: objectiveFromHeader(header, 'total'),
  }),
  checkJob(gameSpec, setup, checkOptions) {
    const s = jobRecord(gameSpec, 'gameSpec');
    const pegs = jobWhole(s.pegs, 'gameSpec.pegs');
    const colors = jobWhole(s.colors, 'gameSpec.colors');
    checkOptions({ pegs, colors });
    checkCodeSetup(setup, mastermindCodeCount(pegs, colors));
    return undefined;
  },
  worker(gameSpec, setup) {
    const game = new MastermindGame(gameSpec.pegs, gameSpec.colors);
    return { parts: mastermindParts(game, setup), tasks: { ...codeWorstCaseTasks(game), ...codeBoundTasks(game) } };
  },
};
