/**
 * For benchmarks: one compile through the game's module and the pool (as `compile` runs it),
 * in this process, without writing anything: the tree, its header (replayed) and the time.
 */
import type { TreeArrays, TreeHeader } from '../runtime/tree-format.js';
import { headerOf } from '../compiler/commands/compile.js';
import { effortNamed } from '../compiler/games/efforts.js';
import type { GameOptions, LoadedGame } from '../compiler/games/module.js';
import { findModule } from '../compiler/games/registry.js';
import { compileLoaded } from '../compiler/pool/driver.js';

export interface Compiled {
  readonly loaded: LoadedGame;
  readonly tree: TreeArrays;
  readonly header: TreeHeader;
  /** The search's wall time (the pool included), before the replay. */
  readonly seconds: number;
}

export async function compileOnce(game: string, opts: GameOptions, effort: string, workers: number): Promise<Compiled> {
  const m = findModule(game);
  const loaded = m.load(opts);
  const t0 = process.hrtime.bigint();
  const outcome = await compileLoaded(loaded, {
    effort: effortNamed(m.efforts, effort, { game }).name,
    workers,
    options: opts,
  });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  return {
    loaded,
    tree: outcome.tree,
    header: headerOf(loaded, outcome),
    seconds,
  };
}
