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
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
// The subpath entries load msgpackr's plain JS build, without probing for its native addon:
// much faster to start, which the pit player needs.
import { pack } from 'msgpackr/pack';
import { unpack } from 'msgpackr/unpack';
import { fail } from './errors.js';
import { describeFsError, escapeControls } from './messages.js';
import { checkHeader } from './tree-check.js';

export const TREE_MAGIC = 'guesstree-tree';
export const TREE_FORMAT_VERSION = 1;

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

export interface TreeArrays {
  readonly guess: Uint32Array;
  readonly edgeStart: Uint32Array;
  readonly edgeCode: Uint32Array;
  readonly edgeChild: Uint32Array;
}

export interface TreeFile {
  readonly header: TreeHeader;
  readonly tree: TreeArrays;
}

interface PackedArray {
  w: number;
  n: number;
  b: Uint8Array;
}

function packArray(a: Uint32Array): PackedArray {
  let max = 0;
  for (let i = 0; i < a.length; i++) if ((a[i] as number) > max) max = a[i] as number;
  const w = max < 0x100 ? 1 : max < 0x10000 ? 2 : 4;
  const b = new Uint8Array(a.length * w);
  const dv = new DataView(b.buffer);
  for (let i = 0; i < a.length; i++) {
    const v = a[i] as number;
    if (w === 1) b[i] = v;
    else if (w === 2) dv.setUint16(i * 2, v, true);
    else dv.setUint32(i * 4, v, true);
  }
  return { w, n: a.length, b };
}

function unpackArray(p: unknown, name: string, where: string): Uint32Array {
  const o = p as Partial<PackedArray> | null;
  if (!o || typeof o !== 'object' || typeof o.w !== 'number' || typeof o.n !== 'number' || !(o.b instanceof Uint8Array)) {
    throw fail('tree-file', `${where}: corrupt tree file: array ${name} is malformed`);
  }
  const { w, n, b } = o as PackedArray;
  if ((w !== 1 && w !== 2 && w !== 4) || !Number.isInteger(n) || n < 0 || b.length !== n * w) {
    throw fail('tree-file', `${where}: corrupt tree file: array ${name} has a bad size`);
  }
  const out = new Uint32Array(n);
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  for (let i = 0; i < n; i++) out[i] = w === 1 ? (b[i] as number) : w === 2 ? dv.getUint16(i * 2, true) : dv.getUint32(i * 4, true);
  return out;
}

/** Encode a tree file. Deterministic: same header and arrays give the same bytes. */
export function encodeTreeFile(file: TreeFile): Uint8Array {
  const body = pack({
    header: file.header,
    tree: {
      guess: packArray(file.tree.guess),
      edgeStart: packArray(file.tree.edgeStart),
      edgeCode: packArray(file.tree.edgeCode),
      edgeChild: packArray(file.tree.edgeChild),
    },
  });
  const sha256 = createHash('sha256').update(body).digest();
  return pack({ magic: TREE_MAGIC, version: TREE_FORMAT_VERSION, sha256, body });
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
    if (guessLimit !== undefined && (guess[v] as number) >= guessLimit) throw bad(`node ${v} guesses ${guess[v]}, past the end of the list`);
    const a = edgeStart[v] as number;
    const b = edgeStart[v + 1] as number;
    if (b < a) throw bad(`node ${v} has a negative edge count`);
    if (b > edgeCode.length) throw bad(`node ${v} has edges past the end of the edge arrays`);
    for (let e = a; e < b; e++) {
      const c = edgeChild[e] as number;
      if (c <= v || c >= nodes) throw bad(`edge ${e} of node ${v} points to node ${c}`);
      if (reached[c]) throw bad(`node ${c} has two parents`);
      reached[c] = 1;
      if (e > a && (edgeCode[e] as number) <= (edgeCode[e - 1] as number)) throw bad(`edges of node ${v} are not in ascending order`);
      if (codeLimit !== undefined && (edgeCode[e] as number) >= codeLimit) throw bad(`edge ${e} has feedback ${edgeCode[e]}, out of range`);
    }
  }
  for (let v = 1; v < nodes; v++) if (!reached[v]) throw bad(`node ${v} is unreachable`);
}

/** Decode and check a tree file's bytes. `where` names the file in errors. */
export function decodeTreeFile(bytes: Uint8Array, where: string): TreeFile {
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
  if (env.version !== TREE_FORMAT_VERSION) {
    throw fail('tree-file', `${where}: tree format version ${String(env.version)} is not supported (this tool reads version ${TREE_FORMAT_VERSION})`);
  }
  if (!(env.body instanceof Uint8Array) || !(env.sha256 instanceof Uint8Array)) {
    throw fail('tree-file', `${where}: corrupt tree file: envelope fields missing`);
  }
  const digest = createHash('sha256').update(env.body).digest();
  if (!digest.equals(env.sha256)) throw fail('tree-file', `${where}: corrupt tree file: checksum mismatch`);
  let body: { header?: unknown; tree?: Record<string, unknown> };
  try {
    body = unpack(env.body) as typeof body;
  } catch {
    throw fail('tree-file', `${where}: corrupt tree file: body is not msgpack`);
  }
  const header = checkHeader(body?.header, where) as unknown as TreeHeader;
  const t = body.tree;
  if (!t || typeof t !== 'object') throw fail('tree-file', `${where}: corrupt tree file: no tree`);
  const tree: TreeArrays = {
    guess: unpackArray(t['guess'], 'guess', where),
    edgeStart: unpackArray(t['edgeStart'], 'edgeStart', where),
    edgeCode: unpackArray(t['edgeCode'], 'edgeCode', where),
    edgeChild: unpackArray(t['edgeChild'], 'edgeChild', where),
  };
  checkTreeStructure(tree, where);
  return { header, tree };
}

export function readTreeFile(path: string): TreeFile {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch (e) {
    throw fail('input', `${escapeControls(path)}: cannot read tree file: ${describeFsError(e, 'read')}`);
  }
  return decodeTreeFile(bytes, path);
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
    if (h.params[k] !== v) throw fail('tree-file', `${where}: tree parameter ${k} is ${escapeControls(String(h.params[k]))}, expected ${String(v)}`);
  }
  for (const want of expected.lists ?? []) {
    const have = h.lists.find((l) => l.role === want.role);
    if (!have) throw fail('tree-file', `${where}: tree has no ${want.role} list`);
    if (have.sha256 !== want.sha256 || have.count !== want.count) {
      throw fail('tree-file', `${where}: tree was compiled for another ${want.role} list (sha256 ${have.sha256.slice(0, 12)}…, ${have.count} words; this list: ${want.sha256.slice(0, 12)}…, ${want.count} words)`);
    }
  }
}
