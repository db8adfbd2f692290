/**
 * Tree files: a msgpack envelope { magic, version, sha256, body } whose body is the msgpack
 * of { header, tree }. The tree is four flat integer arrays (nodes in preorder), stored as
 * little-endian bytes of the narrowest width that holds them; not an object per node.
 *
 *   guess[node]           the guess played at the node (word index, code index or letter)
 *   edgeStart[node]       first edge of the node; edgeStart[nodeCount] = edgeCount
 *   edgeCode[edge]        the feedback that leads along the edge, ascending within a node
 *   edgeChild[edge]       the node reached (always after its parent in preorder)
 *
 * The solved feedback is never stored: it ends the game. Loading checks the envelope hash,
 * the structure and, when asked, the game, parameters and list hashes: any mismatch or
 * corruption is a one-line `tree-file` error.
 *
 * Version 2 is version 1 with the words the tree needs to be read (`words` in the body, so the
 * envelope hash covers it): the secrets list whole (its hash is the header's list of that
 * role), and, for games whose guesses are another list (Wordle), a sparse table of the guesses
 * the tree plays: ascending guess indices and their words. Both word texts are brotli
 * compressed. A tree without words is written as version 1; both versions are read.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, constants as zlib } from 'node:zlib';
// The subpath entries load msgpackr's plain JS build, without probing for its native addon:
// much faster to start, which the pit player needs.
import { pack } from 'msgpackr/pack';
import { unpack } from 'msgpackr/unpack';
import { fail } from './errors.js';
import { describeFsError, escapeControls } from './messages.js';
import { checkHeader } from './tree-check.js';
import type { TreeArrays } from './tree-walker.js';

export const TREE_MAGIC = 'guesstree-tree';
/** The version of a tree file that carries its words. */
export const TREE_FORMAT_VERSION = 2;
/** The version of a tree file without words (written for games without lists, and still read). */
export const TREE_FORMAT_VERSION_PLAIN = 1;

export type ParamValue = number | string | boolean;

export interface ListRef {
  /** What the list is to the game: 'words', 'answers', 'guesses'. */
  readonly role: string;
  readonly count: number;
  readonly sha256: string;
}

export interface TreeHeader {
  readonly game: string;
  readonly params: Readonly<Record<string, ParamValue>>;
  readonly lists: readonly ListRef[];
  /** The exact objective of the tree over every secret, as `verify` recomputes it. */
  readonly objective: Readonly<Record<string, ParamValue>>;
  readonly settings: Readonly<Record<string, ParamValue>>;
  readonly tool: { readonly name: string; readonly version: string };
}

export type { TreeArrays } from './tree-walker.js';

/** The words a tree file carries so that it can be read without its lists. */
export interface TreeWords {
  /** The header list the secrets are (`words`, `answers`): its normalized words, in secret order. */
  readonly role: string;
  readonly secrets: readonly string[];
  /** Games whose guesses are another list: the guesses the tree plays, by ascending guess index. */
  readonly guesses?: { readonly index: Uint32Array; readonly words: readonly string[] } | undefined;
}

export interface TreeFile {
  readonly header: TreeHeader;
  readonly tree: TreeArrays;
  /** Absent: a version 1 file, or a game without lists. */
  readonly words?: TreeWords | undefined;
}

interface PackedArray {
  w: number;
  n: number;
  b: Uint8Array;
}

function packArray(a: Uint32Array): PackedArray {
  let max = 0;
  for (let i = 0; i < a.length; i++) if (a[i] > max) max = a[i];
  const w = max < 0x100 ? 1 : max < 0x10000 ? 2 : 4;
  const b = new Uint8Array(a.length * w);
  const dv = new DataView(b.buffer);
  for (let i = 0; i < a.length; i++) {
    const v = a[i];
    if (w === 1) b[i] = v;
    else if (w === 2) dv.setUint16(i * 2, v, true);
    else dv.setUint32(i * 4, v, true);
  }
  return { w, n: a.length, b };
}

