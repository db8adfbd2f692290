/**
 * What the code games' modules (Mastermind, Bulls and Cows) share: their two search options and
 * the pool job of a compile (the engine's parts from compiler/engine/code-efforts.ts).
 */
import type { CodeRanker, History } from '../engine/code-ranker.js';
import { isDeepStrictEqual } from 'node:util';
import { codeTotalLowerBound } from '../engine/code-bound.js';
import type { ExactFact } from '../engine/exact-plan.js';
import { treeCost } from '../engine/improve.js';
import { DEPTH_SLOTS, SearchEngine } from '../engine/search.js';
import {
  CODE_EFFORTS,
  codeEffort,
  codeParts,
  POLISH_UP_TO,
  codeSettings,
  type CodeEffort,
  type CodeEffortName,
} from '../engine/code-efforts.js';
import { codeRankerTableBytes, type CodeGame } from '../engine/code-ranker.js';
import { proveLeastWorstCase, symmetricGuesses, WORST_CASE_LIMITS } from '../engine/least-worst-case.js';
import type { Game } from '../game.js';
import {
  exact,
  improve,
  moduleBlocks,
  split,
  type CompileControl,
  type EngineJob,
  type EngineTree,
  type ExactTree,
  type PoolPlan,
} from './compile-api.js';
import { fail } from '../../runtime/errors.js';
import { existsSync, readFileSync } from 'node:fs';
import { cpuUsage } from 'node:process';
import { writeFileAtomic } from '../../runtime/atomic-write.js';
import { checkTreeMatches, readTreeFile, type TreeArrays, type TreeFile } from '../../runtime/tree-format.js';
import { escapeControls } from '../../runtime/messages.js';
import { createHash } from 'node:crypto';
import { replayAll } from '../replay.js';
import { TOOL_VERSION } from '../version.js';
import {
  besidePath,
  checkBesideTree,
  formatCodeProof,
  parseCodeProof,
  proofFromCertificate,
  proofLines,
  type ProofGame,
} from './code-proof.js';
import type { ExactNames } from './exact-certificate.js';
import type {
  Companion,
  CompileOutcome,
  ExportFormat,
  GameOptions,
  GameSize,
  LoadedGame,
  OptionSpec,
} from './module.js';
import { defineTask, runs, taskTable, type ModuleTaskTable } from './module-tasks.js';
import { effortIn } from './efforts.js';
import { badJob, jobChoice, jobRecord, jobWhole } from './job-check.js';
import { intOption, stringOption } from './options.js';
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

/** The effort a code game's compile searches with: `--exact` is `exact`; up to 1,296 codes `default`, `thorough` and `polish` are exact too. */
function codeEffortName(size: GameSize, effort: string, opts: GameOptions): string {
  if (opts.exact === true || effort === 'exact') return 'exact';
  if ((effort === 'default' || effort === 'thorough' || effort === 'polish') && size.secretCount <= 1296)
    return 'exact';
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

/** `--polish-from FILE` of the code games: with `--effort polish`, the tree to polish instead of thorough's. */
export const POLISH_FROM_OPTION: OptionSpec = {
  name: 'polish-from',
  type: 'file',
  compileOnly: true,
  describe: 'with --effort polish: polish this tree of the game (the thorough tree: the same tree as without it)',
};

/** `verify --recheck N` of the code games: N facts of the certificate beside the tree searched again. */
export const RECHECK_OPTION: OptionSpec = {
  name: 'recheck',
  type: 'integer',
  min: 1,
  max: 1_000_000,
  describe: "search N of the certificate's facts beside the tree again, evenly spaced, each from scratch",
};

/** `--polish-up-to N` of the code games: with `--effort polish`, the largest node size solved exactly. */
export const POLISH_UP_TO_OPTION: OptionSpec = {
  name: 'polish-up-to',
  type: 'integer',
  min: 31,
  max: 65_536,
  compileOnly: true,
  describe: `with --effort polish: solve the tree's nodes of up to N codes exactly (default ${POLISH_UP_TO})`,
};

/** The node size `--effort polish` solves exactly up to; `--polish-up-to` only with polish. */
export function polishUpToOf(opts: GameOptions, effort: string): number {
  const n = opts['polish-up-to'];
  if (n === undefined) return POLISH_UP_TO;
  if (effort !== 'polish') throw fail('usage', '--polish-up-to: only with --effort polish');
  return n as number;
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
  POLISH_FROM_OPTION,
  POLISH_UP_TO_OPTION,
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
  const upTo =
    name === 'polish' && s.polishUpTo !== undefined
      ? jobWhole(s.polishUpTo, 'setup.polishUpTo', POLISH_UP_TO_OPTION.min ?? 0, POLISH_UP_TO_OPTION.max)
      : POLISH_UP_TO;
  const expected = codeEffort(name, codes, maxDepth, upTo);
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
  game: CodeGame & {
    secretName(secret: number): string;
    codeText(code: number): string;
    codeOf(text: string): number;
    codeName(reply: number): string;
    parseCode(text: string): number;
  },
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
    nameGuess: (g) => game.codeText(g),
    names: codeNames(game),
    progressUnit: 'the reply sets',
  };
}

