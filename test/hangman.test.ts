/**
 * Hangman (`--game hangman --len L [--objective misses|win] [--lives N] [--strategy greedy]`):
 * replies and their parsing, the exact search against a brute force written here on tiny
 * dictionaries (both objectives), the greedy rule against an independent simulation, the
 * example where greedy is not optimal, and the CLI end to end on small generated lists
 * (compile, verify, export paths, stats --hardest, play from a pipe, shipped-tree lookup, bad
 * input). Needs no ../shared/.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GuesstreeError } from '../runtime/errors.js';
import { findEntry, readManifest } from '../runtime/manifest.js';
import { checkTreeMatches, readTreeFile } from '../runtime/tree-format.js';
import { loadWordListOfLength } from '../runtime/wordlist.js';
import { DEFAULT_WORDLIST } from '../compiler/games/options.js';
import { HangmanGame, type HangmanSpec } from '../compiler/games/hangman/game.js';
import { compileHangman } from '../compiler/games/hangman/module.js';
import { runPlan, searchDriver } from '../compiler/pool/driver.js';
import { threadExecutor } from '../compiler/pool/thread-executor.js';
import { replayAll } from '../compiler/replay.js';
import {
  cli,
  lines,
  listSha256,
  normalized,
  parsePaths,
  randomWords,
  removeDir,
  rng,
  ROOT,
  tempDir,
  writeList,
  type Run,
} from './support/e2e.js';

const AZ = 'abcdefghijklmnopqrstuvwxyz';

/** The effort each test game is compiled with: the search, or the greedy rule. */
const STRATEGY = new WeakMap<HangmanGame, 'search' | 'greedy'>();

function gameOf(
  words: readonly string[],
  spec: Partial<HangmanSpec> & { strategy?: 'search' | 'greedy' } = {},
): HangmanGame {
  const sorted = normalized(words);
  const len = sorted[0].length;
  const game = new HangmanGame(sorted, [{ role: 'words', count: sorted.length, sha256: listSha256(sorted) }], {
    length: len,
    objective: spec.objective ?? 'misses',
    lives: spec.lives ?? 6,
  });
  STRATEGY.set(game, spec.strategy ?? 'search');
  return game;
}

/** The module's compile, its searches in this thread. */
function compile(game: HangmanGame, nodeBudget?: number) {
  return runPlan(
    compileHangman(
      game,
      {
        effort: STRATEGY.get(game) === 'greedy' ? 'greedy' : 'default',
        options: {},
        checkpoint: false,
        remoteWorkers: false,
      },
      nodeBudget,
    ),
    searchDriver({ workers: 1, executor: threadExecutor }),
  );
}

/** Positions (0-based bits) of `letter` in `word`, computed the plain way. */
function positions(word: string, letter: string): number {
  let m = 0;
  for (let p = 0; p < word.length; p++) if (word[p] === letter) m |= 1 << p;
  return m;
}

/**
 * Brute force over subsets (bitmask of word indices), every letter that splits: least
 * [lost words, total misses] lexicographically; `lives` = Infinity for the misses objective.
 * `first` forces the first letter.
 */
function brute(words: readonly string[], lives: number, first?: string): { lost: number; misses: number } {
  const n = words.length;
  const memo = new Map<string, { lost: number; misses: number }>();
  const f = (mask: number, left: number, force?: string): { lost: number; misses: number } => {
    const members = [...Array(n).keys()].filter((i) => (mask >> i) & 1);
    if (members.length <= 1) return { lost: left <= 0 ? members.length : 0, misses: 0 };
    const key = `${mask}:${left}:${force ?? ''}`;
    const hit = memo.get(key);
    if (hit) return hit;
    let best = { lost: Infinity, misses: Infinity };
    for (const letter of force ? [force] : [...AZ]) {
      const groups = new Map<number, number>();
      for (const i of members) {
        const c = positions(words[i], letter);
        groups.set(c, (groups.get(c) ?? 0) | (1 << i));
      }
      if (groups.size < 2) continue;
      let lost = 0;
      let misses = 0;
      for (const [c, sub] of groups) {
        let size = 0;
        for (let x = sub; x; x &= x - 1) size++;
        const r = f(sub, c === 0 ? left - 1 : left);
        lost += r.lost;
        misses += r.misses + (c === 0 ? size : 0);
      }
      if (lost < best.lost || (lost === best.lost && misses < best.misses)) best = { lost, misses };
    }
    memo.set(key, best);
    return best;
  };
  return f((1 << n) - 1, lives, first);
}

