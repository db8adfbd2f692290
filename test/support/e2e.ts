/**
 * Helpers for the end-to-end suites (cli, lingo-player, pit-vs-verify): small seeded word
 * lists, running the built programs in dist/ as child processes, driving a guess/mask dialogue
 * like a harness, and reading `export --format paths`. Assumes `npm run build` has run.
 *
 * Every spawned program gets GUESSTREE_TREES set by the caller, so no test ever writes the
 * repository's trees/ folder (its shipped trees are still found, after GUESSTREE_TREES's).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { referenceMask } from '../../runtime/lingo-feedback.js';
import { mulberry32 } from '../../scripts/pit.js';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const CLI = join(ROOT, 'dist', 'compiler', 'cli.js');
export const PLAYER = join(ROOT, 'dist', 'runtime', 'lingo-player.js');
export const PIT = join(ROOT, 'dist', 'scripts', 'pit.js');

/** Letters of the random words; the cluster words use none of them. */
export const ALPHABET = 'abcdeghilmno';
/**
 * Eleven 4-letter words that differ only in their first letter and share no letter with the
 * random words: a guess tells at most one of them apart, so with 5 guesses at least 6 of them
 * are never found, whatever the tree.
 */
export const CLUSTER = [...'fjkpqsvwxyz'].map((c) => `${c}urt`);

/** The pit emulator's seeded PRNG (mulberry32), floats in [0, 1). */
export function rng(seed: number): () => number {
  return mulberry32(seed);
}

/** `count` distinct random words of length `len` over `alphabet`, in draw order. */
export function randomWords(
  rand: () => number,
  count: number,
  len: number,
  alphabet = ALPHABET,
  avoid: ReadonlySet<string> = new Set(),
): string[] {
  const out = new Set<string>();
  while (out.size < count) {
    let w = '';
    for (let i = 0; i < len; i++) w += alphabet[Math.floor(rand() * alphabet.length)];
    if (!avoid.has(w)) out.add(w);
  }
  return [...out];
}

export function shuffled<T>(rand: () => number, xs: readonly T[]): T[] {
  const a = xs.slice();
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [a[i], a[j]] = [a[j] as T, a[i] as T];
  }
  return a;
}

/** The normalized list (sorted, unique) and its hash as the README defines it. */
export function normalized(words: readonly string[]): string[] {
  return [...new Set(words)].sort();
}
export function listSha256(words: readonly string[]): string {
  return createHash('sha256')
    .update(`${normalized(words).join('\n')}\n`)
    .digest('hex');
}
export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `guesstree-${prefix}-`));
}
export function removeDir(dir: string | undefined): void {
  if (dir) rmSync(dir, { recursive: true, force: true });
}
export function writeList(path: string, words: readonly string[], eol = '\n'): string {
  writeFileSync(path, words.join(eol) + eol);
  return path;
}

export interface Run {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunOptions {
  /** The trees folder the program sees (GUESSTREE_TREES); always required. */
  readonly trees: string;
  readonly cwd?: string;
  readonly input?: string;
  readonly timeoutMs?: number;
}

/** Run `node script args...` to completion, with stdin from `input` (else closed). */
export function runNode(script: string, args: readonly string[], o: RunOptions): Promise<Run> {
  return new Promise((done, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: o.cwd ?? ROOT,
      env: { ...process.env, GUESSTREE_TREES: o.trees },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.stdin.on('error', () => {});
    child.stdin.end(o.input ?? '');
    const timer = setTimeout(() => child.kill('SIGKILL'), o.timeoutMs ?? 30_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code, signal, stdout, stderr });
    });
  });
}

/** The guesstree CLI. A compile without --out must point GUESSTREE_TREES at a temp folder. */
export function cli(args: readonly string[], o: RunOptions): Promise<Run> {
  if (!o.trees || resolve(o.trees) === join(ROOT, 'trees'))
    throw new Error('tests must not use the repository trees/ folder');
  return runNode(CLI, args, o);
}

/** Non-empty lines of a text. */
/** A game's options as command-line arguments (`{ len: 5, hard: true }` gives `--len 5 --hard`). */
export function optionArgs(opts: Readonly<Record<string, string | number | boolean | undefined>>): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(opts)) {
    if (v === undefined || v === false) continue;
    out.push(`--${k}`);
    if (v !== true) out.push(String(v));
  }
  return out;
}

export function lines(text: string): string[] {
  return text.split('\n').filter((l) => l.length > 0);
}