/**
 * Below the root, the exact search of a game above `CODE_KNOWN_TREE_ABOVE` codes splits a set of
 * more codes than this by its own guesses (else a set is one task): MM(5,6)'s large reply groups
 * (984 to 1,360 codes) are split, each of their guesses then a task of seconds to minutes. Smaller
 * games' sets are never split: on one worker MM(4,8) took 1.13-1.15x main's CPU with it and 1.06x
 * without (BENCHMARKS.md); their root guesses are tasks enough.
 */
export const CODE_EXACT_SPLIT_ABOVE = 600;

/**
 * Games of more codes than this first compile the default effort's tree, whose subtrees' keys
 * budget the exact search (compile-api.ts `ExactSpec.known`). Measured in-process, one thread,
 * CPU without / with it (the default tree's time included): MM(4,7) 20.8 / 18.4 s, MM(4,8) 139.9 /
 * 149.5 s, Bulls and Cows 4 of 10 117.1 / 115.5 s (load 15-20): no gain up to MM(4,8)'s 4,096 codes.
 */
export const CODE_KNOWN_TREE_ABOVE = 4096;

/**
 * The exact search's plan of a code game (compile-api.ts `exact`): the tree, null when none
 * fits the depth cap. Without a cap, a game above `CODE_KNOWN_TREE_ABOVE` codes first gets the
 * default effort's tree: a budget at every node it reaches.
 */
export function* codeExactSearch(job: EngineJob<History>): PoolPlan<ExactTree | null> {
  const effort = job.setup as CodeEffort;
  const game = job.parts.game as CodeGame;
  let known: EngineTree | null = null;
  let facts: ExactFact[] | undefined;
  if (effort.maxDepth === 0 && game.secretCount > CODE_KNOWN_TREE_ABOVE) {
    const fast = codeEffort('default', game.secretCount, 0);
    known = yield* split({ ...job, setup: fast, parts: codeParts(game, fast) });
    const classes = Array.from((job.parts.ranker as CodeRanker).guessPool([]));
    if (known && classes.length > 1) {
      // Each first-guess class's three-level bound (code-bound.ts), capped one above the known
      // tree: a class whose bound reaches it is settled before any search (MM(5,6): four of seven).
      const cap = known.cost + 1;
      const bounds = yield* moduleBlocks(job, classBoundTask, {
        args: classes.map((opener) => ({ opener, levels: CLASS_BOUND_LEVELS, cap })),
        unit: 'first-guess classes bounded',
      });
      const least = job.parts.objective.leastDepth(game.secretCount, 0);
      facts = classes.map((o, i) => ({ path: `#${o}`, atLeast: bounds[i] * DEPTH_SLOTS + least }));
    }
  }
  return yield* exact(job, {
    splitAbove: game.secretCount > CODE_KNOWN_TREE_ABOVE ? CODE_EXACT_SPLIT_ABOVE : Infinity,
    known: known?.tree,
    facts,
    certificate: effort.maxDepth === 0,
  });
}

