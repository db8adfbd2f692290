/**
 * What `verify`, `stats`, `export` and `play` work on: a tree given by `--tree FILE` (whose
 * header names the game; game options that contradict it are refused, naming both values), or
 * the tree whose game, parameters and list hashes match the game options (in the user's trees
 * folder, then among the shipped ones: runtime/manifest.ts `findTree`). When none
 * matches, a game whose trees are cheap compiles one in memory (saying so); the others say how
 * to make it. A tree read from a file is checked against its game (runtime/tree-check.ts)
 * before any verb sees it.
 */
import { fail } from '../../runtime/errors.js';
import { findTree } from '../../runtime/manifest.js';
import { escapeControls, safeText } from '../../runtime/messages.js';
import { checkTreeForGame } from '../../runtime/tree-check.js';
import {
  checkTreeMatches,
  readTreeFile,
  type ParamValue,
  type TreeFile,
  type TreeHeader,
} from '../../runtime/tree-format.js';
import type { GameModule, GameOptions, LoadedGame } from '../games/module.js';
import { findModule, GAME_IDS } from '../games/registry.js';
import { gameOptionsOf, type RawArgs, type Verb } from './options.js';

export interface ResolvedTree {
  readonly loaded: LoadedGame;
  readonly file: TreeFile;
  /** The tree's file, or a description when it was compiled in memory. */
  readonly path: string;
  /** Compiled in memory by this run (not read from a file). */
  readonly compiledNow?: boolean;
}

/** The game a tree header names, one of this tool's, else a `tree-file` error naming the field. */
export function headerGame(header: { game: string }, where: string): string {
  if (!GAME_IDS.includes(header.game))
    throw fail(
      'tree-file',
      `${where}: corrupt tree file: header.game: ${safeText(header.game, 64)} is not a game of this tool (${GAME_IDS.join(', ')})`,
    );
  return header.game;
}

/** The game module the arguments name: --game, else the --tree file's header (`where` names the file). */
export function moduleOf(args: RawArgs, header?: { game: string }, where = 'the tree'): GameModule {
  const given = args.game;
  if (header) {
    if (given !== undefined && given !== header.game)
      throw fail('usage', `--game ${String(given)} given, but the tree is a ${header.game} tree`);
    return findModule(headerGame(header, where));
  }
  if (given === undefined)
    throw fail('usage', `no game given: use --game (one of ${GAME_IDS.join(', ')}) or --tree FILE`);
  return findModule(String(given));
}

function show(v: unknown): string {
  return typeof v === 'boolean' ? (v ? 'on' : 'off') : String(v);
}

/** The command that compiles the tree these options describe. */
export function compileCommand(m: GameModule, opts: GameOptions): string {
  const parts = ['guesstree compile', `--game ${m.id}`];
  for (const o of m.options) {
    const v = opts[o.name];
    if (v === undefined || v === false) continue;
    parts.push(v === true ? `--${o.name}` : `--${o.name} ${String(v)}`);
  }
  return parts.join(' ');
}

/** A header value as a message shows it: `missing`, a string quoted and cut, else as it is. */
function shown(v: ParamValue | undefined): string {
  return v === undefined ? 'missing' : typeof v === 'string' ? safeText(v, 40) : String(v);
}

/**
 * The options a tree's header implies, each checked against the option's own spec (its type,
 * range, choices: what `compile` takes) and together (the module's compileProblem), before any
 * list is read or game built from them: a header value out of range is a `tree-file` error
 * naming the field, never a message about an option nobody typed.
 */
export function headerOptions(
  m: GameModule,
  given: GameOptions,
  { header, where }: { readonly header: TreeHeader; readonly where: string },
): GameOptions {
  const implied = m.optionsFromHeader(header, given, where);
  const bad = (field: string, what: string) =>
    fail('tree-file', `${where}: corrupt tree file: header.params.${field}: ${what}`);
  const numbers: string[] = [];
  for (const [k, v] of Object.entries(implied)) {
    const spec = m.options.find((o) => o.name === k);
    if (v === undefined || spec === undefined || spec.type === 'file') continue;
    const field = spec.header ?? spec.name;
    const raw = header.params[field];
    if (spec.type === 'integer') {
      const min = spec.min ?? Number.MIN_SAFE_INTEGER;
      const max = spec.max ?? Number.MAX_SAFE_INTEGER;
      if (raw !== v || typeof v !== 'number' || !Number.isSafeInteger(v) || v < min || v > max)
        throw bad(field, `${shown(raw)}, expected a whole number from ${min} to ${max}`);
      numbers.push(`${field} ${v}`);
    } else if (spec.type === 'boolean') {
      if (typeof v !== 'boolean' || (raw !== undefined && raw !== v))
        throw bad(field, `${shown(raw)}, expected true or false`);
    } else if (spec.choices && (!spec.choices.includes(String(v)) || (raw !== undefined && raw !== v)))
      throw bad(field, `${shown(raw)}, expected one of ${spec.choices.join(', ')}`);
  }
  const problem = m.compileProblem?.({ ...given, ...implied });
  if (problem !== undefined)
    throw fail('tree-file', `${where}: corrupt tree file: header.params ${numbers.join(', ')}: ${problem}`);
  return implied;
}

