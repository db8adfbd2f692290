/**
 * Checkpoints of a long compile: each finished batch of reply groups is saved as its own file
 * (written atomically) in the checkpoint folder, with a fingerprint of everything the batch
 * depends on. `--resume` reloads the batches whose fingerprint matches and solves only the
 * rest; since every group's solution is a pure function of the group, the tree is the same.
 *
 * Nothing read back is trusted:
 *   - the folder holds `checkpoint.json`, the compile's identity (game, parameters, list
 *     hashes, effort and search options, tool and format version) and its SHA-256: `--resume`
 *     with a folder of another compile, or of a guesstree before this format, is refused in one
 *     line (status 4) naming the file; a damaged `checkpoint.json` is written again;
 *   - a batch file is `GUESSTREE-CKPT`, the format version (2 bytes), the SHA-256 of its body and
 *     the body (msgpack, carrying the identity's fingerprint and its index), read within a cap:
 *     a file that is damaged, truncated, over the cap or of another compile is solved again, with
 *     one note on stderr, so a resumed compile gives the same bytes as a clean one.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pack } from 'msgpackr/pack';
import { unpack } from 'msgpackr/unpack';
import { writeFileAtomic } from '../../runtime/atomic-write.js';
import { readBounded } from '../../runtime/bounded-read.js';
import { fail } from '../../runtime/errors.js';
import { describeFsError, escapeControls, groupDigits, safeText } from '../../runtime/messages.js';
import { checkTreeStructure, type ParamValue, type TreeArrays } from '../../runtime/tree-format.js';
import type { SolvedSet } from './messages.js';

export interface CheckpointOptions {
  readonly dir: string;
  readonly resume: boolean;
  /**
   * The compile's fingerprint (`openCheckpointFolder`): every batch carries it, so a batch of
   * another game, list or setting is never used. Absent: the batch's own fingerprint alone.
   */
  readonly identity?: string | undefined;
  /** Where a note goes (a damaged batch solved again); default: stderr. */
  readonly note?: ((line: string) => void) | undefined;
}

/** The batch files' format: bump when the body changes; files of another version are solved again. */
export const CHECKPOINT_FORMAT_VERSION = 2;
/** A batch file's first bytes, then the version (uint16, little-endian) and the body's SHA-256. */
const MAGIC = Buffer.from('GUESSTREE-CKPT', 'latin1');
const HEAD_BYTES = MAGIC.length + 2 + 32;
/**
 * The largest batch file read back (a batch holds the trees of at most a few thousand secrets,
 * a root candidate one subtree: a few MiB); a larger one is damaged and solved again.
 */
export const CHECKPOINT_FILE_MAX_BYTES = 64 * 2 ** 20;
/** The folder's record of the compile it belongs to. */
export const CHECKPOINT_INFO_FILE = 'checkpoint.json';
const INFO_MAX_BYTES = 2 ** 20;
const INFO_FORMAT = 'guesstree-checkpoint';

export function fingerprint(parts: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(parts, (_k, v: unknown) => (ArrayBuffer.isView(v) ? Array.from(v as Uint32Array) : v)))
    .digest('hex');
}

const bytesOf = (a: Uint32Array): Uint8Array => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
// A copy into a fresh buffer: msgpackr may hand out views into a larger shared buffer.
const arrayOf = (b: Uint8Array): Uint32Array => {
  const copy = new Uint8Array(b.byteLength);
  copy.set(b);
  return new Uint32Array(copy.buffer);
};

function batchFile(dir: string, prefix: string, index: number): string {
  return join(dir, `${prefix}batch-${String(index).padStart(6, '0')}.bin`);
}

const BATCH_FILE = /batch-\d+\.bin$/;

/** A batch file's bytes: the header (magic, version, the body's SHA-256), then the body. */
export function encodeCheckpointFile(body: Uint8Array): Buffer {
  const head = Buffer.alloc(HEAD_BYTES);
  MAGIC.copy(head, 0);
  head.writeUInt16LE(CHECKPOINT_FORMAT_VERSION, MAGIC.length);
  createHash('sha256')
    .update(body)
    .digest()
    .copy(head, MAGIC.length + 2);
  return Buffer.concat([head, body]);
}

