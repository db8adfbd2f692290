/**
 * What a game's module tells the explorer page (compiler/emit/): how the page computes and
 * draws its replies, and what its tree browser counts per secret. A game whose replies are
 * none of the page's kinds brings its own (`kind: 'module'`): functions the page embeds, so a
 * new reply kind needs no edit in emit/.
 */

/**
 * A module's own reply kind. Each function is embedded in the page with
 * `Function.prototype.toString()`, so it must be self-contained: it may use its arguments and
 * the language's globals, nothing else (no imports, no values from its module). `data` is the
 * plain JSON the rules carry.
 */
export interface ExplorerReplyFns<D = unknown> {
  /** How many reply codes there are (codes 0 to this − 1). */
  codes(data: D): number;
  /** The reply that ends the game. */
  solved(data: D): number;
  /** The reply of `guess` for `secret`, as the tree codes it. */
  reply(data: D, guess: string, secret: string): number;
  /** A reply as the CLI writes it; a person types this in the play mode. */
  name(data: D, code: number): string;
  /** The reply in words beside its guess in the tree, the path and the play mode (default: its name). */
  describe?(data: D, guess: string, code: number): string;
  /** With `numberReply`: why the number `n` typed for `guess` is no reply (null: it is reply code `n`). */
  numberError?(data: D, guess: string, n: number): string | null;
}

/** The rules of a module's own reply kind: its data, and the functions the page embeds. */
export interface ModuleRules<D = unknown> {
  readonly kind: 'module';
  /** The kind's name, for the page's CSS class and messages. */
  readonly name: string;
  /** The most guesses a replay walks (absent: as many as the tree is deep). */
  readonly attempts?: number;
  readonly data: D;
  /** The play mode's line on how to reply (default: type the reply your game gave). */
  readonly playHelp?: string;
  /**
   * The reply is typed as one whole number, its code (a number field from 0 to codes − 1):
   * the field's label, `{guess}` standing for the guess, and what the number counts in messages.
   */
  readonly numberReply?: { readonly label: string; readonly what: string };
  /** Left out of the page's JSON; written into its code. */
  readonly fns: ExplorerReplyFns<D>;
}

/** How the page computes and draws a game's replies (one variant per kind of game). */
export type ExplorerRules =
  | { kind: 'word-mask'; length: number; attempts: number } // Lingo and Wordle: guesses and secrets are words; reply code = base-3 number of the mask, first letter most significant, X=0 ?=1 O=2 (Wordle duplicate rule: greens first, then yellows left to right limited by the secret's remaining letter counts); solved = all O
  | { kind: 'mastermind'; pegs: number; colors: number } // names like "AABC"; reply code = blacks*(pegs+1)+whites; solved: blacks = pegs
  | { kind: 'bulls-cows'; digits: number; symbols: number } // names are digit strings like "0123" (distinct symbols); code = bulls*(digits+1)+cows; solved: bulls = digits
  | { kind: 'hangman'; length: number; lives: number } // guesses are letters "a".."z"; reply code = position mask (bit p = position p+1 holds the letter; 0 = miss); a word ends when every letter is revealed (that final reply is not stored in the tree)
  | ModuleRules;

/** What the tree browser and the distribution count per secret. */
export type ExplorerMetric = 'guesses' | 'score' | 'misses';

