/** `compile`: search, replay to get the exact objective, write the tree (and manifest entry). */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { setMaxListeners } from 'node:events';
import { availableParallelism, totalmem } from 'node:os';
import { join } from 'node:path';
import { SingleBar } from 'cli-progress';
import { writeFileAtomic } from '../../runtime/atomic-write.js';
import { fail } from '../../runtime/errors.js';
import { entryKey, manifestPath, readManifest, treesDir, type ManifestEntry } from '../../runtime/manifest.js';
import { encodeTreeFile, type TreeHeader } from '../../runtime/tree-format.js';
import { loadGame, type GameOptions } from '../games/registry.js';
import { replayAll } from '../replay.js';
import { TOOL_VERSION } from '../version.js';
import { objectiveOf } from './objective.js';

export interface CompileOptions extends GameOptions {
  readonly out?: string | undefined;
  readonly effort: string;
  readonly workers: number;
  readonly checkpoint?: string | undefined;
  readonly resume?: boolean | undefined;
  /** MiB the compile may use; refused up front when the estimate is over it. */
  readonly maxMemory?: number | undefined;
}

/** Default memory limit: three quarters of the machine's memory. */
export function defaultMaxMemoryMiB(): number {
  return Math.floor((totalmem() * 0.75) / 2 ** 20);
}

/**
 * A generous estimate of a compile's peak memory, from the sizes that drive it: per engine
 * (the main thread and each worker) the reply-count table, per-secret scratch, the letters
 * and the memo; plus the tree being built. Measured peaks are well below it (bench:lingo).
 */
export function estimateCompileMiB(game: { secretCount: number; guessCount: number; codeCount: number }, workers: number): number {
  const perEngine = game.codeCount * 4 + game.secretCount * 64 + game.guessCount * 64 + 128 * 2 ** 20;
  const engines = workers > 1 ? workers + 1 : 1;
  const bytes = 64 * 2 ** 20 + engines * perEngine + game.secretCount * 400;
  return Math.ceil(bytes / 2 ** 20);
}

export interface CompileResult {
  readonly path: string;
  readonly header: TreeHeader;
  readonly bytes: number;
  readonly seconds: number;
}

