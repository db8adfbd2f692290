/**
 * `npm run bench:memory`: for every game, effort and a range of sizes, the compile's memory
 * estimate (what `compile` checks against --max-memory before it starts) beside the measured
 * peak of the real CLI compile (the resident memory of the whole process, workers included, as
 * the manifest records it: `compilePeakMiB`) and their ratio. The estimate must bound the peak
 * and be at most twice it: the last line says whether it held in every case, and the status is
 * 1 when it did not.
 *
 * The lists are drawn from the default dictionary (the npm package word-list); Wordle's own
 * lists (`../shared/wordle`, or `--shared DIR`) add rows when present. Each compile runs in its
 * own process, into a temp trees folder. `-- --workers 2 --games lingo,wordle --quick` (the
 * smallest case of each game only), `--only TEXT` (the cases whose row contains it), `--dry` (the
 * estimates alone).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { compileEstimateMiB } from '../compiler/commands/memory-estimate.js';
import type { GameOptions } from '../compiler/games/module.js';
import { DEFAULT_WORDLIST, writeSample } from '../compiler/games/options.js';
import { findModule } from '../compiler/games/registry.js';
import { readManifest } from '../runtime/manifest.js';
import { listHash, normalizeWords, parseWordList, readTextFile } from '../runtime/wordlist.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const { values } = parseArgs({
  options: {
    workers: { type: 'string', default: '2' },
    games: { type: 'string', default: 'lingo,wordle,mastermind,matchcount,hangman,bullscows,file' },
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    /** The estimates only, no compile. */
    dry: { type: 'boolean', default: false },
    shared: { type: 'string', default: join(ROOT, '..', 'shared') },
  },
  strict: true,
});
const WORKERS = Number(values.workers);
const GAMES = new Set(values.games.split(','));
const SHARED = values.shared;
/** The estimate may be at most this many times the peak. */
const MAX_RATIO = 2;
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

