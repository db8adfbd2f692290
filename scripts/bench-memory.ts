/**
 * `npm run bench:memory`: for every game and a range of sizes, the compile's memory estimate
 * (what `compile` checks against --max-memory before it starts) beside the measured peak of
 * the real CLI compile (the resident memory of the whole process, workers included, as the
 * manifest records it: `compilePeakMiB`). The estimate must never be below the peak: the last
 * line says whether it held, and the status is 1 when it did not.
 *
 * The lists are drawn from the default dictionary (the npm package word-list), so the bench
 * needs nothing from ../shared/. Each compile runs in its own process, into a temp trees
 * folder. `-- --workers 2 --games lingo,wordle --quick` (the smallest case of each game only).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { compileEstimateMiB } from '../compiler/commands/memory-estimate.js';
import type { GameOptions } from '../compiler/games/module.js';
import { DEFAULT_WORDLIST, writeSample } from '../compiler/games/options.js';
import { findModule } from '../compiler/games/registry.js';
import { readManifest } from '../runtime/manifest.js';
import { listHash, normalizeWords, parseWordList, readTextFile } from '../runtime/wordlist.js';

const { values } = parseArgs({
  options: {
    workers: { type: 'string', default: '2' },
    games: { type: 'string', default: 'lingo,wordle,mastermind,matchcount,hangman,bullscows' },
    quick: { type: 'boolean', default: false },
  },
  strict: true,
});
const WORKERS = Number(values.workers);
const GAMES = new Set(values.games.split(','));

const ROOT = resolve(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'compiler', 'cli.js');
const dir = mkdtempSync(join(tmpdir(), 'guesstree-bench-memory-'));

/** Every `step`-th word of the dictionary's words of `len` letters, at most `count` of them (the same every run). */
function dictionary(len: number, count: number): string[] {
  const words = parseWordList(readTextFile(DEFAULT_WORDLIST), { source: DEFAULT_WORDLIST, length: len });
  if (count >= words.length) return words;
  const step = words.length / count;
  return Array.from({ length: count }, (_, i) => words[Math.floor(i * step)]);
}

interface Case {
  readonly game: string;
  readonly size: string;
  readonly effort: string;
  readonly opts: GameOptions;
}

function list(name: string, words: readonly string[]): string {
  return writeSample(dir, name, words);
}

function cases(): Case[] {
  const out: Case[] = [];
  const add = (c: Case): void => {
    if (GAMES.has(c.game)) out.push(c);
  };
  for (const [len, n, effort] of [
    [5, 1000, 'quick'],
    [5, 4000, 'quick'],
    [5, 12578, 'quick'],
    [8, 40530, 'quick'],
    [5, 2000, 'greedy'],
    [4, 2000, 'default'],
  ] as const) {
    const words = dictionary(len, n);
    add({
      game: 'lingo',
      size: `len ${len}, ${words.length} words`,
      effort,
      opts: { len, wordlist: list(`lingo-${len}-${n}.txt`, words) },
    });
  }
  for (const [answers, guesses, effort] of [
    [200, 1000, 'greedy'],
    [1000, 5000, 'greedy'],
    [2315, 10263, 'greedy'],
    [300, 1500, 'default'],
  ] as const) {
    const words = dictionary(5, answers + guesses);
    const a = words.filter((_, i) => i % Math.round((answers + guesses) / answers) === 0).slice(0, answers);
    const set = new Set(a);
    const g = words.filter((w) => !set.has(w));
    add({
      game: 'wordle',
      size: `${a.length} answers, ${g.length} guesses`,
      effort,
      opts: { answers: list(`wa-${answers}.txt`, a), guesses: list(`wg-${answers}.txt`, g) },
    });
  }
  for (const [pegs, colors, effort] of [
    [3, 4, 'default'],
    [4, 6, 'default'],
    [4, 6, 'quick'],
    [5, 6, 'quick'],
    [5, 8, 'quick'],
  ] as const)
    add({ game: 'mastermind', size: `MM(${pegs},${colors})`, effort, opts: { pegs, colors } });
  for (const [len, n, effort] of [
    [6, 50, 'default'],
    [6, 100, 'default'],
    [6, 400, 'quick'],
    [5, 600, 'quick'],
  ] as const) {
    const words = dictionary(len, n);
    add({
      game: 'matchcount',
      size: `len ${len}, ${words.length} words`,
      effort,
      opts: { wordlist: list(`mc-${len}-${n}.txt`, words) },
    });
  }
  for (const [len, n, effort] of [
    [4, 5469, 'greedy'],
    [4, 5469, 'default'],
    [6, 22342, 'greedy'],
    [8, 40530, 'greedy'],
  ] as const) {
    const words = dictionary(len, n);
    add({
      game: 'hangman',
      size: `len ${len}, ${words.length} words`,
      effort,
      opts: { len, wordlist: list(`hm-${len}-${n}.txt`, words) },
    });
  }
  for (const [digits, symbols, effort] of [
    [3, 6, 'default'],
    [4, 8, 'quick'],
    [4, 10, 'quick'],
    [5, 9, 'quick'],
  ] as const)
    add({ game: 'bullscows', size: `d${digits}s${symbols}`, effort, opts: { digits, symbols } });
  if (!values.quick) return out;
  const seen = new Set<string>();
  return out.filter((c) => !seen.has(c.game) && seen.add(c.game));
}

