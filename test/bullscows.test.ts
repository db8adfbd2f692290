/**
 * Bulls and Cows (`--game bullscows [--digits 4] [--symbols 10]`): the reply against the
 * published test vectors and a plain reference, the code numbering, both reply kernels, the
 * exact search against brute force on tiny sizes, the CLI end to end (compile, verify, export
 * paths as digit strings, play with every reply syntax), bad input, and the shipped tree.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { flattenPlan } from '../compiler/engine/plan.js';
import { SearchEngine } from '../compiler/engine/search.js';
import { codeParts, type CodeEffort } from '../compiler/engine/code-efforts.js';
import { BullsCowsGame } from '../compiler/games/bullscows/game.js';
import { replayAll } from '../compiler/replay.js';
import { findEntry, readManifest } from '../runtime/manifest.js';
import { checkTreeMatches, readTreeFile } from '../runtime/tree-format.js';
import { childOf } from '../runtime/tree-walker.js';
import { bruteTotalDepth } from './support/brute.js';
import { cli, lines, parsePaths, removeDir, rng, ROOT, tempDir } from './support/e2e.js';
import { BULLSCOWS_VECTORS } from './support/references.js';

/** Bulls and cows the textbook way. */
function reference(secret: string, guess: string): [number, number] {
  let bulls = 0;
  let common = 0;
  for (let i = 0; i < guess.length; i++) {
    if (guess[i] === secret[i]) bulls++;
    if (secret.includes(guess[i])) common++;
  }
  return [bulls, common - bulls];
}

const EXACT: CodeEffort = {
  name: 'exact',
  exact: true,
  openers: Infinity,
  exactBelow: Infinity,
  widths: [[Infinity, 1]],
  rank: 'bound',
  maxDepth: 0,
};

describe('the game', () => {
  it('the published test vectors, and the reference on random pairs with both kernels', () => {
    const game = new BullsCowsGame(4, 10);
    expect(game.secretCount).toBe(5040);
    for (const [s, g, b, c] of BULLSCOWS_VECTORS)
      expect(game.codeName(game.feedback(game.codeOf(g), game.codeOf(s))), `${s} ${g}`).toBe(`${b}A${c}B`);
    const r = rng(3);
    // 4 of 10 uses the packed table; 4 of 20 and 6 of 8 the plain loop.
    for (const [d, sy] of [
      [4, 10],
      [4, 20],
      [6, 8],
      [3, 36],
    ] as const) {
      const gm = new BullsCowsGame(d, sy);
      const secrets = Uint32Array.from({ length: 200 }, () => Math.floor(r() * gm.secretCount));
      const out = new Uint32Array(secrets.length);
      for (let k = 0; k < 20; k++) {
        const g = Math.floor(r() * gm.guessCount);
        gm.partitionCodes(g, secrets, secrets.length, out);
        secrets.forEach((s, i) => {
          const [b, c] = reference(gm.codeText(s), gm.codeText(g));
          expect(out[i], `${gm.codeText(g)} on ${gm.codeText(s)}`).toBe(b * (d + 1) + c);
          expect(gm.feedback(g, s)).toBe(out[i]);
        });
      }
    }
  });

  it('codes are the arrangements of distinct symbols in lexicographic order, and names parse back', () => {
    const game = new BullsCowsGame(4, 10);
    const names = Array.from({ length: game.secretCount }, (_, c) => game.codeText(c));
    expect(names[0]).toBe('0123');
    expect(names[names.length - 1]).toBe('9876');
    expect([...names].sort()).toEqual(names);
    expect(new Set(names).size).toBe(5040);
    for (const n of names) expect(new Set(n).size).toBe(4);
    for (let c = 0; c < game.secretCount; c += 7) expect(game.codeOf(game.codeText(c))).toBe(c);
    expect(game.codeOf('0012')).toBe(-1);
    expect(new BullsCowsGame(3, 12).codeText(new BullsCowsGame(3, 12).secretCount - 1)).toBe('ba9');
  });

  it('the replies that occur are the declared ones; every reply syntax parses, impossible ones say why', () => {
    const game = new BullsCowsGame(4, 10);
    const seen = new Set<number>();
    for (let g = 0; g < game.guessCount; g += 97)
      for (let s = 0; s < game.secretCount; s++) seen.add(game.feedback(g, s));
    expect([...seen].filter((c) => c !== game.solvedCode).sort((a, b) => a - b)).toEqual([...game.replyCodes]);
    expect(seen.size).toBe(14);
    for (const t of ['1A2B', '1a2b', '1 2', '1,2', '12', ' 1A 2B ']) expect(game.parseCode(t), t).toBe(1 * 5 + 2);
    expect(() => game.parseCode('3A1B')).toThrow(/3 bulls and 1 cow cannot happen/);
    expect(() => game.parseCode('3 3')).toThrow(/more than 4 symbols/);
    expect(() => game.parseCode('x')).toThrow(/expected bulls then cows/);
    expect(() => new BullsCowsGame(4, 5).parseCode('0 0')).toThrow(/share at least 3/);
  });

  it('the exact search equals brute force on tiny sizes, and its tree replays to its total', () => {
    for (const [d, sy] of [
      [1, 4],
      [2, 3],
      [2, 4],
      [3, 3],
      [2, 5],
      [3, 4],
    ] as const) {
      const game = new BullsCowsGame(d, sy);
      const all = Uint32Array.from({ length: game.secretCount }, (_, i) => i);
      const v = new SearchEngine(codeParts(game, EXACT)).solve(all, { used: 0, state: [] })!;
      expect({ total: v.cost, depth: v.depth }, `${d} of ${sy}`).toEqual(bruteTotalDepth(game));
      const s = replayAll(game, flattenPlan(v.plan));
      expect(s.missingBranches).toBe(0);
      expect(-s.total).toBe(v.cost);
    }
  });
});

