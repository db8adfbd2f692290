/**
 * The Lingo pit emulator: plays player programs under the harness protocol
 * (../shared/lingo/README.md) on seeded random words and prints their scores.
 *
 *   npm run pit -- --player "CMD" [--player "CMD2" ...] --rounds N --seed S
 *                  [--wordlist PATH] [--lengths 4-13 | 4,5,9] [--no-split]
 *                  [--json] [--quiet] [--timeout SECONDS]
 *
 * Protocol, as the harness enforces it: the player is started through the shell as `CMD LEN`
 * in a directory holding `wordlist.txt` (the whole list) and, unless --no-split,
 * `wordlistN.txt` (only the words of length N, for N in 4..13). It writes a guess plus '\n'
 * on stdout and reads the mask plus '\n' on stdin; at most 5 guesses. The game ends on an
 * all-O mask or after the 5th guess; then its stdin is closed and it must exit. A guess that
 * is not a word of that length in the list gets an all-X mask and still uses the attempt.
 * Score of a round: 100·(6 − attempts) when found, else 0.
 *
 * The pure parts (seeded sampling, the protocol driver) are exported for tests and the
 * benchmark; the command line runs only when this file is the entry point.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { copyFileSync, existsSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import wordListPackagePath from 'word-list';
import { fail, isGuesstreeError } from '../runtime/errors.js';
import { referenceMask } from '../runtime/lingo-feedback.js';
import { makeWordList, parseWordList, readTextFile } from '../runtime/wordlist.js';

export const PIT_ATTEMPTS = 5;
export const PIT_MIN_LENGTH = 4;
export const PIT_MAX_LENGTH = 13;
export const DEFAULT_GAME_TIMEOUT_MS = 10_000;

// ---------------------------------------------------------------------------------------------
// Seeded sampling
// ---------------------------------------------------------------------------------------------

/** murmur3's 32-bit finalizer: a bijective avalanche on 32-bit integers. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The 32-bit PRNG state for one (seed, word length) pair. `seed` is a safe non-negative integer. */
export function streamSeed(seed: number, length: number): number {
  const lo = seed >>> 0;
  const hi = Math.floor(seed / 0x1_0000_0000) >>> 0;
  let h = fmix32(lo ^ 0x4c494e47); // 'LING'
  h = fmix32((h ^ Math.imul(hi, 0x9e3779b1)) >>> 0);
  h = fmix32((h + Math.imul(length + 1, 0x9e3779b9)) >>> 0);
  return h;
}

/** mulberry32: a small deterministic PRNG; returns floats in [0, 1). */
export function mulberry32(state: number): () => number {
  let a = state >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
  };
}

/**
 * `count` distinct words drawn from `words` (assumed unique) with a PRNG seeded from
 * (`seed`, `length`): a partial Fisher–Yates shuffle, in draw order. The pit passes the
 * sorted unique words of the length, so the sample does not depend on the file's order.
 */
export function sampleWords(words: readonly string[], count: number, seed: number, length: number): string[] {
  if (!Number.isSafeInteger(seed) || seed < 0) throw fail('usage', `seed must be a non-negative integer, got ${seed}`);
  if (count > words.length) throw fail('usage', `cannot draw ${count} distinct words from ${words.length}`);
  const rng = mulberry32(streamSeed(seed, length));
  const idx = Uint32Array.from({ length: words.length }, (_, i) => i);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(rng() * (words.length - i));
    const pick = idx[j];
    idx[j] = idx[i];
    idx[i] = pick;
    out.push(words[pick]);
  }
  return out;
}

export function roundScore(attempts: number, found: boolean): number {
  return found ? 100 * (PIT_ATTEMPTS + 1 - attempts) : 0;
}

// ---------------------------------------------------------------------------------------------
// The protocol driver
// ---------------------------------------------------------------------------------------------

export interface PlayOptions {
  /** Kill the player this long after its start (default 10 s). */
  readonly timeoutMs?: number;
  /** The player's stderr: passed through, dropped, or kept (its last `STDERR_KEPT` characters in `stderrTail`). */
  readonly stderr?: 'inherit' | 'ignore' | 'keep';
}

