/**
 * `compile`: search in the pool, replay every secret for the exact objective, write the tree
 * (and, into the user's trees folder, its manifest entry and companions; the library may keep it
 * in memory). A tree in use (the user's, else the shipped one) is never replaced by a worse one
 * unless `--force` is given. Ctrl-C or SIGTERM stops the workers within a moment,
 * writes nothing and exits 130.
 */
import { createHash } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { setMaxListeners } from 'node:events';
import { availableParallelism, totalmem } from 'node:os';
import { join } from 'node:path';
import { stageFileAtomic, writeFileAtomic, type StagedFile } from '../../runtime/atomic-write.js';
import { fail, isGuesstreeError } from '../../runtime/errors.js';
import { ensureWritableDir } from '../../runtime/dirs.js';
import { checkTreeForGame } from '../../runtime/tree-check.js';
import { readFileCapped } from '../../runtime/read-capped.js';
import {
  entryKey,
  readManifest,
  treesDir,
  treesDirs,
  updateManifest,
  withEntry,
  type ManifestEntry,
} from '../../runtime/manifest.js';
import {
  readTreeFile,
  encodeTreeFile,
  type ParamValue,
  TREE_FILE_MAX_BYTES,
  type TreeArrays,
  type TreeFile,
  type TreeHeader,
} from '../../runtime/tree-format.js';
import type { CompileOutcome, LoadedGame } from '../games/module.js';
import { DEFAULT_EFFORT, effortNamed } from '../games/efforts.js';
import { headerWithDerivedFigures, objectiveOf } from '../objective.js';
import { compileLoaded, type CompileProgress, type RunControl } from '../pool/driver.js';
import { openCheckpointFolder, type CheckpointOptions } from '../pool/checkpoint.js';
import { replayAll } from '../replay.js';
import { TOOL_VERSION } from '../version.js';
import { compileEstimateMiB } from './memory-estimate.js';
import { watchMemory } from './memory-watch.js';
import { progressBar, progressLineMs, progressLines } from './progress.js';

export interface CompileRequest {
  readonly out?: string | undefined;
  readonly effort: string;
  readonly workers: number;
  readonly checkpoint?: string | undefined;
  readonly resume?: boolean | undefined;
  /** MiB the compile may use; refused up front when the estimate is over it. */
  readonly maxMemory?: number | undefined;
  /** Replace a tree in trees/ even by a worse one. */
  readonly force?: boolean | undefined;
  /** Start even when the estimate is over the limit (the watchdog still stops the compile at it). */
  readonly skipEstimate?: boolean | undefined;
  /** Without `out`: keep the tree in memory, write nothing (else it goes into the trees folder). */
  readonly inMemory?: boolean | undefined;
  /**
   * Run inside a program (the library): no progress on stderr, no signal handlers, and the
   * memory limit throws its `limit` error instead of exiting the process.
   */
  readonly embedded?: boolean | undefined;
  /** An option's name in messages (default: the CLI's, `--max-memory`; the library's `maxMemory`). */
  readonly optionName?: ((option: string) => string) | undefined;
}

/** Default memory limit: three quarters of the machine's memory. */
export function defaultMaxMemoryMiB(): number {
  return Math.floor((totalmem() * 0.75) / 2 ** 20);
}

export { compileEstimateMiB } from './memory-estimate.js';

export interface CompileResult {
  /** The file written or already holding this tree; undefined when kept in memory. */
  readonly path: string | undefined;
  readonly header: TreeHeader;
  readonly tree: TreeArrays;
  /** The tree file's bytes. */
  readonly encoded: Uint8Array;
  readonly bytes: number;
  readonly seconds: number;
  /** A file holds the tree (written now, or the very same one found there). */
  readonly written: boolean;
  /** The very same tree was found there, and kept with its recorded settings. */
  readonly kept: boolean;
}

/**
 * Run `body` with SIGINT and SIGTERM turned into an abort of its signal (a second one exits
 * 130 at once): the search runs in the pool, this thread stays free. Any failure after an
 * abort is the one `interrupted` line naming `label`.
 */
