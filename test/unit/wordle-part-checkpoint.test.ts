// A Wordle compile interrupted while its first opener's groups are being solved keeps the groups
// it finished in --checkpoint; --resume solves only the others and gives the same tree.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordleModule } from '../../compiler/games/wordle/module.js';
import { compileLoaded } from '../../compiler/pool/driver.js';
import type { ExecutorFactory } from '../../compiler/pool/executor.js';
import { isGuesstreeError } from '../../runtime/errors.js';
import { countingExecutor } from '../support/counting-executor.js';
import { randomWords, removeDir, rng, tempDir, writeList } from '../support/e2e.js';

/** The counting executor, one worker; stopped after `abortAfter` solve tasks. */
function counting(abortAfter = Infinity, abort: () => void = () => {}) {
  return countingExecutor({ stop: { kind: 'solve', after: abortAfter, abort } });
}

describe('wordle: checkpoints of the first opener group by group', () => {
  let dir = '';
  let lists: { answers: string; guesses: string; hard: boolean; opener: string };
  beforeAll(() => {
    dir = tempDir('part-checkpoint');
    const rand = rng(4817);
    const answers = randomWords(rand, 400, 5, 'abcdeilnorstu');
    const guesses = randomWords(rand, 200, 5, 'abcdeilmnorstuy', new Set(answers));
    lists = {
      answers: writeList(join(dir, 'answers.txt'), answers),
      guesses: writeList(join(dir, 'guesses.txt'), [...answers, ...guesses]),
      hard: false,
      opener: answers[0] as string,
    };
  });
  afterAll(() => removeDir(dir));

  it('an interrupted compile saves each solved group; --resume solves only the rest, same tree', async () => {
    const control = (executor: ExecutorFactory, extra: object = {}) => ({
      effort: 'default' as const,
      workers: 1,
      options: lists,
      executor,
      ...extra,
    });
    const clean = counting();
    const whole = await compileLoaded(wordleModule.load(lists), control(clean.factory));
    // Enough groups that an interrupt after three leaves some to do.
    expect(clean.count.solve).toBeGreaterThan(5);

    const ck = join(dir, 'ck');
    const stop = new AbortController();
    const first = counting(3, () => stop.abort());
    const err = await compileLoaded(
      wordleModule.load(lists),
      control(first.factory, { signal: stop.signal, checkpoint: { dir: ck, resume: false, note: () => {} } }),
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isGuesstreeError(err) && err.kind).toBe('interrupted');
    expect((err as Error).message).toMatch(
      new RegExp(`interrupted after \\d+ of \\d+ groups below ${lists.opener} .*saved in .*--resume`),
    );
    const saved = readdirSync(ck).filter((f) => /^root-part-batch-\d+\.bin$/.test(f));
    expect(saved).toHaveLength(3);

    const notes: string[] = [];
    const again = counting();
    const resumed = await compileLoaded(
      wordleModule.load(lists),
      control(again.factory, { checkpoint: { dir: ck, resume: true, note: (l: string) => notes.push(l) } }),
    );
    expect(notes).toEqual([]);
    expect(again.count.solve).toBe(clean.count.solve - 3);
    expect(Array.from(resumed.tree.guess)).toEqual(Array.from(whole.tree.guess));
    expect(Array.from(resumed.tree.edgeCode)).toEqual(Array.from(whole.tree.edgeCode));
    expect(Array.from(resumed.tree.edgeChild)).toEqual(Array.from(whole.tree.edgeChild));
  });
});
