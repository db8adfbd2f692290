import { describe, expect, it } from 'vitest';
import { everyGuess, LeastWorstCase, symmetricGuesses } from '../../compiler/engine/least-worst-case.js';
import type { SearchGame } from '../../compiler/engine/types.js';
import { BullsCowsGame } from '../../compiler/games/bullscows/game.js';
import { MastermindGame } from '../../compiler/games/mastermind/game.js';

/** Brute force: the least worst case, every guess tried at every node, no bounds, no memo. */
function bruteDepth(game: SearchGame, set: number[], d: number): boolean {
  if (set.length === 0) return true;
  if (d === 0) return false;
  const codes = new Uint32Array(set.length);
  const arr = Uint32Array.from(set);
  for (let g = 0; g < game.guessCount; g++) {
    game.partitionCodes(g, arr, arr.length, codes);
    const groups = new Map<number, number[]>();
    set.forEach((s, i) => {
      if (codes[i] === game.solvedCode) return;
      const a = groups.get(codes[i]) ?? [];
      a.push(s);
      groups.set(codes[i], a);
    });
    if (groups.size === 1 && (groups.values().next().value as number[]).length === set.length) continue;
    if ([...groups.values()].every((grp) => bruteDepth(game, grp, d - 1))) return true;
  }
  return false;
}

function bruteLeast(game: SearchGame): number {
  const all = Array.from({ length: game.secretCount }, (_, i) => i);
  let d = 1;
  while (!bruteDepth(game, all, d)) d++;
  return d;
}

const HISTORY = { root: [] as readonly number[], after: (h: readonly number[], g: number) => [...h, g], key: () => '' };
const LIMITS = { proofNodes: 1_000_000, maxDepth: 12, widths: [2, 2], checkNodes: 10_000, memoMaxEntries: 1 << 16 };

describe('least worst case', () => {
  for (const [pegs, colors] of [
    [2, 3],
    [2, 4],
    [3, 2],
    [3, 3],
  ] as const) {
    it(`Mastermind MM(${pegs},${colors}) matches brute force, with and without symmetry`, () => {
      const game = new MastermindGame(pegs, colors);
      const want = bruteLeast(game);
      for (const pool of [symmetricGuesses(game), everyGuess<readonly number[]>(game)]) {
        const r = new LeastWorstCase({ game, moves: HISTORY, pool }, LIMITS).run();
        expect(r.proven).toBe(true);
        expect(r.depth).toBe(want);
        expect(r.lowerBound).toBe(want);
      }
    });
  }
  for (const [digits, symbols] of [
    [2, 4],
    [3, 4],
    [2, 5],
  ] as const) {
    it(`Bulls and Cows d${digits}s${symbols} matches brute force`, () => {
      const game = new BullsCowsGame(digits, symbols);
      const want = bruteLeast(game);
      const r = new LeastWorstCase({ game, moves: HISTORY, pool: symmetricGuesses(game) }, LIMITS).run();
      expect(r.proven).toBe(true);
      expect(r.depth).toBe(want);
    });
  }
  it('MM(4,6) needs 5 guesses, proven', () => {
    const game = new MastermindGame(4, 6);
    const r = new LeastWorstCase({ game, moves: HISTORY, pool: symmetricGuesses(game) }, LIMITS).run();
    expect(r.depth).toBe(5);
    expect(r.proven).toBe(true);
  });
});
