/**
 * Tree files that carry their words (format version 2): `--tree FILE` alone is enough for every
 * verb (verify, stats, export paths/json/html, play) of a Wordle tree (normal and hard), a
 * match-count tree, and Lingo and Hangman trees compiled from a user's --wordlist; the output is
 * the same as with the lists given. A list given that is not the tree's is refused; an old
 * (version 1) tree, without words, is still read with its lists. The library opens such a tree
 * without options. The shipped Wordle tree works with --tree alone (no ../shared needed).
 * Through the built CLI; every run points GUESSTREE_TREES at a temporary folder.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { pack, unpack } from 'msgpackr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJson, exportPaths, runStats, runVerify } from '../compiler/commands/inspect.js';
import { resolveTree } from '../compiler/commands/resolve.js';
import { openTree, verify } from '../compiler/library.js';
import { GuesstreeError } from '../runtime/errors.js';
import { referenceMask } from '../runtime/lingo-feedback.js';
import { readManifest } from '../runtime/manifest.js';
import {
  TREE_FORMAT_VERSION,
  TREE_FORMAT_VERSION_PLAIN,
  TREE_MAGIC,
  decodeTreeFile,
  encodeTreeFile,
  readTreeFile,
} from '../runtime/tree-format.js';
import { cli, lines, parsePaths, randomWords, removeDir, rng, ROOT, tempDir, writeList } from './support/e2e.js';

interface Case {
  readonly name: string;
  /** compile's game options, lists included. */
  readonly compile: readonly string[];
  /** The list options (given, or left out for --tree alone), as argv and as parsed arguments. */
  readonly lists: readonly string[];
  /** The verbs run with --tree alone (every one for Wordle, match-count and Lingo). */
  readonly verbs: readonly string[];
  readonly reply: (guess: string, secret: string) => string;
  readonly solved: (secret: string) => string;
  tree?: string;
}

let dir: string;
let trees: string;
const cases: Case[] = [];
/** Per case: what verify, stats, paths and json print with the lists given (in this process, through the CLI's own code). */
const withLists = new Map<string, Record<string, string>>();

const lingoMask = (g: string, s: string) => referenceMask(s, g);
const matchCount = (g: string, s: string) => String([...g].filter((c, i) => c === s[i]).length);
const hangmanReply = (g: string, s: string) => {
  const at = [...s].flatMap((c, i) => (c === g ? [String(i + 1)] : []));
  return at.length ? at.join(' ') : '-';
};
const ALL = ['verify', 'stats', 'paths', 'json', 'html', 'play'];

/** The replies a person types for `secret` along its path. */
function replies(c: Case, path: readonly string[], secret: string): string {
  return `${path.map((g) => (g === secret ? c.solved(secret) : c.reply(g, secret))).join('\n')}\n`;
}

function argvOf(verb: string, tree: string): string[] {
  if (verb === 'verify' || verb === 'stats' || verb === 'play') return [verb, '--tree', tree];
  return ['export', '--format', verb, '--tree', tree];
}

/** The outputs with the lists given, computed by the commands' own functions. */
async function reference(c: Case): Promise<Record<string, string>> {
  const args: Record<string, unknown> = { tree: c.tree };
  for (let i = 0; i < c.lists.length; i += 2) args[c.lists[i].slice(2)] = c.lists[i + 1];
  const r = await resolveTree('export', args, { warn: () => {} });
  const text = (f: (out: (l: string) => void) => void) => {
    const out: string[] = [];
    f((l) => out.push(l));
    return `${out.join('\n')}\n`;
  };
  return {
    verify: text((o) => runVerify(r, o)),
    stats: text((o) => runStats(r, 10, o)),
    paths: text((o) => exportPaths(r.loaded.game, r.file.tree, o)),
    json: `${exportJson(r.loaded.game, r.file.tree)}\n`,
  };
}

