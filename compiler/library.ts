/**
 * guesstree as a library: the package's main entry (`import { compile, openTree } from
 * 'guesstree'`). Every game the CLI knows, with options as on the command line (`len`,
 * `wordlist`, `max-depth`), or a game of your own as a module object (the contract of
 * compiler/games/file/contract.ts) or the path of its ES module file.
 *
 *   compile(options)            the tree, its objective and header (and the file's bytes); the
 *                               trees folder is touched only with `save: true`, a file only with `out`
 *   openTree(tree, options?)    a player: guess(), reply(r), done, solved, remaining
 *   verify(tree, options?)      every secret replayed; the header's objective checked
 *                               (options may leave out what the tree says: its game, its
 *                               parameters, and the lists of a tree that carries its words)
 *   GuesstreeError              every expected failure: `kind` and the CLI's exit `status`
 *
 * Options are the CLI's (commands/help.ts and the game modules' lists), named as there or in
 * camelCase, and checked by the same code (commands/compile-setup.ts, options.ts): an unknown
 * name is refused with the nearest known one, a value of the wrong JavaScript type by name.
 *
 * The published .d.ts is this file's, the error's and those of the two types-only files it re-exports
 * from (runtime/tree-types.ts, public-types.ts), which the compiler shares: each type declared once.
 */
import { fail, GuesstreeError, isGuesstreeError } from '../runtime/errors.js';
import { safeText } from '../runtime/messages.js';
import { checkHeader, checkTreeForGame } from '../runtime/tree-check.js';
import {
  decodeTreeFile,
  checkTreeMatches,
  checkTreeStructure,
  readTreeFile,
  type TreeFile,
} from '../runtime/tree-format.js';
import { childOf, NO_CHILD } from '../runtime/tree-walker.js';
import type { TreeArrays, TreeHeader } from '../runtime/tree-types.js';
import { runCompile } from './commands/compile.js';
import { compileSetupOf, executorOf } from './commands/compile-setup.js';
import { closest, verbInfo } from './commands/help.js';
import { figuresJson, runVerify } from './commands/inspect.js';
import type { RecordedFigures } from './public-types.js';
import { replayAll } from './replay.js';
import { gameOptionsOf, inStyle, knownOptions, type OptionStyle, type RawArgs, wrongType } from './commands/options.js';
import { checkGame, importGameFile } from './games/file/contract.js';
import { loadedOf } from './games/file/module.js';
import type { GameModule, LoadedGame } from './games/module.js';
import { gameOfTree, headerGame, withHeaderOptions } from './commands/resolve.js';
import { findModule, GAME_IDS, withGameFile } from './games/registry.js';

export { GuesstreeError, isGuesstreeError };

/** A game of your own: the module object a game file exports by default. */
export interface GameDefinition {
  /** Letters, digits and '-': used in file names, headers and messages. */
  readonly name: string;
  /** The possible secrets: distinct strings without spaces or control characters. */
  readonly secrets: readonly string[];
  /** The allowed guesses (default: the secrets; the secrets are always allowed too). */
  readonly guesses?: readonly string[] | undefined;
  /** The reply to `guess` when the secret is `secret`: a short string; the game ends when guess === secret. */
  reply(guess: string, secret: string): string;
  /** A secret not found within this many guesses is unsolved (default: no limit). */
  readonly maxGuesses?: number | undefined;
  /** The reply that means "that was the secret" in play and exports (default '='). */
  readonly solvedReply?: string | undefined;
  /** How a person types a reply, one line (play's legend). */
  readonly replyHelp?: string | undefined;
}

/** A value of a game option, as on the command line (`len: 5`, `wordlist: 'words.txt'`, `hard: true`). */
export type OptionValue = string | number | boolean;

/** Which game: a built-in id (`'lingo'`), the path of a game's ES module, or a game object. */
export interface GameOptions {
  readonly game: string | GameDefinition;
  /** The game's own options, named as on the command line: `len`, `wordlist`, `max-depth` (or `maxDepth`). */
  readonly [option: string]: OptionValue | GameDefinition | undefined;
}

