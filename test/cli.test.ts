/**
 * The built CLI end to end (dist/compiler/cli.js, built by `npm run build`): compile with
 * --out and into a trees folder with its manifest, verify / stats / export / play on small
 * seeded word lists, checked against an independent replay with the reference mask rule;
 * bad input (one stderr line, non-zero status), --help, and byte-for-byte determinism.
 * Every run points GUESSTREE_TREES at a temporary folder.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceMask } from '../runtime/lingo-feedback.js';
import { decodeTreeFile, encodeTreeFile } from '../runtime/tree-format.js';
import {
  allMasks,
  ATTEMPTS,
  CLUSTER,
  cli,
  dialogue,
  lines,
  lingoFixture,
  listSha256,
  parsePaths,
  pathScore,
  removeDir,
  sha256,
  tempDir,
  writeList,
  CLI,
  type Run,
} from './support/e2e.js';

const FIX = lingoFixture();
const WORDS = FIX.four; // the normalized 4-letter list: the secrets
const N = WORDS.length;

let dir: string; // lists and --out trees
let shipped: string; // a trees folder holding the compiled 4-letter tree and its manifest entry
let empty: string; // a trees folder with nothing in it
let list: string;
let tree: string;
let treeBytes: Buffer;
let compileRun: Run;
let pathsText: string;
let paths: Map<string, string[]>;

const GAME = (wordlist: string) => ['--game', 'lingo', '--len', '4', '--wordlist', wordlist];

/** Exactly one line on stderr, nothing on stdout (unless allowed), and the given status. */
function expectOneLineFailure(r: Run, status: number, ...parts: Array<string | RegExp>): void {
  expect({ code: r.code, stderrLines: r.stderr.split('\n').length - 1 }, r.stderr).toEqual({
    code: status,
    stderrLines: 1,
  });
  expect(r.stderr.endsWith('\n')).toBe(true);
  expect(r.stderr).not.toMatch(/internal error|\bat .*\.js:\d+/);
  for (const p of parts) {
    if (typeof p === 'string') expect(r.stderr).toContain(p);
    else expect(r.stderr).toMatch(p);
  }
}

/** Rows of a histogram (verify, stats): attempts → count, 0 = not found. */
function histogram(stdout: string): Map<number, number> {
  const out = new Map<number, number>();
  for (const line of stdout.split('\n')) {
    const m = /^\s+(?:(\d+) guess(?:es)?|(not found)) \|\s+(\d+)\s+[\d.]+% #*$/.exec(line);
    if (m) out.set(m[2] ? 0 : Number(m[1]), Number(m[3]));
  }
  return out;
}

/** The histogram a set of paths implies (attempts 1..5 always present, 0 only when > 0). */
function expectedHistogram(p: Map<string, string[]>): Map<number, number> {
  const h = new Map<number, number>();
  for (let a = 1; a <= ATTEMPTS; a++) h.set(a, 0);
  for (const [secret, path] of p) {
    const a = path[path.length - 1] === secret ? path.length : 0;
    h.set(a, (h.get(a) ?? 0) + 1);
  }
  if (h.get(0) === 0) h.delete(0);
  return h;
}

/**
 * The tree `p` describes, replayed independently: every guess is a list word, a path stops at
 * the secret or after 5 guesses, and two secrets with the same masks so far get the same next
 * guess. Returns the nodes (by mask history) and which have children.
 */
function checkPathsFormATree(p: Map<string, string[]>, words: readonly string[]): { nodes: number; leaves: number } {
  const wordSet = new Set(words);
  const next = new Map<string, string>(); // mask history → guess
  const internal = new Set<string>();
  for (const [secret, path] of p) {
    expect(path.length).toBeGreaterThanOrEqual(1);
    expect(path.length).toBeLessThanOrEqual(ATTEMPTS);
    const found = path[path.length - 1] === secret;
    if (!found) expect(path.length, `${secret} not found in fewer than 5 guesses`).toBe(ATTEMPTS);
    const masks: string[] = [];
    path.forEach((g, i) => {
      expect(wordSet.has(g), `${g} is a list word`).toBe(true);
      if (i < path.length - 1) expect(g, `${secret}: guessed before the end`).not.toBe(secret);
      const key = masks.join(',');
      const seen = next.get(key);
      if (seen === undefined) next.set(key, g);
      else expect(g, `after masks [${key}] the tree guesses one word`).toBe(seen);
      if (i > 0) internal.add(masks.slice(0, -1).join(','));
      masks.push(referenceMask(secret, g));
    });
  }
  return { nodes: next.size, leaves: next.size - internal.size };
}