beforeAll(async () => {
  dir = tempDir('tree-words');
  trees = join(dir, 'trees');
  const rand = rng(3404);
  const five = randomWords(rand, 160, 5, 'abcdeilnorstu');
  const answers = writeList(join(dir, 'answers.txt'), five.slice(0, 45));
  const guesses = writeList(join(dir, 'guesses.txt'), five.slice(45));
  const four = writeList(join(dir, 'four.txt'), randomWords(rand, 70, 4, 'abcdeilnorst'));
  const match = writeList(join(dir, 'match.txt'), randomWords(rand, 30, 6, 'abcdefgh'));
  const wordle = ['--answers', answers, '--guesses', guesses];
  cases.push(
    {
      name: 'wordle',
      compile: ['--game', 'wordle', ...wordle],
      lists: wordle,
      verbs: ALL,
      reply: lingoMask,
      solved: () => 'OOOOO',
    },
    {
      name: 'wordle-hard',
      compile: ['--game', 'wordle', '--hard', '--prove', ...wordle],
      lists: wordle,
      verbs: ['stats', 'play'],
      reply: lingoMask,
      solved: () => 'OOOOO',
    },
    {
      name: 'matchcount',
      compile: ['--game', 'matchcount', '--wordlist', match],
      lists: ['--wordlist', match],
      verbs: ALL,
      reply: matchCount,
      solved: (s) => String(s.length),
    },
    {
      name: 'lingo',
      compile: ['--game', 'lingo', '--len', '4', '--wordlist', four, '--effort', 'greedy'],
      lists: ['--wordlist', four],
      verbs: ALL,
      reply: lingoMask,
      solved: () => 'OOOO',
    },
    {
      name: 'hangman',
      compile: ['--game', 'hangman', '--len', '4', '--wordlist', four, '--effort', 'greedy'],
      lists: ['--wordlist', four],
      verbs: ['verify', 'play'],
      reply: hangmanReply,
      solved: () => '',
    },
  );
  for (const c of cases) c.tree = join(dir, `${c.name}.gtree`);
  const compiled = await Promise.all(
    cases.map((c) => cli(['compile', ...c.compile, '--workers', '1', '--out', c.tree as string], { trees })),
  );
  compiled.forEach((r, i) => {
    expect(r.code, `${cases[i].name}: ${r.stderr}`).toBe(0);
  });
  for (const c of cases) withLists.set(c.name, await reference(c));
}, 60_000);

afterAll(() => removeDir(dir));