/** A tree file read, and where it was read from (its path, or what a program gave). */
export interface TreeRead {
  readonly file: TreeFile;
  readonly where: string;
}

/** The options `given` with those the tree's header implies; a given one that contradicts the header is refused. */
export function withHeaderOptions(m: GameModule, given: GameOptions, { file, where: path }: TreeRead): GameOptions {
  const implied = headerOptions(m, given, { header: file.header, where: escapeControls(path) });
  for (const [k, v] of Object.entries(implied)) {
    const g = given[k];
    if (g !== undefined && v !== undefined && g !== v)
      throw fail('usage', `--${k} ${show(g)} given, but the tree ${path} has ${k} ${show(v)}`);
  }
  return { ...given, ...Object.fromEntries(Object.entries(implied).filter(([, v]) => v !== undefined)) };
}

export interface ResolveHooks {
  readonly warn: (line: string) => void;
  /** Compile a tree in memory for a game whose trees are cheap (absent: never). */
  readonly compileInMemory?: (loaded: LoadedGame) => Promise<TreeFile>;
}

/**
 * The game of a tree file and the tree as that game reads it, checked against each other: the
 * lists given in `opts` are read, the others come from the file when it carries its words
 * (then the tree may come back renumbered for a game that holds only the guesses it plays).
 */
export function gameOfTree(
  m: GameModule,
  opts: GameOptions,
  { file, where }: TreeRead,
): { loaded: LoadedGame; file: TreeFile } {
  checkTreeMatches(file, { game: m.id }, where);
  const r =
    file.words && m.loadFromTree
      ? m.loadFromTree(opts, { ...file, words: file.words }, where)
      : { loaded: m.load(opts), file };
  checkTreeMatches(r.file, { game: r.loaded.game.id, params: r.loaded.game.params, lists: r.loaded.game.lists }, where);
  checkTreeForGame(r.file.tree, r.loaded.game, where);
  return r;
}

export async function resolveTree(verb: Verb, args: RawArgs, hooks: ResolveHooks): Promise<ResolvedTree> {
  const treePath = args.tree;
  if (typeof treePath === 'string') {
    const read = readTreeFile(treePath);
    const m = moduleOf(args, read.header, escapeControls(treePath));
    // The game options are the header's, checked against any the user gave.
    const at: TreeRead = { file: read, where: treePath };
    const opts = withHeaderOptions(m, gameOptionsOf(m, args, { verb, warn: hooks.warn }), at);
    const { loaded, file } = gameOfTree(m, opts, at);
    return { loaded, file, path: treePath };
  }
  const m = moduleOf(args);
  const opts = gameOptionsOf(m, args, { verb, warn: hooks.warn });
  const loaded = m.load(opts);
  const { game } = loaded;
  const found = findTree({ game: game.id, params: game.params, lists: game.lists });
  if (!found) {
    if (loaded.cheap && hooks.compileInMemory) {
      hooks.warn(
        `guesstree: no shipped tree for ${loaded.slug} with these lists; compiling one now (${compileCommand(m, opts)} saves it)`,
      );
      return {
        loaded,
        file: await hooks.compileInMemory(loaded),
        path: `(compiled now: ${loaded.slug})`,
        compiledNow: true,
      };
    }
    const lists = game.lists.length
      ? ` with ${game.lists.map((l) => `${l.role} sha256 ${l.sha256.slice(0, 12)}… (${l.count})`).join(', ')}`
      : '';
    throw fail(
      'manifest',
      `no shipped tree for ${loaded.slug}${lists}; make one with: ${compileCommand(m, opts)} (or pass --tree FILE)`,
    );
  }
  const { path } = found;
  const file = readTreeFile(path);
  checkTreeMatches(file, { game: game.id, params: game.params, lists: game.lists }, path);
  checkTreeForGame(file.tree, game, path);
  return { loaded, file, path };
}
