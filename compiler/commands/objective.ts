/** The exact objective a replay measures, as stored in tree headers and printed by verify. */
import type { ParamValue } from '../../runtime/tree-format.js';
import type { Game } from '../game.js';
import type { ReplaySummary } from '../replay.js';

export function objectiveOf(game: Game, s: ReplaySummary): Record<string, ParamValue> {
  if (game.replayRules) return game.replayRules.objective(s);
  const found = s.secrets - (s.histogram[0] ?? 0);
  return {
    name: game.objective.name,
    total: s.total,
    mean: Math.round((s.total / s.secrets) * 1e6) / 1e6,
    secrets: s.secrets,
    found,
    maxAttempts: s.maxFound,
    ...(game.objective.name === 'total-guesses' ? guessTotals(s) : {}),
  };
}

/** Games scored by total guesses: the total and mean number of guesses over the found secrets. */
export function guessTotals(s: ReplaySummary): { totalGuesses: number; meanGuesses: number } {
  let guesses = 0;
  let found = 0;
  for (let a = 1; a < s.histogram.length; a++) {
    guesses += a * (s.histogram[a] as number);
    found += s.histogram[a] as number;
  }
  return { totalGuesses: guesses, meanGuesses: found ? Math.round((guesses / found) * 1e6) / 1e6 : 0 };
}
