/**
 * The contract of a game from a user's file (`guesstree compile --game ./my-game.mjs`): the ES
 * module's default export is a plain object of the shape `GameDefinition`, declared (with what
 * each member means) once, in the library's public types (compiler/library.ts).
 *
 * Every member is checked here; a problem is one line naming the file, the member and what is
 * wrong. The module is hostile until checked: each member is read once, through a guard (a getter
 * or a Proxy trap that throws, a thrown non-error, an object whose toString throws all become that
 * one line), lists are copied index by index (never through the list's own methods), and only the
 * copies are used after. The module is loaded synchronously (require of an ES module, Node
 * 20.19+), so workers and the game-module boundary stay synchronous; the CLI imports it first
 * (importGameFile), so that a module throwing at import is reported without Node's own excerpt.
 * A CommonJS file (`module.exports = {…}`) is taken as `import()` takes it: its exports are the
 * default export.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync, type Stats } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fail, isGuesstreeError } from '../../../runtime/errors.js';
import { describeFsError, escapeControls, safeText } from '../../../runtime/messages.js';

/** A checked definition: guesses are the given ones then the secrets not among them. */
export interface CheckedGame {
  readonly name: string;
  readonly secrets: readonly string[];
  readonly guesses: readonly string[];
  readonly reply: (guess: string, secret: string) => string;
  /** 0: no limit. */
  readonly maxGuesses: number;
  readonly solvedReply: string;
  readonly replyHelp: string | undefined;
  /** Where the game came from, for messages: the file, or "the game object". */
  readonly where: string;
}

export const MAX_NAME = 64;
export const MAX_REPLY = 32;
export const MAX_ENTRY = 64;
export const MAX_LIST = 1_000_000;
export const MAX_GUESSES_LIMIT = 1000;

function problem(where: string, member: string, what: string): Error {
  return fail('input', `${where}: ${member}: ${what}`);
}

/** A list entry: a non-empty short string without whitespace or control characters. */
function checkEntry(where: string, member: string, i: number, v: unknown): string {
  if (typeof v !== 'string') return bad(where, `${member}[${i}]`, `expected a string, got ${typeName(v)}`);
  if (v.length === 0) return bad(where, `${member}[${i}]`, 'an empty string');
  if (v.length > MAX_ENTRY)
    return bad(where, `${member}[${i}]`, `${safeText(v.slice(0, 20))} is longer than ${MAX_ENTRY} characters`);
  if (/[\s\p{Cc}]/u.test(v))
    return bad(where, `${member}[${i}]`, `${safeText(v)} holds a space or a control character`);
  return v;
}

function bad(where: string, member: string, what: string): never {
  throw problem(where, member, what);
}

function typeName(v: unknown): string {
  if (v === null) return 'null';
  try {
    if (Array.isArray(v)) return 'an array';
  } catch {
    return 'a revoked Proxy';
  }
  return typeof v;
}

/**
 * What a thrown value says, in one line, whatever it is: an Error's message, a string, or the
 * value's type; never calls anything of the value that can throw its way out (a getter for
 * `message`, a `toString` that throws, a Proxy).
 */
export function describeThrown(e: unknown): string {
  try {
    if (typeof e === 'string') return safeText(e.split('\n')[0]?.slice(0, 120) ?? '');
    if (e === null || e === undefined || typeof e === 'number' || typeof e === 'boolean' || typeof e === 'bigint')
      return String(e);
    if (typeof e === 'symbol') return 'a symbol';
    const message: unknown = (e as { message?: unknown }).message;
    if (typeof message === 'string') return safeText(message.split('\n')[0]?.slice(0, 120) ?? '');
    return typeof e === 'function' ? 'a function' : 'an object';
  } catch {
    return 'a value that cannot be read';
  }
}

/** `o[key]`, read once through a guard: a getter or a Proxy trap that throws is one line naming the member. */
function member(where: string, o: object, key: string, name = key): unknown {
  try {
    return (o as Record<string, unknown>)[key];
  } catch (e) {
    throw problem(where, name, `reading it threw: ${describeThrown(e)}`);
  }
}

function checkList(where: string, name: string, v: unknown): string[] {
  if (typeName(v) !== 'an array') return bad(where, name, `expected an array of strings, got ${typeName(v)}`);
  const list = v as unknown[];
  const length = member(where, list, 'length', `${name}.length`);
  if (typeof length !== 'number' || !Number.isInteger(length) || length < 0)
    return bad(where, name, 'its length is not a whole number');
  if (length === 0) return bad(where, name, 'an empty list');
  if (length > MAX_LIST) return bad(where, name, `${length} entries, more than ${MAX_LIST}`);
  const seen = new Map<string, number>();
  const out: string[] = [];
  // Index by index: an Array subclass's own forEach, map or iterator is never called.
  for (let i = 0; i < length; i++) {
    const s = checkEntry(where, name, i, member(where, list, String(i), `${name}[${i}]`));
    const before = seen.get(s);
    if (before !== undefined) bad(where, `${name}[${i}]`, `duplicate: ${safeText(s)} is also ${name}[${before}]`);
    seen.set(s, i);
    out.push(s);
  }
  return out;
}

