/**
 * Wordle: the secrets are the answers, the guesses are the union of the answers and the allowed
 * guesses (both normalized), 6 tries, Lingo's feedback rule (O/?/X masks). The objective is the
 * least total number of guesses over all answers, then the fewest answers that need a 6th
 * guess; an answer not found within 6 costs so much that every answer is found when possible.
 *
 * Hard mode: every guess keeps each green letter in place and uses each revealed letter (green
 * or yellow) at least as often as one reply revealed it.
 *
 * Feedback comes from a guesses x answers byte table (one code per entry) built with the Lingo
 * kernel the first time a search asks for it (`table`, `replyTable`, `spec`) and shared with the
 * workers; until then (the verbs that only walk a tree) each reply comes from the kernel.
 */
import {
  LingoFeedback,
  codeToMask,
  encodeLetters,
  maskHelp,
  maskToCode,
  upperMask,
} from '../../../runtime/lingo-feedback.js';
import type { WordList } from '../../../runtime/wordlist.js';
import type { ListRef } from '../../../runtime/tree-format.js';
import type { Game, GuessFilter, ScoreByAttempt } from '../../game.js';
import type { ReplyTable } from '../../engine/types.js';

/** The default limit on guesses (`--max-guesses`). */
export const WORDLE_ATTEMPTS = 6;
/** The most guesses `--max-guesses` allows. */
export const WORDLE_MAX_ATTEMPTS = 20;
/** An answer not found within the tries: more than any tree's total of found answers. */
export const WORDLE_UNSOLVED = -1_000_000;

/** A Wordle game as workers receive it (structured-clone safe; tables in shared memory). */
export interface WordleSpec {
  readonly kind: 'wordle';
  readonly length: number;
  readonly hard: boolean;
  /** Letters of the guesses (`encodeLetters`), shared. */
  readonly letters: Uint8Array;
  /** The guess index of each answer, shared. */
  readonly answerGuess: Uint32Array;
  /** `table[answer * guesses + guess]`: the feedback code (byte table; lengths up to 5), shared. */
  readonly table: Uint8Array | null;
  readonly lists: readonly ListRef[];
  /** The limit on guesses (absent: 6). */
  readonly attempts?: number;
}

/**
 * The engine's cost of one guess: a power of two above the number of answers (4096 up to 4095
 * answers), so that the tie-break of one unit per answer found on the last guess stays below one
 * guess over all the answers, and scores stay exact binary fractions.
 */
export function wordleGuessUnit(secrets: number): number {
  let unit = 4096;
  while (unit <= secrets) unit *= 2;
  return unit;
}

/**
 * Minus the guesses a secret takes, the last guess allowed (`attempts`, the 6th by default) a
 * tie-break of 1/`wordleGuessUnit` more: the fewest answers that need it.
 */
export function wordleObjective(attempts = WORDLE_ATTEMPTS, secrets = 0): ScoreByAttempt {
  const scores = new Float64Array(attempts + 1);
  for (let a = 1; a <= attempts; a++) scores[a] = -a;
  scores[attempts] = -attempts - 1 / wordleGuessUnit(secrets);
  return { name: 'total-guesses', scores, unsolved: WORDLE_UNSOLVED };
}

function shared<T extends Uint8Array | Uint32Array>(a: T): T {
  const out = new (a.constructor as { new (b: SharedArrayBuffer): T })(new SharedArrayBuffer(a.byteLength));
  out.set(a);
  return out;
}

/**
 * The feedback table, one byte per entry (when every code fits a byte), answer-major:
 * `table[answer * guesses + guess]`. A node's answers are a few rows, so ranking every guess
 * at a node reads a few contiguous rows.
 */
