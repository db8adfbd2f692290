/**
 * Every figure shown is derived from the tree, in one vocabulary. `verify` (the CLI and the
 * library) compares every objective field of a header with the replay and names the field it
 * refuses (status 4); what a compile recorded and a replay cannot redo (a bound, "proven") is
 * checked for consistency and shown as recorded. Forged headers are re-encoded with the
 * project's encoder, so their envelope checksum is right. `stats --json`, `verify --json`, the
 * library's objects and the explorer's summary give positive figures named for what they are,
 * equal to an independent replay of `export --format paths`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../compiler/cli.js';
import { runVerify } from '../compiler/commands/inspect.js';
import { explorerInputOf } from '../compiler/emit/explorer-input.js';
import { findModule } from '../compiler/games/registry.js';
import { compile, GuesstreeError, verify, type GameDefinition } from '../dist/compiler/library.js';
import { decodeTreeFile, encodeTreeFile, readTreeFile, type TreeFile } from '../runtime/tree-format.js';
import {
  CLUSTER,
  cli,
  lines,
  parsePaths,
  pathScore,
  randomWords,
  removeDir,
  ROOT,
  rng,
  type Run,
  tempDir,
  writeList,
} from './support/e2e.js';

const SHIPPED = join(ROOT, 'trees');
const MM46 = join(SHIPPED, 'mastermind-p4c6.gtree');
const MM46_WORST = join(SHIPPED, 'mastermind-p4c6-worst-case.gtree');
const MM58 = join(SHIPPED, 'mastermind-p5c8.gtree');
/** The shipped MM(5,8) tree's total (its header's; verify checks it against the replay), as a number and as printed. */
const MM58_TOTAL = Number(readTreeFile(MM58).header.objective.totalGuesses);
const MM58_PRINTED = MM58_TOTAL.toLocaleString('en-US');
const LINGO5 = join(SHIPPED, 'lingo-len5-1eea75f98a44.gtree');
const HANGMAN4 = join(SHIPPED, 'hangman-len4-win6-f92f61614cc2.gtree');

let dir: string;
let trees: string;
const previousTrees = process.env.GUESSTREE_TREES;

// The in-process runs, like the spawned ones, never touch the repository's trees/.
beforeAll(() => {
  dir = tempDir('figures');
  trees = join(dir, 'trees');
  process.env.GUESSTREE_TREES = trees;
});
afterAll(() => {
  if (previousTrees === undefined) delete process.env.GUESSTREE_TREES;
  else process.env.GUESSTREE_TREES = previousTrees;
  removeDir(dir);
});

type Edit = Record<string, unknown>;

/** The tree file at `from` with header fields set (`objective.meanGuesses`) or removed (undefined), re-encoded. */
function forged(from: string, name: string, edit: Edit): string {
  const file = readTreeFile(from);
  const header = structuredClone(file.header) as unknown as Record<string, Record<string, unknown>>;
  for (const [path, value] of Object.entries(edit)) {
    const [part, key] = path.split('.') as [string, string];
    if (value === undefined) delete header[part]![key];
    else header[part]![key] = value;
  }
  const path = join(dir, `${name}.gtree`);
  writeFileSync(path, encodeTreeFile({ ...file, header: header as unknown as TreeFile['header'] }));
  return path;
}

/** The CLI run in this process (compiler/cli.ts's runCli), stdout and stderr apart: for the many small cases. */
async function inProcess(args: string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    write: (t) => {
      stdout += t;
    },
    err: (l) => {
      stderr += `${l}\n`;
    },
    stdin: Readable.from(['']),
  });
  return { code, signal: null, stdout, stderr };
}

function refused(r: Run, ...parts: string[]): void {
  expect({ code: r.code, stderrLines: lines(r.stderr).length }, r.stderr).toEqual({ code: 4, stderrLines: 1 });
  expect(r.stderr).not.toMatch(/internal error|\bat .*\.js:\d+/);
  for (const p of parts) expect(r.stderr).toContain(p);
  expect(r.stdout).not.toMatch(/verify: ok/);
}

/** Every number in a JSON value, with its path. */
function numbers(value: unknown, path = ''): Array<[string, number]> {
  if (typeof value === 'number') return [[path, value]];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => numbers(v, `${path}.${k}`));
}

