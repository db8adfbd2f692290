// Large reply groups below the first opener searched choice by choice (pool/part-choices.ts):
// the same tree as one solve task per group, whatever order the tasks come back in, and an
// interrupted search keeps its settled choices for --resume.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import dictionary from 'word-list';
import { loadWordleGame, wordleParts } from '../../compiler/games/wordle/module.js';
import { wordleGuessUnit, wordleProbes, type WordleGame } from '../../compiler/games/wordle/game.js';
import type { BudgetedRoot, EngineJob } from '../../compiler/games/compile-api.js';
import { compileBudgeted } from '../../compiler/pool/budgeted.js';
import { isGuesstreeError } from '../../runtime/errors.js';
import { countingExecutor } from '../support/counting-executor.js';
import { removeDir, rng, tempDir, writeList } from '../support/e2e.js';

/** The counting executor with `workers` workers, tasks landing in an order drawn from `seed`; stopped after `abortAfter` evaluations. */
function shuffling(seed: number, workers: number, abortAfter = Infinity, abort: () => void = () => {}) {
  return countingExecutor({ seed, workers, stop: { kind: 'evaluate', after: abortAfter, abort } });
}

function jobOf(game: WordleGame, effort = 'default'): EngineJob<string> {
  const setup = { effort, probes: wordleProbes(game) };
  return { module: 'wordle', gameSpec: game.spec(), setup, parts: wordleParts(game, setup), label: 'wordle' };
}

describe('large groups below the first opener, choice by choice', () => {
  let dir = '';
  let answers = '';
  let guesses = '';
  beforeAll(() => {
    dir = tempDir('part-choices');
    const five = readFileSync(dictionary, 'utf8')
      .split('\n')
      .filter((w) => /^[a-z]{5}$/.test(w));
    const next = rng(90210);
    const words = five.filter(() => next() < 800 / five.length);
    answers = writeList(join(dir, 'answers.txt'), words.slice(0, 600));
    guesses = writeList(join(dir, 'guesses.txt'), words);
  });
  afterAll(() => removeDir(dir));

  for (const hard of [false, true]) {
    it(`${hard ? 'hard' : 'normal'} mode: the same tree as whole groups, whatever order the tasks land in`, async () => {
      const game = loadWordleGame(answers, guesses, { hard, attempts: hard ? 6 : 5 });
      // The three best-ranked openers: the first split into its groups, the others whole after it.
      const spec: BudgetedRoot = { width: 3 };
      const whole = shuffling(1, 1);
      const base = await compileBudgeted(jobOf(game), { workers: 1, executor: whole.factory }, spec);
      expect(whole.count.choices ?? 0).toBe(0);
      for (const seed of [2, 3]) {
        const split = shuffling(seed, 3);
        const got = await compileBudgeted(
          jobOf(game),
          { workers: 3, executor: split.factory },
          { ...spec, choicesFrom: 12 },
        );
        // The path was taken: groups' choices listed and evaluated one by one.
        expect(split.count.choices).toBeGreaterThan(2);
        expect(split.count.evaluate).toBeGreaterThan(10);
        expect(got?.cost).toBe(base?.cost);
        expect(Array.from(got?.tree.guess ?? [])).toEqual(Array.from(base?.tree.guess ?? []));
        expect(Array.from(got?.tree.edgeCode ?? [])).toEqual(Array.from(base?.tree.edgeCode ?? []));
        expect(Array.from(got?.tree.edgeChild ?? [])).toEqual(Array.from(base?.tree.edgeChild ?? []));
      }
    });
  }

  // Normal mode: searching on finds every word; hard mode: it goes through every guess and some stay unsolved.
  for (const hard of [false, true]) {
    it(`${hard ? 'hard' : 'normal'} mode, one guess a node: the best choice leaves a word unsolved, the search goes on, the same tree`, async () => {
      const game = loadWordleGame(answers, guesses, { hard, attempts: 4 });
      const spec: BudgetedRoot = { width: 1, only: [0] };
      const base = await compileBudgeted(
        jobOf(game, 'greedy'),
        { workers: 1, executor: shuffling(5, 1).factory },
        spec,
      );
      const split = shuffling(6, 3);
      const got = await compileBudgeted(
        jobOf(game, 'greedy'),
        { workers: 3, executor: split.factory },
        { ...spec, choicesFrom: 10 },
      );
      expect(split.count.searchOn).toBeGreaterThan(0);
      const unsolved = Math.floor((got?.cost ?? 0) / (1_000_000 * wordleGuessUnit(game.secretCount)));
      if (hard) expect(unsolved).toBeGreaterThan(0);
      else expect(unsolved).toBe(0);
      expect(got?.cost).toBe(base?.cost);
      expect(Array.from(got?.tree.guess ?? [])).toEqual(Array.from(base?.tree.guess ?? []));
      expect(Array.from(got?.tree.edgeChild ?? [])).toEqual(Array.from(base?.tree.edgeChild ?? []));
    });
  }

  it('an interrupted search keeps its settled choices; --resume evaluates only the others, same tree', async () => {
    const game = loadWordleGame(answers, guesses, { hard: false, attempts: 5 });
    const spec: BudgetedRoot = { width: 1, only: [0], choicesFrom: 20 };
    const clean = shuffling(4, 1);
    const base = await compileBudgeted(jobOf(game), { workers: 1, executor: clean.factory }, spec);
    expect(clean.count.evaluate).toBeGreaterThan(8);

    const ck = join(dir, 'ck');
    const stop = new AbortController();
    const first = shuffling(4, 1, 5, () => stop.abort());
    const err = await compileBudgeted(
      jobOf(game),
      { workers: 1, executor: first.factory, signal: stop.signal, checkpoint: { dir: ck, resume: false } },
      spec,
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isGuesstreeError(err) && err.kind).toBe('interrupted');
    // Five choices saved, in a group's own files.
    expect(readdirSync(ck).filter((f) => /^root-part-\d+-batch-\d+\.bin$/.test(f))).toHaveLength(5);

    const notes: string[] = [];
    const again = shuffling(4, 1);
    const resumed = await compileBudgeted(
      jobOf(game),
      {
        workers: 1,
        executor: again.factory,
        checkpoint: { dir: ck, resume: true, note: (l: string) => notes.push(l) },
      },
      spec,
    );
    expect(notes).toEqual([]);
    expect(again.count.evaluate).toBe((clean.count.evaluate ?? 0) - 5);
    expect(resumed?.cost).toBe(base?.cost);
    expect(Array.from(resumed?.tree.guess ?? [])).toEqual(Array.from(base?.tree.guess ?? []));
    expect(Array.from(resumed?.tree.edgeChild ?? [])).toEqual(Array.from(base?.tree.edgeChild ?? []));
  });
});
