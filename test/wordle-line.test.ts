/**
 * Wordle's `--line GUESS.MASK.GUESS…`: the tree plays the line's guesses where the line's replies
 * lead (the search fills in the rest: the other groups below the opener are the plain compile's),
 * in normal and hard mode; the header records it; a worker's job with a broken line is refused;
 * through the CLI a wrong line is one usage line naming the part that is wrong, status 2.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { wordleModule } from '../compiler/games/wordle/module.js';
import type { WordleGame } from '../compiler/games/wordle/game.js';
import { compileLoaded } from '../compiler/pool/driver.js';
import { illegalGuesses, replayAll, replaySecret } from '../compiler/replay.js';
import { threadExecutor } from '../compiler/pool/thread-executor.js';
import { codeToMask } from '../runtime/lingo-feedback.js';
import { cli, randomWords, removeDir, rng, tempDir, writeList } from './support/e2e.js';

const fixture = (dir: string) => {
  const rand = rng(17);
  const answers = randomWords(rand, 150, 5, 'aelnorstcdiu');
  const extra = randomWords(rand, 250, 5, 'aelnorstcdiubgmpy', new Set(answers));
  return {
    answers: writeList(join(dir, 'answers.txt'), answers),
    guesses: writeList(join(dir, 'guesses.txt'), extra),
  };
};

/** The reply groups of `guess` (not the solved one), largest first: each its code and secrets. */
function groupsOf(game: WordleGame, guess: number, among: readonly number[]): { code: number; secrets: number[] }[] {
  const groups = new Map<number, number[]>();
  for (const s of among) {
    const c = game.feedback(guess, s);
    if (c === game.solvedCode) continue;
    groups.set(c, [...(groups.get(c) ?? []), s]);
  }
  return [...groups.entries()]
    .sort((a, b) => b[1].length - a[1].length || a[0] - b[0])
    .map(([code, secrets]) => ({ code, secrets }));
}