/** A Jotto game (scripts/examples/jotto.mjs) over every `step`-th of its words, written as a module file. */
function jotto(step: number): string {
  // Written outside the package: the dictionary's path instead of its import.
  const source = readFileSync(join(ROOT, 'scripts', 'examples', 'jotto.mjs'), 'utf8')
    .replace("import wordListPath from 'word-list';", `const wordListPath = ${JSON.stringify(DEFAULT_WORDLIST)};`)
    .replace('i % 16 === 0', `i % ${step} === 0`)
    .replace("name: 'jotto'", `name: 'jotto-${step}'`);
  const path = join(dir, `jotto-${step}.mjs`);
  writeFileSync(path, source);
  return path;
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
    [5, 12578, 'default'],
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
  const answers = join(SHARED, 'wordle', 'answers.txt');
  const allowed = join(SHARED, 'wordle', 'allowed.txt');
  if (existsSync(answers) && existsSync(allowed))
    for (const [hard, effort] of [
      [false, 'greedy'],
      [false, 'default'],
      [true, 'greedy'],
      [true, 'default'],
    ] as const)
      add({
        game: 'wordle',
        size: `answers.txt, allowed.txt${hard ? ', hard' : ''}`,
        effort,
        opts: { answers, guesses: allowed, hard },
      });
  for (const [pegs, colors, effort, objective] of [
    [3, 4, 'default'],
    [4, 6, 'default'],
    [4, 6, 'quick'],
    [4, 6, 'default', 'worst-case'],
    [5, 6, 'quick'],
    [5, 6, 'default'],
    [5, 8, 'quick'],
    [6, 6, 'quick'],
  ] as const)
    add({
      game: 'mastermind',
      size: `MM(${pegs},${colors})${objective ? `, ${objective}` : ''}`,
      effort,
      opts: { pegs, colors, objective },
    });
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
    [6, 22342, 'default'],
    [8, 40530, 'greedy'],
    [10, 35784, 'default'],
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
  if (GAMES.has('file')) {
    const hilo = join(ROOT, 'scripts', 'examples', 'hilo.mjs');
    for (const effort of ['default', 'exact'] as const)
      add({ game: 'file', size: 'hilo', effort, opts: { module: hilo } });
    for (const [step, effort] of [
      [16, 'default'],
      [4, 'greedy'],
      [4, 'default'],
      [1, 'greedy'],
    ] as const)
      add({ game: 'file', size: `jotto, every ${step}th word`, effort, opts: { module: jotto(step) } });
  }
  const only = values.only;
  const chosen = only === undefined ? out : out.filter((c) => `${c.game}\t${c.size}\t${c.effort}`.includes(only));
  if (!values.quick) return chosen;
  const seen = new Set<string>();
  return chosen.filter((c) => !seen.has(c.game) && seen.add(c.game));
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

/** Whether an estimate bounds the peak and is at most MAX_RATIO times it: `yes`, or what is wrong. */
function verdict(estimate: number, peak: number): string {
  if (estimate < peak) return 'NO: estimate below the peak';
  if (estimate > MAX_RATIO * peak) return `NO: estimate over ${MAX_RATIO}x the peak`;
  return 'yes';
}

let failures = 0;
/** Shipped trees whose recorded peak is above today's estimate (recorded with the code of their day: reported, not failed). */
let staleOrBelow = 0;
console.log(
  `bench:memory: estimate beside measured peak, ${WORKERS} workers; nproc ${availableParallelism()}, load ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
console.log(['game', 'size', 'effort', 'estimate MiB', 'peak MiB', 'estimate/peak', 'seconds', 'holds'].join('\t'));
try {
  for (const [i, c] of cases().entries()) {
    const loaded = findModule(c.game).load(c.opts);
    const estimate = compileEstimateMiB(loaded, c.effort, WORKERS);
    if (values.dry) {
      console.log([c.game, c.size, c.effort, estimate, '-', '-', '-', 'not run (--dry)'].join('\t'));
      continue;
    }
    const trees = join(dir, `trees-${i}`);
    const t0 = Date.now();
    const r = spawnSync(process.execPath, [CLI, ...argsOf(c)], {
      env: { ...process.env, GUESSTREE_TREES: trees, GUESSTREE_PROGRESS: '' },
      encoding: 'utf8',
      timeout: 900_000,
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
    const holds = verdict(estimate, peak);
    if (holds !== 'yes') failures++;
    console.log(
      [c.game, c.size, c.effort, estimate, peak, (estimate / peak).toFixed(2), seconds.toFixed(1), holds].join('\t'),
    );
  }
  wordleEveryAnswer();
  shippedPeaks();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Wordle with every allowed word as an answer (12,972 answers, allowed.txt as both lists): a
 * compile of hours, not run here; its estimate beside the peak BENCHMARKS.md records for it.
 */
function wordleEveryAnswer(): void {
  const allowed = join(SHARED, 'wordle', 'allowed.txt');
  if (!GAMES.has('wordle') || values.quick || !existsSync(allowed)) return;
  const loaded = findModule('wordle').load({ answers: allowed, guesses: allowed });
  for (const workers of [1, WORKERS])
    console.log(
      [
        'wordle',
        'allowed.txt as answers and guesses',
        `default, ${workers} worker${workers === 1 ? '' : 's'}`,
        compileEstimateMiB(loaded, 'default', workers),
        '-',
        '-',
        '-',
        'not run here (hours): its measured peak is in BENCHMARKS.md',
      ].join('\t'),
    );
}

/**
 * The shipped trees' recorded peaks (trees/manifest.json: `compilePeakMiB`, measured by the
 * compile that made each, with the code of its day, `compileCores` workers) beside today's
 * estimate for the same compile: the long compiles (exact, thorough) the bench cannot rerun in
 * minutes. Their peaks were measured with the code of their day: the ratio and whether the
 * estimate bounds them are shown, and do not fail the bench.
 */
function shippedPeaks(): void {
  const shared = SHARED;
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
    const objective = p.objective === 'worst-case' ? { objective: 'worst-case' } : {};
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
          : objective),
      };
    } else if (e.game === 'wordle') {
      if (!existsSync(join(shared, 'wordle', 'answers.txt'))) continue;
      opts = {
        answers: join(shared, 'wordle', 'answers.txt'),
        guesses: join(shared, 'wordle', 'allowed.txt'),
        hard: p.hard === true,
        ...objective,
      };
    } else if (e.game === 'mastermind') opts = { pegs: Number(p.pegs), colors: Number(p.colors), ...objective };
    else if (e.game === 'bullscows') opts = { digits: Number(p.digits), symbols: Number(p.symbols), ...objective };
    else continue;
    const peak = e.compilePeakMiB;
    if (peak === undefined) continue;
    const loaded = findModule(e.game).load(opts);
    if (loaded.game.lists.some((l, i) => l.sha256 !== e.lists[i]?.sha256)) continue;
    const workers = e.compileCores ?? 2;
    const estimate = compileEstimateMiB(loaded, effort, workers);
    const holds = estimate >= peak;
    if (!holds) staleOrBelow++;
    console.log(
      [
        e.game,
        e.file,
        `${effort}, ${workers} workers`,
        estimate,
        peak,
        (estimate / peak).toFixed(2),
        e.compileSeconds ?? '-',
        holds ? 'yes' : 'NO: estimate below the recorded peak',
      ].join('\t'),
    );
  }
}
if (staleOrBelow > 0)
  console.log(
    `bench:memory: ${staleOrBelow} shipped tree(s) recorded a peak above today's estimate (their compiles ran older code: rerun them to compare)`,
  );
console.log(
  failures === 0
    ? `bench:memory: the estimate bounds the measured peak, within ${MAX_RATIO}x, in every case`
    : `bench:memory: ${failures} case(s) where the estimate did not bound the peak within ${MAX_RATIO}x (or the compile failed)`,
);
process.exitCode = failures === 0 ? 0 : 1;
