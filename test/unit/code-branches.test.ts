/**
 * The code games' branching bound: the ranking reports the most non-solved reply groups any
 * guess makes on a set (checked against every guess of the game, not only the symmetry pool),
 * and a node that carries it gets size bounds that stay at or below the brute-force optimum of
 * its set, sharper than the game's own reply count on some sets, without changing what the
 * exact search returns.
 */
import { describe, expect, it } from 'vitest';
import { SearchEngine } from '../../compiler/engine/search.js';
import { codeParts, type CodeEffort } from '../../compiler/engine/code-efforts.js';
import type { History } from '../../compiler/engine/code-ranker.js';
import type { SearchNode } from '../../compiler/engine/types.js';
import { BullsCowsGame } from '../../compiler/games/bullscows/game.js';
import { MastermindGame } from '../../compiler/games/mastermind/game.js';
import { bruteTotalDepth } from '../support/brute.js';
import { partsOf } from '../support/engine.js';

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

/** The most non-solved reply groups of any guess of the game on `set`. */
function maxGroups(game: Game, set: Uint32Array): number {
  let most = 0;
  for (let g = 0; g < game.guessCount; g++) {
    const replies = new Set<number>();
    for (const s of set) {
      const c = game.feedback(g, s);
      if (c !== game.solvedCode) replies.add(c);
    }
    if (replies.size > most) most = replies.size;
  }
  return most;
}

/** The reply sets two guesses deep: after the first guess of each of `firsts`, then after a second guess of each part. */
function replySets(
  engine: SearchEngine<History>,
  game: Game,
  firsts: readonly number[],
): Array<{ set: Uint32Array; history: number[] }> {
  const all = Uint32Array.from({ length: game.secretCount }, (_, i) => i);
  const out: Array<{ set: Uint32Array; history: number[] }> = [];
  for (const first of firsts) {
    for (const part of partsOf(engine, first, all)) {
      out.push({ set: part.set, history: [first] });
      const second = part.set[0];
      for (const deeper of partsOf(engine, second, part.set))
        if (deeper.set.length > 1) out.push({ set: deeper.set, history: [first, second] });
    }
  }
  return out;
}

const GAMES: ReadonlyArray<{ name: string; game: Game; firsts: (g: Game) => number[] }> = [
  {
    name: 'MM(3,4)',
    game: new MastermindGame(3, 4),
    firsts: (g) => [(g as MastermindGame).codeOf('AAB'), (g as MastermindGame).codeOf('ABC')],
  },
  { name: 'BC(3,5)', game: new BullsCowsGame(3, 5), firsts: () => [0, 7] },
];

describe('the code ranker reports how many groups a guess can make', () => {
  it.each(GAMES)("$name: the ranking's branches are the most groups of any guess of the game", ({ game, firsts }) => {
    const engine = new SearchEngine(codeParts(game, EXACT));
    let checked = 0;
    for (const { set, history } of replySets(engine, game, firsts(game))) {
      const r = engine.rank(set, { used: history.length, state: history }, Infinity);
      if (r.optimal) continue;
      expect(r.branches, `set of ${set.length} after ${history.join(',')}`).toBe(maxGroups(game, set));
      checked++;
    }
    expect(checked).toBeGreaterThan(5);
  });
});

describe('size bounds with the branching of a node', () => {
  it.each(GAMES)(
    '$name: at most the optimum of the set, sharper than the reply count somewhere, the same search result',
    ({ game, firsts }) => {
      const engine = new SearchEngine(codeParts(game, EXACT));
      const ranker = engine.ranker;
      let sharper = 0;
      let checked = 0;
      for (const { set, history } of replySets(engine, game, firsts(game))) {
        if (set.length < 3 || set.length > 40) continue;
        const plain: SearchNode<History> = { used: history.length, state: history };
        const narrow: SearchNode<History> = { ...plain, branches: maxGroups(game, set) };
        const base = engine.objective.sizeBound(set.length, plain.used, plain.state);
        const loose = ranker.refineBound!(set, plain, base);
        const tight = ranker.refineBound!(set, narrow, base);
        const brute = bruteTotalDepth(game, Array.from(set));
        expect(tight, `set of ${set.length} after ${history.join(',')}`).toBeGreaterThanOrEqual(loose);
        expect(tight, `set of ${set.length} after ${history.join(',')}`).toBeLessThanOrEqual(brute.total);
        if (tight > loose) sharper++;
        const a = engine.solve(set, plain)!;
        const b = new SearchEngine(codeParts(game, EXACT)).solve(set, narrow)!;
        expect({ cost: b.cost, depth: b.depth }).toEqual({ cost: a.cost, depth: a.depth });
        expect(a.cost).toBe(brute.total);
        checked++;
      }
      expect(checked).toBeGreaterThan(5);
      expect(sharper).toBeGreaterThan(0);
    },
  );
});