/** The body of a batch file's bytes, or why they cannot be used (damaged, truncated, another format). */
export function decodeCheckpointFile(bytes: Uint8Array): { readonly body: Uint8Array } | { readonly problem: string } {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length < HEAD_BYTES || !b.subarray(0, MAGIC.length).equals(MAGIC))
    return { problem: 'not a checkpoint file of this format (damaged, or written by an older guesstree)' };
  const version = b.readUInt16LE(MAGIC.length);
  if (version !== CHECKPOINT_FORMAT_VERSION)
    return { problem: `checkpoint format ${version}, this guesstree writes format ${CHECKPOINT_FORMAT_VERSION}` };
  const body = b.subarray(HEAD_BYTES);
  const sum = createHash('sha256').update(body).digest();
  if (!sum.equals(b.subarray(MAGIC.length + 2, HEAD_BYTES)))
    return { problem: 'damaged (its checksum does not match)' };
  return { body };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !ArrayBuffer.isView(v);
}

/** A saved solved set, checked field by field and as a tree; null when it is not one. */
function solvedSetOf(r: unknown, where: string): SolvedSet | null {
  if (!isRecord(r)) return null;
  const { cost, depth } = r;
  if (typeof cost !== 'number' || Number.isNaN(cost) || typeof depth !== 'number' || !Number.isSafeInteger(depth))
    return null;
  const arrays = [r.guess, r.edgeStart, r.edgeCode, r.edgeChild];
  if (!arrays.every((a) => a instanceof Uint8Array && a.byteLength % 4 === 0)) return null;
  const [guess, edgeStart, edgeCode, edgeChild] = (arrays as Uint8Array[]).map(arrayOf) as [
    Uint32Array,
    Uint32Array,
    Uint32Array,
    Uint32Array,
  ];
  const tree: TreeArrays = { guess, edgeStart, edgeCode, edgeChild };
  try {
    checkTreeStructure(tree, where);
  } catch {
    return null;
  }
  return { cost, depth, tree };
}

export class Checkpoint {
  private readonly dir: string;
  private readonly print: string;
  private readonly prefix: string;
  private readonly note: (line: string) => void;

  /** `prefix` tells apart the phases of one compile (the pilot's batches from the full search's). */
  constructor(opts: CheckpointOptions, print: string, prefix = '') {
    this.dir = opts.dir;
    this.print = opts.identity === undefined ? print : fingerprint([opts.identity, print]);
    this.prefix = prefix;
    this.note = opts.note ?? ((line) => process.stderr.write(`${line}\n`));
    if (!existsSync(opts.dir)) mkdirSync(opts.dir, { recursive: true });
    if (!opts.resume) {
      const own = new RegExp(`^${prefix}batch-\\d+\\.bin$`);
      const stale = readdirSync(opts.dir).filter((f) => own.test(f));
      if (stale.length > 0) {
        throw fail(
          'usage',
          `${escapeControls(opts.dir)}: holds ${stale.length} checkpoint files of an earlier compile; pass --resume to use them or choose an empty folder`,
        );
      }
    }
  }

  private write(index: number, payload: Record<string, unknown>): void {
    const body = pack({ fingerprint: this.print, index, ...payload });
    writeFileAtomic(batchFile(this.dir, this.prefix, index), encodeCheckpointFile(body));
  }

  /**
   * The saved body of `index`, checked (format, checksum, this compile's fingerprint, its index);
   * null when absent, and also, with a note, when it cannot be used.
   */
  private read(index: number): Record<string, unknown> | null {
    const path = batchFile(this.dir, this.prefix, index);
    if (!existsSync(path)) return null;
    const skip = (why: string): null => {
      this.note(`guesstree: note: ${escapeControls(path)}: ${why}; solving it again`);
      return null;
    };
    let bytes: Uint8Array;
    try {
      const r = readBounded(path, CHECKPOINT_FILE_MAX_BYTES);
      if (r.bytes === undefined)
        return skip(
          `${groupDigits(r.tooLarge)} bytes, over the ${groupDigits(CHECKPOINT_FILE_MAX_BYTES)} a checkpoint file may have`,
        );
      bytes = r.bytes;
    } catch (e) {
      return skip(`cannot read it: ${describeFsError(e, 'read')}`);
    }
    const file = decodeCheckpointFile(bytes);
    if ('problem' in file) return skip(file.problem);
    let data: unknown;
    try {
      data = unpack(file.body);
    } catch {
      return skip('damaged (its body is not readable)');
    }
    if (!isRecord(data) || data.fingerprint !== this.print || data.index !== index)
      return skip('from another compile (another game, list, setting or guesstree version)');
    return data;
  }

