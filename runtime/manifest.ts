/**
 * trees/manifest.json: one entry per shipped tree. The players and the CLI find a tree by
 * game, parameters and list hashes; nothing else is trusted until the file itself is loaded
 * and its header checked. Changes go through updateManifest, under a lock file, so that
 * compiles running at the same time each keep their entry. Trees are looked up in the user's
 * folder (GUESSTREE_TREES, else ./trees), then among the trees the package ships; compiles
 * write only into the user's folder, so an installed package never writes into its own.
 */
import { existsSync, realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFileAtomic } from './atomic-write.js';
import { readBounded } from './bounded-read.js';
import { fail, isGuesstreeError } from './errors.js';
import { withFileLock, type LockOptions } from './file-lock.js';
import { describeFsError, escapeControls, groupDigits, safeText } from './messages.js';
import { count, type FieldSchema, HEADER_SCHEMA, object, record, sha256Hex } from './tree-check.js';
import type { ListRef, ParamValue, TreeHeader } from './tree-format.js';

/** A manifest entry: the tree's header, plus where the file is and how it was made. */
export interface ManifestEntry extends TreeHeader {
  readonly file: string;
  readonly bytes: number;
  readonly sha256: string;
  /** Wall time of the compile that produced the file (informational). */
  readonly compileSeconds?: number;
  /** Peak resident memory of the compiling process, MiB (informational). */
  readonly compilePeakMiB?: number;
  /** Cores of the machine that compiled it (informational). */
  readonly compileCores?: number;
  /** Other renderings of the tree shipped beside it, by kind (Mastermind: `contest`, the contest string). */
  readonly companions?: Readonly<Record<string, string>>;
}

export interface Manifest {
  readonly trees: ManifestEntry[];
  /**
   * Entries that failed the schema, as read: skipped by every reader (one line each on stderr),
   * written back unchanged when the manifest is rewritten (guesstree never edits what it cannot read).
   */
  readonly invalid?: readonly unknown[];
}

/** The largest manifest read (the shipped one is about 50 KB): larger is refused in one line. */
export const MANIFEST_MAX_BYTES = 16 * 2 ** 20;

/** A file name alone, inside the trees folder: no separator, not `.` or `..`, no control character. */
const PLAIN_NAME = 'a plain file name in the trees folder (no /, no .., no control characters)';
const plainFileName: FieldSchema = {
  expected: PLAIN_NAME,
  check(v, path) {
    const ok =
      typeof v === 'string' &&
      v.length > 0 &&
      v.length <= 255 &&
      !/[/\\]/.test(v) &&
      v !== '.' &&
      v !== '..' &&
      escapeControls(v) === v;
    return ok ? undefined : { path, expected: PLAIN_NAME };
  },
};

const informational: FieldSchema = {
  expected: 'a number of at least 0',
  check: (v, path) =>
    typeof v === 'number' && Number.isFinite(v) && v >= 0 ? undefined : { path, expected: 'a number of at least 0' },
};

/** A manifest entry: the tree header's fields (checked as a tree file's are), where the file is, how it was made. */
const ENTRY_SCHEMA = object(
  { ...HEADER_SCHEMA.fields, file: plainFileName, bytes: count, sha256: sha256Hex },
  {
    ...HEADER_SCHEMA.optional,
    compileSeconds: informational,
    compilePeakMiB: informational,
    compileCores: informational,
    companions: record(plainFileName),
  },
);

/** Lines already said by this process (a compile reads the manifest more than once). */
const said = new Set<string>();

function sayOnce(line: string, warn: (line: string) => void): void {
  if (said.has(line)) return;
  said.add(line);
  warn(line);
}

/**
 * The user's trees folder, where compiles write: GUESSTREE_TREES, else `trees/` in the working
 * directory (in a clone, run from its root, that is the clone's own trees/).
 */
export function treesDir(): string {
  const env = process.env.GUESSTREE_TREES;
  return resolve(env ? env : 'trees');
}

/** The trees that ship with guesstree: `trees/` at the package's root (only read, never written, when installed). */
export function shippedTreesDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'trees'))) return join(dir, 'trees');
    dir = dirname(dir);
  }
  return join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'trees');
}

function realFolder(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return resolve(dir);
  }
}

/** Where trees are looked up, in order: the user's folder, then the shipped trees (once when they are one folder). */
export function treesDirs(): string[] {
  const user = treesDir();
  const shipped = shippedTreesDir();
  return realFolder(user) === realFolder(shipped) ? [user] : [user, shipped];
}

/** A tree the manifest of `dir` lists, and the file's path. */
export interface FoundTree {
  readonly entry: ManifestEntry;
  readonly dir: string;
  readonly path: string;
}

/** The tree for exactly this game, parameters and lists: in the user's trees folder first, then among the shipped ones. */
export function findTree(
  key: Pick<ManifestEntry, 'game' | 'params' | 'lists'>,
  warn?: (line: string) => void,
): FoundTree | undefined {
  for (const dir of treesDirs()) {
    const entry = findEntry(readManifest(dir, warn), key);
    if (entry) return { entry, dir, path: join(dir, entry.file) };
  }
  return undefined;
}

export function manifestPath(dir = treesDir()): string {
  return join(dir, 'manifest.json');
}

