/**
 * What a game's module tells the explorer page (compiler/emit/): how the page computes, names,
 * draws and reads its replies, and what its tree browser counts per secret. Every game brings
 * its own reply kind (`compiler/games/<game>/explorer.ts`): functions the page embeds, so a new
 * reply kind needs no edit in emit/.
 */

/** The few things of a page element the reply functions use (the project compiles without the DOM library). */
export interface PageElement {
  textContent: string | null;
  className: string;
  value: string;
  checked: boolean;
  disabled: boolean;
  setAttribute(name: string, value: string): void;
  getAttribute(name: string): string | null;
  append(...nodes: Array<PageElement | string>): void;
  addEventListener(type: string, listener: () => void): void;
}

/** An attribute's value for `PageUi.h`: false, null and undefined leave it out, true writes it empty. */
export type AttrValue = string | number | boolean | null | undefined;
/** A child for `PageUi.h`: null, false, undefined and '' are left out. */
export type PageChild = PageElement | string | null | false | undefined;

/** What the page lends a reply kind's drawing and reading functions. */
export interface PageUi {
  /** A new element: `h('span', {class: 'x', 'data-n': 3}, child, ...)`. */
  h(tag: string, attrs: Record<string, AttrValue> | null, ...children: PageChild[]): PageElement;
  /** The page's element with this id (an error if there is none). */
  byId(id: string): PageElement;
  /** A labelled whole-number field, 0 to `max`, holding 0. */
  numberField(id: string, label: string, max: number): PageElement;
  /** The whole number in field `id`, or why it is none (`label` names it in the message). */
  readNumber(id: string, label: string): number | string;
  /** A guess on its own, as the kind draws it (its `guessView`; default: the name as code). */
  guess(guess: string): PageElement;
  /** A reply as the CLI writes it (the kind's `name`). */
  name(code: number): string;
}

/** Where a reply is drawn: `board` is the kind's board after it (its `boardAfter`; null for kinds without one); `small` in the tree browser's rows. */
export interface ReplyPlace {
  readonly board: string | null;
  readonly small: boolean;
}

/** One secret as the tree plays it, for a kind's own outcome line. */
export interface PlayedSecret {
  readonly secret: string;
  readonly guesses: number;
  readonly misses: number;
  readonly found: boolean;
}

/**
 * A reply kind's functions. Each one is embedded in the page with `Function.prototype.toString()`,
 * so it must be self-contained: it may use its arguments and the language's globals, nothing
 * else (no imports, no values from its module, no other function of its kind but through `ui`).
 * `data` is the plain JSON the rules carry.
 */
export interface ExplorerReplyFns<D = unknown> {
  /** How many reply codes there are (codes 0 to this − 1). */
  codes(data: D): number;
  /** The reply that ends the game (with `revealing`: all that the replies together reveal). */
  solved(data: D): number;
  /** The reply of `guess` for `secret`, as the tree codes it. */
  reply(data: D, guess: string, secret: string): number;
  /** A reply as the CLI writes it; a person types this in the play mode (default reading). */
  name(data: D, code: number): string;
  /** The reply in words beside its guess, for the default view (default: its name). */
  describe?(data: D, guess: string, code: number): string;
  /** With `numberReply`: why the number `n` typed for `guess` is no reply (null: it is reply code `n`). */
  numberError?(data: D, guess: string, n: number): string | null;
  /** How a reply to `guess` looks in the tree, the path and the play history (default: the guess as code and the `describe` words). */
  view?(data: D, guess: string, code: number, at: ReplyPlace, ui: PageUi): PageElement;
  /** How a guess looks on its own (default: its name as code). */
  guessView?(data: D, guess: string, ui: PageUi): PageElement;
  /** The play mode's reply inputs for `guess`, put in its fieldset (default: a number field with `numberReply`, else a text field). */
  replyInputs?(data: D, guess: string, board: string | null, ui: PageUi): Array<PageElement | string>;
  /** The reply the play mode's inputs hold, or why they hold none (default: the number or the typed name). */
  readReply?(data: D, guess: string, board: string | null, ui: PageUi): number | string;
  /** A board that a path's replies fill in (Hangman's pattern): the board before any guess. */
  boardStart?(data: D): string;
  /** The board after reply `code` to `guess`. */
  boardAfter?(data: D, board: string, guess: string, code: number): string;
  /** The guess off the tree (after a reply it has no branch for), by index (default: the first secret still possible). */
  offTreeGuess?(data: D, guesses: readonly string[], possible: readonly string[], played: readonly string[]): number;
  /** The search's line for a secret (default: found on guess N, or not found). */
  outcome?(data: D, played: PlayedSecret): string;
}

/** A game's reply kind on the page: its data, how the page treats it, and the functions the page embeds. */
export interface ExplorerRules<D = unknown> {
  /** The kind's name, for the page's CSS class and messages. */
  readonly name: string;
  readonly data: D;
  /** The most guesses a replay walks (absent: as many as the tree has nodes). */
  readonly attempts?: number;
  /** The attempts are the game's own (Lingo, Wordle): the play mode counts "guess 2 of 6", the distribution runs to them with a "not found" bar, a score counts from them. */
  readonly fixedAttempts?: boolean;
  /** The replies reveal bit masks of the secret's positions (0: a miss): the game ends when together they make the solved reply (which the tree never stores); the distribution counts misses. */
  readonly revealing?: boolean;
  /** The kind's own style rules, written into the page's style (its classes: `reply NAME`, tiles, pegs, ...). */
  readonly css?: string;
  /** The play mode's line on how to reply (default: type the reply your game gave). */
  readonly playHelp?: string;
  /** The distribution's caption (default: "Guesses per secret"). */
  readonly distributionTitle?: string;
  /** What the tree browser says of the secrets a reply ends (default: "solved"). */
  readonly endWord?: string;
  /** Why a reply no secret left gives is impossible (default: "no secret in the list gives it"). */
  readonly impossibleWhy?: string;
  /**
   * The reply is typed as one whole number, its code (a number field from 0 to codes − 1):
   * the field's label, `{guess}` standing for the guess, and what the number counts in messages.
   */
  readonly numberReply?: { readonly label: string; readonly what: string };
  /** Left out of the page's JSON; written into its code. */
  readonly fns: ExplorerReplyFns<D>;
}

/** What the tree browser and the distribution count per secret. */
export type ExplorerMetric = 'guesses' | 'score' | 'misses';
