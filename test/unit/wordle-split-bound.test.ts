/**
 * The bit-set bound of a Wordle part (`CandidateRanker.splitBound`, what the proof bounds every
 * large part of an opener with before any search): on seeded lists, for sets at the first level
 * and under hard mode's rule, it is the least one-step bound over the node's pool counted
 * guess by guess from the feedback (3n − hit − groups guesses), and the bound the probe finds.
 */
import { describe, expect, it } from 'vitest';
import type { WordleGame } from '../../compiler/games/wordle/game.js';
import { WORDLE_GUESS_COST } from '../../compiler/games/wordle/module.js';
import { randomWords, removeDir, rng, tempDir } from '../support/e2e.js';
import { wordleRankerOn } from '../support/engine.js';

/** The least one-step bound over `pool`, guess by guess: every secret pays this guess, all but a win one more, all but one of a group one more again. */
function bruteBound(game: WordleGame, set: Uint32Array, pool: Uint32Array): number {
  let least = Infinity;
  for (const g of pool) {
    const codes = new Set<number>();
    for (const s of set) codes.add(game.feedback(g, s));
    const hit = codes.has(game.solvedCode) ? 1 : 0;
    least = Math.min(least, 3 * set.length - hit - codes.size);
  }
  return least * WORDLE_GUESS_COST;
}

describe('the bit-set bound of a part', () => {
  for (const hard of [false, true]) {
    it(`${hard ? 'hard' : 'normal'} mode: the least one-step bound over the pool, as the probe finds it`, () => {
      const dir = tempDir('wordle-split');
      try {
        const r = rng(hard ? 41 : 43);
        const answers = randomWords(r, 160, 5, 'aeilnorstcd');
        const guesses = randomWords(r, 240, 5, 'aeilnorstcdmpu', new Set(answers));
        const { game, parts, ranker } = wordleRankerOn(dir, { answers, guesses, hard }, 'exact');
        const all = Uint32Array.from({ length: game.secretCount }, (_, i) => i);
        let checked = 0;
        for (let opener = 0; opener < game.guessCount; opener += 37) {
          // The opener's reply groups, each at the node after it (hard mode: the rule's state).
          const groups = new Map<number, number[]>();
          for (const s of all) {
            const c = game.feedback(opener, s);
            if (c !== game.solvedCode) groups.set(c, [...(groups.get(c) ?? []), s]);
          }
          for (const [code, members] of groups) {
            if (members.length < 2) continue;
            const set = Uint32Array.from(members);
            const node = { used: 1, state: parts.moves.after(parts.moves.root, opener, code) };
            const b = ranker.splitBound(set, node);
            expect(b, `${game.guessName(opener)} ${code}`).toBe(bruteBound(game, set, ranker.pool(set, node.state)));
            const look = { guess: -1, cost: 0 };
            ranker.probe(set, node, Infinity, Infinity, look);
            if (look.guess < 0) expect(b).toBe(look.cost);
            else expect(b).toBeLessThanOrEqual(look.cost);
            checked++;
          }
        }
        expect(checked).toBeGreaterThan(20);
      } finally {
        removeDir(dir);
      }
    }, 30_000);
  }
});
