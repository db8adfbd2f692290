/**
 * Match-count (LeetCode 843 "Guess the Word"): a list of unique lowercase words of one length;
 * the secret is a word of the list; a guess must be a word of the list (ruled-out words too);
 * the reply is the number of positions where guess and secret hold the same letter (the
 * length means found). The objective is the least worst-case number of guesses, then the
 * least total: scores[a] = -a, so a tree's total value is minus the guesses over all secrets.
 */
import { fail } from '../../../runtime/errors.js';
import { safeText } from '../../../runtime/messages.js';
import type { ListRef, ParamValue } from '../../../runtime/tree-format.js';
import { makeWordList, parseWordList, readTextFile, type WordList } from '../../../runtime/wordlist.js';
import type { Game, ScoreByAttempt } from '../../game.js';
import { proveWorstCase, PROVER_DEFAULTS, type ProverResult, type ProverSettings } from './prover.js';
import type { GameEffort } from '../efforts.js';

export const MATCHCOUNT_DEFAULT_BUDGET = 10;
/** What an unsolved secret scores: below any number of guesses a tree can use. */
export const MATCHCOUNT_UNSOLVED = -1_000_000;

export function matchCountObjective(words: number): ScoreByAttempt {
  const scores = new Float64Array(words + 1);
  for (let a = 1; a <= words; a++) scores[a] = -a;
  return { name: 'total-guesses', scores, unsolved: MATCHCOUNT_UNSOLVED };
}

const WORD = /^[a-z]+$/;

/**
 * Read a match-count list: one word a line, '#' lines are comments, blank lines skipped,
 * spaces and tabs trimmed. Unlike other lists, a word listed twice is an error, and every
 * word must have the length of the first. One-line `wordlist` errors name the file and line.
 */
export function loadMatchCountList(path: string): WordList {
  const text = readTextFile(path);
  const firstLine = new Map<string, number>();
  const words: string[] = [];
  let length = -1;
  let lengthLine = 0;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    let raw = lines[i];
    if (raw.endsWith('\r')) raw = raw.slice(0, -1);
    if (i === 0 && raw.charCodeAt(0) === 0xfeff) raw = raw.slice(1);
    const word = raw.replace(/^[ \t]+|[ \t]+$/g, '');
    if (word.length === 0 || word.startsWith('#')) continue;
    const lineNo = i + 1;
    if (!WORD.test(word)) {
      // The shared parser words the message; it stops at this line, the first bad one.
      parseWordList(lines.slice(0, i + 1).join('\n'), { source: path, commentPrefix: '#' });
      throw fail('wordlist', `${path}:${lineNo}: bad word "${word}"`);
    }
    const seen = firstLine.get(word);
    if (seen !== undefined) {
      throw fail(
        'wordlist',
        `${path}:${lineNo}: "${word}" is listed twice (first on line ${seen}); match-count words must be unique`,
      );
    }
    if (length < 0) {
      length = word.length;
      lengthLine = lineNo;
    } else if (word.length !== length) {
      throw fail(
        'wordlist',
        `${path}:${lineNo}: "${word}" has ${word.length} letters, but the first word (line ${lengthLine}) has ${length}; match-count words must all have the same length`,
      );
    }
    firstLine.set(word, lineNo);
    words.push(word);
  }
  if (words.length === 0) throw fail('wordlist', `${path}: the list is empty (match-count needs at least one word)`);
  return makeWordList(path, words);
}

export class MatchCountGame implements Game {
  readonly id = 'matchcount';
  readonly params: { length: number };
  readonly lists: readonly ListRef[];
  readonly secretCount: number;
  readonly guessCount: number;
  readonly codeCount: number;
  readonly solvedCode: number;
  readonly maxAttempts: number;
  readonly objective: ScoreByAttempt;
  readonly words: readonly string[];
  readonly length: number;
  /** letters[w * length + p]: letter p of word w. */
  private readonly letters: Uint8Array;