/** How much of a player's stderr a game keeps with `stderr: 'keep'`. */
export const STDERR_KEPT = 2000;

export interface GameResult {
  /** Guesses the player made that the emulator answered (at most 5). */
  readonly attempts: number;
  readonly found: boolean;
  readonly guesses: string[];
  /** The masks sent back, one per guess. */
  readonly masks: string[];
  /** Killed by the emulator at the timeout (before or after the game ended). */
  readonly timedOut: boolean;
  /** The shell's exit status, or null when killed by a signal. */
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  /** Wall time from spawn to exit, milliseconds. */
  readonly wallMs: number;
  /**
   * Per guess, milliseconds until its line arrived: the first from the spawn (so it holds the
   * player's start-up), each later one from the writing of the mask before it.
   */
  readonly guessMs: number[];
  /** With `stderr: 'keep'`: the end of what the player wrote to stderr, else ''. */
  readonly stderrTail: string;
}

/** Children alive right now (process-group leaders), killed on SIGINT / SIGTERM / exit. */
const liveChildren = new Set<number>();

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** Kill every player still running (used by the interrupt handlers). */
export function killLivePlayers(): void {
  for (const pid of liveChildren) killGroup(pid);
  liveChildren.clear();
}

/** One game of the pit: who plays, which secret, where. */
export interface PitGame {
  /** The player's command line; the game runs it through the shell with the word length appended. */
  readonly command: string;
  readonly len: number;
  readonly secret: string;
  /** The pit directory: the player's working directory, with its wordlist.txt. */
  readonly dir: string;
  /** The words a guess may be (of `len` letters). */
  readonly words: ReadonlySet<string>;
}

/**
 * Play one game: start `command len` through the shell in `dir`, answer its guesses against
 * `secret`, close its stdin when the game is over and wait for it to exit (killing it, with
 * its process group, `timeoutMs` after the start). A guess is valid when it has `len`
 * letters and is in `words`. A player killed before the game ended has not found the word.
 */
