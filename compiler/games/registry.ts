/**
 * The registry: every game module, one line each. The CLI builds its options from these, the
 * pool's workers rebuild searches through them; adding a game is one folder and one line here.
 */
import { fail } from '../../runtime/errors.js';
import { closest, safeText } from '../../runtime/messages.js';
import { bullscowsModule } from './bullscows/module.js';
import { looksLikePath } from './file/contract.js';
import { fileModule } from './file/module.js';
import { hangmanModule } from './hangman/module.js';
import { lingoModule } from './lingo/module.js';
import { mastermindModule } from './mastermind/module.js';
import { matchcountModule } from './matchcount/module.js';
import type { GameModule } from './module.js';
import { wordleModule } from './wordle/module.js';

export const GAMES: readonly GameModule[] = [
  lingoModule,
  wordleModule,
  mastermindModule,
  matchcountModule,
  hangmanModule,
  bullscowsModule,
  fileModule,
];

export const GAME_IDS: readonly string[] = GAMES.map((g) => g.id);

export function findModule(id: string): GameModule {
  const m = GAMES.find((g) => g.id === id);
  if (!m) {
    const near = closest(id, GAME_IDS);
    throw fail(
      'usage',
      `--game ${safeText(id)}: unknown game${near ? ` (did you mean ${near}?)` : ''} (one of ${GAME_IDS.join(', ')}, or a path to your game's ES module: ./my-game.mjs)`,
    );
  }
  return m;
}

/**
 * `game: PATH` (a path to the user's ES module file, not a built-in id) as `game: 'file',
 * module: PATH`; anything else as it is. The CLI's `--game` and the library's `game` alike.
 */
export function withGameFile<T extends Record<string, unknown>>(args: T): T {
  const g = args.game;
  if (typeof g !== 'string' || GAME_IDS.includes(g) || !looksLikePath(g)) return args;
  if (args.module !== undefined)
    throw fail(
      'usage',
      `--game ${g} names the module already; give --game FILE or --game file --module FILE, not both`,
    );
  return { ...args, game: 'file', module: g };
}
