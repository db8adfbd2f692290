/**
 * What a queue worker checks of a job before it runs it: a job comes from Redis, which anyone
 * who can write to it may have filled. The compile's input (its game module, game and search
 * settings) is checked once per compile with the module's `checkJob`, whose numbers go through
 * the compile's own option checks (`gameOptionsOf`, `checkCompile`), so a worker refuses what
 * `compile` refuses; a game module file is loaded only from the folders the worker was started
 * with (`--games DIR`, GUESSTREE_GAMES) and within the caps of the files compile reads. Every
 * refusal is one line naming the field or the file as the job gave it, never anything read
 * from another file.
 */
import { isAbsolute, relative, resolve } from 'node:path';
import { realpathSync, statSync } from 'node:fs';
import { fail } from '../../runtime/errors.js';
import { describeFsError, escapeControls, groupDigits, safeText } from '../../runtime/messages.js';
import { WORD_LIST_MAX_BYTES } from '../../runtime/wordlist.js';
import { GAMES } from '../games/registry.js';
import { gameOptionsOf } from './options.js';

/** The environment variable of the game folders, separated by ':' (as PATH). */
export const GAMES_ENV = 'GUESSTREE_GAMES';
/** A game module file is an input file like a list: the same cap. */
export const GAME_FILE_MAX_BYTES = WORD_LIST_MAX_BYTES;
/** The largest compile input a worker fetches (a Wordle table and its lists fit many times over). */
export const JOB_INPUT_MAX_BYTES = 256 * 2 ** 20;

/**
 * The folders a worker loads game module files from: `--games DIR` (repeatable) and the ones in
 * GUESSTREE_GAMES, each an existing folder, as real paths. A bad one is a usage error at start.
 */
export function gameFolders(given: unknown, env: NodeJS.ProcessEnv = process.env): string[] {
  const list = [given]
    .flat()
    .filter((v) => v !== undefined)
    .map(String);
  const fromEnv = (env[GAMES_ENV] ?? '').split(':').filter((p) => p.trim() !== '');
  const out: string[] = [];
  for (const [dir, origin] of [
    ...list.map((d) => [d, '--games'] as const),
    ...fromEnv.map((d) => [d, GAMES_ENV] as const),
  ]) {
    const where = `${origin} ${escapeControls(dir)}`;
    if (dir.trim() === '') throw fail('usage', `${origin} "": expected a folder`);
    let real: string;
    try {
      real = realpathSync(resolve(dir));
    } catch (e) {
      throw fail('usage', `${where}: ${describeFsError(e, 'read')}`);
    }
    if (!statSync(real).isDirectory()) throw fail('usage', `${where}: not a folder`);
    out.push(real);
  }
  return out;
}

/** A module file a job names: inside one of `folders`, a regular file within the cap. Throws one `worker` line. */
export function checkGameFile(path: unknown, folders: readonly string[]): void {
  if (typeof path !== 'string' || !isAbsolute(path))
    throw fail('worker', "the job's game module file: expected an absolute path");
  const named = safeText(path, 120);
  if (folders.length === 0)
    throw fail(
      'worker',
      `this worker loads no game module files (the job names ${named}); start it with --games DIR, the folder that holds it`,
    );
  let real: string;
  try {
    real = realpathSync(path);
  } catch (e) {
    throw fail(
      'worker',
      `this worker has no ${named} (${describeFsError(e, 'read')}); copy the game's module file to the same path, in a --games folder`,
    );
  }
  const within = (p: string): boolean =>
    folders.some((f) => {
      const rel = relative(f, p);
      return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
    });
  if (!within(real))
    throw fail(
      'worker',
      within(path)
        ? `${named} leads out of the folders this worker loads games from (--games): a link to a file elsewhere`
        : `${named} is not in a folder this worker loads games from (--games)`,
    );
  const st = statSync(real);
  if (!st.isFile()) throw fail('worker', `${named} is not a file`);
  if (st.size > GAME_FILE_MAX_BYTES)
    throw fail('worker', `${named} is over the limit of ${groupDigits(GAME_FILE_MAX_BYTES)} bytes of a game file`);
}

/**
 * A compile's input (the decoded PoolJob) checked as its module's `checkJob` says, and the module
 * files it names against `folders`. Throws one `worker` line; nothing is built from the input.
 */
export function checkJobInput(input: unknown, folders: readonly string[]): void {
  const job = input as { module?: unknown; gameSpec?: unknown; setup?: unknown } | null;
  if (typeof job !== 'object' || job === null) throw fail('worker', "the job's compile input: expected an object");
  const m = GAMES.find((g) => g.id === job.module);
  if (!m)
    throw fail(
      'worker',
      `the job's game module ${safeText(String(job.module), 40)} is not one of this guesstree's (${GAMES.map((g) => g.id).join(', ')})`,
    );
  if (!m.checkJob) throw fail('worker', `this worker runs no jobs of ${m.id}`);
  const files = m.checkJob(job.gameSpec, job.setup, (raw) => {
    let opts: ReturnType<typeof gameOptionsOf>;
    try {
      opts = gameOptionsOf(m, raw, { verb: 'compile', warn: () => {} });
      m.checkCompile?.(opts);
    } catch (e) {
      throw fail('worker', `the job's game: ${e instanceof Error ? e.message : String(e)}`);
    }
    return opts;
  });
  for (const f of files ?? []) checkGameFile(f, folders);
}
