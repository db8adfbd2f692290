/**
 * The one validator of tree files, beside the format (tree-format.ts) and used by every verb:
 *
 *   checkHeader(value, where)           the header against HEADER_SCHEMA, field by field;
 *                                       returns a header holding only the schema's fields
 *   checkTreeLimits(tree, limits, where) guesses below the game's guess count, reply codes
 *                                       below its code count and never the solved code
 *   checkTreeForGame(tree, game, where) the limits, then every secret walked through the tree:
 *                                       each path ends on its secret or runs out of attempts,
 *                                       never on a node without the branch its reply needs
 *
 * Every failure is one `tree-file` error (status 4): `FILE: corrupt tree file: WHAT`.
 * The structure (edges, children, preorder) is checked by tree-format.ts on decode.
 */
import { fail, type GuesstreeError } from './errors.js';
import { escapeControls, groupDigits, safeText } from './messages.js';
import { childOf, type TreeArrays } from './tree-walker.js';

/** What a header value must be; `expected` is how a message says it. */
export interface FieldSchema {
  readonly expected: string;
  /** Undefined when the value is right; else the path below this field and what it should be. */
  check(value: unknown, path: string): { readonly path: string; readonly expected: string } | undefined;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v) || ArrayBuffer.isView(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

function leaf(expected: string, ok: (v: unknown) => boolean): FieldSchema {
  return { expected, check: (v, path) => (ok(v) ? undefined : { path, expected }) };
}

/** A string: at most `max` characters (header strings end up in pages and messages). */
export function str(max = 4096): FieldSchema {
  return leaf(`a string of at most ${groupDigits(max)} characters`, (v) => typeof v === 'string' && v.length <= max);
}

/** A whole number from 0 to 2^53 - 1. */
export const count: FieldSchema = leaf(
  'a whole number of at least 0',
  (v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0,
);

/** A parameter, objective or setting value: a finite number, a string, a boolean. */
export const paramValue: FieldSchema = leaf(
  'a number, a string or a boolean',
  (v) =>
    (typeof v === 'number' && Number.isFinite(v)) ||
    (typeof v === 'string' && v.length <= 4096) ||
    typeof v === 'boolean',
);

/** Names used in file names, messages and pages: letters, digits, '-', '_' and '.', 1 to 64 of them. */
export const name: FieldSchema = leaf(
  'a name (1 to 64 letters, digits, -, _ or .)',
  (v) => typeof v === 'string' && /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(v),
);

/** A SHA-256 digest in lower-case hex. */
export const sha256Hex: FieldSchema = leaf(
  'a SHA-256 in lower-case hex',
  (v) => typeof v === 'string' && /^[0-9a-f]{64}$/.test(v),
);

/** An object with any keys (names as `name`), every value as `of`: params, objective, settings. */
export function record(of: FieldSchema, maxKeys = 256): FieldSchema {
  const expected = `an object of at most ${maxKeys} named values`;
  return {
    expected,
    check(v, path) {
      if (!isPlainObject(v)) return { path, expected };
      const keys = Object.keys(v);
      if (keys.length > maxKeys) return { path, expected };
      for (const k of keys) {
        if (name.check(k, '') !== undefined)
          return { path: `${path}.${safeText(k, 40)}`, expected: `a key that is ${name.expected}` };
        const r = of.check(v[k], `${path}.${k}`);
        if (r) return r;
      }
      return undefined;
    },
  };
}

/** An array of at most `max` values, each as `of`. */
export function arrayOf(of: FieldSchema, max = 64): FieldSchema {
  const expected = `an array of at most ${max} values`;
  return {
    expected,
    check(v, path) {
      if (!Array.isArray(v) || v.length > max) return { path, expected };
      for (let i = 0; i < v.length; i++) {
        const r = of.check(v[i], `${path}[${i}]`);
        if (r) return r;
      }
      return undefined;
    },
  };
}

/**
 * An object with these fields (each required) and these optional ones (absent or right).
 * Other fields are left out of the checked value (see `pick`), so code only sees checked ones.
 */
export interface ObjectSchema extends FieldSchema {
  readonly fields: Readonly<Record<string, FieldSchema>>;
  readonly optional: Readonly<Record<string, FieldSchema>>;
}

export function object(
  fields: Readonly<Record<string, FieldSchema>>,
  optional: Readonly<Record<string, FieldSchema>> = {},
): ObjectSchema {
  const expected = 'an object';
  return {
    expected,
    fields,
    optional,
    check(v, path) {
      if (!isPlainObject(v)) return { path, expected };
      const at = (k: string) => (path === '' ? k : `${path}.${k}`);
      for (const [k, s] of Object.entries(fields)) {
        if (!Object.hasOwn(v, k) || v[k] === undefined)
          return { path: at(k), expected: `${s.expected} (it is missing)` };
        const r = s.check(v[k], at(k));
        if (r) return r;
      }
      for (const [k, s] of Object.entries(optional)) {
        if (!Object.hasOwn(v, k) || v[k] === undefined) continue;
        const r = s.check(v[k], at(k));
        if (r) return r;
      }
      return undefined;
    },
  };
}

export const LIST_REF_SCHEMA = object({ role: name, count, sha256: sha256Hex });

/**
 * The tree header, field by field. A new field is one line here: required in `fields` (old
 * files then fail to load), or, for files written before it, in the optional fields (and
 * optional in TreeHeader).
 */
export const HEADER_SCHEMA: ObjectSchema = object(
  {
    game: name,
    params: record(paramValue),
    lists: arrayOf(LIST_REF_SCHEMA),
    objective: record(paramValue),
    settings: record(paramValue),
    tool: object({ name: str(64), version: str(64) }),
  },
  {},
);

function treeError(where: string, what: string): GuesstreeError {
  return fail('tree-file', `${escapeControls(where)}: corrupt tree file: ${what}`);
}

/** The schema's own fields of a checked value (top level only: nested values are checked whole). */
function pick(v: Record<string, unknown>, schema: ObjectSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of [...Object.keys(schema.fields), ...Object.keys(schema.optional)])
    if (Object.hasOwn(v, k) && v[k] !== undefined) out[k] = v[k];
  return out;
}

/**
 * The header, checked against HEADER_SCHEMA: `FILE: corrupt tree file: header field tool.name:
 * expected a string …`. Returns the schema's fields only (tree-format.ts types it TreeHeader).
 */
export function checkHeader(value: unknown, where: string): Record<string, unknown> {
  const r = HEADER_SCHEMA.check(value, '');
  if (r)
    throw treeError(
      where,
      r.path === '' ? `the header is not ${r.expected}` : `header field ${r.path}: expected ${r.expected}`,
    );
  return pick(value as Record<string, unknown>, HEADER_SCHEMA);
}

/** What a tree's numbers must stay below: the game's guesses and replies. */
export interface TreeLimits {
  readonly guessCount: number;
  readonly codeCount: number;
  /** Ends the game: never stored on an edge. */
  readonly solvedCode: number;
}

/** Every guess below `guessCount`, every edge's reply below `codeCount` and not `solvedCode`. */
export function checkTreeLimits(tree: TreeArrays, limits: TreeLimits, where: string): void {
  const { guess, edgeCode } = tree;
  const { guessCount, codeCount, solvedCode } = limits;
  for (let v = 0; v < guess.length; v++) {
    const g = guess[v];
    if (g >= guessCount)
      throw treeError(where, `node ${v} plays guess ${g}, past the game's ${groupDigits(guessCount)} guesses`);
  }
  for (let e = 0; e < edgeCode.length; e++) {
    const c = edgeCode[e];
    if (c >= codeCount)
      throw treeError(where, `edge ${e} has reply code ${c}, past the game's ${groupDigits(codeCount)} replies`);
    if (c === solvedCode) throw treeError(where, `edge ${e} has the solved reply, which ends the game`);
  }
}

/** The game as the check sees it (compiler/game.ts's Game is one). */
export interface TreeGame extends TreeLimits {
  readonly secretCount: number;
  readonly maxAttempts: number;
  secretOfGuess(guess: number): number;
  feedback(guess: number, secret: number): number;
  secretName(secret: number): string;
  /** A game whose secrets are not found by naming them walks the tree by its own rules. */
  readonly replayRules?:
    | { replaySecret(tree: TreeArrays, secret: number): { readonly missingBranch: boolean } }
    | undefined;
}

/** Where the walk of `secret` through the tree stops without a branch, or -1 when it ends well. */
function strandedAt(tree: TreeArrays, game: TreeGame, secret: number): number {
  let node = 0;
  for (let attempt = 1; attempt <= game.maxAttempts; attempt++) {
    const g = tree.guess[node];
    if (game.secretOfGuess(g) === secret || attempt === game.maxAttempts) return -1;
    const next = childOf(tree, node, game.feedback(g, secret));
    if (next < 0) return node;
    node = next;
  }
  return -1;
}

/**
 * The tree against its game: its limits, then every secret's path (it ends on the secret, or
 * after the game's last attempt; a path that stops on a node without the reply's branch is a
 * tree of another game or list). Cost: one walk per secret, as `verify` does.
 */
export function checkTreeForGame(tree: TreeArrays, game: TreeGame, where: string): void {
  checkTreeLimits(tree, game, where);
  let stranded = 0;
  let first = -1;
  let firstNode = -1;
  const rules = game.replayRules;
  for (let s = 0; s < game.secretCount; s++) {
    const at = rules ? (rules.replaySecret(tree, s).missingBranch ? 0 : -1) : strandedAt(tree, game, s);
    if (at < 0) continue;
    if (stranded++ === 0) {
      first = s;
      firstNode = at;
    }
  }
  if (stranded > 0) {
    const node = rules ? '' : ` at node ${firstNode}`;
    throw treeError(
      where,
      `the tree has no branch for ${groupDigits(stranded)} secret${stranded === 1 ? '' : 's'} (the first: ${safeText(game.secretName(first), 40)}${node})`,
    );
  }
}