export async function withSignals<T>(
  label: string,
  body: (signal: AbortSignal) => Promise<T>,
  { onStop = () => {}, stop }: { readonly onStop?: () => void; readonly stop?: AbortSignal | undefined } = {},
): Promise<T> {
  const abort = new AbortController();
  // Every pool task listens on this signal: no listener limit (else Node warns on stderr).
  setMaxListeners(0, abort.signal);
  const onSignal = (sig: NodeJS.Signals): void => {
    if (abort.signal.aborted) process.exit(130);
    onStop();
    process.stderr.write(`guesstree: ${sig} received, stopping the workers\n`);
    abort.abort();
  };
  // `stop`: the caller's own reason to stop (its error is thrown); then no signal handlers (a program's own).
  const onStopped = (): void => abort.abort();
  if (stop) stop.addEventListener('abort', onStopped, { once: true });
  else {
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  }
  try {
    const outcome = await body(abort.signal);
    if (stop?.aborted) throw stop.reason;
    if (abort.signal.aborted) throw fail('interrupted', `${label}: interrupted; nothing written`);
    return outcome;
  } catch (e) {
    if (stop?.aborted) throw stop.reason;
    if (abort.signal.aborted && !(isGuesstreeError(e) && e.kind === 'interrupted'))
      throw fail('interrupted', `${label}: interrupted; nothing written`);
    throw e;
  } finally {
    stop?.removeEventListener('abort', onStopped);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/** The header a compiled tree gets: its exact objective by replay, the search's settings, the tool. */
export function headerOf(
  loaded: LoadedGame,
  { tree, settings, objectiveExtra: extra = {} }: CompileOutcome,
): TreeHeader {
  const { game } = loaded;
  const summary = replayAll(game, tree);
  if (summary.missingBranches > 0) throw new Error(`compiled tree misses ${summary.missingBranches} branches`);
  return {
    game: game.id,
    params: game.params,
    lists: game.lists,
    objective: { ...objectiveOf(game, summary), ...extra },
    settings,
    tool: { name: 'guesstree', version: TOOL_VERSION },
  };
}

/**
 * The checkpoint folder of a compile (undefined without `--checkpoint`), opened for this game,
 * its lists, effort and search options: `--resume` with another compile's folder is refused.
 */
export function checkpointOf(
  loaded: LoadedGame,
  {
    effort,
    options,
    dir,
    resume,
  }: {
    readonly effort: string;
    readonly options: Readonly<Record<string, ParamValue | undefined>>;
    readonly dir: string | undefined;
    readonly resume: boolean;
  },
): CheckpointOptions | undefined {
  if (dir === undefined) return undefined;
  const { game } = loaded;
  // Files are known by the lists' hashes, not their paths: a list moved elsewhere resumes.
  const files = new Set(loaded.module.options.filter((o) => o.type === 'file').map((o) => o.name));
  const searchOptions: Record<string, ParamValue> = {};
  for (const k of Object.keys(options).sort()) {
    const v = options[k];
    if (v !== undefined && !files.has(k)) searchOptions[k] = v;
  }
  const identity = {
    game: game.id,
    params: game.params,
    lists: game.lists.map((l) => ({ role: l.role, count: l.count, sha256: l.sha256 })),
    effort,
    options: searchOptions,
    tool: TOOL_VERSION,
  };
  return openCheckpointFolder(identity, { dir, resume });
}

/** Where a compile runs (its executor: a job queue, else the local pool), its search options, and its log. */
export interface CompileRun extends Pick<RunControl, 'options' | 'executor'> {
  readonly log: (line: string) => void;
}

export async function runCompile(loaded: LoadedGame, req: CompileRequest, control: CompileRun): Promise<CompileResult> {
  const started = process.hrtime.bigint();
  const limit = req.maxMemory ?? defaultMaxMemoryMiB();
  const maxName = req.optionName?.('max-memory') ?? '--max-memory';
  // On a job queue (--queue) the searches run on the workers' machines: only this thread's engine counts here.
  const estimate = compileEstimateMiB(loaded, req.effort, control.executor ? 0 : req.workers);
  if (estimate > limit && req.skipEstimate !== true) {
    throw fail(
      'limit',
      `${loaded.slug}: this compile needs about ${estimate} MiB ${control.executor ? 'here (its searches on the queue)' : `with ${req.workers} worker${req.workers === 1 ? '' : 's'}`}, over the limit of ${limit} MiB (${maxName}); use fewer workers or a smaller list`,
    );
  }
  // From here the compile watches its own memory: past the limit it stops with one line and
  // status 7 (inside a program: the compile is stopped and throws that line as its error).
  const overLimit = (rss: number): string =>
    `${loaded.slug}: the compile reached ${Math.ceil(rss)} MiB of memory, over the limit of ${limit} MiB (${maxName}; estimated ${estimate} MiB); stopped, nothing written`;
  const stop = req.embedded ? new AbortController() : undefined;
  const watch = watchMemory(limit, overLimit, stop && ((rss) => stop.abort(fail('limit', overLimit(rss)))));
  try {
    return await compileWatched(loaded, req, { ...control, started, stop: stop?.signal });
  } finally {
    watch.stop();
  }
}

async function compileWatched(
  loaded: LoadedGame,
  req: CompileRequest,
  control: CompileRun & { readonly started: bigint; readonly stop: AbortSignal | undefined },
): Promise<CompileResult> {
  const { log, started, stop } = control;
  const { game } = loaded;
  const effort = effortNamed(loaded.module.efforts, req.effort, { game: game.id }).name;
  const intoTrees = req.out === undefined && req.inMemory !== true;
  // Folders that cannot be written are found before the search, not after it.
  if (req.checkpoint !== undefined) ensureWritableDir(req.checkpoint, '--checkpoint');
  const checkpoint = checkpointOf(loaded, {
    effort,
    options: control.options,
    dir: req.checkpoint,
    resume: req.resume === true,
  });
  if (intoTrees) ensureWritableDir(treesDir(), 'the trees folder');
  const bar = req.embedded ? null : progressBar(loaded.slug);
  // Off a terminal a long compile writes a progress line now and then (a short one writes none).
  const lines = bar || req.embedded ? null : progressLines(loaded.slug, progressLineMs());
  const outcome = await withSignals(
    loaded.slug,
    (signal) =>
      compileLoaded(loaded, {
        effort,
        workers: req.workers,
        options: control.options,
        checkpoint,
        onProgress: (p: CompileProgress) => (bar ?? lines)?.update(p),
        executor: control.executor,
        signal,
      }),
    { onStop: () => (bar ?? lines)?.stop(), stop },
  ).finally(() => (bar ?? lines)?.stop());
  if (bar)
    process.stderr.write(
      `${loaded.slug}: search done in ${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(1)} s; replaying every secret\n`,
    );
  const header = headerOf(loaded, outcome);
  const bytes = encodeTreeFile({ header, tree: outcome.tree, words: loaded.wordsOf?.(outcome.tree) });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  let path: string | undefined;
  let unchanged = '';
  let kept = false;
  if (req.out !== undefined) {
    path = req.out;
    writeFileAtomic(path, bytes);
  } else if (intoTrees) {
    const dir = treesDir();
    // Games without a list (Mastermind) are named by their parameters alone.
    const file = game.lists[0] ? `${loaded.slug}-${game.lists[0].sha256.slice(0, 12)}.gtree` : `${loaded.slug}.gtree`;
    const shipped = shipTree(
      loaded,
      { header, bytes, tree: outcome.tree, seconds },
      { dir, file, force: req.force === true, note: (line) => process.stderr.write(`${line}\n`) },
    );
    path = shipped.path;
    kept = shipped.unchanged;
    if (kept) unchanged = ' (the same tree was there already; nothing rewritten)';
  }
  log(
    `${loaded.slug}: ${loaded.describe(header).join('; ')} | ${outcome.tree.guess.length.toLocaleString('en-US')} nodes | ${bytes.length.toLocaleString('en-US')} bytes | ${seconds.toFixed(1)} s | ${path ?? '(kept in memory)'}${unchanged}`,
  );
  return {
    path,
    header,
    tree: outcome.tree,
    encoded: bytes,
    bytes: bytes.length,
    seconds,
    written: path !== undefined,
    kept,
  };
}

/** A tree compiled: its header, the file's bytes, the tree, and the compile's seconds. */
interface CompiledTreeFile {
  readonly header: TreeHeader;
  readonly bytes: Uint8Array;
  readonly tree: TreeArrays;
  readonly seconds: number;
}

/** Where a compiled tree goes in a trees folder: the folder, its file name, `--force`, and where notes go. */
interface TreesTarget {
  readonly dir: string;
  readonly file: string;
  readonly force: boolean;
  readonly note: (line: string) => void;
}

/**
 * Write a tree into the user's trees folder `dir` with its manifest entry and companions, unless
 * the tree in use for the same game, parameters and lists (that folder's, else the one shipped
 * with guesstree) is better (then a one-line `worse` error, unless `force`) or is the very same
 * tree (then nothing is written, so a clone stays clean and an installed package's trees serve).
 */
function shipTree(
  loaded: LoadedGame,
  { header, bytes, tree, seconds }: CompiledTreeFile,
  { dir, file, force, note }: TreesTarget,
): { path: string; unchanged: boolean } {
  const key = entryKey(header);
  // The tree in use for this key: the user's folder's, else the one guesstree ships (only read).
  let old: ManifestEntry | undefined;
  let oldDir = dir;
  for (const d of treesDirs()) {
    old = readManifest(d).trees.find((e) => entryKey(e) === key);
    oldDir = d;
    if (old) break;
  }
  const oldPath = old ? join(oldDir, old.file) : '';
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  // --force writes this compile into the user's folder even when the very tree ships.
  if (
    old &&
    (!force || oldDir === dir) &&
    old.file === file &&
    old.sha256 === sha256 &&
    existsSync(oldPath) &&
    treeFileSha256(oldPath) === sha256
  )
    return { path: oldPath, unchanged: true };
  const oldFile = old ? treeOfFile(oldPath) : null;
  // The very tree already shipped (same guesses, same replies), only its recorded settings
  // (effort, a proof) differ: keep the file and its entry, so a clone stays clean; --force records this compile's header.
  if (old && oldFile && !force && sameTree(oldFile.tree, tree)) {
    note(
      `guesstree: note: ${oldPath} holds the same tree (same guesses); its recorded settings are kept (--force records this compile's)`,
    );
    return { path: oldPath, unchanged: true };
  }
  if (old && !force) {
    // The tree in use is judged by what its replay gives, not by the figures its header claims.
    const oldHeader = (oldFile && replayedHeader(loaded, oldFile, oldPath)) ?? oldFile?.header ?? old;
    const before = loaded.merit(oldHeader);
    const now = loaded.merit(header);
    if (now < before) {
      throw fail(
        'worse',
        `${loaded.slug}: the new tree (${loaded.describe(header)[0]}) is worse than the one in ${oldPath} (${loaded.describe(oldHeader)[0]}); nothing written (--force replaces it)`,
      );
    }
  }
  // The tree and its companions are written beside their names and renamed into place once the
  // manifest lists them: when the manifest cannot be written, none of them is left in trees/.
  const staged: StagedFile[] = [];
  const companions: Record<string, string> = {};
  try {
    staged.push(stageFileAtomic(join(dir, file), bytes));
    for (const c of loaded.companions?.(tree) ?? []) {
      const name = file.replace(/\.gtree$/, c.extension);
      staged.push(stageFileAtomic(join(dir, name), c.text));
      companions[c.kind] = name;
    }
  } catch (e) {
    for (const f of staged) f.discard();
    throw e;
  }
  const entry: ManifestEntry = {
    file,
    game: header.game,
    params: header.params,
    lists: header.lists,
    objective: header.objective,
    settings: header.settings,
    tool: header.tool,
    bytes: bytes.length,
    sha256,
    compileSeconds: Math.round(seconds * 10) / 10,
    compilePeakMiB: Math.round(process.resourceUsage().maxRSS / 1024),
    compileCores: availableParallelism(),
    ...(Object.keys(companions).length ? { companions } : {}),
  };
  // Read, change and write the manifest under its lock: concurrent compiles keep every entry.
  try {
    updateManifest(dir, (m) => withEntry(m, entry), {
      afterWrite: () => {
        for (const f of staged) f.commit();
        // A companion of the replaced tree that this one does not have (a proof) would be checked against it: removed.
        if (old && oldDir === dir)
          for (const [kind, name] of Object.entries(old.companions ?? {}))
            if (companions[kind] !== name) rmSync(join(dir, name), { force: true });
      },
    });
  } finally {
    for (const f of staged) f.discard();
  }
  return { path: join(dir, file), unchanged: false };
}

/** A tree file's SHA-256, read within the tree-file cap, or null when it cannot be read. */
function treeFileSha256(path: string): string | null {
  const refused = () => fail('tree-file', path);
  try {
    const bytes = readFileCapped(path, TREE_FILE_MAX_BYTES, { cannotRead: refused, tooLarge: refused });
    return createHash('sha256').update(bytes).digest('hex');
  } catch {
    return null;
  }
}

/** A tree file, or null when it cannot be read (then the manifest's record stands). */
/** A tree file's header with the figures its replay gives; null when it is not a tree of this game. */
function replayedHeader(loaded: LoadedGame, file: TreeFile, where: string): TreeHeader | null {
  try {
    checkTreeForGame(file.tree, loaded.game, where);
  } catch {
    return null;
  }
  return headerWithDerivedFigures(loaded.game, replayAll(loaded.game, file.tree), file.header);
}

function treeOfFile(path: string): TreeFile | null {
  try {
    return readTreeFile(path);
  } catch {
    return null;
  }
}

function sameArray(a: Uint32Array, b: Uint32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Two trees that play alike: the same guesses at the same nodes, the same replies to the same children. */
export function sameTree(a: TreeArrays, b: TreeArrays): boolean {
  return (
    sameArray(a.guess, b.guess) &&
    sameArray(a.edgeStart, b.edgeStart) &&
    sameArray(a.edgeCode, b.edgeCode) &&
    sameArray(a.edgeChild, b.edgeChild)
  );
}

/** A tree compiled now and kept in memory (verbs on a cheap game with no shipped tree). */
export async function compileInMemory(loaded: LoadedGame): Promise<import('../../runtime/tree-format.js').TreeFile> {
  const outcome = await withSignals(loaded.slug, (signal) =>
    compileLoaded(loaded, { effort: DEFAULT_EFFORT, workers: availableParallelism(), options: loaded.options, signal }),
  );
  return {
    header: headerOf(loaded, outcome),
    tree: outcome.tree,
    words: loaded.wordsOf?.(outcome.tree),
  };
}