/** `SECRET<TAB>G1 G2 ...` lines into a map. */
export function parsePaths(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of lines(text)) {
    const m = /^([^\s]+)\t([^\s]+(?: [^\s]+)*)$/.exec(line);
    if (!m) throw new Error(`malformed paths line: ${JSON.stringify(line)}`);
    if (out.has(m[1])) throw new Error(`secret listed twice: ${m[1]}`);
    out.set(m[1], m[2].split(' '));
  }
  return out;
}

export const ATTEMPTS = 5;

/** Score of a path as the pit counts it: 100·(6 − attempts) when the last guess is the secret. */
export function pathScore(secret: string, path: readonly string[]): number {
  return path[path.length - 1] === secret ? 100 * (ATTEMPTS + 1 - path.length) : 0;
}

export interface Dialogue {
  readonly guesses: string[];
  readonly masks: string[];
  readonly stdout: string;
  readonly stderr: string;
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** Killed by the test after `timeoutMs`. */
  readonly timedOut: boolean;
}

export interface DialogueOptions {
  readonly trees: string;
  readonly cwd?: string;
  /** The guess a stdout line carries, or null for other lines (e.g. play's "solved in 3"). */
  readonly guessOf: (line: string) => string | null;
  /**
   * The mask to send for the n-th guess (1-based), or null to close stdin instead.
   * Default: referenceMask(secret, guess).
   */
  readonly maskFor?: (guess: string, n: number) => string | null;
  readonly secret?: string;
  /** What follows each mask (default '\n'). */
  readonly eol?: string | ((n: number) => string);
  /** Close stdin once the game is over (all-O mask or the 5th mask), as the harness does. */
  readonly closeWhenOver?: boolean;
  readonly timeoutMs?: number;
}

/**
 * Play one game with a program that prints a guess per line and reads a mask per line,
 * answering each guess as it arrives (a harness, not a prepared script).
 */
export function dialogue(script: string, args: readonly string[], o: DialogueOptions): Promise<Dialogue> {
  return new Promise((done, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: o.cwd ?? ROOT,
      env: { ...process.env, GUESSTREE_TREES: o.trees },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const guesses: string[] = [];
    const masks: string[] = [];
    let stdout = '';
    let stderr = '';
    let pending = '';
    let over = false;
    let timedOut = false;
    const maskFor =
      o.maskFor ??
      ((g: string) => {
        if (o.secret === undefined) throw new Error('dialogue: give secret or maskFor');
        return referenceMask(o.secret, g);
      });
    const end = (): void => {
      if (over) return;
      over = true;
      child.stdin.end();
    };
    child.stdin.on('error', () => {});
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      pending += d;
      for (let nl = pending.indexOf('\n'); nl >= 0; nl = pending.indexOf('\n')) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        const guess = o.guessOf(line);
        if (guess === null || over) continue;
        guesses.push(guess);
        const mask = maskFor(guess, guesses.length);
        if (mask === null) {
          end();
          continue;
        }
        masks.push(mask);
        const eol = typeof o.eol === 'function' ? o.eol(guesses.length) : (o.eol ?? '\n');
        child.stdin.write(mask + eol);
        const finished = /^O+$/.test(mask) || guesses.length >= ATTEMPTS;
        if (finished) {
          if (o.closeWhenOver !== false) end();
          else over = true; // keep stdin open: the program must stop by itself
        }
      }
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, o.timeoutMs ?? 20_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (!child.stdin.destroyed) child.stdin.destroy();
      done({ guesses, masks, stdout, stderr, code, signal, timedOut });
    });
  });
}

export interface LingoFixture {
  /** Unique 4-letter words: 90 random ones and the 11 cluster words. */
  readonly four: string[];
  /** Unique 5-letter words. */
  readonly five: string[];
  /** The file's lines: all of them shuffled, plus words of other lengths (3 and 7 letters). */
  readonly lines: string[];
}

/** The word lists the suites compile: small, so a greedy compile takes a fraction of a second. */
export function lingoFixture(seed = 11, randomFour = 90, randomFive = 40): LingoFixture {
  const rand = rng(seed);
  const four = [...randomWords(rand, randomFour, 4), ...CLUSTER];
  const five = randomWords(rand, randomFive, 5);
  const lines = shuffled(
    rand,
    [...four, ...five, 'abc', 'mole', 'bodegah'].filter((w, i, a) => a.indexOf(w) === i),
  );
  return { four: normalized(four.concat(lines.filter((w) => w.length === 4))), five, lines };
}

/** All Lingo masks of a length, in base-3 order (X=0, ?=1, O=2). */
export function allMasks(len: number): string[] {
  let out = [''];
  for (let i = 0; i < len; i++) out = out.flatMap((m) => [`${m}X`, `${m}?`, `${m}O`]);
  return out;
}