  save(index: number, results: ReadonlyArray<SolvedSet | null>): void {
    this.write(index, {
      results: results.map((r) =>
        r === null
          ? null
          : {
              cost: r.cost,
              depth: r.depth,
              guess: bytesOf(r.tree.guess),
              edgeStart: bytesOf(r.tree.edgeStart),
              edgeCode: bytesOf(r.tree.edgeCode),
              edgeChild: bytesOf(r.tree.edgeChild),
            },
      ),
    });
  }

  /** Save one root candidate's outcome (budgeted root): its exact tree, or the least key proven for it. */
  saveOutcome(index: number, outcome: { readonly tree: SolvedSet } | { readonly atLeast: number }): void {
    if ('tree' in outcome) this.save(index, [outcome.tree]);
    else this.write(index, { atLeast: outcome.atLeast, results: [] });
  }

  /** A root candidate's saved outcome, or null when absent, damaged or from another compile. */
  loadOutcome(index: number): { readonly tree: SolvedSet } | { readonly atLeast: number } | null {
    const data = this.read(index);
    if (!data) return null;
    if (typeof data.atLeast === 'number' && !Number.isNaN(data.atLeast)) return { atLeast: data.atLeast };
    const results = this.resultsOf(data, index, 1);
    return results?.[0] ? { tree: results[0] } : null;
  }

  /** Save a module task's value (plain data) under its index. */
  saveValue(index: number, value: unknown): void {
    this.write(index, { value });
  }

  /** The indices saved under this checkpoint's prefix, ascending (whatever their fingerprint). */
  indices(): number[] {
    const own = new RegExp(`^${this.prefix}batch-(\\d+)\\.bin$`);
    const out: number[] = [];
    for (const f of readdirSync(this.dir)) {
      const m = own.exec(f);
      if (m) out.push(Number(m[1]));
    }
    return out.sort((a, b) => a - b);
  }

  /** A module task's saved value, or undefined when absent, damaged or from another compile. */
  loadValue(index: number): unknown {
    const data = this.read(index);
    return data && 'value' in data ? data.value : undefined;
  }

  /** The saved results of a batch, or null when absent, damaged or from another compile. */
  load(index: number, expectedSets: number): Array<SolvedSet | null> | null {
    const data = this.read(index);
    return data ? this.resultsOf(data, index, expectedSets) : null;
  }

  private resultsOf(
    data: Record<string, unknown>,
    index: number,
    expectedSets: number,
  ): Array<SolvedSet | null> | null {
    const path = batchFile(this.dir, this.prefix, index);
    const skip = (why: string): null => {
      this.note(`guesstree: note: ${escapeControls(path)}: ${why}; solving it again`);
      return null;
    };
    const results = data.results;
    if (!Array.isArray(results) || results.length !== expectedSets)
      return skip(
        `holds ${Array.isArray(results) ? results.length : 'no'} results, this batch has ${expectedSets} sets`,
      );
    const out: Array<SolvedSet | null> = [];
    for (const r of results) {
      if (r === null) {
        out.push(null);
        continue;
      }
      const set = solvedSetOf(r, path);
      if (!set) return skip('holds a result that is not a tree');
      out.push(set);
    }
    return out;
  }
}

/** What a checkpoint folder belongs to: a compile's game, parameters, lists, effort and search options. */
export interface CheckpointIdentity {
  readonly game: string;
  readonly params: Readonly<Record<string, ParamValue>>;
  readonly lists: ReadonlyArray<{ readonly role: string; readonly count: number; readonly sha256: string }>;
  readonly effort: string;
  /** The game's options that change the search (files are named by the lists' hashes instead). */
  readonly options: Readonly<Record<string, ParamValue>>;
  readonly tool: string;
}

interface InfoFile {
  readonly format: string;
  readonly version: number;
  readonly compile: CheckpointIdentity;
  readonly sha256: string;
}

