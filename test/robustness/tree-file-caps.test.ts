/**
 * Tree files are read within caps, whatever they hold: /dev/zero, a 2,000 MB file, a FIFO that
 * never ends, an envelope with a right checksum around 20 or 64 million empty msgpack maps or a
 * count past the bytes left, a word list that is a brotli bomb (500 MiB in about 200 KB), holds
 * ten million words or words of another length, and headers whose game or parameters are
 * forged (a Mastermind tree claiming Lingo or Bulls and Cows, no pegs, 8 pegs of 8 colours). Each is refused with one line
 * naming the file and the problem, status 4, by the CLI, by the library (GuesstreeError with
 * status 4, the host process alive) and by the pit player (which then plays online), each
 * process peaking under 512 MiB. Every hostile file is built here, in a temp folder.
 *
 * And a property (fast-check): byte flips and truncations of a small tree file never give
 * status 0 with other content, never a stack trace, and the process reading them all stays
 * under the same bound.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { pack } from 'msgpackr/pack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GuesstreeError, openTree, verify } from '../../compiler/library.js';
import { decodeTreeFile, TREE_FILE_MAX_BYTES } from '../../runtime/tree-format.js';
import { runMeasured, type MeasuredRun } from '../../scripts/peak-rss.js';
import {
  brotliBombTree,
  chainTree,
  emptyMapsTree,
  envelope,
  firstWords,
  forgedTree,
} from '../../scripts/tree-bombs.js';
import { CLI, lingoFixture, listSha256, PLAYER, removeDir, ROOT, tempDir } from '../support/e2e.js';

/** The bound every process reading a tree file must stay under (README: reliability). */
const PEAK_MIB = 512;
const HOST = join(ROOT, 'test', 'support', 'tree-reader-host.mjs');
const MM = join(ROOT, 'trees', 'mastermind-p4c6.gtree');
const BULLSCOWS = join(ROOT, 'trees', 'bullscows-d4s10.gtree');
/** A tree that carries its words (the default dictionary's 4-letter Hangman words). */
const WITH_WORDS = join(ROOT, 'trees', 'hangman-len4-misses-f92f61614cc2.gtree');

let dir: string;
let trees: string; // empty: no run reads the repository's trees/

/** Hostile files by name, built in beforeAll; each with what its one line must say. */
const cases: Record<string, { path: string; says: RegExp }> = {};

function add(name: string, bytes: Uint8Array, says: RegExp): void {
  const path = join(dir, `${name}.gtree`);
  writeFileSync(path, bytes);
  cases[name] = { path, says };
}

/** Exactly one line on stderr, naming `path` and matching `says`; nothing on stdout; no stack. */
function refusedInOneLine(r: { status: number | null; stdout: string; stderr: string }, path: string, says: RegExp) {
  expect({ status: r.status, lines: r.stderr.split('\n').length - 1, stdout: r.stdout }, r.stderr).toEqual({
    status: 4,
    lines: 1,
    stdout: '',
  });
  expect(r.stderr).toContain(path);
  expect(r.stderr).toMatch(says);
  expect(r.stderr).not.toMatch(/internal error|RangeError|bad_alloc|\n\s+at |--[a-z]/);
}

function underBound(r: MeasuredRun): void {
  expect(r.killed, r.stderr).toBeNull();
  expect(r.peakMiB, r.stderr).toBeLessThan(PEAK_MIB);
}

function cli(args: readonly string[], stdin?: string): Promise<MeasuredRun> {
  return runMeasured(CLI, args, { env: { GUESSTREE_TREES: trees }, cwd: ROOT, stdin, killMiB: 1536 });
}