export interface CompileOptions extends GameOptions {
  /** Search effort (default: the game's default). */
  readonly effort?: string;
  /** Worker threads, 1 to 256 (default: the core count; the tree does not depend on it). */
  readonly workers?: number;
  /** Also write the tree to this file (atomically). */
  readonly out?: string;
  /** Also save the tree into the trees folder (./trees, or GUESSTREE_TREES) with its manifest entry, as the CLI does without --out. */
  readonly save?: boolean;
  /** With `save`: replace the tree there even by a worse one. */
  readonly force?: boolean;
  /** Save finished subtrees in this folder as the compile goes (resume with `resume: true`). */
  readonly checkpoint?: string;
  /** Reuse the subtrees saved in `checkpoint` (which it needs). */
  readonly resume?: boolean;
  /** MiB the compile may use (default: 3/4 of the machine): a larger estimate is refused up front, a compile past it stopped (status 7). */
  readonly maxMemory?: number;
  /** Start even when the estimate is over `maxMemory` (the compile still stops at it). */
  readonly skipEstimate?: boolean;
  /** Run the searches as jobs on this queue (`redis://[user:password@]host:port[/db]`, or 'env': GUESSTREE_QUEUE) for `guesstree worker`s. */
  readonly queue?: string;
}

export type { ParamValue as HeaderValue, TreeArrays, TreeHeader } from '../runtime/tree-types.js';
export type { RecordedFigures } from './public-types.js';

interface ObjectiveBase {
  /** `total-guesses`, `expected-score` (Lingo), `misses` or `win` (Hangman), `worst-case`. */
  readonly name: string;
  readonly secrets: number;
  readonly recorded: RecordedFigures;
}

/** Games scored by their guesses: Mastermind, Bulls and Cows, Wordle, match-count, your own games (`file`). */
export interface GuessesObjective extends ObjectiveBase {
  readonly game: 'mastermind' | 'bullscows' | 'wordle' | 'matchcount' | 'file';
  readonly found: number;
  readonly notFound: number;
  readonly totalGuesses: number;
  /** Over the secrets found. */
  readonly meanGuesses: number;
  /** The guesses the hardest secret found needs. */
  readonly worstCase: number;
}

/** Lingo: 100·(6 − tries) a word found, 0 a word not found in 5 tries (part of the score, not a failure). */
export interface LingoObjective extends ObjectiveBase {
  readonly game: 'lingo';
  readonly found: number;
  readonly notFound: number;
  readonly totalScore: number;
  readonly meanScore: number;
  /** The tries the hardest word found needs. */
  readonly worstCase: number;
  /** A worst-case tree (every word found): its guesses in all and a word. */
  readonly totalGuesses?: number;
  readonly meanGuesses?: number;
}

/** Hangman: the misses, and the words won with the lives. */
export interface HangmanObjective extends ObjectiveBase {
  readonly game: 'hangman';
  readonly totalMisses: number;
  readonly meanMisses: number;
  readonly maxMisses: number;
  readonly lives: number;
  readonly wins: number;
  readonly winRate: number;
}

/** A tree's figures, replayed from the tree (never the header's copy), by game. */
export type Objective = GuessesObjective | LingoObjective | HangmanObjective;

/** The objective of the game `compile` is given: a game object or built-in id narrows it. */
export type ObjectiveOf<G> = G extends 'lingo'
  ? LingoObjective
  : G extends 'hangman'
    ? HangmanObjective
    : G extends 'mastermind' | 'bullscows' | 'wordle' | 'matchcount' | GameDefinition
      ? GuessesObjective
      : Objective;

export interface CompiledTree<O extends Objective = Objective> {
  readonly header: TreeHeader;
  readonly tree: TreeArrays;
  /** The tree's figures, replayed: positive and named (`totalGuesses`, `meanScore`, `notFound` ...). */
  readonly objective: O;
  /** The tree file's bytes, as `compile --out` writes them. */
  readonly bytes: Uint8Array;
  /** The file written (`out`, or the tree in trees/ with `save`), else undefined. */
  readonly path?: string | undefined;
}

/** A tree to open: a compiled tree, a tree file's path, or its bytes. */
export type TreeSource = CompiledTree | string | Uint8Array;

export interface Player {
  /** The next guess (the same until a reply is given). */
  guess(): string;
  /** Give the reply to the current guess, as the game writes it (`OX?XX`, `21`, `3`, '=' for a file game's solved). */
  reply(reply: string): void;
  /** The game is over: solved, or out of guesses. */
  readonly done: boolean;
  readonly solved: boolean;
  /** The secrets still consistent with every reply. */
  readonly remaining: readonly string[];
  /** Guesses made so far. */
  readonly guesses: number;
}

