/**
 * `--line GUESS.MASK.GUESS…`: a line of play a Wordle tree keeps. Its first guess is the opener;
 * after each mask, the guess that follows is played at the answers that reply so (the search
 * fills in everything else). E.g. `chomp.XXXXX.bezil`: CHOMP first and, for the answers with
 * none of its letters, BEZIL second.
 */
import { fail } from '../../../runtime/errors.js';
import { codeToMask, maskToCode, upperMask } from '../../../runtime/lingo-feedback.js';
import { safeText } from '../../../runtime/messages.js';
import type { GuidedSet } from '../../engine/guided-ranker.js';
import { badJob, jobIndices } from '../job-check.js';
import type { WordleGame } from './game.js';

/** A line as indices: guesses[0] the opener, replies[k] the mask after guesses[k], guesses[k + 1] played there. */
export interface WordleLine {
  readonly guesses: Uint32Array;
  readonly replies: Uint32Array;
}

/** The longest `--line` text read (a line holds at most one guess and mask a try). */
const LINE_MAX_CHARS = 1000;

/** The line a person typed, checked against the game: one usage line naming the part that is wrong. */
export function parseLine(game: WordleGame, text: string): WordleLine {
  const words = game.guesses;
  if (!words) throw new Error('wordle line: the game has no words');
  if (text.length > LINE_MAX_CHARS) throw fail('usage', `--line: longer than ${LINE_MAX_CHARS} characters`);
  const parts = text.trim().split('.');
  if (parts.length % 2 === 0 || parts.length < 3)
    throw fail('usage', `--line ${safeText(text)}: expected GUESS.MASK.GUESS (more masks and guesses may follow)`);
  const tries = (parts.length + 1) / 2;
  if (tries > game.maxAttempts - 1)
    throw fail(
      'usage',
      `--line ${safeText(text)}: ${tries} guesses leave no try for the search (the limit is ${game.maxAttempts})`,
    );
  const guesses = new Uint32Array(tries);
  const replies = new Uint32Array(tries - 1);
  const rule = game.guessFilter;
  let state = rule?.start ?? '';
  let secrets = Array.from({ length: game.secretCount }, (_, s) => s);
  for (let k = 0; k < tries; k++) {
    const word = parts[2 * k].toLowerCase();
    const g = words.indexOf(word);
    if (g < 0) throw fail('usage', `--line: ${safeText(parts[2 * k])} is not a word of the guesses or the answers`);
    if (rule && !rule.allows(state, g))
      throw fail(
        'usage',
        `--line: hard mode does not allow ${safeText(word)} after ${lineText(game, guesses.subarray(0, k), replies.subarray(0, k))}`,
      );
    guesses[k] = g;
    if (k === tries - 1) break;
    let code: number;
    try {
      code = maskToCode(upperMask(parts[2 * k + 1]), game.params.length, `--line: mask ${k + 1}`);
    } catch (e) {
      throw fail('usage', e instanceof Error ? e.message : String(e));
    }
    const where = `${lineText(game, guesses.subarray(0, k + 1), replies.subarray(0, k))}.${codeToMask(code, game.params.length)}`;
    if (code === game.solvedCode) throw fail('usage', `--line: ${safeText(where)} solves the game; nothing follows it`);
    secrets = secrets.filter((s) => game.feedback(g, s) === code);
    if (secrets.length < 2)
      throw fail(
        'usage',
        `--line: ${secrets.length === 0 ? 'no answer' : 'one answer only'} gives ${safeText(where)}; a guess there has nothing to choose`,
      );
    replies[k] = code;
    if (rule) state = rule.after(state, g, code);
  }
  return { guesses, replies };
}

/** The line as a person types it (lower-case guesses, masks in O ? X). */
export function lineText(game: WordleGame, guesses: Uint32Array, replies: Uint32Array): string {
  const out: string[] = [];
  for (let k = 0; k < guesses.length; k++) {
    out.push(game.guessName(guesses[k]));
    if (k < replies.length) out.push(codeToMask(replies[k], game.params.length));
  }
  return out.join('.');
}

/** The sets the line's guesses after the first are played at. */
export function lineGuides(game: WordleGame, line: WordleLine): GuidedSet[] {
  const guides: GuidedSet[] = [];
  let secrets = Array.from({ length: game.secretCount }, (_, s) => s);
  for (let k = 0; k < line.replies.length; k++) {
    const g = line.guesses[k];
    const code = line.replies[k];
    secrets = secrets.filter((s) => game.feedback(g, s) === code);
    guides.push({ used: k + 1, secrets: Uint32Array.from(secrets), guess: line.guesses[k + 1] });
  }
  return guides;
}

/** A job's line (setup.lineGuesses, setup.lineReplies) checked against the game's sizes. */
export function checkLineJob(
  guessesField: unknown,
  repliesField: unknown,
  sizes: { guesses: number; codes: number; solved: number; limit: number },
): void {
  const guesses = jobIndices(guessesField, 'setup.lineGuesses', sizes.guesses, sizes.limit - 1);
  const replies = jobIndices(repliesField, 'setup.lineReplies', sizes.codes, sizes.limit - 2);
  if (guesses.length < 2 || replies.length !== guesses.length - 1)
    throw badJob('setup.lineReplies', 'expected one reply fewer than the line has guesses (at least two)');
  if (replies.includes(sizes.solved)) throw badJob('setup.lineReplies', 'a reply that solves the game');
}