describe('CLI end to end', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDir('bullscows');
  });
  afterAll(() => removeDir(dir));

  it('compile --exact, verify, export paths of digit strings that replay, play with every syntax', async () => {
    const tree = join(dir, 'bc.gtree');
    const c = await cli(
      ['compile', '--game', 'bullscows', '--digits', '3', '--symbols', '6', '--exact', '--out', tree],
      { trees: dir },
    );
    expect(c.code, c.stderr).toBe(0);
    expect(c.stdout).toMatch(
      /^bullscows-d3s6: total guesses 436, mean 3\.6333 a secret, max depth 5; proven optimal \|/,
    );
    const v = await cli(['verify', '--tree', tree], { trees: dir });
    expect(v.code, v.stderr).toBe(0);
    expect(v.stdout).toContain('total guesses: 436');
    const ex = await cli(['export', '--format', 'paths', '--tree', tree], { trees: dir });
    const paths = parsePaths(ex.stdout);
    expect(paths.size).toBe(120);
    const game = new BullsCowsGame(3, 6);
    const t = readTreeFile(tree).tree;
    for (const [secret, guesses] of paths) {
      expect(secret).toMatch(/^[0-5]{3}$/);
      expect(guesses[guesses.length - 1]).toBe(secret);
      // Walk the tree with the reference replies.
      let node = 0;
      for (const g of guesses.slice(0, -1)) {
        expect(game.codeText(t.guess[node])).toBe(g);
        const [b, cw] = reference(secret, g);
        node = childOf(t, node, b * 4 + cw);
        expect(node).toBeGreaterThan(0);
      }
    }
    // Play the secret 543: every reply syntax, the count after each reply.
    const secret = '543';
    const replies: string[] = [];
    let node = 0;
    const styles = ['%bA%cB', '%b %c', '%b%c', '%b,%c'];
    for (let i = 0; ; i++) {
      const g = game.codeText(t.guess[node]);
      const [b, cw] = reference(secret, g);
      replies.push(styles[i % styles.length].replace('%b', String(b)).replace('%c', String(cw)));
      if (b === 3) break;
      node = childOf(t, node, b * 4 + cw);
    }
    const p = await cli(['play', '--tree', tree], { trees: dir, input: `${replies.join('\n')}\n` });
    expect(p.code, p.stderr).toBe(0);
    expect(p.stderr).toBe('');
    const out = lines(p.stdout);
    expect(out[0]).toBe(
      'reply with bulls then cows: "1 2", "12" or 1A2B; 120 secrets are possible; undo (or u) takes back the last reply',
    );
    expect(out[out.length - 1]).toBe(`solved in ${replies.length} guess${replies.length === 1 ? '' : 'es'}`);
    expect(p.stdout).toMatch(/^\d+ secrets? still possible/m);
    const bad = await cli(['play', '--tree', tree], { trees: dir, input: '2A1B\n' });
    expect(bad.code).toBe(5);
    expect(lines(bad.stderr)).toHaveLength(1);
    expect(bad.stderr).toMatch(/2 bulls and 1 cow cannot happen/);
    const nonsense = await cli(['play', '--tree', tree], { trees: dir, input: 'lots\n' });
    expect(nonsense.code).toBe(5);
    expect(lines(nonsense.stderr)).toEqual([
      'guesstree: reply "lots": expected bulls then cows, such as "1 2" or 1A2B',
    ]);
  });

  it('bad input: one line each, non-zero', async () => {
    const cases: Array<[string[], number, RegExp]> = [
      [['--digits', '0'], 2, /^guesstree: --digits 0: expected a whole number from 1 to 10$/],
      [['--digits', '11'], 2, /^guesstree: --digits 11: expected a whole number from 1 to 10$/],
      [
        ['--digits', '4', '--symbols', '3'],
        2,
        /^guesstree: --symbols 3: expected a whole number from --digits \(4\) to 36/,
      ],
      [
        ['--digits', '10', '--symbols', '36'],
        7,
        /^guesstree: Bulls and Cows with 10 of 36 symbols has \d+ codes, more than the 16777216/,
      ],
      [['--len', '4'], 2, /^guesstree: --len is not an option of bullscows/],
    ];
    for (const [args, status, re] of cases) {
      const r = await cli(['compile', '--game', 'bullscows', ...args, '--out', join(dir, 'x.gtree')], { trees: dir });
      expect(r.code, args.join(' ')).toBe(status);
      expect(r.stdout).toBe('');
      expect(lines(r.stderr)).toHaveLength(1);
      expect(r.stderr.trimEnd()).toMatch(re);
    }
  });
});

