/**
 * The engine's exact tail (compiler/engine/exact-tail.ts): with two or three tries left, the
 * cost of a set equals brute force over every guess (every reply group valued exactly, all the
 * way down), under any budget; its plan replays to that cost; the default effort never uses it.
 */
import { describe, expect, it } from 'vitest';
import { makeWordList } from '../../runtime/wordlist.js';
import { LingoGame } from '../../compiler/games/lingo/game.js';
import { flattenPlan, type Plan } from '../../compiler/engine/plan.js';
import { illegalGuesses, replayAll } from '../../compiler/replay.js';
import { bruteBest } from '../support/wordle-brute.js';
import type { Solved } from '../../compiler/engine/types.js';
import { sampleWords } from '../../compiler/games/options.js';
import { join } from 'node:path';
import { SearchEngine } from '../../compiler/engine/search.js';
import { wordleProbes } from '../../compiler/games/wordle/game.js';
import { loadWordleGame, wordleParts } from '../../compiler/games/wordle/module.js';
import { CLUSTER, lingoFixture, randomWords, removeDir, tempDir, writeList } from '../support/e2e.js';
import { lingoEngine, wordleScore } from '../support/engine.js';

const fx = lingoFixture(7, 70, 60);

/** Brute force: every guess at every node, every reply group solved the same way. */
function bruteForce(game: LingoGame, set: readonly number[], used: number): number {
  const { engine } = lingoEngine(game, 'greedy');
  const obj = engine.objective;
  const memo = new Map<string, number>();
  const value = (s: readonly number[], u: number): number => {
    const t = obj.terminal(Uint32Array.from(s), u, '');
    if (t) return t.cost;
    const key = `${u}:${s.join(',')}`;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    let best = Infinity;
    for (let g = 0; g < game.guessCount; g++) {
      const groups = new Map<number, number[]>();
      for (const x of s) {
        const c = game.feedback(g, x);
        const list = groups.get(c);
        if (list) list.push(x);
        else groups.set(c, [x]);
      }
      if (groups.size === 1 && !groups.has(game.solvedCode)) continue; // learns nothing, a try lost
      let cost = obj.groupCost(0, s.length, u, '');
      for (const [c, part] of groups) if (c !== game.solvedCode) cost += value(part, u + 1);
      if (cost < best) best = cost;
    }
    memo.set(key, best);
    return best;
  };
  return value(set, used);
}

