/**
 * Hangman (`--game hangman --len N [--wordlist FILE] [--objective misses|win] [--lives 6]`): the
 * secret is a word of the list, a guess is a letter, the reply the positions holding it.
 * `misses`: the least total misses over the list; `win`: the most words revealed with fewer
 * than `lives` misses, then the least total misses. Efforts: `default` (sets of at most 10
 * words exactly, 2 letters compared above, plus the greedy letter; lists of at most 200 words
 * exactly everywhere, within a node budget) and `greedy` (the classic rule, for comparison).
 */
import { fail } from '../../../runtime/errors.js';
import type { ParamValue, TreeHeader } from '../../../runtime/tree-format.js';
import { loadWordListOfLength, type WordList } from '../../../runtime/wordlist.js';
import type { EngineParts } from '../../engine/search.js';
import { EFFORT_DEFAULTS, type Effort } from '../../engine/types.js';
import { split, whole, type CompileControl, type EngineJob, type EngineTree, type PoolPlan } from '../compile-api.js';
import { replayAll } from '../../replay.js';
import { recordedText } from '../../objective.js';
import type { CompileOutcome, GameModule, GameOptions, LoadedGame } from '../module.js';
import {
  DEFAULT_WORDLIST,
  WORDLIST_OPTION,
  count,
  intOption,
  required,
  sampleWords,
  stringOption,
  writeSample,
} from '../options.js';
import {
  HANGMAN_DEFAULT_LIVES,
  HANGMAN_EXACT_LIST_MAX,
  HANGMAN_EXACT_NODE_BUDGET,
  HANGMAN_MAX_LENGTH,
  HANGMAN_MIN_LENGTH,
  HANGMAN_OBJECTIVES,
  HangmanGame,
  type HangmanObjective,
  type HangmanSpec,
} from './game.js';
import {
  finishHangmanTree,
  hangmanMoves,
  hangmanObjective,
  HangmanRanker,
  LOSS_WEIGHT,
  NO_LIVES,
  type HangmanRule,
} from './ranker.js';
import { hangmanPlay, hangmanReports, summaryLines } from './report.js';
import { carriedSecrets } from '../tree-words.js';
import { badJob, jobChoice, jobRecord, jobWhole, jobWords } from '../job-check.js';
import { hangmanRules } from './explorer.js';

/** Sets of at most this many words are solved exactly (default effort, large lists). */
export const HANGMAN_EXACT_SET_MAX = 10;
/** Letters compared by their subtrees at larger sets (besides the greedy letter). */
export const HANGMAN_WIDTH = 2;
/** Weight of the split term in the one-step estimate. */
export const HANGMAN_SPLIT_WEIGHT = 0.5;

export const HANGMAN_EFFORTS = [
  {
    name: 'default',
    describe:
      'sets of at most 10 words exactly, 2 letters and the greedy one compared above; lists of at most 200 words exactly everywhere',
  },
  {
    name: 'greedy',
    describe: 'the classic rule: the letter missing from the fewest words still possible, a-z on ties',
  },
] as const;

export interface HangmanSetup {
  readonly rule: HangmanRule;
  readonly exactMax: number;
}

export interface HangmanGameSpec {
  readonly words: readonly string[];
  readonly spec: HangmanSpec;
}

function rootLives(spec: HangmanSpec): number {
  return spec.objective === 'win' ? spec.lives : NO_LIVES;
}

export function hangmanParts(game: HangmanGame, setup: HangmanSetup): EngineParts<number> {
  const effort: Effort = { ...EFFORT_DEFAULTS, exactBelow: setup.exactMax, widthsBySize: [[Infinity, HANGMAN_WIDTH]] };
  return {
    game,
    objective: hangmanObjective,
    moves: hangmanMoves(rootLives(game.spec)),
    ranker: new HangmanRanker(game, HANGMAN_SPLIT_WEIGHT, setup.rule),
    effort,
  };
}