beforeAll(async () => {
  dir = tempDir('cli');
  shipped = join(dir, 'shipped');
  empty = join(dir, 'empty');
  mkdirSync(empty);
  list = writeList(join(dir, 'list.txt'), FIX.lines);
  tree = join(dir, 't.gtree');
  const [c1, c2] = await Promise.all([
    cli(['compile', ...GAME(list), '--out', tree, '--effort', 'greedy'], { trees: empty }),
    cli(['compile', ...GAME(list), '--effort', 'greedy'], { trees: shipped }),
  ]);
  compileRun = c1;
  expect(c1.stderr).toBe('');
  expect(c2.stderr).toBe('');
  treeBytes = readFileSync(tree);
  const ex = await cli(['export', '--tree', tree, '--wordlist', list, '--format', 'paths'], { trees: empty });
  expect(ex.stderr).toBe('');
  pathsText = ex.stdout;
  paths = parsePaths(pathsText);
});

afterAll(() => removeDir(dir));

describe('compile', () => {
  it('--out: exit 0, one summary line on stdout, nothing on stderr, the file and no temp files', async () => {
    const d = tempDir('cli-out');
    try {
      const l = writeList(join(d, 'list.txt'), FIX.lines);
      const out = join(d, 't.gtree');
      const r = await cli(['compile', ...GAME(l), '--out', out, '--effort', 'greedy'], { trees: empty });
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
      expect(lines(r.stdout)).toHaveLength(1);
      expect(r.stdout.endsWith('\n')).toBe(true);
      const line = r.stdout.trimEnd();
      expect(line.startsWith('lingo-len4: ')).toBe(true);
      expect(line.endsWith(out)).toBe(true);
      // The objective in the game's own words, not the engine's record.
      expect(line).toMatch(
        new RegExp(
          `^lingo-len4: mean score [\\d.]+ a word \\(total [\\d,]+\\); \\d+ words of ${N} found, within \\d guesses`,
        ),
      );
      expect(line).not.toMatch(/\bname |candidatePoolMax|9007199254740991/);
      expect(existsSync(out)).toBe(true);
      expect(line).toContain(`| ${statSync(out).size.toLocaleString('en-US')} bytes |`);
      expect(readdirSync(d).sort()).toEqual(['list.txt', 't.gtree']);
      // Same inputs and settings, same bytes, wherever the file goes.
      expect(readFileSync(out).equals(treeBytes)).toBe(true);
    } finally {
      removeDir(d);
    }
  });

  it('without --out: writes the tree and a manifest entry into GUESSTREE_TREES; a recompile replaces the entry', async () => {
    const d = tempDir('cli-manifest');
    try {
      const trees = join(d, 'trees'); // does not exist yet
      const l = writeList(join(d, 'list.txt'), FIX.lines);
      const r1 = await cli(['compile', ...GAME(l), '--effort', 'greedy'], { trees });
      expect(r1.code).toBe(0);
      expect(r1.stderr).toBe('');
      const sha = listSha256(WORDS);
      const file = `lingo-len4-${sha.slice(0, 12)}.gtree`;
      expect(lines(r1.stdout)).toHaveLength(1);
      expect(r1.stdout.trimEnd().endsWith(join(trees, file))).toBe(true);
      expect(readdirSync(trees).sort()).toEqual([file, 'manifest.json']);
      const bytes = readFileSync(join(trees, file));
      expect(bytes.equals(treeBytes)).toBe(true);

      const m1 = JSON.parse(readFileSync(join(trees, 'manifest.json'), 'utf8'));
      expect(m1.trees).toHaveLength(1);
      const e = m1.trees[0];
      expect(e.file).toBe(file);
      expect(e.game).toBe('lingo');
      expect(e.params).toEqual({ length: 4, attempts: 5 });
      expect(e.lists).toEqual([{ role: 'words', count: N, sha256: sha }]);
      expect(e.bytes).toBe(bytes.length);
      expect(e.sha256).toBe(sha256(bytes));
      expect(e.settings.effort).toBe('greedy');
      const total = [...paths].reduce((a, [s, p]) => a + pathScore(s, p), 0);
      const found = [...paths].filter(([s, p]) => p[p.length - 1] === s).length;
      expect(e.objective).toMatchObject({ total, secrets: N, found });
      expect(e.objective.mean).toBeCloseTo(total / N, 5);
      expect(JSON.stringify(e)).not.toMatch(/workers/);

      // Another length adds an entry; compiling the first again replaces its entry.
      const r2 = await cli(['compile', '--game', 'lingo', '--len', '5', '--wordlist', l, '--effort', 'greedy'], {
        trees,
      });
      expect(r2.code).toBe(0);
      const r3 = await cli(['compile', ...GAME(l), '--effort', 'greedy', '--workers', '1'], { trees });
      expect(r3.code).toBe(0);
      expect(r3.stderr).toBe('');
      const m3 = JSON.parse(readFileSync(join(trees, 'manifest.json'), 'utf8'));
      expect(m3.trees.map((t: { file: string }) => t.file).sort()).toEqual(
        [file, `lingo-len5-${listSha256(FIX.five).slice(0, 12)}.gtree`].sort(),
      );
      expect(m3.trees.filter((t: { params: { length: number } }) => t.params.length === 4)).toHaveLength(1);
      expect(readdirSync(trees).filter((f) => f.startsWith('.') || f.endsWith('.tmp'))).toEqual([]);
    } finally {
      removeDir(d);
    }
  });

  it('is deterministic: the same list twice, any worker count, and a messy copy of the list give the same bytes', async () => {
    const d = tempDir('cli-determinism');
    try {
      const l = writeList(join(d, 'list.txt'), FIX.lines);
      // CRLF, a duplicate of every tenth word, blank and whitespace-only lines, spaces and tabs around words, reversed order.
      const messy: string[] = [];
      [...FIX.lines].reverse().forEach((w, i) => {
        messy.push(i % 3 === 0 ? `  ${w}\t` : w);
        if (i % 10 === 0) messy.push(w);
        if (i % 17 === 0) messy.push('', ' \t ');
      });
      const lm = join(d, 'messy.txt');
      writeFileSync(lm, `${messy.join('\r\n')}\r\n`);
      const [a, b, c] = await Promise.all([
        cli(['compile', ...GAME(l), '--out', join(d, 'a.gtree'), '--effort', 'greedy', '--workers', '1'], {
          trees: empty,
        }),
        cli(['compile', ...GAME(l), '--out', join(d, 'b.gtree'), '--effort', 'greedy', '--workers', '2'], {
          trees: empty,
        }),
        cli(['compile', ...GAME(lm), '--out', join(d, 'c.gtree'), '--effort', 'greedy'], { trees: empty }),
      ]);
      for (const r of [a, b, c]) {
        expect(r.stderr).toBe('');
        expect(r.code).toBe(0);
      }
      expect(c.stdout).toMatch(new RegExp(`\\bwords of ${N} found\\b`)); // duplicates count once
      const A = readFileSync(join(d, 'a.gtree'));
      expect(readFileSync(join(d, 'b.gtree')).equals(A)).toBe(true);
      expect(readFileSync(join(d, 'c.gtree')).equals(A)).toBe(true);
      expect(A.equals(treeBytes)).toBe(true);
    } finally {
      removeDir(d);
    }
  });
});