export function feedbackTable(kernel: LingoFeedback, answerGuess: Uint32Array): Uint8Array | null {
  if (kernel.codeCount > 256) return null;
  const A = answerGuess.length;
  const G = kernel.wordCount;
  const table = new Uint8Array(new SharedArrayBuffer(G * A));
  // Blocks of guesses computed guess by guess, then written row by row.
  const BLOCK = 64;
  const block = new Uint32Array(BLOCK * A);
  for (let g0 = 0; g0 < G; g0 += BLOCK) {
    const b = Math.min(BLOCK, G - g0);
    for (let j = 0; j < b; j++) kernel.partitionCodes(g0 + j, answerGuess, A, block.subarray(j * A, (j + 1) * A));
    for (let a = 0; a < A; a++) {
      const row = a * G + g0;
      for (let j = 0; j < b; j++) table[row + j] = block[j * A + a];
    }
  }
  return table;
}

/**
 * The hard-mode rule as a guess filter. State: `length` characters of greens (a letter or '.')
 * then 26 characters of the least count of each letter ('0'..'9').
 */
export class HardModeFilter implements GuessFilter {
  readonly start: string;
  private readonly length: number;
  private readonly letters: Uint8Array;
  private readonly counts: Uint8Array;

  constructor(letters: Uint8Array, length: number) {
    this.length = length;
    this.letters = letters;
    const n = letters.length / length;
    this.counts = new Uint8Array(n * 26);
    for (let i = 0; i < letters.length; i++) {
      const w = Math.floor(i / length);
      const c = letters[i];
      this.counts[w * 26 + c] = this.counts[w * 26 + c] + 1;
    }
    this.start = '.'.repeat(length) + '0'.repeat(26);
  }

  after(state: string, guess: number, code: number): string {
    const L = this.length;
    const chars = state.split('');
    const revealed = new Uint8Array(26);
    let rest = code;
    for (let p = L - 1; p >= 0; p--) {
      const digit = rest % 3;
      rest = Math.floor(rest / 3);
      if (digit === 0) continue;
      const c = this.letters[guess * L + p];
      revealed[c] = revealed[c] + 1;
      if (digit === 2) chars[p] = String.fromCharCode(97 + c);
    }
    for (let c = 0; c < 26; c++) {
      const had = chars[L + c].charCodeAt(0) - 48;
      if (revealed[c] > had) chars[L + c] = String.fromCharCode(48 + revealed[c]);
    }
    return chars.join('');
  }

  allows(state: string, guess: number): boolean {
    const L = this.length;
    for (let p = 0; p < L; p++) {
      const g = state.charCodeAt(p);
      if (g !== 46 && g - 97 !== this.letters[guess * L + p]) return false;
    }
    for (let c = 0; c < 26; c++) {
      if (state.charCodeAt(L + c) - 48 > this.counts[guess * 26 + c]) return false;
    }
    return true;
  }

  /**
   * The guesses of `list` a state allows, in list order: the state is read once (its greens
   * and the letters it needs), then each guess checked against those only.
   */
  filter(state: string, list: Uint32Array): Uint32Array {
    const L = this.length;
    const greenAt: number[] = [];
    const greenLetter: number[] = [];
    for (let p = 0; p < L; p++) {
      const g = state.charCodeAt(p);
      if (g !== 46) {
        greenAt.push(p);
        greenLetter.push(g - 97);
      }
    }
    const needLetter: number[] = [];
    const needCount: number[] = [];
    for (let c = 0; c < 26; c++) {
      const k = state.charCodeAt(L + c) - 48;
      if (k > 0) {
        needLetter.push(c);
        needCount.push(k);
      }
    }
    const out = new Uint32Array(list.length);
    let m = 0;
    const letters = this.letters;
    const counts = this.counts;
    next: for (let i = 0; i < list.length; i++) {
      const w = list[i];
      for (let j = 0; j < greenAt.length; j++) if (letters[w * L + greenAt[j]] !== greenLetter[j]) continue next;
      for (let j = 0; j < needLetter.length; j++) if (counts[w * 26 + needLetter[j]] < needCount[j]) continue next;
      out[m++] = w;
    }
    return out.slice(0, m);
  }

