/**
 * The explorer page's input for a tree of a loaded game: the names of its secrets and guesses,
 * its rules and its objective in the game's own words, all from the game's module. The figures
 * are the replay's, never the header's copy; what the compile proved (a bound, the optimum) is
 * said to be recorded by it (`verify` checks it for consistency before any page is written).
 */
import type { TreeFile } from '../../runtime/tree-format.js';
import type { LoadedGame } from '../games/module.js';
import { headerWithDerivedFigures, recordedText } from '../objective.js';
import { replayAll } from '../replay.js';
import { explorerTitle, type ExplorerInput } from './explorer.js';

export function explorerInputOf(loaded: LoadedGame, file: TreeFile): ExplorerInput {
  const { game } = loaded;
  const { header } = file;
  const summary = loaded.describe(headerWithDerivedFigures(game, replayAll(game, file.tree), header), true);
  // What is not proven is said too: the tree is the best found, and a better one may exist.
  const saysOptimal = summary.some((l) => /proven optimal|\boptimal\b|optimum/.test(l));
  if (!saysOptimal && header.settings.provenOptimal === true) summary.push(recordedText('proven optimal', true));
  else if (!saysOptimal)
    summary.push(
      `not proven optimal: the best tree found with effort ${String(header.settings.effort ?? 'default')}; a better one may exist`,
    );
  return {
    title: explorerTitle(header.game, header.params),
    game: header.game,
    params: header.params,
    lists: header.lists,
    summary,
    toolVersion: header.tool.version,
    secrets: Array.from({ length: game.secretCount }, (_, s) => game.secretName(s)),
    guesses: Array.from({ length: game.guessCount }, (_, g) => game.guessName(g)),
    rules: loaded.explorerRules(),
    ...(loaded.explorerMetric ? { metric: loaded.explorerMetric } : {}),
    tree: file.tree,
  };
}
