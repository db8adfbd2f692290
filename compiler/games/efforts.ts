/**
 * The one effort vocabulary. Every game's efforts take their names from `EFFORT_NAMES`, each
 * with what it means for that game (its help text) and its settings, as data in the game's
 * module; a compile with no `--effort` runs `DEFAULT_EFFORT`. A name is checked once, where a
 * compile starts (`effortNamed`: the CLI and the library); the modules then read their own
 * table by the checked name (`effortIn`).
 */
import { fail } from '../../runtime/errors.js';

/** Every effort name a game may take, from the fastest to the most thorough. */
export const EFFORT_NAMES = ['quick', 'greedy', 'default', 'thorough', 'polish', 'exact'] as const;
export type EffortName = (typeof EFFORT_NAMES)[number];

/** The effort a compile runs when none is given, in every game. */
export const DEFAULT_EFFORT: EffortName = 'default';

/** One of a game's efforts: its name, what it means for this game, and the game's own settings beside. */
export interface GameEffort {
  readonly name: EffortName;
  readonly describe: string;
}

/** The effort named `name` among a game's `efforts`, or null. */
function find<E extends GameEffort>(efforts: readonly E[], name: string): E | null {
  return efforts.find((e) => e.name === name) ?? null;
}

/**
 * The one check of an effort's name, where a compile starts: the game's effort of that name,
 * or a usage error naming the game and its efforts (`what`: `--effort`, or `effort` for the library).
 */
export function effortNamed<E extends GameEffort>(
  efforts: readonly E[],
  name: string,
  { game, what = '--effort' }: { readonly game: string; readonly what?: string },
): E {
  const e = find(efforts, name);
  if (!e)
    throw fail(
      'usage',
      `${what} ${name}: unknown effort for ${game} (choose ${efforts.map((x) => x.name).join(', ')})`,
    );
  return e;
}

/** A game's own effort by a name already checked (or one the game itself chose): an internal error if absent. */
export function effortIn<E extends GameEffort>(efforts: readonly E[], name: string, game: string): E {
  const e = find(efforts, name);
  if (!e) throw new Error(`${game}: no effort ${name} (names are checked where a compile starts)`);
  return e;
}

/** The `--effort` line of a game's help: its names, and the default. */
export function effortHelp(efforts: readonly GameEffort[]): string {
  return `${efforts.map((e) => e.name).join(', ')} (default: ${DEFAULT_EFFORT})`;
}