  /** Why a guess breaks the rule in a state, or null when it does not (for messages and tests). */
  explain(state: string, guess: number): string | null {
    const L = this.length;
    for (let p = 0; p < L; p++) {
      const g = state.charCodeAt(p);
      if (g !== 46 && g - 97 !== this.letters[guess * L + p]) return `position ${p + 1} must stay '${state[p]}'`;
    }
    for (let c = 0; c < 26; c++) {
      const need = state.charCodeAt(L + c) - 48;
      if (need > this.counts[guess * 26 + c])
        return `must use '${String.fromCharCode(97 + c)}' at least ${need} time${need === 1 ? '' : 's'}`;
    }
    return null;
  }
}

export class WordleGame implements Game {
  readonly id = 'wordle';
  /** Its loader adds `objective: 'worst-case'` for that objective (games/worst-case.ts `markWorstCase`). */
  params: { length: number; attempts: number; hard: boolean; objective?: string };
  readonly lists: readonly ListRef[];
  readonly secretCount: number;
  readonly guessCount: number;
  readonly codeCount: number;
  readonly solvedCode: number;
  readonly maxAttempts: number;
  readonly objective: ScoreByAttempt;
  readonly kernel: LingoFeedback;
  readonly answerGuess: Uint32Array;
  /** The feedback table once built (null: the codes do not fit a byte; undefined: not built yet). */
  private tableBuilt: Uint8Array | null | undefined;
  private replyTableBuilt: ReplyTable | undefined;
  /** Guess indices of a reply group's answers, for the kernel while there is no table. */
  private scratch = new Uint32Array(0);
  readonly guessFilter: HardModeFilter | undefined;
  /** The answer each guess is, or -1. */
  private readonly guessAnswer: Int32Array;
  /** The guesses and answers, or null in a worker. */
  readonly guesses: readonly string[] | null;
  readonly answers: readonly string[] | null;

  constructor(
    kernel: LingoFeedback,
    answerGuess: Uint32Array,
    table: Uint8Array | null | undefined,
    hard: boolean,
    lists: readonly ListRef[],
    words: { guesses: readonly string[]; answers: readonly string[] } | null,
    attempts = WORDLE_ATTEMPTS,
  ) {
    this.kernel = kernel;
    this.answerGuess = answerGuess;
    this.tableBuilt = table;
    this.lists = lists;
    this.params = { length: kernel.length, attempts, hard };
    this.secretCount = answerGuess.length;
    this.maxAttempts = attempts;
    this.objective = wordleObjective(attempts, this.secretCount);
    this.guessCount = kernel.wordCount;
    this.codeCount = kernel.codeCount;
    this.solvedCode = kernel.solved;
    this.guessAnswer = new Int32Array(kernel.wordCount).fill(-1);
    answerGuess.forEach((g, a) => {
      this.guessAnswer[g] = a;
    });
    this.guessFilter = hard ? new HardModeFilter(kernel.letters, kernel.length) : undefined;
    this.guesses = words?.guesses ?? null;
    this.answers = words?.answers ?? null;
  }

  /**
   * From the normalized answers and the normalized union of answers and allowed guesses. Every
   * word must have the same length (checked by the caller).
   */
  static fromLists(
    answers: WordList,
    guesses: WordList,
    hard: boolean,
    guessesRef?: ListRef,
    attempts = WORDLE_ATTEMPTS,
  ): WordleGame {
    const length = answers.words[0].length;
    const letters = shared(encodeLetters(guesses.words, length));
    const kernel = new LingoFeedback(letters, length);
    const answerGuess = shared(Uint32Array.from(answers.words, (w) => guesses.index.get(w) as number));
    // `guessesRef`: the guesses are part of a list (a tree's guesses), the game names the whole one.
    const lists: ListRef[] = [
      { role: 'answers', count: answers.words.length, sha256: answers.sha256 },
      guessesRef ?? { role: 'guesses', count: guesses.words.length, sha256: guesses.sha256 },
    ];
    return new WordleGame(
      kernel,
      answerGuess,
      undefined,
      hard,
      lists,
      { guesses: guesses.words, answers: answers.words },
      attempts,
    );
  }