describe('verify', () => {
  it('--tree: histogram, words not found and mean score equal an independent replay of the paths', async () => {
    const r = await cli(['verify', '--tree', tree, '--wordlist', list], { trees: empty });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = r.stdout;
    expect(out).toContain(`tree: ${tree}\n`);
    expect(out).toContain(`; ${N} secrets\n`);
    expect(out).toContain('attempts histogram:\n');

    // Independent replay: walk each secret's guesses with the reference mask rule.
    expect([...paths.keys()].sort()).toEqual(WORDS);
    checkPathsFormATree(paths, WORDS);
    let total = 0;
    let notFound = 0;
    for (const [secret, p] of paths) {
      total += pathScore(secret, p);
      if (p[p.length - 1] !== secret) notFound++;
    }
    expect(notFound).toBeGreaterThanOrEqual(CLUSTER.length - ATTEMPTS); // the cluster cannot all be found
    expect(histogram(out)).toEqual(expectedHistogram(paths));
    expect(out).toMatch(
      new RegExp(`^not found within 5 guesses: ${notFound} words \\(part of Lingo's score: 0 points each\\)$`, 'm'),
    );
    expect(out).not.toMatch(/failures/);
    expect(out).toMatch(new RegExp(`^total score: ${total.toLocaleString('en-US')}$`, 'm'));
    const mean = /^mean score per word: ([\d.]+)$/m.exec(out);
    expect(mean).not.toBeNull();
    expect(mean?.[1]).toBe((total / N).toFixed(4));
    expect(out).toMatch(/^verify: ok/m);
  });

  it('fails when the tree lacks a branch, or when the header objective is not what the replay gives', async () => {
    const file = decodeTreeFile(treeBytes, tree);
    const rootOnly = join(dir, 'root-only.gtree');
    writeFileSync(
      rootOnly,
      encodeTreeFile({
        header: file.header,
        tree: {
          guess: file.tree.guess.slice(0, 1),
          edgeStart: new Uint32Array([0, 0]),
          edgeCode: new Uint32Array(0),
          edgeChild: new Uint32Array(0),
        },
      }),
    );
    const lying = join(dir, 'lying.gtree');
    const total = Number(file.header.objective.total);
    writeFileSync(
      lying,
      encodeTreeFile({
        header: { ...file.header, objective: { ...file.header.objective, total: total + 100 } },
        tree: file.tree,
      }),
    );
    const [a, b] = await Promise.all([
      cli(['verify', '--tree', rootOnly, '--wordlist', list], { trees: empty }),
      cli(['verify', '--tree', lying, '--wordlist', list], { trees: empty }),
    ]);
    expectOneLineFailure(a, 4, rootOnly, 'no branch');
    expectOneLineFailure(b, 4, lying, `header.objective.total is ${total + 100}, the tree gives ${total}`);
    expect(b.stdout).not.toMatch(/verify: ok/);
  });

  it('verify, stats, export with game options use the shipped tree of GUESSTREE_TREES', async () => {
    const shippedFile = join(shipped, `lingo-len4-${listSha256(WORDS).slice(0, 12)}.gtree`);
    const [v, s, e, vt] = await Promise.all([
      cli(['verify', ...GAME(list)], { trees: shipped }),
      cli(['stats', ...GAME(list)], { trees: shipped }),
      cli(['export', ...GAME(list), '--format', 'paths'], { trees: shipped }),
      cli(['verify', '--tree', tree, '--wordlist', list], { trees: empty }),
    ]);
    for (const r of [v, s, e]) {
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
    }
    expect(v.stdout.split('\n')[0]).toBe(`tree: ${shippedFile}`);
    expect(s.stdout.split('\n')[0]).toBe(
      `tree: ${shippedFile} (${statSync(shippedFile).size.toLocaleString('en-US')} bytes)`,
    );
    expect(v.stdout.split('\n').slice(1)).toEqual(vt.stdout.split('\n').slice(1));
    expect(e.stdout).toBe(pathsText);
  });

  it('with a list no shipped tree matches, verify, stats and export fail with one line saying so', async () => {
    const other = writeList(join(dir, 'other.txt'), WORDS.slice(1));
    const runs = await Promise.all([
      cli(['verify', ...GAME(other)], { trees: shipped }),
      cli(['stats', ...GAME(other)], { trees: shipped }),
      cli(['export', ...GAME(other), '--format', 'paths'], { trees: shipped }),
      cli(['verify', ...GAME(list)], { trees: empty }),
    ]);
    for (const r of runs) {
      expectOneLineFailure(r, 4, /no shipped tree/);
      expect(r.stdout).toBe('');
    }
  });
});

