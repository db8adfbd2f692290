/**
 * The fail-soft search (compiler/engine/search.ts): a set that cannot be solved under a budget
 * leaves in the memo the least key the work proved, never above the set's true optimum. So,
 * on the reply groups of every MM(3,4) and Bulls and Cows (3 of 6) opener: every budget up to
 * the optimum's key fails, the next one gives the exact plan of a fresh search, and nearly every
 * budget between the first failed one and the optimum is refused without searching again.
 */
import { describe, expect, it } from 'vitest';
import { SearchEngine } from '../compiler/engine/search.js';
import { codeEffort, codeParts } from '../compiler/engine/code-efforts.js';
import type { CodeGame } from '../compiler/engine/code-ranker.js';
import { MastermindGame } from '../compiler/games/mastermind/game.js';
import { BullsCowsGame } from '../compiler/games/bullscows/game.js';

function engineOf(game: CodeGame): SearchEngine<number[]> {
  return new SearchEngine(codeParts(game, codeEffort('exact', game.secretCount, 0)!)) as SearchEngine<number[]>;
}

describe('fail-soft search', () => {
  for (const [name, game] of [
    ['MM(3,4)', new MastermindGame(3, 4)],
    ['Bulls and Cows 3 of 6', new BullsCowsGame(3, 6)],
  ] as const) {
    it(`${name}: failed budgets prove keys at most the optimum, and save searches`, () => {
      const all = Uint32Array.from({ length: game.secretCount }, (_, i) => i);
      const probe = engineOf(game);
      let saved = 0;
      let tried = 0;
      let groups = 0;
      for (const opener of probe.ranker.rank(all, { used: 0, state: [] }, Infinity).top.guess) {
        const split = probe.partitioner.split(opener, all);
        for (let k = 0; k < split.codes.length; k++) {
          if (split.codes[k] === game.solvedCode) continue;
          const set = split.items.slice(split.starts[k] as number, split.starts[k + 1] as number);
          if (set.length < 4) continue;
          groups++;
          const node = { used: 1, state: [opener] };
          const exact = engineOf(game).solve(set, node)!;
          const key = probe.keyOf(exact);
          const engine = engineOf(game);
          // The least budget worth asking: the set's size bound's key.
          const low = engine.keyBound(set.length * 2 - 1, set.length, 1);
          expect(engine.solve(set, node, low)).toBeNull();
          for (let beta = low + 1; beta <= key; beta++) {
            tried++;
            const before = engine.nodes;
            expect(engine.solve(set, node, beta)).toBeNull();
            if (engine.nodes === before) saved++;
          }
          const v = engine.solve(set, node, key + 1);
          expect(v).not.toBeNull();
          expect(engine.keyOf(v!)).toBe(key);
          expect(v!.plan).toEqual(exact.plan);
        }
      }
      expect(groups).toBeGreaterThan(3);
      // A search that proves only its budget re-searches about one budget in four here; a
      // fail-soft one leaves a bound that answers nearly every larger budget at once.
      expect(saved / tried).toBeGreaterThan(0.95);
    });
  }
});
