/**
 * Wordle (`--game wordle --answers FILE --guesses FILE [--hard]`): the secrets are the answers,
 * the guesses the answers and the allowed guesses together, 6 tries, Lingo's masks. The
 * objective is the least total number of guesses over the answers, then the fewest answers that
 * need a 6th guess: in the engine a guess costs 4096 and a 6th guess 4097, an answer not found
 * within 6 so much that every answer is found when possible.
 */
import { fail } from '../../../runtime/errors.js';
import type { ParamValue, TreeHeader } from '../../../runtime/tree-format.js';
import { loadUniformWordList, makeWordList } from '../../../runtime/wordlist.js';
import { AttemptObjective } from '../../engine/attempt-objective.js';
import { CandidateRanker } from '../../engine/candidate-ranker.js';
import type { EngineParts } from '../../engine/search.js';
import type { Moves } from '../../engine/types.js';
import { poolRunner, type CompileControl, type SearchRunner } from '../../pool/driver.js';
import { describeGuessTotals } from '../../objective.js';
import type { GameModule, GameOptions, LoadedGame } from '../module.js';
import { flagOption, required, sampleWords, stringOption, writeSample } from '../options.js';
import { WORDLE_ATTEMPTS, WordleGame, wordleProbes, type WordleSpec } from './game.js';

export interface WordleEffort {
  readonly name: string;
  readonly describe: string;
  /** Lookahead widths by guesses used (0 = the opener); past the end: 1. */
  readonly widths: readonly number[];
}

/**
 * Every guess is ranked at every node (by the number of reply groups, then the evenness of the
 * split); the top `widths[used]` are compared by the exact totals of their subtrees, with
 * cut-offs against the best total so far and a memo of solved answer sets.
 */
export const WORDLE_EFFORTS: readonly WordleEffort[] = [
  { name: 'greedy', describe: 'one step deep: the best-ranked guess everywhere (seconds)', widths: [1] },
  { name: 'default', describe: 'the top 12 openers and the top 100 guesses at every node below, compared by their subtrees', widths: [12, 100, 100, 100, 100, 100] },
];

/** One guess costs this much in the engine (a 6th guess one more): exact integers. */
export const WORDLE_GUESS_COST = 4096;

export function wordleEffort(name: string): WordleEffort {
  const e = WORDLE_EFFORTS.find((x) => x.name === name);
  if (!e) throw fail('usage', `--effort ${name}: unknown effort for wordle (choose ${WORDLE_EFFORTS.map((x) => x.name).join(', ')})`);
  return e;
}

export interface WordleSetup {
  readonly effort: string;
  readonly probes: Uint32Array;
}

export function wordleParts(game: WordleGame, setup: WordleSetup): EngineParts<string> {
  const effort = wordleEffort(setup.effort);
  const c = WORDLE_GUESS_COST;
  const objective = new AttemptObjective<string>(
    { attempts: WORDLE_ATTEMPTS, costs: [0, c, 2 * c, 3 * c, 4 * c, 5 * c, 6 * c + 1], unsolved: 1_000_000 * c, branches: Infinity, depthTieBreak: false, secretCount: game.secretCount },
    (s) => game.guessOfSecret(s),
  );
  const rule = game.guessFilter;
  const ranker = new CandidateRanker(game, objective, { probes: setup.probes, candidatePoolMax: Number.MAX_SAFE_INTEGER, candidateShortcut: true }, rule);
  const moves: Moves<string> = rule ? { root: rule.start, after: (s, g, code) => rule.after(s, g, code), key: (s) => s } : { root: '', after: (s) => s, key: (s) => s };
  return {
    game,
    objective,
    moves,
    ranker,
    effort: { exactBelow: 0, widthsByUsed: effort.widths, lookaheadMinSet: 1, memoMaxSet: Infinity, memoMinSet: 3, memoMaxEntries: 2_000_000, cutoffs: true, groupOrder: 'largest-first', prepass: true },
  };
}

