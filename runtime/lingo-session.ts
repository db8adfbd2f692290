/**
 * One Lingo game from the player's side, shared by the pit player and `play`: walk the tree,
 * and fall back to the online search when there is no tree or a mask leaves it.
 * State is a tagged union; no IO here.
 */
import { fail } from './errors.js';
import { codeToMask, LingoFeedback, maskToCode, referenceMask, solvedCode } from './lingo-feedback.js';
import { LingoOnlineSearch } from './lingo-online.js';
import type { TreeArrays } from './tree-format.js';
import { childOf, NO_CHILD } from './tree-walker.js';

export const LINGO_GAME_ATTEMPTS = 5;

type Mode =
  | { kind: 'tree'; node: number }
  | { kind: 'online'; search: LingoOnlineSearch }
  | { kind: 'over'; solved: boolean };

export type StepResult = { kind: 'guess'; guess: number; switchedReason?: string } | { kind: 'over'; solved: boolean };

/** What a session plays with. */
export interface LingoSessionOptions {
  /** The word length. */
  readonly length: number;
  /** The tree to walk; null: the online search from the first guess. */
  readonly tree: TreeArrays | null;
  /** The list, in its order: the tree's word indices. */
  readonly words: readonly string[];
  /** One kernel already built over `words` (a caller that plays many games), else built when needed. */
  readonly kernel?: LingoFeedback;
}

export class LingoSession {
  private readonly length: number;
  private readonly solved: number;
  private readonly words: readonly string[];
  /** Built only when the online search needs it: walking the tree needs no kernel. */
  private kernelCache: LingoFeedback | null;
  private readonly tree: TreeArrays | null;
  private mode: Mode;
  private readonly history: Array<{ guess: number; code: number }> = [];
  private lastGuess = -1;

  constructor({ length, tree, words, kernel }: LingoSessionOptions) {
    this.length = length;
    this.solved = solvedCode(length);
    this.words = words;
    this.kernelCache = kernel ?? null;
    this.tree = tree;
    this.mode = tree ? { kind: 'tree', node: 0 } : { kind: 'online', search: new LingoOnlineSearch(this.kernel) };
  }

  private get kernel(): LingoFeedback {
    if (this.kernelCache === null) this.kernelCache = LingoFeedback.fromWords(this.words, this.length);
    return this.kernelCache;
  }

  /** No word of the list gives these masks to these guesses: one line naming each guess and its mask. */
  private impossible(steps: ReadonlyArray<{ guess: number; code: number }>): Error {
    const pairs = steps.map((h) => `${this.words[h.guess]} ${codeToMask(h.code, this.length)}`).join(', ');
    return fail('feedback', `impossible masks: no word of the list gives them (guess and mask: ${pairs})`);
  }

  get attempts(): number {
    return this.history.length + (this.lastGuess >= 0 ? 1 : 0);
  }

  /**
   * The first guess. `startedAt` (performance.now() ms, default now) is when the online search's
   * time guard starts counting: the pit player passes 0, its process start.
   */
  start(startedAt?: number): number {
    this.lastGuess =
      this.mode.kind === 'tree' && this.tree
        ? this.tree.guess[0]
        : (this.mode as { search: LingoOnlineSearch }).search.next(startedAt);
    return this.lastGuess;
  }

  /**
   * Take the reply to the last guess. Returns the next guess, or that the game is over.
   * Throws a `feedback` error when no word of the list is consistent with the replies.
   */
  reply(code: number): StepResult {
    if (this.mode.kind === 'over' || this.lastGuess < 0)
      return { kind: 'over', solved: this.mode.kind === 'over' && this.mode.solved };
    const guess = this.lastGuess;
    if (code === this.solved) {
      // "Solved" only for a word that every earlier mask allows (as `play` and the explorer refuse it).
      // The pair rule on the two words: a game on the tree never builds the kernel.
      const word = this.words[guess];
      const earlier = this.history.filter(
        (h) => maskToCode(referenceMask(word, this.words[h.guess]), this.length) !== h.code,
      );
      if (earlier.length > 0) throw this.impossible([...this.history, { guess, code }]);
    }
    this.history.push({ guess, code });
    this.lastGuess = -1;
    if (code === this.solved) {
      this.mode = { kind: 'over', solved: true };
      return { kind: 'over', solved: true };
    }
    if (this.history.length >= LINGO_GAME_ATTEMPTS) {
      this.mode = { kind: 'over', solved: false };
      return { kind: 'over', solved: false };
    }
    let switchedReason: string | undefined;
    if (this.mode.kind === 'tree' && this.tree) {
      const next = childOf(this.tree, this.mode.node, code);
      if (next !== NO_CHILD) {
        this.mode = { kind: 'tree', node: next };
        this.lastGuess = this.tree.guess[next];
        return { kind: 'guess', guess: this.lastGuess };
      }
      switchedReason = `the tree has no branch for mask ${codeToMask(code, this.length)} after ${this.history.length} guesses; searching online`;
      const search = new LingoOnlineSearch(this.kernel);
      for (const h of this.history) search.observe(h.guess, h.code);
      this.mode = { kind: 'online', search };
    } else if (this.mode.kind === 'online') {
      this.mode.search.observe(guess, code);
    }
    const search = (this.mode as { search: LingoOnlineSearch }).search;
    if (search.remaining === 0) {
      this.mode = { kind: 'over', solved: false };
      throw this.impossible(this.history);
    }
    this.lastGuess = search.next();
    return switchedReason === undefined
      ? { kind: 'guess', guess: this.lastGuess }
      : { kind: 'guess', guess: this.lastGuess, switchedReason };
  }
}
