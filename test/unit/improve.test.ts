/**
 * Improving a known tree (compiler/engine/improve.ts): its targets, their keys, and the tree
 * grafted back from the searches' answers, on MM(3,5)'s one-step tree against the exact search.
 */
import { describe, expect, it } from 'vitest';
import { graftImproved, improveTargets, treeCost } from '../../compiler/engine/improve.js';
import { flattenPlan } from '../../compiler/engine/plan.js';
import type { TreeArrays } from '../../runtime/tree-format.js';
import { MastermindGame } from '../../compiler/games/mastermind/game.js';
import { replayAll } from '../../compiler/replay.js';
import { mastermindEngine, solveAll } from '../support/engine.js';

const game = new MastermindGame(3, 5);
const oneStep = mastermindEngine(game, { exactBelow: 0, widths: [[Infinity, 1]], maxDepth: 0, rank: 'entropy' });
const exact = mastermindEngine(game, { exactBelow: Infinity, widths: [[Infinity, 1]], maxDepth: 0, rank: 'bound' });
const root = { used: 0, state: [] as number[] };
const known = solveAll(oneStep, root);
const knownTree = flattenPlan(known.plan);
const optimum = solveAll(exact, root);

/** Every target searched exactly under its key: the better subtrees by node. */
function searched(upTo: number, above = 1): { better: Map<number, TreeArrays>; gain: number; targets: number } {
  const { targets } = improveTargets(exact, knownTree, { above, upTo });
  const better = new Map<number, TreeArrays>();
  let gain = 0;
  for (const t of targets) {
    const v = exact.solve(t.set, t.node, t.key);
    if (!v) continue;
    expect(exact.keyOf(v)).toBeLessThan(t.key);
    better.set(t.at, flattenPlan(v.plan));
    gain += t.cost - v.cost;
  }
  return { better, gain, targets: targets.length };
}

describe('improving a known tree', () => {
  it("the walk's cost and depth are the search's own for the tree it built", () => {
    expect(treeCost(exact, knownTree)).toEqual({ cost: known.cost, depth: known.depth });
    expect(known.cost).toBeGreaterThan(optimum.cost);
  });

  it('targets: the largest nodes of at most upTo secrets, none inside another, their keys from their subtrees', () => {
    const { targets, cost } = improveTargets(exact, knownTree, { above: 1, upTo: 20 });
    expect(cost).toBe(known.cost);
    expect(targets.length).toBeGreaterThan(1);
    const seen = new Set<number>();
    for (const t of targets) {
      expect(t.set.length).toBeGreaterThan(1);
      expect(t.set.length).toBeLessThanOrEqual(20);
      expect(t.key).toBe(exact.keyOf({ cost: t.cost, depth: t.depth }));
      for (const s of t.set) {
        expect(seen.has(s)).toBe(false);
        seen.add(s);
      }
    }
    // A root no larger than upTo is the one target.
    const whole = improveTargets(exact, knownTree, { above: 1, upTo: game.secretCount });
    expect(whole.targets.map((t) => t.at)).toEqual([0]);
  });

  it('nothing better: the same arrays; better subtrees: the total falls by their gains and every secret is found', () => {
    const same = graftImproved(knownTree, new Map());
    expect(same).toEqual(knownTree);
    const { better, gain } = searched(30);
    expect(better.size).toBeGreaterThan(0);
    const tree = graftImproved(knownTree, better);
    // The replay scores a secret minus its guesses.
    const replay = replayAll(game, tree);
    expect(replay.missingBranches).toBe(0);
    expect(-replay.total).toBe(known.cost - gain);
    expect(treeCost(exact, tree).cost).toBe(known.cost - gain);
    expect(-replay.total).toBeGreaterThanOrEqual(optimum.cost);
  });

  it('the root as the target: the exact optimum', () => {
    const { better } = searched(game.secretCount);
    const tree = graftImproved(knownTree, better);
    expect(treeCost(exact, tree)).toEqual({ cost: optimum.cost, depth: optimum.depth });
    expect(-replayAll(game, tree).total).toBe(optimum.cost);
  });
});