/**
 * A heuristic effort's tree: the root split in the pool; with `polishUpTo` (polish: thorough's
 * split, or the tree given by `--polish-from`), then the tree's largest nodes of up to that many
 * codes solved exactly, capped at the tree's depth (or the effort's cap), each under its
 * subtree's key, and grafted where better.
 */
export function* codeSplitSearch(job: EngineJob<History>, from?: TreeArrays | null): PoolPlan<EngineTree | null> {
  const effort = job.setup as CodeEffort;
  if (effort.polishUpTo === undefined) return yield* split(job);
  const game = job.parts.game as CodeGame;
  // The split is the thorough search's own (its pool job and checkpoint are thorough's).
  const thorough = codeEffort('thorough', game.secretCount, effort.maxDepth);
  const r = from
    ? { tree: from, depth: treeCost(new SearchEngine(job.parts), from).depth, lowerBound: null }
    : yield* split({ ...job, setup: thorough, parts: codeParts(game, thorough) });
  if (!r) return r;
  const exactEffort = codeEffort('exact', game.secretCount, effort.maxDepth > 0 ? effort.maxDepth : r.depth);
  const polished = yield* improve(
    { ...job, setup: exactEffort, parts: codeParts(game, exactEffort) },
    { known: r.tree, above: effort.exactBelow, upTo: effort.polishUpTo },
  );
  return { ...polished, lowerBound: r.lowerBound };
}

/**
 * The tree `--polish-from` names, checked: the game's, every secret found (within a cap); and
 * the header's record of it. Null without the option.
 */
export function polishFrom(
  opts: GameOptions,
  effort: CodeEffort,
  game: Game,
): { tree: TreeArrays; record: string } | null {
  const path = stringOption(opts, 'polish-from');
  if (path === undefined) return null;
  if (effort.polishUpTo === undefined)
    throw fail('usage', `--polish-from: only with --effort polish on a game of more than 1,296 codes`);
  const file = readTreeFile(path);
  checkTreeMatches(file, { game: game.id, params: game.params, lists: game.lists }, path);
  const replay = replayAll(game, file.tree);
  const lost = replay.missingBranches > 0 || (replay.histogram[0] ?? 0) > 0;
  if (lost || (effort.maxDepth > 0 && replay.maxFound > effort.maxDepth))
    throw fail(
      'tree-file',
      `${escapeControls(path)}: not every secret is found${lost ? '' : ` within ${effort.maxDepth} guesses`}`,
    );
  const sha256 = createHash('sha256').update(readFileSync(path)).digest('hex');
  return { tree: file.tree, record: `the ${String(file.header.settings.effort ?? '?')} tree of sha256 ${sha256}` };
}

/** The worker task that bounds one first-guess class (code-bound.ts), and its levels in an exact search. */
export const CODE_BOUND_TASK = 'codeClassBound';
const CLASS_BOUND_LEVELS = 2;

interface ClassBoundArgs {
  readonly opener: number;
  readonly levels: number;
  readonly cap: number;
}

const classBoundTask = defineTask<ClassBoundArgs, number>(CODE_BOUND_TASK);

/** A code game's worker task: the lower bound of one first-guess class's total. */
export function codeBoundTasks(game: CodeGame): ModuleTaskTable {
  return taskTable(
    runs(
      classBoundTask,
      (a) => codeTotalLowerBound(game, { levels: a.levels, openers: [a.opener], cap: a.cap }).openers[0].bound,
    ),
  );
}

