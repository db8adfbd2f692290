/**
 * The ranking of a few guesses (`CandidateRanker.rank` with a finite width, and with two tries
 * left the single best): each guess's count stops once it cannot enter the selection, and the
 * scan stops once nothing later can. On seeded lists, in both modes, the selection is the first
 * guesses of the whole pool ordered by (one-step bound, sum of squared group sizes and a miss,
 * pool place), counted guess by guess from the feedback; with two tries left, the first guess of
 * least bound; the set's bound is the least bound.
 */
import { describe, expect, it } from 'vitest';
import type { WordleGame } from '../../compiler/games/wordle/game.js';
import { randomWords, removeDir, rng, tempDir } from '../support/e2e.js';
import { wordleRankerOn } from '../support/engine.js';

interface Ranked {
  readonly guess: number;
  readonly bound: number;
  readonly key2: number;
}

/** The one-step bound's terms after `used` guesses: each secret's guess, the first of a group, each other one. */
interface Terms {
  readonly gc: number;
  readonly first: number;
  readonly next: number;
}

/** Every guess of `pool` with its one-step bound and key2, counted from the feedback, in the ranking's order. */
function bruteRanking(game: WordleGame, set: Uint32Array, pool: Uint32Array, t: Terms): Ranked[] {
  const n = set.length;
  const out = Array.from(pool, (g) => {
    const sizes = new Map<number, number>();
    for (const s of set) {
      const c = game.feedback(g, s);
      sizes.set(c, (sizes.get(c) ?? 0) + 1);
    }
    const hit = sizes.has(game.solvedCode) ? 1 : 0;
    const k = sizes.size;
    let squares = 0;
    for (const m of sizes.values()) squares += m * m;
    return { guess: g, bound: n * t.gc + (k - hit) * t.first + (n - k) * t.next, key2: squares * 2 + (hit ? 0 : 1) };
  });
  return out
    .map((r, at) => ({ r, at }))
    .sort((a, b) => a.r.bound - b.r.bound || a.r.key2 - b.r.key2 || a.at - b.at)
    .map((x) => x.r);
}

describe('the ranking of a few guesses', () => {
  for (const hard of [false, true]) {
    it(`${hard ? 'hard' : 'normal'} mode: the first of the whole pool's order, or its best with two tries left`, () => {
      const dir = tempDir('wordle-rank-width');
      try {
        const r = rng(hard ? 51 : 53);
        const answers = randomWords(r, 150, 5, 'aeilnorstcd');
        const guesses = randomWords(r, 400, 5, 'aeilnorstcdmpubgh', new Set(answers));
        const { game, parts, ranker } = wordleRankerOn(dir, { answers, guesses, hard });
        const all = Uint32Array.from({ length: game.secretCount }, (_, i) => i);
        let checked = 0;
        let cut = 0;
        for (let opener = 0; opener < game.guessCount; opener += 29) {
          const groups = new Map<number, number[]>();
          for (const s of all) {
            const c = game.feedback(opener, s);
            if (c !== game.solvedCode) groups.set(c, [...(groups.get(c) ?? []), s]);
          }
          for (const [code, members] of groups) {
            if (members.length < 3) continue;
            const set = Uint32Array.from(members);
            const state = parts.moves.after(parts.moves.root, opener, code);
            for (const used of [1, 2, 4]) {
              const obj = parts.objective;
              const first = obj.sizeBound(1, used + 1, state);
              const terms = {
                gc: obj.groupCost(0, 1, used, state),
                first,
                next: obj.sizeBound(2, used + 1, state) - first,
              };
              const pool = ranker.pool(set, state);
              const brute = bruteRanking(game, set, pool, terms);
              const bounds = Array.from(pool, (g) => (brute.find((b) => b.guess === g) as Ranked).bound);
              const least = brute[0].bound;
              for (const width of [1, 4, 12]) {
                const got = ranker.rank(set, { used, state }, width);
                const where = `${game.guessName(opener)} ${code} used ${used} width ${width}`;
                if (got.optimal) {
                  // A known optimum (two tries left: the first of least bound) ends the ranking.
                  expect(got.optimal.bound, where).toBe(least);
                  // Two tries left: key2 plays no part, the first of least bound in pool order wins.
                  if (used === 4) expect(got.optimal.guess, where).toBe(pool[bounds.indexOf(least)]);
                  expect(got.setBound, where).toBe(least);
                  continue;
                }
                expect(used, where).not.toBe(4);
                expect(got.setBound, where).toBe(least);
                const want = brute.slice(0, width);
                expect(Array.from(got.top.guess), where).toEqual(want.map((w) => w.guess));
                expect(Array.from(got.top.bound), where).toEqual(want.map((w) => w.bound));
                expect(Array.from(got.top.key2), where).toEqual(want.map((w) => w.key2));
                if (brute.length > width && brute[width].bound > brute[width - 1].bound) cut++;
                checked++;
              }
            }
          }
        }
        expect(checked).toBeGreaterThan(50);
        expect(cut).toBeGreaterThan(10);
      } finally {
        removeDir(dir);
      }
    }, 60_000);
  }
});