/** The answers, and the union of the answers and the allowed guesses, both normalized. */
export function loadWordleGame(answersPath: string, guessesPath: string, hard: boolean): WordleGame {
  const answers = loadUniformWordList(answersPath);
  const allowed = loadUniformWordList(guessesPath);
  const length = (answers.words[0] as string).length;
  const allowedLength = (allowed.words[0] as string).length;
  if (allowedLength !== length) {
    throw fail('wordlist', `${guessesPath}:1: "${allowed.words[0]}" has ${allowedLength} letters, the answers in ${answersPath} have ${length}`);
  }
  const guesses = makeWordList(guessesPath, [...allowed.words, ...answers.words]);
  return WordleGame.fromLists(answers, guesses, hard);
}

async function compileWordle(loaded: LoadedGame, game: WordleGame, control: CompileControl, runner: SearchRunner = poolRunner(control)) {
  const effort = wordleEffort(control.effort);
  const setup: WordleSetup = { effort: effort.name, probes: wordleProbes(game) };
  const parts = wordleParts(game, setup);
  const N = game.secretCount;
  const r = await runner.split(
    { module: 'wordle', gameSpec: game.spec(), setup, parts, label: loaded.slug, bestText: (cost) => `mean ${(Math.floor(cost / WORDLE_GUESS_COST) / N).toFixed(4)} guesses`, nameSecret: (s) => game.secretName(s) },
  );
  if (!r) throw new Error('wordle compile: no plan');
  const settings: Record<string, ParamValue> = {
    effort: effort.name,
    widths: effort.widths.join('/'),
    ranking: 'reply groups, then sum of squared group sizes',
    cutoffs: true,
    candidateShortcut: true,
  };
  // The engine's bound as the header's score: minus the guesses (and 1/4096 per 6th guess).
  const objectiveExtra: Record<string, ParamValue> = r.lowerBound !== null ? { upperBound: -r.lowerBound / WORDLE_GUESS_COST, upperBoundMean: Math.round((-r.lowerBound / WORDLE_GUESS_COST / N) * 1e6) / 1e6 } : {};
  return { tree: r.tree, settings, objectiveExtra };
}

export const wordleModule: GameModule = {
  id: 'wordle',
  describe: 'Wordle: answers and allowed guesses, 6 tries, least total guesses (normal or hard mode)',
  options: [
    { name: 'answers', type: 'file', describe: 'the possible secrets, one word a line' },
    { name: 'guesses', type: 'file', describe: 'the allowed guesses (the answers are always allowed too)' },
    { name: 'hard', type: 'boolean', describe: 'hard mode: greens stay in place, revealed letters are reused' },
  ],
  efforts: WORDLE_EFFORTS.map((e) => ({ name: e.name, describe: e.describe })),
  defaultEffort: 'default',
  sample(dir) {
    const words = sampleWords(50, 5, 'aeilnorstu', 2);
    return { answers: writeSample(dir, 'answers.txt', words.slice(0, 20)), guesses: writeSample(dir, 'guesses.txt', words.slice(20)) };
  },
  load(opts: GameOptions): LoadedGame {
    const answers = required(stringOption(opts, 'answers'), 'wordle', '--answers FILE (the possible secrets) and --guesses FILE (the allowed guesses)');
    const guesses = required(stringOption(opts, 'guesses'), 'wordle', '--answers FILE (the possible secrets) and --guesses FILE (the allowed guesses)');
    const hard = flagOption(opts, 'hard');
    const game = loadWordleGame(answers, guesses, hard);
    const loaded: LoadedGame = {
      module: wordleModule,
      game,
      slug: hard ? 'wordle-hard' : 'wordle',
      options: opts,
      compile: (control, runner) => compileWordle(loaded, game, control, runner),
      describe: describeGuessTotals,
      merit: (h: TreeHeader) => Number(h.objective['total']),
      explorerRules: () => ({ kind: 'word-mask', length: game.params.length, attempts: WORDLE_ATTEMPTS }),
    };
    return loaded;
  },
  optionsFromHeader: (header, opts) => ({ answers: opts['answers'], guesses: opts['guesses'], hard: header.params['hard'] === true }),
  worker: (gameSpec, setup) => ({ parts: wordleParts(WordleGame.fromSpec(gameSpec as WordleSpec), setup as WordleSetup) as EngineParts<unknown> }),
};
