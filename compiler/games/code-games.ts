/**
 * What the code games' modules (Mastermind, Bulls and Cows) share: their two search options and
 * the pool job of a compile (the engine's parts from compiler/engine/code-efforts.ts).
 */
import type { History } from '../engine/code-ranker.js';
import { isDeepStrictEqual } from 'node:util';
import {
  CODE_EFFORTS,
  codeEffort,
  codeParts,
  codeSettings,
  type CodeEffort,
  type CodeEffortName,
} from '../engine/code-efforts.js';
import { codeRankerTableBytes, type CodeGame } from '../engine/code-ranker.js';
import { proveLeastWorstCase, symmetricGuesses, WORST_CASE_LIMITS } from '../engine/least-worst-case.js';
import type { Game } from '../game.js';
import type { CompileControl, EngineJob, EngineTree, PoolPlan } from './compile-api.js';
import { fail } from '../../runtime/errors.js';
import type { CompileOutcome, GameOptions, GameSize, OptionSpec } from './module.js';
import { runs, taskTable, type ModuleTaskTable } from './module-tasks.js';
import { effortIn } from './efforts.js';
import { badJob, jobChoice, jobRecord, jobWhole } from './job-check.js';
import { intOption } from './options.js';
import {
  isWorstCase,
  objectiveOption,
  proveWorstCase,
  worstCaseLimits,
  worstCaseOutcome,
  worstCaseTask,
} from './worst-case.js';

/**
 * The most codes a code game compiles. Every node compares its guesses against its set, so the
 * work grows about as codes²: with one worker quick took 30 s on MM(6,6) (46,656 codes) and 44 s
 * on MM(5,9) (59,049), and had not finished MM(6,8) (262,144) after 90 s; MM(6,10) (10^6) would
 * take hours and MM(6,16) (2^24) far longer, with memory growing all the while. Refused up front.
 */
export const CODE_COMPILE_MAX_CODES = 65_536;

/** Why a code game of `codes` codes is too large to compile, or undefined. */
export function compileSizeProblem(codes: number): string | undefined {
  if (codes <= CODE_COMPILE_MAX_CODES) return undefined;
  return `${codes.toLocaleString('en-US')} codes, more than the ${CODE_COMPILE_MAX_CODES.toLocaleString('en-US')} a compile takes`;
}

/** Refuse, before any search, a code game too large to compile (one line, status 7). */
export function checkCompileSize(label: string, codes: number): void {
  const problem = compileSizeProblem(codes);
  if (problem === undefined) return;
  throw fail(
    'limit',
    `${label}: ${problem} (the search grows as codes squared: hours, not seconds, at any effort); choose fewer pegs or colours`,
  );
}

/** The effort a code game's compile searches with: `--exact` is `exact`; up to 1,296 codes `default` and `thorough` are exact too. */
function codeEffortName(size: GameSize, effort: string, opts: GameOptions): string {
  if (opts.exact === true || effort === 'exact') return 'exact';
  if ((effort === 'default' || effort === 'thorough') && size.secretCount <= 1296) return 'exact';
  return effort;
}

/**
 * What one worker's search of a code game grows to beyond its ranker's tables (GameModule.searchBytes).
 * Its memo has no limit and grows with the sets searched, so these follow the peaks measured
 * (`bench:memory`, BENCHMARKS.md), with room: quick about 2 KiB a code (MM(6,6): 211 MiB in
 * all with 2 workers); the wide default and thorough about a byte per pair of codes (MM(5,8):
 * 1,743-1,883 MiB, MM(5,6): 370 MiB); the exact search, one task, about codes³/64 bytes
 * (Bulls and Cows 4 of 10: 2,186 MiB). The worst-case objective's proof adds its solver's memo.
 */
export function codeSearchBytes(size: GameSize, effort: string, opts: GameOptions): number {
  const MiB = 2 ** 20;
  const n = size.secretCount;
  const e = codeEffortName(size, effort, opts);
  const search =
    e === 'quick' ? 12 * MiB + n * 2048 : e === 'exact' ? 8 * MiB + (n * n * n) / 64 : 16 * MiB + 1.25 * n * n;
  return isWorstCase(opts) ? search + 16 * MiB + n * 8192 : search;
}

/** Whether a code game's effort searches in one task (the exact search): one worker's memo grows. */
export function codeOneSearch(size: GameSize, effort: string, opts: GameOptions): boolean {
  return codeEffortName(size, effort, opts) === 'exact';
}

/** The tables every engine of a code game builds: its ranker's (GameModule.engineBytes). */
export function codeEngineBytes(game: Game): number {
  return codeRankerTableBytes(game as unknown as CodeGame);
}