describe('export', () => {
  it('--format paths: one line per unique word, each replaying consistently, together forming a tree', () => {
    expect(pathsText.endsWith('\n')).toBe(true);
    expect(lines(pathsText)).toHaveLength(N);
    expect([...paths.keys()].sort()).toEqual(WORDS);
    const { nodes } = checkPathsFormATree(paths, WORDS);
    const nodesInSummary = /\| ([\d,]+) nodes \|/.exec(compileRun.stdout);
    expect(Number(nodesInSummary?.[1]?.replace(/,/g, ''))).toBe(nodes);
    // The unsolved secrets list all 5 guesses.
    const unsolved = [...paths].filter(([s, p]) => p[p.length - 1] !== s);
    expect(unsolved.length).toBeGreaterThan(0);
    for (const [, p] of unsolved) expect(p).toHaveLength(ATTEMPTS);
  });

  it('--format json parses, and walking it with the reference masks gives the paths; --out writes the same text', async () => {
    const out = join(dir, 'export.json');
    const [j, jo] = await Promise.all([
      cli(['export', '--tree', tree, '--wordlist', list, '--format', 'json'], { trees: empty }),
      cli(['export', '--tree', tree, '--wordlist', list, '--format', 'json', '--out', out], { trees: empty }),
    ]);
    expect(j.code).toBe(0);
    expect(j.stderr).toBe('');
    expect(jo.code).toBe(0);
    expect(jo.stdout).toBe('');
    expect(readFileSync(out, 'utf8')).toBe(j.stdout);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    interface Node {
      guess: string;
      replies?: Record<string, Node>;
    }
    const doc = JSON.parse(j.stdout) as { game: string; params: unknown; lists: unknown; root: Node };
    expect(doc.game).toBe('lingo');
    expect(doc.params).toEqual({ length: 4, attempts: 5 });
    expect(doc.lists).toEqual([{ role: 'words', count: N, sha256: listSha256(WORDS) }]);
    for (const secret of WORDS) {
      const walked: string[] = [];
      let node: Node | undefined = doc.root;
      while (node && walked.length < ATTEMPTS) {
        walked.push(node.guess);
        if (node.guess === secret) break;
        node = node.replies?.[referenceMask(secret, node.guess)];
      }
      expect(walked, secret).toEqual(paths.get(secret));
    }
  });
});