export function playGame(game: PitGame, options: PlayOptions = {}): Promise<GameResult> {
  const { command: cmd, len, secret, dir, words: wordSet } = game;
  const timeoutMs = options.timeoutMs ?? DEFAULT_GAME_TIMEOUT_MS;
  const solvedMask = 'O'.repeat(len);
  const invalidMask = 'X'.repeat(len);
  return new Promise<GameResult>((resolvePromise, rejectPromise) => {
    const start = performance.now();
    let exitAt = 0;
    const child = spawn(`${cmd} ${len}`, {
      shell: true,
      cwd: dir,
      // Own process group, so a timeout or an interrupt can kill the shell and the player.
      detached: true,
      stdio: ['pipe', 'pipe', options.stderr === 'keep' ? 'pipe' : (options.stderr ?? 'inherit')],
    }) as ChildProcessByStdio<Writable, Readable, Readable | null>;
    let stderrTail = '';
    if (options.stderr === 'keep') {
      child.stderr?.setEncoding('utf8');
      child.stderr?.on('data', (chunk: string) => {
        stderrTail = (stderrTail + chunk).slice(-STDERR_KEPT);
      });
    }
    const pid = child.pid;
    if (pid !== undefined) liveChildren.add(pid);

    const guesses: string[] = [];
    const masks: string[] = [];
    const guessMs: number[] = [];
    let lastSent = start;
    let found = false;
    let over = false;
    let timedOut = false;
    let pending = '';

    const endGame = (): void => {
      if (over) return;
      over = true;
      child.stdin.end();
    };
    const onLine = (raw: string): void => {
      if (over) return;
      const guess = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
      const valid = guess.length === len && wordSet.has(guess);
      const mask = valid ? referenceMask(secret, guess) : invalidMask;
      guesses.push(guess);
      masks.push(mask);
      guessMs.push(performance.now() - lastSent);
      if (mask === solvedMask) found = true;
      child.stdin.write(`${mask}\n`);
      lastSent = performance.now();
      if (found || guesses.length >= PIT_ATTEMPTS) endGame();
    };

    child.stdin.on('error', () => {
      // EPIPE: the player exited without reading; its 'close' ends the game.
    });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      pending += chunk;
      let nl = pending.indexOf('\n');
      while (nl >= 0) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        onLine(line);
        nl = pending.indexOf('\n');
      }
    });
    child.stdout.on('end', () => {
      // A last line without '\n' still counts, as a line-reading harness would read it.
      if (pending.length > 0) onLine(pending);
      pending = '';
      endGame();
    });

    const timer = setTimeout(() => {
      timedOut = true;
      if (pid !== undefined) killGroup(pid);
    }, timeoutMs);

    child.on('exit', () => {
      exitAt = performance.now();
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      if (pid !== undefined) liveChildren.delete(pid);
      rejectPromise(fail('usage', `cannot start player "${cmd}": ${err.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (pid !== undefined) liveChildren.delete(pid);
      if (exitAt === 0) exitAt = performance.now();
      endGame();
      resolvePromise({
        attempts: guesses.length,
        found,
        guesses,
        masks,
        timedOut,
        exitCode: code,
        signal,
        wallMs: exitAt - start,
        guessMs,
        stderrTail,
      });
    });
  });
}

/** Quote a word for a POSIX shell when it needs it. */
export function shellQuote(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * Players run in the pit directory, so a relative path in a player command would not resolve
 * there. Each plain word of the command (no quotes or shell syntax) that names an existing
 * file or directory relative to `base` becomes an absolute path; a first word without '/' is
 * left alone (a command looked up on PATH). Commands with quotes or shell syntax are returned
 * as they are.
 */
export function absolutizeCommand(cmd: string, base: string = process.cwd()): string {
  if (/[\\'"`$|&;<>(){}*?~]/.test(cmd)) return cmd;
  const words = cmd.trim().split(/\s+/);
  return words
    .map((w, i) => {
      if (w.startsWith('-') || w.startsWith('/')) return w;
      if (i === 0 && !w.includes('/')) return w;
      const abs = resolve(base, w);
      return existsSync(abs) ? shellQuote(abs) : w;
    })
    .join(' ');
}

// ---------------------------------------------------------------------------------------------
// Word list, lengths and the players' directory
// ---------------------------------------------------------------------------------------------

/** The repository root: the nearest directory above this module holding package.json. */
export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const up = dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
}

/** `../shared/lingo/wordlist.txt` next to the repository when present, else the `word-list` package. */
export function defaultWordListPath(): string {
  const shared = resolve(repoRoot(), '..', 'shared', 'lingo', 'wordlist.txt');
  return existsSync(shared) ? shared : wordListPackagePath;
}

/** "4-13", "4,5,9", "4-6,9" → sorted unique lengths, each 1..64. */
export function parseLengths(spec: string): number[] {
  const out = new Set<number>();
  const parsePart = (s: string): number => {
    if (!/^\d+$/.test(s)) throw fail('usage', `--lengths: "${spec}" is not a list like 4-13 or 4,5,9`);
    const n = Number(s);
    if (n < 1 || n > 64) throw fail('usage', `--lengths: length ${n} is out of range 1..64`);
    return n;
  };
  for (const part of spec.split(',')) {
    const p = part.trim();
    const dash = p.indexOf('-');
    if (dash >= 0) {
      const a = parsePart(p.slice(0, dash).trim());
      const b = parsePart(p.slice(dash + 1).trim());
      if (a > b) throw fail('usage', `--lengths: empty range ${p}`);
      for (let n = a; n <= b; n++) out.add(n);
    } else {
      out.add(parsePart(p));
    }
  }
  return [...out].sort((x, y) => x - y);
}

export interface PitWords {
  readonly path: string;
  /** Sorted unique words per length (every length present in the list). */
  readonly byLength: ReadonlyMap<number, readonly string[]>;
  readonly sets: ReadonlyMap<number, ReadonlySet<string>>;
}

