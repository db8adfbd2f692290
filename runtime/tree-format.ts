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
import { brotliCompressSync, brotliDecompressSync, constants as zlib } from 'node:zlib';
// The subpath entries load msgpackr's plain JS build, without probing for its native addon:
// much faster to start, which the pit player needs.
import { pack } from 'msgpackr/pack';
import { unpack } from 'msgpackr/unpack';
import { fail, type GuesstreeError } from './errors.js';
import { describeFsError, escapeControls, groupDigits } from './messages.js';
import { msgpackShapeProblem, type MsgpackLimits } from './msgpack-shape.js';
import { readFileCapped } from './read-capped.js';
import { checkHeader, type TreeLimits } from './tree-check.js';
import type { ListRef, ParamValue, TreeArrays, TreeHeader } from './tree-types.js';
import { WORD_LIST_MAX_BYTES } from './wordlist.js';

export const TREE_MAGIC = 'guesstree-tree';
/** The version of a tree file that carries its words. */
export const TREE_FORMAT_VERSION = 2;
/** The version of a tree file without words (written for games without lists, and still read). */
export const TREE_FORMAT_VERSION_PLAIN = 1;

/**
 * The caps of a tree file (the README states them). A file over TREE_FILE_MAX_BYTES is refused
 * unread; the shipped trees are under 2 MB. Its msgpack holds at most TREE_MSGPACK_LIMITS (a
 * header of a few hundred values, arrays and words as binary), checked before it is decoded, so
 * that no count in the file makes the reader allocate more than the file's size allows. The word
 * lists it carries are capped as word lists are once decompressed (WORD_LIST_MAX_BYTES) and at
 * TREE_WORDS_MAX_COUNT words. With these, reading any file peaks under 512 MiB (`bench:caps`).
 */
export const TREE_FILE_MAX_BYTES = 64 * 2 ** 20;
export const TREE_MSGPACK_LIMITS: MsgpackLimits = { maxItems: 65_536, maxDepth: 16, maxStringBytes: 65_536 };
export const TREE_WORDS_MAX_COUNT = 1_000_000;

export type { ListRef, ParamValue, TreeArrays, TreeHeader } from './tree-types.js';

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

/** A packed array's fields checked (its width, count and bytes agree), nothing decoded yet. */
function packedArray(p: unknown, name: string, where: string): PackedArray {
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
  return { w, n, b };
}

/** The values of a checked packed array. */
function expandArray({ w, n, b }: PackedArray): Uint32Array {
  const out = new Uint32Array(n);
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  for (let i = 0; i < n; i++) out[i] = w === 1 ? b[i] : w === 2 ? dv.getUint16(i * 2, true) : dv.getUint32(i * 4, true);
  return out;
}

function unpackArray(p: unknown, name: string, where: string): Uint32Array {
  return expandArray(packedArray(p, name, where));
}

/** The width packArray gives an array whose largest value is `max`. */
function widthOf(max: number): number {
  return max < 0x100 ? 1 : max < 0x10000 ? 2 : 4;
}

/**
 * The tree's four arrays, their counts checked against each other before any is decoded: a
 * tree of N nodes has N - 1 edges (each node but the root is reached once) and, as packArray
 * writes them, edge starts and children as wide as N - 1 needs. So the decoded arrays (16 bytes
 * a node) stay within a small multiple of the file's bytes, whatever counts the file claims.
 */