function unpackArray(p: unknown, name: string, where: string): Uint32Array {
  const o = p as Partial<PackedArray> | null;
  if (
    !o ||
    typeof o !== 'object' ||
    typeof o.w !== 'number' ||
    typeof o.n !== 'number' ||
    !(o.b instanceof Uint8Array)
  ) {
    throw fail('tree-file', `${where}: corrupt tree file: array ${name} is malformed`);
  }
  const { w, n, b } = o as PackedArray;
  if ((w !== 1 && w !== 2 && w !== 4) || !Number.isInteger(n) || n < 0 || b.length !== n * w) {
    throw fail('tree-file', `${where}: corrupt tree file: array ${name} has a bad size`);
  }
  const out = new Uint32Array(n);
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  for (let i = 0; i < n; i++) out[i] = w === 1 ? b[i] : w === 2 ? dv.getUint16(i * 2, true) : dv.getUint32(i * 4, true);
  return out;
}

/** Words joined by newlines, brotli at its best quality: the same words give the same bytes. */
function compressWords(words: readonly string[]): Uint8Array {
  const text = Buffer.from(words.join('\n'), 'utf8');
  const out = brotliCompressSync(text, {
    params: {
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
      [zlib.BROTLI_PARAM_SIZE_HINT]: text.length,
    },
  });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

/** Words a tree file may carry: lowercase a-z, as word lists are normalized. */
const WORDS_TEXT = /^[a-z]+(?:\n[a-z]+)*$/;
/** A compressed word text larger than this once decompressed is refused (512 MiB, the word-list limit). */
const WORDS_MAX_BYTES = 512 * 1024 * 1024;

/** The words of a compressed text, and the text's list hash (`listHash` of the words, computed on the bytes). */
function decompressWords(b: unknown, name: string, where: string): { words: string[]; sha256: string } {
  const bad = (what: string) => fail('tree-file', `${where}: corrupt tree file: ${name} ${what}`);
  if (!(b instanceof Uint8Array)) throw bad('is malformed');
  let bytes: Buffer;
  try {
    bytes = brotliDecompressSync(b, { maxOutputLength: WORDS_MAX_BYTES });
  } catch {
    throw bad('do not decompress');
  }
  const text = bytes.toString('latin1');
  if (!WORDS_TEXT.test(text)) throw bad('are not lowercase words, one a line');
  return { words: text.split('\n'), sha256: createHash('sha256').update(bytes).update('\n').digest('hex') };
}

function packWords(words: TreeWords): Record<string, unknown> {
  const out: Record<string, unknown> = { role: words.role, secrets: compressWords(words.secrets) };
  if (words.guesses) {
    out.guessIndex = packArray(words.guesses.index);
    out.guessWords = compressWords(words.guesses.words);
  }
  return out;
}

/** The body's words, checked against the header (role, count, hash) and the tree (every guess in the table). */
function unpackWords(p: unknown, header: TreeHeader, tree: TreeArrays, where: string): TreeWords {
  const bad = (what: string) => fail('tree-file', `${where}: corrupt tree file: ${what}`);
  const o = p as Record<string, unknown> | null;
  if (!o || typeof o !== 'object' || Array.isArray(o) || typeof o.role !== 'string')
    throw bad('its words are malformed');
  const role = o.role;
  const ref = header.lists.find((l) => l.role === role);
  if (!ref) throw bad(`it carries a ${escapeControls(role).slice(0, 40)} list the header does not name`);
  const { words: secrets, sha256 } = decompressWords(o.secrets, 'its secrets', where);
  if (secrets.length !== ref.count || sha256 !== ref.sha256)
    throw bad(`the ${role} it carries are not the header's ${role} list (count or sha256 differ)`);
  if (o.guessIndex === undefined && o.guessWords === undefined) return { role, secrets };
  const index = unpackArray(o.guessIndex, 'guessIndex', where);
  const { words } = decompressWords(o.guessWords, 'its guesses', where);
  if (words.length !== index.length) throw bad('its guess table has more indices than words or fewer');
  const limit = header.lists.find((l) => l.role === 'guesses')?.count;
  for (let i = 0; i < index.length; i++) {
    if (i > 0 && index[i] <= index[i - 1]) throw bad('its guess table is not in ascending order');
    if (limit !== undefined && index[i] >= limit)
      throw bad(`its guess table names guess ${index[i]}, past the end of the guesses list`);
  }
  for (let v = 0; v < tree.guess.length; v++) {
    const g = tree.guess[v];
    if (guessSlot(index, g) < 0) throw bad(`node ${v} guesses ${g}, which its guess table does not hold`);
  }
  return { role, secrets, guesses: { index, words } };
}

/** Where guess `g` is in an ascending index table, or -1. */
export function guessSlot(index: Uint32Array, g: number): number {
  let lo = 0;
  let hi = index.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const x = index[mid];
    if (x === g) return mid;
    if (x < g) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Encode a tree file. Deterministic: same header, arrays and words give the same bytes. */
export function encodeTreeFile(file: TreeFile): Uint8Array {
  const content: Record<string, unknown> = {
    header: file.header,
    tree: {
      guess: packArray(file.tree.guess),
      edgeStart: packArray(file.tree.edgeStart),
      edgeCode: packArray(file.tree.edgeCode),
      edgeChild: packArray(file.tree.edgeChild),
    },
  };
  if (file.words) content.words = packWords(file.words);
  const body = pack(content);
  const sha256 = createHash('sha256').update(body).digest();
  return pack({
    magic: TREE_MAGIC,
    version: file.words ? TREE_FORMAT_VERSION : TREE_FORMAT_VERSION_PLAIN,
    sha256,
    body,
  });
}

export function checkTreeStructure(tree: TreeArrays, where: string, guessLimit?: number, codeLimit?: number): void {
  const { guess, edgeStart, edgeCode, edgeChild } = tree;
  const nodes = guess.length;
  const bad = (what: string) => fail('tree-file', `${where}: corrupt tree file: ${what}`);
  if (nodes === 0) throw bad('no nodes');
  if (edgeStart.length !== nodes + 1) throw bad('edge index does not match the node count');
  if (edgeCode.length !== edgeChild.length) throw bad('edge arrays differ in length');
  if (edgeStart[0] !== 0 || edgeStart[nodes] !== edgeCode.length) throw bad('edge index does not cover the edges');
  const reached = new Uint8Array(nodes);
  for (let v = 0; v < nodes; v++) {
    if (guessLimit !== undefined && guess[v] >= guessLimit)
      throw bad(`node ${v} guesses ${guess[v]}, past the end of the list`);
    const a = edgeStart[v];
    const b = edgeStart[v + 1];
    if (b < a) throw bad(`node ${v} has a negative edge count`);
    if (b > edgeCode.length) throw bad(`node ${v} has edges past the end of the edge arrays`);
    for (let e = a; e < b; e++) {
      const c = edgeChild[e];
      if (c <= v || c >= nodes) throw bad(`edge ${e} of node ${v} points to node ${c}`);
      if (reached[c]) throw bad(`node ${c} has two parents`);
      reached[c] = 1;
      if (e > a && edgeCode[e] <= edgeCode[e - 1]) throw bad(`edges of node ${v} are not in ascending order`);
      if (codeLimit !== undefined && edgeCode[e] >= codeLimit)
        throw bad(`edge ${e} has feedback ${edgeCode[e]}, out of range`);
    }
  }
  for (let v = 1; v < nodes; v++) if (!reached[v]) throw bad(`node ${v} is unreachable`);
}

export interface DecodeOptions {
  /** Leave the words a file carries undecoded (the envelope hash still covers them): for a reader that has its lists, such as the pit player. */
  readonly skipWords?: boolean;
}

/** Decode and check a tree file's bytes. `where` names the file in errors. */
export function decodeTreeFile(bytes: Uint8Array, where: string, options: DecodeOptions = {}): TreeFile {
  let envelope: unknown;
  try {
    envelope = unpack(bytes);
  } catch {
    throw fail('tree-file', `${where}: not a guesstree tree file (not msgpack)`);
  }
  const env = envelope as { magic?: unknown; version?: unknown; sha256?: unknown; body?: unknown } | null;
  if (!env || typeof env !== 'object' || env.magic !== TREE_MAGIC) {
    throw fail('tree-file', `${where}: not a guesstree tree file (bad magic)`);
  }
  if (env.version !== TREE_FORMAT_VERSION && env.version !== TREE_FORMAT_VERSION_PLAIN) {
    throw fail(
      'tree-file',
      `${where}: tree format version ${escapeControls(String(env.version)).slice(0, 40)} is not supported (this tool reads versions ${TREE_FORMAT_VERSION_PLAIN} and ${TREE_FORMAT_VERSION})`,
    );
  }
  if (!(env.body instanceof Uint8Array) || !(env.sha256 instanceof Uint8Array)) {
    throw fail('tree-file', `${where}: corrupt tree file: envelope fields missing`);
  }
  const digest = createHash('sha256').update(env.body).digest();
  if (!digest.equals(env.sha256)) throw fail('tree-file', `${where}: corrupt tree file: checksum mismatch`);
  let body: { header?: unknown; tree?: Record<string, unknown>; words?: unknown };
  try {
    body = unpack(env.body) as typeof body;
  } catch {
    throw fail('tree-file', `${where}: corrupt tree file: body is not msgpack`);
  }
  const header = checkHeader(body?.header, where) as unknown as TreeHeader;
  const t = body.tree;
  if (!t || typeof t !== 'object') throw fail('tree-file', `${where}: corrupt tree file: no tree`);
  const tree: TreeArrays = {
    guess: unpackArray(t.guess, 'guess', where),
    edgeStart: unpackArray(t.edgeStart, 'edgeStart', where),
    edgeCode: unpackArray(t.edgeCode, 'edgeCode', where),
    edgeChild: unpackArray(t.edgeChild, 'edgeChild', where),
  };
  checkTreeStructure(tree, where);
  // Version 2 carries words, version 1 never does.
  if (env.version === TREE_FORMAT_VERSION_PLAIN) {
    if (body.words !== undefined)
      throw fail(
        'tree-file',
        `${where}: corrupt tree file: a version ${TREE_FORMAT_VERSION_PLAIN} file carries no words`,
      );
    return { header, tree };
  }
  if (body.words === undefined)
    throw fail(
      'tree-file',
      `${where}: corrupt tree file: a version ${TREE_FORMAT_VERSION} file carries its words, this one has none`,
    );
  if (options.skipWords === true) return { header, tree };
  return { header, tree, words: unpackWords(body.words, header, tree, where) };
}

export function readTreeFile(path: string, options: DecodeOptions = {}): TreeFile {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch (e) {
    throw fail('input', `${escapeControls(path)}: cannot read tree file: ${describeFsError(e, 'read')}`);
  }
  return decodeTreeFile(bytes, path, options);
}

/** What a caller expects of a tree; every given field must match the header. */
export interface TreeExpectation {
  readonly game?: string;
  readonly params?: Readonly<Record<string, ParamValue>>;
  readonly lists?: readonly ListRef[];
}

export function checkTreeMatches(file: TreeFile, expected: TreeExpectation, where: string): void {
  const h = file.header;
  if (expected.game !== undefined && h.game !== expected.game) {
    throw fail('tree-file', `${where}: this is a ${h.game} tree, not ${expected.game}`);
  }
  for (const [k, v] of Object.entries(expected.params ?? {})) {
    if (h.params[k] !== v)
      throw fail(
        'tree-file',
        `${where}: tree parameter ${k} is ${escapeControls(String(h.params[k]))}, expected ${String(v)}`,
      );
  }
  for (const want of expected.lists ?? []) {
    const have = h.lists.find((l) => l.role === want.role);
    if (!have) throw fail('tree-file', `${where}: tree has no ${want.role} list`);
    if (have.sha256 !== want.sha256 || have.count !== want.count) {
      throw fail(
        'tree-file',
        `${where}: tree was compiled for another ${want.role} list (sha256 ${have.sha256.slice(0, 12)}…, ${have.count} words; this list: ${want.sha256.slice(0, 12)}…, ${want.count} words)`,
      );
    }
  }
}