export function loadPitWords(path: string): PitWords {
  const all = parseWordList(readTextFile(path), { source: path });
  const groups = new Map<number, string[]>();
  for (const w of all) {
    let g = groups.get(w.length);
    if (g === undefined) {
      g = [];
      groups.set(w.length, g);
    }
    g.push(w);
  }
  const byLength = new Map<number, readonly string[]>();
  const sets = new Map<number, ReadonlySet<string>>();
  for (const [len, words] of groups) {
    const list = makeWordList(path, words);
    byLength.set(len, list.words);
    sets.set(len, new Set(list.words));
  }
  return { path, byLength, sets };
}

/**
 * The players' working directory: a fresh temporary directory holding a copy of the list as
 * `wordlist.txt` and, when `split`, `wordlistN.txt` (the unique words of length N, sorted,
 * one per line) for N in 4..13 and every other length in `extraLengths`.
 */
export function makePitDir(words: PitWords, split: boolean, extraLengths: readonly number[] = []): string {
  const dir = mkdtempSync(join(tmpdir(), 'lingo-pit-'));
  try {
    copyFileSync(words.path, join(dir, 'wordlist.txt'));
    if (split) {
      const lens = new Set<number>(extraLengths);
      for (let n = PIT_MIN_LENGTH; n <= PIT_MAX_LENGTH; n++) lens.add(n);
      for (const n of lens) {
        const ws = words.byLength.get(n) ?? [];
        writeFileSync(join(dir, `wordlist${n}.txt`), ws.length > 0 ? `${ws.join('\n')}\n` : '');
      }
    }
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  return dir;
}

/**
 * Run `body` with a pit directory that is removed afterwards, also on an error, SIGINT or
 * SIGTERM (which kill the running players and exit with 130 / 143).
 */
export async function withPitDir<T>(
  words: PitWords,
  split: boolean,
  extraLengths: readonly number[],
  body: (dir: string) => Promise<T>,
): Promise<T> {
  const dir = makePitDir(words, split, extraLengths);
  const cleanup = (): void => {
    killLivePlayers();
    rmSync(dir, { recursive: true, force: true });
  };
  const onSignal = (signal: NodeJS.Signals): void => {
    cleanup();
    if (process.stderr.isTTY) process.stderr.write('\n');
    process.stderr.write(`pit: interrupted (${signal}); players killed, ${dir} removed\n`);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('exit', cleanup);
  try {
    return await body(dir);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    process.off('exit', cleanup);
    cleanup();
  }
}

// ---------------------------------------------------------------------------------------------
// The pit
// ---------------------------------------------------------------------------------------------

export interface WordRecord {
  readonly word: string;
  readonly attempts: number;
  readonly score: number;
  readonly guesses: string[];
  readonly masks: string[];
  readonly found: boolean;
  readonly timedOut: boolean;
  readonly exitCode: number | null;
  readonly wallMs: number;
}

export interface LengthRecord {
  score: number;
  mean: number;
  words: WordRecord[];
}

export interface PlayerRecord {
  readonly player: string;
  readonly perLength: Record<string, LengthRecord>;
  total: number;
}

export interface PitConfig {
  readonly players: readonly string[];
  readonly rounds: number;
  readonly seed: number;
  readonly lengths: readonly number[];
  readonly words: PitWords;
  readonly split: boolean;
  readonly timeoutMs: number;
  readonly quiet: boolean;
  /** Called after every game (progress display). */
  readonly onGame?: (done: number, total: number, len: number) => void;
}

/** The secrets per length, the same for every player. Throws when a length has too few words. */
export function pitSecrets(
  words: PitWords,
  lengths: readonly number[],
  rounds: number,
  seed: number,
): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const len of lengths) {
    const list = words.byLength.get(len) ?? [];
    if (list.length === 0) throw fail('wordlist', `${words.path}: no words of length ${len}`);
    if (rounds > list.length) {
      throw fail('usage', `--rounds ${rounds} is more than the ${list.length} words of length ${len} in ${words.path}`);
    }
    out.set(len, sampleWords(list, rounds, seed, len));
  }
  return out;
}