export interface VerifyResult<O extends Objective = Objective> {
  readonly ok: true;
  /** The secrets replayed (every one). */
  readonly secrets: number;
  /** The tree's figures, replayed; every figure of its header was found equal to them. */
  readonly objective: O;
  /** Secrets by the guesses that find them (Hangman: by the letters guessed). */
  readonly histogram: ReadonlyArray<{ readonly guesses: number; readonly secrets: number }>;
  /** Secrets not found within the game's tries (Lingo: part of its score). */
  readonly notFound: readonly string[];
  /** What `guesstree verify` prints, line by line. */
  readonly lines: readonly string[];
}

/** The library's verbs; `verify` and `openTree` take the game options the CLI's `play` takes. */
type LibraryVerb = 'compile' | 'verify' | 'openTree';

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** An option's name as the program wrote it: bare when a plain name, else quoted and escaped. */
function keyText(key: string): string {
  return /^[A-Za-z0-9_-]{1,40}$/.test(key) ? key : safeText(key, 40);
}

function camel(name: string): string {
  return name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** Every option name `verb` takes, as the CLI spells it (the game's and, for compile, the verb's own). */
function namesOf(verb: LibraryVerb): Set<string> {
  if (verb !== 'compile') return new Set(['game', ...knownOptions('play').map((o) => o.name)]);
  return new Set([
    'game',
    'save',
    ...verbInfo('compile').options.map((o) => o.name),
    ...knownOptions('compile').map((o) => o.name),
  ]);
}

/**
 * The options object as the CLI's arguments (`maxMemory` as `max-memory`), every name checked
 * against the names the CLI knows for the verb (commands/help.ts, the game modules): an unknown
 * name is refused with the nearest known one; messages name each option as the program wrote it.
 */
function argsOf(options: unknown, verb: LibraryVerb): { args: Record<string, unknown>; style: OptionStyle } {
  if (options === null || typeof options !== 'object' || Array.isArray(options))
    throw fail('usage', `${verb}: expected an options object${verb === 'compile' ? ' with at least { game }' : ''}`);
  const known = namesOf(verb);
  const written = new Map<string, string>();
  const args: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) {
    const name = kebab(key);
    if (!known.has(name)) {
      if (namesOf('compile').has(name))
        throw fail('usage', `option ${keyText(key)}: only compile takes it, not ${verb}`);
      const near = closest(name, [...known]);
      const shown = near !== undefined && !key.includes('-') ? camel(near) : near;
      throw fail('usage', `unknown option ${keyText(key)}${shown ? ` (did you mean ${shown}?)` : ''}`);
    }
    const before = written.get(name);
    if (before !== undefined) throw fail('usage', `give ${before} or ${keyText(key)}, not both`);
    written.set(name, keyText(key));
    if (value !== undefined) args[name] = value;
  }
  return { args, style: { name: (o) => written.get(o) ?? camel(o), typed: true, verb } };
}

/** A game object (`game: { name, secrets, reply }`), loaded; it takes no game options. */
function gameObjectOf(args: RawArgs, style: OptionStyle, verb: LibraryVerb): LoadedGame | undefined {
  const game = args.game;
  if (game === undefined || typeof game === 'string') return undefined;
  if (game === null || typeof game !== 'object' || Array.isArray(game))
    wrongType(style.name('game'), `a game id (${GAME_IDS.join(', ')}), a module path or a game object`, game);
  const gameNames = new Set(knownOptions(verb === 'compile' ? 'compile' : 'play').map((o) => o.name));
  const extra = Object.keys(args).find((k) => gameNames.has(k));
  if (extra !== undefined)
    throw fail('usage', `option ${style.name(extra)}: a game given as an object takes no game options`);
  // Every member is read through a guard (a getter may throw): checkGame names the one that does.
  return loadedOf(checkGame(game as GameDefinition, gameObjectPlace(game)), {}, null);
}

/** "the game object NAME" for messages; its name read through a guard (checkGame reports a throw). */
function gameObjectPlace(game: object): string {
  try {
    const name: unknown = (game as { name?: unknown }).name;
    if (typeof name === 'string' && name !== '') return `the game object ${keyText(name)}`;
  } catch {
    // checkGame reads it again and says what it threw.
  }
  return 'the game object';
}

