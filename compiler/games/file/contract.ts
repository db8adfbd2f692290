/**
 * The contract of a game from a user's file (`guesstree compile --game ./my-game.mjs`): the ES
 * module's default export is a plain object
 *
 *   name        letters, digits and '-' (file names, headers, messages)
 *   secrets     the possible secrets: distinct strings without spaces or control characters
 *   guesses     optional: the allowed guesses (default: the secrets; the secrets are always allowed)
 *   reply       reply(guess, secret) → a short string; the game ends when guess === secret
 *   maxGuesses  optional: a secret not found within this many guesses is unsolved
 *   solvedReply optional: what `play` takes (and exports show) for a guess that names the secret (default '=')
 *   replyHelp   optional: how a person types a reply, one line (play's legend)
 *
 * Every member is checked here; a problem is one line naming the file, the member and what is
 * wrong. The module is loaded synchronously (require of an ES module, Node 20.19+), so workers
 * and the game-module boundary stay synchronous.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fail } from '../../../runtime/errors.js';
import { escapeControls, safeText } from '../../../runtime/messages.js';

/** What the user's module exports (the documented contract). */
export interface GameDefinition {
  readonly name: string;
  readonly secrets: readonly string[];
  readonly guesses?: readonly string[] | undefined;
  reply(guess: string, secret: string): string;
  readonly maxGuesses?: number | undefined;
  readonly solvedReply?: string | undefined;
  readonly replyHelp?: string | undefined;
}

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
  if (Array.isArray(v)) return 'an array';
  return typeof v;
}

function checkList(where: string, member: string, v: unknown): string[] {
  if (!Array.isArray(v)) return bad(where, member, `expected an array of strings, got ${typeName(v)}`);
  if (v.length === 0) return bad(where, member, 'an empty list');
  if (v.length > MAX_LIST) return bad(where, member, `${v.length} entries, more than ${MAX_LIST}`);
  const seen = new Map<string, number>();
  const out: string[] = [];
  v.forEach((x: unknown, i) => {
    const s = checkEntry(where, member, i, x);
    const before = seen.get(s);
    if (before !== undefined) bad(where, `${member}[${i}]`, `duplicate: ${safeText(s)} is also ${member}[${before}]`);
    seen.set(s, i);
    out.push(s);
  });
  return out;
}

/** Check a definition (the module's default export, or an object given to the library). */
export function checkGame(value: unknown, where: string): CheckedGame {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return bad(where, 'default export', `expected a plain object (name, secrets, reply), got ${typeName(value)}`);
  const o = value as Record<string, unknown>;
  if (o.name === undefined) bad(where, 'name', 'missing');
  if (typeof o.name !== 'string') bad(where, 'name', `expected a string, got ${typeName(o.name)}`);
  const name = o.name;
  if (!/^[A-Za-z0-9][A-Za-z0-9-]*$/.test(name) || name.length > MAX_NAME)
    bad(
      where,
      'name',
      `${safeText(name.slice(0, MAX_NAME))}: use letters, digits and '-' (at most ${MAX_NAME}, not starting with '-')`,
    );
  if (o.secrets === undefined) bad(where, 'secrets', 'missing');
  const secrets = checkList(where, 'secrets', o.secrets);
  let guesses = secrets;
  if (o.guesses !== undefined && o.guesses !== null) {
    const given = checkList(where, 'guesses', o.guesses);
    const has = new Set(given);
    guesses = [...given, ...secrets.filter((s) => !has.has(s))];
  }
  if (o.reply === undefined) bad(where, 'reply', 'missing');
  if (typeof o.reply !== 'function')
    bad(where, 'reply', `expected a function reply(guess, secret), got ${typeName(o.reply)}`);
  const fn = o.reply as (g: string, s: string) => unknown;
  let maxGuesses = 0;
  if (o.maxGuesses !== undefined && o.maxGuesses !== null) {
    const m = o.maxGuesses;
    if (typeof m !== 'number' || !Number.isInteger(m) || m < 1 || m > MAX_GUESSES_LIMIT)
      bad(
        where,
        'maxGuesses',
        `expected a whole number from 1 to ${MAX_GUESSES_LIMIT}, got ${typeof m === 'number' ? String(m) : typeName(m)}`,
      );
    maxGuesses = m as number;
  }
  let solvedReply = '=';
  if (o.solvedReply !== undefined) {
    const r = o.solvedReply;
    if (typeof r !== 'string') bad(where, 'solvedReply', `expected a string, got ${typeName(r)}`);
    checkReplyText(where, 'solvedReply', r as string);
    solvedReply = r as string;
  }
  let replyHelp: string | undefined;
  if (o.replyHelp !== undefined) {
    const r = o.replyHelp;
    if (typeof r !== 'string' || r.length > 200 || /\p{Cc}/u.test(r))
      bad(where, 'replyHelp', 'expected one line of text (at most 200 characters)');
    replyHelp = r as string;
  }
  const known = new Set(['name', 'secrets', 'guesses', 'reply', 'maxGuesses', 'solvedReply', 'replyHelp']);
  for (const k of Object.keys(o))
    if (!known.has(k)) bad(where, safeText(k), `not a member of the contract (${[...known].join(', ')})`);
  // Each distinct reply's text is checked once (reply() runs once per pair: millions of times).
  const checked = new Set<string>();
  const reply = (g: string, s: string): string => {
    let r: unknown;
    try {
      r = fn.call(value, g, s);
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      throw problem(
        where,
        'reply',
        `reply(${safeText(g)}, ${safeText(s)}) threw: ${safeText(why.split('\n')[0]?.slice(0, 120) ?? '')}`,
      );
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

/** Load and check the game of an ES module file (its default export). */
export function loadGameFile(path: string): { game: CheckedGame; path: string } {
  const abs = resolve(path);
  const where = escapeControls(path);
  if (!existsSync(abs)) throw fail('input', `${where}: no such file (the game's ES module)`);
  if (!statSync(abs).isFile()) throw fail('input', `${where}: not a file (the game's ES module)`);
  let mod: unknown;
  try {
    mod = createRequire(import.meta.url)(abs);
  } catch (e) {
    const code = (e as { code?: string }).code;
    const msg = e instanceof Error ? (e.message.split('\n')[0] ?? '') : String(e);
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
    throw fail('input', `${where}: cannot load the module: ${safeText(msg.slice(0, 160))}`);
  }
  const def = (mod as { default?: unknown } | null)?.default;
  if (def === undefined)
    throw fail('input', `${where}: default export: missing (export default { name, secrets, reply })`);
  return { game: checkGame(def, where), path: abs };
}