export async function runPit(config: PitConfig): Promise<PlayerRecord[]> {
  const { players, rounds, seed, lengths, words, split } = config;
  const secrets = pitSecrets(words, lengths, rounds, seed);
  const records: PlayerRecord[] = players.map((player) => ({ player, perLength: {}, total: 0 }));
  const commands = players.map((p) => absolutizeCommand(p));
  const started = players.map(() => false);
  const totalGames = players.length * lengths.length * rounds;
  let done = 0;
  await withPitDir(words, split, lengths, async (dir) => {
    for (const len of lengths) {
      const set = words.sets.get(len) ?? new Set<string>();
      for (const rec of records) rec.perLength[String(len)] = { score: 0, mean: 0, words: [] };
      for (const secret of secrets.get(len) ?? []) {
        for (const [i, rec] of records.entries()) {
          const g = await playGame(
            { command: commands[i], len, secret, dir, words: set },
            {
              timeoutMs: config.timeoutMs,
              stderr: config.quiet ? 'ignore' : 'inherit',
            },
          );
          if (!started[i]) {
            // A command that cannot even start would fail every game: stop at the first one.
            if (g.attempts === 0 && !g.timedOut && g.exitCode !== 0) {
              throw fail(
                'usage',
                `player "${rec.player}" exited with ${g.exitCode === null ? `signal ${g.signal}` : `status ${g.exitCode}`} ` +
                  `before its first guess (it runs as "${commands[i]} ${len}" in the pit directory)`,
              );
            }
            started[i] = true;
          }
          const score = roundScore(g.attempts, g.found);
          const per = rec.perLength[String(len)] as LengthRecord;
          per.words.push({
            word: secret,
            attempts: g.attempts,
            score,
            guesses: g.guesses,
            masks: g.masks,
            found: g.found,
            timedOut: g.timedOut,
            exitCode: g.exitCode,
            wallMs: Math.round(g.wallMs * 10) / 10,
          });
          per.score += score;
          rec.total += score;
          done++;
          config.onGame?.(done, totalGames, len);
        }
      }
      for (const rec of records) {
        const per = rec.perLength[String(len)] as LengthRecord;
        per.mean = rounds > 0 ? per.score / rounds : 0;
      }
    }
  });
  return records;
}

function pad(s: string, n: number): string {
  return s.length >= n ? s : ' '.repeat(n - s.length) + s;
}

/** Player labels for the table: A, B, ..., Z, P27, ... */
function label(i: number): string {
  return i < 26 ? String.fromCharCode(65 + i) : `P${i + 1}`;
}