describe('--tree FILE alone', () => {
  it('every case compiled a version 2 file whose words are its secrets list', () => {
    for (const c of cases) {
      const file = readTreeFile(c.tree as string);
      expect((unpack(readFileSync(c.tree as string)) as { version: number }).version, c.name).toBe(TREE_FORMAT_VERSION);
      const secretsRef = file.header.lists.find((l) => l.role === file.words?.role);
      expect(file.words?.secrets.length, c.name).toBe(secretsRef?.count);
    }
  });

  it('Wordle carries only the guesses its tree plays, not the allowed-guess list', () => {
    for (const name of ['wordle', 'wordle-hard']) {
      const c = cases.find((x) => x.name === name)!;
      const file = readTreeFile(c.tree as string);
      const played = new Set(file.tree.guess);
      expect(file.words?.guesses?.index.length).toBe(played.size);
      expect(played.size).toBeLessThan(file.header.lists.find((l) => l.role === 'guesses')!.count);
      // Some guess played is not an answer: the table is what names it.
      const answers = new Set(file.words?.secrets);
      expect(file.words?.guesses?.words.some((w) => !answers.has(w))).toBe(true);
    }
  });

  for (const name of ['wordle', 'wordle-hard', 'matchcount', 'lingo', 'hangman']) {
    it(`${name}: every verb with --tree alone says what it says with the lists`, async () => {
      const c = cases.find((x) => x.name === name)!;
      const before = withLists.get(name)!;
      const paths = parsePaths(before.paths!);
      // play: the secret with the longest path, so the dialogue goes deepest.
      const [secret, path] = [...paths].sort((a, b) => b[1].length - a[1].length)[0];
      const runs = await Promise.all(
        c.verbs.map((v) =>
          cli(argvOf(v, c.tree as string), { trees, input: v === 'play' ? replies(c, path, secret) : '' }),
        ),
      );
      c.verbs.forEach((verb, i) => {
        const r = runs[i];
        expect({ code: r.code, stderr: r.stderr }, `${name} ${verb}`).toEqual({ code: 0, stderr: '' });
        if (verb === 'html') {
          expect(r.stdout).toMatch(/^<!doctype html>/i);
          expect(r.stdout.trimEnd()).toMatch(/<\/html>$/);
          expect(r.stdout).toContain(path[0]);
        } else if (verb === 'play') {
          const guessed = lines(r.stdout)
            .filter((l) => /^guess \d+: /.test(l))
            .map((l) => l.replace(/^guess \d+: /, '').split(' ')[0]);
          expect(guessed, `${name} play`).toEqual(path);
          if (name !== 'hangman') expect(r.stdout).toContain(`solved in ${path.length} guess`);
        } else expect(r.stdout, `${name} ${verb}`).toBe(before[verb]);
      });
      expect(before.verify).toMatch(/verify: ok/);
    }, 60_000);
  }

  it('the library opens and verifies a tree that carries its words, without options', () => {
    for (const c of cases.filter((x) => x.name !== 'hangman')) {
      const paths = parsePaths(withLists.get(c.name)!.paths!);
      const [secret, path] = [...paths][paths.size - 1];
      const p = openTree(c.tree as string);
      for (const g of path) {
        expect(p.guess()).toBe(g);
        p.reply(g === secret ? c.solved(secret) : c.reply(g, secret));
      }
      expect(p.solved, c.name).toBe(true);
      // The hard-mode tree has its proof beside it: checking that takes the guesses list.
      if (c.name === 'wordle-hard')
        expect(verify(c.tree as string).lines.join('\n')).toMatch(
          /each word not checked against the allowed list \(give --guesses FILE for that\)/,
        );
      const v =
        c.name === 'wordle-hard'
          ? verify(c.tree as string, { game: 'wordle', guesses: c.lists[3] })
          : verify(c.tree as string);
      expect(v.secrets).toBe(paths.size);
      expect(`${v.lines.join('\n')}\n`).toBe(withLists.get(c.name)!.verify);
    }
  });
});

describe('what needs the whole guesses list', () => {
  it('a Wordle proof beside the tree: read alone, verify checks all but the words and says so; with --guesses, everything', async () => {
    const c = cases.find((x) => x.name === 'wordle-hard')!;
    const guesses = c.lists[3];
    const [verifyAlone, proofAlone, verifyGiven] = await Promise.all([
      cli(['verify', '--tree', c.tree as string], { trees }),
      cli(['export', '--format', 'proof', '--tree', c.tree as string], { trees }),
      cli(['verify', '--tree', c.tree as string, '--guesses', guesses], { trees }),
    ]);
    for (const r of [verifyAlone, proofAlone])
      expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    expect(verifyAlone.stdout).toMatch(
      /^proof: .*lists match; each word not checked against the allowed list \(give --guesses FILE for that\)$/m,
    );
    expect(proofAlone.stdout).toBe(readFileSync((c.tree as string).replace(/\.gtree$/, '.proof.txt'), 'utf8'));
    // A proof naming one word twice is refused even without the allowed list.
    const twice = join(dir, 'twice.proof.txt');
    const text = proofAlone.stdout.split('\n');
    text[2] = text[3] ?? '';
    writeFileSync(twice, text.join('\n'));
    const bad = await cli(['verify', '--tree', c.tree as string, '--proof', twice], { trees });
    expect({ code: bad.code, lines: lines(bad.stderr).length }, bad.stderr).toEqual({ code: 3, lines: 1 });
    expect(bad.stderr).toMatch(/twice\.proof\.txt:4: ".*" is listed twice/);
    expect(verifyGiven.code, verifyGiven.stderr).toBe(0);
    expect(verifyGiven.stdout).toMatch(/^proof: .*lists match$/m);
    expect(verifyGiven.stdout).toBe(withLists.get('wordle-hard')!.verify);
  });
});

