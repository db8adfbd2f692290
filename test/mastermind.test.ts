/**
 * Mastermind MM(p,c) (`--game mastermind --pegs P --colors C`): the reply function against a
 * plain reference, symmetry classes, the exact search against brute force on tiny games and
 * the MM(4,6) optimum, the contest grammar (emit, parse, replay, every kind of malformed
 * input, random bytes), and the CLI end to end (compile, verify --strategy, export --format
 * contest, the same bytes for 1 and 2 workers).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GuesstreeError } from '../runtime/errors.js';
import { flattenPlan } from '../compiler/engine/plan.js';
import { MastermindGame } from '../compiler/games/mastermind/game.js';
import { checkContest, emitContest, parseContest } from '../compiler/games/mastermind/contest.js';
import { mastermindEngine, partsOf, type MastermindTestSettings as MastermindSettings } from './support/engine.js';
import { canonicalGuesses, historySymmetry, permutations } from '../compiler/engine/symmetry.js';
import { replayAll } from '../compiler/replay.js';
import { findEntry, readManifest } from '../runtime/manifest.js';
import { checkTreeMatches, readTreeFile, type TreeArrays } from '../runtime/tree-format.js';
import { bruteTotalDepth } from './support/brute.js';
import { mastermindReference } from './support/references.js';
import { cli, lines, removeDir, rng, ROOT, tempDir, type Run } from './support/e2e.js';

const EXACT: MastermindSettings = { exactBelow: Infinity, widths: [[Infinity, 1]], maxDepth: 0, rank: 'bound' };

function solveTree(game: MastermindGame, settings: MastermindSettings = EXACT): { total: number; tree: TreeArrays } {
  const v = mastermindEngine(game, settings).solve(
    Uint32Array.from({ length: game.secretCount }, (_, i) => i),
    { used: 0, state: [] },
  );
  if (!v) throw new Error(`no strategy within the depth cap for a set of ${game.secretCount} codes`);
  return { total: v.cost, tree: flattenPlan(v.plan) };
}

/** A random complete strategy: at every node a random guess that tells some codes apart. */
function randomStrategy(game: MastermindGame, rand: () => number): TreeArrays {
  const search = mastermindEngine(game, EXACT);
  type P = { value: number; guess: number; codes: Uint32Array; children: P[] };
  const build = (set: Uint32Array): P => {
    if (set.length === 1 && rand() < 0.7) return { value: 0, guess: set[0], codes: new Uint32Array(0), children: [] };
    for (;;) {
      const g = Math.floor(rand() * game.guessCount);
      const parts = partsOf(search, g, set);
      if (parts.length === 1 && parts[0].set.length === set.length) continue;
      return {
        value: 0,
        guess: g,
        codes: Uint32Array.from(parts.map((p) => p.code)),
        children: parts.map((p) => build(p.set)),
      };
    }
  };
  return flattenPlan(build(Uint32Array.from({ length: game.secretCount }, (_, i) => i)));
}

function parseError(game: MastermindGame, text: string): string {
  try {
    checkContest(game, parseContest(game, text, 's.txt'), 's.txt');
  } catch (e) {
    expect(e).toBeInstanceOf(GuesstreeError);
    const msg = (e as GuesstreeError).message;
    expect(msg).not.toContain('\n');
    return msg;
  }
  throw new Error(`accepted: ${text}`);
}

describe('the reply function', () => {
  it('agrees with the textbook rule on random codes of many sizes', () => {
    const sizes: Array<[number, number]> = [
      [1, 2],
      [2, 3],
      [3, 5],
      [4, 6],
      [5, 8],
      [6, 9],
      [4, 26],
      [7, 4],
      [8, 3],
    ];
    for (const [p, c] of sizes) {
      const game = new MastermindGame(p, c);
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: game.secretCount - 1 }),
          fc.integer({ min: 0, max: game.secretCount - 1 }),
          (g, s) => {
            const [b, w] = mastermindReference(game.codeText(g), game.codeText(s));
            const code = game.feedback(g, s);
            expect(game.codeName(code)).toBe(`${b}${w}`);
            const out = new Uint32Array(1);
            game.partitionCodes(g, Uint32Array.of(s), 1, out);
            expect(out[0]).toBe(code);
          },
        ),
        { numRuns: 300 },
      );
    }
  });

  it('MM(5,8) has 20 replies: (4,1) never occurs', () => {
    const game = new MastermindGame(5, 8);
    const seen = new Set<number>();
    const all = Uint32Array.from({ length: game.secretCount }, (_, i) => i);
    const out = new Uint32Array(all.length);
    for (const g of [0, game.codeOf('AABCD'), game.codeOf('ABCDE')]) {
      game.partitionCodes(g, all, all.length, out);
      for (const r of out) seen.add(r);
    }
    expect(seen.size).toBe(20);
    expect(seen.has(game.replyCode(4, 1))).toBe(false);
  });

  it('names and reads replies as blacks then whites', () => {
    const game = new MastermindGame(4, 6);
    expect(game.parseCode('21')).toBe(game.replyCode(2, 1));
    expect(game.parseCode(' 1 2 ')).toBe(game.replyCode(1, 2));
    expect(() => game.parseCode('31')).toThrow(/cannot happen/);
    expect(() => game.parseCode('32')).toThrow(/more than 4 pegs/);
    expect(() => game.parseCode('x')).toThrow(/two digits/);
  });
});

