/**
 * `play` takes back a reply with `undo` (or `u`) in every game, says so in its first line, and
 * shows the guess before it again as it was; Lingo's legend shows a mask of the game's length;
 * the pit player takes masks in any case, prefixes every line with `lingo-player:` and, with no
 * list, names every place it looked. Through the real programs, stdout and stderr apart.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceMask } from '../runtime/lingo-feedback.js';
import {
  cli,
  dialogue,
  lines,
  PLAYER,
  parsePaths,
  removeDir,
  ROOT,
  runNode,
  tempDir,
  writeList,
} from './support/e2e.js';

let dir: string;
let trees: string;

const WORDS4 = ['abcd', 'abce', 'bcde', 'cdef', 'defa', 'efab', 'face', 'bead', 'dace', 'cafe', 'deaf', 'fade'];

beforeAll(() => {
  dir = tempDir('play-undo');
  trees = join(dir, 'trees');
  mkdirSync(trees);
  writeList(list4(), WORDS4);
});

/** The 4-letter list (written by beforeAll). */
const list4 = (): string => join(dir, 'w4.txt');
afterAll(() => removeDir(dir));

interface GameCase {
  readonly name: string;
  /** Options naming the game (and its list), for compile, export and play. */
  readonly options: () => string[];
  /** The reply to `guess` when the secret is `secret`, as a person types it. */
  readonly reply: (guess: string, secret: string) => string;
  /** Whether a reply ends the game. */
  readonly solved: (reply: string) => boolean;
}

function counts(guess: string, secret: string): { exact: number; common: number } {
  let exact = 0;
  for (let i = 0; i < guess.length; i++) if (guess[i] === secret[i]) exact++;
  const left = [...secret];
  let common = 0;
  for (const c of guess) {
    const at = left.indexOf(c);
    if (at >= 0) {
      common++;
      left.splice(at, 1);
    }
  }
  return { exact, common };
}

function cases(): GameCase[] {
  return [
    {
      name: 'lingo',
      options: () => ['--game', 'lingo', '--len', '4', '--wordlist', list4()],
      reply: (g, s) => referenceMask(s, g),
      solved: (r) => r === 'OOOO',
    },
    {
      name: 'mastermind',
      options: () => ['--game', 'mastermind', '--pegs', '3', '--colors', '3'],
      reply: (g, s) => {
        const { exact, common } = counts(g, s);
        return `${exact}${common - exact}`;
      },
      solved: (r) => r === '30',
    },
    {
      name: 'bullscows',
      options: () => ['--game', 'bullscows', '--digits', '3', '--symbols', '5'],
      reply: (g, s) => {
        const { exact, common } = counts(g, s);
        return `${exact}A${common - exact}B`;
      },
      solved: (r) => r === '3A0B',
    },
    {
      name: 'matchcount',
      options: () => ['--game', 'matchcount', '--wordlist', list4()],
      reply: (g, s) => String(counts(g, s).exact),
      solved: (r) => r === '4',
    },
    {
      name: 'hangman',
      options: () => ['--game', 'hangman', '--len', '4', '--wordlist', list4()],
      reply: (letter, s) => [...s].flatMap((c, i) => (c === letter ? [String(i + 1)] : [])).join(' ') || '-',
      solved: () => false,
    },
    {
      name: 'file game',
      options: () => ['--game', join(ROOT, 'scripts', 'examples', 'hilo.mjs')],
      reply: (g, s) => (g === s ? '=' : Number(s) > Number(g) ? 'higher' : 'lower'),
      solved: (r) => r === '=',
    },
  ];
}

/** The guesses play shows, in order: `guess N: G` (Hangman's line goes on with the word so far). */
function shown(stdout: string): string[] {
  return lines(stdout).flatMap((l) => {
    const m = /^guess (\d+): (\S+)/.exec(l);
    return m ? [`${m[1]}:${m[2]}`] : [];
  });
}

