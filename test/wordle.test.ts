/**
 * Wordle (`--game wordle --answers FILE --guesses FILE [--hard]`) on small seeded lists: the
 * header's lists, the total against an independent replay of `export --format paths` with the
 * reference mask rule, hard-mode legality of every guess, the engine against a brute-force
 * optimum, and cut-offs that change nothing but the time. The original lists
 * (../shared/wordle/) add a greedy compile when present.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceMask } from '../runtime/lingo-feedback.js';
import { decodeTreeFile } from '../runtime/tree-format.js';
import { makeWordList } from '../runtime/wordlist.js';
import { flattenPlan } from '../compiler/engine/plan.js';
import { WordleGame } from '../compiler/games/wordle/game.js';
import { loadWordleGame, wordleModule } from '../compiler/games/wordle/module.js';
import { parseProof } from '../compiler/games/wordle/proof.js';
import { compileLoaded } from '../compiler/pool/driver.js';
import { threadExecutor } from '../compiler/pool/thread-executor.js';
import { illegalGuesses, replayAll } from '../compiler/replay.js';
import { guessTotals } from '../compiler/objective.js';
import { solveAll, wordleEngine, wordleScore } from './support/engine.js';
import { findEntry, readManifest } from '../runtime/manifest.js';
import { checkTreeMatches, readTreeFile } from '../runtime/tree-format.js';
import {
  cli,
  lines,
  listSha256,
  normalized,
  parsePaths,
  randomWords,
  removeDir,
  rng,
  ROOT,
  tempDir,
  writeList,
} from './support/e2e.js';
import { bruteBest, bruteOpenerScore, hardViolation } from './support/wordle-brute.js';

const SHARED = join(ROOT, '..', 'shared', 'wordle');
const sharedPresent = existsSync(join(SHARED, 'answers.txt')) && existsSync(join(SHARED, 'allowed.txt'));
if (!sharedPresent)
  console.log(`wordle: the original-lists part is skipped: ${SHARED} is absent (../shared/ is not on this machine)`);

/** Few letters, so that words share many letters and hard mode binds. */
const ALPHA = 'aelnorst';
/**
 * Answers that differ only in their first letter: in normal mode a probe made of those letters
 * tells them apart at once; in hard mode, once the shared letters are green, only they can be
 * played.
 */
const CLUSTER = [...'bcfmptw'].map((c) => `${c}akes`);
const PROBES = ['bcfmp', 'ptwbc'];
const rand = rng(7);
const ANSWERS = [...randomWords(rand, 53, 5, ALPHA), ...CLUSTER];
const EXTRA = [...randomWords(rand, 140, 5, `${ALPHA}cdiu`, new Set(ANSWERS)), ...PROBES];
// The guesses file repeats a few answers: answers are guesses either way.
const GUESS_LINES = [...EXTRA, ...ANSWERS.slice(0, 10)];

function gameOf(answers: readonly string[], guesses: readonly string[], hard: boolean): WordleGame {
  const a = makeWordList('answers', answers);
  const g = makeWordList('guesses', [...guesses, ...answers]);
  return WordleGame.fromLists(a, g, hard);
}

/** Replays paths independently: the strategy is consistent (same replies, same next guess) and each path ends on its answer. */
function replayPaths(
  paths: Map<string, string[]>,
  hard: boolean,
): { total: number; maxDepth: number; violations: string[] } {
  const next = new Map<string, string>();
  let total = 0;
  let maxDepth = 0;
  const violations: string[] = [];
  for (const [answer, guesses] of paths) {
    expect(guesses[guesses.length - 1], answer).toBe(answer);
    expect(guesses.length).toBeLessThanOrEqual(6);
    const history: Array<[string, string]> = [];
    let key = '';
    for (const g of guesses) {
      const seen = next.get(key);
      if (seen === undefined) next.set(key, g);
      else expect(g, `after ${key || 'nothing'}`).toBe(seen);
      if (hard) {
        const v = hardViolation(history, g);
        if (v) violations.push(v);
      }
      const mask = referenceMask(answer, g);
      history.push([g, mask]);
      key += `${g}:${mask};`;
    }
    total += guesses.length;
    maxDepth = Math.max(maxDepth, guesses.length);
  }
  return { total, maxDepth, violations };
}

