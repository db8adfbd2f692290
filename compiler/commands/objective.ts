/** The exact objective a replay measures, as stored in tree headers and printed by verify. */
import type { ParamValue } from '../../runtime/tree-format.js';
import type { Game } from '../game.js';
import type { ReplaySummary } from '../replay.js';

export function objectiveOf(game: Game, s: ReplaySummary): Record<string, ParamValue> {
  const found = s.secrets - (s.histogram[0] ?? 0);
  return {
    name: game.objective.name,
    total: s.total,
    mean: Math.round((s.total / s.secrets) * 1e6) / 1e6,
    secrets: s.secrets,
    found,
    maxAttempts: s.maxFound,
  };
}
