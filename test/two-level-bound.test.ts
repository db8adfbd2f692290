/**
 * Two-level bounds (compiler/engine/two-level-bound.ts): an opener's two-level bound is never
 * below what a tree under it scores and never above its one-step bound; stopping early keeps it
 * a bound; the check over every opener gives the same report with 1 and 2 workers.
 */
import { describe, expect, it } from 'vitest';
import { makeWordList } from '../runtime/wordlist.js';
import { LingoGame } from '../compiler/games/lingo.js';
import { SearchEngine } from '../compiler/engine/search.js';
import { LINGO_EFFORTS, lingoSettings } from '../compiler/games/lingo-compile.js';
import { openerTwoLevelBound } from '../compiler/engine/two-level-bound.js';
import { lingoFixture } from './support/e2e.js';

const fx = lingoFixture(11, 90, 40);

function setup(words: readonly string[], len: number) {
  const game = LingoGame.fromList(makeWordList('fixture', words), len);
  const settings = lingoSettings(game, LINGO_EFFORTS['greedy']!);
  const all = Uint32Array.from({ length: game.secretCount }, (_, i) => i);
  return { game, settings, all };
}

describe('two-level bound of an opener', () => {
  for (const [name, words, len] of [
    ['4 letters', fx.four, 4],
    ['5 letters', fx.five, 5],
  ] as const) {
    it(`${name}: between the best searched tree under the opener and the one-step bound, for every opener`, () => {
      const { game, settings, all } = setup(words, len);
      const bounds = new SearchEngine(game, settings);
      // A wide search: every reply group compares its 6 best second guesses by their subtrees.
      const wide = new SearchEngine(game, { ...settings, widths: [1, 6, 4], lookaheadMinSet: 2 });
      let tighter = 0;
      for (let g = 0; g < game.guessCount; g++) {
        const two = openerTwoLevelBound(bounds, all, g);
        const one = bounds.guessBound(g, all, 0);
        const plan = wide.evaluate(g, all, 0);
        expect(plan).not.toBeNull();
        expect(two.bound).toBeLessThanOrEqual(one);
        expect(two.bound).toBeGreaterThanOrEqual(plan!.value);
        expect(two.groupsBounded).toBe(two.groups);
        if (two.bound < one) tighter++;
      }
      // The check could pass with a bound that never tightens: it must, for these lists.
      expect(tighter).toBeGreaterThan(0);
    });
  }

  it('stops once below the goal, and what it returns is still a bound', () => {
    const { game, settings, all } = setup(fx.four, 4);
    const engine = new SearchEngine(game, settings);
    let stoppedEarly = 0;
    for (let g = 0; g < game.guessCount; g++) {
      const full = openerTwoLevelBound(engine, all, g);
      const one = engine.guessBound(g, all, 0);
      // A goal halfway between the two bounds: ruled out, maybe before every group is bounded.
      const goal = (full.bound + one) / 2;
      const early = openerTwoLevelBound(engine, all, g, goal);
      if (full.bound < one) {
        expect(early.bound).toBeLessThan(goal);
        expect(early.bound).toBeGreaterThanOrEqual(full.bound);
        if (early.groupsBounded < full.groupsBounded) stoppedEarly++;
      } else {
        expect(early.bound).toBe(full.bound);
      }
    }
    expect(stoppedEarly).toBeGreaterThan(0);
  });
});

describe('two-level check over every opener', () => {
  it('the same report with 1 and 2 workers; the compiled opener is never ruled out below its tree', async () => {
    // Built JS: the pool's workers run dist/compiler/pool/worker.js.
    const { twoLevelCheck } = (await import('../dist/compiler/pool/two-level.js')) as typeof import('../compiler/pool/two-level.js');
    const { game, settings } = setup(fx.four, 4);
    const tree = new SearchEngine(game, lingoSettings(game, LINGO_EFFORTS['default']!)).solve(Uint32Array.from({ length: game.secretCount }, (_, i) => i), 0);
    const one = await twoLevelCheck(game, game.spec(), settings, tree.value, 1);
    const two = await twoLevelCheck(game, game.spec(), settings, tree.value, 2);
    expect(two).toEqual(one);
    const opener = one.checked.find((c) => c.opener === tree.guess);
    expect(opener).toBeDefined();
    expect(opener!.bound).toBeGreaterThanOrEqual(tree.value);
    expect(one.checked.every((c) => c.bound <= one.oneStepBest)).toBe(true);
    const none = await twoLevelCheck(game, game.spec(), settings, one.oneStepBest + 1, 1);
    expect(none.checked).toEqual([]);
  });
});
