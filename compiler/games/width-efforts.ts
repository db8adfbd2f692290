/**
 * The efforts of the games searched by the candidate ranker over every guess (Wordle, a game
 * from a file): lookahead widths by guesses used, the top `widths[used]` guesses of a node
 * compared by the exact totals of their subtrees; `exact` compares every guess.
 */
import { effortIn, type GameEffort } from './efforts.js';

export interface WidthEffort extends GameEffort {
  /** Lookahead widths by guesses used (0 = the opener); past the end: 1; Infinity (ALL): every guess. */
  readonly widths: readonly number[];
  /** Every guess at every node (below the openers compared): the exact optimum, proven. */
  readonly exact?: boolean;
}

/** A width: every guess. */
export const ALL = Infinity;

/** The effort of `name` (checked where the compile started) among `efforts`. */
export function widthEffort(efforts: readonly WidthEffort[], name: string, game: string): WidthEffort {
  return effortIn(efforts, name, game);
}

/** The widths as a header records them: `12/100/all`. */
export function widthsText(widths: readonly number[]): string {
  return widths.map((w) => (w === ALL ? 'all' : String(w))).join('/');
}