/** The greedy rule simulated directly: per word, the letters and misses. */
function greedyPlay(words: readonly string[], secret: string): { letters: string[]; misses: number } {
  let cands = [...words];
  const guessed = new Set<string>();
  const letters: string[] = [];
  let misses = 0;
  let revealed = 0;
  const full = (1 << secret.length) - 1;
  while (revealed !== full) {
    let best = '';
    let bestMissing = Infinity;
    for (const l of AZ) {
      if (guessed.has(l)) continue;
      const missing = cands.filter((w) => !w.includes(l)).length;
      if (missing < bestMissing) {
        bestMissing = missing;
        best = l;
      }
    }
    guessed.add(best);
    letters.push(best);
    const m = positions(secret, best);
    if (m === 0) misses++;
    revealed |= m;
    cands = cands.filter((w) => positions(w, best) === m);
  }
  return { letters, misses };
}

describe('replies', () => {
  const game = gameOf(['abca', 'bcdd', 'dcba']);
  it('a reply is the set of positions holding the letter; empty is a miss', () => {
    const a = game.words.indexOf('abca');
    expect(game.feedback(0, a)).toBe(0b1001);
    expect(game.codeName(game.feedback(0, a))).toBe('1,4');
    expect(game.feedback(3, game.words.indexOf('bcdd'))).toBe(0b1100);
    expect(game.feedback(4, a)).toBe(0);
    expect(game.codeName(0)).toBe('-');
  });
  it('parses positions typed with spaces or commas, and - for none; rejects the rest with a reason', () => {
    expect(game.parseCode('1 4')).toBe(0b1001);
    expect(game.parseCode(' 4,1 ')).toBe(0b1001);
    expect(game.parseCode('-')).toBe(0);
    expect(game.parseCode('none')).toBe(0);
    const bad: Array<[string, RegExp]> = [
      ['5', /position 5 is out of range/],
      ['0 2', /position 0 is out of range/],
      ['2 2', /position 2 is given twice/],
      ['x', /"x" is not a position/],
      ['', /empty reply/],
    ];
    for (const [text, why] of bad) {
      let e: unknown;
      try {
        game.parseCode(text);
      } catch (x) {
        e = x;
      }
      expect(e, text).toBeInstanceOf(GuesstreeError);
      expect((e as GuesstreeError).kind).toBe('feedback');
      expect((e as GuesstreeError).message).toMatch(why);
    }
  });
});

/** Misses and losses of a compiled tree, by replay. */
async function measured(
  game: HangmanGame,
  given?: import('../runtime/tree-format.js').TreeArrays,
): Promise<{ lost: number; misses: number; perWord: number[] }> {
  const tree = given ?? (await compile(game)).tree;
  const s = replayAll(game, tree);
  expect(s.missingBranches).toBe(0);
  expect(s.histogram[0]).toBe(0);
  const perWord = s.outcomes.map((o) => o.misses ?? 0);
  const lives = game.spec.objective === 'win' ? game.spec.lives : Infinity;
  return { lost: perWord.filter((m) => m >= lives).length, misses: perWord.reduce((a, b) => a + b, 0), perWord };
}

describe('exact search on tiny dictionaries', () => {
  const rand = rng(606);
  const dicts: string[][] = [];
  for (let i = 0; i < 12; i++) {
    const len = 3 + (i % 2);
    dicts.push(randomWords(rand, 7 + (i % 5), len, i % 3 === 0 ? 'abcde' : 'abcdefgh'));
  }

  it('the misses objective equals the brute-force least total misses (where greedy does worse too)', async () => {
    let greedyWorse = 0;
    for (const words of dicts) {
      const game = gameOf(words);
      const best = brute(game.words, Infinity).misses;
      expect((await measured(game)).misses, words.join(' ')).toBe(best);
      if ((await measured(gameOf(words, { strategy: 'greedy' }))).misses > best) greedyWorse++;
    }
    // The dictionaries are not all easy: on some the greedy rule is beaten.
    expect(greedyWorse).toBeGreaterThan(0);
  });

  it('the win objective equals the brute force: fewest words lost, then fewest misses', async () => {
    for (const [i, words] of dicts.entries()) {
      const lives = 1 + (i % 3);
      const game = gameOf(words, { objective: 'win', lives });
      const m = await measured(game);
      expect({ lost: m.lost, misses: m.misses }, `${words.join(' ')} with ${lives} lives`).toEqual(
        brute(game.words, lives),
      );
    }
  });

  it('greedy is not optimal for {abc, abd, aef, egh} with one life: e first wins 1/2, a first 1/4', async () => {
    const words = ['abc', 'abd', 'aef', 'egh'];
    expect(4 - brute(words, 1, 'e').lost).toBe(2);
    expect(4 - brute(words, 1, 'a').lost).toBe(1);
    const ours = gameOf(words, { objective: 'win', lives: 1 });
    const greedy = gameOf(words, { objective: 'win', lives: 1, strategy: 'greedy' });
    const t = (await compile(ours)).tree;
    const g = (await compile(greedy)).tree;
    expect(ours.guessName(t.guess[0])).toBe('e');
    expect(greedy.guessName(g.guess[0])).toBe('a');
    expect(4 - (await measured(ours, t)).lost).toBe(2);
    expect(4 - (await measured(greedy, g)).lost).toBe(1);
  });
});