function argsOf(c: Case): string[] {
  // A private trees folder a case: --force records each compile there, whatever tree ships.
  const args = ['compile', '--game', c.game, '--effort', c.effort, '--workers', String(WORKERS), '--force'];
  for (const [k, v] of Object.entries(c.opts)) {
    if (v === undefined || v === false) continue;
    args.push(`--${k}`);
    if (v !== true) args.push(String(v));
  }
  return args;
}

let failures = 0;
console.log(
  `bench:memory: estimate beside measured peak, ${WORKERS} workers; nproc ${availableParallelism()}, load ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
console.log(['game', 'size', 'effort', 'estimate MiB', 'peak MiB', 'peak/estimate', 'seconds', 'holds'].join('\t'));
try {
  for (const [i, c] of cases().entries()) {
    const loaded = findModule(c.game).load(c.opts);
    const estimate = compileEstimateMiB(loaded, c.effort, WORKERS);
    const trees = join(dir, `trees-${i}`);
    const t0 = Date.now();
    const r = spawnSync(process.execPath, [CLI, ...argsOf(c)], {
      env: { ...process.env, GUESSTREE_TREES: trees },
      encoding: 'utf8',
      timeout: 600_000,
    });
    const seconds = (Date.now() - t0) / 1000;
    if (r.status !== 0) {
      console.log(
        [
          c.game,
          c.size,
          c.effort,
          estimate,
          '-',
          '-',
          seconds.toFixed(1),
          `compile failed (status ${String(r.status)}): ${(r.stderr ?? '').trim().split('\n').pop()}`,
        ].join('\t'),
      );
      failures++;
      continue;
    }
    const manifest = JSON.parse(readFileSync(join(trees, 'manifest.json'), 'utf8')) as {
      trees: Array<{ compilePeakMiB: number }>;
    };
    const peak = manifest.trees[0].compilePeakMiB;
    const holds = estimate >= peak;
    if (!holds) failures++;
    console.log(
      [
        c.game,
        c.size,
        c.effort,
        estimate,
        peak,
        (peak / estimate).toFixed(2),
        seconds.toFixed(1),
        holds ? 'yes' : 'NO: estimate below the peak',
      ].join('\t'),
    );
  }
  shippedPeaks();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * The shipped trees' recorded peaks (trees/manifest.json: `compilePeakMiB`, measured by the
 * compile that made each, `compileCores` workers) beside today's estimate for the same
 * compile: the long compiles (exact, thorough) the bench cannot rerun in minutes.
 */
function shippedPeaks(): void {
  const shared = join(ROOT, '..', 'shared');
  const pit = join(shared, 'lingo', 'wordlist.txt');
  const dictionaryHashes = new Map<number, string>();
  const hashOf = (len: number): string => {
    if (!dictionaryHashes.has(len)) dictionaryHashes.set(len, listHash(normalizeWords(dictionary(len, Infinity))));
    return dictionaryHashes.get(len) as string;
  };
  console.log('shipped trees: recorded peak (manifest) beside the estimate');
  for (const e of readManifest(join(ROOT, 'trees')).trees) {
    if (!GAMES.has(e.game) || values.quick) continue;
    const p = e.params;
    const effort = String(e.settings.effort ?? (e.settings.strategy === 'greedy' ? 'greedy' : 'default'));
    let opts: GameOptions;
    if (e.game === 'lingo' || e.game === 'hangman') {
      const len = Number(p.length);
      const own = e.lists[0]?.sha256 === hashOf(len);
      if (!own && !existsSync(pit)) continue;
      opts = {
        len,
        ...(own ? {} : { wordlist: pit }),
        ...(e.game === 'hangman'
          ? { objective: String(p.objective), lives: p.objective === 'win' ? Number(p.lives) : undefined }
          : {}),
      };
    } else if (e.game === 'wordle') {
      if (!existsSync(join(shared, 'wordle', 'answers.txt'))) continue;
      opts = {
        answers: join(shared, 'wordle', 'answers.txt'),
        guesses: join(shared, 'wordle', 'allowed.txt'),
        hard: p.hard === true,
      };
    } else if (e.game === 'mastermind') opts = { pegs: Number(p.pegs), colors: Number(p.colors) };
    else if (e.game === 'bullscows') opts = { digits: Number(p.digits), symbols: Number(p.symbols) };
    else continue;
    const peak = e.compilePeakMiB;
    if (peak === undefined) continue;
    const loaded = findModule(e.game).load(opts);
    if (loaded.game.lists.some((l, i) => l.sha256 !== e.lists[i]?.sha256)) continue;
    const workers = e.compileCores ?? 2;
    const estimate = compileEstimateMiB(loaded, effort, workers);
    const holds = estimate >= peak;
    if (!holds) failures++;
    console.log(
      [
        e.game,
        e.file,
        `${effort}, ${workers} workers`,
        estimate,
        peak,
        (peak / estimate).toFixed(2),
        e.compileSeconds ?? '-',
        holds ? 'yes' : 'NO: estimate below the peak',
      ].join('\t'),
    );
  }
}
console.log(
  failures === 0
    ? 'bench:memory: the estimate bounds the measured peak in every case'
    : `bench:memory: ${failures} case(s) where the estimate did not bound the peak (or the compile failed)`,
);
process.exitCode = failures === 0 ? 0 : 1;
