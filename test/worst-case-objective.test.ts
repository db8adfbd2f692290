/**
 * `compile --objective worst-case` through the CLI, on tiny instances of every game, against
 * brute force (every guess tried at every node): the tree's worst case is the least possible,
 * the header says it is proven, and where the total is said to be proven it is the least total
 * of any tree of that worst case. The other verbs work on such trees, and a tree of one
 * objective never replaces one of the other.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BullsCowsGame } from '../compiler/games/bullscows/game.js';
import { MastermindGame } from '../compiler/games/mastermind/game.js';
import { LingoGame } from '../compiler/games/lingo/game.js';
import { MatchCountGame } from '../compiler/games/matchcount/game.js';
import { loadWordleGame } from '../compiler/games/wordle/module.js';
import { decodeTreeFile, encodeTreeFile, type TreeFile } from '../runtime/tree-format.js';
import { makeWordList } from '../runtime/wordlist.js';
import { bruteLeastDepth, bruteLeastTotalWithin, type BruteGame } from './support/brute.js';
import { cli, CLUSTER, lines, parsePaths, randomWords, removeDir, rng, tempDir, writeList } from './support/e2e.js';
import { hardViolation } from './support/wordle-brute.js';

let dir: string;
let trees: string;
beforeAll(() => {
  dir = tempDir('worst');
  trees = join(dir, 'trees');
});
afterAll(() => removeDir(dir));

const header = (path: string): TreeFile => decodeTreeFile(readFileSync(path), path);

/** Compile with --objective worst-case into `out`; the one result line on stdout. */
async function compileWorst(name: string, args: string[]): Promise<{ file: TreeFile; line: string; path: string }> {
  const path = join(dir, `${name}.gtree`);
  const r = await cli(['compile', ...args, '--objective', 'worst-case', '--workers', '1', '--out', path], {
    trees,
    timeoutMs: 60_000,
  });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  const out = lines(r.stdout);
  expect(out).toHaveLength(1);
  return { file: header(path), line: out[0], path };
}

/** The header's claims against brute force: the least worst case, proven. */
function expectLeast(file: TreeFile, line: string, least: number): void {
  expect(file.header.params.objective).toBe('worst-case');
  expect(file.header.objective.maxAttempts).toBe(least);
  expect(file.header.settings.lowerBound).toBe(least);
  expect(file.header.settings.depthProven).toBe(true);
  expect(line).toContain(`proven: no tree solves every secret in fewer than ${least}`);
}