describe('wordle --line', () => {
  for (const hard of [false, true]) {
    it(`${hard ? 'hard' : 'normal'} mode: the line's guesses are played where its replies lead, the rest as without it`, async () => {
      const dir = tempDir('wordle-line');
      try {
        const lists = { ...fixture(dir), hard };
        const compile = (options: Record<string, string | boolean>) => {
          const loaded = wordleModule.load(lists);
          return compileLoaded(loaded, { effort: 'default', workers: 2, options, executor: threadExecutor });
        };
        const game = wordleModule.load(lists).game as WordleGame;
        const plain = await compile(lists);
        const opener = plain.tree.guess[0];
        const all = Array.from({ length: game.secretCount }, (_, s) => s);
        const [first, other] = groupsOf(game, opener, all);
        const rule = game.guessFilter;
        // A guess hard mode allows in `state`, not one of `avoid`: the last such word, or the first.
        const allowed = (state: string, avoid: number[], last: boolean) => {
          for (let i = 0; i < game.guessCount; i++) {
            const g = last ? game.guessCount - 1 - i : i;
            if (!avoid.includes(g) && (!rule || rule.allows(state, g))) return g;
          }
          throw new Error('no guess allowed');
        };
        const plainSecond = (group: { secrets: number[] }) =>
          replaySecret(game, plain.tree, group.secrets[0]).guesses[1];
        const state1 = rule ? rule.after(rule.start, opener, first.code) : '';
        const second = allowed(state1, [opener, plainSecond(first)], true);
        const deeper = groupsOf(game, second, first.secrets)[0];
        const third = allowed(rule ? rule.after(state1, second, deeper.code) : '', [opener, second], false);
        // A second line, into the opener's second-largest group.
        const otherSecond = allowed(
          rule ? rule.after(rule.start, opener, other.code) : '',
          [opener, plainSecond(other)],
          true,
        );
        const name = (g: number) => game.guessName(g);
        const mask = (c: number) => codeToMask(c, 5);
        const text = [
          [name(opener), mask(first.code), name(second), mask(deeper.code), name(third)].join('.'),
          [name(opener), mask(other.code), name(otherSecond)].join('.'),
        ].join(',');
        const r = await compile({ ...lists, line: text.toUpperCase() });
        expect(r.settings).toMatchObject({ opener: name(opener), line: text });
        const inFirst = new Set(first.secrets);
        const inDeeper = new Set(deeper.secrets);
        const inOther = new Set(other.secrets);
        for (const s of all) {
          const path = replaySecret(game, r.tree, s);
          expect(path.foundAt, game.secretName(s)).toBeGreaterThan(0);
          expect(path.guesses[0]).toBe(opener);
          if (inFirst.has(s) && s !== game.secretOfGuess(second)) expect(path.guesses[1]).toBe(second);
          if (inDeeper.has(s) && s !== game.secretOfGuess(third)) expect(path.guesses[2]).toBe(third);
          if (inOther.has(s) && s !== game.secretOfGuess(otherSecond)) expect(path.guesses[1]).toBe(otherSecond);
          // Off the lines the search is the plain compile's.
          if (!inFirst.has(s) && !inOther.has(s))
            expect(path.guesses).toEqual(replaySecret(game, plain.tree, s).guesses);
        }
        expect(replayAll(game, r.tree).outcomes.every((o) => o.foundAt > 0)).toBe(true);
        if (hard) expect(illegalGuesses(game, r.tree)).toEqual([]);
      } finally {
        removeDir(dir);
      }
    }, 60_000);
  }

  it("refuses a worker's job whose line is not one the game can hold", () => {
    const dir = tempDir('wordle-line-job');
    try {
      const lists = { ...fixture(dir), hard: false };
      const game = wordleModule.load(lists).game as WordleGame;
      const spec = game.spec();
      const setup = (lineGuesses: unknown, lineReplies: unknown, lineLengths: unknown = Uint32Array.of(2)) => ({
        effort: 'default',
        probes: new Uint32Array([0]),
        lineGuesses,
        lineReplies,
        lineLengths,
      });
      const check = (u: unknown) => () => wordleModule.checkJob?.(spec, u, (o) => o);
      expect(check(setup(Uint32Array.of(0, 1), Uint32Array.of(5)))).not.toThrow();
      expect(check(setup(Uint32Array.of(0, 1, 0, 2, 3), Uint32Array.of(5, 6, 7), Uint32Array.of(2, 3)))).not.toThrow();
      // Two lines that play different guesses after the same opener and reply.
      expect(check(setup(Uint32Array.of(0, 1, 0, 2), Uint32Array.of(5, 5), Uint32Array.of(2, 2)))).toThrow(
        /setup\.lineGuesses: two lines play different guesses/,
      );
      expect(check(setup(Uint32Array.of(0, 1, 3, 2), Uint32Array.of(5, 5), Uint32Array.of(2, 2)))).toThrow(
        /setup\.lineGuesses: two lines play different guesses/,
      );
      expect(check(setup(Uint32Array.of(0, game.guessCount), Uint32Array.of(5)))).toThrow(/setup\.lineGuesses/);
      expect(check(setup(Uint32Array.of(0, 1), Uint32Array.of(242)))).toThrow(
        /setup\.lineReplies: a reply that solves/,
      );
      expect(check(setup(Uint32Array.of(0, 1), Uint32Array.of(243)))).toThrow(/setup\.lineReplies/);
      expect(check(setup(Uint32Array.of(0, 1, 2), Uint32Array.of(5)))).toThrow(/setup\.line/);
      expect(check(setup(Uint32Array.of(0, 1), Uint32Array.of(5), Uint32Array.of(1)))).toThrow(
        /fewer than two guesses/,
      );
      expect(check(setup(Uint32Array.of(0, 1), Uint32Array.of(5), Uint32Array.of(2, 2)))).toThrow(/setup\.line/);
      expect(check(setup(Uint32Array.of(0, 1), Uint32Array.of(5), [2]))).toThrow(/setup\.lineLengths/);
      expect(check(setup([0, 1], Uint32Array.of(5)))).toThrow(/setup\.lineGuesses/);
    } finally {
      removeDir(dir);
    }
  });

  it('through the CLI: a wrong line is one usage line naming what is wrong, status 2, nothing written', async () => {
    const dir = tempDir('wordle-line-cli');
    try {
      const lists = fixture(dir);
      const out = join(dir, 't.gtree');
      const run = (line: string, extra: string[] = []) =>
        cli(
          [
            'compile',
            '--game',
            'wordle',
            '--answers',
            lists.answers,
            '--guesses',
            lists.guesses,
            '--line',
            line,
            '--out',
            out,
            ...extra,
          ],
          {
            trees: join(dir, 'trees'),
            timeoutMs: 30_000,
          },
        );
      const [w1, w2, w3] = readFileSync(lists.answers, 'utf8').split('\n');
      const cases: [string, string[], RegExp][] = [
        [
          'zz\u001bzz.XXXXX.aaaaa',
          [],
          /^guesstree: --line: "zz\\x1Bzz" is not a word of the guesses or the answers\n$/,
        ],
        [w1, [], /^guesstree: --line "\w+": expected GUESS\.MASK\.GUESS/],
        [`${w1}.XXQXX.${w2}`, [], /^guesstree: --line: mask 1: "XXQXX" has 'Q' at position 3/],
        [`${w1}.OOOOO.${w2}`, [], /solves the game; nothing follows it/],
        [
          `${w1}.XXXXX.${w2}`,
          ['--opener', w2],
          /^guesstree: --opener "\w+" and --line "[^"]+" start with different guesses\n$/,
        ],
        [`${w1}.XXXXX.${w2}`, ['--effort', 'exact'], /^guesstree: --line fixes guesses the search does not choose/],
        [
          `${w1}.XXXXX.${w2},${w1}.XXXXX.${w3}`,
          [],
          /^guesstree: --line: after "\w+\.XXXXX" the lines play both \w+ and \w+\n$/,
        ],
        [`${w1}.XXXXX.${w2},${w2}.XXXXX.${w1}`, [], /^guesstree: --line: the lines open with different guesses/],
      ];
      for (const [line, extra, pattern] of cases) {
        const r = await run(line, extra);
        expect(r.code, r.stderr).toBe(2);
        expect(r.stdout).toBe('');
        expect(r.stderr).toMatch(pattern);
        expect(r.stderr.trim().split('\n')).toHaveLength(1);
        expect(existsSync(out)).toBe(false);
      }
    } finally {
      removeDir(dir);
    }
  }, 60_000);
});
