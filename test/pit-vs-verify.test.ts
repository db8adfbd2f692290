/**
 * The pit emulator playing the real pit player against a tree compiled into GUESSTREE_TREES:
 * every word's attempts, score, guesses and masks must be what `export --format paths`
 * predicts (the compiler's replay and the protocol agree).
 *
 * The 4-letter list is the 11 cluster words (at most 5 of them can be found) and 3 others, so
 * any 10 of its 14 words include at least two that are never found.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceMask } from '../runtime/lingo-feedback.js';
import {
  ATTEMPTS,
  CLUSTER,
  cli,
  normalized,
  parsePaths,
  pathScore,
  PIT,
  PLAYER,
  randomWords,
  removeDir,
  rng,
  runNode,
  tempDir,
  writeList,
  type Run,
} from './support/e2e.js';
import type { PitReport } from '../scripts/pit.js';

const ROUNDS = 10;
const rand = rng(5);
const FOUR = normalized([...CLUSTER, ...randomWords(rand, 3, 4)]);
const LINES = [...FOUR, ...randomWords(rand, 20, 5), 'abc'];

type PitJson = PitReport;

let dir: string;
let trees: string;
let paths: Map<string, string[]>;
let pit: Run;

beforeAll(async () => {
  dir = tempDir('pit-vs-verify');
  trees = join(dir, 'trees');
  const list = writeList(join(dir, 'list.txt'), LINES);
  const game = ['--game', 'lingo', '--len', '4', '--wordlist', list];
  const c = await cli(['compile', ...game, '--effort', 'greedy'], { trees });
  expect(c.code, c.stderr).toBe(0);
  const ex = await cli(['export', ...game, '--format', 'paths'], { trees });
  expect(ex.code, ex.stderr).toBe(0);
  paths = parsePaths(ex.stdout);
  pit = await runNode(
    PIT,
    [
      '--player',
      `node ${PLAYER}`,
      '--rounds',
      String(ROUNDS),
      '--seed',
      '3',
      '--lengths',
      '4',
      '--wordlist',
      list,
      '--json',
    ],
    { trees, cwd: dir, timeoutMs: 60_000 },
  );
});

afterAll(() => removeDir(dir));

describe('pit emulator vs export --format paths', () => {
  it('every word scores what the exported path predicts', () => {
    expect(pit.code, pit.stderr).toBe(0);
    expect(pit.stderr).toBe('');
    const report = JSON.parse(pit.stdout) as PitJson;
    expect(report.seed).toBe(3);
    expect(report.lengths).toEqual([4]);
    expect(report.players).toHaveLength(1);
    const player = report.players[0] as PitJson['players'][number];
    const per = player.perLength['4'];
    expect(per).toBeDefined();
    const words = per?.words ?? [];
    expect(words).toHaveLength(ROUNDS);
    expect(new Set(words.map((w) => w.word)).size).toBe(ROUNDS);

    let total = 0;
    for (const w of words) {
      const p = paths.get(w.word);
      expect(p, `${w.word} has an exported path`).toBeDefined();
      const path = p as string[];
      const found = path.at(-1) === w.word;
      const score = pathScore(w.word, path);
      expect({ word: w.word, attempts: w.attempts, found: w.found, score: w.score }).toEqual({
        word: w.word,
        attempts: found ? path.length : ATTEMPTS,
        found,
        score,
      });
      if (!found) expect(w.score).toBe(0);
      expect(w.guesses).toEqual(path);
      expect(w.masks).toEqual(path.map((g) => referenceMask(w.word, g)));
      expect(w.timedOut).toBe(false);
      expect(w.exitCode).toBe(0);
      total += score;
    }
    expect(per?.score).toBe(total);
    expect(per?.mean).toBeCloseTo(total / ROUNDS, 10);
    expect(player.total).toBe(total);
    // The sample exercises both outcomes (at least two words cannot be found, see above).
    expect(words.filter((w) => !w.found).length).toBeGreaterThanOrEqual(2);
    expect(words.some((w) => w.found)).toBe(true);
  });
});
