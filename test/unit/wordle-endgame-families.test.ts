/**
 * Endgame families in hard mode (answers alike but for one letter, such as -ILLS) bound every
 * effort's search: a set whose largest family no plan can tell apart within the tries left is
 * lost (the search does not go on down the ranking there), and past the widths the guesses that
 * hold the most of a family's letters are tried first.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wordleProbes } from '../../compiler/games/wordle/game.js';
import { loadWordleGame, wordleParts } from '../../compiler/games/wordle/module.js';
import { removeDir, tempDir, writeList } from '../support/e2e.js';

const FAMILY = ['bills', 'fills', 'gills', 'hills', 'kills', 'mills', 'pills', 'sills', 'tills', 'wills'];
const OTHERS = ['bumph', 'fight', 'kempt', 'crwth', 'nymph', 'jumbo', 'vodka', 'zebra'];

describe('endgame families in hard mode', () => {
  it('a family larger than what the tries left can tell apart is lost; with tries enough it is not', () => {
    const dir = tempDir('wordle-endgames');
    try {
      const words = writeList(join(dir, 'w.txt'), [...FAMILY, ...OTHERS]);
      for (const hard of [true, false]) {
        const game = loadWordleGame(words, words, { hard, attempts: 12 });
        const parts = wordleParts(game, { effort: 'default', probes: wordleProbes(game) });
        const ranker = parts.ranker;
        const family = Uint32Array.from(FAMILY, (w) => (game.guesses ?? []).indexOf(w));
        const at = (used: number) => ({ used, state: parts.moves.root });
        // Two tries left: one guess must split the ten apart, and none holds more than five of
        // their first letters (BUMPH: b, h, m, p; FIGHT: f, g, h, t).
        expect(ranker.lostAt?.(family, at(10))).toBe(hard);
        // Eleven tries left: one family member a try is enough.
        expect(ranker.lostAt?.(family, at(1))).toBe(false);
      }
    } finally {
      removeDir(dir);
    }
  });

  it("past the widths, the guesses holding the most of the family's letters come first", () => {
    const dir = tempDir('wordle-endgames');
    try {
      const words = writeList(join(dir, 'w.txt'), [...FAMILY, ...OTHERS]);
      const game = loadWordleGame(words, words, { hard: true, attempts: 12 });
      const parts = wordleParts(game, { effort: 'default', probes: wordleProbes(game) });
      const list = game.guesses ?? [];
      const family = Uint32Array.from(FAMILY, (w) => list.indexOf(w));
      const node = { used: 1, state: parts.moves.root };
      const all = parts.ranker.rank(family, node, Infinity).top;
      const order = parts.ranker.familyOrder?.(family, all, 0);
      expect(order).toBeTruthy();
      const letters = (i: number) => new Set(list[all.guess[i]].split('').filter((c) => 'bfghkmpstw'.includes(c))).size;
      const counts = Array.from(order as Uint32Array, letters);
      expect(counts.length).toBe(all.length);
      for (let k = 1; k < counts.length; k++) expect(counts[k]).toBeLessThanOrEqual(counts[k - 1]);
      expect(counts[0]).toBe(Math.max(...counts));
    } finally {
      removeDir(dir);
    }
  });
});
