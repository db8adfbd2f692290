/** Lingo compile settings per effort level, and the compile itself. */
import type { SearchSettings } from '../engine/search.js';
import { compileTree, type CompiledTree, type CompileTreeOptions } from '../pool/parallel.js';
import { LingoGame, lingoProbes } from './lingo.js';

export interface LingoEffort {
  readonly name: string;
  /** Probe words tried at every node besides the candidates. */
  readonly probes: number;
  /**
   * Lookahead widths by guesses used (0 = the opener), by list size: the first row whose
   * `maxWords` holds the list applies.
   */
  readonly widths: ReadonlyArray<{ readonly maxWords: number; readonly widths: readonly number[] }>;
  /** Below the root, nodes with fewer candidates than this use width 1. */
  readonly lookaheadMinSet: number;
  /** Sets larger than this try only the probes. */
  readonly candidatePoolMax: number;
}

/** Every word of the list is a probe: trying them all at every node is what short words need. */
const ALL_WORDS = Number.MAX_SAFE_INTEGER;

export const LINGO_EFFORTS: Readonly<Record<string, LingoEffort>> = {
  /** One step deep, 1,000 letter-coverage probes: seconds, for tests and quick looks. */
  quick: { name: 'quick', probes: 1000, widths: [{ maxWords: ALL_WORDS, widths: [1] }], lookaheadMinSet: 1, candidatePoolMax: 2000 },
  /** One step deep over every word of the list. */
  greedy: { name: 'greedy', probes: ALL_WORDS, widths: [{ maxWords: ALL_WORDS, widths: [1] }], lookaheadMinSet: 1, candidatePoolMax: ALL_WORDS },
  /** Every word, and the top guesses of large nodes compared by their subtrees. */
  default: {
    name: 'default',
    probes: ALL_WORDS,
    widths: [
      { maxWords: 16_000, widths: [4, 2] },
      { maxWords: 30_000, widths: [2] },
      // Long words: the best second guess is almost always the one-step choice, so the width
      // goes to the opener (its tree's value varies by about 1 point a word among the top ones).
      { maxWords: ALL_WORDS, widths: [12] },
    ],
    lookaheadMinSet: 8,
    candidatePoolMax: ALL_WORDS,
  },
};

export function widthsFor(effort: LingoEffort, words: number): readonly number[] {
  return (effort.widths.find((row) => words <= row.maxWords) ?? effort.widths[effort.widths.length - 1])?.widths ?? [1];
}

export function lingoSettings(game: LingoGame, effort: LingoEffort): SearchSettings {
  if (!game.words) throw new Error('lingoSettings needs the words');
  return {
    probes: lingoProbes(game.words, game.params.length, effort.probes),
    widths: widthsFor(effort, game.secretCount),
    lookaheadMinSet: effort.lookaheadMinSet,
    memoMaxSet: 64,
    candidatePoolMax: effort.candidatePoolMax,
  };
}

export async function compileLingo(game: LingoGame, effort: LingoEffort, opts: CompileTreeOptions): Promise<CompiledTree> {
  return compileTree(game, game.spec(), lingoSettings(game, effort), opts);
}