/** A Hangman tree of an effort, with the header's settings. */
export function* compileHangman(
  game: HangmanGame,
  control: CompileControl,
  nodeBudget = HANGMAN_EXACT_NODE_BUDGET,
): PoolPlan<CompileOutcome> {
  const label = slugOf(game.spec);
  const rule: HangmanRule = control.effort === 'greedy' ? 'greedy' : 'search';
  const exactList = rule === 'search' && game.secretCount <= HANGMAN_EXACT_LIST_MAX;
  const job = (setup: HangmanSetup): EngineJob<number> => ({
    module: 'hangman',
    gameSpec: { words: game.words, spec: game.spec } satisfies HangmanGameSpec,
    setup,
    parts: hangmanParts(game, setup),
    label,
    nameSecret: (s) => game.secretName(s),
    nameGuess: (g) => game.guessName(g),
  });
  let settings: Record<string, ParamValue>;
  let raw: EngineTree | null | undefined;
  if (rule === 'greedy') {
    raw = yield* split(job({ rule, exactMax: 0 }));
    settings = { strategy: 'greedy', rule: 'letter missing from the fewest candidates, then a-z' };
  } else {
    let exactMax = exactList ? HANGMAN_EXACT_LIST_MAX : HANGMAN_EXACT_SET_MAX;
    let stopped = false;
    let nodes = 0;
    if (exactList) {
      if (control.checkpoint)
        throw fail(
          'usage',
          `--checkpoint: the exact search of ${label} (at most ${HANGMAN_EXACT_LIST_MAX} words) runs as one piece of work and cannot be checkpointed`,
        );
      const exact = yield* whole(job({ rule, exactMax }), nodeBudget);
      raw = exact.result;
      nodes = exact.nodes;
      if (exact.budgetExceeded) {
        // The exact search of a small but dense list ran out of its budget: the default search.
        stopped = true;
        exactMax = HANGMAN_EXACT_SET_MAX;
      }
    }
    if (!raw) raw = yield* split(job({ rule, exactMax }));
    settings = {
      strategy: 'search',
      exactMax,
      widths: `1:${HANGMAN_WIDTH}`,
      splitWeight: HANGMAN_SPLIT_WEIGHT,
      provenOptimal: exactList && !stopped,
      ...(stopped ? { exactNodeBudget: nodeBudget, exactStopped: true } : {}),
      ...(exactList && !stopped ? { searchNodes: nodes } : {}),
    };
  }
  if (!raw) throw new Error('hangman compile: no plan');
  const tree = finishHangmanTree(raw.tree, game.masks, game.length);
  if (rule === 'search') {
    // The replay must give what the search computed.
    const s = replayAll(game, tree);
    const expected = game.spec.objective === 'win' ? game.secretCount * LOSS_WEIGHT - raw.cost : -raw.cost;
    if (s.total !== expected) throw new Error(`hangman: the search computed ${expected}, the replay gives ${s.total}`);
  }
  return { tree, settings };
}

function hangmanSpecOf(opts: GameOptions): HangmanSpec {
  const len = required(
    intOption(opts, 'len'),
    'hangman',
    `--len (word length, ${HANGMAN_MIN_LENGTH}..${HANGMAN_MAX_LENGTH})`,
  );
  const objective = (stringOption(opts, 'objective') ?? 'misses') as HangmanObjective;
  const lives = intOption(opts, 'lives');
  if (lives !== undefined && objective !== 'win')
    throw fail('usage', '--lives is for --objective win (misses trees report the win rate with 6 lives)');
  return { length: len, objective, lives: lives ?? HANGMAN_DEFAULT_LIVES };
}

function slugOf(spec: HangmanSpec): string {
  return `hangman-len${spec.length}-${spec.objective === 'win' ? `win${spec.lives}` : 'misses'}`;
}

export function describeHangman(header: TreeHeader, recorded = false): string[] {
  const o = header.objective;
  const secrets = Number(o.secrets);
  const wins = Number(o.wins);
  const lines = [
    `mean misses ${Number(o.meanMisses).toFixed(4)} a word (total ${count(Number(o.totalMisses))}, most ${String(o.maxMisses)}); words won with ${String(o.lives)} lives: ${count(wins)} of ${count(secrets)} (${((100 * wins) / secrets).toFixed(2)}%)`,
  ];
  if (header.settings.provenOptimal === true) lines.push(recordedText('proven optimal', recorded));
  return lines;
}