  /** The feedback table, `table[answer * guesses + guess]` (null when codes do not fit a byte); built on first use. */
  get table(): Uint8Array | null {
    if (this.tableBuilt === undefined) this.tableBuilt = feedbackTable(this.kernel, this.answerGuess);
    return this.tableBuilt;
  }

  /** The table as the engine reads it (secret-major), when there is one. */
  get replyTable(): ReplyTable | undefined {
    const t = this.table;
    if (t && this.replyTableBuilt === undefined) this.replyTableBuilt = { codes: t, stride: this.kernel.wordCount };
    return this.replyTableBuilt;
  }

  spec(): WordleSpec {
    return {
      kind: 'wordle',
      length: this.kernel.length,
      hard: this.params.hard,
      letters: this.kernel.letters,
      answerGuess: this.answerGuess,
      table: this.table,
      lists: this.lists,
      ...(this.maxAttempts !== WORDLE_ATTEMPTS ? { attempts: this.maxAttempts } : {}),
    };
  }

  static fromSpec(spec: WordleSpec): WordleGame {
    return new WordleGame(
      new LingoFeedback(spec.letters, spec.length),
      spec.answerGuess,
      spec.table,
      spec.hard,
      spec.lists,
      null,
      spec.attempts ?? WORDLE_ATTEMPTS,
    );
  }

  secretOfGuess(guess: number): number {
    return this.guessAnswer[guess];
  }
  guessOfSecret(secret: number): number {
    return this.answerGuess[secret];
  }
  feedback(guess: number, secret: number): number {
    const t = this.tableBuilt;
    if (t) return t[secret * this.guessCount + guess];
    return this.kernel.feedback(guess, this.answerGuess[secret]);
  }
  partitionCodes(guess: number, secrets: Uint32Array, n: number, out: Uint32Array): void {
    const t = this.tableBuilt;
    if (t) {
      const G = this.guessCount;
      for (let i = 0; i < n; i++) out[i] = t[secrets[i] * G + guess];
      return;
    }
    if (this.scratch.length < n) this.scratch = new Uint32Array(this.secretCount);
    const words = this.scratch;
    for (let i = 0; i < n; i++) words[i] = this.answerGuess[secrets[i]];
    this.kernel.partitionCodes(guess, words, n, out);
  }
  guessName(guess: number): string {
    return this.guesses?.[guess] ?? `#${guess}`;
  }
  secretName(secret: number): string {
    return this.answers?.[secret] ?? `#${secret}`;
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
 * Probe order: every guess, ranked by how many reply groups it splits all the answers into
 * (then by its guess index). The engine ranks each node's pool itself; this order only makes
 * its ties deterministic and puts strong guesses first.
 */
export function wordleProbes(game: WordleGame): Uint32Array {
  const G = game.guessCount;
  const K = game.codeCount;
  const groups = new Int32Array(G);
  const t = game.table;
  if (t) {
    // Answer by answer over the table's rows: seen[g * K + code].
    const seen = new Uint8Array(G * K);
    for (let a = 0; a < game.secretCount; a++) {
      const row = a * G;
      for (let g = 0; g < G; g++) {
        const at = g * K + t[row + g];
        if (!seen[at]) {
          seen[at] = 1;
          groups[g] = groups[g] + 1;
        }
      }
    }
  } else {
    const all = Uint32Array.from({ length: game.secretCount }, (_, i) => i);
    const codes = new Uint32Array(all.length);
    const seen = new Uint8Array(K);
    for (let g = 0; g < G; g++) {
      game.partitionCodes(g, all, all.length, codes);
      seen.fill(0);
      let k = 0;
      for (let i = 0; i < codes.length; i++) {
        const c = codes[i];
        if (!seen[c]) {
          seen[c] = 1;
          k++;
        }
      }
      groups[g] = k;
    }
  }
  const order = Array.from({ length: G }, (_, i) => i);
  order.sort((a, b) => groups[b] - groups[a] || a - b);
  return Uint32Array.from(order);
}