describe('stats', () => {
  it('depth histogram, hardest secrets, node and edge counts and file size agree with the paths', async () => {
    const r = await cli(['stats', '--tree', tree, '--wordlist', list, '--hardest', '3'], { trees: empty });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const out = r.stdout.split('\n');
    expect(out[0]).toBe(`tree: ${tree} (${statSync(tree).size.toLocaleString('en-US')} bytes)`);
    const { nodes, leaves } = checkPathsFormATree(paths, WORDS);
    expect(out[1]).toBe(
      `nodes: ${nodes.toLocaleString('en-US')} (${leaves.toLocaleString('en-US')} leaves), edges: ${(nodes - 1).toLocaleString('en-US')}`,
    );
    const total = [...paths].reduce((a, [s, p]) => a + pathScore(s, p), 0);
    expect(out[2]).toBe(`mean score: ${(total / N).toFixed(4)} over ${N} secrets; opener: ${paths.get(WORDS[0])?.[0]}`);
    expect(r.stdout).toContain('depth histogram:\n');
    expect(histogram(r.stdout)).toEqual(expectedHistogram(paths));
    // Hardest first: the unsolved secrets (at least 6 here), in list order.
    const unsolved = WORDS.filter((w) => paths.get(w)?.at(-1) !== w);
    expect(unsolved.length).toBeGreaterThanOrEqual(3);
    const at = out.indexOf('hardest 3 secrets:');
    expect(at).toBeGreaterThan(0);
    expect(out.slice(at + 1, at + 4)).toEqual(
      unsolved.slice(0, 3).map((w) => `  ${w}  not found: ${paths.get(w)?.join(' ')}`),
    );
    expect(lines(out.slice(at + 4).join('\n'))).toEqual([]);
  });
});