describe('undo in play, for every game', () => {
  for (const game of cases()) {
    it(`${game.name}: a wrong first reply taken back, then the game played to its end`, async () => {
      const tree = join(dir, `${game.name.replace(' ', '-')}.gtree`);
      const options = game.options();
      const c = await cli(['compile', ...options, '--out', tree], { trees });
      expect(c.code, c.stderr).toBe(0);
      const ex = await cli(['export', '--format', 'paths', '--tree', tree, ...options], { trees });
      expect(ex.code, ex.stderr).toBe(0);
      const paths = parsePaths(ex.stdout);
      const secrets = [...paths.keys()];
      const first = paths.get(secrets[0])?.[0] as string;
      // Two secrets the first guess tells apart, neither solved by it (Hangman: any two).
      const pair = secrets
        .flatMap((a) => secrets.map((b) => [a, b] as const))
        .find(
          ([a, b]) =>
            a !== first &&
            b !== first &&
            game.reply(first, a) !== game.reply(first, b) &&
            (paths.get(a)?.length ?? 0) >= 2 &&
            (paths.get(b)?.length ?? 0) >= 2,
        );
      expect(pair).toBeDefined();
      const [wrong, secret] = pair as readonly [string, string];
      const path = paths.get(secret) as string[];
      const replies = path.map((g) => game.reply(g, secret));
      const input = [game.reply(first, wrong), 'u', ...replies].join('\n');
      const p = await cli(['play', '--tree', tree, ...options], { trees, input: `${input}\n` });
      expect(p.code, p.stderr).toBe(0);
      expect(p.stderr).toBe('');
      const out = lines(p.stdout);
      expect(out[0]).toMatch(/; undo \(or u\) takes back the last reply$/);
      // The first guess, the guess after the wrong reply, the first guess again as it was, then the secret's path.
      const second = paths.get(wrong)?.[1] as string;
      expect(shown(p.stdout)).toEqual([`1:${first}`, `2:${second}`, ...path.map((g, i) => `${i + 1}:${g}`)]);
      expect(out.filter((l) => /^guess 1: /.test(l))).toHaveLength(2);
      expect(new Set(out.filter((l) => /^guess 1: /.test(l))).size).toBe(1);
      expect(out.at(-1)).toMatch(
        game.name === 'hangman'
          ? new RegExp(`^solved: ${secret} in ${path.length} guess`)
          : new RegExp(`^solved in ${path.length} guess`),
      );
      expect(replies.some(game.solved) || game.name === 'hangman').toBe(true);
    });
  }

  it('undo before any reply: one line, status 5 from a pipe; `undo` spelt out works as `u`', async () => {
    const tree = join(dir, 'mastermind-undo.gtree');
    const opts = ['--game', 'mastermind', '--pegs', '3', '--colors', '3'];
    expect((await cli(['compile', ...opts, '--out', tree], { trees })).code).toBe(0);
    const early = await cli(['play', '--tree', tree, ...opts], { trees, input: 'undo\n' });
    expect(early.code).toBe(5);
    expect(lines(early.stderr)).toEqual(['guesstree: nothing to undo: no reply has been given yet']);
    const twice = await cli(['play', '--tree', tree, ...opts], { trees, input: '00\nUNDO\n00\nundo\n' });
    expect(twice.code, twice.stderr).toBe(0);
    const g = shown(twice.stdout);
    expect(g).toEqual([g[0], g[1], g[0], g[1], g[0]]);
  });
});

describe("Lingo's legend at other lengths", () => {
  it('shows an example mask of the game length', async () => {
    const list6 = writeList(join(dir, 'w6.txt'), ['abcdef', 'bcdefa', 'cdefab', 'defabc', 'efabcd', 'fabcde']);
    const tree = join(dir, 'lingo6.gtree');
    const c = await cli(['compile', '--game', 'lingo', '--len', '6', '--wordlist', list6, '--out', tree], { trees });
    expect(c.code, c.stderr).toBe(0);
    const p = await cli(['play', '--tree', tree, '--wordlist', list6], { trees, input: '' });
    expect(lines(p.stdout)[0]).toMatch(/\(any case, e\.g\. OX\?XXX\);/);
  });
});

describe('the pit player', () => {
  it('takes masks in any case, as play does', async () => {
    const cwd = join(dir, 'pit');
    mkdirSync(cwd);
    writeList(join(cwd, 'wordlist.txt'), WORDS4);
    // A tree for this list, so the player's guesses come from it: its online search starts with a
    // wall-clock guard from the process start, which a loaded machine can pass (another guess).
    const compiled = await cli(['compile', '--game', 'lingo', '--len', '4', '--wordlist', list4()], { trees });
    expect(compiled.code, compiled.stderr).toBe(0);
    const games = await Promise.all(
      [false, true].map((lower) =>
        dialogue(PLAYER, ['4'], {
          trees,
          cwd,
          guessOf: (l) => l,
          maskFor: (g) => (lower ? referenceMask('fade', g).toLowerCase() : referenceMask('fade', g)),
        }),
      ),
    );
    const [upper, lower] = games;
    expect(lower.code, lower.stderr).toBe(0);
    expect(lower.guesses).toEqual(upper.guesses);
    expect(lower.guesses.at(-1)).toBe('fade');
    for (const g of games) expect(g.stderr, 'the tree is played, not the online search').not.toMatch(/online/);
  });

  it('with no list, names every place it looked', async () => {
    const cwd = join(dir, 'no-list');
    mkdirSync(cwd);
    const r = await runNode(PLAYER, ['4'], { trees, cwd, input: '' });
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr)).toEqual([
      `lingo-player: no word list: looked for wordlist4.txt and wordlist.txt in ${cwd} (the working directory)`,
    ]);
  });
});