describe('symmetry', () => {
  it('the first guesses fall into one class per colour pattern: 7 for MM(5,8), 5 for MM(4,6)', () => {
    for (const [p, c, names] of [
      [5, 8, ['AAAAA', 'AAAAB', 'AAABB', 'AAABC', 'AABBC', 'AABCD', 'ABCDE']],
      [4, 6, ['AAAA', 'AAAB', 'AABB', 'AABC', 'ABCD']],
    ] as const) {
      const game = new MastermindGame(p, c);
      const sym = historySymmetry([], game.digits, p, c, permutations(p));
      expect(Array.from(canonicalGuesses(sym, game.digits, p, c, game.secretCount), (g) => game.codeText(g))).toEqual(
        names,
      );
    }
  });

  it('every guess has the same value as its class representative (MM(3,4) after one guess)', () => {
    const game = new MastermindGame(3, 4);
    const first = game.codeOf('AAB');
    const sym = historySymmetry([first], game.digits, 3, 4, permutations(3));
    const reps = new Set(canonicalGuesses(sym, game.digits, 3, 4, game.secretCount));
    expect(reps.size).toBeLessThan(game.secretCount);
    const search = mastermindEngine(game, EXACT);
    const all = Uint32Array.from({ length: game.secretCount }, (_, i) => i);
    const after = partsOf(search, first, all).find((p) => p.set.length > 3)!;
    const value = (g: number) => search.evaluate(g, after.set, { used: 1, state: [first] })?.cost ?? Infinity;
    const repValues = new Set([...reps].map(value));
    // Each non-representative must match some representative's value: the orbit's.
    for (let g = 0; g < game.secretCount; g++) expect(repValues.has(value(g))).toBe(true);
    // and the best over all guesses equals the best over the representatives.
    const all2 = Array.from({ length: game.secretCount }, (_, g) => value(g));
    expect(Math.min(...all2)).toBe(Math.min(...repValues));
  });
});