/** How a code game's certificates name guesses (codes) and replies. */
export function codeNames(game: {
  codeText(code: number): string;
  codeOf(text: string): number;
  codeName(reply: number): string;
  parseCode(text: string): number;
  readonly codeCount: number;
}): ExactNames {
  return {
    guessName: (g) => game.codeText(g),
    replyName: (c) => game.codeName(c),
    guessOf: (t) => game.codeOf(t),
    replyOf: (t) => {
      try {
        const c = game.parseCode(t);
        return game.codeName(c) === t ? c : -1;
      } catch {
        return -1;
      }
    },
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
  readonly game: CodeGame &
    Game & { secretName(secret: number): string; codeText(code: number): string; codeOf(text: string): number };
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

/** What an exact compile of a code game leaves for after the search: its proof's text. */
export interface CodeProofReport {
  proof: string | null;
}

/** A code game as its proof and certificate name it. */
export type ProofCodeGame = CodeGame &
  Game & {
    codeText(code: number): string;
    codeOf(text: string): number;
  };

/**
 * The exact search, and (`--exact` without a depth cap) its proof: one line per first-guess class, into
 * `report` (written beside the tree after the compile, games/code-proof.ts).
 */
export function* codeExactWithProof(
  job: EngineJob<History>,
  module: string,
  slug: string,
  game: ProofCodeGame,
  report: CodeProofReport,
): PoolPlan<ExactTree | null> {
  const started = cpuUsage();
  const r = yield* codeExactSearch(job);
  // The proof of an uncapped search asked for by name (`--exact`), not of a small game's default.
  const setup = job.setup as CodeEffort;
  if (r && setup.maxDepth === 0 && setup.name === 'exact') {
    const used = cpuUsage(started);
    report.proof = formatCodeProof(
      {
        module,
        game: slug,
        codes: game.secretCount,
        // The whole search's CPU: this run's and the earlier pieces' its certificate counts.
        cpuSeconds: r.cpuBefore + (used.user + used.system) / 1e6,
        tool: `guesstree ${TOOL_VERSION}`,
      },
      proofLines(r.outcomes, (g) => game.codeText(g)),
    );
  }
  return r;
}

/** The proof's and certificate's hooks of a code game's loaded game: written after a compile, checked by `verify`. */
export function codeProofHooks(
  module: string,
  slug: string,
  game: ProofCodeGame,
  report: CodeProofReport,
  opts: GameOptions,
): Pick<LoadedGame, 'afterCompile' | 'checkBeside'> & { proofCompanion(): Companion[] } {
  const proofGame = (): ProofGame => ({ module, slug, game, names: codeNames(game) });
  return {
    proofCompanion: () => (report.proof ? [{ kind: 'proof', extension: '.proof.txt', text: report.proof }] : []),
    afterCompile: (_header, path, log, kept) => {
      // A tree kept as it was keeps its files as they were (the manifest lists a proof written with a tree).
      if (!report.proof || kept) return;
      // In trees/ the companion is written already; beside an --out file it is written here.
      const beside = besidePath(path, '.proof.txt');
      if (!existsSync(beside) || readFileSync(beside, 'utf8') !== report.proof) writeFileAtomic(beside, report.proof);
      const p = parseCodeProof(report.proof, beside);
      log(`${slug}: proof of every first-guess class in ${beside} (${p.lines.length} lines, least ${p.header.least})`);
    },
    checkBeside: (file, path, out) =>
      checkBesideTree(
        proofGame(),
        file.tree,
        Number(file.header.objective.totalGuesses),
        path,
        out,
        intOption(opts, 'recheck'),
      ),
  };
}

/** `export --format proof` of a code game: the proof beside the tree (checked), else the one its certificate proves. */
export function codeProofExport(module: string): ExportFormat {
  return {
    name: 'proof',
    describe:
      'the proof of every first-guess class (CODE<TAB>=N or >=N) that compile --exact wrote beside the tree, or that its certificate proves',
    needsTree: true,
    render: (loaded, file, path) => {
      const l = loaded as LoadedGame;
      const game = l.game as ProofCodeGame;
      const f = file as TreeFile;
      const treePath = path ?? '(the tree)';
      const g: ProofGame = { module, slug: l.slug, game, names: codeNames(game) };
      const proofPath = besidePath(treePath, '.proof.txt');
      const certPath = besidePath(treePath, '.certificate.txt');
      if (existsSync(proofPath)) {
        checkBesideTree(g, f.tree, Number(f.header.objective.totalGuesses), treePath, () => {});
        return readFileSync(proofPath, 'utf8');
      }
      if (existsSync(certPath)) return proofFromCertificate(g, f.tree, certPath);
      throw fail(
        'manifest',
        `no proof beside ${treePath} (${proofPath}, or a certificate ${certPath}); make one with: guesstree compile --game ${module} ... --exact`,
      );
    },
  };
}