/** Check a definition (the module's default export, or an object given to the library). */
export function checkGame(value: unknown, where: string): CheckedGame {
  const kind = typeName(value);
  if (kind !== 'object')
    return bad(where, 'default export', `expected a plain object (name, secrets, reply), got ${kind}`);
  const o = value as object;
  const known = ['name', 'secrets', 'guesses', 'reply', 'maxGuesses', 'solvedReply', 'replyHelp'];
  let keys: string[];
  try {
    keys = Object.keys(o);
  } catch (e) {
    return bad(where, 'default export', `its members cannot be listed: ${describeThrown(e)}`);
  }
  const rawName = member(where, o, 'name');
  if (rawName === undefined) bad(where, 'name', 'missing');
  if (typeof rawName !== 'string') return bad(where, 'name', `expected a string, got ${typeName(rawName)}`);
  const name = rawName;
  if (!/^[A-Za-z0-9][A-Za-z0-9-]*$/.test(name) || name.length > MAX_NAME)
    bad(
      where,
      'name',
      `${safeText(name.slice(0, MAX_NAME))}: use letters, digits and '-' (at most ${MAX_NAME}, not starting with '-')`,
    );
  const rawSecrets = member(where, o, 'secrets');
  if (rawSecrets === undefined) bad(where, 'secrets', 'missing');
  const secrets = checkList(where, 'secrets', rawSecrets);
  let guesses = secrets;
  const rawGuesses = member(where, o, 'guesses');
  if (rawGuesses !== undefined && rawGuesses !== null) {
    const given = checkList(where, 'guesses', rawGuesses);
    const has = new Set(given);
    guesses = [...given, ...secrets.filter((s) => !has.has(s))];
  }
  const fn = member(where, o, 'reply');
  if (fn === undefined) bad(where, 'reply', 'missing');
  if (typeof fn !== 'function') bad(where, 'reply', `expected a function reply(guess, secret), got ${typeName(fn)}`);
  let maxGuesses = 0;
  const m = member(where, o, 'maxGuesses');
  if (m !== undefined && m !== null) {
    if (typeof m !== 'number' || !Number.isInteger(m) || m < 1 || m > MAX_GUESSES_LIMIT)
      bad(
        where,
        'maxGuesses',
        `expected a whole number from 1 to ${MAX_GUESSES_LIMIT}, got ${typeof m === 'number' ? String(m) : typeName(m)}`,
      );
    maxGuesses = m as number;
  }
  let solvedReply = '=';
  const r = member(where, o, 'solvedReply');
  if (r !== undefined) {
    if (typeof r !== 'string') bad(where, 'solvedReply', `expected a string, got ${typeName(r)}`);
    checkReplyText(where, 'solvedReply', r as string);
    solvedReply = r as string;
  }
  let replyHelp: string | undefined;
  const h = member(where, o, 'replyHelp');
  if (h !== undefined) {
    if (typeof h !== 'string' || h.length > 200 || /\p{Cc}/u.test(h))
      bad(where, 'replyHelp', 'expected one line of text (at most 200 characters)');
    replyHelp = h as string;
  }
  for (const k of keys)
    if (!known.includes(k)) bad(where, safeText(k), `not a member of the contract (${known.join(', ')})`);
  // Each distinct reply's text is checked once (reply() runs once per pair: millions of times).
  const checked = new Set<string>();
  const reply = (g: string, s: string): string => {
    let r: unknown;
    try {
      // Reflect.apply: the function's own `call` or `apply` (which a module may replace) is never used.
      r = Reflect.apply(fn as (g: string, s: string) => unknown, value, [g, s]);
    } catch (e) {
      throw problem(where, 'reply', `reply(${safeText(g)}, ${safeText(s)}) threw: ${describeThrown(e)}`);
    }
    if (typeof r !== 'string')
      throw problem(where, 'reply', `reply(${safeText(g)}, ${safeText(s)}) returned ${typeName(r)}, not a string`);
    if (!checked.has(r)) {
      checkReplyText(where, `reply(${safeText(g)}, ${safeText(s)})`, r);
      checked.add(r);
    }
    return r;
  };
  return { name, secrets, guesses, reply, maxGuesses, solvedReply, replyHelp, where };
}