describe('compile --objective worst-case against brute force', () => {
  it('Mastermind MM(3,3): least worst case, and the least total among such trees, proven', async () => {
    const game = new MastermindGame(3, 3);
    const least = bruteLeastDepth(game);
    const { file, line } = await compileWorst('mm33', ['--game', 'mastermind', '--pegs', '3', '--colors', '3']);
    expectLeast(file, line, least);
    expect(file.header.settings.totalProven).toBe(true);
    expect(file.header.objective.totalGuesses).toBe(bruteLeastTotalWithin(game, least));
    expect(line).toContain(`proven least among trees of worst case ${least}`);
  });

  it('Bulls and Cows d3s4', async () => {
    const game = new BullsCowsGame(3, 4);
    const least = bruteLeastDepth(game);
    const { file, line } = await compileWorst('bc34', ['--game', 'bullscows', '--digits', '3', '--symbols', '4']);
    expectLeast(file, line, least);
    if (file.header.settings.totalProven === true)
      expect(file.header.objective.totalGuesses).toBe(bruteLeastTotalWithin(game, least));
  });

  const rand = rng(32);
  const answers = randomWords(rand, 9, 5, 'aeilnorst');
  const extra = randomWords(rand, 9, 5, 'aeilnorstcd', new Set(answers));
  for (const hard of [false, true]) {
    it(`Wordle on a tiny list, ${hard ? 'hard' : 'normal'} mode (the hard rule written apart)`, async () => {
      const a = writeList(join(dir, 'answers.txt'), answers);
      const g = writeList(join(dir, 'guesses.txt'), extra);
      const game = loadWordleGame(a, g, { hard });
      const allowed = (history: ReadonlyArray<readonly [number, number]>, guess: number) =>
        !hard ||
        hardViolation(
          history.map(([h, c]) => [game.guessName(h), game.codeName(c)] as const),
          game.guessName(guess),
        ) === null;
      const least = bruteLeastDepth(game as BruteGame, allowed, 6);
      const { file, line } = await compileWorst(`wordle-${hard}`, [
        '--game',
        'wordle',
        '--answers',
        a,
        '--guesses',
        g,
        ...(hard ? ['--hard'] : []),
      ]);
      expectLeast(file, line, least);
      const v = await cli(['verify', '--tree', join(dir, `wordle-${hard}.gtree`), '--answers', a, '--guesses', g], {
        trees,
      });
      expect(v.stderr).toBe('');
      expect(v.code).toBe(0);
      if (hard) expect(v.stdout).toContain('guess rule: every guess of the tree is allowed');
    });
  }

  it('Lingo on a tiny list; a list 5 tries cannot solve is refused in one line', async () => {
    const words = randomWords(rng(5), 14, 4, 'abcdeilnor');
    const path = writeList(join(dir, 'lingo.txt'), words);
    const game = LingoGame.fromList(makeWordList(path, words), 4);
    const least = bruteLeastDepth(game, () => true, 5);
    const { file, line } = await compileWorst('lingo', ['--game', 'lingo', '--len', '4', '--wordlist', path]);
    expectLeast(file, line, least);
    // Eleven words alike but for their first letter: a guess tells one apart, so 5 tries never suffice.
    const cluster = writeList(join(dir, 'cluster.txt'), CLUSTER);
    expect(bruteLeastDepth(LingoGame.fromList(makeWordList(cluster, CLUSTER), 4), () => true, 5)).toBe(Infinity);
    const r = await cli(
      [
        'compile',
        '--game',
        'lingo',
        '--len',
        '4',
        '--wordlist',
        cluster,
        '--objective',
        'worst-case',
        '--workers',
        '1',
        '--out',
        join(dir, 'none.gtree'),
      ],
      { trees },
    );
    expect(r.code).toBe(6);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(
      /no tree finds every word within 5 tries.*proven: no tree solves every secret in fewer than 6/,
    );
  });

  it('Wordle with --checkpoint: the proof opener by opener in blocks, saved, resumed, the same bytes whatever the workers', async () => {
    const rand = rng(77);
    const answers = randomWords(rand, 10, 5, 'aeilnorst');
    const extra = randomWords(rand, 140, 5, 'aeilnorstcdmp', new Set(answers));
    const a = writeList(join(dir, 'ck-answers.txt'), answers);
    const g = writeList(join(dir, 'ck-guesses.txt'), extra);
    const game = loadWordleGame(a, g, { hard: false });
    const least = bruteLeastDepth(game as BruteGame, () => true, 6);
    const args = ['compile', '--game', 'wordle', '--answers', a, '--guesses', g, '--objective', 'worst-case'];
    const run = async (name: string, more: string[]) => {
      const out = join(dir, `${name}.gtree`);
      const r = await cli([...args, ...more, '--out', out], { trees, timeoutMs: 60_000 });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      return { bytes: readFileSync(out), line: lines(r.stdout)[0] };
    };
    const ck = join(dir, 'ck');
    const one = await run('ck1', ['--workers', '1', '--checkpoint', ck]);
    expectLeast(header(join(dir, 'ck1.gtree')), one.line, least);
    // One file per block of 64 first guesses.
    const blocks = readdirSync(ck).filter((f) => /^leastWorstCaseOpeners-batch-\d+\.bin$/.test(f));
    expect(blocks).toHaveLength(Math.ceil(game.guessCount / 64));
    // A folder with blocks needs --resume; resumed (one block dropped, solved again) or fresh with 2 workers: the same bytes.
    const stale = await cli([...args, '--checkpoint', ck, '--out', join(dir, 'ck-stale.gtree')], { trees });
    expect(stale.code).not.toBe(0);
    expect(lines(stale.stderr)).toHaveLength(1);
    rmSync(join(ck, blocks[1]));
    const resumed = await run('ck2', ['--workers', '2', '--checkpoint', ck, '--resume']);
    expect(Buffer.compare(resumed.bytes, one.bytes)).toBe(0);
    const fresh = await run('ck3', ['--workers', '2', '--checkpoint', join(dir, 'ck-fresh')]);
    expect(Buffer.compare(fresh.bytes, one.bytes)).toBe(0);
  });

  it('match-count: the prover against brute force', async () => {
    const words = randomWords(rng(843), 12, 4, 'abcdef');
    const path = writeList(join(dir, 'mc.txt'), words);
    const game = MatchCountGame.fromList(makeWordList(path, words));
    const least = bruteLeastDepth(game);
    const out = join(dir, 'mc.gtree');
    const r = await cli(['compile', '--game', 'matchcount', '--wordlist', path, '--workers', '1', '--out', out], {
      trees,
    });
    expect(r.code).toBe(0);
    const file = header(out);
    expect(file.header.objective.maxAttempts).toBe(least);
    expect(file.header.settings.lowerBound).toBe(least);
    expect(file.header.settings.provenOptimal).toBe(true);
  });
});