describe('exact search', () => {
  it('equals brute force on tiny games: least total, then least maximum depth', () => {
    for (const [p, c] of [
      [1, 5],
      [2, 2],
      [2, 3],
      [2, 4],
      [3, 2],
      [3, 3],
      [2, 5],
      [4, 2],
    ] as const) {
      const game = new MastermindGame(p, c);
      const { total, tree } = solveTree(game);
      const brute = bruteTotalDepth(game);
      expect(total, `MM(${p},${c})`).toBe(brute.total);
      const replay = replayAll(game, tree);
      expect(replay.missingBranches).toBe(0);
      expect(-replay.total).toBe(total);
      expect(replay.maxFound, `MM(${p},${c}) depth`).toBe(brute.depth);
    }
  });

  it('ties in total go to the shallower tree: MM(4,4) after AAAB, every reply set of up to 46 codes as brute force', () => {
    // Two of these sets (replies 01 and 20) have least-total trees of depth 4 and 3; a search
    // that keeps the first guess of equal total returns the deeper one.
    const game = new MastermindGame(4, 4);
    const search = mastermindEngine(game, EXACT);
    const first = game.codeOf('AAAB');
    const all = Uint32Array.from({ length: game.secretCount }, (_, i) => i);
    const checked: string[] = [];
    for (const part of partsOf(search, first, all)) {
      if (part.set.length > 46) continue;
      const v = search.solve(part.set, { used: 1, state: [first] })!;
      const brute = bruteTotalDepth(game, Array.from(part.set));
      expect({ total: v.cost, depth: v.depth }, `reply ${game.codeName(part.code)}`).toEqual(brute);
      checked.push(game.codeName(part.code));
    }
    expect(checked).toEqual(expect.arrayContaining(['01', '20']));
    expect(checked.length).toBeGreaterThan(5);
  });

  it('MM(2,3): the optimum is 21, as the README example', () => {
    expect(solveTree(new MastermindGame(2, 3)).total).toBe(21);
  });

  it('MM(4,6): reaches and proves 5625 (Koyama and Lai), 4.3403 guesses a secret', () => {
    const game = new MastermindGame(4, 6);
    const { total, tree } = solveTree(game);
    expect(total).toBe(5625);
    const replay = replayAll(game, tree);
    expect(-replay.total).toBe(5625);
    expect(replay.maxFound).toBe(6);
  });

  it('a depth cap is obeyed: MM(4,6) within 5 guesses proves 5626, as published; MM(3,3) cannot be done in 3', () => {
    const game = new MastermindGame(4, 6);
    const capped = solveTree(game, { ...EXACT, maxDepth: 5 });
    expect(capped.total).toBe(5626);
    expect(replayAll(game, capped.tree).maxFound).toBe(5);
    const small = new MastermindGame(3, 3);
    expect(replayAll(small, solveTree(small, { ...EXACT, maxDepth: 4 }).tree).maxFound).toBe(4);
    expect(() => solveTree(small, { ...EXACT, maxDepth: 3 })).toThrow(/no strategy within the depth cap/);
  });

  it('the lookahead effort never does worse than one step, and small sets are exact', () => {
    const game = new MastermindGame(4, 5);
    const oneStep = solveTree(game, { exactBelow: 0, widths: [[Infinity, 1]], maxDepth: 0, rank: 'entropy' }).total;
    const wide = solveTree(game, { exactBelow: 12, widths: [[Infinity, 4]], maxDepth: 0, rank: 'entropy' }).total;
    const exact = solveTree(game).total;
    expect(wide).toBeLessThanOrEqual(oneStep);
    expect(exact).toBeLessThanOrEqual(wide);
  });

  it('the pilot: keeping more guesses never does worse; the slack keeps only close calls', () => {
    // MM(3,6) with a pilot on every set over 6 codes: keeping 3 guesses saves one (855 -> 854).
    const game = new MastermindGame(3, 6);
    const pilot = {
      exactBelow: 3,
      widths: [[Infinity, 1]] as const,
      maxDepth: 0,
      rank: 'entropy' as const,
      pilotAbove: 6,
      pilotWidth: 6,
    };
    const keep1 = solveTree(game, { ...pilot, pilotKeep: 1 });
    const keep3 = solveTree(game, { ...pilot, pilotKeep: 3 });
    const anySlack = solveTree(game, { ...pilot, pilotKeep: 3, pilotSlack: Infinity });
    const noSlack = solveTree(game, { ...pilot, pilotKeep: 3, pilotSlack: 0 });
    const someSlack = solveTree(game, { ...pilot, pilotKeep: 3, pilotSlack: 0.02 });
    // Each kept guess is searched in full, the first one included: more can only help.
    expect(keep3.total).toBeLessThan(keep1.total);
    expect(anySlack.tree).toEqual(keep3.tree);
    for (const t of [noSlack, someSlack]) {
      expect(t.total).toBeLessThanOrEqual(keep1.total);
      expect(t.total).toBeGreaterThanOrEqual(keep3.total);
    }
    expect(someSlack.total).toBeLessThanOrEqual(noSlack.total);
  });
});

