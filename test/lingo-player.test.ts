/**
 * The pit player (dist/runtime/lingo-player.js LEN) driven like the harness drives it: a guess
 * per line on stdout, a mask per line on stdin. With a tree compiled into GUESSTREE_TREES it
 * must play exactly the exported paths and print nothing but guesses; without a matching tree,
 * with a broken one, or when a mask leaves the tree, it says why once on stderr and still plays.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LingoFeedback, referenceMask } from '../runtime/lingo-feedback.js';
import { LingoOnlineSearch } from '../runtime/lingo-online.js';
import { LingoSession } from '../runtime/lingo-session.js';
import { decodeTreeFile, encodeTreeFile } from '../runtime/tree-format.js';
import {
  allMasks,
  ATTEMPTS,
  CLUSTER,
  cli,
  dialogue,
  lingoFixture,
  listSha256,
  normalized,
  randomWords,
  parsePaths,
  PLAYER,
  removeDir,
  rng,
  runNode,
  tempDir,
  writeList,
  type Dialogue,
  type DialogueOptions,
} from './support/e2e.js';

const FIX = lingoFixture();
const WORDS = FIX.four;
const WORD_SET = new Set(WORDS);

let dir: string;
let trees: string; // the compiled tree and its manifest entry
let empty: string; // no manifest at all
let treeFile: string;
let paths: Map<string, string[]>;
let cwdAll: string; // wordlist.txt: the whole mixed list
let cwdSplit: string; // wordlist4.txt: the 4-letter words (CRLF); wordlist.txt: unrelated words
let cwdOther: string; // wordlist.txt: a list no tree matches
let otherWords: string[];

const asGuess = (line: string): string => line;

function play(cwd: string, o: Omit<DialogueOptions, 'guessOf' | 'cwd'> & { trees: string }): Promise<Dialogue> {
  return dialogue(PLAYER, ['4'], { cwd, guessOf: asGuess, ...o });
}

/** stdout holds the guesses only, one per line, each a word of `words`. */
function expectOnlyGuesses(g: Dialogue, words: ReadonlySet<string>): void {
  expect(g.stdout).toBe(g.guesses.map((w) => `${w}\n`).join(''));
  for (const w of g.guesses) expect(words.has(w), `${w} is a list word`).toBe(true);
}

function stderrLines(g: { stderr: string }): string[] {
  return g.stderr.split('\n').filter((l) => l.length > 0);
}

function dirWith(name: string, files: Record<string, string>): string {
  const d = join(dir, name);
  mkdirSync(d);
  for (const [f, text] of Object.entries(files)) writeFileSync(join(d, f), text);
  return d;
}

const solvedSecrets = (): string[] => WORDS.filter((w) => paths.get(w)?.at(-1) === w);
const unsolvedSecrets = (): string[] => WORDS.filter((w) => paths.get(w)?.at(-1) !== w);

beforeAll(async () => {
  dir = tempDir('player');
  trees = join(dir, 'trees');
  empty = join(dir, 'empty');
  mkdirSync(empty);
  const list = writeList(join(dir, 'list.txt'), FIX.lines);
  const game = ['--game', 'lingo', '--len', '4', '--wordlist', list];
  const c = await cli(['compile', ...game, '--effort', 'greedy'], { trees });
  expect(c.code, c.stderr).toBe(0);
  treeFile = join(trees, `lingo-len4-${listSha256(WORDS).slice(0, 12)}.gtree`);
  const manifest = JSON.parse(readFileSync(join(trees, 'manifest.json'), 'utf8'));
  expect(manifest.trees.map((e: { file: string }) => join(trees, e.file))).toEqual([treeFile]);
  const ex = await cli(['export', ...game, '--format', 'paths'], { trees });
  expect(ex.code, ex.stderr).toBe(0);
  paths = parsePaths(ex.stdout);

  cwdAll = dirWith('all', { 'wordlist.txt': `${FIX.lines.join('\n')}\n` });
  cwdSplit = dirWith('split', {
    'wordlist4.txt': `${[...WORDS].reverse().join('\r\n')}\r\n`,
    'wordlist.txt': 'zyzz\nqqqq\nabcde\n',
  });
  const drop = new Set([WORDS[3], WORDS[10], WORDS[20]]);
  otherWords = WORDS.filter((w) => !drop.has(w));
  cwdOther = dirWith('other', { 'wordlist.txt': `${otherWords.join('\n')}\n` });
});