/**
 * The manifest of `dir`, checked: a file too large, unreadable or not JSON, or without a `trees`
 * array, is one `manifest` error (status 4); each entry that fails the schema (a `file` outside
 * the folder, a missing objective, wrong types) is skipped with one line on `warn`, and the others
 * are used. A missing manifest is an empty one.
 */
export function readManifest(
  dir = treesDir(),
  warn: (line: string) => void = (line) => process.stderr.write(`guesstree: ${line}\n`),
): Manifest {
  const path = manifestPath(dir);
  const where = escapeControls(path);
  if (!existsSync(path)) return { trees: [] };
  let text: string;
  try {
    const r = readBounded(path, MANIFEST_MAX_BYTES);
    if (r.bytes === undefined)
      throw fail(
        'manifest',
        `${where}: ${groupDigits(r.tooLarge)} bytes, over the limit of ${groupDigits(MANIFEST_MAX_BYTES)} for a manifest`,
      );
    text = r.bytes.toString('utf8');
  } catch (e) {
    if (isGuesstreeError(e)) throw e;
    throw fail('manifest', `${where}: cannot read the manifest: ${describeFsError(e, 'read')}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw fail('manifest', `${where}: not valid JSON (${safeText((e as Error).message, 100).slice(1, -1)})`);
  }
  const m = parsed as { trees?: unknown } | null;
  if (typeof m !== 'object' || m === null || !Array.isArray(m.trees))
    throw fail('manifest', `${where}: no "trees" array`);
  const trees: ManifestEntry[] = [];
  const invalid: unknown[] = [];
  m.trees.forEach((e: unknown, i: number) => {
    const r = ENTRY_SCHEMA.check(e, '');
    if (!r) {
      trees.push(e as ManifestEntry);
      return;
    }
    invalid.push(e);
    const file = (e as { file?: unknown } | null)?.file;
    const named = typeof file === 'string' ? ` (file ${safeText(file, 60)})` : '';
    const what = r.path === '' ? `not ${r.expected}` : `field ${r.path}: expected ${r.expected}`;
    sayOnce(`${where}: entry ${i + 1}${named}: ${what}; skipped`, warn);
  });
  return invalid.length ? { trees, invalid } : { trees };
}

function sameParams(a: Readonly<Record<string, ParamValue>>, b: Readonly<Record<string, ParamValue>>): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => a[k] === b[k]);
}

function sameLists(a: readonly ListRef[], b: readonly ListRef[]): boolean {
  return (
    a.length === b.length &&
    a.every((l) => b.some((m) => m.role === l.role && m.sha256 === l.sha256 && m.count === l.count))
  );
}

/** The entry for exactly this game, parameters and lists, if one is shipped. */
export function findEntry(
  manifest: Manifest,
  { game, params, lists }: Pick<ManifestEntry, 'game' | 'params' | 'lists'>,
): ManifestEntry | undefined {
  return manifest.trees.find((e) => e.game === game && sameParams(e.params, params) && sameLists(e.lists, lists));
}

/** The key that identifies an entry: a new compile with the same key replaces it. */
export function entryKey(e: Pick<ManifestEntry, 'game' | 'params' | 'lists'>): string {
  const params = Object.keys(e.params)
    .sort()
    .map((k) => `${k}=${String(e.params[k])}`)
    .join(',');
  const lists = [...e.lists]
    .sort((a, b) => (a.role < b.role ? -1 : 1))
    .map((l) => `${l.role}:${l.sha256}`)
    .join(',');
  return `${e.game}|${params}|${lists}`;
}

/** `manifest` with `entry` in place of any entry of the same key, sorted by file name. */
export function withEntry(manifest: Manifest, entry: ManifestEntry): Manifest {
  const key = entryKey(entry);
  const trees = manifest.trees.filter((e) => entryKey(e) !== key);
  trees.push(entry);
  trees.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { trees };
}

export function manifestLockPath(dir = treesDir()): string {
  return `${manifestPath(dir)}.lock`;
}

/**
 * Read, change and write `dir`/manifest.json under an exclusive lock (manifest.json.lock): the
 * manifest is read inside the lock, so a change made by another process meanwhile is kept.
 * Waits for the lock up to `timeoutMs` (default 60 s), breaks one left by a dead process or
 * older than `staleMs` (default 30 s). `afterWrite` runs after the write, still under the lock.
 * Returns the manifest written.
 */
export function updateManifest(
  dir: string,
  change: (m: Manifest) => Manifest,
  { afterWrite, ...opts }: Pick<LockOptions, 'staleMs' | 'timeoutMs'> & { readonly afterWrite?: () => void } = {},
): Manifest {
  return withFileLock(
    manifestLockPath(dir),
    () => {
      const read = readManifest(dir);
      const next = change(read);
      // Entries guesstree cannot read are kept as they were, after the others.
      const trees = [...next.trees, ...(read.invalid ?? [])];
      writeFileAtomic(manifestPath(dir), `${JSON.stringify({ trees }, null, 2)}\n`);
      // Still under the lock: the files the new entries list move into place.
      afterWrite?.();
      return next;
    },
    { ...opts, kind: 'manifest' },
  );
}