export const CODE_SEARCH_OPTIONS: readonly OptionSpec[] = [
  {
    name: 'exact',
    type: 'boolean',
    compileOnly: true,
    describe: 'search every guess of every set: proves the optimum (same as --effort exact)',
  },
  {
    name: 'max-depth',
    type: 'integer',
    min: 1,
    max: 64,
    compileOnly: true,
    describe: 'no secret may need more guesses than this',
  },
  objectiveOption('total', 'the least total guesses, ties to the least depth'),
];

/**
 * A queue job's search settings of a code game (GameModule.checkJob): exactly what the compile
 * derives from an effort's name, the game's size and a depth cap within `--max-depth`'s range
 * (`codeEffort`), nothing tuned by hand.
 */
export function checkCodeSetup(setup: unknown, codes: number): CodeEffort {
  const s = jobRecord(setup, 'setup');
  const name = jobChoice(
    s.name,
    'setup.name',
    CODE_EFFORTS.map((e) => e.name as CodeEffortName),
  );
  const depthMax = CODE_SEARCH_OPTIONS.find((o) => o.name === 'max-depth')?.max ?? 0;
  const maxDepth = jobWhole(s.maxDepth, 'setup.maxDepth', 0, depthMax);
  const expected = codeEffort(name, codes, maxDepth);
  if (!isDeepStrictEqual(s, expected))
    throw badJob('setup', `not the search settings of the ${name} effort for ${codes.toLocaleString('en-US')} codes`);
  return expected;
}

/** What a code game's pool job is: its module, the game's spec and the search's effort, a label for messages. */
export interface CodeJobSpec {
  readonly module: string;
  /** What the workers rebuild the game from. */
  readonly gameSpec: unknown;
  /** The search's settings, the workers' setup. */
  readonly setup: CodeEffort;
  readonly label: string;
}

/** A code game's compile for the pool: the workers rebuild the game from `gameSpec` and search with `setup`. */
export function codeJob(
  game: CodeGame & { secretName(secret: number): string },
  { module, gameSpec, setup: effort, label }: CodeJobSpec,
): EngineJob<History> {
  return {
    module,
    gameSpec,
    setup: effort,
    parts: codeParts(game, effort),
    label,
    bestText: (cost) => `mean ${(cost / game.secretCount).toFixed(4)} guesses`,
    nameSecret: (s) => game.secretName(s),
    progressUnit: 'the reply sets',
  };
}

const HISTORY = { root: [] as History, after: (h: History, g: number): History => [...h, g], key: () => '' };

/** A code game's worker task: the least worst case over one guess per symmetry class. */
export function codeWorstCaseTasks(game: CodeGame): ModuleTaskTable {
  return taskTable(
    runs(worstCaseTask, (limits, searched) =>
      proveLeastWorstCase({ game, moves: HISTORY, pool: symmetricGuesses(game) }, limits, searched),
    ),
  );
}

/**
 * `--objective worst-case` of a code game: the least worst case proven in the pool, then the
 * effort's search capped at it (`exact`, and `default` up to 1,296 codes, prove the least
 * total among such trees), else the solver's tree.
 */
export interface CodeWorstCaseArgs {
  readonly module: string;
  readonly game: CodeGame & Game & { secretName(secret: number): string; codeText(code: number): string };
  /** What the workers rebuild the game from. */
  readonly gameSpec: unknown;
  readonly control: CompileControl;
  readonly label: string;
  /** The header's record of the symmetry filter's permutations. */
  readonly symmetry: string;
  /** The game's own search of an effort, capped at the proven depth. */
  readonly search: (job: EngineJob<History>, effort: CodeEffort) => PoolPlan<EngineTree | null>;
}

export function* compileCodeWorstCase({
  module,
  game,
  gameSpec,
  control,
  label,
  symmetry,
  search,
}: CodeWorstCaseArgs): PoolPlan<CompileOutcome> {
  checkCompileSize(label, game.secretCount);
  const cap = intOption(control.options, 'max-depth') ?? 0;
  const name = control.options.exact === true ? 'exact' : control.effort;
  const known = effortIn(CODE_EFFORTS, name, module).name;
  const unc = codeEffort(known, game.secretCount, 0);
  const limits = worstCaseLimits(name, cap > 0 ? cap : WORST_CASE_LIMITS.maxDepth);
  const proof = yield* proveWorstCase(
    { module, gameSpec, setup: unc, label },
    limits,
    `no tree finds every code within ${limits.maxDepth} guesses`,
  );
  const effort = codeEffort(known, game.secretCount, proof.depth);
  const r = yield* search(codeJob(game, { module, gameSpec, setup: effort, label }), effort);
  const searched = r ? { tree: r.tree, exact: effort.exact } : null;
  const out = worstCaseOutcome(game, proof, searched, limits, codeSettings(effort, null, effort.exact, symmetry));
  return { ...out, settings: { ...out.settings, opener: game.codeText(out.tree.guess[0]) } };
}
