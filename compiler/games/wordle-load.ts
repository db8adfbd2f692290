/** Building the Wordle game from the CLI's options (the registry's entry for `--game wordle`). */
import { fail } from '../../runtime/errors.js';
import type { ParamValue } from '../../runtime/tree-format.js';
import { loadUniformWordList, makeWordList } from '../../runtime/wordlist.js';
import type { GameOptions, LoadedGame } from './registry.js';
import { WordleGame } from './wordle.js';
import { compileWordle, WORDLE_EFFORTS } from './wordle-compile.js';

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

export function loadWordle(opts: GameOptions): LoadedGame {
  if (opts.answers === undefined || opts.guesses === undefined) {
    throw fail('usage', 'wordle needs --answers FILE (the possible secrets) and --guesses FILE (the allowed guesses)');
  }
  if (opts.len !== undefined || opts.wordlist !== undefined) {
    throw fail('usage', `wordle takes --answers and --guesses, not ${opts.len !== undefined ? '--len' : '--wordlist'}`);
  }
  const hard = opts.hard === true;
  const game = loadWordleGame(opts.answers, opts.guesses, hard);
  return {
    game,
    slug: hard ? 'wordle-hard' : 'wordle',
    efforts: Object.keys(WORDLE_EFFORTS),
    async compile(req) {
      const effort = WORDLE_EFFORTS[req.effort];
      if (!effort) throw fail('usage', `--effort ${req.effort}: unknown effort for wordle (choose ${Object.keys(WORDLE_EFFORTS).join(', ')})`);
      const { tree, upperBound } = await compileWordle(game, effort, { workers: req.workers, onProgress: req.onProgress, checkpoint: req.checkpoint, signal: req.signal });
      const settings: Record<string, ParamValue> = {
        effort: effort.name,
        widths: effort.widths.join('/'),
        ranking: 'reply groups, then sum of squared group sizes',
        cutoffs: true,
        candidateShortcut: true,
      };
      return { tree, settings, upperBound };
    },
  };
}