function checkReplyText(where: string, member: string, r: string): void {
  if (r.length === 0) bad(where, member, 'an empty reply');
  if (r.length > MAX_REPLY) bad(where, member, `${safeText(r.slice(0, 20))} is longer than ${MAX_REPLY} characters`);
  if (/[\s\p{Cc}]/u.test(r)) bad(where, member, `${safeText(r)} holds a space or a control character`);
}

/** Whether a --game value names a file rather than a built-in game. */
export function looksLikePath(v: string): boolean {
  return /[\\/]/.test(v) || /\.(m?js|cjs|ts|mts)$/.test(v);
}

/** The module file's bytes hashed (the queue's workers compare it). */
export function fileSha256(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** What importGameFile found, by absolute path: the import's failure, when it failed. */
const imported = new Map<string, { readonly failed: boolean; readonly error: unknown }>();

/** The module file, checked to be a file; a missing file, a folder or a symlink loop is one line. */
function statModule(abs: string, where: string): Stats {
  let st: Stats;
  try {
    st = statSync(abs);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw fail('input', `${where}: no such file (the game's ES module)`);
    throw fail('input', `${where}: cannot read the game's module: ${describeFsError(e, 'read')}`);
  }
  if (!st.isFile()) throw fail('input', `${where}: not a file (the game's ES module)`);
  return st;
}

/**
 * Import the module file ahead of loadGameFile (which then finds it evaluated): a module that
 * throws at import is reported from here in one line, without the source excerpt Node prints
 * when a synchronous require() of an ES module meets a thrown non-error. A top-level await that
 * never settles is one line too. Never throws: loadGameFile reports what went wrong.
 */
export async function importGameFile(path: string): Promise<void> {
  const abs = resolve(path);
  try {
    if (!statSync(abs).isFile()) return;
  } catch {
    return;
  }
  let onIdle = (): void => {};
  const stuck = new Promise<never>((_, reject) => {
    onIdle = () => reject(NEVER_SETTLES);
  });
  // Nothing else left to run while the import is pending: its top-level await never settles.
  process.once('beforeExit', onIdle);
  try {
    await Promise.race([import(pathToFileURL(abs).href), stuck]);
    imported.set(abs, { failed: false, error: undefined });
  } catch (e) {
    imported.set(abs, { failed: true, error: e });
  } finally {
    process.off('beforeExit', onIdle);
  }
}

const NEVER_SETTLES = Symbol('the module never finished loading');

/** The module's exports, loaded synchronously (after importGameFile, from Node's caches). */
function requireModule(abs: string, where: string): unknown {
  const before = imported.get(abs);
  try {
    if (before?.failed) throw before.error;
    return createRequire(import.meta.url)(abs);
  } catch (e) {
    if (e === NEVER_SETTLES)
      throw fail('input', `${where}: the module's top-level await never settles; compute the lists without await`);
    let code: unknown;
    try {
      code = (e as { code?: unknown } | null)?.code;
    } catch {
      code = undefined;
    }
    if (code === 'ERR_REQUIRE_ASYNC_MODULE')
      throw fail(
        'input',
        `${where}: the module uses top-level await; guesstree loads it synchronously: compute the lists without await`,
      );
    if (code === 'ERR_UNKNOWN_FILE_EXTENSION')
      throw fail(
        'input',
        `${where}: Node cannot load this file type (use .mjs or .js; .ts only when Node strips types)`,
      );
    if (isGuesstreeError(e)) throw e;
    const said = describeThrown(e);
    throw fail('input', `${where}: cannot load the module: ${said.startsWith('"') ? said : `it threw ${said}`}`);
  }
}

/**
 * The game a module exports: an ES module's default export; a CommonJS module's exports (what
 * Node's import() calls its default), or their `default` when a compiler marked them `__esModule`.
 */
function defaultExport(mod: unknown, where: string): unknown {
  if (mod === null || (typeof mod !== 'object' && typeof mod !== 'function')) return undefined;
  let isNamespace: boolean;
  try {
    isNamespace = (mod as { [Symbol.toStringTag]?: unknown })[Symbol.toStringTag] === 'Module';
  } catch (e) {
    throw problem(where, 'module.exports', `reading it threw: ${describeThrown(e)}`);
  }
  if (isNamespace) return member(where, mod, 'default', 'default export');
  const esModule = member(where, mod, '__esModule', 'module.exports.__esModule');
  return esModule === true ? member(where, mod, 'default', 'module.exports.default') : mod;
}

/** Load and check the game of a module file (an ES module's default export, a CommonJS module's exports). */
export function loadGameFile(path: string): { game: CheckedGame; path: string } {
  const abs = resolve(path);
  const where = escapeControls(path);
  statModule(abs, where);
  const def = defaultExport(requireModule(abs, where), where);
  if (def === undefined)
    throw fail('input', `${where}: default export: missing (export default { name, secrets, reply })`);
  return { game: checkGame(def, where), path: abs };
}
