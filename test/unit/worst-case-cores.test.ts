/**
 * The least-worst-case solver's shortcuts on Wordle against brute force: cores of sets no guess
 * splits (kept across first guesses with every guess allowed, below one node in hard mode),
 * hard mode's guesses filtered from the parent's, groups solved cheapest first, unsplittable
 * sets known again by key. Every first guess's verdict within d, and the whole proof, match
 * plain recursion over every allowed guess (the hard rule written apart), on lists of
 * look-alike words where two guesses rarely suffice.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  everyGuess,
  LeastWorstCase,
  NOT_WITHIN,
  ruleGuesses,
  WITHIN,
  type GuessPool,
} from '../../compiler/engine/least-worst-case.js';
import type { Moves } from '../../compiler/engine/types.js';
import { loadWordleGame } from '../../compiler/games/wordle/module.js';
import type { WordleGame } from '../../compiler/games/wordle/game.js';
import { randomWords, removeDir, rng, tempDir, writeList } from '../support/e2e.js';
import { hardViolation } from '../support/wordle-brute.js';

let dir: string;
beforeAll(() => {
  dir = tempDir('cores');
});
afterAll(() => removeDir(dir));

type History = ReadonlyArray<readonly [number, number]>;

/** Every secret of `set` found within d guesses, every allowed guess tried at every node. */
function bruteWithin(
  game: WordleGame,
  hard: boolean,
  set: readonly number[],
  d: number,
  history: History,
  memo: Map<string, boolean>,
): boolean {
  if (set.length === 0) return true;
  if (d === 0) return false;
  const key = `${d}|${set.join(',')}|${hard ? history.map(([g, c]) => `${g}:${c}`).join(' ') : ''}`;
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  const named = history.map(([g, c]) => [game.guessName(g), game.codeName(c)] as const);
  let ok = false;
  for (let g = 0; g < game.guessCount && !ok; g++) {
    if (hard && hardViolation(named, game.guessName(g)) !== null) continue;
    ok = bruteGuessWithin(game, hard, set, g, d, history, memo);
  }
  memo.set(key, ok);
  return ok;
}

/** Guess g first, then every group within d − 1 (a guess that tells nothing only spends one). */
function bruteGuessWithin(
  game: WordleGame,
  hard: boolean,
  set: readonly number[],
  g: number,
  d: number,
  history: History,
  memo: Map<string, boolean>,
): boolean {
  const groups = new Map<number, number[]>();
  for (const s of set) {
    const c = game.feedback(g, s);
    if (c === game.solvedCode) continue;
    if (!groups.has(c)) groups.set(c, []);
    (groups.get(c) as number[]).push(s);
  }
  if (groups.size === 1 && (groups.values().next().value as number[]).length === set.length) {
    if (d === 1) return false;
    const [[c, grp]] = [...groups];
    return bruteWithin(game, hard, grp, d - 1, [...history, [g, c]], memo);
  }
  return [...groups].every(([c, grp]) => bruteWithin(game, hard, grp, d - 1, [...history, [g, c]], memo));
}

function partsOf(game: WordleGame): { moves: Moves<string>; pool: GuessPool<string> } {
  const rule = game.guessFilter;
  if (!rule) return { moves: { root: '', after: (s) => s, key: (s) => s }, pool: everyGuess<string>(game) };
  return {
    moves: { root: rule.start, after: (s, g, c) => rule.after(s, g, c), key: (s) => s },
    pool: ruleGuesses(game, (s, list) => rule.filter(s, list)),
  };
}

/** Two families of words alike but for one position (a random stem, the position and its letters). */
function families(rand: () => number): string[] {
  const letters = 'bcdfghklmnprstw';
  const out: string[] = [];
  for (let f = 0; f < 2; f++) {
    const stem = randomWords(rand, 1, 5, 'aeilnorst')[0];
    const at = Math.floor(rand() * 5);
    const size = 4 + Math.floor(rand() * 3);
    for (let k = 0; k < size; k++)
      out.push(stem.slice(0, at) + letters[(f * 5 + k) % letters.length] + stem.slice(at + 1));
  }
  return out;
}

const LIMITS = { proofNodes: Infinity, maxDepth: 8, widths: [1], checkNodes: 1000, memoMaxEntries: 1 << 16 };

describe('least worst case on Wordle: cores, nested pools, group order', () => {
  // Look-alike words: most sets of four or more need three guesses, so cores are found and used.
  for (const [seed, hard] of [
    [1, false],
    [3, true],
    [4, true],
  ] as const) {
    it(`every first guess's verdict within 4 and the least worst case match brute force (seed ${seed}, ${hard ? 'hard' : 'normal'})`, () => {
      const rand = rng(seed);
      const answers = [...new Set([...families(rand), ...randomWords(rand, 10, 5, 'aeilnrst')])];
      const extra = randomWords(rand, 30, 5, 'aeilnrstbcdfghkmpw', new Set(answers));
      const game = loadWordleGame(
        writeList(join(dir, `a${seed}.txt`), answers),
        writeList(join(dir, `g${seed}.txt`), extra),
        { hard },
      );
      const { moves, pool } = partsOf(game);
      const all = Array.from({ length: game.secretCount }, (_, i) => i);
      const memo = new Map<string, boolean>();
      // One solver for every first guess: the cores it keeps serve the later ones.
      const solver = new LeastWorstCase({ game, moves, pool }, LIMITS);
      const verdicts = { within: 0, not: 0 };
      for (let g = 0; g < game.guessCount; g++) {
        const want = bruteGuessWithin(game, hard, all, g, 4, [], memo);
        const got = solver.firstGuessWithin(g, 4, Infinity);
        expect(got, game.guessName(g)).toBe(want ? WITHIN : NOT_WITHIN);
        verdicts[want ? 'within' : 'not']++;
      }
      // Both verdicts occur, and the cores decided some guesses (else the test shows nothing).
      expect(verdicts.not).toBeGreaterThan(0);
      expect(verdicts.within).toBeGreaterThan(0);
      expect(solver.coreCuts).toBeGreaterThan(0);
      // Hard mode keeps cores below one node only: unsplittable sets recur and are known by key.
      if (hard) expect(solver.unsplitHits).toBeGreaterThan(0);
      let least = 1;
      while (!bruteWithin(game, hard, all, least, [], memo)) least++;
      const r = new LeastWorstCase({ game, moves, pool }, LIMITS).run();
      expect(r.proven).toBe(true);
      expect(r.depth).toBe(least);
      expect(r.lowerBound).toBe(least);
    });
  }
});
