/**
 * Hangman: the secret is a word of one length from the list; a guess is a letter not guessed
 * yet; the reply is the set of positions holding it (empty: a miss). The game ends when every
 * letter of the word is revealed. Guesses are letters 0..25 ('a'..'z'); a reply is a position
 * mask (bit p: position p + 1 as a person counts). The tree never stores the reply that
 * reveals the last letters (that ends the game), like the solved reply of the other games.
 *
 * Objectives: `misses` (least total misses over the list, i.e. least expected misses for a
 * word drawn uniformly) and `win` with N lives (most words revealed with fewer than N misses,
 * then least total misses). A Hangman tree is replayed by its own rules (`replayRules`), since
 * a secret is not found by naming it.
 */
import { fail } from '../../../runtime/errors.js';
import { safeText } from '../../../runtime/messages.js';
import type { ListRef, ParamValue, TreeArrays } from '../../../runtime/tree-format.js';
import { childOf, NO_CHILD } from '../../../runtime/tree-walker.js';
import type { WordList } from '../../../runtime/wordlist.js';
import type { Game, ReplayRules, ReplaySummary, ScoreByAttempt, SecretOutcome } from '../../game.js';
import { ALPHABET_SIZE, letterMasks, LOSS_WEIGHT } from './ranker.js';

export const HANGMAN_MIN_LENGTH = 1;
export const HANGMAN_MAX_LENGTH = 16;
export const HANGMAN_DEFAULT_LIVES = 6;
export const HANGMAN_OBJECTIVES = ['misses', 'win'] as const;
export type HangmanObjective = (typeof HANGMAN_OBJECTIVES)[number];
/** Lists of at most this many words are solved exactly at every node... */
export const HANGMAN_EXACT_LIST_MAX = 200;
/** ...unless that takes more than this many search nodes (minutes); then the default search runs. */
export const HANGMAN_EXACT_NODE_BUDGET = 3_000_000;

export interface HangmanSpec {
  readonly length: number;
  readonly objective: HangmanObjective;
  /** Lives of the win objective; for `misses` trees, the lives the win rate is reported for. */
  readonly lives: number;
}

const NO_SCORES: ScoreByAttempt = { name: 'misses', scores: new Float64Array(ALPHABET_SIZE + 1), unsolved: 0 };

export class HangmanGame implements Game {
  readonly id = 'hangman';
  readonly params: Readonly<Record<string, ParamValue>>;
  readonly lists: readonly ListRef[];
  readonly secretCount: number;
  readonly guessCount = ALPHABET_SIZE;
  readonly codeCount: number;
  /** Never a reply: the game ends when the word is revealed, not on one reply. */
  readonly solvedCode: number;
  readonly maxAttempts = ALPHABET_SIZE;
  readonly objective: ScoreByAttempt;
  readonly words: readonly string[];
  readonly length: number;
  readonly spec: HangmanSpec;
  /** masks[w * 26 + l]: positions of letter l in word w. */
  readonly masks: Uint16Array;
  /** All positions of a word. */
  readonly full: number;
  readonly replayRules: ReplayRules;

  constructor(words: readonly string[], lists: readonly ListRef[], spec: HangmanSpec) {
    this.words = words;
    this.lists = lists;
    this.spec = spec;
    this.length = spec.length;
    this.secretCount = words.length;
    this.codeCount = 1 << spec.length;
    this.solvedCode = this.codeCount;
    this.full = this.codeCount - 1;
    this.masks = letterMasks(words);
    this.objective = { ...NO_SCORES, name: spec.objective };
    const params: Record<string, ParamValue> = { length: spec.length, objective: spec.objective };
    if (spec.objective === 'win') params.lives = spec.lives;
    this.params = params;
    this.replayRules = {
      replaySecret: (tree, secret) => this.replaySecret(tree, secret),
      score: (o) => this.score(o.misses ?? 0),
      objective: (s) => this.objectiveOf(s),
    };
  }

  static fromList(list: WordList, spec: HangmanSpec): HangmanGame {
    return new HangmanGame(list.words, [{ role: 'words', count: list.words.length, sha256: list.sha256 }], spec);
  }

