/** Lingo compile settings per effort level, and the compile itself (single process). */
import { SearchEngine, type SearchSettings } from '../engine/search.js';
import { flattenPlan, type Plan } from '../engine/plan.js';
import type { TreeArrays } from '../../runtime/tree-format.js';
import { LingoGame, lingoProbes } from './lingo.js';

export interface LingoEffort {
  readonly name: string;
  /** Probe words tried at every node besides the candidates. */
  readonly probes: number;
  /** Lookahead widths by guesses used (0 = the opener), for large nodes. */
  readonly widths: readonly number[];
  /** Nodes with fewer candidates than this use width 1 below the root. */
  readonly lookaheadMinSet: number;
  /** Sets larger than this try only the probes. */
  readonly candidatePoolMax: number;
}

export const LINGO_EFFORTS: Readonly<Record<string, LingoEffort>> = {
  greedy: { name: 'greedy', probes: 1000, widths: [1], lookaheadMinSet: 1, candidatePoolMax: 2000 },
  default: { name: 'default', probes: 1500, widths: [8, 3, 2], lookaheadMinSet: 8, candidatePoolMax: 2000 },
};

export function lingoSettings(game: LingoGame, effort: LingoEffort): SearchSettings {
  return {
    probes: lingoProbes(game.words, game.params.length, effort.probes),
    width: (used, n) => (used > 0 && n < effort.lookaheadMinSet ? 1 : (effort.widths[used] ?? 1)),
    memoMaxSet: 64,
    candidatePoolMax: effort.candidatePoolMax,
  };
}

export function compileLingo(
  game: LingoGame,
  effort: LingoEffort,
  onProgress?: (done: number, total: number, best: number) => void,
): { plan: Plan; tree: TreeArrays } {
  const base = lingoSettings(game, effort);
  const engine = new SearchEngine(game, onProgress ? { ...base, onRootProgress: onProgress } : base);
  const all = Uint32Array.from({ length: game.secretCount }, (_, i) => i);
  const plan = engine.solve(all, 0);
  return { plan, tree: flattenPlan(plan) };
}
