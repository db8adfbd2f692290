import type { ParamValue, TreeHeader } from '../../../runtime/tree-format.js';
import { loadWordListOfLength, type WordList } from '../../../runtime/wordlist.js';
import { AttemptObjective } from '../../engine/attempt-objective.js';
import { CandidateRanker } from '../../engine/candidate-ranker.js';
import {
  openerBounds,
  openerTwoLevelBound,
  type OpenerBound,
  type OpenerBoundsArgs,
  type TwoLevelArgs,
} from '../../engine/two-level-bound.js';
import type { EngineParts } from '../../engine/search.js';
import { EFFORT_DEFAULTS, type Effort, type Moves } from '../../engine/types.js';
import { split, type CompileControl, type PoolPlan } from '../compile-api.js';
import type { CompileOutcome, GameModule, GameOptions, LoadedGame } from '../module.js';
import { defineTask, runs, taskTable } from '../module-tasks.js';
import { effortIn, type GameEffort } from '../efforts.js';
import {
  DEFAULT_WORDLIST,
  WORDLIST_OPTION,
  count,
  intOption,
  plural,
  required,
  sampleWords,
  stringOption,
  writeSample,
} from '../options.js';
import { carriedSecrets } from '../tree-words.js';
import { jobChoice, jobIndices, jobLetters, jobLists, jobRecord, jobWhole } from '../job-check.js';
import { everyGuess, proveLeastWorstCase, type WorstCaseLimits } from '../../engine/least-worst-case.js';
import {
  describeWorstCase,
  isWorstCase,
  markWorstCase,
  objectiveFromHeader,
  objectiveOption,
  proveWorstCase,
  worstCaseLimits,
  worstCaseMerit,
  worstCaseOutcome,
  worstCaseTask,
} from '../worst-case.js';
import { LINGO_ATTEMPTS, LINGO_MAX_LENGTH, LINGO_MIN_LENGTH, LingoGame, lingoProbes, type LingoSpec } from './game.js';
import { wordMaskRules } from '../word-mask-explorer.js';
import { recordedText } from '../../objective.js';

/** The one-step bounds of a slice of openers (two-level.ts): each one's cost bound, by guess from `from`. */
export const openerBoundsTask = defineTask<OpenerBoundsArgs, Float64Array>('openerBounds');
/** One opener's two-level bound (two-level.ts). */
export const twoLevelTask = defineTask<TwoLevelArgs, OpenerBound>('twoLevel');

export interface LingoEffort extends GameEffort {
  /** Probe words tried at every node besides the candidates. */
  readonly probes: number;
  /** Lookahead widths by guesses used (0 = the opener), by list size: the first row whose `maxWords` holds the list applies. */
  readonly widths: ReadonlyArray<{ readonly maxWords: number; readonly widths: readonly number[] }>;
  /** Below the root, nodes with fewer candidates than this use width 1. */
  readonly lookaheadMinSet: number;
  /** Sets larger than this try only the probes. */
  readonly candidatePoolMax: number;
  /**
   * Sets with this many tries left or fewer are solved exactly by the engine's exact tail (every
   * word tried, each reply group valued exactly below), under the widths above; absent: none.
   */
  readonly exactTriesLeft?: number;
}

/** Every word of the list is a probe: trying them all at every node is what short words need. */
const ALL_WORDS = Infinity;

const LINGO_EFFORTS_BASE: LingoEffort[] = [
  {
    name: 'quick',
    describe: 'one step deep over 1,000 letter-coverage probes (seconds; for tests)',
    probes: 1000,
    widths: [{ maxWords: ALL_WORDS, widths: [1] }],
    lookaheadMinSet: 1,
    candidatePoolMax: 2000,
  },
  {
    name: 'greedy',
    describe: 'one step deep over every word of the list',
    probes: ALL_WORDS,
    widths: [{ maxWords: ALL_WORDS, widths: [1] }],
    lookaheadMinSet: 1,
    candidatePoolMax: ALL_WORDS,
  },
  {
    name: 'default',
    describe:
      'every word at every node, the top openers (and second guesses of short words) compared by their subtrees',
    probes: ALL_WORDS,
    widths: [
      { maxWords: 16_000, widths: [4, 2] },
      { maxWords: 30_000, widths: [2] },
      // Long words: the best second guess is almost always the one-step choice, so the width
      // goes to the opener (its tree's value varies by about 1 point a word among the top ones).
      { maxWords: ALL_WORDS, widths: [12] },
    ],
    lookaheadMinSet: 8,
    candidatePoolMax: ALL_WORDS,
  },
];

