/**
 * With two tries left and a budget any collision reaches, the Wordle ranker passes over guesses
 * that lack all but one of the letters some family of the set differs by (secrets alike but for
 * one position): those cannot split the set into singletons. The rankings must not change: on
 * seeded lists full of such families, every ranking is the one of the same ranker without the
 * families, and the sets include ones a guess splits with exactly the letters needed.
 */
import { describe, expect, it } from 'vitest';
import { CandidateRanker } from '../../compiler/engine/candidate-ranker.js';
import type { Ranking } from '../../compiler/engine/types.js';
import type { WordleGame } from '../../compiler/games/wordle/game.js';
import { WORDLE_GUESS_COST } from '../../compiler/games/wordle/module.js';
import { randomWords, removeDir, rng, tempDir } from '../support/e2e.js';
import { wordleRankerOn } from '../support/engine.js';

/** A ranking's content: the optimal guess, the set's bound, the listed guesses and bounds. */
function shape(r: Ranking): string {
  const top = Array.from({ length: r.top.length }, (_, i) => `${r.top.guess[i]}:${r.top.bound[i]}`);
  return `${r.optimal?.guess ?? '-'}/${r.optimal?.bound ?? '-'}/${r.setBound}/${r.complete}/${top.join(',')}`;
}

/** The largest family of `set` (secrets alike but for one position), counted pair by pair. */
function largestFamily(game: WordleGame, set: Uint32Array): number {
  let most = 1;
  for (let p = 0; p < 5; p++) {
    const byRest = new Map<string, number>();
    for (const s of set) {
      const w = game.guessName(game.guessOfSecret(s));
      const key = w.slice(0, p) + w.slice(p + 1);
      byRest.set(key, (byRest.get(key) ?? 0) + 1);
    }
    for (const c of byRest.values()) most = Math.max(most, c);
  }
  return most;
}

describe('two tries left: guesses that cannot split a family are passed over', () => {
  for (const hard of [false, true]) {
    it(`${hard ? 'hard' : 'normal'} mode: every ranking as without the families`, () => {
      const dir = tempDir('wordle-split-families');
      try {
        const r = rng(hard ? 71 : 73);
        // Families: stems with a blank filled by 3 to 8 letters (-ills, b-lls ...), and others.
        const family = new Set<string>();
        for (const stem of ['_ills', 'b_ats', 'ca_es', 'ste_r', 'lin_s', 'ro_de', '_ound', 'ma_ts']) {
          const letters = 'bcdfghklmnprstw';
          const k = 3 + Math.floor(r() * 6);
          for (let i = 0; family.size < 200 && i < k; i++)
            family.add(stem.replace('_', letters[Math.floor(r() * letters.length)]));
        }
        const answers = [...family, ...randomWords(r, 120, 5, 'aeilnrst', family)];
        const guesses = randomWords(r, 200, 5, 'aeilnrstcdmpu', new Set(answers));
        const { game, parts, ranker: fast } = wordleRankerOn(dir, { answers, guesses, hard });
        expect(fast.settings.splitFamilies).toBeDefined();
        const plain = new CandidateRanker(
          game,
          fast.objective,
          { ...fast.settings, splitFamilies: undefined },
          fast.rule,
        );
        const used = game.maxAttempts - 2;
        const c = WORDLE_GUESS_COST;
        let sets = 0;
        let splitWithFamily = 0;
        let refutedWithFamily = 0;
        for (let t = 0; t < 400; t++) {
          const n = 2 + Math.floor(r() * 10);
          const picked = new Set<number>();
          // Half the sets: a secret and others alike but for one letter (a family), then some at random.
          const seed = Math.floor(r() * game.secretCount);
          const seedWord = game.guessName(game.guessOfSecret(seed));
          for (let s = 0; s < game.secretCount && t % 2 === 0 && picked.size < n; s++) {
            const w = game.guessName(game.guessOfSecret(s));
            let same = 0;
            for (let p = 0; p < 5; p++) if (w[p] === seedWord[p]) same++;
            if (same >= 4 && picked.size < n - 1) picked.add(s);
          }
          while (picked.size < n) picked.add(Math.floor(r() * game.secretCount));
          const set = Uint32Array.from([...picked].sort((a, b) => a - b));
          const node = { used, state: hard ? parts.moves.root : '' };
          const family = largestFamily(game, set);
          // Budgets around every secret found within the two tries (2n guesses, n with a win).
          for (const beta of [(2 * set.length - 1) * c, 2 * set.length * c, (2 * set.length + 1) * c, Infinity]) {
            const a = fast.rank(set, node, 20, { beta });
            const b = plain.rank(set, node, 20, { beta });
            expect(shape(a), `${[...set].map((s) => game.guessName(game.guessOfSecret(s)))} beta ${beta}`).toBe(
              shape(b),
            );
            if (family >= 2 && beta === (2 * set.length + 1) * c) {
              if (b.optimal) splitWithFamily++;
              else refutedWithFamily++;
            }
          }
          sets++;
        }
        expect(sets).toBe(400);
        // Both outcomes occur among sets with a family under a budget only a full split meets.
        expect(splitWithFamily).toBeGreaterThan(10);
        expect(refutedWithFamily).toBeGreaterThan(10);
      } finally {
        removeDir(dir);
      }
    }, 60_000);
  }
});
