/**
 * The play mode of replies that are two counts over a code's positions (Mastermind's blacks and
 * whites, Bulls and Cows' bulls and cows; reply code = first × (size + 1) + second): two number
 * fields and their reading, shared by both kinds (games/explorer-rules.ts). The functions are
 * embedded in the page, so they read everything from the kind's data (`pair`).
 */
import type { PageElement, PageUi } from './explorer-rules.js';

export interface CountPair {
  /** The code's positions. */
  readonly size: number;
  /** What the positions are, plural: "pegs", "digits". */
  readonly unit: string;
  /** The two counts, singular: "black" and "white". */
  readonly names: readonly [string, string];
  /** Their fields: id and label. */
  readonly fields: readonly [readonly [string, string], readonly [string, string]];
}

export interface CountPairData {
  readonly pair: CountPair;
}

/** The guess and the two number fields. */
export function countPairInputs(
  d: CountPairData,
  guess: string,
  _board: string | null,
  ui: PageUi,
): Array<PageElement | string> {
  const [a, b] = d.pair.fields;
  return [ui.guess(guess), ' ', ui.numberField(a[0], a[1], d.pair.size), ' ', ui.numberField(b[0], b[1], d.pair.size)];
}

/** The two counts as a reply code, or why they are none (more than the positions, or all but one in place and one elsewhere). */
export function readCountPair(d: CountPairData, _guess: string, _board: string | null, ui: PageUi): number | string {
  const p = d.pair.size;
  const [one, two] = d.pair.names;
  const n = (k: number, what: string): string => `${k} ${what}${k === 1 ? '' : 's'}`;
  const x = ui.readNumber(d.pair.fields[0][0], `${one}s`);
  const y = ui.readNumber(d.pair.fields[1][0], `${two}s`);
  if (typeof x === 'string') return x;
  if (typeof y === 'string') return y;
  if (x + y > p) return `${n(x, one)} and ${n(y, two)} are more than ${p} ${d.pair.unit}`;
  if (x === p - 1 && y === 1) return `${n(p - 1, one)} and 1 ${two} cannot happen`;
  return x * (p + 1) + y;
}