  mask(secret: number, letter: number): number {
    return this.masks[secret * ALPHABET_SIZE + letter];
  }
  secretOfGuess(): number {
    return -1;
  }
  guessOfSecret(secret: number): number {
    // The first letter of the word: only used by generic fallbacks.
    return this.words[secret].charCodeAt(0) - 97;
  }
  feedback(guess: number, secret: number): number {
    return this.mask(secret, guess);
  }
  partitionCodes(guess: number, secrets: Uint32Array, n: number, out: Uint32Array): void {
    for (let i = 0; i < n; i++) out[i] = this.mask(secrets[i], guess);
  }
  guessName(guess: number): string {
    return guess >= 0 && guess < ALPHABET_SIZE ? String.fromCharCode(97 + guess) : `#${guess}`;
  }
  secretName(secret: number): string {
    return this.words[secret] ?? `#${secret}`;
  }
  /** `-` for a miss, else the positions (1-based) joined by commas: `1,4`. */
  codeName(code: number): string {
    if (code === 0) return '-';
    const ps: number[] = [];
    for (let p = 0; p < this.length; p++) if (code & (1 << p)) ps.push(p + 1);
    return ps.join(',');
  }
  /**
   * A reply as a person types it: the positions (1-based) holding the letter, separated by
   * spaces or commas, or `-` (also `none`, `0`) for a miss.
   */
  get replyHelp(): string {
    return `reply with the positions (1 to ${this.length}) holding the letter, e.g. 2 5 or 2,5; - (or none, or 0) for a miss`;
  }
  parseCode(text: string): number {
    // Echoed as typed; compared in any case.
    const t = text.trim();
    if (t === '-' || t.toLowerCase() === 'none' || t === '0') return 0;
    if (t === '')
      throw fail(
        'feedback',
        `empty reply: type the positions (1 to ${this.length}) holding the letter, or - for a miss`,
      );
    let code = 0;
    for (const part of t.split(/[\s,]+/)) {
      if (!/^\d+$/.test(part))
        throw fail(
          'feedback',
          `reply ${safeText(t)}: ${safeText(part)} is not a position (type positions 1 to ${this.length} separated by spaces, or - for a miss)`,
        );
      const p = Number(part);
      if (p < 1 || p > this.length)
        throw fail(
          'feedback',
          `reply ${safeText(t)}: position ${p} is out of range (the word has ${this.length} letters)`,
        );
      if (code & (1 << (p - 1))) throw fail('feedback', `reply ${safeText(t)}: position ${p} is given twice`);
      code |= 1 << (p - 1);
    }
    return code;
  }

  /** What one secret scores (higher is better): minus its misses, plus LOSS_WEIGHT when won (win objective). */
  score(misses: number): number {
    if (this.spec.objective === 'win') return (misses < this.spec.lives ? LOSS_WEIGHT : 0) - misses;
    return -misses;
  }

  /** Walk the tree with this secret until every letter is revealed. */
  replaySecret(tree: TreeArrays, secret: number): SecretOutcome {
    const guesses: number[] = [];
    let node = 0;
    let revealed = 0;
    let misses = 0;
    for (let i = 0; i < ALPHABET_SIZE; i++) {
      const g = tree.guess[node];
      guesses.push(g);
      const m = g < ALPHABET_SIZE ? this.mask(secret, g) : 0;
      if (m === 0) misses++;
      revealed |= m;
      if (revealed === this.full) return { foundAt: guesses.length, guesses, missingBranch: false, misses };
      const next = childOf(tree, node, m);
      if (next === NO_CHILD) return { foundAt: 0, guesses, missingBranch: true, misses };
      node = next;
    }
    return { foundAt: 0, guesses, missingBranch: false, misses };
  }

  /** The header's objective: misses, wins for the lives, the engine's total. */
  objectiveOf(s: ReplaySummary): Record<string, ParamValue> {
    let misses = 0;
    let wins = 0;
    let maxMisses = 0;
    for (const o of s.outcomes) {
      const m = o.misses ?? 0;
      misses += m;
      if (o.foundAt > 0 && m < this.spec.lives) wins++;
      if (m > maxMisses) maxMisses = m;
    }
    const round = (x: number) => Math.round(x * 1e6) / 1e6;
    return {
      name: this.spec.objective,
      total: s.total,
      secrets: s.secrets,
      totalMisses: misses,
      meanMisses: round(misses / s.secrets),
      maxMisses,
      lives: this.spec.lives,
      wins,
      winRate: round(wins / s.secrets),
    };
  }
}