describe('the shipped tree (trees/bullscows-d4s10.gtree)', () => {
  const trees = join(ROOT, 'trees');
  it('totals the proven optimum 26,274 (mean 5.2131) with maximum depth 7, as its export replays', async () => {
    const game = new BullsCowsGame(4, 10);
    const entry = findEntry(readManifest(trees), { game: 'bullscows', params: game.params, lists: game.lists });
    if (!entry || !existsSync(join(trees, entry.file))) {
      console.log('bullscows: no shipped tree in trees/; that check is skipped');
      return;
    }
    const path = join(trees, entry.file);
    const file = readTreeFile(path);
    checkTreeMatches(file, { game: 'bullscows', params: game.params, lists: [] }, path);
    const s = replayAll(game, file.tree);
    expect(-s.total).toBe(26274);
    expect(s.maxFound).toBe(7);
    expect(file.header.settings.provenOptimal).toBe(true);
    const ex = await cli(['export', '--format', 'paths', '--tree', path], { trees: tempDir('bc-shipped') });
    const paths = parsePaths(ex.stdout);
    let total = 0;
    let deepest = 0;
    for (const [secret, guesses] of paths) {
      expect(guesses[guesses.length - 1]).toBe(secret);
      total += guesses.length;
      deepest = Math.max(deepest, guesses.length);
    }
    expect(paths.size).toBe(5040);
    expect(total).toBe(26274);
    expect(deepest).toBe(7);
  }, 60_000);
});