afterAll(() => removeDir(dir));

describe('with a shipped tree for the list', () => {
  it('plays exactly the exported paths, stops by itself on all-O or after 5 masks, prints only guesses', async () => {
    const solved = solvedSecrets();
    const byLength = [...solved].sort((a, b) => (paths.get(a)?.length ?? 0) - (paths.get(b)?.length ?? 0));
    const secrets = [
      byLength[0],
      byLength[byLength.length >> 1],
      byLength.at(-1),
      unsolvedSecrets()[0],
      CLUSTER.find((w) => solved.includes(w)),
    ].filter((w): w is string => w !== undefined);
    expect(secrets.length).toBeGreaterThanOrEqual(4);
    const games = await Promise.all(secrets.map((secret) => play(cwdAll, { trees, secret, closeWhenOver: false })));
    games.forEach((g, i) => {
      const secret = secrets[i];
      expect(g.timedOut, `${secret}: the player must exit by itself when the game is over`).toBe(false);
      expect(g.code).toBe(0);
      expect(g.stderr).toBe('');
      expect(g.guesses).toEqual(paths.get(secret));
      expectOnlyGuesses(g, WORD_SET);
      if (g.guesses.at(-1) !== secret) expect(g.guesses).toHaveLength(ATTEMPTS);
    });
  });

  it('prefers wordlist4.txt over wordlist.txt, and takes masks ending in CRLF or trailing spaces', async () => {
    const secrets = [solvedSecrets().find((w) => (paths.get(w)?.length ?? 0) >= 3), unsolvedSecrets()[1]] as string[];
    const eols = [(n: number) => (n % 2 ? '\r\n' : '  \n'), (n: number) => (n % 2 ? ' \t\n' : '\r\n')];
    const games = await Promise.all(secrets.map((secret, i) => play(cwdSplit, { trees, secret, eol: eols[i] })));
    games.forEach((g, i) => {
      expect(g.code).toBe(0);
      expect(g.stderr).toBe('');
      expect(g.guesses).toEqual(paths.get(secrets[i]));
      expectOnlyGuesses(g, WORD_SET);
    });
  });

  it('an early end of input ends the player with status 0', async () => {
    const secret = solvedSecrets().find((w) => (paths.get(w)?.length ?? 0) >= 3) as string;
    const [twoTurns, none] = await Promise.all([
      play(cwdAll, { trees, maskFor: (g, n) => (n < 2 ? referenceMask(secret, g) : null) }),
      runNode(PLAYER, ['4'], { trees, cwd: cwdAll }),
    ]);
    expect(twoTurns.code).toBe(0);
    expect(twoTurns.stderr).toBe('');
    expect(twoTurns.guesses).toEqual(paths.get(secret)?.slice(0, 2));
    expectOnlyGuesses(twoTurns, WORD_SET);
    expect(none.code).toBe(0);
    expect(none.stderr).toBe('');
    expect(none.stdout).toBe(`${paths.get(secret)?.[0]}\n`);
  });

  it('skips blank lines between masks (empty, spaces only, CRLF) and plays as without them', async () => {
    const secrets = [solvedSecrets().find((w) => (paths.get(w)?.length ?? 0) >= 3), unsolvedSecrets()[0]] as string[];
    // After each mask, a blank line: the harness's stdin line 2 is "" in the first game.
    const eols = [(n: number) => (n % 2 ? '\n\n' : '\n  \n\n'), (n: number) => (n % 2 ? '\r\n\r\n' : '\n\t\n')];
    const games = await Promise.all(
      secrets.map((secret, i) => play(cwdAll, { trees, secret, eol: eols[i], closeWhenOver: false })),
    );
    games.forEach((g, i) => {
      const secret = secrets[i];
      expect(g.timedOut, `${secret}: the player must exit by itself when the game is over`).toBe(false);
      expect(g.code, g.stderr).toBe(0);
      expect(g.stderr).toBe('');
      expect(g.guesses).toEqual(paths.get(secret));
      expectOnlyGuesses(g, WORD_SET);
    });
    // Online too (no tree for this list): blank lines change nothing.
    const online = [WORDS[7], WORDS[8]] as string[];
    const runs = await Promise.all(
      online.flatMap((secret) => [
        play(cwdOther, { trees, secret }),
        play(cwdOther, { trees, secret, eol: () => '\n\n \n' }),
      ]),
    );
    for (let k = 0; k < online.length; k++) {
      const [plain, blank] = [runs[2 * k], runs[2 * k + 1]] as [Dialogue, Dialogue];
      expect(blank.code, blank.stderr).toBe(0);
      expect(blank.stderr).toBe(plain.stderr);
      expect(blank.stdout).toBe(plain.stdout);
      expect(blank.guesses.at(-1)).toBe(online[k]);
    }
    expect(Math.max(...runs.map((g) => g.guesses.length))).toBeGreaterThan(1);
  });

  it('a malformed mask gives exactly one stderr line and a non-zero status', async () => {
    const secret = WORDS[5];
    const bad = ['XXX', 'XXXXX', 'XX!X', 'ooxy', 'O O O'];
    const games = await Promise.all(
      bad.map((m) => play(cwdAll, { trees, maskFor: (g, n) => (n === 1 ? referenceMask(secret, g) : m) })),
    );
    games.forEach((g, i) => {
      expect(g.timedOut).toBe(false);
      expect(g.code, `mask ${JSON.stringify(bad[i])}`).not.toBe(0);
      expect(stderrLines(g), g.stderr).toHaveLength(1);
      expect(g.stderr).not.toMatch(/internal error/);
      expect(g.guesses).toEqual(paths.get(secret)?.slice(0, 2));
      expectOnlyGuesses(g, WORD_SET);
    });
  });

  it('masks no word of the list gives end the player with one line saying so', async () => {
    const opener = paths.get(WORDS[0])?.[0] as string;
    const possible = new Set(WORDS.map((w) => referenceMask(w, opener)));
    const impossible = allMasks(4).find((m) => !possible.has(m)) as string;
    // A leaf of the tree answered with something other than all-O leaves no word either.
    const secret = solvedSecrets().find((w) => (paths.get(w)?.length ?? 0) >= 2) as string;
    const p = paths.get(secret) as string[];
    const wrongAtLeaf = allMasks(4).find(
      (m) => m !== 'OOOO' && m !== referenceMask(secret, p.at(-1) as string),
    ) as string;
    const [a, b] = await Promise.all([
      play(cwdAll, { trees, maskFor: () => impossible }),
      play(cwdAll, { trees, maskFor: (g, n) => (n < p.length ? referenceMask(secret, g) : wrongAtLeaf) }),
    ]);
    for (const g of [a, b]) {
      expect(g.code).toBe(5);
      expect(stderrLines(g), g.stderr).toHaveLength(1);
      expect(g.stderr).toMatch(/impossible/);
      expectOnlyGuesses(g, WORD_SET);
    }
    expect(b.guesses).toEqual(p);
  });
});

