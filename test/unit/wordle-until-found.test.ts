/**
 * A plan that leaves a secret unsolved sends the search on down the ranking (`unsolvedFrom`):
 * with one guess a set searched (the narrowest width) and three tries, seeded lists leave words
 * unsolved; searching on finds plans that lose fewer of them, and never a worse one.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SearchEngine } from '../../compiler/engine/search.js';
import { wordleGuessUnit, wordleProbes } from '../../compiler/games/wordle/game.js';
import { loadWordleGame, wordleParts } from '../../compiler/games/wordle/module.js';
import { randomWords, removeDir, rng, tempDir, writeList } from '../support/e2e.js';

describe('searching on while a plan leaves a secret unsolved', () => {
  for (const hard of [false, true]) {
    it(`${hard ? 'hard' : 'normal'} mode, three tries: fewer secrets unsolved, no plan worse`, () => {
      const dir = tempDir('wordle-until-found');
      try {
        let fewer = 0;
        for (let seed = 1; seed <= 4; seed++) {
          const words = writeList(join(dir, `w${seed}.txt`), randomWords(rng(seed), 300, 5, 'aeiobcdlnrst'));
          const game = loadWordleGame(words, words, { hard, attempts: 3 });
          const unsolvedKey = 1_000_000 * wordleGuessUnit(game.secretCount);
          const all = Uint32Array.from({ length: game.secretCount }, (_, i) => i);
          const cost = (searchOn: boolean): number => {
            const parts = wordleParts(game, { effort: 'default', probes: wordleProbes(game) });
            const { unsolvedFrom, ...rest } = parts.effort;
            expect(unsolvedFrom).toBe(unsolvedKey);
            const effort = { ...rest, widthsByUsed: [1, 1, 1], ...(searchOn ? { unsolvedFrom } : {}) };
            const plan = new SearchEngine({ ...parts, effort }).solve(
              all,
              { used: 0, state: parts.moves.root },
              Infinity,
            );
            expect(plan).not.toBeNull();
            return (plan as { cost: number }).cost;
          };
          const before = cost(false);
          const after = cost(true);
          expect(after, `seed ${seed}`).toBeLessThanOrEqual(before);
          if (Math.floor(after / unsolvedKey) < Math.floor(before / unsolvedKey)) fewer++;
        }
        expect(fewer).toBeGreaterThan(0);
      } finally {
        removeDir(dir);
      }
    });
  }
});
