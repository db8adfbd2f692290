/**
 * Wordle's `--opener WORD` with the default effort: only that first guess is searched (the tree
 * opens with it even when it is ranked far below the openers the default compares), the header
 * says so with the bound the root's ranking proves for every opener, and the progress counts one
 * opener, then the secrets below it while they are solved.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { wordleModule } from '../compiler/games/wordle/module.js';
import type { WordleGame } from '../compiler/games/wordle/game.js';
import { compileLoaded, type CompileProgress } from '../compiler/pool/driver.js';
import { replayAll } from '../compiler/replay.js';
import { threadExecutor } from '../compiler/pool/thread-executor.js';
import { randomWords, removeDir, rng, tempDir, writeList } from './support/e2e.js';

describe('wordle --opener with the default effort', () => {
  it('searches below the given opener only, records it, and reports the secrets below it as progress', async () => {
    const dir = tempDir('wordle-opener');
    try {
      const rand = rng(5);
      const answers = randomWords(rand, 120, 5, 'aelnorstcdiu');
      const extra = randomWords(rand, 200, 5, 'aelnorstcdiubgmpy', new Set(answers));
      const lists = {
        answers: writeList(join(dir, 'answers.txt'), answers),
        guesses: writeList(join(dir, 'guesses.txt'), extra),
        hard: false,
      };
      const loaded = wordleModule.load(lists);
      const game = loaded.game as WordleGame;
      // A poor first guess: ranked far below the 12 openers the default effort compares.
      const ranked = wordleModule.load(lists);
      const plain = await compileLoaded(ranked, {
        effort: 'default',
        workers: 1,
        options: lists,
        executor: threadExecutor,
      });
      const poor = extra[extra.length - 1];
      expect(game.guessName(plain.tree.guess[0])).not.toBe(poor);
      const events: CompileProgress[] = [];
      const r = await compileLoaded(loaded, {
        effort: 'default',
        workers: 1,
        options: { ...lists, opener: poor },
        executor: threadExecutor,
        onProgress: (p) => events.push(p),
      });
      expect(game.guessName(r.tree.guess[0])).toBe(poor);
      expect(r.settings).toMatchObject({ effort: 'default', opener: poor });
      const openers = events.filter((e) => e.unit === 'openers');
      expect(openers.length).toBeGreaterThan(0);
      for (const e of openers) expect(e.total).toBe(1);
      const secrets = events.filter((e) => e.unit === `secrets below ${poor} (the first of the openers)`);
      expect(secrets.length).toBeGreaterThan(1);
      for (const e of secrets) expect(e.total).toBe(answers.length);
      const done = secrets.map((e) => e.done);
      expect(done).toEqual([...done].sort((a, b) => a - b));
      expect(done[0]).toBeLessThan(done[done.length - 1]);
      expect(done[done.length - 1]).toBeLessThan(answers.length);
      expect(openers[openers.length - 1]).toMatchObject({ done: 1, total: 1 });
      // Without --opener the tree is the plain compile's, and so is its header.
      expect(plain.settings).not.toHaveProperty('opener');
      expect(plain.settings).not.toHaveProperty('totalLowerBound');
      // The root's one-step bound holds for every opener: the plain compile's, in whole guesses.
      const bound = r.settings.totalLowerBound as number;
      expect(bound).toBe(Math.floor(-(plain.objectiveExtra?.upperBound as number)));
      expect(r.objectiveExtra?.upperBound).toBe(plain.objectiveExtra?.upperBound);
      const guesses = (s: ReturnType<typeof replayAll>) => s.histogram.reduce((sum, k, a) => sum + k * a, 0);
      expect(bound).toBeGreaterThan(answers.length);
      expect(bound).toBeLessThanOrEqual(guesses(replayAll(game, plain.tree)));
      expect(bound).toBeLessThanOrEqual(guesses(replayAll(game, r.tree)));
    } finally {
      removeDir(dir);
    }
  });
});
