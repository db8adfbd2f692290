/**
 * The code ranker's reply table: ranking a set from the table of every reply gives the same
 * result, guess for guess (bounds, keys, order, the known-optimal shortcut, the most groups),
 * as computing each reply from the game, on sets one and two guesses deep, whole pools, top
 * widths and budgets (under a budget the table's ranking leaves guesses out by their reply mask
 * alone, the least sum of size bounds over that many groups: checked here against every split).
 */
import { describe, expect, it } from 'vitest';
import { codeParts, type CodeEffort } from '../../compiler/engine/code-efforts.js';
import { sizeLowerBounds } from '../../compiler/engine/attempt-objective.js';
import { CodeRanker, leastSum, type History } from '../../compiler/engine/code-ranker.js';
import type { Ranking, SearchNode } from '../../compiler/engine/types.js';
import { BullsCowsGame } from '../../compiler/games/bullscows/game.js';
import { MastermindGame } from '../../compiler/games/mastermind/game.js';

const EXACT: CodeEffort = {
  name: 'exact',
  exact: true,
  openers: Infinity,
  exactBelow: Infinity,
  widths: [[Infinity, 1]],
  maxDepth: 0,
  rank: 'bound',
};

type Game = MastermindGame | BullsCowsGame;

function groups(game: Game, guess: number, set: Uint32Array): Uint32Array[] {
  const by = new Map<number, number[]>();
  for (const s of set) {
    const c = game.feedback(guess, s);
    if (c === game.solvedCode) continue;
    by.set(c, [...(by.get(c) ?? []), s]);
  }
  return [...by.keys()].sort((a, b) => a - b).map((c) => Uint32Array.from(by.get(c)!));
}

function plain(r: Ranking): unknown {
  const t = r.top;
  return {
    optimal: r.optimal,
    setBound: r.setBound,
    branches: r.branches,
    top: Array.from({ length: t.length }, (_, i) => [t.guess[i], t.at[i], t.bound[i], t.key1[i], t.key2[i]]),
  };
}

const CASES: Array<{ name: string; game: Game; firsts: number[] }> = [
  { name: 'MM(4,5)', game: new MastermindGame(4, 5), firsts: [0, 31] },
  { name: 'BC(4,6)', game: new BullsCowsGame(4, 6), firsts: [0] },
  // 20 replies: too many for two guesses a word, so the screen reads each guess's replies from the byte table.
  { name: 'MM(5,3)', game: new MastermindGame(5, 3), firsts: [0, 13] },
];

/** The least sum of `lb` over every split of m into at most `parts` groups (each at least 1), by brute force. */
function leastSumByHand(lb: Float64Array, m: number, parts: number): number {
  if (m === 0) return 0;
  if (parts === 0) return Infinity;
  let best = lb[m];
  for (let first = 1; first < m; first++) best = Math.min(best, lb[first] + leastSumByHand(lb, m - first, parts - 1));
  return best;
}

describe('code ranker reply table', () => {
  it('the even split is the least sum of size bounds over a number of groups', () => {
    for (const branches of [2, 3, 5, 13]) {
      const lb = sizeLowerBounds(40, branches);
      for (let m = 0; m <= 16; m++)
        for (let k = 0; k <= 8; k++)
          expect(leastSum(lb, m, k), `K=${branches} m=${m} k=${k}`).toBe(leastSumByHand(lb, m, k));
    }
  });

  for (const { name, game, firsts } of CASES) {
    it(`${name}: the same rankings with and without the table`, () => {
      const objective = (codeParts(game, EXACT).ranker as CodeRanker).objective;
      const table = new CodeRanker(game, objective, 'bound');
      const direct = new CodeRanker(game, objective, 'bound', false);
      const all = Uint32Array.from({ length: game.secretCount }, (_, i) => i);
      let ranked = 0;
      let optimal = 0;
      for (const first of firsts) {
        for (const part of groups(game, first, all)) {
          const sets: Array<{ set: Uint32Array; history: History }> = [{ set: part, history: [first] }];
          const second = part[part.length >> 1];
          for (const sub of groups(game, second, part)) sets.push({ set: sub, history: [first, second] });
          for (const { set, history } of sets) {
            const node: SearchNode<History> = { used: history.length, state: history };
            const n = set.length;
            for (const [width, beta] of [
              [Infinity, Infinity],
              [3, Infinity],
              [Infinity, n * 2 + 4],
              [Infinity, n * 2 + 0.5],
              [Infinity, n * 3 + 0.5],
              [Infinity, n * 4],
            ] as const) {
              const a = table.rank(set, node, width, { beta });
              const b = direct.rank(set, node, width, { beta });
              expect(plain(a), `${name} ${history.join(' ')} n=${set.length} width ${width} beta ${beta}`).toEqual(
                plain(b),
              );
              ranked += a.top.length;
              if (a.optimal) optimal++;
            }
          }
        }
      }
      expect(ranked).toBeGreaterThan(1000);
      expect(optimal).toBeGreaterThan(0);
    });
  }
});
