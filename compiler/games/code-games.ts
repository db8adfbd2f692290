/**
 * What the code games' modules (Mastermind, Bulls and Cows) share: their two search options and
 * the pool job of a compile (the engine's parts from compiler/engine/code-efforts.ts).
 */
import type { History } from '../engine/code-ranker.js';
import { codeParts, type CodeEffort } from '../engine/code-efforts.js';
import type { CodeGame } from '../engine/code-ranker.js';
import type { EngineJob } from '../pool/driver.js';
import type { OptionSpec } from './module.js';

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