describe('the feedback table, built on first use', () => {
  it("replies before the table is built (from the kernel) are the table's replies, and both follow the rule", () => {
    const game = gameOf(ANSWERS, GUESS_LINES, false);
    const G = game.guessCount;
    const all = Uint32Array.from({ length: game.secretCount }, (_, i) => i);
    const before = new Uint32Array(G * all.length);
    for (let g = 0; g < G; g++)
      game.partitionCodes(g, all, all.length, before.subarray(g * all.length, (g + 1) * all.length));
    const pair = Array.from({ length: 50 }, (_, k) => game.feedback((k * 37) % G, k % game.secretCount));
    const table = game.table as Uint8Array;
    expect(table).not.toBeNull();
    for (let g = 0; g < G; g++) {
      for (let a = 0; a < all.length; a++) {
        expect(before[g * all.length + a]).toBe(table[a * G + g]);
        if ((g + a) % 97 === 0)
          expect(game.codeName(before[g * all.length + a])).toBe(referenceMask(game.secretName(a), game.guessName(g)));
      }
    }
    pair.forEach((c, k) => {
      expect(game.feedback((k * 37) % G, k % game.secretCount)).toBe(c);
    });
    expect(game.replyTable?.codes).toBe(table);
  });
});

describe('wordle from the CLI', () => {
  let dir: string;
  let trees: string;
  let answersFile: string;
  let guessesFile: string;
  const compiled: Record<
    'normal' | 'hard',
    { header: ReturnType<typeof decodeTreeFile>['header']; paths: Map<string, string[]>; verify: string }
  > = {} as never;

  beforeAll(async () => {
    dir = tempDir('wordle');
    trees = tempDir('wordle-trees');
    answersFile = writeList(join(dir, 'answers.txt'), ANSWERS);
    guessesFile = writeList(join(dir, 'guesses.txt'), GUESS_LINES, '\r\n');
    for (const mode of ['normal', 'hard'] as const) {
      const game = [
        '--game',
        'wordle',
        '--answers',
        answersFile,
        '--guesses',
        guessesFile,
        ...(mode === 'hard' ? ['--hard'] : []),
      ];
      const out = join(dir, `${mode}.gtree`);
      const c = await cli(['compile', ...game, '--workers', '1', '--out', out], { trees });
      expect(c.code, c.stderr).toBe(0);
      const v = await cli(['verify', '--tree', out, '--answers', answersFile, '--guesses', guessesFile], { trees });
      expect(v.code, v.stderr).toBe(0);
      const e = await cli(
        ['export', '--format', 'paths', '--tree', out, '--answers', answersFile, '--guesses', guessesFile],
        { trees },
      );
      expect(e.code, e.stderr).toBe(0);
      compiled[mode] = {
        header: decodeTreeFile(readFileSync(out), out).header,
        paths: parsePaths(e.stdout),
        verify: v.stdout,
      };
    }
  }, 60_000);
  afterAll(() => {
    removeDir(dir);
    removeDir(trees);
  });

  it('names both normalized lists in the header: answers, and the union with the guesses', () => {
    const { header } = compiled.normal;
    expect(header.game).toBe('wordle');
    expect(header.params).toEqual({ length: 5, attempts: 6, hard: false });
    expect(header.lists).toEqual([
      { role: 'answers', count: ANSWERS.length, sha256: listSha256(ANSWERS) },
      {
        role: 'guesses',
        count: normalized([...GUESS_LINES, ...ANSWERS]).length,
        sha256: listSha256([...GUESS_LINES, ...ANSWERS]),
      },
    ]);
    expect(compiled.hard.header.params.hard).toBe(true);
  });

  it('normal mode: the total, mean and max depth are what an independent replay of the paths gives', () => {
    const { header, paths, verify } = compiled.normal;
    expect([...paths.keys()].sort()).toEqual(normalized(ANSWERS));
    const r = replayPaths(paths, false);
    expect(header.objective.totalGuesses).toBe(r.total);
    expect(header.objective.maxAttempts).toBe(r.maxDepth);
    expect(verify).toContain(`total guesses: ${r.total}\n`);
    expect(verify).toContain(`mean guesses per secret: ${(r.total / ANSWERS.length).toFixed(4)}\n`);
    expect(verify).toContain(`max depth: ${r.maxDepth}\n`);
  });

  it('hard mode: every guess keeps the greens and reuses the revealed letters; normal mode does not bother', () => {
    const hard = replayPaths(compiled.hard.paths, true);
    expect(hard.violations).toEqual([]);
    expect(compiled.hard.header.objective.totalGuesses).toBe(hard.total);
    expect(compiled.hard.verify).toContain('guess rule: every guess of the tree is allowed where it is played');
    // The rule binds on these lists: the normal tree breaks it somewhere and does better.
    expect(replayPaths(compiled.normal.paths, true).violations.length).toBeGreaterThan(0);
    expect(hard.total).toBeGreaterThanOrEqual(Number(compiled.normal.header.objective.totalGuesses));
  });

  it('hard mode: the same bytes with two workers (filter states travel with the work)', async () => {
    const game = ['--game', 'wordle', '--answers', answersFile, '--guesses', guessesFile, '--hard'];
    const one = join(dir, 'hard-1.gtree');
    const two = join(dir, 'hard-2.gtree');
    for (const [out, w] of [
      [one, '1'],
      [two, '2'],
    ] as const) {
      const c = await cli(['compile', ...game, '--workers', w, '--out', out], { trees });
      expect(c.code, c.stderr).toBe(0);
    }
    expect(readFileSync(two).equals(readFileSync(one))).toBe(true);
  });

  it('play walks the hard tree: the guesses of the exported path, then solved', async () => {
    const answer = CLUSTER[2];
    const path = compiled.hard.paths.get(answer)!;
    const input = `${path.map((g) => referenceMask(answer, g)).join('\n')}\n`;
    const r = await cli(
      ['play', '--tree', join(dir, 'hard.gtree'), '--answers', answersFile, '--guesses', guessesFile],
      { trees, input },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout).filter((l) => !/still possible|^reply with/.test(l))).toEqual([
      ...path.map((g, i) => `guess ${i + 1}: ${g}`),
      `solved in ${path.length} guesses`,
    ]);
  });

  it('--prove: the same bytes with 1 and 2 workers and after --resume; the header says what is proven', async () => {
    const game = ['--game', 'wordle', '--answers', answersFile, '--guesses', guessesFile];
    const outs: string[] = [];
    for (const w of ['1', '2']) {
      const out = join(dir, `prove-${w}.gtree`);
      const c = await cli(['compile', ...game, '--prove', '--workers', w, '--out', out], { trees });
      expect(c.code, c.stderr).toBe(0);
      expect(c.stdout).toMatch(/proven optimal over every opener/);
      outs.push(out);
    }
    expect(readFileSync(outs[1]).equals(readFileSync(outs[0]))).toBe(true);
    const file = decodeTreeFile(readFileSync(outs[0]), outs[0]);
    const header = file.header;
    // The default tree, its header as without --prove; the proof of every opener beside it.
    expect(header.settings).toMatchObject({ effort: 'default' });
    const beside = parseProof(readFileSync(join(dir, 'prove-1.proof.txt'), 'utf8'), 'proof');
    expect(beside.header.best.total).toBe(Number(header.objective.totalGuesses));
    // --effort exact --prove: the exact tree, its header saying the total is proven over every opener.
    const exactOut = join(dir, 'prove-exact.gtree');
    const ex = await cli(['compile', ...game, '--effort', 'exact', '--prove', '--workers', '1', '--out', exactOut], {
      trees,
    });
    expect(ex.code, ex.stderr).toBe(0);
    const exHeader = decodeTreeFile(readFileSync(exactOut), exactOut).header;
    expect(exHeader.settings).toMatchObject({ effort: 'exact', proven: 'global' });
    expect(Number(exHeader.objective.totalGuesses)).toBe(beside.header.best.total);
    // The pool's tree is the one the same search gives in this thread.
    const lists = { answers: answersFile, guesses: guessesFile, hard: false };
    const inThread = await compileLoaded(wordleModule.load(lists), {
      effort: 'default',
      workers: 1,
      options: { ...lists, prove: true },
      executor: threadExecutor,
    });
    expect(Array.from(inThread.tree.guess)).toEqual(Array.from(file.tree.guess));
    expect(Array.from(inThread.tree.edgeCode)).toEqual(Array.from(file.tree.edgeCode));
    // No opener does better than the proven tree.
    expect(Number(header.objective.totalGuesses)).toBeLessThanOrEqual(
      Number(compiled.normal.header.objective.totalGuesses),
    );
    const ck = join(dir, 'prove-ck');
    const first = await cli(
      ['compile', ...game, '--prove', '--workers', '2', '--checkpoint', ck, '--out', join(dir, 'prove-ck.gtree')],
      { trees },
    );
    expect(first.code, first.stderr).toBe(0);
    const again = await cli(
      [
        'compile',
        ...game,
        '--prove',
        '--workers',
        '1',
        '--checkpoint',
        ck,
        '--resume',
        '--out',
        join(dir, 'prove-resumed.gtree'),
      ],
      { trees },
    );
    expect(again.code, again.stderr).toBe(0);
    expect(readFileSync(join(dir, 'prove-resumed.gtree')).equals(readFileSync(outs[0]))).toBe(true);
    const bad = await cli(['compile', ...game, '--prove', '--opener', 'bakes', '--out', join(dir, 'x.gtree')], {
      trees,
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--prove');
    const unknown = await cli(
      ['compile', ...game, '--effort', 'exact', '--opener', 'zzzzz', '--out', join(dir, 'y.gtree')],
      { trees },
    );
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--opener "zzzzz": not a word');
  }, 120_000);

  it('bad input: guesses of another length, no --guesses', async () => {
    const bad = writeList(join(dir, 'six.txt'), ['abcdef']);
    const r = await cli(
      ['compile', '--game', 'wordle', '--answers', answersFile, '--guesses', bad, '--out', join(dir, 'x.gtree')],
      { trees },
    );
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('six.txt:1');
    const m = await cli(['compile', '--game', 'wordle', '--answers', answersFile, '--out', join(dir, 'y.gtree')], {
      trees,
    });
    expect(m.code).toBe(2);
    expect(m.stderr).toContain('--guesses');
  });
});

describe('the exact effort on wordle (through the module, in this thread)', () => {
  for (const hard of [false, true]) {
    it(`${hard ? 'hard' : 'normal'} mode: --prove gives the brute-force optimum over every opener, --opener the optimum below it`, async () => {
      const dir = tempDir('wordle-exact');
      try {
        const r = rng(hard ? 17 : 19);
        const answers = [...randomWords(r, 9, 5, 'aeilnrst'), ...CLUSTER.slice(0, 5)];
        const guesses = [...randomWords(r, 14, 5, 'aeilnrstcu', new Set(answers)), ...PROBES];
        const lists = {
          answers: writeList(join(dir, 'a.txt'), answers),
          guesses: writeList(join(dir, 'g.txt'), guesses),
          hard,
        };
        const loaded = wordleModule.load(lists);
        const game = loaded.game as WordleGame;
        const all = Array.from({ length: game.secretCount }, (_, i) => i);
        const proved = await compileLoaded(loaded, {
          effort: 'exact',
          workers: 1,
          options: { ...lists, prove: true },
          executor: threadExecutor,
        });
        expect(proved.settings.effort).toBe('exact');
        expect(proved.settings.proven).toBe('global');
        expect(proved.settings.openers).toBeGreaterThan(1);
        const optimum = bruteBest(game, all, 0, hard);
        expect(replayAll(game, proved.tree).total).toBe(optimum);
        // With the default effort: the default tree, and the proof's best line the optimum.
        const loadedDefault = wordleModule.load(lists);
        const byDefault = await compileLoaded(loadedDefault, {
          effort: 'default',
          workers: 1,
          options: { ...lists, prove: true },
          executor: threadExecutor,
        });
        expect(byDefault.settings.effort).toBe('default');
        const proofText = (loadedDefault.companions?.(byDefault.tree) ?? [])[0]?.text ?? '';
        // Totals are scores here (minus the guesses).
        expect(parseProof(proofText, 'proof').header.best.total).toBe(-optimum);
        expect(replayAll(game, byDefault.tree).total).toBeLessThanOrEqual(optimum);
        if (hard) expect(illegalGuesses(game, proved.tree)).toEqual([]);
        // --opener: three first guesses (the proven tree's, a candidate, a probe), each its own optimum.
        const openers = [proved.tree.guess[0], game.guessOfSecret(0), game.guesses!.indexOf(PROBES[0])];
        for (const opener of openers) {
          const word = game.guessName(opener);
          const one = await compileLoaded(loaded, {
            effort: 'exact',
            workers: 1,
            options: { ...lists, opener: word },
            executor: threadExecutor,
          });
          expect(one.tree.guess[0]).toBe(opener);
          expect(one.settings).toMatchObject({ effort: 'exact', opener: word, openers: 1, proven: 'opener' });
          const expected = bruteOpenerScore(game, opener, hard);
          expect(replayAll(game, one.tree).total, word).toBe(expected);
          expect(expected).toBeLessThanOrEqual(optimum);
        }
        // --effort exact alone: the best of the top-ranked openers, each exact below.
        const top = await compileLoaded(loaded, {
          effort: 'exact',
          workers: 1,
          options: lists,
          executor: threadExecutor,
        });
        expect(top.settings.proven).toBe('opener');
        expect(replayAll(game, top.tree).total).toBe(bruteOpenerScore(game, top.tree.guess[0], hard));
      } finally {
        removeDir(dir);
      }
    }, 60_000);
  }
});

describe('the engine on wordle', () => {
  for (const hard of [false, true]) {
    it(`${hard ? 'hard' : 'normal'} mode: full width finds the brute-force optimum; cut-offs give the same tree`, () => {
      const r = rng(hard ? 3 : 5);
      const answers = [...randomWords(r, 8, 5, 'aeilnrst'), ...CLUSTER.slice(0, 6)];
      const guesses = [...randomWords(r, 14, 5, 'aeilnrstcu', new Set(answers)), ...PROBES];
      const game = gameOf(answers, guesses, hard);
      const all = Uint32Array.from({ length: game.secretCount }, (_, i) => i);
      const full = [99, 99, 99, 99, 99, 99];
      const a = wordleEngine(game, full);
      const b = wordleEngine(game, full, { cutoffs: false, candidateShortcut: false });
      const withCuts = solveAll(a.engine, a.root);
      const without = solveAll(b.engine, b.root);
      expect(flattenPlan(withCuts.plan)).toEqual(flattenPlan(without.plan));
      expect(wordleScore(withCuts.cost)).toBe(bruteBest(game, [...all], 0, hard));
      if (hard) expect(wordleScore(withCuts.cost)).toBeLessThan(bruteBest(game, [...all], 0, false)); // the rule binds
      expect(replayAll(game, flattenPlan(withCuts.plan)).total).toBe(wordleScore(withCuts.cost));
    });
  }

  it('hard mode: the filter allows the candidates and forbids a guess that drops a green', () => {
    const game = gameOf(['crane', 'crate', 'trace'], ['slate', 'caret', 'zzzzz'], true);
    const f = game.guessFilter!;
    const idx = (w: string) => game.guesses!.indexOf(w);
    const s = f.after(f.start, idx('slate'), game.feedback(idx('slate'), game.answers!.indexOf('crate')));
    expect(f.allows(s, idx('crate'))).toBe(true);
    expect(f.explain(s, idx('caret'))).toMatch(/position 3 must stay 'a'|must use/);
    expect(f.allows(s, idx('zzzzz'))).toBe(false);
    expect(f.allows(f.start, idx('zzzzz'))).toBe(true);
  });
});

describe.skipIf(!sharedPresent)('wordle on the original lists (../shared/wordle)', () => {
  it('the byte table agrees with the reference rule, and a greedy compile finds every answer', () => {
    const game = loadWordleGame(join(SHARED, 'answers.txt'), join(SHARED, 'allowed.txt'), { hard: false });
    expect([game.secretCount, game.guessCount]).toEqual([2315, 12972]);
    const r = rng(1);
    for (let i = 0; i < 2000; i++) {
      const g = Math.floor(r() * game.guessCount);
      const a = Math.floor(r() * game.secretCount);
      expect(game.codeName(game.feedback(g, a))).toBe(referenceMask(game.answers![a], game.guesses![g]));
    }
    const { engine, root } = wordleEngine(game, [1]);
    const v = solveAll(engine, root);
    const s = replayAll(game, flattenPlan(v.plan));
    expect(s.histogram[0]).toBe(0);
    expect(s.total).toBe(wordleScore(v.cost));
  }, 30_000);

  it('the shipped trees (when trees/ holds them): 7,920 within 5 guesses; hard 8,122 with every guess legal', () => {
    const trees = join(ROOT, 'trees');
    for (const [hard, total] of [
      [false, 7920],
      [true, 8122],
    ] as const) {
      const game = loadWordleGame(join(SHARED, 'answers.txt'), join(SHARED, 'allowed.txt'), { hard });
      const entry = findEntry(readManifest(trees), { game: 'wordle', params: game.params, lists: game.lists });
      if (!entry) {
        console.log(`wordle: no shipped ${hard ? 'hard' : 'normal'}-mode tree in ${trees}; that check is skipped`);
        continue;
      }
      const file = readTreeFile(join(trees, entry.file));
      checkTreeMatches(file, { game: 'wordle', params: game.params, lists: game.lists }, entry.file);
      const s = replayAll(game, file.tree);
      expect(s.histogram[0]).toBe(0);
      expect(guessTotals(s).totalGuesses).toBe(total);
      if (!hard) expect(s.maxFound).toBeLessThanOrEqual(5);
      expect(illegalGuesses(game, file.tree)).toEqual([]);
    }
  }, 30_000);

  it('the shipped trees for every allowed word an answer (when trees/ holds them): every word found, above the bound, below the best public tree', () => {
    const trees = join(ROOT, 'trees');
    const allowed = join(SHARED, 'allowed.txt');
    // The best public trees' totals (alex1770/wordle's LANTS and CHOMP trees, re-scored from their paths).
    for (const [hard, attempts, peer] of [
      [false, 6, 52_896],
      [true, 7, 60_057],
    ] as const) {
      const game = loadWordleGame(allowed, allowed, { hard, attempts });
      const entry = findEntry(readManifest(trees), { game: 'wordle', params: game.params, lists: game.lists });
      if (!entry) {
        console.log(
          `wordle: no shipped ${hard ? 'hard' : 'normal'}-mode tree for every allowed word an answer in ${trees}; that check is skipped`,
        );
        continue;
      }
      const file = readTreeFile(join(trees, entry.file));
      checkTreeMatches(file, { game: 'wordle', params: game.params, lists: game.lists }, entry.file);
      const s = replayAll(game, file.tree);
      expect(s.secrets).toBe(12_972);
      expect(s.histogram[0]).toBe(0);
      expect(s.maxFound).toBeLessThanOrEqual(attempts);
      const total = guessTotals(s).totalGuesses;
      expect(entry.objective.totalGuesses).toBe(total);
      expect(total).toBeLessThanOrEqual(peer);
      if (hard) expect(illegalGuesses(game, file.tree)).toEqual([]);
      const bound = file.header.settings.totalLowerBound as number;
      // Above the trivial bound (one secret found on the first guess, every other on the second).
      expect(bound).toBeGreaterThan(2 * 12_972 - 1);
      expect(bound).toBeLessThan(total);
    }
  }, 60_000);
});