describe('exact search budget', () => {
  it('a small list whose exact search runs out of its node budget gets the default search, not proven, still no worse than greedy', async () => {
    const words = normalized(randomWords(rng(31), 120, 4, 'abcdefghij'));
    const game = gameOf(words);
    const full = await compile(game);
    const cut = await compile(game, 50);
    expect(full.settings.provenOptimal).toBe(true);
    expect(cut.settings.provenOptimal).toBe(false);
    expect(cut.settings.exactStopped).toBe(true);
    const exact = (await measured(game, full.tree)).misses;
    const fallback = (await measured(game, cut.tree)).misses;
    expect(fallback).toBeGreaterThanOrEqual(exact);
    expect(fallback).toBeLessThanOrEqual((await measured(gameOf(words, { strategy: 'greedy' }))).misses);
  });
});

describe('greedy rule', () => {
  it('the greedy tree makes, word by word, the misses of the rule simulated directly', async () => {
    const rand = rng(77);
    for (let i = 0; i < 4; i++) {
      const words = normalized(randomWords(rand, 60, 5, 'abcdefghijklmno'));
      const game = gameOf(words, { strategy: 'greedy' });
      const m = await measured(game);
      words.forEach((w, k) => {
        expect(m.perWord[k], w).toBe(greedyPlay(words, w).misses);
      });
    }
  });

  it('the search never does worse than greedy, for either objective', async () => {
    const rand = rng(78);
    for (let i = 0; i < 3; i++) {
      const words = normalized(randomWords(rand, 300, 4, 'abcdefghijklmnop'));
      const ours = await measured(gameOf(words));
      const greedy = await measured(gameOf(words, { strategy: 'greedy' }));
      expect(ours.misses).toBeLessThanOrEqual(greedy.misses);
      const win = await measured(gameOf(words, { objective: 'win', lives: 3 }));
      const gwin = await measured(gameOf(words, { objective: 'win', lives: 3, strategy: 'greedy' }));
      expect(win.lost * 1e6 + win.misses).toBeLessThanOrEqual(gwin.lost * 1e6 + gwin.misses);
    }
  });
});