describe('contest grammar', () => {
  const mm23 = new MastermindGame(2, 3);
  const README = '{AB:{10:{AC:{10:AA,01:CB,00:BB}},02:BA,01:{BC:{01:CA}},00:CC}}';

  it('the README example for MM(2,3) parses and scores 21 with depths 1, 4, 4', () => {
    const check = checkContest(mm23, parseContest(mm23, README, 'readme'), 'readme');
    expect(check.total).toBe(21);
    expect(check.maxDepth).toBe(3);
    expect(check.histogram.slice(1)).toEqual([1, 4, 4]);
  });

  it('random strategies round-trip: emit, parse, emit gives the same text and the same score as a replay', () => {
    const rand = rng(5);
    for (const [p, c] of [
      [2, 3],
      [3, 3],
      [2, 5],
      [3, 4],
    ] as const) {
      const game = new MastermindGame(p, c);
      for (let k = 0; k < 25; k++) {
        const tree = randomStrategy(game, rand);
        const text = emitContest(game, tree);
        const parsed = parseContest(game, text, 'x');
        expect(emitContest(game, parsed.tree)).toBe(text);
        const check = checkContest(game, parsed, 'x');
        expect(check.total).toBe(-replayAll(game, tree).total);
      }
    }
  });

  it('every inner node is braced and "p0" is never written', () => {
    const game = new MastermindGame(3, 3);
    const text = emitContest(game, solveTree(game).tree);
    expect(text.startsWith('{')).toBe(true);
    expect(text).not.toMatch(/[{,]30:/);
    expect(text).toMatch(/^\{[A-C]{3}:\{/);
  });

  it('malformed strategies: one line naming the byte offset and the problem', () => {
    const cases: Array<[string, RegExp]> = [
      [
        '{AB:{10:{AC:{10:AA,01:CB,00:BB}},02:BA,01:{BC:{01:CA}},00:CC}',
        /byte 61: expected "}" to close the guess, found the end/,
      ],
      [
        '{AB:{10:{AC:{10:AA,01:CB,00:BB}},02:BA,01:{BC:{01:CA}},00:CC}}}',
        /byte 62: trailing text after the strategy: "}"/,
      ],
      ['{AB:{10:{AC:{10:AA,01:CB,00:BB}},02:BA,01:{BC:{01:CA}},00:CC}} x', /byte 62: trailing text/],
      ['{AB:{10:{AC:{10:AA,01:CB,00:BB}},02:BA,1:{BC:{01:CA}},00:CC}}', /byte 39: reply "1" needs two digits/],
      [
        '{AB:{10:{AC:{10:AA,01:CB,00:BB}},02:BA,03:{BC:{01:CA}},00:CC}}',
        /byte 39: reply "03": 0 blacks and 3 whites are more than 2 pegs/,
      ],
      ['{AB:{10:{AC:{10:AA,01:CB,00:BB}},20:BA,01:{BC:{01:CA}},00:CC}}', /byte 33: reply "20" is the right guess/],
      [
        '{AB:{10:{AC:{10:AA,01:CB,00:BB}},10:BA,01:{BC:{01:CA}},00:CC}}',
        /byte 33: reply "10" appears twice in one node \(first at byte 5\)/,
      ],
      [
        '{AB:{10:{ACA:{10:AA,01:CB,00:BB}},02:BA,01:{BC:{01:CA}},00:CC}}',
        /byte 9: guess "ACA…" is longer than 2 colours/,
      ],
      ['{AB:{10:{A:{10:AA,01:CB,00:BB}},02:BA,01:{BC:{01:CA}},00:CC}}', /byte 9: guess "A" has 1 colours, expected 2/],
      ['{AB:{10:{AD:{10:AA,01:CB,00:BB}},02:BA,01:{BC:{01:CA}},00:CC}}', /byte 10: unknown colour "D"/],
      [
        '{AB:{10:{AC:{10:AA,01:CB,00:BB}},02:BA,01:{BC:{01:CA}},00:CB}}',
        /byte 58: leaf CB is not the secret CC, which reaches it$/,
      ],
      [
        '{AB:{10:{AC:{10:AA,01:CB}},02:BA,01:{BC:{01:CA}},00:CC}}',
        /byte 9: guess AC has no branch for reply "00", which secret BB gives/,
      ],
      [
        '{AB:{10:{AC:{10:AA,01:CB,00:BB}},02:BA,01:{BC:{01:CA}}}}',
        /byte 1: guess AB has no branch for reply "00", which secret CC gives/,
      ],
      ['AB', /byte 0: leaf AB is not the secret AA, which reaches it \(9 secrets reach it\)/],
      ['', /byte 0: empty strategy/],
      [
        '{AB:{10:{AC:{10:AA;01:CB,00:BB}},02:BA,01:{BC:{01:CA}},00:CC}}',
        /byte 18: expected "," or "}" after a branch, found ";"/,
      ],
      ['{AB{10:AA}}', /byte 3: expected ":" after the guess, found "\{"/],
    ];
    for (const [text, re] of cases) expect(parseError(mm23, text), text).toMatch(re);
  });

  it('random bytes and mutations of a good strategy never crash the parser: a strategy or a tree-file error', () => {
    const game = new MastermindGame(2, 3);
    const good = '{AB:{10:{AC:{10:AA,01:CB,00:BB}},02:BA,01:{BC:{01:CA}},00:CC}}';
    const tryParse = (text: string) => {
      try {
        checkContest(game, parseContest(game, text, 'f'), 'f');
      } catch (e) {
        expect(e).toBeInstanceOf(GuesstreeError);
        expect((e as GuesstreeError).kind).toBe('tree-file');
        expect((e as Error).message).not.toContain('\n');
      }
    };
    fc.assert(fc.property(fc.string({ maxLength: 80 }), tryParse), { numRuns: 2000 });
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (b) => tryParse(Buffer.from(b).toString('latin1'))),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: good.length - 1 }), fc.constantFrom(...'{}:,0123ABCDE x'), (i, ch) =>
        tryParse(good.slice(0, i) + ch + good.slice(i + 1)),
      ),
      { numRuns: 2000 },
    );
    expect(() => parseContest(game, '{AB:{10:'.repeat(5000), 'deep')).toThrow(/nested deeper than/);
  });
});

