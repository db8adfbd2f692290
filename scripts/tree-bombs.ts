/**
 * Hostile tree files, built on the fly (never committed): what the tree-file caps must refuse
 * within their memory bound. Used by `bench:caps` and test/robustness/tree-file-caps.test.ts.
 *
 *   envelope(body)                any bytes as a tree file's body, the checksum right
 *   emptyMapsTree(count)          an envelope with the right checksum whose body is an array
 *                                 of `count` empty maps (one byte each: 20 M of them in 20 MB)
 *   brotliBombTree(base, mib)     a tree that carries words (`base`, its bytes) whose secrets are
 *                                 replaced by `mib` MiB of words brotli-compressed to a few KB
 *   forgedTree(base, edit)        `base` with its header edited and re-encoded (checksum right)
 *   chainTree(base, nodes, words) `base`'s header over a chain of `nodes` nodes (each the only
 *                                 child of the one before): about 10 bytes a node, the most nodes
 *                                 a file of a given size can hold, so the most memory to decode;
 *                                 with `words`, carried as its list (at most 1,000,000 of them)
 */
import { createHash } from 'node:crypto';
import { constants as zlib, createBrotliCompress } from 'node:zlib';
import { pack } from 'msgpackr/pack';
import { unpack } from 'msgpackr/unpack';
import {
  decodeTreeFile,
  encodeTreeFile,
  TREE_FORMAT_VERSION,
  TREE_MAGIC,
  type TreeFile,
} from '../runtime/tree-format.js';
import { listHash } from '../runtime/wordlist.js';

const MiB = 2 ** 20;

/** A tree file's envelope around `body`, whatever it holds, with the right checksum. */
export function envelope(body: Uint8Array, version = TREE_FORMAT_VERSION): Uint8Array {
  return pack({ magic: TREE_MAGIC, version, sha256: createHash('sha256').update(body).digest(), body });
}

/** An envelope (checksum right) around an array of `count` empty maps. */
export function emptyMapsTree(count: number): Uint8Array {
  const body = Buffer.alloc(5 + count, 0x80);
  body[0] = 0xdd;
  body.writeUInt32BE(count, 1);
  return envelope(body);
}

/** `mib` MiB of lowercase words, one a line, brotli-compressed as it is made (never held whole). */
export function brotliWords(mib: number): Promise<Buffer> {
  return new Promise((done, reject) => {
    const chunk = Buffer.from('abcde\n'.repeat(Math.floor(MiB / 6)));
    const total = mib * MiB;
    const c = createBrotliCompress({ params: { [zlib.BROTLI_PARAM_QUALITY]: 1, [zlib.BROTLI_PARAM_LGWIN]: 24 } });
    const out: Buffer[] = [];
    c.on('data', (d: Buffer) => out.push(d));
    c.on('error', reject);
    c.on('end', () => done(Buffer.concat(out)));
    let sent = 0;
    const pump = (): void => {
      while (sent < total) {
        const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += piece.length;
        if (!c.write(piece)) {
          c.once('drain', pump);
          return;
        }
      }
      // A last word, so that the text does not end with an empty line.
      c.end(Buffer.from('z'));
    };
    pump();
  });
}

/** `base` (a tree file that carries words) with its secrets replaced by `mib` MiB of compressed words. */
export async function brotliBombTree(base: Uint8Array, mib: number): Promise<Uint8Array> {
  const env = unpack(base) as { version: number; body: Uint8Array };
  const body = unpack(env.body) as { words?: Record<string, unknown> };
  if (!body.words) throw new Error('brotliBombTree: the base tree carries no words');
  body.words.secrets = await brotliWords(mib);
  return envelope(pack(body), env.version);
}

/** `base` decoded, its header edited (a plain copy), and encoded again: the checksum is right. */
export function forgedTree(base: Uint8Array, edit: (header: Record<string, unknown>) => void): Uint8Array {
  const file = decodeTreeFile(base, 'the base tree');
  const header = structuredClone(file.header) as unknown as Record<string, unknown>;
  edit(header);
  return encodeTreeFile({ ...file, header: header as unknown as TreeFile['header'] });
}

/**
 * `base`'s header over a well-formed chain of `nodes` nodes, every reply 0; with `secrets`, the
 * header's words list is theirs and the file carries them, the guesses cycling through them.
 */
export function chainTree(base: Uint8Array, nodes: number, secrets?: readonly string[]): Uint8Array {
  const file = decodeTreeFile(base, 'the base tree');
  const edgeStart = new Uint32Array(nodes + 1);
  for (let v = 0; v < nodes; v++) edgeStart[v + 1] = Math.min(v + 1, nodes - 1);
  const edgeChild = new Uint32Array(nodes - 1);
  for (let e = 0; e < nodes - 1; e++) edgeChild[e] = e + 1;
  const guess = new Uint32Array(nodes);
  if (secrets) for (let v = 0; v < nodes; v++) guess[v] = v % secrets.length;
  const tree = { guess, edgeStart, edgeCode: new Uint32Array(nodes - 1), edgeChild };
  if (!secrets) return encodeTreeFile({ header: file.header, tree });
  const lists = [{ role: 'words', count: secrets.length, sha256: listHash(secrets) }];
  return encodeTreeFile({ header: { ...file.header, lists }, tree, words: { role: 'words', secrets } });
}

/** The first `count` words of `length` letters in alphabetical order (aaa…a, aaa…b, …). */
export function firstWords(count: number, length: number): string[] {
  const out: string[] = [];
  const letters = new Uint8Array(length).fill(97);
  for (let i = 0; i < count; i++) {
    out.push(String.fromCharCode(...letters));
    for (let k = length - 1; k >= 0 && ++letters[k] > 122; k--) letters[k] = 97;
  }
  return out;
}