beforeAll(async () => {
  dir = tempDir('tree-caps');
  trees = join(dir, 'trees');
  mkdirSync(trees);
  const mm = readFileSync(MM);
  add('maps-20M', emptyMapsTree(20_000_000), /corrupt tree file: body is not msgpack: more than 65536 items/);
  add('maps-64M', emptyMapsTree(64_000_000), /corrupt tree file: body is not msgpack: more than 65536 items/);
  add(
    'count-past-end',
    envelope(Uint8Array.of(0xdd, 0xff, 0xff, 0xff, 0xff, 0x80)),
    /body is not msgpack: a count of 4294967295 at byte 5 is more than the 1 bytes left/,
  );
  // 16 M nodes in one-byte arrays (61 MiB): their counts cannot be a tree's, refused before widening.
  const n = 16_000_000;
  const narrow = (count: number) => ({ w: 1, n: count, b: new Uint8Array(count) });
  add(
    'narrow-arrays',
    envelope(
      pack({
        header: decodeTreeFile(mm, MM).header,
        tree: { guess: narrow(n), edgeStart: narrow(n + 1), edgeCode: narrow(n - 1), edgeChild: narrow(n - 1) },
      }),
    ),
    /corrupt tree file: arrays edgeStart and edgeChild are not as wide as 16,000,000 nodes need$/m,
  );
  add(
    'brotli-500MiB',
    await brotliBombTree(readFileSync(WITH_WORDS), 500),
    /corrupt tree file: its secrets are over the limit of a word list, 64 MiB, once decompressed/,
  );
  add(
    'brotli-10M-words',
    await brotliBombTree(readFileSync(WITH_WORDS), 60),
    /corrupt tree file: its secrets are 10,485,\d{3} words, over the limit of 1,000,000/,
  );
  // A Lingo 13 tree whose carried words (hash and count right) have 12 letters.
  add(
    'lingo13-with-12-letter-words',
    chainTree(readFileSync(join(ROOT, 'trees', 'lingo-len13-8145537c951b.gtree')), 10, firstWords(50, 12)),
    /corrupt tree file: the words it carries are not all of 13 letters \(word 1, "aaaaaaaaaaaa", has 12\)$/m,
  );
  add(
    'mastermind-as-lingo',
    forgedTree(mm, (h) => {
      h.game = 'lingo';
    }),
    /corrupt tree file: header\.params\.length: missing, expected a whole number from 4 to 13$/m,
  );
  add(
    'mastermind-as-bullscows',
    forgedTree(mm, (h) => {
      h.game = 'bullscows';
    }),
    /corrupt tree file: header\.params\.digits: missing, expected a whole number from 1 to 10$/m,
  );
  add(
    'mastermind-as-bogus',
    forgedTree(mm, (h) => {
      h.game = 'bogus';
    }),
    /corrupt tree file: header\.game: "bogus" is not a game of this tool/,
  );
  add(
    'mastermind-no-pegs',
    forgedTree(mm, (h) => {
      h.params = { colors: 6 };
    }),
    /corrupt tree file: header\.params\.pegs: missing, expected a whole number from 1 to 8$/m,
  );
  add(
    'mastermind-pegs-1.5',
    forgedTree(mm, (h) => {
      h.params = { pegs: 1.5, colors: 6 };
    }),
    /corrupt tree file: header\.params\.pegs: 1\.5, expected a whole number from 1 to 8$/m,
  );
  add(
    'mastermind-pegs-NaN',
    forgedTree(mm, (h) => {
      h.params = { pegs: Number.NaN, colors: 6 };
    }),
    /corrupt tree file: header field params\.pegs: expected a number, a string or a boolean$/m,
  );
  add(
    'mastermind-p8c8',
    forgedTree(mm, (h) => {
      h.params = { pegs: 8, colors: 8 };
    }),
    /corrupt tree file: header\.params pegs 8, colors 8: 16,777,216 codes, more than the 65,536 a compile takes$/m,
  );
  add(
    'bullscows-d5s3',
    forgedTree(readFileSync(BULLSCOWS), (h) => {
      h.params = { digits: 5, symbols: 3 };
    }),
    /corrupt tree file: header\.params digits 5, symbols 3: 3 symbols for 5 digits/,
  );
  // A sparse file of 2,000 MB: refused from its size, never read.
  const big = join(dir, 'big.gtree');
  closeSync(openSync(big, 'w'));
  truncateSync(big, 2000 * 2 ** 20);
  cases.big = { path: big, says: /tree file is 2,000 MiB, over the limit of 64 MiB; refused before reading$/m };
  cases.zero = { path: '/dev/zero', says: /tree file is over the limit of 64 MiB; refused$/m };
}, 60_000);

afterAll(() => removeDir(dir));