  constructor(words: readonly string[], lists: readonly ListRef[]) {
    const n = words.length;
    const length = words[0].length;
    this.words = words;
    this.length = length;
    this.params = { length };
    this.lists = lists;
    this.secretCount = n;
    this.guessCount = n;
    this.codeCount = length + 1;
    this.solvedCode = length;
    // No secret ever needs more guesses than there are words.
    this.maxAttempts = n;
    this.objective = matchCountObjective(n);
    this.letters = new Uint8Array(n * length);
    words.forEach((w, i) => {
      for (let p = 0; p < length; p++) this.letters[i * length + p] = w.charCodeAt(p);
    });
  }

  static fromList(list: WordList): MatchCountGame {
    return new MatchCountGame(list.words, [{ role: 'words', count: list.words.length, sha256: list.sha256 }]);
  }

  secretOfGuess(guess: number): number {
    return guess;
  }
  guessOfSecret(secret: number): number {
    return secret;
  }
  feedback(guess: number, secret: number): number {
    const L = this.length;
    const a = guess * L;
    const b = secret * L;
    let k = 0;
    for (let p = 0; p < L; p++) if (this.letters[a + p] === this.letters[b + p]) k++;
    return k;
  }
  partitionCodes(guess: number, secrets: Uint32Array, n: number, out: Uint32Array): void {
    for (let i = 0; i < n; i++) out[i] = this.feedback(guess, secrets[i]);
  }
  guessName(guess: number): string {
    return this.words[guess] ?? `#${guess}`;
  }
  secretName(secret: number): string {
    return this.words[secret] ?? `#${secret}`;
  }
  codeName(code: number): string {
    return String(code);
  }
  get replyHelp(): string {
    return `reply with the number of positions that match, 0 to ${this.length}`;
  }
  parseCode(text: string): number {
    const t = text.trim();
    if (!/^\d+$/.test(t) || Number(t) > this.length) {
      throw fail(
        'feedback',
        `reply ${safeText(t)}: expected the number of positions that match, a whole number from 0 to ${this.length}`,
      );
    }
    return Number(t);
  }
}

export interface MatchCountEffort extends ProverSettings, GameEffort {}

export const MATCHCOUNT_EFFORTS: readonly MatchCountEffort[] = [
  {
    ...PROVER_DEFAULTS,
    name: 'quick',
    describe: 'a short proof attempt (0.1 M nodes) and a one-step rebuild',
    proofNodes: 100_000,
    upperNodes: 50_000,
    totalNodes: 50_000,
    widths: [1],
  },
  { ...PROVER_DEFAULTS, name: 'default', describe: 'a proof within 4 M nodes, then a rebuild for a small total' },
  {
    ...PROVER_DEFAULTS,
    name: 'thorough',
    describe: 'a proof within 40 M nodes and a wider rebuild',
    proofNodes: 40_000_000,
    upperNodes: 10_000_000,
    totalNodes: 4_000_000,
    widths: [8, 4, 2],
  },
];

/** The header's record of a match-count compile: the settings and what the search proved. */
export function matchCountSettings(
  effort: MatchCountEffort,
  budget: number,
  r: Pick<ProverResult, 'lowerBound' | 'proven'>,
): Record<string, ParamValue> {
  return {
    effort: effort.name,
    search: 'worst-case prover',
    proofNodes: effort.proofNodes,
    upperNodes: effort.upperNodes,
    totalNodes: effort.totalNodes,
    checkNodes: effort.checkNodes,
    widths: effort.widths.join('/'),
    packings: effort.packings.join('/'),
    budget,
    lowerBound: r.lowerBound,
    provenOptimal: r.proven,
  };
}

export function compileMatchCount(game: MatchCountGame, effort: MatchCountEffort): ProverResult {
  return proveWorstCase(game, effort);
}

/** What a compile proved, as the CLI says it: one line (`recorded`: as the compile recorded it). */
export function describeProof(
  {
    worstCase,
    lowerBound,
    proven,
  }: { readonly worstCase: number; readonly lowerBound: number; readonly proven: boolean },
  recorded = false,
): string {
  const guesses = `${worstCase} guess${worstCase === 1 ? '' : 'es'}`;
  const said = recorded ? ', recorded by its compile as' : ',';
  return proven
    ? `worst case ${guesses}${said} proven optimal`
    : `worst case ${guesses}${said} best lower bound proven ${lowerBound} (not proven optimal)`;
}