describe('CLI end to end', () => {
  let dir: string;
  let empty: string;
  let list: string;
  let tree: string;
  let words: string[];
  let compileRun: Run;

  beforeAll(async () => {
    dir = tempDir('hangman');
    empty = join(dir, 'trees-empty');
    const rand = rng(2026);
    words = normalized(randomWords(rand, 80, 5, 'abcdefghijklmnopqr'));
    // Words of other lengths are ignored; blank lines and spaces are accepted.
    list = writeList(
      join(dir, 'words.txt'),
      [...words, '  ', 'cat', 'horses'].map((w, i) => (i % 7 === 0 ? ` ${w} ` : w)),
    );
    tree = join(dir, 'len5.gtree');
    compileRun = await cli(['compile', '--game', 'hangman', '--len', '5', '--wordlist', list, '--out', tree], {
      trees: empty,
    });
  });
  afterAll(() => removeDir(dir));

  it('compile writes the tree and prints the replayed objective; a second compile gives the same bytes', async () => {
    expect(compileRun.code, compileRun.stderr).toBe(0);
    expect(compileRun.stderr).toBe('');
    expect(compileRun.stdout).toMatch(
      /^hangman-len5-misses: mean misses [\d.]+ a word \(total [\d,]+, most \d+\); words won with 6 lives: \d+ of 80 \([\d.]+%\)/,
    );
    const again = join(dir, 'again.gtree');
    const r = await cli(['compile', '--game', 'hangman', '--len', '5', '--wordlist', list, '--out', again], {
      trees: empty,
    });
    expect(r.code).toBe(0);
    expect(Buffer.compare(readFileSync(tree), readFileSync(again))).toBe(0);
  });

  it('export paths: every word once, letters distinct, replaying them reveals the word exactly at the last one, one tree', async () => {
    const r = await cli(['export', '--format', 'paths', '--tree', tree, '--wordlist', list], { trees: empty });
    expect(r.code, r.stderr).toBe(0);
    // Letters are single characters: parsePaths accepts them as "guesses".
    const paths = parsePaths(r.stdout);
    expect([...paths.keys()].sort()).toEqual(words);
    const next = new Map<string, string>();
    for (const [secret, letters] of paths) {
      expect(new Set(letters).size).toBe(letters.length);
      let revealed = 0;
      const replies: string[] = [];
      letters.forEach((l, i) => {
        expect(l).toMatch(/^[a-z]$/);
        const key = replies.join('|');
        const seen = next.get(key);
        if (seen === undefined) next.set(key, l);
        else expect(l, `after [${key}] one letter`).toBe(seen);
        revealed |= positions(secret, l);
        expect(revealed === (1 << secret.length) - 1, `${secret} revealed only at the last letter`).toBe(
          i === letters.length - 1,
        );
        replies.push(`${l}${positions(secret, l)}`);
      });
    }
  });

  it('verify prints the misses histogram, mean and win rate that an independent replay of the paths gives', async () => {
    const [v, p] = await Promise.all([
      cli(['verify', '--tree', tree, '--wordlist', list], { trees: empty }),
      cli(['export', '--format', 'paths', '--tree', tree, '--wordlist', list], { trees: empty }),
    ]);
    expect(v.code, v.stderr).toBe(0);
    expect(v.stderr).toBe('');
    const misses = [...parsePaths(p.stdout)].map(([s, ls]) => ls.filter((l) => !s.includes(l)).length);
    const total = misses.reduce((a, b) => a + b, 0);
    expect(v.stdout).toContain(
      `mean misses: ${(total / misses.length).toFixed(4)} per word (total ${total.toLocaleString('en-US')}, most ${Math.max(...misses)})`,
    );
    const wins = misses.filter((m) => m < 6).length;
    expect(v.stdout).toContain(`win rate with 6 lives (fewer than 6 misses): ${wins} of ${misses.length} words`);
    for (let m = 0; m <= Math.max(...misses); m++) {
      const count = misses.filter((x) => x === m).length;
      expect(v.stdout).toMatch(new RegExp(`^\\s+${m} miss(es)? \\|\\s+${count} `, 'm'));
    }
    expect(v.stdout).toContain('verify: ok');
  });

  it('stats --hardest K: the K words with the most misses, their letters with misses in brackets, then the bar chart', async () => {
    const [s, p] = await Promise.all([
      cli(['stats', '--tree', tree, '--wordlist', list, '--hardest', '4'], { trees: empty }),
      cli(['export', '--format', 'paths', '--tree', tree, '--wordlist', list], { trees: empty }),
    ]);
    expect(s.code, s.stderr).toBe(0);
    const paths = parsePaths(p.stdout);
    const out = lines(s.stdout);
    const at = out.findIndex((l) => l.startsWith('hardest 4 words'));
    expect(at).toBeGreaterThan(0);
    const rows = out.slice(at + 1, at + 5);
    const missesOf = (w: string) => (paths.get(w) as string[]).filter((l) => !w.includes(l)).length;
    const most = Math.max(...words.map(missesOf));
    let prev = Infinity;
    for (const row of rows) {
      const m = /^ {2}([a-z]+) +(\d+) miss(?:es)?: (.*)$/.exec(row);
      expect(m, row).not.toBeNull();
      const [, w, k, letters] = m as unknown as [string, string, string, string];
      expect(Number(k)).toBe(missesOf(w));
      expect(Number(k)).toBeLessThanOrEqual(prev);
      prev = Number(k);
      expect(letters).toBe((paths.get(w) as string[]).map((l) => (w.includes(l) ? l : `[${l}]`)).join(' '));
    }
    expect(Number(/ (\d+) miss/.exec(rows[0])?.[1])).toBe(most);
    const chartAt = out.indexOf('misses distribution:');
    expect(chartAt).toBeGreaterThan(at);
    const bars = out.slice(chartAt + 1).map((l) => /^\s+(\d+) miss(?:es)? \|\s+(\d+)\s+[\d.]+% #*$/.exec(l));
    expect(bars.every((b) => b !== null)).toBe(true);
    expect(bars.reduce((a, b) => a + Number(b?.[2]), 0)).toBe(words.length);
  });

  it('play from a pipe: typing the true positions reveals the word with the misses of its path', async () => {
    const p = await cli(['export', '--format', 'paths', '--tree', tree, '--wordlist', list], { trees: empty });
    const paths = parsePaths(p.stdout);
    const secrets = [words[0], words[41], words[79]];
    const runs = await Promise.all(
      secrets.map((s) => {
        const replies = (paths.get(s) as string[]).map((l) => {
          const m = positions(s, l);
          return m === 0 ? '-' : [...s].flatMap((c, i) => (c === l ? [String(i + 1)] : [])).join(' ');
        });
        return cli(['play', '--tree', tree, '--wordlist', list], { trees: empty, input: `${replies.join('\n')}\n` });
      }),
    );
    secrets.forEach((s, i) => {
      const r = runs[i];
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
      const letters = paths.get(s) as string[];
      const shown = lines(r.stdout)
        .filter((l) => l.startsWith('guess '))
        .map((l) => /^guess \d+: ([a-z])/.exec(l)?.[1]);
      expect(shown).toEqual(letters);
      const misses = letters.filter((l) => !s.includes(l)).length;
      expect(r.stdout).toContain(`solved: ${s} in ${letters.length} guesses with ${misses} miss`);
    });
  });

  it('play rejects impossible replies with the reason: out of range, already revealed, fitting no word', async () => {
    const p = await cli(['export', '--format', 'paths', '--tree', tree, '--wordlist', list], { trees: empty });
    const paths = parsePaths(p.stdout);
    // A word whose first letter is a hit, so that its positions can be repeated for the second.
    const s = words.find((w) => w.includes((paths.get(w) as string[])[0])) as string;
    const first = (paths.get(s) as string[])[0];
    const firstReply = [...s].flatMap((c, i) => (c === first ? [String(i + 1)] : [])).join(' ');
    // A reply to the first letter that no word gives.
    const used = new Set(words.map((w) => positions(w, first)));
    let none = 1;
    while (used.has(none)) none++;
    const noneReply = [...Array(5).keys()]
      .filter((i) => none & (1 << i))
      .map((i) => String(i + 1))
      .join(' ');
    const runs = await Promise.all([
      cli(['play', '--tree', tree, '--wordlist', list], { trees: empty, input: '6\n' }),
      cli(['play', '--tree', tree, '--wordlist', list], { trees: empty, input: `${firstReply}\n${firstReply}\n` }),
      cli(['play', '--tree', tree, '--wordlist', list], { trees: empty, input: `${noneReply}\n` }),
    ]);
    const [range, again, fits] = runs as [Run, Run, Run];
    for (const r of runs) {
      expect(r.code).toBe(5);
      expect(r.stderr.split('\n').length - 1, r.stderr).toBe(1);
    }
    expect(range.stderr).toContain('position 6 is out of range');
    expect(again.stderr).toMatch(/already revealed/);
    expect(fits.stderr).toMatch(/impossible reply .*no word of the list fits/);
  });

  it('without --out: a manifest entry per objective, found again by the game options; others say none matches', async () => {
    const trees = join(dir, 'trees');
    const win = await cli(
      ['compile', '--game', 'hangman', '--len', '5', '--wordlist', list, '--objective', 'win', '--lives', '3'],
      { trees },
    );
    expect(win.code, win.stderr).toBe(0);
    const manifest = JSON.parse(readFileSync(join(trees, 'manifest.json'), 'utf8')) as {
      trees: Array<{ file: string; params: Record<string, unknown>; lists: Array<{ sha256: string }> }>;
    };
    expect(manifest.trees.map((e) => e.params)).toEqual([{ length: 5, objective: 'win', lives: 3 }]);
    expect(manifest.trees[0]?.file).toMatch(/^hangman-len5-win3-[0-9a-f]{12}\.gtree$/);
    expect(manifest.trees[0]?.lists[0]?.sha256).toBe(listSha256(words));
    const [found, other, misses] = await Promise.all([
      cli(['verify', '--game', 'hangman', '--len', '5', '--wordlist', list, '--objective', 'win', '--lives', '3'], {
        trees,
      }),
      cli(['verify', '--game', 'hangman', '--len', '5', '--wordlist', list, '--objective', 'win'], { trees }),
      cli(['verify', '--game', 'hangman', '--len', '5', '--wordlist', list], { trees }),
    ]);
    expect(found.code, found.stderr).toBe(0);
    expect(found.stdout).toContain('win rate with 3 lives');
    for (const r of [other, misses]) {
      expect(r.code).toBe(4);
      expect(r.stderr).toMatch(/no shipped tree for hangman-len5-(win6|misses)/);
    }
  });

  it('bad input: one stderr line and the status of its kind', async () => {
    const upper = writeList(join(dir, 'upper.txt'), ['abcde', 'Bcdea']);
    const cases: Array<[string[], number, RegExp]> = [
      [
        ['compile', '--game', 'hangman', '--len', '5', '--wordlist', upper, '--out', join(dir, 'x.gtree')],
        3,
        /upper\.txt:2: upper case letter 'B'/,
      ],
      [
        ['compile', '--game', 'hangman', '--len', '9', '--wordlist', list, '--out', join(dir, 'x.gtree')],
        3,
        /no words of length 9/,
      ],
      [['compile', '--game', 'hangman', '--wordlist', list], 2, /hangman needs --len/],
      [
        ['compile', '--game', 'hangman', '--len', '5', '--wordlist', list, '--objective', 'fast'],
        2,
        /--objective fast: unknown objective/,
      ],
      [
        ['compile', '--game', 'hangman', '--len', '5', '--wordlist', list, '--lives', '3'],
        2,
        /--lives is for --objective win/,
      ],
      [
        ['compile', '--game', 'hangman', '--len', '5', '--wordlist', list, '--objective', 'win', '--lives', '0'],
        2,
        /--lives 0/,
      ],
      [
        ['compile', '--game', 'hangman', '--len', '5', '--wordlist', list, '--strategy', 'best'],
        2,
        /--strategy best: unknown strategy/,
      ],
      [['compile', '--game', 'hangman', '--len', '5', '--wordlist', list, '--livez', '3'], 2, /livez/],
      [['verify', '--tree', join(dir, 'missing.gtree'), '--wordlist', list], 3, /no such file/],
    ];
    const runs = await Promise.all(cases.map(([args]) => cli(args, { trees: join(dir, 'trees-bad') })));
    cases.forEach(([args, status, why], i) => {
      const r = runs[i];
      expect({ code: r.code, lines: r.stderr.split('\n').length - 1 }, `${args.join(' ')}: ${r.stderr}`).toEqual({
        code: status,
        lines: 1,
      });
      expect(r.stderr).toMatch(why);
      expect(r.stderr).not.toMatch(/internal error/);
      expect(r.stdout).toBe('');
    });
  });
});

describe('shipped trees for the default dictionary (the acceptance list)', () => {
  const TREES = join(ROOT, 'trees');
  const manifest = readManifest(TREES);
  for (let len = 4; len <= 12; len++) {
    it(`length ${len}: misses and win-6 trees shipped, replaying to their headers, better than greedy`, async () => {
      const list = loadWordListOfLength(DEFAULT_WORDLIST, len);
      const greedyGame = HangmanGame.fromList(list, { length: len, objective: 'misses', lives: 6 });
      STRATEGY.set(greedyGame, 'greedy');
      const greedy = await measured(greedyGame);
      const greedyWins = greedy.perWord.filter((m) => m < 6).length;
      for (const objective of ['misses', 'win'] as const) {
        const game = HangmanGame.fromList(list, { length: len, objective, lives: 6 });
        const entry = findEntry(manifest, { game: 'hangman', params: game.params, lists: game.lists });
        expect(entry, `no shipped ${objective} tree for length ${len}`).toBeDefined();
        const path = join(TREES, entry!.file);
        const file = readTreeFile(path);
        checkTreeMatches(file, { game: 'hangman', params: game.params, lists: game.lists }, path);
        const s = replayAll(game, file.tree);
        expect(file.header.objective.total).toBe(s.total);
        expect(entry!.objective.total).toBe(s.total);
        expect(entry!.compileSeconds ?? Infinity).toBeLessThanOrEqual(600);
        const ours = await measured(game, file.tree);
        if (objective === 'misses') {
          expect(ours.misses).toBeLessThan(greedy.misses);
          if (len <= 8) expect(ours.misses).toBeLessThanOrEqual(0.99 * greedy.misses);
        } else if (greedyWins < 0.99 * list.words.length) {
          expect(list.words.length - ours.lost).toBeGreaterThan(greedyWins);
        } else {
          expect(list.words.length - ours.lost).toBeGreaterThanOrEqual(greedyWins);
        }
      }
    });
  }
});