/** A wider lookahead than the default's above; with three tries left, every word tried, each reply group valued exactly. */
const DEFAULT_EFFORT = LINGO_EFFORTS_BASE[2] as LingoEffort;
LINGO_EFFORTS_BASE.push({
  ...DEFAULT_EFFORT,
  name: 'thorough',
  describe:
    "at every node with three tries left every word tried, each reply group valued exactly with two left; above, 8 openers and 3 second guesses up to 16,000 words, 4 openers up to 30,000, else the default's (minutes)",
  // The exact tail is cheap enough to compare more guesses above it (len 4: 8 openers and 3
  // second guesses give 131.956 against 131.406 with the default's 4 and 2, in 277 s of CPU).
  widths: [
    { maxWords: 16_000, widths: [8, 3] },
    { maxWords: 30_000, widths: [4] },
    { maxWords: ALL_WORDS, widths: [12] },
  ],
  exactTriesLeft: 3,
});
export const LINGO_EFFORTS: readonly LingoEffort[] = LINGO_EFFORTS_BASE;

export function lingoEffort(name: string): LingoEffort {
  return effortIn(LINGO_EFFORTS, name, 'lingo');
}

export function widthsFor(effort: LingoEffort, words: number): readonly number[] {
  return (effort.widths.find((row) => words <= row.maxWords) ?? effort.widths[effort.widths.length - 1])?.widths ?? [1];
}

/** What a worker needs besides the game: the effort's name and the probe words. */
export interface LingoSetup {
  readonly effort: string;
  readonly probes: Uint32Array;
  /** Every word found within this many tries (the worst-case objective's proven depth); absent: 5. */
  readonly maxDepth?: number;
}

/** Each word costs 100 a guess, 600 when never found: minimising the sum maximises the score. */
export function lingoCosts(secretCount: number): ConstructorParameters<typeof AttemptObjective>[0] {
  return {
    attempts: LINGO_ATTEMPTS,
    costs: [0, 100, 200, 300, 400, 500],
    unsolved: 600,
    branches: Infinity,
    depthTieBreak: false,
    secretCount,
  };
}

/** A word's score is 600 minus its cost. */
export const LINGO_FULL_SCORE = 600;

const NO_RULE: Moves<string> = { root: '', after: (s) => s, key: (s) => s };

export function lingoParts(game: LingoGame, setup: LingoSetup): EngineParts<string> {
  const effort = lingoEffort(setup.effort);
  const costs = lingoCosts(game.secretCount);
  const depth = setup.maxDepth ?? LINGO_ATTEMPTS;
  // Capped below 5 tries: a word never found costs more than any saving of guesses elsewhere.
  const spec =
    depth < LINGO_ATTEMPTS
      ? {
          ...costs,
          attempts: depth,
          costs: costs.costs?.slice(0, depth + 1),
          unsolved: 100 * depth * game.secretCount + 600,
        }
      : costs;
  const objective = new AttemptObjective<string>(spec, (s) => s);
  const candidatePoolMax = Number.isFinite(effort.candidatePoolMax) ? effort.candidatePoolMax : Number.MAX_SAFE_INTEGER;
  const ranker = new CandidateRanker(game, objective, {
    probes: setup.probes,
    candidatePoolMax,
    candidateShortcut: false,
  });
  const engineEffort: Effort = {
    ...EFFORT_DEFAULTS,
    widthsByUsed: widthsFor(effort, game.secretCount),
    lookaheadMinSet: effort.lookaheadMinSet,
    memoMaxSet: 64,
    memoMaxEntries: 2_000_000,
    // The exact tail prunes by the budgets the search passes down (the same plans either way).
    cutoffs: effort.exactTriesLeft !== undefined,
    exactTriesLeft: effort.exactTriesLeft ?? EFFORT_DEFAULTS.exactTriesLeft,
  };
  return { game, objective, moves: NO_RULE, ranker, effort: engineEffort };
}

