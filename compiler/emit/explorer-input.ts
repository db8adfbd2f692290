/**
 * The explorer page's input for a tree of a loaded game: the names of its secrets and guesses,
 * its rules and its objective in the game's own words, all from the game's module.
 */
import type { TreeFile } from '../../runtime/tree-format.js';
import type { LoadedGame } from '../games/module.js';
import type { ExplorerInput } from './explorer.js';

export function explorerInputOf(loaded: LoadedGame, file: TreeFile): ExplorerInput {
  const { game } = loaded;
  const { header } = file;
  return {
    title: loaded.slug,
    game: header.game,
    params: header.params,
    lists: header.lists,
    summary: loaded.describe(header),
    toolVersion: header.tool.version,
    secrets: Array.from({ length: game.secretCount }, (_, s) => game.secretName(s)),
    guesses: Array.from({ length: game.guessCount }, (_, g) => game.guessName(g)),
    rules: loaded.explorerRules(),
    tree: file.tree,
  };
}