/** The identity in a few words, part by part: game, lists, search, tool. */
function identityParts(id: CheckpointIdentity): string[] {
  const params = Object.entries(isRecord(id.params) ? id.params : {})
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(' ');
  const options = Object.entries(isRecord(id.options) ? id.options : {})
    .map(([k, v]) => `--${k}${v === true ? '' : ` ${String(v)}`}`)
    .join(' ');
  const lists = (Array.isArray(id.lists) ? id.lists : [])
    .map((l) => `${String(l?.role)} ${String(l?.sha256).slice(0, 12)}`)
    .join(', ');
  return [
    `game ${String(id.game)}${params ? ` ${params}` : ''}`,
    `lists ${lists || 'none'}`,
    `effort ${String(id.effort)}${options ? ` ${options}` : ''}`,
    `guesstree ${String(id.tool)}`,
  ];
}

/** How the folder's compile differs from this one: `effort quick there, effort greedy here`. */
function describeDifference(there: CheckpointIdentity, here: CheckpointIdentity): string {
  const a = identityParts(there);
  const b = identityParts(here);
  const diff = a.map((p, i) => (p === b[i] ? '' : `${p} there, ${b[i]} here`)).filter(Boolean);
  return safeText(diff.join('; ') || 'its record differs', 200).slice(1, -1);
}

/** The info file's compile and whether its checksum holds; null when it is not one (damaged). */
function readInfo(path: string): { readonly compile: CheckpointIdentity; readonly print: string } | string {
  let bytes: Buffer;
  try {
    const r = readBounded(path, INFO_MAX_BYTES);
    if (r.bytes === undefined) return `${groupDigits(r.tooLarge)} bytes, more than it may have`;
    bytes = r.bytes;
  } catch (e) {
    return `cannot read it: ${describeFsError(e, 'read')}`;
  }
  let v: unknown;
  try {
    v = JSON.parse(bytes.toString('utf8'));
  } catch {
    return 'damaged (not JSON)';
  }
  if (!isRecord(v) || v.format !== INFO_FORMAT || !isRecord(v.compile) || typeof v.sha256 !== 'string')
    return 'damaged (not a checkpoint record)';
  if (v.version !== CHECKPOINT_FORMAT_VERSION)
    return `checkpoint format ${safeText(String(v.version), 20)}, this guesstree writes format ${CHECKPOINT_FORMAT_VERSION}`;
  const print = fingerprint(v.compile);
  if (print !== v.sha256) return 'damaged (its checksum does not match)';
  return { compile: v.compile as unknown as CheckpointIdentity, print };
}

/**
 * Open a compile's checkpoint folder: without `resume`, a folder holding batch files is refused
 * (usage); with it, a folder of another compile or of an older guesstree is refused in one line
 * naming the file (status 4). The folder's `checkpoint.json` then records this compile.
 * Returns the options every Checkpoint of the compile takes.
 */
export function openCheckpointFolder(
  identity: CheckpointIdentity,
  {
    dir,
    resume,
    note = (line) => process.stderr.write(`${line}\n`),
  }: { readonly dir: string; readonly resume: boolean; readonly note?: (line: string) => void },
): CheckpointOptions {
  const print = fingerprint(identity);
  const where = escapeControls(dir);
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
  const batches = readdirSync(dir).filter((f) => BATCH_FILE.test(f));
  const infoPath = join(dir, CHECKPOINT_INFO_FILE);
  if (!resume && batches.length > 0)
    throw fail(
      'usage',
      `${where}: holds ${batches.length} checkpoint files of an earlier compile; pass --resume to use them or choose an empty folder`,
    );
  // A folder without batch files holds nothing to resume (or to protect): it becomes this compile's.
  if (resume && batches.length > 0 && existsSync(infoPath)) {
    const info = readInfo(infoPath);
    if (typeof info === 'string') {
      note(
        `guesstree: note: ${escapeControls(infoPath)}: ${info}; written again, and each checkpoint file is checked on its own`,
      );
    } else if (info.print !== print) {
      throw fail(
        'checkpoint',
        `${escapeControls(infoPath)}: the checkpoint of another compile (${describeDifference(info.compile, identity)}); choose another folder or empty this one`,
      );
    }
  } else if (resume && batches.length > 0) {
    // Batch files, and no record of whose they are.
    throw fail(
      'checkpoint',
      `${escapeControls(infoPath)}: missing, so the ${batches.length} checkpoint files in ${where} cannot be checked (written by an older guesstree?); choose another folder or empty this one`,
    );
  }
  const info: InfoFile = { format: INFO_FORMAT, version: CHECKPOINT_FORMAT_VERSION, compile: identity, sha256: print };
  writeFileAtomic(infoPath, `${JSON.stringify(info, null, 2)}\n`);
  return { dir, resume, identity: print, note };
}