/** The game the options name: a game object loaded, else a module with its options checked as the CLI checks them. */
function gameOf(
  args: RawArgs,
  style: OptionStyle,
  verb: 'verify' | 'openTree',
): { loaded: LoadedGame } | { module: GameModule; opts: LoadedGame['options'] } {
  const loaded = gameObjectOf(args, style, verb);
  if (loaded) return { loaded };
  const resolved = withGameFile(args);
  const m = findModule(String(resolved.game));
  return {
    module: m,
    opts: gameOptionsOf(m, resolved, { verb: 'play', warn: (line) => process.stderr.write(`${line}\n`), style }),
  };
}

/** The figures of a tree of a loaded game, replayed (the public shape of compiler/objective.ts's). */
function objectiveOfTree(loaded: LoadedGame, file: TreeFile): Objective {
  return figuresJson(loaded.game, file.header, replayAll(loaded.game, file.tree)).objective as unknown as Objective;
}

/**
 * Compile a tree. Nothing is written unless `out` (that file) or `save` (the trees folder) asks;
 * every option is checked as the CLI checks it, and an unknown one refused.
 */
export async function compile<G extends string | GameDefinition>(
  options: CompileOptions & { readonly game: G },
): Promise<CompiledTree<ObjectiveOf<G>>> {
  const { args, style } = argsOf(options, 'compile');
  if (args.game === undefined)
    throw fail('usage', `game: missing: give a game id (${GAME_IDS.join(', ')}), a module path or a game object`);
  const save = args.save;
  if (save !== undefined && typeof save !== 'boolean') wrongType(style.name('save'), 'true or false', save);
  if (save === true && args.out !== undefined)
    throw fail('usage', `give ${style.name('out')} (a file) or ${style.name('save')} (the trees folder), not both`);
  if (args.force === true && save !== true) throw fail('usage', `${style.name('force')} needs ${style.name('save')}`);
  const object = gameObjectOf(args, style, 'compile');
  const resolved = withGameFile(args);
  // A game file is imported ahead of the synchronous load, as the CLI does (a module that throws: one line).
  if (resolved.game === 'file' && typeof resolved.module === 'string' && resolved.module.trim() !== '')
    await importGameFile(resolved.module);
  const { loaded, request, queue } = compileSetupOf(resolved, (line) => process.stderr.write(`${line}\n`), {
    style,
    given: object,
  });
  const r = await runCompile(
    loaded,
    { ...request, inMemory: save !== true, embedded: true },
    { options: loaded.options, executor: await executorOf(queue), log: () => {} },
  );
  const file: TreeFile = { header: r.header, tree: r.tree };
  return {
    header: r.header,
    tree: r.tree,
    objective: objectiveOfTree(loaded, file) as ObjectiveOf<G>,
    bytes: r.encoded,
    path: r.path,
  };
}

function treeFileOf(source: TreeSource): { file: TreeFile; where: string } {
  if (typeof source === 'string') return { file: readTreeFile(source), where: source };
  if (source instanceof Uint8Array) return { file: decodeTreeFile(source, 'the tree bytes'), where: 'the tree bytes' };
  if (source && typeof source === 'object' && source.header && source.tree) {
    // An object from anywhere: checked as a file's contents are (the header's fields, the arrays' structure).
    const where = 'the compiled tree';
    const t = source.tree;
    const arrays = [t.guess, t.edgeStart, t.edgeCode, t.edgeChild];
    if (!arrays.every((a) => a instanceof Uint32Array))
      throw fail('tree-file', `${where}: corrupt tree file: the tree's arrays must be Uint32Arrays`);
    checkTreeStructure(t, where);
    // Its words are in its bytes (a tree of a game with lists carries them).
    const words = source.bytes instanceof Uint8Array ? decodeTreeFile(source.bytes, where).words : undefined;
    return {
      file: { header: checkHeader(source.header, where) as unknown as TreeFile['header'], tree: t, words },
      where,
    };
  }
  throw fail('usage', 'tree: expected a compiled tree, a tree file path or its bytes');
}

/**
 * The tree and its game, checked against each other (a tree is never used with another game).
 * Options the header implies (the length, hard mode) may be left out, and so may the lists of a
 * tree that carries its words; without options the header names the game.
 */