describe('the CLI refuses each hostile tree file in one line, status 4, under 512 MiB', () => {
  const names = [
    'zero',
    'big',
    'maps-20M',
    'maps-64M',
    'count-past-end',
    'narrow-arrays',
    'brotli-500MiB',
    'brotli-10M-words',
    'lingo13-with-12-letter-words',
    'mastermind-as-lingo',
    'mastermind-as-bullscows',
    'mastermind-as-bogus',
    'mastermind-no-pegs',
    'mastermind-pegs-1.5',
    'mastermind-pegs-NaN',
    'mastermind-p8c8',
    'bullscows-d5s3',
  ];
  it.each(names)('verify --tree %s', { timeout: 60_000 }, async (name) => {
    const c = cases[name];
    const r = await cli(['verify', '--tree', c.path]);
    refusedInOneLine(r, c.path, c.says);
    underBound(r);
  });

  it('stats, export and play refuse them too (a forged header, the 20 M maps)', {
    timeout: 60_000,
  }, async () => {
    for (const name of ['mastermind-p8c8', 'maps-20M']) {
      const c = cases[name];
      for (const verb of [['stats'], ['export', '--format', 'paths'], ['play']]) {
        const r = await cli([...verb, '--tree', c.path]);
        refusedInOneLine(r, c.path, c.says);
        underBound(r);
      }
    }
  });
});

describe('a FIFO', () => {
  /** A new FIFO and a writer of `source` into it, waiting in the background for its reader. */
  function fifoFrom(name: string, source: string): { path: string; writer: ChildProcess } {
    const path = join(dir, name);
    execFileSync('mkfifo', [path]);
    return { path, writer: spawn('sh', ['-c', 'exec cat "$1" > "$0"', path, source], { stdio: 'ignore' }) };
  }

  it('that never ends is refused at the cap, status 4, under 512 MiB', { timeout: 60_000 }, async () => {
    const { path, writer } = fifoFrom('endless.fifo', '/dev/zero');
    try {
      const r = await cli(['verify', '--tree', path]);
      refusedInOneLine(r, path, /tree file is over the limit of 64 MiB; refused$/m);
      underBound(r);
    } finally {
      writer.kill();
    }
  });

  it('holding a good tree is read as a file: verify passes', { timeout: 60_000 }, async () => {
    const { path, writer } = fifoFrom('good.fifo', MM);
    try {
      const r = await cli(['verify', '--tree', path]);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain('tree: ');
      expect(r.stderr).toBe('');
    } finally {
      writer.kill();
    }
  });
});

describe('the library', () => {
  it('throws GuesstreeError status 4 in this process, which goes on', () => {
    for (const name of ['maps-20M', 'brotli-500MiB', 'mastermind-as-lingo', 'mastermind-p8c8', 'zero']) {
      const c = cases[name];
      for (const call of [() => verify(c.path), () => openTree(c.path)]) {
        let thrown: unknown;
        try {
          call();
        } catch (e) {
          thrown = e;
        }
        expect(thrown, name).toBeInstanceOf(GuesstreeError);
        expect((thrown as GuesstreeError).status, name).toBe(4);
        expect((thrown as GuesstreeError).message, name).toMatch(c.says);
      }
    }
    // Still working: a good tree verifies.
    expect(verify(MM).ok).toBe(true);
  });

  it('a host process reads every hostile file in turn, survives, and peaks under 512 MiB', {
    timeout: 120_000,
  }, async () => {
    const paths = Object.values(cases).map((c) => c.path);
    const r = await runMeasured(HOST, ['library', ...paths], { env: { GUESSTREE_TREES: trees }, killMiB: 1536 });
    expect(r.status, r.stderr).toBe(0);
    underBound(r);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.at(-1)).toEqual({ done: true });
    for (const line of lines.slice(0, -1)) {
      const c = Object.values(cases).find((x) => x.path === line.file);
      expect(c, line.file).toBeDefined();
      for (const o of [line.verified, line.opened]) {
        expect(o.status, `${line.file}: ${o.message}`).toBe(4);
        expect(o.message).toMatch(c?.says as RegExp);
      }
    }
  });
});

