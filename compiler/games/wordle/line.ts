/**
 * `--line GUESS.MASK.GUESS…[,…]`: lines of play a Wordle tree keeps. A line's first guess is the
 * opener; after each mask, the guess that follows is played at the answers that reply so (the
 * search fills in everything else). E.g. `chomp.XXXXX.bezil`: CHOMP first and, for the answers
 * with none of its letters, BEZIL second. Several lines, comma-separated, share their opener and
 * agree wherever they meet.
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

/** The longest `--line` text read, and the most lines in it. */
const LINE_MAX_CHARS = 100_000;
const MAX_LINES = 1000;

/**
 * The lines a person typed, checked against the game and each other: one usage line naming the
 * part that is wrong (lines must open alike and play one guess wherever they meet).
 */
export function parseLines(game: WordleGame, text: string): WordleLine[] {
  if (text.length > LINE_MAX_CHARS)
    throw fail('usage', `--line: longer than ${LINE_MAX_CHARS.toLocaleString('en-US')} characters`);
  const texts = text.split(',');
  if (texts.length > MAX_LINES) throw fail('usage', `--line: more than ${MAX_LINES} lines`);
  const lines = texts.map((t) => parseLine(game, t));
  const c = lineConflict(lines);
  if (c) {
    const [first, other] = [game.guessName(lines[c.a].guesses[c.k]), game.guessName(lines[c.b].guesses[c.k])];
    if (c.k === 0) throw fail('usage', `--line: the lines open with different guesses (${first}, ${other})`);
    const at = lineText(game, lines[c.b].guesses.subarray(0, c.k), lines[c.b].replies.subarray(0, c.k));
    throw fail('usage', `--line: after ${safeText(at)} the lines play both ${first} and ${other}`);
  }
  return lines;
}

/**
 * The first place where a line plays another guess than an earlier one after the same guesses
 * and masks (lines `a` before `b`, the guess's place `k`; 0: their openers), or null: the lines
 * agree wherever they meet, so the sets they reach at one depth are disjoint.
 */
function lineConflict(lines: readonly WordleLine[]): { a: number; b: number; k: number } | null {
  // Each node reached (its guesses and replies so far) and the guess played there, with its line.
  const played = new Map<string, { guess: number; line: number }>();
  for (let i = 0; i < lines.length; i++) {
    const { guesses, replies } = lines[i];
    let at = '';
    for (let k = 0; k < guesses.length; k++) {
      const before = played.get(at);
      if (before && before.guess !== guesses[k]) return { a: before.line, b: i, k };
      if (!before) played.set(at, { guess: guesses[k], line: i });
      if (k < replies.length) at += `${guesses[k]}.${replies[k]}.`;
    }
  }
  return null;
}

/** One line, checked against the game. */
function parseLine(game: WordleGame, text: string): WordleLine {
  const words = game.guesses;
  if (!words) throw new Error('wordle line: the game has no words');
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

/** The lines as a person types them (lower-case guesses, masks in O ? X). */
export function linesText(game: WordleGame, lines: readonly WordleLine[]): string {
  return lines.map((l) => lineText(game, l.guesses, l.replies)).join(',');
}

/** A line, or its first guesses and masks, as a person types it. */
function lineText(game: WordleGame, guesses: Uint32Array, replies: Uint32Array): string {
  const out: string[] = [];
  for (let k = 0; k < guesses.length; k++) {
    out.push(game.guessName(guesses[k]));
    if (k < replies.length) out.push(codeToMask(replies[k], game.params.length));
  }
  return out.join('.');
}

/** The sets the lines' guesses after the first are played at (once each where lines meet). */
export function lineGuides(game: WordleGame, lines: readonly WordleLine[]): GuidedSet[] {
  const guides = new Map<string, GuidedSet>();
  for (const line of lines) {
    let secrets = Array.from({ length: game.secretCount }, (_, s) => s);
    let at = '';
    for (let k = 0; k < line.replies.length; k++) {
      const g = line.guesses[k];
      const code = line.replies[k];
      at += `${g}.${code}.`;
      secrets = secrets.filter((s) => game.feedback(g, s) === code);
      if (!guides.has(at))
        guides.set(at, { used: k + 1, secrets: Uint32Array.from(secrets), guess: line.guesses[k + 1] });
    }
  }
  return [...guides.values()];
}

/** The lines in a job's setup: every line's guesses, then replies, one after another, and each line's count of guesses. */
export interface LineSetup {
  readonly lineGuesses: Uint32Array;
  readonly lineReplies: Uint32Array;
  readonly lineLengths: Uint32Array;
}

export function lineSetup(lines: readonly WordleLine[]): LineSetup {
  const cat = (parts: Uint32Array[]) => {
    const out = new Uint32Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  };
  return {
    lineGuesses: cat(lines.map((l) => l.guesses)),
    lineReplies: cat(lines.map((l) => l.replies)),
    lineLengths: Uint32Array.from(lines, (l) => l.guesses.length),
  };
}

export function linesOfSetup(s: LineSetup): WordleLine[] {
  const lines: WordleLine[] = [];
  let g = 0;
  let r = 0;
  for (const n of s.lineLengths) {
    lines.push({ guesses: s.lineGuesses.subarray(g, g + n), replies: s.lineReplies.subarray(r, r + n - 1) });
    g += n;
    r += n - 1;
  }
  return lines;
}

/** A job's lines (setup.lineGuesses, lineReplies, lineLengths) checked against the game's sizes. */
export function checkLineJob(
  u: Record<string, unknown>,
  sizes: { guesses: number; codes: number; solved: number; limit: number },
): void {
  const lengths = jobIndices(u.lineLengths, 'setup.lineLengths', sizes.limit, MAX_LINES);
  let total = 0;
  for (const n of lengths) {
    if (n < 2) throw badJob('setup.lineLengths', 'a line of fewer than two guesses');
    total += n;
  }
  const guesses = jobIndices(u.lineGuesses, 'setup.lineGuesses', sizes.guesses, total);
  const replies = jobIndices(u.lineReplies, 'setup.lineReplies', sizes.codes, total);
  if (lengths.length === 0 || guesses.length !== total || replies.length !== total - lengths.length)
    throw badJob('setup.lineReplies', 'expected the guesses the line lengths add up to, and one reply fewer a line');
  if (replies.includes(sizes.solved)) throw badJob('setup.lineReplies', 'a reply that solves the game');
  if (lineConflict(linesOfSetup({ lineGuesses: guesses, lineReplies: replies, lineLengths: lengths })))
    throw badJob('setup.lineGuesses', 'two lines play different guesses after the same guesses and replies');
}
