/**
 * The contract every registered game module keeps, checked on each module's own sample
 * instance, so a new game gets these checks by registering: replies print and parse back, the
 * guess that names a secret solves it, a tiny instance compiles through the real CLI with the
 * same bytes on 1 and 2 workers, verifies, and exports paths that replay through the tree with
 * the game's own replies; an option the game does not take is refused by name.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTreeFile } from '../runtime/tree-format.js';
import { childOf, NO_CHILD } from '../runtime/tree-walker.js';
import { knownOptions } from '../compiler/commands/options.js';
import type { GameOptions } from '../compiler/games/module.js';
import { GAMES } from '../compiler/games/registry.js';
import { DEFAULT_EFFORT, EFFORT_NAMES } from '../compiler/games/efforts.js';
import { cli, lines, optionArgs, parsePaths, removeDir, tempDir } from './support/e2e.js';

let dir: string;
beforeAll(() => {
  dir = tempDir('contract');
});
afterAll(() => removeDir(dir));

describe.each(GAMES.map((m) => [m.id, m] as const))('game module %s', (id, m) => {
  let opts: GameOptions;
  let base: string[];
  beforeAll(() => {
    opts = m.sample(join(dir));
    base = ['--game', id, ...optionArgs(opts)];
  });

  it('declares options with types, at least one effort, and a default effort among them', () => {
    expect(m.efforts.length).toBeGreaterThan(0);
    expect(m.efforts.map((e) => e.name)).toContain(DEFAULT_EFFORT);
    for (const e of m.efforts) expect(EFFORT_NAMES).toContain(e.name);
    for (const o of m.options) {
      expect(['integer', 'string', 'boolean', 'file']).toContain(o.type);
      if (o.type === 'integer')
        expect(o.min !== undefined && o.max !== undefined, `--${o.name} needs a range`).toBe(true);
    }
  });

  it('every reply of the sample prints and parses back; the guess naming a secret solves it', () => {
    const { game } = m.load(opts);
    const seen = new Set<number>();
    for (let g = 0; g < game.guessCount; g++) for (let s = 0; s < game.secretCount; s++) seen.add(game.feedback(g, s));
    expect(seen.size).toBeGreaterThan(1);
    for (const code of seen) {
      if (code === game.solvedCode) continue;
      expect(game.parseCode(game.codeName(code)), `reply ${game.codeName(code)}`).toBe(code);
    }
    for (let s = 0; s < game.secretCount; s++) {
      const g = game.guessOfSecret(s);
      if (game.secretOfGuess(g) === s) expect(game.feedback(g, s)).toBe(game.solvedCode);
    }
    // Names are distinct, so paths can be read back.
    expect(new Set(Array.from({ length: game.secretCount }, (_, s) => game.secretName(s))).size).toBe(game.secretCount);
  });

  it('compiles with the same bytes on 1 and 2 workers, verifies, and exports paths that replay', async () => {
    const one = join(dir, `${id}-1.gtree`);
    const two = join(dir, `${id}-2.gtree`);
    const trees = join(dir, `trees-${id}`);
    const [a, b] = await Promise.all([
      cli(['compile', ...base, '--workers', '1', '--out', one], { trees }),
      cli(['compile', ...base, '--workers', '2', '--out', two], { trees }),
    ]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    expect(a.stderr).toBe('');
    expect(lines(a.stdout)[0]).toMatch(new RegExp(`^${m.load(opts).slug}: `));
    expect(readFileSync(one).equals(readFileSync(two))).toBe(true);
    const verify = await cli(['verify', '--tree', one, ...optionArgs(opts)], { trees });
    expect(verify.code, verify.stderr).toBe(0);
    expect(verify.stdout).toMatch(/^verify: ok/m);
    const ex = await cli(['export', '--format', 'paths', '--tree', one, ...optionArgs(opts)], { trees });
    expect(ex.code, ex.stderr).toBe(0);
    const paths = parsePaths(ex.stdout);
    const { game } = m.load(opts);
    expect(paths.size).toBe(game.secretCount);
    const tree = readTreeFile(one).tree;
    const guessIndex = new Map(Array.from({ length: game.guessCount }, (_, g) => [game.guessName(g), g]));
    for (let s = 0; s < game.secretCount; s++) {
      const path = paths.get(game.secretName(s));
      expect(path, game.secretName(s)).toBeDefined();
      // Walk the tree with the path's guesses and the game's own replies to this secret.
      let node = 0;
      for (let i = 0; i < path!.length; i++) {
        const g = guessIndex.get(path![i]);
        expect(g, `${path![i]} is a guess`).toBeDefined();
        expect(tree.guess[node]).toBe(g);
        const code = game.feedback(g!, s);
        if (i === path!.length - 1) break;
        node = childOf(tree, node, code);
        expect(
          node,
          `${game.secretName(s)}: the path leaves the tree after ${path!.slice(0, i + 1).join(' ')}`,
        ).not.toBe(NO_CHILD);
      }
    }
  });

  it('an option of another game is refused by name, in one line', async () => {
    const foreign = knownOptions('compile').find(
      (o) => !o.deprecatedOf && !m.options.some((x) => x.name === o.name) && o.type !== 'boolean',
    );
    if (!foreign) return;
    const r = await cli(['compile', ...base, `--${foreign.name}`, '3', '--out', join(dir, `${id}-x.gtree`)], {
      trees: join(dir, `trees-${id}`),
    });
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toEqual([
      `guesstree: --${foreign.name} is not an option of ${id} (${id} takes ${m.options.map((o) => `--${o.name}`).join(', ')})`,
    ]);
    expect(r.stdout).toBe('');
  });
});