describe('CLI: compile, verify --strategy, export --format contest', () => {
  let dir: string;
  const trees = () => join(dir, 'trees');
  const MM = (p: number, c: number) => ['--game', 'mastermind', '--pegs', String(p), '--colors', String(c)];
  let compiled: Run;
  let tree: string;

  beforeAll(async () => {
    dir = tempDir('mm-cli');
    tree = join(dir, 'm35.gtree');
    compiled = await cli(['compile', ...MM(3, 5), '--effort', 'quick', '--workers', '1', '--out', tree], {
      trees: trees(),
    });
  });
  afterAll(() => removeDir(dir));

  it('compile writes the tree and one summary line; verify replays it', async () => {
    expect(compiled.stderr).toBe('');
    expect(compiled.code).toBe(0);
    expect(lines(compiled.stdout)).toHaveLength(1);
    const total = Number(/total guesses ([\d,]+),/.exec(compiled.stdout)![1].replace(/,/g, ''));
    const v = await cli(['verify', '--tree', tree], { trees: trees() });
    expect(v.code).toBe(0);
    expect(v.stdout).toContain(`total guesses: ${total}`);
    expect(v.stderr).toBe('');
  });

  it('the same bytes with 1 and 2 workers', async () => {
    const two = join(dir, 'm35-2.gtree');
    const r = await cli(['compile', ...MM(3, 5), '--effort', 'quick', '--workers', '2', '--out', two], {
      trees: trees(),
    });
    expect(r.code).toBe(0);
    expect(readFileSync(two).equals(readFileSync(tree))).toBe(true);
  });

  it('above 1,296 codes: thorough (openers scored in workers) gives the same bytes with 1 and 2 workers; default and thorough no worse than quick', async () => {
    const one = join(dir, 'm311-1.gtree');
    const two = join(dir, 'm311-2.gtree');
    const def = join(dir, 'm311-d.gtree');
    const quick = join(dir, 'm311-q.gtree');
    const runs = await Promise.all([
      cli(['compile', ...MM(3, 11), '--effort', 'thorough', '--workers', '1', '--out', one], {
        trees: trees(),
        timeoutMs: 120_000,
      }),
      cli(['compile', ...MM(3, 11), '--effort', 'thorough', '--workers', '2', '--out', two], {
        trees: trees(),
        timeoutMs: 120_000,
      }),
      cli(['compile', ...MM(3, 11), '--workers', '2', '--out', def], { trees: trees(), timeoutMs: 120_000 }),
      cli(['compile', ...MM(3, 11), '--effort', 'quick', '--workers', '1', '--out', quick], {
        trees: trees(),
        timeoutMs: 120_000,
      }),
    ]);
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(two).equals(readFileSync(one))).toBe(true);
    const total = (r: Run) => Number(/total guesses ([\d,]+),/.exec(r.stdout)![1].replace(/,/g, ''));
    expect(total(runs[0])).toBeLessThanOrEqual(total(runs[3]));
    expect(total(runs[2])).toBeLessThanOrEqual(total(runs[3]));
    expect(readTreeFile(one).header.settings.effort).toBe('thorough');
    expect(readTreeFile(def).header.settings.effort).toBe('default');
  });

  it("polish: the thorough tree's nodes solved exactly, fewer guesses, no deeper, the same bytes with 1 and 2 workers", async () => {
    const base = join(dir, 'm311-t.gtree');
    const one = join(dir, 'm311-p1.gtree');
    const two = join(dir, 'm311-p2.gtree');
    const ck = join(dir, 'polish-checkpoint');
    const runs = await Promise.all([
      cli(['compile', ...MM(3, 11), '--effort', 'thorough', '--workers', '1', '--out', base], {
        trees: trees(),
        timeoutMs: 120_000,
      }),
      ...[one, two].map((out, i) =>
        cli(
          [
            'compile',
            ...MM(3, 11),
            '--effort',
            'polish',
            '--workers',
            String(i + 1),
            '--out',
            out,
            ...(i === 0 ? ['--checkpoint', ck] : []),
          ],
          { trees: trees(), timeoutMs: 120_000 },
        ),
      ),
    ]);
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(two).equals(readFileSync(one))).toBe(true);
    // Resumed from the checkpoint of the 1-worker run: every node read back, the same bytes.
    const again = join(dir, 'm311-p3.gtree');
    const resumed = await cli(
      ['compile', ...MM(3, 11), '--effort', 'polish', '--out', again, '--checkpoint', ck, '--resume'],
      { trees: trees(), timeoutMs: 120_000 },
    );
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(readdirSync(ck).some((f) => f.startsWith('improve-'))).toBe(true);
    expect(readFileSync(again).equals(readFileSync(one))).toBe(true);
    const [thorough, polished] = [readTreeFile(base).header, readTreeFile(one).header];
    expect(Number(polished.objective.totalGuesses)).toBeLessThan(Number(thorough.objective.totalGuesses));
    expect(Number(polished.objective.maxAttempts)).toBeLessThanOrEqual(Number(thorough.objective.maxAttempts));
    expect(polished.settings.effort).toBe('polish');
    expect(polished.settings.polish).toMatch(/^the largest nodes of 31 to 200 codes solved exactly/);
    expect(polished.settings.opener).toBe(thorough.settings.opener);
    const v = await cli(['verify', '--tree', one], { trees: trees() });
    expect(v.code, v.stderr).toBe(0);
    // The thorough tree given: the same tree, its file recorded; a tree of another game, or no polish: refused.
    const from = join(dir, 'm311-from.gtree');
    const polish = ['compile', ...MM(3, 11), '--effort', 'polish', '--workers', '1'];
    const small = join(dir, 'm311-small.gtree');
    const [given, other, notPolish, smaller, upToAlone] = await Promise.all([
      cli([...polish, '--polish-from', base, '--out', from], { trees: trees(), timeoutMs: 120_000 }),
      cli([...polish, '--polish-from', tree, '--out', join(dir, 'm311-x.gtree')], { trees: trees() }),
      cli(['compile', ...MM(3, 11), '--polish-from', base, '--out', join(dir, 'm311-y.gtree')], { trees: trees() }),
      cli([...polish, '--polish-from', base, '--polish-up-to', '40', '--out', small], { trees: trees() }),
      cli(['compile', ...MM(3, 11), '--polish-up-to', '40', '--out', join(dir, 'm311-z.gtree')], { trees: trees() }),
    ]);
    // Smaller nodes polished: recorded, and no better than the larger nodes of the default.
    expect(smaller.code, smaller.stderr).toBe(0);
    const s40 = readTreeFile(small).header;
    expect(s40.settings.polish).toMatch(/^the largest nodes of 31 to 40 codes solved exactly/);
    expect(Number(s40.objective.totalGuesses)).toBeGreaterThanOrEqual(Number(polished.objective.totalGuesses));
    expect(Number(s40.objective.totalGuesses)).toBeLessThanOrEqual(Number(thorough.objective.totalGuesses));
    expect(upToAlone.code).toBe(2);
    expect(lines(upToAlone.stderr)).toEqual(['guesstree: --polish-up-to: only with --effort polish']);
    expect(given.code, given.stderr).toBe(0);
    const f = readTreeFile(from);
    expect(f.tree).toEqual(readTreeFile(one).tree);
    expect(f.header.settings.polishedFrom).toMatch(/^the thorough tree of sha256 [0-9a-f]{64}$/);
    expect(other.code).toBe(4);
    expect(lines(other.stderr)).toHaveLength(1);
    expect(other.stderr).toContain(tree);
    expect(notPolish.code).toBe(2);
    expect(notPolish.stderr).toMatch(/^guesstree: --polish-from: only with --effort polish/);
  });

  it('--max-depth: a compile either keeps every secret within the cap or fails with one line', async () => {
    const capped = join(dir, 'm311-cap.gtree');
    const ok = await cli(['compile', ...MM(3, 11), '--effort', 'thorough', '--max-depth', '7', '--out', capped], {
      trees: trees(),
      timeoutMs: 120_000,
    });
    expect(ok.code, ok.stderr).toBe(0);
    expect(Number(/max depth (\d+)/.exec(ok.stdout)![1])).toBeLessThanOrEqual(7);
    const tight = await cli(
      ['compile', ...MM(3, 11), '--effort', 'thorough', '--max-depth', '2', '--out', join(dir, 'never.gtree')],
      { trees: trees(), timeoutMs: 120_000 },
    );
    expect(tight.code).toBe(6);
    expect(lines(tight.stderr)).toEqual(['guesstree: MM(3,11): the search found no strategy within --max-depth 2']);
  });

  it('export --format contest, then verify --contest: the same N, depth and histogram; the old --strategy still works, with a note', async () => {
    const ex = await cli(['export', '--tree', tree, '--format', 'contest'], { trees: trees() });
    expect(ex.code).toBe(0);
    expect(lines(ex.stdout)).toHaveLength(1);
    const file = join(dir, 'm35.txt');
    writeFileSync(file, ex.stdout);
    const [v, s, old] = await Promise.all([
      cli(['verify', ...MM(3, 5), '--contest', file], { trees: trees() }),
      cli(['verify', '--tree', tree], { trees: trees() }),
      cli(['verify', ...MM(3, 5), '--strategy', file], { trees: trees() }),
    ]);
    expect(v.code).toBe(0);
    expect(v.stderr).toBe('');
    expect(old.code).toBe(0);
    expect(old.stdout).toBe(v.stdout);
    expect(old.stderr).toBe('guesstree: note: --strategy FILE is now --contest FILE\n');
    const total = /total guesses: (\d+)/.exec(s.stdout)![1];
    expect(v.stdout).toContain(`N (total guesses): ${total}`);
    expect(v.stdout).toContain('covered: every one of the 125 secrets is found');
    expect(lines(v.stdout).some((l) => /^ +1 guess \| +1 /.test(l))).toBe(true);
  });

  it('a compile into the trees folder is found by the game options', async () => {
    const c = await cli(['compile', ...MM(2, 4), '--exact'], { trees: trees() });
    expect(c.code).toBe(0);
    const v = await cli(['verify', ...MM(2, 4)], { trees: trees() });
    expect(v.code).toBe(0);
    expect(v.stdout).toContain('mastermind-p2c4.gtree');
    // The exact search's proof ships beside the tree too, and verify checks it.
    expect(v.stdout).toMatch(/^proof: .*mastermind-p2c4\.proof\.txt: \d+ first-guess classes .*the tree's total$/m);
    // The contest string ships beside the tree, named in the manifest entry, and verifies to the same N.
    const manifest = JSON.parse(readFileSync(join(trees(), 'manifest.json'), 'utf8')) as {
      trees: Array<{ file: string; companions?: Record<string, string> }>;
    };
    const entry = manifest.trees.find((e) => e.file === 'mastermind-p2c4.gtree')!;
    expect(entry.companions).toEqual({ contest: 'mastermind-p2c4.contest.txt', proof: 'mastermind-p2c4.proof.txt' });
    const s = await cli(['verify', ...MM(2, 4), '--contest', join(trees(), 'mastermind-p2c4.contest.txt')], {
      trees: trees(),
    });
    expect(s.code).toBe(0);
    const total = /total guesses: (\d+)/.exec(v.stdout)![1];
    expect(s.stdout).toContain(`N (total guesses): ${total}`);
    // A small game with no shipped tree is compiled in memory; a large one says how to make it.
    const small = await cli(['verify', ...MM(2, 5)], { trees: trees() });
    expect(small.code).toBe(0);
    expect(small.stderr).toMatch(/^guesstree: no shipped tree for mastermind-p2c5 with these lists; compiling one now/);
    const none = await cli(['verify', ...MM(5, 5)], { trees: trees() });
    expect(none.code).toBe(4);
    expect(none.stderr).toMatch(
      /^guesstree: no shipped tree for mastermind-p5c5; make one with: guesstree compile --game mastermind --pegs 5 --colors 5/,
    );
  });

  it('bad input: one line on stderr and a non-zero status', async () => {
    const bad = join(dir, 'bad.txt');
    writeFileSync(bad, '{AB:{10:AA,02:BA}');
    const cases: Array<[string[], number, RegExp]> = [
      [['verify', ...MM(2, 3), '--contest', bad], 4, /bad\.txt: byte 17: expected "}" to close the guess/],
      [
        ['verify', ...MM(2, 3), '--contest', join(dir, 'missing.txt')],
        3,
        /missing\.txt: cannot read the strategy: no such file or folder/,
      ],
      [
        ['verify', '--game', 'lingo', '--len', '5', '--contest', bad],
        2,
        /--contest is not an option of lingo for verify \(lingo takes --len, --wordlist, --objective\)/,
      ],
      [['compile', '--game', 'mastermind', '--pegs', '4'], 2, /mastermind needs --pegs P and --colors C/],
      [['compile', ...MM(4, 1)], 2, /--colors 1: expected a whole number from 2 to 26/],
      [['compile', ...MM(9, 9)], 2, /--pegs 9: expected a whole number from 1 to 8/],
      [['compile', ...MM(8, 26)], 7, /MM\(8,26\) has \d+ codes, more than/],
      [['compile', ...MM(2, 3), '--max-depth', '0'], 2, /--max-depth 0: expected a whole number from 1 to 64/],
      [['compile', ...MM(2, 3), '--effort', 'huge'], 2, /unknown effort for mastermind/],
      [
        ['export', '--game', 'mastermind', '--tree', tree, '--format', 'contest', '--bogus'],
        2,
        /unknown option of export: --bogus/,
      ],
    ];
    for (const [args, status, re] of cases) {
      const r = await cli(args, { trees: trees() });
      expect(r.code, args.join(' ')).toBe(status);
      expect(r.stdout).toBe('');
      expect(lines(r.stderr), args.join(' ')).toHaveLength(1);
      expect(r.stderr).toMatch(re);
    }
  });
});