describe('verify compares every figure of the header with the tree, naming the field', () => {
  it('forged figures are refused by verify, stats and export, naming the field and what the tree gives', async () => {
    const mm = forged(MM46, 'mm-totals', { 'objective.totalGuesses': 5000, 'objective.meanGuesses': 3.858 });
    const mean = forged(MM46, 'mm-mean', { 'objective.meanGuesses': 3.858 });
    const depth = forged(MM46, 'mm-depth', { 'objective.maxAttempts': 5 });
    const lingo = forged(LINGO5, 'lingo-mean', { 'objective.mean': 499.5, 'objective.found': 14847 });
    const wins = forged(HANGMAN4, 'hangman-wins', { 'objective.wins': 5469, 'objective.winRate': 1 });
    const extra = forged(MM46, 'mm-extra', { 'objective.bestEver': 1 });
    const missing = forged(MM46, 'mm-missing', { 'objective.meanGuesses': undefined });
    const red = forged(MM46, 'mm-red', { 'objective.meanGuesses': '\u001b[31m4.3' });
    // Through the program: the three verbs that show figures.
    const runs = [
      await cli(['verify', '--tree', mm], { trees }),
      await cli(['stats', '--tree', mm], { trees }),
      await cli(['export', '--format', 'html', '--tree', mm, '--out', join(dir, 'mm.html')], { trees }),
    ];
    for (const args of [
      ['verify', '--tree', mean, '--json'],
      ['verify', '--tree', depth],
      ['verify', '--tree', lingo],
      ['verify', '--tree', wins],
      ['verify', '--tree', extra],
      ['verify', '--tree', missing],
      ['verify', '--tree', red],
    ])
      runs.push(await inProcess(args));
    const [v, s, e, vj, d, l, w, x, m, r] = runs as [Run, Run, Run, Run, Run, Run, Run, Run, Run, Run];
    for (const run of [v, s, e])
      refused(run, `${mm}: header.objective.totalGuesses is 5000, the tree gives 5625 (also wrong: meanGuesses)`);
    expect(() => readFileSync(join(dir, 'mm.html'))).toThrow();
    refused(vj, `${mean}: header.objective.meanGuesses is 3.858, the tree gives 4.340278`);
    expect(vj.stdout).toBe('');
    refused(d, 'header.objective.maxAttempts is 5, the tree gives 6');
    refused(l, 'header.objective.mean is 499.5, the tree gives 195.500775 (also wrong: found)');
    refused(w, 'header.objective.wins is 5469, the tree gives 2140 (also wrong: winRate)');
    refused(x, 'header.objective.bestEver is not a figure guesstree records for mastermind trees');
    refused(m, 'header.objective.meanGuesses is missing, the tree gives 4.340278');
    refused(r, 'header.objective.meanGuesses is "\\x1B[31m4.3", the tree gives 4.340278');
    expect(r.stderr).not.toContain('\u001b');
  }, 60_000);

  it('recorded bounds and proofs: a bound the tree beats, or "proven" where the bound is not its figure, is refused', async () => {
    const cases: Array<[string, Edit, string]> = [
      [MM58, { 'settings.totalLowerBound': 180_000 }, 'header.settings.totalLowerBound is 180,000 (no strategy'],
      [
        MM58,
        { 'settings.provenOptimal': true },
        `header.settings.provenOptimal is true, but header.settings.totalLowerBound 173,406 is not the tree's total ${MM58_PRINTED}`,
      ],
      [
        MM46_WORST,
        { 'settings.lowerBound': 4 },
        "header.settings.provenOptimal is true, but header.settings.lowerBound 4 is not the tree's worst case 5",
      ],
      [
        MM46_WORST,
        { 'settings.lowerBound': 6, 'settings.provenOptimal': false },
        'header.settings.lowerBound is 6 (no tree finds every secret in fewer guesses)',
      ],
      [MM46_WORST, { 'settings.maxDepth': 4 }, 'header.settings.maxDepth is 4, the tree gives 5'],
      [
        LINGO5,
        { 'objective.upperBound': 2_900_000, 'objective.upperBoundMean': 195.325655 },
        'header.objective.upperBound is 2,900,000 (no tree scores more), but the tree scores 2,902,600',
      ],
      [
        LINGO5,
        { 'objective.upperBoundMean': 499 },
        'header.objective.upperBoundMean is 499, but header.objective.upperBound over 14,847 words is 301.414427',
      ],
    ];
    for (const [i, [from, edit, message]] of cases.entries()) {
      const path = forged(from, `bound-${i}`, edit);
      refused(await inProcess(['verify', '--tree', path]), `${path}: ${message}`);
    }
  }, 60_000);

  it('a consistent recorded bound is shown as recorded by its compile; one equal to the total makes the tree optimal', async () => {
    const equal = forged(MM58, 'mm58-equal', { 'settings.totalLowerBound': MM58_TOTAL });
    const [v, s, sj] = [
      await inProcess(['verify', '--tree', MM58]),
      await inProcess(['stats', '--tree', equal, '--hardest', '0']),
      await inProcess(['stats', '--tree', equal, '--json', '--hardest', '0']),
    ];
    for (const r of [v, s, sj]) expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    expect(v.stdout).toContain(
      `\ntotal guesses: ${MM58_PRINTED}; recorded by its compile: no strategy needs fewer than 173,406 guesses\n`,
    );
    expect(s.stdout).toContain(
      `(total ${MM58_PRINTED}; recorded by its compile: no strategy needs fewer than ${MM58_PRINTED} guesses)`,
    );
    expect(JSON.parse(sj.stdout).objective.recorded).toEqual({ totalLowerBound: MM58_TOTAL, provenOptimal: true });
  }, 60_000);

  it('the library refuses a forged tree with a GuesstreeError of status 4 naming the field', () => {
    const bytes = readFileSync(forged(MM46, 'lib-forged', { 'objective.totalGuesses': 5000 }));
    let caught: unknown;
    try {
      verify(bytes);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(GuesstreeError);
    expect((caught as GuesstreeError).status).toBe(4);
    expect((caught as GuesstreeError).message).toBe(
      'the tree bytes: header.objective.totalGuesses is 5000, the tree gives 5625',
    );
    expect(verify(readFileSync(MM46)).objective).toMatchObject({ totalGuesses: 5625 });
  });

  it('a secret the tree cannot reach stays a failure', () => {
    const loaded = findModule('mastermind').load({ pegs: 3, colors: 3 });
    const file = decodeTreeFile(readFileSync(MM46), 'x');
    const rootOnly: TreeFile = {
      header: { ...file.header, params: loaded.game.params, lists: [] },
      tree: {
        guess: Uint32Array.of(0),
        edgeStart: Uint32Array.of(0, 0),
        edgeCode: new Uint32Array(0),
        edgeChild: new Uint32Array(0),
      },
    };
    const out: string[] = [];
    expect(() => runVerify({ loaded, file: rootOnly, path: 'root-only' }, (l) => out.push(l))).toThrow(
      'root-only: tree has no branch for 26 secrets',
    );
    expect(out).toContain('failures: 26 secrets the tree has no branch for');
  });
});

describe('one objective vocabulary: positive figures named for what they are', () => {
  it('stats --json and verify --json on MM(4,6) and Lingo: the replay of the paths, no negative figure, notFound not failures', async () => {
    const [mmStats, lingoVerify, lingoText] = await Promise.all([
      cli(['stats', '--tree', MM46, '--json', '--hardest', '0'], { trees }),
      cli(['verify', '--tree', LINGO5, '--json'], { trees }),
      cli(['verify', '--tree', LINGO5], { trees }),
    ]);
    const mmPaths = await inProcess(['export', '--format', 'paths', '--tree', MM46]);
    const lingoPaths = await inProcess(['export', '--format', 'paths', '--tree', LINGO5]);
    for (const r of [mmStats, mmPaths, lingoVerify, lingoPaths, lingoText])
      expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });

    const mm = parsePaths(mmPaths.stdout);
    const guesses = [...mm.values()].reduce((a, p) => a + p.length, 0);
    const mj = JSON.parse(mmStats.stdout);
    expect(mj.objective).toEqual({
      game: 'mastermind',
      name: 'total-guesses',
      secrets: mm.size,
      found: mm.size,
      notFound: 0,
      totalGuesses: guesses,
      meanGuesses: Math.round((guesses / mm.size) * 1e6) / 1e6,
      worstCase: Math.max(...[...mm.values()].map((p) => p.length)),
      recorded: { provenOptimal: true },
    });
    expect(mj.notFound).toEqual({ count: 0, secrets: [] });

    const words = parsePaths(lingoPaths.stdout);
    const unfound = [...words].filter(([w, p]) => p.at(-1) !== w).map(([w]) => w);
    const score = [...words].reduce((a, [w, p]) => a + pathScore(w, p), 0);
    const lj = JSON.parse(lingoVerify.stdout);
    expect(lj.objective).toMatchObject({
      game: 'lingo',
      name: 'expected-score',
      secrets: words.size,
      found: words.size - unfound.length,
      notFound: unfound.length,
      totalScore: score,
      meanScore: Math.round((score / words.size) * 1e6) / 1e6,
      recorded: { scoreUpperBound: 4_475_100, meanScoreUpperBound: 301.414427, provenOptimal: false },
    });
    expect(lj.notFound).toEqual({ count: unfound.length, secrets: unfound });
    for (const j of [mj, lj]) {
      expect(j).not.toHaveProperty('failures');
      expect(j.objective).not.toHaveProperty('total');
      expect(j.objective).not.toHaveProperty('mean');
      for (const [path, n] of numbers(j)) expect(n, path).toBeGreaterThanOrEqual(0);
    }
    expect(lingoText.stdout).toContain(
      `not found within 5 guesses: ${unfound.length.toLocaleString('en-US')} words (part of Lingo's score: 0 points each)\n`,
    );
    expect(lingoText.stdout).not.toMatch(/failures/);
  }, 60_000);

  it("the library's objects: compile's and verify's objective are the replay's, typed by game", async () => {
    const game: GameDefinition = {
      name: 'hilo-40',
      secrets: Array.from({ length: 40 }, (_, i) => String(i + 1)),
      reply: (guess, secret) => (Number(secret) > Number(guess) ? 'higher' : 'lower'),
      maxGuesses: 4,
    };
    const tree = await compile({ game, workers: 1 });
    const v = verify(tree, { game });
    expect(v.objective).toEqual(tree.objective);
    const o = tree.objective;
    // 40 numbers, 4 guesses: at most 1 + 2 + 4 + 8 are found.
    expect(o).toMatchObject({ game: 'file', name: 'total-guesses', secrets: 40, notFound: 40 - o.found });
    expect(o.found).toBeLessThanOrEqual(15);
    expect(v.notFound).toHaveLength(o.notFound);
    expect(v.histogram.reduce((a, h) => a + h.secrets, 0)).toBe(o.found);
    expect(v.histogram.reduce((a, h) => a + h.guesses * h.secrets, 0)).toBe(o.totalGuesses);
    expect(o.meanGuesses).toBe(Math.round((o.totalGuesses / o.found) * 1e6) / 1e6);
    expect(o.worstCase).toBe(Math.max(...v.histogram.filter((h) => h.secrets > 0).map((h) => h.guesses)));
    for (const [path, n] of numbers(o)) expect(n, path).toBeGreaterThanOrEqual(0);

    // Lingo: a score with its own names, never a total of points beside a mean of tries.
    const rand = rng(46);
    const list = writeList(join(dir, 'lingo4.txt'), [...randomWords(rand, 30, 4), ...CLUSTER]);
    const lingo = await compile({ game: 'lingo', len: 4, wordlist: list, effort: 'quick', workers: 1 });
    const lv = verify(lingo, { game: 'lingo', len: 4, wordlist: list });
    expect(lv.objective).toEqual(lingo.objective);
    const l = lingo.objective;
    expect(l.game).toBe('lingo');
    expect(l.notFound).toBeGreaterThan(0); // the cluster cannot all be found in 5 tries
    expect(l.notFound).toBe(lv.notFound.length);
    expect(l.totalScore).toBe(lv.histogram.reduce((a, h) => a + 100 * (6 - h.guesses) * h.secrets, 0));
    expect(l.meanScore).toBe(Math.round((l.totalScore / l.secrets) * 1e6) / 1e6);
    expect(l).not.toHaveProperty('meanGuesses');
    expect(l).not.toHaveProperty('total');
  }, 60_000);
});

