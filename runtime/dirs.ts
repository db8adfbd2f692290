/**
 * Folders the program writes into (checkpoints, trees/): created on demand, checked for
 * writing, and any failure said in one line naming the folder and the reason in words.
 *
 * Folders are created one level at a time rather than with mkdirSync's `recursive`, which on
 * Node 20 loops forever under /proc (mkdir there says ENOENT although the parent exists).
 */
import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fail } from './errors.js';
import { describeFsError, escapeControls } from './messages.js';

/** A failure with its reason already in words. */
class DirProblem extends Error {}

function errnoCode(e: unknown): string | undefined {
  return (e as NodeJS.ErrnoException | null)?.code;
}

/** The missing folders from the outermost in, after checking the deepest existing one is a folder. */
function missingFolders(abs: string): string[] {
  const missing: string[] = [];
  for (let p = abs; ; p = dirname(p)) {
    try {
      const st = statSync(p);
      if (st.isDirectory()) return missing.reverse();
      throw new DirProblem(p === abs ? 'is a file, not a folder' : describeFsError({ code: 'ENOTDIR' }, 'write'));
    } catch (e) {
      if (errnoCode(e) !== 'ENOENT' || dirname(p) === p) throw e;
      missing.push(p);
    }
  }
}

function makeFolder(p: string): void {
  try {
    mkdirSync(p);
  } catch (e) {
    const code = errnoCode(e);
    if (code === 'EEXIST' && statSync(p).isDirectory()) return; // made by another process meanwhile
    if (code === 'EEXIST') throw new DirProblem('is a file, not a folder');
    // The parent exists (it was checked or just made), so ENOENT means this file system refuses it.
    if (code === 'ENOENT') throw new DirProblem('a folder cannot be created there');
    throw e;
  }
}

/**
 * Make sure `path` is a folder this process can write into, creating it and its parents as
 * needed. `what` names it in the message: `--checkpoint: /x/f/y: a part of the path is a
 * file, not a folder`. Throws a one-line `usage` error.
 */
export function ensureWritableDir(path: string, what: string): void {
  if (path === '') throw fail('usage', `${what}: "": not a folder name`);
  try {
    const abs = resolve(path);
    for (const p of missingFolders(abs)) makeFolder(p);
    accessSync(abs, constants.W_OK | constants.X_OK);
  } catch (e) {
    const reason = e instanceof DirProblem ? e.message : describeFsError(e, 'write');
    throw fail('usage', `${what}: ${escapeControls(path)}: ${reason}`);
  }
}
