/** Lingo compile settings per effort level, and the compile itself. */
import type { SearchSettings } from '../engine/search.js';
import { compileTree, type CompileProgress } from '../pool/parallel.js';
import type { TreeArrays } from '../../runtime/tree-format.js';
import { LingoGame, lingoProbes } from './lingo.js';

export interface LingoEffort {
  readonly name: string;
  /** Probe words tried at every node besides the candidates. */
  readonly probes: number;
  /** Lookahead widths by guesses used (0 = the opener). */
  readonly widths: readonly number[];
  /** Below the root, nodes with fewer candidates than this use width 1. */
  readonly lookaheadMinSet: number;
  /** Sets larger than this try only the probes. */
  readonly candidatePoolMax: number;
}

export const LINGO_EFFORTS: Readonly<Record<string, LingoEffort>> = {
  greedy: { name: 'greedy', probes: 1000, widths: [1], lookaheadMinSet: 1, candidatePoolMax: 2000 },
  default: { name: 'default', probes: 1500, widths: [8, 3, 2], lookaheadMinSet: 8, candidatePoolMax: 2000 },
};

export function lingoSettings(game: LingoGame, effort: LingoEffort): SearchSettings {
  if (!game.words) throw new Error('lingoSettings needs the words');
  return {
    probes: lingoProbes(game.words, game.params.length, effort.probes),
    widths: effort.widths,
    lookaheadMinSet: effort.lookaheadMinSet,
    memoMaxSet: 64,
    candidatePoolMax: effort.candidatePoolMax,
  };
}

export async function compileLingo(game: LingoGame, effort: LingoEffort, workers: number, onProgress?: CompileProgress): Promise<{ tree: TreeArrays; value: number }> {
  return compileTree(game, game.spec(), lingoSettings(game, effort), workers, onProgress);
}
