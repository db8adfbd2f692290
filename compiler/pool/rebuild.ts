/** Rebuilding games and settings from their specs (in workers and in the main thread alike). */
import type { Game } from '../game.js';
import type { SearchSettings } from '../engine/search.js';
import { LingoGame } from '../games/lingo.js';
import { WordleGame } from '../games/wordle.js';
import type { GameSpec, SettingsSpec } from './types.js';

export function gameFromSpec(spec: GameSpec): Game {
  switch (spec.kind) {
    case 'lingo':
      return LingoGame.fromSpec(spec);
    case 'wordle':
      return WordleGame.fromSpec(spec);
  }
}

export function settingsFromSpec(spec: SettingsSpec): SearchSettings {
  return { ...spec };
}