/** The header's record of a compile's settings (plain words, no sentinels). */
function settingsOf(effort: LingoEffort, game: LingoGame): Record<string, ParamValue> {
  return {
    effort: effort.name,
    probes: Math.min(effort.probes, game.guessCount),
    widths: widthsFor(effort, game.secretCount).join('/'),
    lookaheadMinSet: effort.lookaheadMinSet,
    candidatePoolMax: Number.isFinite(effort.candidatePoolMax) ? effort.candidatePoolMax : 'all',
    ...(effort.exactTriesLeft !== undefined
      ? {
          exactTriesLeft: effort.exactTriesLeft,
          exactTail: 'every word at each node with that many tries left, its reply groups valued exactly',
        }
      : {}),
  };
}

function* compileLingo(loaded: LoadedGame, game: LingoGame, control: CompileControl): PoolPlan<CompileOutcome> {
  const effort = lingoEffort(control.effort);
  if (!game.words) throw new Error('lingo compile needs the words');
  const probes = lingoProbes(game.words, game.params.length, effort.probes);
  let proof = null;
  let limits: WorstCaseLimits | null = null;
  if (isWorstCase(game.params)) {
    limits = worstCaseLimits(effort.name, LINGO_ATTEMPTS, true);
    proof = yield* proveWorstCase(
      { module: 'lingo', gameSpec: game.spec(), setup: { effort: effort.name, probes }, label: loaded.slug },
      limits,
      `no tree finds every word within ${LINGO_ATTEMPTS} tries, so there is no worst-case tree`,
    );
  }
  const setup: LingoSetup = { effort: effort.name, probes, ...(proof ? { maxDepth: proof.depth } : {}) };
  const parts = lingoParts(game, setup);
  const N = game.secretCount;
  const r = yield* split({
    module: 'lingo',
    gameSpec: game.spec(),
    setup,
    parts,
    label: loaded.slug,
    bestText: (cost) => `mean ${((LINGO_FULL_SCORE * N - cost) / N).toFixed(3)}`,
    nameSecret: (s) => game.secretName(s),
    nameGuess: (g) => game.guessName(g),
  });
  if (!r) throw new Error('lingo compile: no plan');
  if (proof && limits)
    return worstCaseOutcome(game, proof, { tree: r.tree, exact: false }, limits, settingsOf(effort, game));
  const objectiveExtra: Record<string, ParamValue> = {};
  if (r.lowerBound !== null) {
    const bound = LINGO_FULL_SCORE * N - r.lowerBound;
    objectiveExtra.upperBound = bound;
    objectiveExtra.upperBoundMean = Math.round((bound / N) * 1e6) / 1e6;
  }
  return { tree: r.tree, settings: settingsOf(effort, game), objectiveExtra };
}

export function describeLingo(header: TreeHeader, recorded = false): string[] {
  const o = header.objective;
  const secrets = Number(o.secrets);
  const lines = [
    `mean score ${Number(o.mean).toFixed(4)} a word (total ${count(Number(o.total))}); ${plural(Number(o.found), 'word')} of ${count(secrets)} found, within ${String(o.maxAttempts)} guesses`,
  ];
  if (typeof o.upperBound === 'number')
    lines.push(
      recordedText(
        `no tree of this list scores more than ${Number(o.upperBoundMean).toFixed(4)} a word (the opener's one-step bound)`,
        recorded,
      ),
    );
  return lines;
}