describe('the explorer shows the replayed figures and what the compile recorded', () => {
  it('a header whose figures are forged still gives the summary of the tree', () => {
    const loaded = findModule('mastermind').load({ pegs: 4, colors: 6 });
    const file = readTreeFile(MM46);
    const lying: TreeFile = {
      ...file,
      header: {
        ...file.header,
        objective: { ...file.header.objective, totalGuesses: 5000, meanGuesses: 3.858, maxAttempts: 5 },
      },
    };
    expect(explorerInputOf(loaded, lying).summary).toEqual([
      'total guesses 5,625, mean 4.3403 a secret, max depth 6',
      'recorded by its compile: proven optimal',
    ]);
    const mm58 = explorerInputOf(findModule('mastermind').load({ pegs: 5, colors: 8 }), readTreeFile(MM58));
    expect(mm58.summary).toContain('recorded by its compile: no strategy needs fewer than 173,406 guesses in all');
    expect(mm58.summary).toContain(
      'not proven optimal: the best tree found with effort polish; a better one may exist',
    );
  });
});

describe("the library's objective is typed by game", () => {
  it("the README's example type-checks against the built .d.ts as it is (checkJs); a TypeScript user needs no cast", () => {
    const proj = join(dir, 'project');
    mkdirSync(join(proj, 'node_modules'), { recursive: true });
    symlinkSync(ROOT, join(proj, 'node_modules', 'guesstree'), 'dir');
    writeFileSync(join(proj, 'package.json'), JSON.stringify({ type: 'module', private: true }));
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const example = /## guesstree as a library\n[\s\S]*?```js\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(example, 'the example in the README').toContain('tree.objective.meanGuesses.toFixed(');
    writeFileSync(join(proj, 'readme.mjs'), example as string);
    writeFileSync(
      join(proj, 'use.ts'),
      `import { compile, verify, type GameDefinition, type Objective } from 'guesstree';
const game: GameDefinition = { name: 'x', secrets: ['a', 'b'], reply: (g, s) => (g < s ? 'later' : 'earlier') };
const tree = await compile({ game });
const mean: string = tree.objective.meanGuesses.toFixed(2);
const lingo = await compile({ game: 'lingo', len: 5 });
const score: number = lingo.objective.meanScore + lingo.objective.notFound;
const hangman = await compile({ game: 'hangman', len: 5 });
const rate: number = hangman.objective.winRate;
const found: number = verify(tree, { game }).objective.found;
const any: Objective = verify('t.gtree').objective;
const total: number = any.game === 'lingo' ? any.totalScore : any.game === 'hangman' ? any.totalMisses : any.totalGuesses;
// @ts-expect-error a game scored by guesses has no score
const wrong = tree.objective.meanScore;
// @ts-expect-error Lingo's guesses are only a worst-case tree's
const tries: number = lingo.objective.meanGuesses;
console.log(mean, score, rate, found, total, wrong, tries);
`,
    );
    writeFileSync(
      join(proj, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          strict: true,
          // The README's example is JavaScript: its callbacks carry no annotations.
          noImplicitAny: false,
          allowJs: true,
          checkJs: true,
          noEmit: true,
          types: [],
          skipLibCheck: false,
        },
        files: ['readme.mjs', 'use.ts'],
      }),
    );
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const r = spawnSync(process.execPath, [tsc, '-p', proj], { cwd: proj, encoding: 'utf8' });
    expect(r.status, r.stdout + r.stderr).toBe(0);
  }, 60_000);
});

describe('compile judges the tree in use by its replay', () => {
  it('a tree whose header claims better figures than it has is replaced by a better tree', async () => {
    const own = join(dir, 'judged');
    const game = ['--game', 'mastermind', '--pegs', '3', '--colors', '5', '--workers', '1'];
    const quick = await cli(['compile', ...game, '--effort', 'quick'], { trees: own });
    expect(quick.code, quick.stderr).toBe(0);
    const file = join(own, 'mastermind-p3c5.gtree');
    const shown = readTreeFile(file).header.objective;
    expect(shown.totalGuesses).toBe(452);
    // The quick tree (452 guesses) now claims 400; the default effort's tree has 451.
    writeFileSync(
      file,
      readFileSync(
        forged(file, 'claims-400', { 'objective.total': -400, 'objective.totalGuesses': 400, 'objective.mean': -3.2 }),
      ),
    );
    const better = await cli(['compile', ...game], { trees: own });
    expect(better.code, better.stderr).toBe(0);
    expect(better.stderr).not.toMatch(/worse/);
    expect(readTreeFile(file).header.objective.totalGuesses).toBe(451);
  });
});