function unpackTree(t: Record<string, unknown>, where: string): TreeArrays {
  const bad = (what: string) => fail('tree-file', `${where}: corrupt tree file: ${what}`);
  const guess = packedArray(t.guess, 'guess', where);
  const edgeStart = packedArray(t.edgeStart, 'edgeStart', where);
  const edgeCode = packedArray(t.edgeCode, 'edgeCode', where);
  const edgeChild = packedArray(t.edgeChild, 'edgeChild', where);
  const nodes = guess.n;
  if (nodes === 0) throw bad('no nodes');
  if (edgeStart.n !== nodes + 1) throw bad('edge index does not match the node count');
  if (edgeCode.n !== edgeChild.n) throw bad('edge arrays differ in length');
  if (edgeChild.n !== nodes - 1)
    throw bad(
      `${groupDigits(edgeChild.n)} edges for ${groupDigits(nodes)} nodes (a tree has one edge fewer than nodes)`,
    );
  const width = widthOf(nodes - 1);
  if (edgeStart.w !== width || edgeChild.w !== width)
    throw bad(`arrays edgeStart and edgeChild are not as wide as ${groupDigits(nodes)} nodes need`);
  return {
    guess: expandArray(guess),
    edgeStart: expandArray(edgeStart),
    edgeCode: expandArray(edgeCode),
    edgeChild: expandArray(edgeChild),
  };
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

const CHAR_NL = 10;
const CHAR_a = 97;
const CHAR_z = 122;

/** What the words of a compressed text must be, and how a message names them. */
interface WordsExpected {
  /** What they are, for messages: `its secrets`. */
  readonly name: string;
  /** Their count, when known. */
  readonly count?: number;
  /** Their list hash, when known. */
  readonly sha256?: string;
  /** What a count or hash that differs means: the message's end. */
  readonly mismatch: string;
}

/**
 * The words of a compressed text: decompressed within the word-list cap, checked byte by byte
 * (lowercase a-z, one a line: no regular expression, however long the text), counted within
 * TREE_WORDS_MAX_COUNT and, when `expected` says, against a count and a list hash, all before
 * the text is split into words. `sha256` is the text's list hash (`listHash` of the words).
 */
function decompressWords(b: unknown, where: string, expected: WordsExpected): { words: string[]; sha256: string } {
  const { name, mismatch } = expected;
  const bad = (what: string) => fail('tree-file', `${where}: corrupt tree file: ${name} ${what}`);
  if (!(b instanceof Uint8Array)) throw bad('are malformed');
  let bytes: Buffer;
  try {
    bytes = brotliDecompressSync(b, { maxOutputLength: WORD_LIST_MAX_BYTES });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
      throw bad(
        `are over the limit of a word list, ${groupDigits(WORD_LIST_MAX_BYTES / 2 ** 20)} MiB, once decompressed`,
      );
    throw bad('do not decompress');
  }
  let count = 0;
  let lineStart = 0;
  for (let i = 0; i <= bytes.length; i++) {
    const c = i === bytes.length ? CHAR_NL : bytes[i];
    if (c === CHAR_NL) {
      if (i === lineStart) throw bad('are not lowercase words, one a line (an empty line)');
      count++;
      lineStart = i + 1;
    } else if (c < CHAR_a || c > CHAR_z) throw bad('are not lowercase words, one a line');
  }
  if (count > TREE_WORDS_MAX_COUNT)
    throw bad(`are ${groupDigits(count)} words, over the limit of ${groupDigits(TREE_WORDS_MAX_COUNT)}`);
  if (expected.count !== undefined && count !== expected.count)
    throw fail('tree-file', `${where}: corrupt tree file: ${mismatch}`);
  const sha256 = createHash('sha256').update(bytes).update('\n').digest('hex');
  if (expected.sha256 !== undefined && sha256 !== expected.sha256)
    throw fail('tree-file', `${where}: corrupt tree file: ${mismatch}`);
  return { words: bytes.toString('latin1').split('\n'), sha256 };
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
function unpackWords(p: unknown, { header, tree }: Pick<TreeFile, 'header' | 'tree'>, where: string): TreeWords {
  const bad = (what: string) => fail('tree-file', `${where}: corrupt tree file: ${what}`);
  const o = p as Record<string, unknown> | null;
  if (!o || typeof o !== 'object' || Array.isArray(o) || typeof o.role !== 'string')
    throw bad('its words are malformed');
  const role = o.role;
  const ref = header.lists.find((l) => l.role === role);
  if (!ref) throw bad(`it carries a ${escapeControls(role).slice(0, 40)} list the header does not name`);
  const { words: secrets } = decompressWords(o.secrets, where, {
    name: 'its secrets',
    count: ref.count,
    sha256: ref.sha256,
    mismatch: `the ${role} it carries are not the header's ${role} list (count or sha256 differ)`,
  });
  if (o.guessIndex === undefined && o.guessWords === undefined) return { role, secrets };
  const index = unpackArray(o.guessIndex, 'guessIndex', where);
  const { words } = decompressWords(o.guessWords, where, {
    name: 'its guesses',
    count: index.length,
    mismatch: 'its guess table has more indices than words or fewer',
  });
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

/** The structure, and (when given) the guesses and reply codes below the game's counts. */
export function checkTreeStructure(
  tree: TreeArrays,
  where: string,
  limits: Partial<Pick<TreeLimits, 'guessCount' | 'codeCount'>> = {},
): void {
  const { guessCount: guessLimit, codeCount: codeLimit } = limits;
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

function mib(bytes: number): string {
  return `${groupDigits(Math.ceil(bytes / 2 ** 20))} MiB`;
}

function tooLarge(where: string, size: number | undefined): GuesstreeError {
  const is = size === undefined ? 'is' : `is ${mib(size)},`;
  const when = size === undefined ? 'refused' : 'refused before reading';
  return fail('tree-file', `${where}: tree file ${is} over the limit of ${mib(TREE_FILE_MAX_BYTES)}; ${when}`);
}

/** Decode and check a tree file's bytes. `where` names the file in errors. */
export function decodeTreeFile(bytes: Uint8Array, where: string, options: DecodeOptions = {}): TreeFile {
  if (bytes.length > TREE_FILE_MAX_BYTES) throw tooLarge(where, bytes.length);
  if (bytes.length === 0) throw fail('tree-file', `${where}: not a guesstree tree file (it is empty)`);
  // The structure is checked before anything is decoded (see TREE_MSGPACK_LIMITS).
  const shape = msgpackShapeProblem(bytes, TREE_MSGPACK_LIMITS);
  if (shape !== undefined) throw fail('tree-file', `${where}: not a guesstree tree file (not msgpack: ${shape})`);
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
  if (typeof env.version !== 'number')
    throw fail(
      'tree-file',
      `${where}: corrupt tree file: the version field is ${env.version === undefined ? 'missing' : env.version === null ? 'null' : `a ${typeof env.version}`}, not a number (this tool reads versions ${TREE_FORMAT_VERSION_PLAIN} and ${TREE_FORMAT_VERSION})`,
    );
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
  const bodyShape = msgpackShapeProblem(env.body, TREE_MSGPACK_LIMITS);
  if (bodyShape !== undefined)
    throw fail('tree-file', `${where}: corrupt tree file: body is not msgpack: ${bodyShape}`);
  let body: { header?: unknown; tree?: Record<string, unknown>; words?: unknown };
  try {
    body = unpack(env.body) as typeof body;
  } catch {
    throw fail('tree-file', `${where}: corrupt tree file: body is not msgpack`);
  }
  const header = checkHeader(body?.header, where) as unknown as TreeHeader;
  const t = body.tree;
  if (!t || typeof t !== 'object') throw fail('tree-file', `${where}: corrupt tree file: no tree`);
  const tree = unpackTree(t, where);
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
  return { header, tree, words: unpackWords(body.words, { header, tree }, where) };
}

/**
 * Read and decode a tree file: at most TREE_FILE_MAX_BYTES, a regular file over it refused from
 * its size, a device or FIFO as soon as it passes it (status 4); a file that cannot be read at
 * all (missing, a folder) is an `input` error (status 3).
 */
export function readTreeFile(path: string, options: DecodeOptions = {}): TreeFile {
  const where = escapeControls(path);
  const bytes = readFileCapped(path, TREE_FILE_MAX_BYTES, {
    cannotRead: (e) => fail('input', `${where}: cannot read tree file: ${describeFsError(e, 'read')}`),
    tooLarge: (size) => tooLarge(where, size),
  });
  return decodeTreeFile(bytes, where, options);
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