export async function runCompile(opts: CompileOptions, log: (line: string) => void): Promise<CompileResult> {
  const started = process.hrtime.bigint();
  const loaded = loadGame(opts);
  const { game } = loaded;
  const limit = opts.maxMemory ?? defaultMaxMemoryMiB();
  const estimate = estimateCompileMiB(game, opts.workers);
  if (estimate > limit) {
    throw fail('limit', `${loaded.slug}: this compile needs about ${estimate} MiB with ${opts.workers} worker${opts.workers === 1 ? '' : 's'}, over the limit of ${limit} MiB (--max-memory); use fewer workers or a smaller list`);
  }
  if (!loaded.efforts.includes(opts.effort)) {
    throw fail('usage', `--effort ${opts.effort}: unknown effort for ${game.id} (choose ${loaded.efforts.join(', ')})`);
  }
  // The bar is for people: only on a terminal (GUESSTREE_PROGRESS=1 forces it, for tests).
  const forced = process.env['GUESSTREE_PROGRESS'] === '1';
  const tty = process.stderr.isTTY === true || forced;
  const bar = tty
    ? new SingleBar({
        format: `${loaded.slug} [{bar}] {percentage}% of ${loaded.progressUnit ?? "the openers' groups"} settled | best mean {best} | {duration_formatted} elapsed | ETA {eta_formatted}`,
        stream: process.stderr,
        hideCursor: !forced,
        noTTYOutput: forced,
        notTTYSchedule: 200,
      })
    : null;
  let barStarted = false;
  if (opts.resume && opts.checkpoint === undefined) throw fail('usage', '--resume needs --checkpoint DIR');
  // Ctrl-C or SIGTERM: stop the workers, write nothing, say what was done (a second one ends at once).
  const abort = new AbortController();
  // Every pool task listens on this signal: no listener limit (else Node warns on stderr).
  setMaxListeners(0, abort.signal);
  const onSignal = (sig: NodeJS.Signals): void => {
    if (abort.signal.aborted) process.exit(130);
    bar?.stop();
    process.stderr.write(`guesstree: ${sig} received, stopping the workers\n`);
    abort.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const outcome = await loaded
    .compile({
    signal: abort.signal,
    checkpoint: opts.checkpoint === undefined ? undefined : { dir: opts.checkpoint, resume: opts.resume === true },
    effort: opts.effort,
    workers: opts.workers,
    onProgress: (done, total, best) => {
      if (!bar) return;
      if (!barStarted) {
        bar.start(total, 0, { best: '-' });
        barStarted = true;
      }
      // Games scored by total guesses report the value as minus the guesses: show the mean guesses.
      const mean = game.objective.name === 'total-guesses' ? -best / game.secretCount : best / game.secretCount;
      bar.update(done, { best: Number.isFinite(best) ? mean.toFixed(3) : '-' });
    },
    })
    .then(
      async (result) => {
        // A search that runs in this thread only sees a signal once it returns: let a pending
        // handler run, and write nothing if one did.
        await new Promise((resolve) => setImmediate(resolve));
        if (abort.signal.aborted) throw fail('interrupted', `${loaded.slug}: interrupted; nothing written`);
        return result;
      },
    )
    .finally(() => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    });
  if (bar && barStarted) bar.stop();
  if (tty) process.stderr.write(`${loaded.slug}: search done in ${((Number(process.hrtime.bigint() - started) / 1e9)).toFixed(1)} s; replaying every secret\n`);
  const summary = replayAll(game, outcome.tree);
  if (summary.missingBranches > 0) throw new Error(`compiled tree misses ${summary.missingBranches} branches`);
  const header: TreeHeader = {
    game: game.id,
    params: game.params,
    lists: game.lists,
    objective: {
      ...objectiveOf(game, summary),
      ...(outcome.upperBound != null ? { upperBound: outcome.upperBound, upperBoundMean: Math.round((outcome.upperBound / game.secretCount) * 1e6) / 1e6 } : {}),
    },
    settings: outcome.settings,
    tool: { name: 'guesstree', version: TOOL_VERSION },
  };
  const bytes = encodeTreeFile({ header, tree: outcome.tree });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  let path: string;
  if (opts.out !== undefined) {
    path = opts.out;
    writeFileAtomic(path, bytes);
  } else {
    const dir = treesDir();
    if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
    // Games without a list (Mastermind) are named by their parameters alone.
    const file = game.lists[0] ? `${loaded.slug}-${game.lists[0].sha256.slice(0, 12)}.gtree` : `${loaded.slug}.gtree`;
    path = join(dir, file);
    writeFileAtomic(path, bytes);
    const companions: Record<string, string> = {};
    for (const c of loaded.companions?.(outcome.tree) ?? []) {
      const name = file.replace(/\.gtree$/, c.extension);
      writeFileAtomic(join(dir, name), c.text);
      companions[c.kind] = name;
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
      sha256: createHash('sha256').update(bytes).digest('hex'),
      compileSeconds: Math.round(seconds * 10) / 10,
      compilePeakMiB: Math.round(process.resourceUsage().maxRSS / 1024),
      compileCores: availableParallelism(),
      ...(Object.keys(companions).length ? { companions } : {}),
    };
    const manifest = readManifest(dir);
    const key = entryKey(entry);
    const trees = manifest.trees.filter((e) => entryKey(e) !== key);
    trees.push(entry);
    trees.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
    writeFileAtomic(manifestPath(dir), JSON.stringify({ trees }, null, 2) + '\n');
  }
  log(`${loaded.slug}: ${describeObjective(header)} | ${outcome.tree.guess.length} nodes | ${bytes.length} bytes | ${seconds.toFixed(1)} s | ${path}`);
  return { path, header, bytes: bytes.length, seconds };
}

export function describeObjective(header: TreeHeader): string {
  return Object.entries(header.objective)
    .map(([k, v]) => `${k} ${typeof v === 'number' && !Number.isInteger(v) ? v.toFixed(4) : String(v)}`)
    .join(', ');
}
