// The compile's memory estimate is built from what the compile allocates: the tables an engine
// builds are counted as the ranker's constructor sizes them, shared tables once, each worker's
// engine once per worker, the searches by how the workers divide the work.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileEstimateMiB, compileMemory } from '../../compiler/commands/memory-estimate.js';
import { AttemptObjective } from '../../compiler/engine/attempt-objective.js';
import { CodeRanker, codeRankerTableBytes, type CodeGame, type History } from '../../compiler/engine/code-ranker.js';
import { findModule } from '../../compiler/games/registry.js';
import type { WordleGame } from '../../compiler/games/wordle/game.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'guesstree-memory-estimate-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The bytes of every typed array a ranker holds (and those of its stamp tables). */
function typedBytes(o: object): number {
  let bytes = 0;
  for (const v of Object.values(o)) {
    if (ArrayBuffer.isView(v)) bytes += v.byteLength;
    else if (v && typeof v === 'object' && 'marks' in v && ArrayBuffer.isView(v.marks)) bytes += v.marks.byteLength;
  }
  return bytes;
}

function rankerOf(game: CodeGame): CodeRanker {
  const objective = new AttemptObjective<History>(
    {
      attempts: Infinity,
      perAttempt: 1,
      unsolved: Infinity,
      branches: game.replyCodes.length,
      depthTieBreak: true,
      secretCount: game.secretCount,
    },
    (s) => s,
  );
  return new CodeRanker(game, objective, 'entropy');
}

describe('the terms of the memory estimate', () => {
  it("counts a code game's ranker tables as its constructor sizes them (with and without the reply table)", () => {
    for (const [id, opts] of [
      ['mastermind', { pegs: 4, colors: 6 }],
      ['mastermind', { pegs: 5, colors: 4 }],
      ['bullscows', { digits: 4, symbols: 8 }],
      ['bullscows', { digits: 5, symbols: 9 }],
    ] as const) {
      const game = findModule(id).load(opts).game as unknown as CodeGame;
      const counted = codeRankerTableBytes(game);
      const held = typedBytes(rankerOf(game));
      // The tables and their per-secret rows; a few small scratch arrays are not counted.
      expect(counted, `${id} ${JSON.stringify(opts)}`).toBeGreaterThanOrEqual(held * 0.95);
      expect(counted, `${id} ${JSON.stringify(opts)}`).toBeLessThanOrEqual(held * 1.05 + 4096);
    }
    // Bulls and Cows 5 of 9 (15,120 codes) is past the reply table's limit: no table at all.
    const big = findModule('bullscows').load({ digits: 5, symbols: 9 }).game;
    expect(codeRankerTableBytes(big as unknown as CodeGame)).toBeLessThan((big.secretCount * big.guessCount) / 16);
  });

  it("counts Wordle's feedback table once, whatever the workers, and each worker's engine and search", () => {
    const m = findModule('wordle');
    const loaded = m.load(m.sample(dir));
    const game = loaded.game as unknown as WordleGame;
    const table = game.table?.byteLength ?? 0;
    expect(table).toBe(game.secretCount * game.guessCount);
    const one = compileMemory(loaded, 'default', 1);
    const four = compileMemory(loaded, 'default', 4);
    expect(one.shared).toBeGreaterThanOrEqual(table);
    expect(four.shared).toBe(one.shared);
    // The workers divide the work: each one after the first adds half a search.
    expect(four.searches).toBe(2.5 * one.searches);
    expect(four.workers).toBe(4 * one.workers);
    // On a job queue only this thread's share counts.
    expect(compileMemory(loaded, 'default', 0).searches).toBe(0);
  });

  it('counts one search for an exact search of the whole game, more with more workers otherwise', () => {
    const mm = findModule('mastermind').load({ pegs: 4, colors: 6 });
    const exact = [1, 4].map((w) => compileMemory(mm, 'exact', w).searches);
    expect(exact[1]).toBe(exact[0]);
    const quick = [1, 4].map((w) => compileMemory(mm, 'quick', w).searches);
    expect(quick[1]).toBe(2.5 * quick[0]);
    // The engines' tables: one in this thread, one in each worker.
    const engines = [1, 4].map((w) => compileMemory(mm, 'quick', w).engines);
    expect(engines[1] / engines[0]).toBe(5 / 2);
  });

  it('grows with the size of the game, and more for a wider search', () => {
    const mm = (pegs: number, colors: number, effort: string) =>
      compileEstimateMiB(findModule('mastermind').load({ pegs, colors }), effort, 2);
    expect(mm(5, 8, 'quick')).toBeGreaterThan(mm(4, 6, 'quick'));
    expect(mm(5, 8, 'default')).toBeGreaterThan(2 * mm(5, 8, 'quick'));
  });
});
