/**
 * The thorough Wordle effort is the default with the top 250 guesses compared at the three nodes
 * below the opener (the default: 100). Every plan the default compares, it compares too, so below
 * one opener its total is never above the default's (on subsets of the built-in dictionary here).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import dictionary from 'word-list';
import { SearchEngine } from '../../compiler/engine/search.js';
import { wordleProbes } from '../../compiler/games/wordle/game.js';
import { loadWordleGame, wordleEffort, wordleParts } from '../../compiler/games/wordle/module.js';
import { widthsText } from '../../compiler/games/width-efforts.js';
import { removeDir, rng, tempDir, writeList } from '../support/e2e.js';

describe('the thorough Wordle effort', () => {
  it('is the default with 250 guesses three deep', () => {
    expect(widthsText(wordleEffort('thorough').widths)).toBe('12/250/250/250/100/100');
    expect(widthsText(wordleEffort('default').widths)).toBe('12/100/100/100/100/100');
  });

  it('finds a total no worse than the default below the same opener', () => {
    const five = readFileSync(dictionary, 'utf8')
      .split('\n')
      .filter((w) => /^[a-z]{5}$/.test(w));
    const dir = tempDir('wordle-thorough');
    try {
      for (const [seed, attempts] of [
        [1, 5],
        [2, 4],
      ] as const) {
        const next = rng(seed);
        const words = writeList(
          join(dir, `w${seed}.txt`),
          five.filter(() => next() < 1000 / five.length),
        );
        const game = loadWordleGame(words, words, { hard: false, attempts });
        const all = Uint32Array.from({ length: game.secretCount }, (_, i) => i);
        const cost = (effort: string): number => {
          const parts = wordleParts(game, { effort, probes: wordleProbes(game) });
          const engine = new SearchEngine(parts);
          const root = { used: 0, state: parts.moves.root };
          const opener = engine.rank(all, root, 1).top.guess[0];
          const plan = engine.evaluate(opener, all, root, Infinity);
          expect(plan).not.toBeNull();
          return (plan as { cost: number }).cost;
        };
        expect(cost('thorough'), `seed ${seed}`).toBeLessThanOrEqual(cost('default'));
      }
    } finally {
      removeDir(dir);
    }
  });
});
