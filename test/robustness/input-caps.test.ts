/**
 * Endless or huge input is capped, through the built programs:
 * word lists (64 MiB, 4 KiB a line) for every game's list options, status 3; reply lines of
 * `play` (Lingo's generic play and Hangman's own) and the pit player (64 Ki characters), status 5;
 * each one line on stderr, at once, while pipes, FIFOs and /dev/stdin still work.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, truncateSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LineSplitter } from '../../runtime/line-reader.js';
import { CLI, cli, lingoFixture, PLAYER, removeDir, ROOT, tempDir, writeList, type Run } from '../support/e2e.js';

let dir: string;
let trees: string; // empty: no test reads the repository's trees/
let list4: string;

/** Exactly one line on stderr, no stack trace, the given status, and the parts in that line. */
function oneLine(r: Run, status: number, ...parts: Array<string | RegExp>): void {
  expect({ code: r.code, stderrLines: r.stderr.split('\n').length - 1 }, r.stderr).toEqual({
    code: status,
    stderrLines: 1,
  });
  expect(r.stderr).not.toMatch(/internal error|RangeError|bad_alloc|\bat .*\.js:\d+/);
  expect(r.stdout).not.toMatch(/guesstree:|RangeError/);
  for (const p of parts) {
    if (typeof p === 'string') expect(r.stderr).toContain(p);
    else expect(r.stderr).toMatch(p);
  }
}

/** A program with stdin read from a file (`/dev/zero`), timed. */
function runWithStdin(
  script: string,
  args: readonly string[],
  stdinPath: string,
  o: { trees: string; cwd?: string },
): Promise<Run & { ms: number }> {
  return new Promise((done, reject) => {
    const fd = openSync(stdinPath, 'r');
    const t0 = performance.now();
    const child = spawn(process.execPath, [script, ...args], {
      cwd: o.cwd ?? ROOT,
      env: { ...process.env, GUESSTREE_TREES: o.trees },
      stdio: [fd, 'pipe', 'pipe'],
    });
    closeSync(fd);
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code, signal, stdout, stderr, ms: performance.now() - t0 });
    });
  });
}

beforeAll(() => {
  dir = tempDir('input-caps');
  trees = join(dir, 'trees');
  mkdirSync(trees);
  list4 = writeList(join(dir, 'words4.txt'), lingoFixture().four);
});
afterAll(() => removeDir(dir));

describe('case 5: word lists are read with a cap on size and line length (status 3)', () => {
  it('/dev/zero as the list of every game stops at once on the line cap', async () => {
    const out = join(dir, 'never.gtree');
    const runs = await Promise.all([
      runWithStdin(
        CLI,
        ['compile', '--game', 'lingo', '--len', '5', '--wordlist', '/dev/zero', '--out', out],
        '/dev/null',
        { trees },
      ),
      runWithStdin(CLI, ['compile', '--game', 'matchcount', '--wordlist', '/dev/zero', '--out', out], '/dev/null', {
        trees,
      }),
      runWithStdin(CLI, ['stats', '--game', 'hangman', '--len', '5', '--wordlist', '/dev/zero'], '/dev/null', {
        trees,
      }),
      runWithStdin(CLI, ['stats', '--game', 'wordle', '--answers', '/dev/zero', '--guesses', list4], '/dev/null', {
        trees,
      }),
    ]);
    for (const r of runs) {
      oneLine(r, 3, "/dev/zero:1: line longer than 4,096 bytes, the limit of a word list's line");
      expect(r.ms).toBeLessThan(10_000);
    }
    expect(existsSync(out)).toBe(false);
    // A contest string is one line, however long: it has the size cap alone.
    const contest = await runWithStdin(
      CLI,
      ['verify', '--game', 'mastermind', '--pegs', '2', '--colors', '3', '--contest', '/dev/zero'],
      '/dev/null',
      { trees },
    );
    oneLine(contest, 3, '/dev/zero: the strategy is over the limit of 64 MiB; refused');
  });

  it('a list past 64 MiB through a pipe is refused; a small one through /dev/stdin and a FIFO compiles', async () => {
    const words = lingoFixture().four;
    const big = `${words.join('\n')}\n`.repeat(Math.ceil((64 * 2 ** 20 + 1) / (words.length * 5)));
    const fifo = join(dir, 'fifo');
    const mk = spawn('mkfifo', [fifo]);
    await new Promise((r) => mk.on('close', r));
    const fromFifo = cli(
      [
        'compile',
        '--game',
        'lingo',
        '--len',
        '4',
        '--effort',
        'quick',
        '--wordlist',
        fifo,
        '--out',
        join(dir, 'fifo.gtree'),
      ],
      { trees },
    );
    await writeFile(fifo, `${words.join('\n')}\n`);
    const [tooBig, viaStdin, viaFifo] = await Promise.all([
      cli(['compile', '--game', 'lingo', '--len', '4', '--wordlist', '/dev/stdin', '--out', join(dir, 'big.gtree')], {
        trees,
        input: big,
      }),
      cli(
        [
          'compile',
          '--game',
          'lingo',
          '--len',
          '4',
          '--effort',
          'quick',
          '--wordlist',
          '/dev/stdin',
          '--out',
          join(dir, 'stdin.gtree'),
        ],
        { trees, input: `${words.join('\n')}\n` },
      ),
      fromFifo,
    ]);
    oneLine(tooBig!, 3, '/dev/stdin: word list is over the limit of 64 MiB; refused');
    expect(existsSync(join(dir, 'big.gtree'))).toBe(false);
    for (const r of [viaStdin!, viaFifo!]) expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    expect(existsSync(join(dir, 'stdin.gtree')) && existsSync(join(dir, 'fifo.gtree'))).toBe(true);
  });

  it('a regular file past 64 MiB is refused before it is read', async () => {
    const huge = join(dir, 'huge.txt');
    writeFileSync(huge, '');
    truncateSync(huge, 70 * 2 ** 20); // sparse: no disk used
    oneLine(
      await cli(['stats', '--game', 'hangman', '--len', '4', '--wordlist', huge], { trees }),
      3,
      `${huge}: word list is 70 MiB, over the limit of 64 MiB; refused before reading`,
    );
  });
});