/** What a plan costs, replayed secret by secret (600 − score a word). */
function replay(game: LingoGame, plan: Plan, set: readonly number[], used: number): number {
  let total = 0;
  for (const s of set) {
    let p: Plan | undefined = plan;
    let attempt = used;
    let cost = 600;
    while (p) {
      attempt++;
      if (attempt > 5) break;
      const c = game.feedback(p.guess, s);
      if (c === game.solvedCode) {
        cost = 100 * attempt;
        break;
      }
      const i: number = Array.prototype.indexOf.call(p.codes, c) as number;
      p = i >= 0 ? p.children[i] : undefined;
    }
    total += cost - 100 * used;
  }
  return total;
}

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('exact tail', () => {
  for (const [name, words, len] of [
    ['4 letters', fx.four, 4],
    ['5 letters', fx.five, 5],
    // Few letters: reply groups that no candidate tells apart, where the other words matter.
    ['4 letters of 7', [...sampleWords(80, 4, 'aeinrst', 3), ...CLUSTER], 4],
  ] as const) {
    const game = LingoGame.fromList(makeWordList('fixture', words), len);
    const N = game.secretCount;
    const rand = rng(len * 101);
    // Sets of 2..N secrets: random ones and ones that share a reply (the hard ones).
    const sets: number[][] = [];
    for (let t = 0; t < 24; t++) {
      const size = 2 + Math.floor(rand() * Math.min(N - 2, 30));
      const pick = new Set<number>();
      while (pick.size < size) pick.add(Math.floor(rand() * N));
      sets.push([...pick].sort((a, b) => a - b));
    }
    for (let g = 0; g < N; g += 7) {
      const byCode = new Map<number, number[]>();
      for (let s = 0; s < N; s++) {
        const c = game.feedback(g, s);
        byCode.set(c, [...(byCode.get(c) ?? []), s]);
      }
      for (const part of byCode.values()) if (part.length >= 3) sets.push(part);
    }
    sets.push(Array.from({ length: N }, (_, i) => i));

    it(`${name}: with three and two tries left, every set's cost equals brute force, its plan replays to it`, () => {
      const { engine } = lingoEngine(game, 'thorough');
      expect(engine.tail).not.toBeNull();
      let checked = 0;
      for (const set of sets) {
        for (const used of [2, 3]) {
          const want = bruteForce(game, set, used);
          const got = engine.solve(Uint32Array.from(set), { used, state: '' }) as Solved;
          expect(got, `${set.length} secrets, ${5 - used} tries left`).not.toBeNull();
          expect(got.cost, `${set.length} secrets, ${5 - used} tries left`).toBe(want);
          expect(replay(game, got.plan, set, used)).toBe(want);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(40);
      expect(engine.tail?.nodes).toBeGreaterThan(0);
    });

    it(`${name}: under a budget, null exactly when the optimum is not below it; the same plan otherwise`, () => {
      for (const set of sets.slice(0, 12)) {
        const want = bruteForce(game, set, 2);
        for (const beta of [want, want + 1, want + 100]) {
          // A fresh engine each time: no memo from an earlier budget.
          const { engine } = lingoEngine(game, 'thorough');
          const got = engine.solve(Uint32Array.from(set), { used: 2, state: '' }, beta);
          if (beta <= want) expect(got).toBeNull();
          else expect(got?.cost).toBe(want);
        }
      }
    });

    it(`${name}: a whole tree with the tail is at least as good as the default's, and the default never uses it`, () => {
      const all = Uint32Array.from({ length: N }, (_, i) => i);
      const d = lingoEngine(game, 'default');
      expect(d.engine.tail).toBeNull();
      const t = lingoEngine(game, 'thorough');
      const vd = d.engine.solve(all, d.root) as Solved;
      const vt = t.engine.solve(all, t.root) as Solved;
      expect(vt.cost).toBeLessThanOrEqual(vd.cost);
      expect(replay(game, vt.plan, [...all], 0)).toBe(vt.cost);
    });
  }

  // Three tries in all: the tail solves the whole game from the root, so the engine's total is
  // the tail's. In hard mode it keeps the rule (it takes only the guesses each state allows): a
  // family alike but for its first letter, and two probes that tell it apart but drop its greens.
  const family = [...'bfhkmprt'].map((c) => `${c}ills`);
  for (const hard of [false, true]) {
    it(`wordle ${hard ? 'hard' : 'normal'} mode, three tries: the tail's total is brute force's, every guess allowed`, () => {
      const dir = tempDir('tail-wordle');
      try {
        for (const seed of [3, 4]) {
          const r = rng(seed);
          const answers = [...randomWords(r, 12, 5, 'aeilnrst', new Set(family)), ...family];
          const words = writeList(join(dir, `a${seed}.txt`), answers);
          const guesses = [...answers, ...randomWords(r, 20, 5, 'aeilnrstcdu', new Set(answers)), 'bfhkm', 'prtbf'];
          const more = writeList(join(dir, `g${seed}.txt`), guesses);
          const game = loadWordleGame(words, more, { hard, attempts: 3 });
          const parts = wordleParts(game, { effort: 'default', probes: wordleProbes(game) });
          const engine = new SearchEngine({ ...parts, effort: { ...parts.effort, exactTriesLeft: 3 } });
          const all = Uint32Array.from({ length: game.secretCount }, (_, i) => i);
          const v = engine.solve(all, { used: 0, state: parts.moves.root }) as Solved;
          expect(engine.tail?.nodes, `seed ${seed}`).toBeGreaterThan(0);
          const best = bruteBest(game, [...all], 0, hard);
          expect(wordleScore(v.cost), `seed ${seed}`).toBe(best);
          // The rule binds: hard mode's optimum is worse than normal mode's.
          if (hard) expect(best).toBeLessThan(bruteBest(game, [...all], 0, false));
          const tree = flattenPlan(v.plan);
          expect(illegalGuesses(game, tree)).toEqual([]);
          expect(replayAll(game, tree).total).toBe(wordleScore(v.cost));
        }
      } finally {
        removeDir(dir);
      }
    });
  }
});
