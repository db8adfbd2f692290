/**
 * Wordle's worst case when the search capped at 5 finds no tree within 5 (the 12,972-answer
 * case): with --checkpoint, 5 is refuted in blocks of first guesses, saved and resumed, and a
 * resumed run writes the same bytes as an uninterrupted one. Six answers alike but for their first
 * letter, and guesses that tell none of them apart: every tree needs 6 guesses.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWordleGame } from '../compiler/games/wordle/module.js';
import { decodeTreeFile } from '../runtime/tree-format.js';
import { bruteLeastDepth, type BruteGame } from './support/brute.js';
import { cli, lines, randomWords, removeDir, rng, tempDir, writeList } from './support/e2e.js';

let dir: string;
let trees: string;
beforeAll(() => {
  dir = tempDir('worst-blocks');
  trees = join(dir, 'trees');
});
afterAll(() => removeDir(dir));

describe('worst case refuted in blocks when the capped search finds no tree within 5', () => {
  it('resumed from a checkpoint with a block missing: the same bytes, 6 proven', async () => {
    const answers = [...'bdfghk'].map((c) => `${c}ills`);
    const blind = randomWords(rng(32), 66, 5, 'acemnoprtuvwxyz');
    const a = writeList(join(dir, 'answers.txt'), answers);
    const g = writeList(join(dir, 'guesses.txt'), blind);
    const game = loadWordleGame(a, g, { hard: false });
    expect(bruteLeastDepth(game as BruteGame, () => true, 6)).toBe(6);
    const args = ['compile', '--game', 'wordle', '--answers', a, '--guesses', g, '--objective', 'worst-case'];
    const run = async (name: string, more: string[]) => {
      const out = join(dir, `${name}.gtree`);
      const r = await cli([...args, ...more, '--out', out], { trees, timeoutMs: 60_000 });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      return { bytes: readFileSync(out), line: lines(r.stdout)[0], file: decodeTreeFile(readFileSync(out), out) };
    };
    const ck = join(dir, 'ck');
    const one = await run('one', ['--workers', '1', '--checkpoint', ck]);
    expect(one.file.header.objective.maxAttempts).toBe(6);
    expect(one.file.header.settings.lowerBound).toBe(6);
    expect(one.file.header.settings.depthProven).toBe(true);
    expect(one.line).toContain('proven: no tree solves every secret in fewer than 6');
    const blocks = readdirSync(ck).filter((f) => /^leastWorstCaseOpeners-batch-\d+\.bin$/.test(f));
    expect(blocks).toHaveLength(Math.ceil(game.guessCount / 64));
    expect(blocks.length).toBeGreaterThan(1);
    rmSync(join(ck, blocks[0]));
    const resumed = await run('resumed', ['--workers', '2', '--checkpoint', ck, '--resume']);
    expect(Buffer.compare(resumed.bytes, one.bytes)).toBe(0);
  });
});
