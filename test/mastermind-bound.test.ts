/**
 * The proven lower bound on a code game's total (compiler/engine/code-bound.ts, `npm run
 * bound:mastermind`): on small Mastermind games solved exactly here, every opener class's bound
 * is at most the exact optimum under that opener, the game's bound at most the optimum, and one
 * level deeper never lower. `--write` records it in the shipped tree's header without touching
 * the tree's arrays; `stats` and `verify` print it beside the total.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { codeTotalLowerBound } from '../compiler/engine/code-bound.js';
import { MastermindGame } from '../compiler/games/mastermind/game.js';
import { readManifest } from '../runtime/manifest.js';
import { readTreeFile } from '../runtime/tree-format.js';
import { mastermindEngine } from './support/engine.js';
import { cli, removeDir, ROOT, runNode, sha256, tempDir } from './support/e2e.js';

const EXACT = {
  exactBelow: Infinity,
  widths: [[Infinity, 1]] as ReadonlyArray<readonly [number, number]>,
  maxDepth: 0,
  rank: 'bound' as const,
};

/** The exact optimum of the game under each opener, by the engine's exact search. */
function exactByOpener(game: MastermindGame, openers: readonly number[]): Map<number, number> {
  const engine = mastermindEngine(game, EXACT);
  const all = Uint32Array.from({ length: game.secretCount }, (_, i) => i);
  const out = new Map<number, number>();
  for (const g of openers) out.set(g, engine.evaluate(g, all, { used: 0, state: [] })!.cost);
  return out;
}

describe('lower bound of the total', () => {
  for (const [pegs, colors] of [
    [2, 6],
    [3, 4],
    [4, 4],
    [3, 5],
  ] as const) {
    it(`MM(${pegs},${colors}): each opener's bound is at most its exact optimum; deeper is never lower`, () => {
      const game = new MastermindGame(pegs, colors);
      const two = codeTotalLowerBound(game, { levels: 1 });
      const three = codeTotalLowerBound(game, { levels: 2 });
      const exact = exactByOpener(
        game,
        two.openers.map((o) => o.opener),
      );
      const optimum = Math.min(...exact.values());
      expect(two.openers.map((o) => o.opener)).toEqual(three.openers.map((o) => o.opener));
      for (let i = 0; i < two.openers.length; i++) {
        const g = two.openers[i].opener;
        expect(two.openers[i].bound).toBeLessThanOrEqual(three.openers[i].bound);
        expect(three.openers[i].bound).toBeLessThanOrEqual(exact.get(g)!);
      }
      expect(two.bound).toBe(Math.min(...two.openers.map((o) => o.bound)));
      expect(three.bound).toBeLessThanOrEqual(optimum);
      // Not a trivial bound: above one secret found per guess with the game's replies.
      expect(two.bound).toBeGreaterThan(game.secretCount * 2);
    });
  }

  it('MM(4,5) with a cap: each opener bound at most its uncapped bound and at least the lesser of that and the cap', () => {
    const game = new MastermindGame(4, 5);
    const full = codeTotalLowerBound(game, { levels: 2 });
    const cap = full.bound + 5;
    const capped = codeTotalLowerBound(game, { levels: 2, cap });
    expect(capped.bound).toBe(full.bound);
    let stopped = 0;
    for (let i = 0; i < full.openers.length; i++) {
      const a = full.openers[i].bound;
      const b = capped.openers[i].bound;
      expect(b).toBeLessThanOrEqual(a);
      expect(b).toBeGreaterThanOrEqual(Math.min(a, cap));
      if (b < a) stopped++;
    }
    expect(stopped).toBeGreaterThan(0);
  });

  it('MM(4,6): the two-level bound is below the proven 5,625 and above the size bound', () => {
    const r = codeTotalLowerBound(new MastermindGame(4, 6), { levels: 1 });
    expect(r.bound).toBeLessThanOrEqual(5625);
    expect(r.bound).toBeGreaterThan(5000);
    expect(r.openers).toHaveLength(5);
  });
});

describe('bound:mastermind --write', () => {
  const trees = tempDir('mm-bound');
  afterAll(() => removeDir(trees));
  const script = join(ROOT, 'dist', 'scripts', 'bound-mastermind.js');

  it('records the bound in the header and manifest; the tree plays as before; stats and verify print it', async () => {
    const game = ['--game', 'mastermind', '--pegs', '3', '--colors', '4'];
    const compiled = await cli(['compile', ...game, '--effort', 'quick', '--workers', '1'], { trees });
    expect(compiled.code, compiled.stderr).toBe(0);
    const before = await cli(['export', '--format', 'paths', ...game], { trees });
    expect(before.code, before.stderr).toBe(0);
    const entry0 = readManifest(trees).trees[0];
    const arrays0 = readTreeFile(join(trees, entry0.file)).tree;

    const run = await runNode(script, ['--pegs', '3', '--colors', '4', '--levels', '2', '--threads', '2', '--write'], {
      trees,
    });
    expect(run.code, run.stderr).toBe(0);
    const m = /no strategy needs fewer than (\d+) guesses/.exec(run.stdout);
    expect(m).not.toBeNull();
    const bound = Number(m![1]);
    expect(run.stdout).toMatch(/^ {2}AAB\t>=\d+$/m);
    expect(run.stderr).toMatch(/opener classes bounded/);

    const entry = readManifest(trees).trees[0];
    const file = readTreeFile(join(trees, entry.file));
    expect(file.header.settings.totalLowerBound).toBe(bound);
    expect(String(file.header.settings.totalLowerBoundMethod)).toMatch(/level bound over every opener class/);
    expect(entry.settings.totalLowerBound).toBe(bound);
    expect(entry.sha256).toBe(sha256(readFileSync(join(trees, entry.file))));
    expect(file.tree).toEqual(arrays0);
    expect(bound).toBeLessThanOrEqual(Number(file.header.objective.totalGuesses));

    const after = await cli(['export', '--format', 'paths', ...game], { trees });
    expect(after.stdout).toBe(before.stdout);
    const stats = await cli(['stats', ...game], { trees });
    expect(stats.code, stats.stderr).toBe(0);
    expect(stats.stdout).toContain(`; recorded by its compile: no strategy needs fewer than ${bound} guesses)`);
    const json = await cli(['stats', ...game, '--json'], { trees });
    expect(JSON.parse(json.stdout).objective.recorded.totalLowerBound).toBe(bound);
    const verify = await cli(['verify', ...game], { trees });
    expect(verify.code, verify.stderr).toBe(0);
    expect(verify.stdout).toMatch(
      new RegExp(
        `^total guesses: [\\d,]+; recorded by its compile: no strategy needs fewer than ${bound} guesses$`,
        'm',
      ),
    );
  }, 60_000);
});