describe('the pit player', () => {
  it('refuses a hostile shipped tree in one line and plays online, under 512 MiB', { timeout: 90_000 }, async () => {
    const words = lingoFixture().four;
    const cwd = join(dir, 'pit');
    mkdirSync(cwd);
    writeFileSync(join(cwd, 'wordlist.txt'), `${words.join('\n')}\n`);
    const entry = (file: string) => ({
      file,
      game: 'lingo',
      params: { length: 4, attempts: 5 },
      lists: [{ role: 'words', count: words.length, sha256: listSha256(words) }],
      objective: { total: 0 },
      settings: {},
      tool: { name: 'guesstree', version: '0.1.0' },
      bytes: 0,
      sha256: '0'.repeat(64),
    });
    const setups: Record<string, (t: string) => void> = {
      zero: (t) => symlinkSync('/dev/zero', join(t, 'x.gtree')),
      'maps-20M': (t) => writeFileSync(join(t, 'x.gtree'), readFileSync(cases['maps-20M'].path)),
    };
    for (const [name, setup] of Object.entries(setups)) {
      const t = join(dir, `pit-trees-${name}`);
      mkdirSync(t);
      setup(t);
      writeFileSync(join(t, 'manifest.json'), JSON.stringify({ trees: [entry('x.gtree')] }));
      const r = await runMeasured(PLAYER, ['4'], { env: { GUESSTREE_TREES: t }, cwd, killMiB: 1536 });
      expect(r.status, `${name}: ${r.stderr}`).toBe(0);
      underBound(r);
      expect(r.stderr.split('\n').length - 1, r.stderr).toBe(1);
      expect(r.stderr).toMatch(/^lingo-player: .*x\.gtree: .*; searching online\n$/);
      expect(r.stderr).not.toMatch(/internal error|RangeError|\n\s+at /);
      // One guess, a word of the list (stdin is empty: the game ends there).
      expect(words).toContain(r.stdout.trim());
    }
  });
});

describe('byte flips and truncations of a small tree file (fast-check)', () => {
  it('never status 0 with other content, never a stack, the reading process under 512 MiB', {
    timeout: 180_000,
  }, async () => {
    const raw = new Uint8Array(readFileSync(MM));
    const base = decodeTreeFile(raw, MM);
    const control = await runMeasured(HOST, ['cli', MM], { env: { GUESSTREE_TREES: trees } });
    const controlOut = JSON.parse(control.stdout.split('\n')[0]);
    expect(controlOut.status, controlOut.stderr).toBe(0);
    const mutant = fc.oneof(
      fc.nat({ max: raw.length - 1 }).map((k) => ({ what: `truncated to ${k} bytes`, bytes: raw.slice(0, k) })),
      fc
        .array(fc.tuple(fc.nat({ max: raw.length - 1 }), fc.integer({ min: 1, max: 255 })), {
          minLength: 1,
          maxLength: 4,
        })
        .map((flips) => {
          const b = raw.slice();
          for (const [i, x] of flips) b[i] ^= x;
          return { what: `bytes ${flips.map(([i, x]) => `${i}^${x}`).join(' ')}`, bytes: b };
        }),
    );
    let batch = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(mutant, { minLength: 12, maxLength: 12 }), async (mutants) => {
        const paths = mutants.map((m, i) => {
          const p = join(dir, `mutant-${batch}-${i}.gtree`);
          writeFileSync(p, m.bytes);
          return p;
        });
        batch++;
        const r = await runMeasured(HOST, ['cli', ...paths], { env: { GUESSTREE_TREES: trees }, killMiB: 1536 });
        expect(r.status, r.stderr).toBe(0);
        underBound(r);
        const lines = r.stdout
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l));
        expect(lines.at(-1)).toEqual({ done: true });
        lines.slice(0, -1).forEach((o, i) => {
          const where = `${mutants[i].what}: status ${o.status}: ${o.stderr}`;
          expect(o.stderr, where).not.toMatch(/internal error|\n\s+at |RangeError|TypeError/);
          if (o.status !== 0) {
            expect(o.status, where).toBe(4);
            expect(o.stderr.split('\n').length - 1, where).toBe(1);
            return;
          }
          // Status 0 only for the same tree: the same decoded content and the same report.
          const same = decodeTreeFile(mutants[i].bytes, 'mutant');
          expect(same.header, where).toEqual(base.header);
          expect(same.tree, where).toEqual(base.tree);
          expect(o.stdout.replace(paths[i], MM), where).toBe(controlOut.stdout);
        });
      }),
      { seed: 45, numRuns: 4, endOnFailure: true },
    );
  });
});

it('the cap the README states is the one the code applies', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  expect(TREE_FILE_MAX_BYTES).toBe(64 * 2 ** 20);
  expect(readme).toMatch(/tree files?[^\n]*64 MiB/i);
});