describe('shipped Mastermind trees', () => {
  const TREES = join(ROOT, 'trees');
  const manifest = readManifest(TREES);

  for (const [pegs, colors] of [
    [4, 6],
    [5, 6],
    [5, 8],
  ] as const) {
    it(`MM(${pegs},${colors}): shipped, replays to its header, and its contest string verifies to the same N`, () => {
      const game = new MastermindGame(pegs, colors);
      const entry = findEntry(manifest, { game: 'mastermind', params: game.params, lists: game.lists });
      expect(entry, `no shipped tree for MM(${pegs},${colors})`).toBeDefined();
      const path = join(TREES, entry!.file);
      const file = readTreeFile(path);
      checkTreeMatches(file, { game: 'mastermind', params: game.params, lists: game.lists }, path);
      const s = replayAll(game, file.tree);
      expect(s.missingBranches).toBe(0);
      expect(file.header.objective.total).toBe(s.total);
      const contestFile = entry!.companions?.contest;
      expect(contestFile).toBeDefined();
      const text = readFileSync(join(TREES, contestFile!), 'latin1');
      const check = checkContest(game, parseContest(game, text, contestFile!), contestFile!);
      expect(check.total).toBe(-s.total);
      expect(check.maxDepth).toBe(s.maxFound);
      if (pegs === 4) {
        // The proven optimum (Koyama and Lai).
        expect(check.total).toBe(5625);
      } else if (colors === 6) {
        // Proven by the exact search (run in pieces): the header says so, and the proof beside it
        // (one line per first-guess class) has the tree's total as its least, exact for the opener's class.
        expect(file.header.settings.provenOptimal).toBe(true);
        expect(check.total).toBeLessThan(37_094); // the one-step entropy tree
        expect(check.maxDepth).toBeLessThanOrEqual(6);
        expect(entry!.companions?.certificate).toBe('mastermind-p5c6.certificate.txt');
        const proof = readFileSync(join(TREES, entry!.companions!.proof!), 'utf8').trimEnd().split('\n');
        expect(proof[0]).toMatch(
          new RegExp(`^# guesstree mastermind proof; game mastermind-p5c6; .*least ${check.total};`),
        );
        const rows = proof.slice(1).map((l) => /^([A-F]{5})\t(>?=)(\d+)$/.exec(l) as RegExpExecArray);
        expect(rows.map((m) => m[1])).toEqual(['AAAAA', 'AAAAB', 'AAABB', 'AAABC', 'AABBC', 'AABCD', 'ABCDE']);
        const opener = game.guessName(file.tree.guess[0]);
        for (const m of rows) expect(Number(m[3])).toBeGreaterThanOrEqual(check.total);
        expect(rows.find((m) => m[1] === opener)?.slice(2)).toEqual(['=', String(check.total)]);
      } else {
        // Below every published figure: the best one-step rule (entropy, about 180,217, depth 8)
        // and the contest's Java entry (182,697, depth 9), within 7 guesses. The original
        // target was 177,500, which this tree does not reach.
        expect(check.total).toBeLessThan(180_217);
        expect(check.maxDepth).toBeLessThanOrEqual(7);
      }
    });
  }

  it('MM(5,6): verify checks the proof and the certificate of the exact search shipped beside the tree', async () => {
    // What `--exact` settled, in pieces: facts none of which the tree refutes, bounds per first-guess
    // class; the opener's class solved exactly at the tree's total, every other class at or above it.
    const dir = tempDir('mm56-certificate');
    const r = await cli(['verify', '--tree', join(TREES, 'mastermind-p5c6.gtree')], { trees: join(dir, 'trees') });
    removeDir(dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const line = r.stdout.split('\n').find((l) => l.startsWith('certificate: '));
    expect(line).toMatch(
      /^certificate: .*mastermind-p5c6\.certificate\.txt: [\d,]+ settled subproblems .*none above the tree's own subtrees; per class: /,
    );
    const bounds = new Map(
      [...(line as string).matchAll(/([A-F]{5}) (>?=)(\d+)/g)].map((m) => [m[1], [m[2], Number(m[3])]]),
    );
    expect([...bounds.keys()].sort()).toEqual(['AAAAA', 'AAAAB', 'AAABB', 'AAABC', 'AABBC', 'AABCD', 'ABCDE']);
    const total = Number(/^total guesses: ([\d,]+)/m.exec(r.stdout)?.[1].replaceAll(',', ''));
    expect(r.stdout).toMatch(/^total guesses: [\d,]+; recorded by its compile: proven optimal$/m);
    const exact = [...bounds.entries()].filter(([, [op]]) => op === '=');
    expect(exact).toEqual([['AABBC', ['=', total]]]);
    for (const [, [, n]] of bounds) expect(n).toBeGreaterThanOrEqual(total);
    expect(r.stdout).toMatch(
      /^proof: .*mastermind-p5c6\.proof\.txt: 7 first-guess classes \(1 exact, 6 bounded\); optimum ([\d,]+) \(AABBC\), the tree's total; every line follows from the certificate$/m,
    );
  });
});