describe('play (stdin is a pipe)', () => {
  const guessOf = (line: string): string | null => /^guess \d+: ([a-z]+)$/.exec(line)?.[1] ?? null;

  it('answering with reference masks, the guesses follow the tree to "solved in N" (or out of guesses)', async () => {
    const solved = WORDS.filter((w) => paths.get(w)?.at(-1) === w);
    const unsolved = WORDS.filter((w) => paths.get(w)?.at(-1) !== w);
    const longest = [...solved].sort((a, b) => (paths.get(b)?.length ?? 0) - (paths.get(a)?.length ?? 0))[0] as string;
    const secrets = [longest, paths.get(longest)?.[0] as string, unsolved[0]];
    const games = await Promise.all(
      secrets.map((secret) =>
        dialogue(CLI, ['play', '--tree', tree, '--wordlist', list], { trees: empty, secret, guessOf }),
      ),
    );
    games.forEach((g, i) => {
      const secret = secrets[i];
      const p = paths.get(secret) as string[];
      expect(g.code, secret).toBe(0);
      expect(g.stderr).toBe('');
      expect(g.guesses).toEqual(p);
      // The legend, then each guess and (after a reply that does not end the game) the count still possible.
      const out = lines(g.stdout);
      expect(out[0]).toMatch(
        /^reply with the mask: O right place, \? elsewhere, X absent \(any case, e\.g\. OX\?X\); \d+ secrets are possible; undo \(or u\) takes back the last reply$/,
      );
      expect(out.filter((l) => /^guess /.test(l))).toEqual(p.map((w, k) => `guess ${k + 1}: ${w}`));
      expect(out.filter((l) => /^\d+ secrets? still possible/.test(l))).toHaveLength(
        p.at(-1) === secret ? p.length - 1 : p.length,
      );
      if (p.at(-1) === secret) expect(out.at(-1)).toBe(`solved in ${p.length} guess${p.length === 1 ? '' : 'es'}`);
      else expect(out.at(-1)).toMatch(/^out of guesses; \d+ secrets? still possible: /);
    });
  });

  it('a malformed mask (wrong length, bad character) ends play with one stderr line and a non-zero status', async () => {
    const opener = paths.get(WORDS[0])?.[0] as string;
    const runs = await Promise.all(
      ['XXX', 'XXaX', 'XX-X'].map((m) =>
        cli(['play', '--tree', tree, '--wordlist', list], { trees: empty, input: `${m}\n` }),
      ),
    );
    for (const r of runs) {
      expectOneLineFailure(r, 5, /mask/);
      expect(lines(r.stdout).slice(1)).toEqual([`guess 1: ${opener}`]);
    }
  });

  it('an impossible mask ends play with one stderr line saying it is impossible', async () => {
    const opener = paths.get(WORDS[0])?.[0] as string;
    const possible = new Set(WORDS.map((w) => referenceMask(w, opener)));
    const impossible = allMasks(4).find((m) => !possible.has(m)) as string;
    expect(impossible).toBeDefined();
    // A possible first mask, then a second mask that no remaining secret gives.
    const secret = WORDS.find((w) => (paths.get(w)?.length ?? 0) >= 3) as string;
    const second = paths.get(secret)?.[1] as string;
    const m1 = referenceMask(secret, opener);
    const still = WORDS.filter((w) => referenceMask(w, opener) === m1);
    const bad2 = allMasks(4).find((m) => m !== 'OOOO' && !still.some((w) => referenceMask(w, second) === m)) as string;
    const [a, b] = await Promise.all([
      cli(['play', '--tree', tree, '--wordlist', list], { trees: empty, input: `${impossible}\n` }),
      cli(['play', '--tree', tree, '--wordlist', list], { trees: empty, input: `${m1}\n${bad2}\n` }),
    ]);
    expectOneLineFailure(a, 5, 'impossible', impossible);
    expect(lines(a.stdout).slice(1)).toEqual([`guess 1: ${opener}`]);
    expectOneLineFailure(b, 5, 'impossible', bad2);
    expect(lines(b.stdout).filter((l) => l.startsWith('guess '))).toEqual([`guess 1: ${opener}`, `guess 2: ${second}`]);
  });
});