export const hangmanModule: GameModule<HangmanGameSpec, HangmanSetup, number> = {
  id: 'hangman',
  describe: 'Hangman: guess the letters of a word of the list; least misses, or most words won with lives',
  replyHelp: 'the positions (1 to the length) holding the letter, e.g. 2 5 or 2,5; - (or none, or 0) for a miss',
  options: [
    {
      name: 'len',
      type: 'integer',
      min: HANGMAN_MIN_LENGTH,
      max: HANGMAN_MAX_LENGTH,
      header: 'length',
      describe: 'word length',
    },
    WORDLIST_OPTION,
    {
      name: 'objective',
      type: 'string',
      choices: HANGMAN_OBJECTIVES,
      describe: 'misses (least expected misses; the default) or win (most words solved with fewer than --lives misses)',
    },
    { name: 'lives', type: 'integer', min: 1, max: 26, describe: 'lives of --objective win (default 6)' },
    {
      name: 'strategy',
      type: 'string',
      choices: ['search', 'greedy'],
      compileOnly: true,
      describe: 'deprecated: --strategy greedy is now --effort greedy',
    },
  ],
  efforts: HANGMAN_EFFORTS,
  impliedEffort(opts) {
    const s = stringOption(opts, 'strategy');
    if (s === undefined) return undefined;
    const effort = s === 'greedy' ? 'greedy' : 'default';
    return { effort, note: `--strategy ${s} is now --effort ${effort}` };
  },
  // Measured (bench:memory): greedy keeps no memo, about 1.5 KiB a word; the default's memo of
  // letter sets has no limit and peaked at 64-122 MiB a worker on 5,469 to 43,420 words (the
  // most on short words: the Lingo pit list's 4 and 5 letters).
  searchBytes: (size, effort) =>
    effort === 'greedy' ? 8 * 2 ** 20 + size.secretCount * 1536 : 192 * 2 ** 20 + size.secretCount * 256,
  sample: (dir) => ({ len: 4, wordlist: writeSample(dir, 'hangman.txt', sampleWords(60, 4, 'abcdeilnorst', 4)) }),
  load: (opts) =>
    hangmanLoaded(opts, (len) => loadWordListOfLength(stringOption(opts, 'wordlist') ?? DEFAULT_WORDLIST, len)),
  loadFromTree(opts, file, where) {
    if (stringOption(opts, 'wordlist') !== undefined) return { loaded: hangmanModule.load(opts), file };
    return { loaded: hangmanLoaded(opts, (len) => carriedSecrets(file, where, len)), file };
  },
  optionsFromHeader: (header, opts) => {
    const p = header.params;
    return {
      len: Number(p.length),
      wordlist: opts.wordlist,
      objective: String(p.objective),
      lives: p.objective === 'win' ? Number(p.lives) : undefined,
    };
  },
  checkJob(gameSpec, setup, checkOptions) {
    const s = jobRecord(gameSpec, 'gameSpec');
    const spec = jobRecord(s.spec, 'gameSpec.spec');
    const length = jobWhole(spec.length, 'gameSpec.spec.length');
    const objective = jobChoice(spec.objective, 'gameSpec.spec.objective', HANGMAN_OBJECTIVES);
    const lives = jobWhole(spec.lives, 'gameSpec.spec.lives');
    checkOptions({ len: length, objective, lives });
    jobWords(s.words, 'gameSpec.words', length);
    const u = jobRecord(setup, 'setup');
    const rule = jobChoice(u.rule, 'setup.rule', ['search', 'greedy'] as const);
    const sizes = rule === 'greedy' ? [0] : [HANGMAN_EXACT_LIST_MAX, HANGMAN_EXACT_SET_MAX];
    if (!sizes.includes(u.exactMax as number))
      throw badJob('setup.exactMax', `expected ${sizes.join(' or ')} with the ${rule} rule`);
    return undefined;
  },
  worker(gameSpec, setup) {
    const game = new HangmanGame(gameSpec.words, [], gameSpec.spec);
    return { parts: hangmanParts(game, setup) };
  },
};

/** The Hangman game of the options, loaded, its words from `listOf` (given the length). */
function hangmanLoaded(opts: GameOptions, listOf: (length: number) => WordList): LoadedGame {
  const spec = hangmanSpecOf(opts);
  const list = listOf(spec.length);
  const game = HangmanGame.fromList(list, spec);
  const loaded: LoadedGame = {
    module: hangmanModule,
    game,
    slug: slugOf(spec),
    options: opts,
    compile: (control) => compileHangman(game, control),
    describe: describeHangman,
    merit: (h) => Number(h.objective.total),
    ...hangmanReports(game),
    play: (tree, streams) => hangmanPlay(game, tree, streams),
    explorerRules: () => hangmanRules(spec.length, spec.lives),
    explorerMetric: 'misses',
    wordsOf: () => ({ role: 'words', secrets: list.words }),
  };
  void summaryLines;
  return loaded;
}