describe('lists given with --tree', () => {
  it("a list that is not the tree's is refused in one line, whichever list it is", async () => {
    const other = writeList(join(dir, 'other5.txt'), randomWords(rng(7), 20, 5, 'abcdeilnorstu'));
    const other4 = writeList(join(dir, 'other4.txt'), randomWords(rng(8), 40, 4, 'abcdeilnorst'));
    const other6 = writeList(join(dir, 'other6.txt'), randomWords(rng(9), 20, 6, 'abcdefgh'));
    const wordle = cases.find((x) => x.name === 'wordle')!.tree as string;
    const runs: Array<[string[], RegExp]> = [
      [['stats', '--tree', wordle, '--answers', other], /compiled for another answers list/],
      [['export', '--format', 'paths', '--tree', wordle, '--guesses', other], /compiled for another guesses list/],
      [
        ['play', '--tree', cases.find((x) => x.name === 'lingo')!.tree as string, '--wordlist', other4],
        /compiled for another words list/,
      ],
      [
        ['stats', '--tree', cases.find((x) => x.name === 'matchcount')!.tree as string, '--wordlist', other6],
        /compiled for another words list/,
      ],
    ];
    const done = await Promise.all(runs.map(([args]) => cli(args, { trees })));
    runs.forEach(([args, re], i) => {
      const r = done[i];
      expect({ code: r.code, stdout: r.stdout, lines: lines(r.stderr).length }, args.join(' ')).toEqual({
        code: 4,
        stdout: '',
        lines: 1,
      });
      expect(r.stderr).toMatch(re);
    });
  }, 60_000);

  it('one list given, the other carried: Wordle --answers alone reads the tree the same', async () => {
    const c = cases.find((x) => x.name === 'wordle')!;
    const r = await cli(['export', '--format', 'paths', '--tree', c.tree as string, c.lists[0], c.lists[1]], { trees });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(withLists.get('wordle')!.paths);
  });
});

describe('version 1 tree files (no words)', () => {
  /** The same tree written as format 1 would write it: the body without words. */
  function asVersion1(path: string): string {
    const f = readTreeFile(path);
    const out = path.replace(/\.gtree$/, '.v1.gtree');
    writeFileSync(out, encodeTreeFile({ header: f.header, tree: f.tree }));
    return out;
  }

  it('are read with their lists, give the same output, and ask for the lists without them', async () => {
    for (const name of ['wordle-hard']) {
      const c = cases.find((x) => x.name === name)!;
      const v1 = asVersion1(c.tree as string);
      expect((unpack(readFileSync(v1)) as { version: number }).version).toBe(TREE_FORMAT_VERSION_PLAIN);
      const r = await cli(['export', '--format', 'paths', '--tree', v1, ...c.lists], { trees });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(withLists.get(name)!.paths);
      if (name === 'wordle-hard') {
        const alone = await cli(['stats', '--tree', v1], { trees });
        expect({ code: alone.code, stdout: alone.stdout, lines: lines(alone.stderr).length }).toEqual({
          code: 2,
          stdout: '',
          lines: 1,
        });
        expect(alone.stderr).toMatch(/--answers FILE/);
      }
    }
  });
});

