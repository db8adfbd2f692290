/**
 * What the code games' modules (Mastermind, Bulls and Cows) share: their two search options and
 * the pool job of a compile (the engine's parts from compiler/engine/code-efforts.ts).
 */
import type { History } from '../engine/code-ranker.js';
import { codeParts, type CodeEffort } from '../engine/code-efforts.js';
import type { CodeGame } from '../engine/code-ranker.js';
import type { EngineJob } from './compile-api.js';
import { fail } from '../../runtime/errors.js';
import type { OptionSpec } from './module.js';

/**
 * The most codes a code game compiles. Every node compares its guesses against its set, so the
 * work grows about as codes²: with one worker quick took 30 s on MM(6,6) (46,656 codes) and 44 s
 * on MM(5,9) (59,049), and had not finished MM(6,8) (262,144) after 90 s; MM(6,10) (10^6) would
 * take hours and MM(6,16) (2^24) far longer, with memory growing all the while. Refused up front.
 */
export const CODE_COMPILE_MAX_CODES = 65_536;

/** Refuse, before any search, a code game too large to compile (one line, status 7). */
export function checkCompileSize(label: string, codes: number): void {
  if (codes <= CODE_COMPILE_MAX_CODES) return;
  throw fail('limit', `${label}: ${codes.toLocaleString('en-US')} codes, more than the ${CODE_COMPILE_MAX_CODES.toLocaleString('en-US')} a compile takes (the search grows as codes squared: hours, not seconds, at any effort); choose fewer pegs or colours`);
}

export const CODE_SEARCH_OPTIONS: readonly OptionSpec[] = [
  { name: 'exact', type: 'boolean', compileOnly: true, describe: 'search every guess of every set: proves the optimum (same as --effort exact)' },
  { name: 'max-depth', type: 'integer', min: 1, max: 64, compileOnly: true, describe: 'no secret may need more guesses than this' },
];

/** A code game's compile for the pool: the workers rebuild the game from `gameSpec` and search with `effort`. */
export function codeJob(module: string, game: CodeGame & { secretName(secret: number): string }, gameSpec: unknown, effort: CodeEffort, label: string): EngineJob<History> {
  return {
    module,
    gameSpec,
    setup: effort,
    parts: codeParts(game, effort),
    label,
    bestText: (cost) => `mean ${(cost / game.secretCount).toFixed(4)} guesses`,
    nameSecret: (s) => game.secretName(s),
    progressUnit: 'the reply sets',
  };
}