/** The score table, pit style: per length the score and mean per word of each player, then totals. */
export function formatTable(
  config: Pick<PitConfig, 'seed' | 'rounds' | 'lengths' | 'split' | 'words'>,
  records: readonly PlayerRecord[],
): string {
  const { seed, rounds, lengths, split } = config;
  const lines: string[] = [];
  lines.push(
    `Lingo pit: seed ${seed}, ${rounds} words per length, word list ${config.words.path}` +
      (split ? ' (+ wordlistN.txt)' : ' (no split files)'),
  );
  records.forEach((r, i) => {
    lines.push(`  ${label(i)}: ${r.player}`);
  });
  lines.push('');
  const scoreW = 9;
  const meanW = 9;
  let head = `${pad('len', 5)} ${pad('words', 6)}`;
  records.forEach((_, i) => {
    head += ` | ${pad(`${label(i)} score`, scoreW)} ${pad('mean', meanW)}`;
  });
  lines.push(head);
  lines.push('-'.repeat(head.length));
  for (const len of lengths) {
    let row = `${pad(String(len), 5)} ${pad(String(rounds), 6)}`;
    for (const r of records) {
      const per = r.perLength[String(len)];
      row += ` | ${pad(String(per?.score ?? 0), scoreW)} ${pad((per?.mean ?? 0).toFixed(2), meanW)}`;
    }
    lines.push(row);
  }
  lines.push('-'.repeat(head.length));
  let total = `${pad('total', 5)} ${pad(String(rounds * lengths.length), 6)}`;
  for (const r of records) {
    const sumMeans = rounds > 0 ? r.total / rounds : 0;
    total += ` | ${pad(String(r.total), scoreW)} ${pad(sumMeans.toFixed(2), meanW)}`;
  }
  lines.push(total);
  lines.push('mean: score per word; on the total line, the sum of the per-length means');
  records.forEach((r, i) => {
    let timeouts = 0;
    let badExit = 0;
    let played = 0;
    for (const per of Object.values(r.perLength)) {
      for (const w of per.words) {
        played++;
        if (w.timedOut) timeouts++;
        else if (w.exitCode !== 0) badExit++;
      }
    }
    if (timeouts + badExit > 0) {
      lines.push(
        `${label(i)}: ${timeouts + badExit} of ${played} games ended abnormally (${timeouts} killed at the timeout, ${badExit} non-zero exit)`,
      );
    }
  });
  return `${lines.join('\n')}\n`;
}

/** What `--json` prints: the tests and other tools read it. */
export interface PitReport {
  readonly seed: number;
  readonly rounds: number;
  readonly lengths: readonly number[];
  readonly wordlist: string;
  readonly split: boolean;
  readonly players: readonly PlayerRecord[];
}

export function toJson(
  config: Pick<PitConfig, 'seed' | 'rounds' | 'lengths' | 'split' | 'words'>,
  records: readonly PlayerRecord[],
): PitReport {
  return {
    seed: config.seed,
    rounds: config.rounds,
    lengths: config.lengths,
    wordlist: config.words.path,
    split: config.split,
    players: records.map((r) => ({ player: r.player, perLength: r.perLength, total: r.total })),
  };
}

// ---------------------------------------------------------------------------------------------
// Command line
// ---------------------------------------------------------------------------------------------

export const PIT_USAGE = `usage: npm run pit -- --player "CMD" [--player "CMD2" ...] [--rounds N] [--seed S]
         [--wordlist PATH] [--lengths 4-13|4,5,9] [--no-split] [--json] [--quiet] [--timeout SECONDS]

  --player CMD    player command, run through the shell as "CMD LEN" (repeat to compare players)
  --rounds N      words per length (default 100)
  --seed S        non-negative integer seed for the word draw (default 1)
  --wordlist PATH word list (default ../shared/lingo/wordlist.txt, else the word-list package)
  --lengths SPEC  word lengths, e.g. 4-13 (default) or 4,5,9
  --no-split      do not write wordlistN.txt files next to wordlist.txt
  --json          print a JSON report instead of the table
  --quiet         discard the players' stderr
  --timeout S     seconds a game may take before the player is killed (default 10)
`;

type OptionSpec = { type: 'string' | 'boolean'; multiple?: boolean; short?: string };

/**
 * util.parseArgs, strict, with one-line usage errors. Every unknown option is named (not just
 * the first one).
 */
export function parseCommandLine<T extends Record<string, OptionSpec>>(
  args: readonly string[],
  options: T,
): Record<string, string | boolean | string[] | undefined> {
  const loose = parseArgs({ args: [...args], options, strict: false, allowPositionals: true, tokens: true });
  const unknown: string[] = [];
  for (const t of loose.tokens ?? []) {
    if (t.kind === 'option' && !Object.hasOwn(options, t.name)) unknown.push(t.rawName);
  }
  if (unknown.length > 0) {
    throw fail(
      'usage',
      `unknown option${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} (known: ${Object.keys(options)
        .map((k) => `--${k}`)
        .join(' ')})`,
    );
  }
  try {
    return parseArgs({ args: [...args], options, strict: true, allowPositionals: false }).values as Record<
      string,
      string | boolean | string[] | undefined
    >;
  } catch (e) {
    const msg = (e as Error).message.split('\n')[0] ?? String(e);
    throw fail('usage', msg);
  }
}