describe('without a usable tree: says why once on stderr and searches online', () => {
  const randomSolvable = (): string[] => otherWords.filter((w) => !CLUSTER.includes(w)).filter((_, i) => i % 17 === 3);

  it('a list no shipped tree matches (or no manifest at all): plays to a solution', async () => {
    const otherSet = new Set(otherWords);
    const secrets = [...randomSolvable().slice(0, 4), CLUSTER[0]];
    const games = await Promise.all([
      ...secrets.map((secret) => play(cwdOther, { trees, secret })),
      play(cwdAll, { trees: empty, secret: secrets[0] }),
    ]);
    games.forEach((g, i) => {
      const secret = (secrets[i] ?? secrets[0]) as string;
      expect(g.code, g.stderr).toBe(0);
      expect(g.timedOut).toBe(false);
      expect(stderrLines(g), g.stderr).toHaveLength(1);
      expect(g.stderr).toMatch(/no shipped tree/);
      expectOnlyGuesses(g, i < secrets.length ? otherSet : WORD_SET);
      expect(g.guesses.length).toBeLessThanOrEqual(ATTEMPTS);
      if (!CLUSTER.includes(secret)) expect(g.guesses.at(-1), `${secret} found online`).toBe(secret);
    });
  });

  it('a foreign list: every game within 5 guesses, solved unless in the cluster, the same guesses for the same word', async () => {
    const otherSet = new Set(otherWords);
    const secrets = [...randomSolvable().slice(0, 5), CLUSTER[1], CLUSTER[6]];
    const runs = await Promise.all(
      secrets.flatMap((secret) => [play(cwdOther, { trees, secret }), play(cwdOther, { trees, secret })]),
    );
    secrets.forEach((secret, i) => {
      const [a, b] = [runs[2 * i], runs[2 * i + 1]] as [Dialogue, Dialogue];
      for (const g of [a, b]) {
        expect(g.code, g.stderr).toBe(0);
        expect(g.guesses.length).toBeLessThanOrEqual(ATTEMPTS);
        expectOnlyGuesses(g, otherSet);
        if (g.guesses.at(-1) !== secret)
          expect(g.guesses, `${secret} not found: all 5 guesses used`).toHaveLength(ATTEMPTS);
      }
      expect(b.guesses, `${secret}: same word, same guesses`).toEqual(a.guesses);
      if (!CLUSTER.includes(secret)) expect(a.guesses.at(-1), `${secret} found online`).toBe(secret);
    });
  });

  it('a mask the tree has no branch for: switches to the online search once and still solves', async () => {
    // A valid tree file for this very list holding only the root: every reply but all-O leaves it.
    const t2 = join(dir, 'trees-root-only');
    mkdirSync(t2);
    const file = decodeTreeFile(readFileSync(treeFile), treeFile);
    const bytes = encodeTreeFile({
      header: file.header,
      tree: {
        guess: file.tree.guess.slice(0, 1),
        edgeStart: new Uint32Array([0, 0]),
        edgeCode: new Uint32Array(0),
        edgeChild: new Uint32Array(0),
      },
    });
    writeFileSync(join(t2, 'root-only.gtree'), bytes);
    const manifest = JSON.parse(readFileSync(join(trees, 'manifest.json'), 'utf8'));
    manifest.trees[0].file = 'root-only.gtree';
    manifest.trees[0].bytes = bytes.length;
    writeFileSync(join(t2, 'manifest.json'), JSON.stringify(manifest));
    const opener = paths.get(WORDS[0])?.[0] as string;
    const secrets = randomSolvable()
      .slice(0, 3)
      .filter((w) => w !== opener);
    const games = await Promise.all(secrets.map((secret) => play(cwdAll, { trees: t2, secret })));
    games.forEach((g, i) => {
      expect(g.code, g.stderr).toBe(0);
      expect(g.guesses[0]).toBe(opener);
      expect(stderrLines(g), g.stderr).toHaveLength(1);
      expect(g.stderr).toMatch(/no branch/);
      expectOnlyGuesses(g, WORD_SET);
      expect(g.guesses.at(-1)).toBe(secrets[i]);
    });
  });

  it('a corrupt, mismatched or missing tree file in the manifest: one line on stderr, then plays online', async () => {
    const manifest = JSON.parse(readFileSync(join(trees, 'manifest.json'), 'utf8'));
    const good = readFileSync(treeFile);
    const flipped = Buffer.from(good);
    flipped[good.length >> 1] = flipped[good.length >> 1] ^ 0x10;
    const other = decodeTreeFile(good, treeFile);
    const mismatched = encodeTreeFile({
      header: { ...other.header, lists: [{ role: 'words', count: 3, sha256: '0'.repeat(64) }] },
      tree: other.tree,
    });
    // Checksummed, but its opener is past the list: the tree's numbers are checked too.
    const pastList = encodeTreeFile({
      header: other.header,
      tree: { ...other.tree, guess: other.tree.guess.map((g, i) => (i === 0 ? 1048575 : g)) },
    });
    const setups: Record<string, Uint8Array | null> = { corrupt: flipped, mismatched, missing: null, pastList };
    const dirs = Object.entries(setups).map(([name, bytes]) => {
      const t = join(dir, `trees-${name}`);
      mkdirSync(t);
      if (bytes) writeFileSync(join(t, manifest.trees[0].file), bytes);
      writeFileSync(join(t, 'manifest.json'), JSON.stringify(manifest));
      return t;
    });
    const secret = randomSolvable()[0] as string;
    const games = await Promise.all(dirs.map((t) => play(cwdAll, { trees: t, secret })));
    games.forEach((g, i) => {
      const name = Object.keys(setups)[i];
      expect(g.stderr, name).not.toMatch(/internal error/);
      expect(g.code, `${name}: ${g.stderr}`).toBe(0);
      expect(stderrLines(g), g.stderr).toHaveLength(1);
      expectOnlyGuesses(g, WORD_SET);
      expect(g.guesses.at(-1)).toBe(secret);
    });
    expect(games[3].stderr).toMatch(
      /corrupt tree file: node 0 plays guess 1048575, past the game's [\d,]+ guesses; searching online\n$/,
    );
  });

  it('never crashes on arbitrary masks: status 0 or 5, at most one stderr line, guesses only on stdout', async () => {
    const rand = rng(99);
    const masks = allMasks(4);
    const runs: Array<Promise<Dialogue>> = [];
    for (let k = 0; k < 8; k++) {
      const cwd = k % 2 ? cwdOther : cwdAll;
      // Answer as if a random word were the secret, changing the word now and then.
      let secret = WORDS[Math.floor(rand() * WORDS.length)];
      const plan = Array.from({ length: ATTEMPTS }, () => {
        if (rand() < 0.3) secret = WORDS[Math.floor(rand() * WORDS.length)];
        return rand() < 0.15 ? masks[Math.floor(rand() * masks.length)] : secret;
      });
      const maskFor = (g: string, n: number): string => {
        const s = plan[n - 1];
        return /^[OX?]+$/.test(s) ? s : referenceMask(s, g);
      };
      runs.push(play(cwd, { trees, maskFor }));
    }
    const games = await Promise.all(runs);
    games.forEach((g, k) => {
      expect(g.timedOut).toBe(false);
      expect([0, 5]).toContain(g.code);
      expect(g.stderr).not.toMatch(/internal error/);
      // Online (odd k): the notice, then possibly the error; with the tree: at most the error.
      expect(stderrLines(g).length, g.stderr).toBeLessThanOrEqual(k % 2 ? 2 : 1);
      if (g.code === 5) expect(stderrLines(g).at(-1)).toMatch(/impossible/);
      expect(g.stdout).toBe(g.guesses.map((w) => `${w}\n`).join(''));
    });
  });
});