export const lingoModule: GameModule<LingoSpec, LingoSetup, string> = {
  id: 'lingo',
  describe: 'Lingo as the code-challenge pit plays it: 5 attempts, O/?/X masks, 100·(6 − attempts) a word',
  replyHelp:
    'the mask: O right place, ? elsewhere, X absent, one letter a position (any case, e.g. OX?XX); OOOOO when solved',
  options: [
    {
      name: 'len',
      type: 'integer',
      min: LINGO_MIN_LENGTH,
      max: LINGO_MAX_LENGTH,
      header: 'length',
      describe: 'word length',
    },
    WORDLIST_OPTION,
    objectiveOption(
      'score',
      'the most expected points',
      'the fewest tries that find every word, proven, then the most points within them; a compile fails with status 6 when 5 tries do not suffice',
    ),
  ],
  efforts: LINGO_EFFORTS,
  // Measured (bench:memory, and the shipped trees' peaks): quick and greedy about 1 KiB a word;
  // the default's memo about 1 KiB a word up to 6 letters, then 0.7 KiB a letter (11 letters,
  // 35,612 words: 488 MiB with 2 workers); thorough's exact tail tables a set's replies besides.
  searchBytes: (size, effort, opts) => {
    const MiB = 2 ** 20;
    const n = size.secretCount;
    const len = typeof opts.len === 'number' ? opts.len : LINGO_MAX_LENGTH;
    if (effort === 'quick' || effort === 'greedy') return 4 * MiB + n * 1024;
    const perWord = len <= 6 ? 1024 : 704 * Math.min(len, 11);
    return (effort === 'thorough' ? 48 * MiB : 16 * MiB) + n * perWord;
  },
  sample: (dir) => ({ len: 4, wordlist: writeSample(dir, 'lingo.txt', sampleWords(60, 4, 'abcdeilnorst', 1)) }),
  load(opts: GameOptions): LoadedGame {
    const len = required(
      intOption(opts, 'len'),
      'lingo',
      `--len (word length, ${LINGO_MIN_LENGTH}..${LINGO_MAX_LENGTH})`,
    );
    return lingoLoaded(opts, len, loadWordListOfLength(stringOption(opts, 'wordlist') ?? DEFAULT_WORDLIST, len));
  },
  loadFromTree(opts, file, where) {
    if (stringOption(opts, 'wordlist') !== undefined) return { loaded: lingoModule.load(opts), file };
    const len = required(
      intOption(opts, 'len'),
      'lingo',
      `--len (word length, ${LINGO_MIN_LENGTH}..${LINGO_MAX_LENGTH})`,
    );
    return { loaded: lingoLoaded(opts, len, carriedSecrets(file, where, len)), file };
  },
  optionsFromHeader: (header, opts) => ({
    len: Number(header.params.length),
    wordlist: opts.wordlist,
    objective: objectiveFromHeader(header, 'score'),
  }),
  checkJob(gameSpec, setup, checkOptions) {
    const s = jobRecord(gameSpec, 'gameSpec');
    jobChoice(s.kind, 'gameSpec.kind', ['lingo']);
    const length = jobWhole(s.length, 'gameSpec.length');
    checkOptions({ len: length });
    const words = jobLetters(s.letters, 'gameSpec.letters', length);
    jobLists(s.lists, 'gameSpec.lists');
    const u = jobRecord(setup, 'setup');
    jobChoice(
      u.effort,
      'setup.effort',
      LINGO_EFFORTS.map((e) => e.name),
    );
    jobIndices(u.probes, 'setup.probes', words);
    if (u.maxDepth !== undefined) jobWhole(u.maxDepth, 'setup.maxDepth', 1, LINGO_ATTEMPTS);
    return undefined;
  },
  worker(gameSpec, setup) {
    const game = LingoGame.fromSpec(gameSpec);
    const parts = lingoParts(game, setup);
    const ranker = parts.ranker as CandidateRanker;
    return {
      parts,
      tasks: taskTable(
        runs(openerBoundsTask, (args) => openerBounds(ranker, args)),
        runs(twoLevelTask, (args) => openerTwoLevelBound(ranker, args)),
        runs(worstCaseTask, (limits, searched) =>
          proveLeastWorstCase({ game, moves: NO_RULE, pool: everyGuess<string>(game) }, limits, searched),
        ),
      ),
    };
  },
};

/** The Lingo game of one list, loaded. */
function lingoLoaded(opts: GameOptions, len: number, list: WordList): LoadedGame {
  const worst = isWorstCase(opts);
  const game = worst ? markWorstCase(LingoGame.fromList(list, len)) : LingoGame.fromList(list, len);
  const loaded: LoadedGame = {
    module: lingoModule,
    game,
    slug: `lingo-len${len}${worst ? '-worst-case' : ''}`,
    options: opts,
    compile: (control) => compileLingo(loaded, game, control),
    describe: worst ? describeWorstCase : describeLingo,
    merit: worst ? worstCaseMerit : (h) => Number(h.objective.total),
    explorerRules: () => wordMaskRules(len, LINGO_ATTEMPTS),
    explorerMetric: 'score',
    wordsOf: () => ({ role: 'words', secrets: list.words }),
  };
  return loaded;
}
