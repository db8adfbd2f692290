/**
 * What `verify`, `stats`, `export` and `play` work on: a tree given by `--tree FILE`, or the
 * shipped tree whose game, parameters and list hashes match the game options.
 */
import { join } from 'node:path';
import { fail } from '../../runtime/errors.js';
import { findEntry, readManifest, treesDir } from '../../runtime/manifest.js';
import { checkTreeMatches, readTreeFile, type TreeFile } from '../../runtime/tree-format.js';
import { loadGame, optionsFromHeader, type GameOptions, type LoadedGame } from '../games/registry.js';

export interface TreeOptions extends GameOptions {
  readonly tree?: string | undefined;
}

export interface ResolvedTree {
  readonly loaded: LoadedGame;
  readonly file: TreeFile;
  readonly path: string;
}

export function resolveTree(opts: TreeOptions): ResolvedTree {
  if (opts.tree !== undefined) {
    const file = readTreeFile(opts.tree);
    const loaded = loadGame(optionsFromHeader(file.header, opts));
    checkTreeMatches(file, { game: loaded.game.id, params: loaded.game.params, lists: loaded.game.lists }, opts.tree);
    return { loaded, file, path: opts.tree };
  }
  const loaded = loadGame(opts);
  const { game } = loaded;
  const entry = findEntry(readManifest(), game.id, game.params, game.lists);
  if (!entry) {
    const lists = game.lists.map((l) => `${l.role} sha256 ${l.sha256.slice(0, 12)}… (${l.count})`).join(', ');
    throw fail('manifest', `no shipped tree for ${loaded.slug} with ${lists}; compile one or pass --tree FILE`);
  }
  const path = join(treesDir(), entry.file);
  const file = readTreeFile(path);
  checkTreeMatches(file, { game: game.id, params: game.params, lists: game.lists }, path);
  return { loaded, file, path };
}