describe('case 6: play reads reply lines with a cap (status 5)', () => {
  it('play < /dev/zero: one line, status 5, no RangeError, for the generic play and Hangman', async () => {
    const hangman = join(dir, 'hangman4.gtree');
    const made = await cli(
      ['compile', '--game', 'hangman', '--len', '4', '--effort', 'greedy', '--wordlist', list4, '--out', hangman],
      { trees },
    );
    expect(made.code, made.stderr).toBe(0);
    const runs = await Promise.all([
      runWithStdin(CLI, ['play', '--tree', join(ROOT, 'trees', 'mastermind-p4c6.gtree')], '/dev/zero', { trees }),
      runWithStdin(CLI, ['play', '--tree', hangman, '--wordlist', list4], '/dev/zero', { trees }),
    ]);
    for (const r of runs) {
      oneLine(r, 5, /^guesstree: stdin line 1: longer than 65,536 characters, the limit of a reply line\n$/);
      expect(r.stdout).toMatch(/^guess 1: /m);
    }
  });
});

describe('case 7: the pit player reads lines linearly, with a cap (status 5)', () => {
  it('a 40 MB line without a newline is refused with one line, at once', async () => {
    const cwd = join(dir, 'pit');
    mkdirSync(cwd);
    writeList(join(cwd, 'wordlist.txt'), lingoFixture().four);
    // A tree for the list, so the player says nothing before the error.
    const made = await cli(
      ['compile', '--game', 'lingo', '--len', '4', '--effort', 'quick', '--wordlist', join(cwd, 'wordlist.txt')],
      { trees },
    );
    expect(made.code, made.stderr).toBe(0);
    const line = join(dir, 'line.txt');
    writeFileSync(line, 'O'.repeat(40_000_000));
    const r = await runWithStdin(PLAYER, ['4'], line, { trees, cwd });
    oneLine(r, 5, /^lingo-player: stdin line 1: longer than 65,536 characters, the limit of a reply line\n$/);
    expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(1); // the first guess, nothing else
    expect(r.ms).toBeLessThan(5_000);
  });
});

describe('the line reader (runtime/line-reader.ts)', () => {
  it('joins lines across chunks, stops when asked, and refuses a long line after the lines before it', () => {
    const s = new LineSplitter('stdin', 8);
    const got: string[] = [];
    s.push('ab', (l) => void got.push(l));
    s.push('c\nde\nf', (l) => void got.push(l));
    expect(got).toEqual(['abc', 'de']);
    expect(s.end()).toBe('f');
    const t = new LineSplitter('stdin', 8);
    const seen: string[] = [];
    expect(() => t.push(`ok\n${'x'.repeat(9)}`, (l) => void seen.push(l))).toThrow(
      /^stdin line 2: longer than 8 characters, the limit of a reply line$/,
    );
    expect(seen).toEqual(['ok']);
    const u = new LineSplitter('stdin', 8);
    const first: string[] = [];
    u.push(`one\n${'x'.repeat(20)}`, (l) => {
      first.push(l);
      return false;
    });
    expect(first).toEqual(['one']);
  });
});
