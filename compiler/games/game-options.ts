/** Options that belong to one game only: each is refused by name with any other game. */
import { fail } from '../../runtime/errors.js';
import type { GameOptions } from './registry.js';

const GAME_ONLY_OPTIONS: ReadonlyArray<readonly [keyof GameOptions, string, readonly string[]]> = [
  ['objective', '--objective', ['hangman']],
  ['lives', '--lives', ['hangman']],
  ['strategy', '--strategy', ['hangman', 'mastermind']],
  ['pegs', '--pegs', ['mastermind']],
  ['colors', '--colors', ['mastermind']],
  ['maxDepth', '--max-depth', ['mastermind']],
  ['exact', '--exact', ['mastermind']],
];

/** A one-line `usage` error for the first option given that `opts.game` does not take. */
export function checkGameOnlyOptions(opts: GameOptions): void {
  for (const [key, flag, games] of GAME_ONLY_OPTIONS) {
    if (opts[key] !== undefined && opts.game !== undefined && !games.includes(opts.game)) {
      throw fail('usage', `${flag} is for --game ${games.join(' or ')}, not ${opts.game}`);
    }
  }
}