describe('bad input: one clear line on stderr and a non-zero status', () => {
  it('word lists: missing file, upper case, characters outside a-z, a length with no words', async () => {
    const upper = writeList(join(dir, 'upper.txt'), ['bead', 'cage', 'Bake', 'dome']);
    const dash = writeList(join(dir, 'dash.txt'), ['bead', 'ca-e', 'dome']);
    const digit = writeList(join(dir, 'digit.txt'), ['bead', '', 'dom3']);
    const missing = join(dir, 'no-such-list.txt');
    const [m, u, d, g, none] = await Promise.all([
      cli(['compile', ...GAME(missing), '--out', join(dir, 'x.gtree'), '--effort', 'greedy'], { trees: empty }),
      cli(['compile', ...GAME(upper), '--out', join(dir, 'x.gtree'), '--effort', 'greedy'], { trees: empty }),
      cli(['compile', ...GAME(dash), '--out', join(dir, 'x.gtree'), '--effort', 'greedy'], { trees: empty }),
      cli(['verify', ...GAME(digit)], { trees: empty }),
      cli(
        [
          'compile',
          '--game',
          'lingo',
          '--len',
          '6',
          '--wordlist',
          list,
          '--out',
          join(dir, 'x.gtree'),
          '--effort',
          'greedy',
        ],
        { trees: empty },
      ),
    ]);
    expectOneLineFailure(m, 3, missing, 'no such file');
    expectOneLineFailure(u, 3, `${upper}:3:`, 'upper case', 'Bake');
    expectOneLineFailure(d, 3, `${dash}:2:`, 'ca-e', 'not a-z');
    expectOneLineFailure(g, 3, `${digit}:3:`, 'dom3');
    expectOneLineFailure(none, 3, list, 'no words of length 6');
    for (const r of [m, u, d, g, none]) expect(r.stdout).toBe('');
    expect(existsSync(join(dir, 'x.gtree'))).toBe(false);
  });

  it('options: --len out of range, unknown option, no game, no verb, unknown effort, unknown game', async () => {
    const out = ['--out', join(dir, 'x.gtree'), '--effort', 'greedy'];
    const runs = await Promise.all([
      cli(['compile', '--game', 'lingo', '--len', '3', '--wordlist', list, ...out], { trees: empty }),
      cli(['compile', ...GAME(list), ...out, '--frobnicate', '1'], { trees: empty }),
      cli(['compile', '--game', 'chess', '--len', '4', '--wordlist', list, ...out], { trees: empty }),
      cli(['verify', '--len', '4', '--wordlist', list], { trees: empty }),
      cli([], { trees: empty }),
      cli(['compile', ...GAME(list), '--out', join(dir, 'x.gtree'), '--effort', 'extreme'], { trees: empty }),
    ]);
    const [len3, unknown, chess, noGame, noVerb, effort] = runs as [Run, Run, Run, Run, Run, Run];
    expectOneLineFailure(len3, 2, '--len 3', '4', '13');
    expectOneLineFailure(unknown, 2, 'frobnicate');
    expectOneLineFailure(noGame, 2, '--game');
    expectOneLineFailure(noVerb, 2, 'compile');
    expectOneLineFailure(effort, 2, 'extreme');
    for (const r of runs) expect(r.stdout).toBe('');
    expect(existsSync(join(dir, 'x.gtree'))).toBe(false);
    expectOneLineFailure(chess, 2, 'chess');
  });

  it('tree files: flipped bytes, truncated, empty, missing, and a tree compiled for another list', async () => {
    const cases: Array<[string, Uint8Array]> = [];
    for (const at of [0, treeBytes.length >> 1, treeBytes.length - 1]) {
      const b = Buffer.from(treeBytes);
      b[at] = b[at] ^ 0x01;
      cases.push([`flip${at}.gtree`, b]);
    }
    cases.push(['truncated.gtree', treeBytes.subarray(0, treeBytes.length >> 1)]);
    cases.push(['empty.gtree', new Uint8Array(0)]);
    for (const [name, bytes] of cases) writeFileSync(join(dir, name), bytes);
    const missing = join(dir, 'missing.gtree');
    const other = writeList(join(dir, 'other-list.txt'), [...WORDS.slice(0, -1), 'zzzz']);
    const runs = await Promise.all([
      ...cases.map(([name]) => cli(['verify', '--tree', join(dir, name), '--wordlist', list], { trees: empty })),
      cli(['verify', '--tree', missing, '--wordlist', list], { trees: empty }),
      cli(['verify', '--tree', tree, '--wordlist', other], { trees: empty }),
    ]);
    cases.forEach(([name], i) => {
      expectOneLineFailure(runs[i], 4, join(dir, name));
    });
    const [m, o] = runs.slice(cases.length) as [Run, Run];
    expectOneLineFailure(m, 3, missing, 'no such file');
    expectOneLineFailure(o, 4, tree, 'another words list');
    for (const r of runs) expect(r.stdout).toBe('');
  });
});