describe('the online search (in process)', () => {
  // 5-letter words over 13 letters: many near neighbours, so the later guesses matter.
  const words = normalized(randomWords(rng(5), 300, 5, 'abcdeilmnorst'));
  const kernel = LingoFeedback.fromWords(words, 5);

  /** One game through a fresh session (as the player runs it): its guesses. */
  function playOne(s: number): number[] {
    const session = new LingoSession({ length: 5, tree: null, words, kernel });
    const guesses = [session.start()];
    for (;;) {
      const step = session.reply(kernel.feedback(guesses.at(-1) as number, s));
      if (step.kind === 'over') return guesses;
      guesses.push(step.guess);
    }
  }

  /**
   * Every word's game, walking the search's tree of games (a fork per reply). `lateBy`: the
   * first guess starts that many ms after its turn began (a slow process start).
   */
  function playAll(lateBy = 0): number[][] {
    const games: number[][] = [];
    const walk = (search: LingoOnlineSearch, path: number[]): void => {
      const g = path.length === 0 && lateBy > 0 ? search.next(performance.now() - lateBy) : search.next();
      const guesses = [...path, g];
      const replies = new Map<number, number[]>();
      for (const s of search.remainingWords) {
        if (s === g) games[s] = guesses;
        else {
          const code = kernel.feedback(g, s);
          replies.set(code, [...(replies.get(code) ?? []), s]);
        }
      }
      for (const [code, secrets] of replies) {
        if (guesses.length === ATTEMPTS) {
          for (const s of secrets) games[s] = guesses;
          continue;
        }
        const next = search.fork();
        next.observe(g, code);
        walk(next, guesses);
      }
    };
    walk(new LingoOnlineSearch(kernel), []);
    return games;
  }

  it('plays every word within 5 guesses, finds them all, beats guessing the first candidate, and repeats itself', () => {
    const a = playAll();
    expect(a).toHaveLength(words.length);
    let score = 0;
    a.forEach((guesses, i) => {
      expect(guesses.length).toBeLessThanOrEqual(ATTEMPTS);
      expect(guesses.at(-1), words[i]).toBe(i);
      score += 100 * (6 - guesses.length);
    });
    // Fresh sessions, one per game as the player plays them, give the same games.
    for (let s = 0; s < words.length; s += 7) expect(playOne(s), words[s]).toEqual(a[s]);
    // The plain strategy: the first word consistent with every mask so far.
    let naive = 0;
    for (let s = 0; s < words.length; s++) {
      let cand = words.map((_, i) => i);
      for (let t = 1; t <= ATTEMPTS; t++) {
        const g = cand[0];
        if (g === s) {
          naive += 100 * (6 - t);
          break;
        }
        const code = kernel.feedback(g, s);
        cand = cand.filter((w) => kernel.feedback(g, w) === code);
      }
    }
    expect(score / words.length).toBeGreaterThan(naive / words.length + 20);
  });

  it('a slow start plays the same games: the clock only cuts a search the guard would end', () => {
    // 400 ms of the 600 ms guard gone before the first guess: what is left is ample here.
    expect(playAll(400)).toEqual(playAll());
  });

  it('with two tries left, takes the best of all words: 200 if it is the secret, plus 100 per other reply group', () => {
    const rand = rng(17);
    let checked = 0;
    for (let k = 0; k < 300 && checked < 25; k++) {
      const s = Math.floor(rand() * words.length);
      const search = new LingoOnlineSearch(kernel);
      // Three random guesses (so that several candidates are left), then the search's own.
      const history = [0, 1, 2].map(() => Math.floor(rand() * words.length));
      for (const g of history) search.observe(g, kernel.feedback(g, s));
      const cand = Uint32Array.from(
        words.map((_, i) => i).filter((w) => history.every((g) => kernel.feedback(g, w) === kernel.feedback(g, s))),
      );
      if (cand.length < 3) continue;
      const value = (g: number): number => {
        const codes = new Set(Array.from(cand, (w) => kernel.feedback(g, w)));
        const hit = cand.includes(g);
        return (hit ? 200 : 0) + 100 * (codes.size - (hit ? 1 : 0));
      };
      let best = 0;
      for (let g = 0; g < words.length; g++) best = Math.max(best, value(g));
      expect(search.remaining).toBe(cand.length);
      expect(value(search.next()), `candidates ${Array.from(cand, (w) => words[w]).join(' ')}`).toBe(best);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(10);
  });
});

describe('a worst-case tree for the same list', () => {
  it('is never played: alone it is passed over for the online search; beside the default tree, the default paths are played', async () => {
    const solvable = WORDS.filter((w) => !CLUSTER.includes(w));
    const both = join(dir, 'trees-both');
    const list = writeList(join(dir, 'solvable.txt'), solvable);
    const game = ['--game', 'lingo', '--len', '4', '--wordlist', list];
    const worst = await cli(['compile', ...game, '--objective', 'worst-case'], { trees: both });
    expect(worst.code, worst.stderr).toBe(0);
    const cwd = dirWith('solvable', { 'wordlist.txt': `${solvable.join('\n')}\n` });
    const secrets = solvable.filter((_, i) => i % 9 === 4);

    const alone = await Promise.all(secrets.slice(0, 3).map((secret) => play(cwd, { trees: both, secret })));
    for (const g of alone) {
      expect(g.code, g.stderr).toBe(0);
      expect(stderrLines(g)).toHaveLength(1);
      expect(g.stderr).toMatch(/no shipped tree/);
    }

    const def = await cli(['compile', ...game, '--effort', 'greedy'], { trees: both });
    expect(def.code, def.stderr).toBe(0);
    const manifest = JSON.parse(readFileSync(join(both, 'manifest.json'), 'utf8')) as {
      trees: { file: string; params: Record<string, unknown> }[];
    };
    expect(manifest.trees.map((e) => e.params.objective ?? 'default').sort()).toEqual(['default', 'worst-case']);
    // The worst-case entry first: the player must still pick the default one.
    manifest.trees.sort((a, b) =>
      a.params.objective === 'worst-case' ? -1 : b.params.objective === 'worst-case' ? 1 : 0,
    );
    writeFileSync(join(both, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const defaultPaths = parsePaths((await cli(['export', ...game, '--format', 'paths'], { trees: both })).stdout);
    const worstPaths = parsePaths(
      (await cli(['export', ...game, '--objective', 'worst-case', '--format', 'paths'], { trees: both })).stdout,
    );
    const differing = solvable.filter((w) => worstPaths.get(w)?.join(' ') !== defaultPaths.get(w)?.join(' '));
    expect(differing.length, 'the two trees play some word differently').toBeGreaterThan(0);
    const played = [...differing.slice(0, 4), ...secrets.slice(0, 2)];
    const games = await Promise.all(played.map((secret) => play(cwd, { trees: both, secret })));
    games.forEach((g, i) => {
      expect(g.code, g.stderr).toBe(0);
      expect(g.stderr).toBe('');
      expect(g.guesses).toEqual(defaultPaths.get(played[i] as string));
    });
  });
});
