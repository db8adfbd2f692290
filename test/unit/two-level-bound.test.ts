/**
 * Two-level bounds (compiler/engine/two-level-bound.ts), in the engine's costs (600 − score a
 * word): an opener's two-level bound is never above what a tree under it costs and never below
 * its one-step bound; stopping early keeps it a bound; the check over every opener gives the
 * same report with 1 and 2 workers.
 */
import { describe, expect, it } from 'vitest';
import { makeWordList } from '../../runtime/wordlist.js';
import { LingoGame } from '../../compiler/games/lingo/game.js';
import { openerTwoLevelBound } from '../../compiler/engine/two-level-bound.js';
import { lingoFixture } from '../support/e2e.js';
import { lingoEngine, lingoScore, solveAll } from '../support/engine.js';

const fx = lingoFixture(11, 90, 40);

function setup(words: readonly string[], len: number) {
  const game = LingoGame.fromList(makeWordList('fixture', words), len);
  const all = Uint32Array.from({ length: game.secretCount }, (_, i) => i);
  return { game, all };
}

describe('two-level bound of an opener', () => {
  for (const [name, words, len] of [
    ['4 letters', fx.four, 4],
    ['5 letters', fx.five, 5],
  ] as const) {
    it(`${name}: between the best searched tree under the opener and the one-step bound, for every opener`, () => {
      const { game, all } = setup(words, len);
      const { ranker } = lingoEngine(game, 'greedy');
      // A wide search: every reply group compares its 6 best second guesses by their subtrees.
      const wide = lingoEngine(game, 'greedy', { widthsByUsed: [1, 6, 4], lookaheadMinSet: 2 });
      let tighter = 0;
      for (let g = 0; g < game.guessCount; g++) {
        const two = openerTwoLevelBound(ranker, { opener: g, goal: Infinity });
        const one = ranker.guessBound(g, all, 0);
        const plan = wide.engine.evaluate(g, all, wide.root);
        expect(plan).not.toBeNull();
        expect(two.bound).toBeGreaterThanOrEqual(one);
        expect(two.bound).toBeLessThanOrEqual(plan!.cost);
        expect(two.groupsBounded).toBe(two.groups);
        if (two.bound > one) tighter++;
      }
      // The check could pass with a bound that never tightens: it must, for these lists.
      expect(tighter).toBeGreaterThan(0);
    });
  }

  it('stops once past the goal, and what it returns is still a bound', () => {
    const { game, all } = setup(fx.four, 4);
    const { ranker } = lingoEngine(game, 'greedy');
    let stoppedEarly = 0;
    for (let g = 0; g < game.guessCount; g++) {
      const full = openerTwoLevelBound(ranker, { opener: g, goal: Infinity });
      const one = ranker.guessBound(g, all, 0);
      // A goal halfway between the two bounds: ruled out, maybe before every group is bounded.
      const goal = (full.bound + one) / 2;
      const early = openerTwoLevelBound(ranker, { opener: g, goal });
      if (full.bound > one) {
        expect(early.bound).toBeGreaterThan(goal);
        expect(early.bound).toBeLessThanOrEqual(full.bound);
        if (early.groupsBounded < full.groupsBounded) stoppedEarly++;
      } else {
        expect(early.bound).toBe(full.bound);
      }
    }
    expect(stoppedEarly).toBeGreaterThan(0);
  });
});

describe('two-level check over every opener', () => {
  it('the same report with 1 and 2 workers and in this thread; the compiled opener is never ruled out below its tree', async () => {
    // Built JS: the pool's workers run dist/compiler/pool/worker.js.
    const built = '../../dist/compiler/games/lingo/two-level.js';
    const { twoLevelCheck } = (await import(built)) as typeof import('../../compiler/games/lingo/two-level.js');
    const { runPlan, searchDriver } = (await import(
      '../../dist/compiler/pool/driver.js' as string
    )) as typeof import('../../compiler/pool/driver.js');
    const { game } = setup(fx.four, 4);
    const d = lingoEngine(game, 'default');
    const tree = solveAll(d.engine, d.root);
    const score = lingoScore(tree.cost, game.secretCount);
    const one = await runPlan(twoLevelCheck(game, { goal: score, workers: 1 }), searchDriver({ workers: 1 }));
    const two = await runPlan(twoLevelCheck(game, { goal: score, workers: 2 }), searchDriver({ workers: 2 }));
    expect(two).toEqual(one);
    const { threadExecutor } = (await import(
      '../../dist/compiler/pool/thread-executor.js' as string
    )) as typeof import('../../compiler/pool/thread-executor.js');
    expect(
      await runPlan(
        twoLevelCheck(game, { goal: score, workers: 1 }),
        searchDriver({ workers: 1, executor: threadExecutor }),
      ),
      'in this thread',
    ).toEqual(one);
    const opener = one.checked.find((c) => c.opener === tree.plan.guess);
    expect(opener).toBeDefined();
    expect(opener!.bound).toBeGreaterThanOrEqual(score);
    expect(one.checked.every((c) => c.bound <= one.oneStepBest)).toBe(true);
    const none = await runPlan(
      twoLevelCheck(game, { goal: one.oneStepBest + 1, workers: 1 }),
      searchDriver({ workers: 1 }),
    );
    expect(none.checked).toEqual([]);
  });
});