describe('--help', () => {
  const verbs: Record<string, string[]> = {
    compile: ['--game', '--len', '--wordlist', '--out', '--effort', '--workers'],
    verify: ['--tree', '--game', '--len', '--wordlist'],
    stats: ['--tree', '--hardest'],
    export: ['--tree', '--format', '--out'],
    play: ['--tree', '--game', '--len', '--wordlist'],
  };

  it('works for every verb and at the top level', async () => {
    const names = Object.keys(verbs);
    const runs = await Promise.all([
      ...names.map((v) => cli([v, '--help'], { trees: empty })),
      cli(['--help'], { trees: empty }),
    ]);
    names.forEach((v, i) => {
      const r = runs[i];
      expect(r.code, v).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout).toContain(`guesstree ${v}`);
      for (const opt of verbs[v]) expect(r.stdout, `${v} --help mentions ${opt}`).toContain(opt);
    });
    const top = runs[names.length];
    expect(top.code).toBe(0);
    expect(top.stderr).toBe('');
    for (const v of names) expect(top.stdout).toContain(v);
  });

  it('compile --help names every game and efforts that each game accepts', async () => {
    const help = await cli(['compile', '--help'], { trees: empty });
    expect(help.code).toBe(0);
    // One section per game ("game: what it is"), whose --effort line lists that game's efforts.
    const byGame = new Map<string, string>();
    for (const section of help.stdout.split('\n\n')) {
      const game = /^([a-z]+): /.exec(section)?.[1];
      const efforts = /^ {2}--effort <name> +(.*) \(default: [a-z]+\)$/m.exec(section)?.[1];
      if (game && efforts) byGame.set(game, efforts);
    }
    expect([...byGame.keys()].sort()).toEqual([
      'bullscows',
      'file',
      'hangman',
      'lingo',
      'mastermind',
      'matchcount',
      'wordle',
    ]);
    // Every Mastermind effort listed compiles MM(2,3) (it is small enough for any of them);
    // the names given by the error for an unknown effort are the same list.
    const efforts = (byGame.get('mastermind') as string).split(', ');
    expect(efforts).toContain('thorough');
    const runs = await Promise.all([
      ...efforts.map((e) =>
        cli(
          [
            'compile',
            '--game',
            'mastermind',
            '--pegs',
            '2',
            '--colors',
            '3',
            '--effort',
            e,
            '--out',
            join(dir, `mm23-${e}.gtree`),
          ],
          { trees: empty },
        ),
      ),
      cli(
        [
          'compile',
          '--game',
          'lingo',
          '--len',
          '4',
          '--wordlist',
          list,
          '--effort',
          'nope',
          '--out',
          join(dir, 'nope.gtree'),
        ],
        { trees: empty },
      ),
    ]);
    efforts.forEach((e, i) => {
      expect(runs[i].code, `${e}: ${runs[i].stderr}`).toBe(0);
    });
    const unknown = runs[efforts.length];
    expectOneLineFailure(unknown, 2, `(choose ${byGame.get('lingo') as string})`);
  });
});