describe('worst-case trees in trees/ and the other verbs', () => {
  const mm = ['--game', 'mastermind', '--pegs', '3', '--colors', '3'];
  it('a tree of each objective, two manifest entries; verify, stats, export, play find the right one', async () => {
    for (const objective of ['worst-case', 'total']) {
      const r = await cli(['compile', ...mm, '--objective', objective, '--workers', '1'], { trees });
      expect(r.code).toBe(0);
    }
    const manifest = JSON.parse(readFileSync(join(trees, 'manifest.json'), 'utf8')) as {
      trees: Array<{ file: string; params: Record<string, unknown>; companions?: Record<string, string> }>;
    };
    const files = manifest.trees.map((e) => e.file).sort();
    expect(files).toEqual(['mastermind-p3c3-worst-case.gtree', 'mastermind-p3c3.gtree']);
    const worst = manifest.trees.find((e) => e.params.objective === 'worst-case')!;
    expect(worst.companions?.contest).toBe('mastermind-p3c3-worst-case.contest.txt');

    const v = await cli(['verify', ...mm, '--objective', 'worst-case'], { trees });
    expect(v.code).toBe(0);
    expect(v.stdout).toContain('mastermind-p3c3-worst-case.gtree');
    expect(v.stdout).toMatch(
      /worst case: \d guesses; recorded by its compile: proven lower bound \d \(proven optimal\)/,
    );
    const plain = await cli(['verify', ...mm], { trees });
    expect(plain.stdout).toContain('mastermind-p3c3.gtree');
    expect(plain.stdout).not.toContain('worst-case');

    const s = await cli(['stats', ...mm, '--objective', 'worst-case', '--json'], { trees });
    expect(s.code).toBe(0);
    expect(JSON.parse(s.stdout).params.objective).toBe('worst-case');

    const contest = await cli(['export', ...mm, '--objective', 'worst-case', '--format', 'contest'], { trees });
    expect(contest.code).toBe(0);
    expect(contest.stdout).toBe(readFileSync(join(trees, 'mastermind-p3c3-worst-case.contest.txt'), 'utf8'));
    const vc = await cli(['verify', ...mm, '--contest', join(trees, 'mastermind-p3c3-worst-case.contest.txt')], {
      trees,
    });
    expect(vc.code).toBe(0);
    const html = await cli(['export', ...mm, '--objective', 'worst-case', '--format', 'html'], { trees });
    expect(html.code).toBe(0);
    expect(html.stdout).toContain('<html');

    // play: the replies of one secret, along the tree's own path for it.
    const paths = parsePaths(
      (await cli(['export', ...mm, '--objective', 'worst-case', '--format', 'paths'], { trees })).stdout,
    );
    const game = new MastermindGame(3, 3);
    const secret = 'CBA';
    const path = paths.get(secret)!;
    const secretId = [...Array(game.secretCount).keys()].find((i) => game.secretName(i) === secret)!;
    const guessId = (name: string) => [...Array(game.guessCount).keys()].find((i) => game.guessName(i) === name)!;
    const replies = path.map((gname) => game.codeName(game.feedback(guessId(gname), secretId)));
    const p = await cli(['play', ...mm, '--objective', 'worst-case'], { trees, input: `${replies.join('\n')}\n` });
    expect(p.code).toBe(0);
    expect(
      lines(p.stdout)
        .filter((l) => l.startsWith('guess '))
        .map((l) => l.replace(/^guess \d+: /, '')),
    ).toEqual(path);
  });

  it('verify refuses a header whose proven bound the tree beats', async () => {
    const src = join(trees, 'mastermind-p3c3-worst-case.gtree');
    const f = header(src);
    const lb = Number(f.header.settings.lowerBound);
    const bad = join(dir, 'lying.gtree');
    writeFileSync(
      bad,
      encodeTreeFile({ header: { ...f.header, settings: { ...f.header.settings, lowerBound: lb + 1 } }, tree: f.tree }),
    );
    const r = await cli(['verify', '--tree', bad], { trees });
    expect(r.code).toBe(4);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toContain(
      `header.settings.lowerBound is ${lb + 1} (no tree finds every secret in fewer guesses), but this tree finds every one within ${lb}`,
    );
  });

  it('compile --help names the objective of the four games', async () => {
    const r = await cli(['compile', '--help'], { trees });
    const sections = r.stdout.split('\n\n').filter((s) => s.includes('--objective <') && s.includes('|worst-case>'));
    expect(sections.map((s) => s.split(':')[0]).sort()).toEqual(['bullscows', 'lingo', 'mastermind', 'wordle']);
    expect(r.stdout.replace(/\s+/g, ' ')).toContain('a compile fails with status 6 when 5 tries do not suffice');
  });
});
