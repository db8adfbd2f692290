/**
 * The example games written only through the contract (scripts/examples/) and their shipped
 * trees (trees/, read only): each recompiles to the shipped bytes, `verify --game FILE` finds
 * and checks the shipped tree, and each example is the game it says it is (Jotto's reply is
 * the count of common letters; higher-or-lower's tree is the optimum, a binary search).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findEntry, readManifest } from '../runtime/manifest.js';
import { CLI, cli, removeDir, ROOT, runNode, tempDir } from './support/e2e.js';

const TREES = join(ROOT, 'trees');
const example = (name: string): string => join(ROOT, 'scripts', 'examples', `${name}.mjs`);

interface Example {
  readonly name: string;
  readonly secrets: readonly string[];
  reply(guess: string, secret: string): string;
}

let dir: string;
beforeAll(() => {
  dir = tempDir('examples');
});
afterAll(() => removeDir(dir));

describe('the example games and their shipped trees', () => {
  for (const [name, id] of [
    ['jotto', 'jotto'],
    ['hilo', 'hilo-100'],
  ] as const) {
    it(`${name}: recompiles to the shipped bytes; verify --game finds the shipped tree`, async () => {
      const out = join(dir, `${name}.gtree`);
      const c = await cli(['compile', '--game', example(name), '--out', out, '--workers', '2'], {
        trees: join(dir, 'trees'),
      });
      expect(c.code, c.stderr).toBe(0);
      const manifest = readManifest(TREES);
      const entry = manifest.trees.find((e) => e.game === 'file' && e.params.name === id);
      expect(entry, `no shipped tree of ${id}`).toBeDefined();
      if (!entry) return;
      expect(findEntry(manifest, { game: 'file', params: entry.params, lists: entry.lists })?.file).toBe(entry.file);
      expect(readFileSync(out).equals(readFileSync(join(TREES, entry.file)))).toBe(true);
      const v = await runNode(CLI, ['verify', '--game', example(name)], { trees: TREES });
      expect(v.code, v.stderr).toBe(0);
      expect(v.stdout).toMatch(/verify: ok/);
      expect(v.stdout).toContain(entry.file);
    }, 60_000);
  }

  it("jotto: the default dictionary's 5-letter words with five different letters (every 16th), replies the common letters", async () => {
    const jotto = ((await import(example('jotto'))) as { default: Example }).default;
    const words = readFileSync(((await import('word-list')) as { default: string }).default, 'utf8')
      .split('\n')
      .filter((w) => /^[a-z]{5}$/.test(w) && new Set(w).size === 5);
    expect(jotto.secrets).toEqual(words.filter((_, i) => i % 16 === 0));
    const sample = jotto.secrets.slice(0, 40);
    for (const g of sample)
      for (const s of sample)
        if (g !== s) expect(jotto.reply(g, s)).toBe(String([...g].filter((c) => s.includes(c)).length));
  });

  it('hilo: the shipped total is the least any strategy reaches (a binary search: 580 for 100 numbers)', () => {
    // least[n]: the least total guesses over n ordered secrets, guessing one and hearing higher or lower.
    const least = [0];
    for (let n = 1; n <= 100; n++) {
      let best = Infinity;
      for (let k = 0; k < n; k++) best = Math.min(best, least[k] + least[n - 1 - k]);
      least.push(n + best);
    }
    const entry = readManifest(TREES).trees.find((e) => e.game === 'file' && e.params.name === 'hilo-100');
    expect(entry?.objective.totalGuesses).toBe(least[100]);
    expect(least[100]).toBe(580);
  });
});