describe('the words in the file are checked', () => {
  const body = (path: string) =>
    unpack((unpack(readFileSync(path)) as { body: Uint8Array }).body) as Record<string, unknown>;
  const envelope = (b: unknown, version = TREE_FORMAT_VERSION) => {
    const bytes = pack(b);
    return pack({ magic: TREE_MAGIC, version, sha256: createHash('sha256').update(bytes).digest(), body: bytes });
  };
  function refused(bytes: Uint8Array, re: RegExp): void {
    let thrown: unknown;
    try {
      decodeTreeFile(bytes, 'x.gtree');
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(GuesstreeError);
    expect((thrown as GuesstreeError).kind).toBe('tree-file');
    expect((thrown as GuesstreeError).message).toMatch(re);
    expect((thrown as GuesstreeError).message).not.toContain('\n');
  }

  it("refuses words that are not the header's list, a guess the table lacks, words in version 1 and none in version 2", () => {
    const wordle = cases.find((x) => x.name === 'wordle')!.tree as string;
    const lingo = cases.find((x) => x.name === 'lingo')!.tree as string;
    const b = body(wordle);
    const words = b.words as Record<string, unknown>;
    const lingoWords = body(lingo).words;
    // Another list's words (the Lingo tree's) under this header.
    refused(
      envelope({ ...b, words: { ...words, secrets: (lingoWords as Record<string, unknown>).secrets } }),
      /are not the header's answers list/,
    );
    refused(envelope({ ...b, words: { ...words, role: 'guesses' } }), /are not the header's guesses list/);
    refused(envelope({ ...b, words: { ...words, role: 'other' } }), /list the header does not name/);
    refused(envelope({ ...b, words: { ...words, secrets: Uint8Array.of(1, 2, 3) } }), /do not decompress/);
    refused(
      envelope({ ...b, words: { ...words, guessIndex: { w: 1, n: 0, b: new Uint8Array(0) } } }),
      /more indices than words|does not hold/,
    );
    refused(envelope({ ...b, words: undefined }), /carries its words, this one has none/);
    refused(envelope(b, TREE_FORMAT_VERSION_PLAIN), /carries no words/);
    // Untouched, it decodes.
    expect(decodeTreeFile(envelope(b), 'x.gtree').words?.role).toBe('answers');
  });

  it('a file re-encoded from its decoding is the same bytes (the words compress deterministically)', () => {
    for (const c of cases) {
      const bytes = readFileSync(c.tree as string);
      expect(Buffer.from(encodeTreeFile(decodeTreeFile(bytes, c.name))).equals(bytes), c.name).toBe(true);
    }
  });
});

describe('the shipped Wordle trees', () => {
  const shipped = readManifest(join(ROOT, 'trees')).trees.filter((e) => e.game === 'wordle');

  it('are read with --tree alone (no ../shared): stats and verify agree with the manifest', async () => {
    expect(shipped.length).toBeGreaterThanOrEqual(1);
    const none = join(dir, 'none');
    // stats --json on the normal-mode tree, verify (the guess rule too) on the hard-mode one.
    const normal = shipped.find((e) => e.params.hard !== true)!;
    const hard = shipped.find((e) => e.params.hard === true)!;
    const [stats, v] = await Promise.all([
      cli(['stats', '--json', '--tree', join(ROOT, 'trees', normal.file)], { trees: none }),
      cli(['verify', '--tree', join(ROOT, 'trees', hard.file)], { trees: none }),
    ]);
    for (const e of shipped)
      expect(readTreeFile(join(ROOT, 'trees', e.file)).words?.secrets.length, e.file).toBe(
        e.lists.find((l) => l.role === 'answers')?.count,
      );
    expect({ code: stats!.code, stderr: stats!.stderr }).toEqual({ code: 0, stderr: '' });
    const s = JSON.parse(stats!.stdout) as { secrets: number; objective: Record<string, unknown> };
    expect(s.secrets).toBe(normal.objective.secrets);
    expect(s.objective.totalGuesses).toBe(normal.objective.totalGuesses);
    expect({ code: v!.code, stderr: v!.stderr }).toEqual({ code: 0, stderr: '' });
    expect(v!.stdout).toMatch(/guess rule: every guess of the tree is allowed/);
    expect(v!.stdout).toMatch(/verify: ok/);
  }, 60_000);
});
