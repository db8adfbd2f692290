/** Wordle compile settings per effort level, and the compile itself. */
import type { SearchSettings } from '../engine/search.js';
import { compileTree, type CompiledTree, type CompileTreeOptions } from '../pool/parallel.js';
import { WordleGame, wordleProbes } from './wordle.js';

export interface WordleEffort {
  readonly name: string;
  /** Lookahead widths by guesses used (0 = the opener); past the end: 1. */
  readonly widths: readonly number[];
}

/**
 * Every guess is ranked at every node (by the number of reply groups, then the evenness of the
 * split); the top `widths[used]` are compared by the exact totals of their subtrees, with
 * cut-offs against the best total so far and a memo of solved answer sets.
 */
export const WORDLE_EFFORTS: Readonly<Record<string, WordleEffort>> = {
  /** One step deep: the best-ranked guess everywhere (seconds). */
  greedy: { name: 'greedy', widths: [1] },
  /** The top 12 openers, and the top 100 guesses at every node below (minutes on one core). */
  default: { name: 'default', widths: [12, 100, 100, 100, 100, 100] },
};

export function wordleSettings(game: WordleGame, effort: WordleEffort): SearchSettings {
  return {
    probes: wordleProbes(game),
    widths: effort.widths,
    lookaheadMinSet: 1,
    memoMaxSet: Number.MAX_SAFE_INTEGER,
    candidatePoolMax: Number.MAX_SAFE_INTEGER,
    cutoffs: true,
    candidateShortcut: true,
  };
}

export async function compileWordle(game: WordleGame, effort: WordleEffort, opts: CompileTreeOptions): Promise<CompiledTree> {
  return compileTree(game, game.spec(), wordleSettings(game, effort), opts);
}
