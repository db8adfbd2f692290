/** The exact objective a replay measures, as stored in tree headers and printed by verify. */
import type { ParamValue } from '../runtime/tree-format.js';
import type { Game } from './game.js';
import type { ReplaySummary } from './replay.js';

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
    guesses += a * s.histogram[a];
    found += s.histogram[a];
  }
  return { totalGuesses: guesses, meanGuesses: found ? Math.round((guesses / found) * 1e6) / 1e6 : 0 };
}

const fmt = (n: number): string => n.toLocaleString('en-US');

/**
 * The objective of a game scored by total guesses, in words: total, mean, maximum depth, and
 * what is proven (a lower bound, the optimum).
 */
export function describeGuessTotals(header: {
  readonly objective: Readonly<Record<string, ParamValue>>;
  readonly settings: Readonly<Record<string, ParamValue>>;
}): string[] {
  const o = header.objective;
  const secrets = Number(o.secrets);
  const found = Number(o.found);
  const missing = secrets - found;
  const lines = [
    `total guesses ${fmt(Number(o.totalGuesses))}, mean ${Number(o.meanGuesses).toFixed(4)} a secret, max depth ${String(o.maxAttempts)}${missing > 0 ? `; ${fmt(missing)} not found` : ''}`,
  ];
  if (typeof o.upperBound === 'number')
    lines.push(
      `no tree needs fewer than ${fmt(Math.ceil(-Number(o.upperBound)))} guesses in all (the opener's one-step bound)`,
    );
  if (header.settings.provenOptimal === true) lines.push('proven optimal');
  return lines;
}
