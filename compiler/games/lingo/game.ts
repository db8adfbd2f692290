/**
 * Lingo as the pit plays it: secrets and guesses are the words of one length, 5 attempts,
 * O/?/X masks, score 100·(6 − attempts) for a word found, 0 otherwise.
 */
import { LingoFeedback, codeToMask, maskHelp, maskToCode, upperMask } from '../../../runtime/lingo-feedback.js';
import type { WordList } from '../../../runtime/wordlist.js';
import type { ListRef } from '../../../runtime/tree-format.js';
import type { Game, ScoreByAttempt } from '../../game.js';

/** A Lingo game as workers receive it (structured-clone safe; letters in shared memory). */
export interface LingoSpec {
  readonly kind: 'lingo';
  readonly length: number;
  readonly letters: Uint8Array;
  readonly lists: readonly ListRef[];
}

export const LINGO_ATTEMPTS = 5;
export const LINGO_MIN_LENGTH = 4;
export const LINGO_MAX_LENGTH = 13;

export function lingoObjective(attempts = LINGO_ATTEMPTS): ScoreByAttempt {
  const scores = new Float64Array(attempts + 1);
  for (let a = 1; a <= attempts; a++) scores[a] = 100 * (attempts + 1 - a);
  return { name: 'expected-score', scores, unsolved: 0 };
}

export class LingoGame implements Game {
  readonly id = 'lingo';
  /** Its loader adds `objective: 'worst-case'` for that objective (games/worst-case.ts `markWorstCase`). */
  params: { length: number; attempts: number; objective?: string };
  readonly lists: readonly ListRef[];
  readonly secretCount: number;
  readonly guessCount: number;
  readonly codeCount: number;
  readonly solvedCode: number;
  readonly maxAttempts = LINGO_ATTEMPTS;
  readonly objective = lingoObjective();
  readonly kernel: LingoFeedback;
  /** The words, or null in a worker that only needs the letters. */
  readonly words: readonly string[] | null;

  constructor(kernel: LingoFeedback, lists: readonly ListRef[], words: readonly string[] | null) {
    const length = kernel.length;
    this.words = words;
    this.params = { length, attempts: LINGO_ATTEMPTS };
    this.lists = lists;
    this.kernel = kernel;
    this.secretCount = kernel.wordCount;
    this.guessCount = kernel.wordCount;
    this.codeCount = kernel.codeCount;
    this.solvedCode = kernel.solved;
  }

  static fromList(list: WordList, length: number): LingoGame {
    return new LingoGame(
      LingoFeedback.fromWords(list.words, length),
      [{ role: 'words', count: list.words.length, sha256: list.sha256 }],
      list.words,
    );
  }

  /** What a worker needs to rebuild this game: the letters go in shared memory. */
  spec(): LingoSpec {
    const shared = new Uint8Array(new SharedArrayBuffer(this.kernel.letters.length));
    shared.set(this.kernel.letters);
    return { kind: 'lingo', length: this.kernel.length, letters: shared, lists: this.lists };
  }

  static fromSpec(spec: LingoSpec): LingoGame {
    return new LingoGame(new LingoFeedback(spec.letters, spec.length), spec.lists, null);
  }

  secretOfGuess(guess: number): number {
    return guess;
  }
  guessOfSecret(secret: number): number {
    return secret;
  }
  feedback(guess: number, secret: number): number {
    return this.kernel.feedback(guess, secret);
  }
  partitionCodes(guess: number, secrets: Uint32Array, n: number, out: Uint32Array): void {
    this.kernel.partitionCodes(guess, secrets, n, out);
  }
  guessName(guess: number): string {
    return this.words?.[guess] ?? `#${guess}`;
  }
  secretName(secret: number): string {
    return this.words?.[secret] ?? `#${secret}`;
  }
  codeName(code: number): string {
    return codeToMask(code, this.params.length);
  }
  /** A mask as a person types it, any case: O right place, ? elsewhere, X absent. */
  parseCode(text: string): number {
    return maskToCode(upperMask(text.trim()), this.params.length);
  }
  get replyHelp(): string {
    return maskHelp(this.params.length);
  }
}

/**
 * Probe words: guesses tried at every node besides the candidates. Ranked by how much of the
 * list's letter mass they cover (distinct letters, weighted by how many words hold each
 * letter, plus a positional term), best first; ties by word order.
 */
export function lingoProbes(words: readonly string[], length: number, count: number): Uint32Array {
  const n = words.length;
  if (count >= n) return Uint32Array.from({ length: n }, (_, i) => i);
  const hold = new Float64Array(26);
  const pos = new Float64Array(26 * length);
  for (const w of words) {
    let seen = 0;
    for (let p = 0; p < length; p++) {
      const c = w.charCodeAt(p) - 97;
      pos[p * 26 + c] = pos[p * 26 + c] + 1;
      if (!((seen >> c) & 1)) {
        seen |= 1 << c;
        hold[c] = hold[c] + 1;
      }
    }
  }
  const score = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const w = words[i];
    let seen = 0;
    let s = 0;
    for (let p = 0; p < length; p++) {
      const c = w.charCodeAt(p) - 97;
      const h = hold[c] / n;
      if (!((seen >> c) & 1)) {
        seen |= 1 << c;
        s += h * (1 - h);
      }
      const q = pos[p * 26 + c] / n;
      s += 0.5 * q * (1 - q);
    }
    score[i] = s;
  }
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((a, b) => score[b] - score[a] || a - b);
  return Uint32Array.from(order.slice(0, count));
}