function opened(
  source: TreeSource,
  options: Partial<GameOptions> | undefined,
  verb: 'verify' | 'openTree',
): { loaded: LoadedGame; file: TreeFile; where: string } {
  const { file: read, where } = treeFileOf(source);
  const { args, style } = argsOf(options === undefined ? {} : options, verb);
  // Without a game the tree's header names it (checked to be a game of this tool first).
  const g = gameOf(args.game === undefined ? { ...args, game: headerGame(read.header, where) } : args, style, verb);
  if ('loaded' in g) {
    checkTreeMatches(read, { game: g.loaded.game.id, params: g.loaded.game.params, lists: g.loaded.game.lists }, where);
    checkTreeForGame(read.tree, g.loaded.game, where);
    return { loaded: g.loaded, file: read, where };
  }
  checkTreeMatches(read, { game: g.module.id }, where);
  const at = { file: read, where };
  const { loaded, file } = inStyle(style, () => gameOfTree(g.module, withHeaderOptions(g.module, g.opts, at), at));
  return { loaded, file, where };
}

/**
 * Replay every secret through the tree; throws a GuesstreeError (status 4, naming the field) when
 * the tree is incomplete, a figure of its header is not the replay's, or a recorded bound does
 * not fit them. The figures returned are the replay's.
 */
export function verify<O extends Objective = Objective>(
  source: CompiledTree<O> | string | Uint8Array,
  options?: Partial<GameOptions>,
): VerifyResult<O> {
  const { loaded, file, where } = opened(source, options, 'verify');
  const lines: string[] = [];
  const s = runVerify({ loaded, file, path: where }, (l) => lines.push(l));
  const figures = figuresJson(loaded.game, file.header, s);
  return {
    ok: true,
    secrets: s.secrets,
    objective: figures.objective as unknown as O,
    histogram: figures.histogram,
    notFound: figures.notFound.secrets,
    lines,
  };
}

/** A player over the tree: no search while the tree has a branch; off it, the first consistent secret. */
export function openTree(source: TreeSource, options?: Partial<GameOptions>): Player {
  const { loaded, file, where } = opened(source, options, 'openTree');
  // A tree `verify` refuses is not played (what ships beside it, a Wordle proof, is not the tree's to check here).
  if (loaded.verify) loaded.verify(file, where, () => {});
  else runVerify({ loaded: { ...loaded, checkBeside: undefined }, file, path: where }, () => {});
  const { game } = loaded;
  const tree = file.tree;
  let node = 0;
  let candidates = Uint32Array.from({ length: game.secretCount }, (_, i) => i);
  let made = 0;
  let solved = false;
  const current = (): number => (node !== NO_CHILD ? tree.guess[node] : game.guessOfSecret(candidates[0]));
  const player: Player = {
    guess() {
      if (player.done) throw fail('usage', solved ? 'the game is over: solved' : 'the game is over: out of guesses');
      return game.guessName(current());
    },
    reply(text: string) {
      if (player.done) throw fail('usage', 'the game is over: no more replies');
      if (typeof text !== 'string') throw fail('feedback', 'reply: expected a string');
      const g = current();
      const code = game.parseCode(text);
      made++;
      if (code === game.solvedCode) {
        if (game.secretOfGuess(g) < 0 || !candidates.includes(game.secretOfGuess(g)))
          throw fail(
            'feedback',
            `impossible reply ${game.codeName(code)} to ${game.guessName(g)}: it is not a secret still possible`,
          );
        solved = true;
        candidates = Uint32Array.of(game.secretOfGuess(g));
        return;
      }
      const kept = candidates.filter((s) => game.feedback(g, s) === code);
      if (kept.length === 0) {
        made--;
        throw fail(
          'feedback',
          `impossible reply ${game.codeName(code)} to ${game.guessName(g)}: no secret still possible gives it`,
        );
      }
      candidates = kept;
      if (node !== NO_CHILD) node = childOf(tree, node, code);
    },
    get done() {
      return solved || made >= game.maxAttempts;
    },
    get solved() {
      return solved;
    },
    get remaining() {
      return Array.from(candidates, (s) => game.secretName(s));
    },
    get guesses() {
      return made;
    },
  };
  return player;
}
