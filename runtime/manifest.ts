/**
 * trees/manifest.json: one entry per shipped tree. The players and the CLI find a tree by
 * game, parameters and list hashes; nothing else is trusted until the file itself is loaded
 * and its header checked. Changes go through updateManifest, under a lock file, so that
 * compiles running at the same time each keep their entry.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFileAtomic } from './atomic-write.js';
import { fail } from './errors.js';
import { withFileLock, type LockOptions } from './file-lock.js';
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
}

/** The shipped trees folder: GUESSTREE_TREES, else `trees/` at the package root. */
export function treesDir(): string {
  const env = process.env.GUESSTREE_TREES;
  if (env) return resolve(env);
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'trees'))) return join(dir, 'trees');
    dir = dirname(dir);
  }
  return join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'trees');
}

export function manifestPath(dir = treesDir()): string {
  return join(dir, 'manifest.json');
}

export function readManifest(dir = treesDir()): Manifest {
  const path = manifestPath(dir);
  if (!existsSync(path)) return { trees: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw fail('manifest', `${path}: not valid JSON (${(e as Error).message})`);
  }
  const m = parsed as Partial<Manifest> | null;
  if (!m || !Array.isArray(m.trees)) throw fail('manifest', `${path}: no "trees" array`);
  return m as Manifest;
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
  game: string,
  params: Readonly<Record<string, ParamValue>>,
  lists: readonly ListRef[],
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
 * older than `staleMs` (default 30 s). Returns the manifest written.
 */
export function updateManifest(
  dir: string,
  change: (m: Manifest) => Manifest,
  opts: Pick<LockOptions, 'staleMs' | 'timeoutMs'> = {},
  afterWrite?: () => void,
): Manifest {
  return withFileLock(
    manifestLockPath(dir),
    () => {
      const next = change(readManifest(dir));
      writeFileAtomic(manifestPath(dir), `${JSON.stringify(next, null, 2)}\n`);
      // Still under the lock: the files the new entries list move into place.
      afterWrite?.();
      return next;
    },
    { ...opts, kind: 'manifest' },
  );
}