export function parseCount(value: string | undefined, name: string, fallback: number, min = 1): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw fail('usage', `${name}: "${value}" is not a whole number`);
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min) throw fail('usage', `${name}: ${value} must be at least ${min}`);
  return n;
}

export function parseSeconds(value: string | undefined, name: string, fallbackMs: number): number {
  if (value === undefined) return fallbackMs;
  const s = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || !(s > 0))
    throw fail('usage', `${name}: "${value}" is not a positive number of seconds`);
  return s * 1000;
}

/** Progress on stderr, only for a terminal. */
export function progressReporter(what: string): {
  onGame: (done: number, total: number, len: number) => void;
  clear: () => void;
} {
  const tty = process.stderr.isTTY === true;
  let last = 0;
  return {
    onGame(done, total, len) {
      if (!tty) return;
      const now = Date.now();
      if (done < total && now - last < 100) return;
      last = now;
      process.stderr.write(`\r${what}: length ${len}, game ${done}/${total}   `);
    },
    clear() {
      if (tty) process.stderr.write('\r\x1b[K');
    },
  };
}

async function main(argv: readonly string[]): Promise<void> {
  const values = parseCommandLine(argv, {
    player: { type: 'string', multiple: true },
    rounds: { type: 'string' },
    seed: { type: 'string' },
    wordlist: { type: 'string' },
    lengths: { type: 'string' },
    'no-split': { type: 'boolean' },
    json: { type: 'boolean' },
    quiet: { type: 'boolean' },
    timeout: { type: 'string' },
    help: { type: 'boolean' },
  });
  if (values.help === true) {
    process.stdout.write(PIT_USAGE);
    return;
  }
  const players = (values.player as string[] | undefined) ?? [];
  if (players.length === 0) throw fail('usage', 'no player: give --player "CMD" (see --help)');
  for (const p of players) if (p.trim() === '') throw fail('usage', '--player: empty command');
  const rounds = parseCount(values.rounds as string | undefined, '--rounds', 100);
  const seed = parseCount(values.seed as string | undefined, '--seed', 1, 0);
  const lengths = parseLengths((values.lengths as string | undefined) ?? `${PIT_MIN_LENGTH}-${PIT_MAX_LENGTH}`);
  const timeoutMs = parseSeconds(values.timeout as string | undefined, '--timeout', DEFAULT_GAME_TIMEOUT_MS);
  const wordlistArg = values.wordlist as string | undefined;
  const words = loadPitWords(wordlistArg !== undefined ? resolve(wordlistArg) : defaultWordListPath());
  const split = values['no-split'] !== true;
  const progress = progressReporter('pit');
  const config: PitConfig = {
    players,
    rounds,
    seed,
    lengths,
    words,
    split,
    timeoutMs,
    quiet: values.quiet === true,
    onGame: progress.onGame,
  };
  const records = await runPit(config);
  progress.clear();
  if (values.json === true) process.stdout.write(`${JSON.stringify(toJson(config, records))}\n`);
  else process.stdout.write(formatTable(config, records));
}

/** Print a GuesstreeError as one line and exit with its status; anything else is a bug. */
export function reportAndExit(prog: string, e: unknown): never {
  if (isGuesstreeError(e)) {
    process.stderr.write(`${prog}: ${e.message}\n`);
    process.exit(e.status);
  }
  process.stderr.write(`${prog}: ${(e as Error)?.stack ?? String(e)}\n`);
  process.exit(1);
}

/** True when `moduleUrl` is the script node was started with. */
export function isEntryPoint(moduleUrl: string): boolean {
  const arg = process.argv[1];
  if (arg === undefined) return false;
  try {
    return realpathSync(arg) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}

if (isEntryPoint(import.meta.url)) {
  main(process.argv.slice(2)).catch((e: unknown) => reportAndExit('pit', e));
}
