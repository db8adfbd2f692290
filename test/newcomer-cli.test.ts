/**
 * What a newcomer meets first, through the built CLI and the pit player on small seeded lists:
 * `play` refuses "solved" for a guess that cannot be the secret;
 * help pages (--game first, one section per game, numbers shown as numbers, examples one
 * copyable line each, every game's reply syntax in play --help); -h, `help [verb]`, "did you
 * mean", --version, verify/stats --json; the messages (format lists, compile without a game,
 * thousands separators, plurals, the code games' wording); install scripts all decided.
 * Every run points GUESSTREE_TREES at a temporary folder.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceMask } from '../runtime/lingo-feedback.js';
import {
  cli,
  CLI,
  lines,
  lingoFixture,
  parsePaths,
  pathScore,
  PLAYER,
  randomWords,
  removeDir,
  rng,
  ROOT,
  runNode,
  tempDir,
  writeList,
  type Run,
} from './support/e2e.js';

const FIX = lingoFixture(34);
const WORDS = FIX.four;

let dir: string;
let trees: string; // holds the compiled 4-letter tree and its manifest entry
let empty: string;
let list: string;
let tree: string;
let paths: Map<string, string[]>;

/** One stderr line, nothing on stdout, the status. */
function expectOneLine(r: Run, status: number, re: RegExp): void {
  expect({ code: r.code, stdout: r.stdout, lines: lines(r.stderr).length }, r.stderr).toEqual({
    code: status,
    stdout: '',
    lines: 1,
  });
  expect(r.stderr.trimEnd()).toMatch(re);
}

beforeAll(async () => {
  dir = tempDir('newcomer');
  trees = join(dir, 'trees');
  empty = join(dir, 'empty');
  mkdirSync(trees);
  mkdirSync(empty);
  list = writeList(join(dir, 'list.txt'), FIX.lines);
  tree = join(dir, 't.gtree');
  const [a, b] = await Promise.all([
    cli(['compile', '--game', 'lingo', '--len', '4', '--wordlist', list, '--effort', 'greedy', '--out', tree], {
      trees: empty,
    }),
    cli(['compile', '--game', 'lingo', '--len', '4', '--wordlist', list, '--effort', 'greedy'], { trees }),
  ]);
  expect(a.code, a.stderr).toBe(0);
  expect(b.code, b.stderr).toBe(0);
  const ex = await cli(['export', '--tree', tree, '--wordlist', list, '--format', 'paths'], { trees: empty });
  expect(ex.code, ex.stderr).toBe(0);
  paths = parsePaths(ex.stdout);
}, 60_000);

afterAll(() => removeDir(dir));

/**
 * A first mask that some secret gives, after which the tree's second guess does not fit that
 * mask (a probe): "solved" to it is impossible. With the cluster words the tree has such probes.
 */
function probeAfterFirstMask(): { opener: string; mask: string; probe: string } {
  const opener = paths.get(WORDS[0])?.[0] as string;
  for (const [secret, p] of paths) {
    if (p.length < 2) continue;
    const mask = referenceMask(secret, opener);
    const probe = p[1];
    if (referenceMask(probe, opener) !== mask) return { opener, mask, probe };
  }
  throw new Error('no probe after the first mask in this tree');
}

/** Mastermind's reply, written out: blacks, then whites (colours in common minus blacks). */
function mmReply(guess: string, secret: string): [number, number] {
  let blacks = 0;
  let common = 0;
  for (let i = 0; i < guess.length; i++) if (guess[i] === secret[i]) blacks++;
  for (const c of new Set(guess))
    common += Math.min([...guess].filter((x) => x === c).length, [...secret].filter((x) => x === c).length);
  return [blacks, common - blacks];
}

function mmCodes(pegs: number, colors: number): string[] {
  let out = [''];
  for (let i = 0; i < pegs; i++) out = out.flatMap((c) => [...'ABCDEFGH'.slice(0, colors)].map((x) => c + x));
  return out;
}

describe('2: "solved" is refused for a guess that cannot be the secret', () => {
  it("lingo play: the tree's probe after a first mask cannot be solved; a consistent guess can", async () => {
    const { opener, mask, probe } = probeAfterFirstMask();
    const r = await cli(['play', '--tree', tree, '--wordlist', list], { trees: empty, input: `${mask}\nOOOO\n` });
    const esc = (t: string): string => t.replace(/[?]/g, '\\?');
    expectOneLine(
      { ...r, stdout: '' },
      5,
      new RegExp(
        `^guesstree: impossible reply OOOO to ${probe}: no secret in the list gives it after ${opener} ${esc(mask)}$`,
      ),
    );
    expect(lines(r.stdout).filter((l) => l.startsWith('guess '))).toEqual([`guess 1: ${opener}`, `guess 2: ${probe}`]);
    expect(r.stdout).not.toMatch(/solved/);
    // The explorer's refusal and play's are one sentence: "impossible reply R to G: no secret in the list gives it after ...".
    const client = readFileSync(join(ROOT, 'compiler', 'emit', 'explorer-client.ts'), 'utf8');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the client's source text is what is checked
    expect(client).toContain('impossible reply ${replyName(rules, code)} to ${gName}: ${none}');
    // A second guess that every reply so far allows is solved when the person says so.
    const fits = [...paths].find(([s, p]) => p.length >= 2 && p[1] === s);
    expect(fits).toBeDefined();
    const [secret, p] = fits as [string, string[]];
    const ok = await cli(['play', '--tree', tree, '--wordlist', list], {
      trees: empty,
      input: `${referenceMask(secret, p[0])}\nOOOO\n`,
    });
    expect(ok.code, ok.stderr).toBe(0);
    expect(lines(ok.stdout).at(-1)).toBe('solved in 2 guesses');
  });

  it('the pit player (the runtime LingoSession) refuses the same "solved"', async () => {
    const { mask } = probeAfterFirstMask();
    const cwd = join(dir, 'pit');
    mkdirSync(cwd, { recursive: true });
    writeList(join(cwd, 'wordlist.txt'), FIX.lines);
    const r = await runNode(PLAYER, ['4'], { trees, cwd, input: `${mask}\nOOOO\n` });
    expect(r.code, r.stderr).toBe(5);
    expect(lines(r.stdout)).toHaveLength(2);
    const [g1, g2] = lines(r.stdout);
    expect(lines(r.stderr)).toEqual([
      `lingo-player: stdin line 2: impossible masks: no word of the list gives them (guess and mask: ${g1} ${mask}, ${g2} OOOO)`,
    ]);
  });

  it('wordle play: OOOOO to a guess that is not an answer is refused', async () => {
    const rand = rng(34);
    // Answers that differ in their first letter only, and guesses made of those letters: the tree probes.
    const answers = [...randomWords(rand, 30, 5, 'aelnorst'), ...[...'bcfmptw'].map((c) => `${c}akes`)];
    const extra = [...randomWords(rand, 60, 5, 'aelnorstcdiu', new Set(answers)), 'bcfmp', 'ptwbc'];
    const a = writeList(join(dir, 'answers.txt'), answers);
    const g = writeList(join(dir, 'guesses.txt'), extra);
    const t = join(dir, 'wordle.gtree');
    const c = await cli(
      ['compile', '--game', 'wordle', '--answers', a, '--guesses', g, '--effort', 'greedy', '--out', t],
      { trees: empty },
    );
    expect(c.code, c.stderr).toBe(0);
    const ex = await cli(['export', '--tree', t, '--answers', a, '--guesses', g, '--format', 'paths'], {
      trees: empty,
    });
    const wp = parsePaths(ex.stdout);
    // A guess on some answer's path that is not an answer, and the masks that lead to it.
    const answerSet = new Set(answers);
    let found: { before: string[]; guess: string } | undefined;
    for (const [secret, p] of wp) {
      const k = p.findIndex((w) => !answerSet.has(w));
      if (k >= 0) {
        found = { before: p.slice(0, k).map((w) => referenceMask(secret, w)), guess: p[k] };
        break;
      }
    }
    expect(found, 'the greedy tree plays a non-answer somewhere').toBeDefined();
    const { before, guess } = found as { before: string[]; guess: string };
    const r = await cli(['play', '--tree', t, '--answers', a, '--guesses', g], {
      trees: empty,
      input: [...before, 'OOOOO'].map((m) => `${m}\n`).join(''),
    });
    expect(r.code, r.stderr).toBe(5);
    expect(r.stderr).toMatch(
      new RegExp(`^guesstree: impossible reply OOOOO to ${guess}: no secret in the list gives it`),
    );
    expect(r.stdout).not.toMatch(/solved/);
  });
});

describe('5: help pages', () => {
  const verbs = ['compile', 'verify', 'stats', 'export', 'play'];
  let pages: Map<string, string>;
  beforeAll(async () => {
    const runs = await Promise.all(verbs.map((v) => cli([v, '--help'], { trees: empty })));
    runs.forEach((r) => {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
    });
    pages = new Map(verbs.map((v, i) => [v, runs[i].stdout]));
  });

  it('--game comes first: in the usage line and as the first option', () => {
    for (const [v, page] of pages) {
      expect(page.split('\n')[0], v).toMatch(new RegExp(`^Usage: guesstree ${v} --game <game> `));
      const firstOption = page.split('\n').find((l) => /^ {2}--/.test(l));
      expect(firstOption, v).toMatch(
        /^ {2}--game <game> +the game, required: lingo, wordle, mastermind, matchcount, hangman, bullscows/,
      );
    }
  });

  it('one section per game, each saying its own text once; numbers are numbers, not [string]', () => {
    const compile = pages.get('compile') as string;
    const sections = new Map(
      compile
        .split('\n\n')
        .map((s) => [/^([a-z]+): /.exec(s)?.[1], s] as const)
        .filter(([g]) => g !== undefined),
    );
    expect([...sections.keys()].sort()).toEqual([
      'bullscows',
      'file',
      'hangman',
      'lingo',
      'mastermind',
      'matchcount',
      'wordle',
    ]);
    for (const g of ['mastermind', 'bullscows']) {
      const s = (sections.get(g) as string).replace(/\s+/g, ' ');
      expect(s.split('search every guess of every set: proves the optimum').length - 1, g).toBe(1);
      expect(s.split('no secret may need more guesses than this').length - 1, g).toBe(1);
      expect(s).toContain('--max-depth <number>');
    }
    expect(sections.get('lingo')).toMatch(/--len <number> +word length \(4 to 13\)/);
    expect(sections.get('hangman')).toMatch(/--len <number> +word length \(1 to 16\)/);
    for (const [v, page] of pages) {
      expect(page, v).not.toMatch(/\[string\]/);
      // No description names another game inside a game's text ("mastermind: …; bullscows: …").
      expect(page, v).not.toMatch(/; (lingo|wordle|mastermind|matchcount|hangman|bullscows): /);
    }
    expect(compile).toMatch(/--workers <number>/);
    expect(compile).toMatch(/--max-memory <number>/);
    expect(pages.get('stats')).toMatch(/--hardest <number>/);
  });

  it('examples: one command a line, complete and copyable, whatever the width; options they use exist', async () => {
    const narrow = await runNode(CLI, ['compile', '--help'], { trees: empty });
    expect(narrow.code).toBe(0);
    for (const [v, page] of pages) {
      const ex = page.split('\nExamples:\n')[1];
      expect(ex, v).toBeDefined();
      const rows = (ex as string).split('\n').filter(Boolean);
      const commands = rows.filter((l) => !/^ {2}# /.test(l));
      expect(commands.length, v).toBeGreaterThan(0);
      for (const c of commands) {
        expect(c, v).toMatch(new RegExp(`^ {2}guesstree ${v}( --[a-z-]+( [^ -][^ ]*)?)+$`));
        for (const flag of c.match(/--[a-z-]+/g) ?? [])
          expect(page, `${v}: ${flag} of "${c.trim()}"`).toMatch(new RegExp(`^ {2}${flag}\\b`, 'm'));
      }
    }
    expect(pages.get('compile')).toContain('\n  guesstree compile --game mastermind --pegs 4 --colors 6 --exact\n');
  });

  it('play --help gives the reply syntax of every game', () => {
    const play = pages.get('play') as string;
    const sections = new Map(
      play
        .split('\n\n')
        .map((s) => [/^([a-z]+): /.exec(s)?.[1], s.replace(/\s+/g, ' ')] as const)
        .filter(([g]) => g !== undefined),
    );
    const expected: Record<string, RegExp> = {
      lingo: /reply the mask: O right place, \? elsewhere, X absent/,
      wordle: /reply the mask: O right place, \? elsewhere, X absent/,
      mastermind: /reply blacks then whites: two digits such as 21/,
      matchcount: /reply the number of positions that match/,
      hangman: /reply the positions \(1 to the length\) holding the letter/,
      bullscows: /reply bulls then cows: "1 2", "12" or 1A2B/,
    };
    for (const [g, re] of Object.entries(expected)) expect(sections.get(g), g).toMatch(re);
  });
});

describe('6: conventions', () => {
  it('-h is --help; `help` and `help VERB` show the same pages; --version prints the version', async () => {
    const [h, help, top, topH, helpVerb, verbHelp, version] = await Promise.all([
      cli(['compile', '-h'], { trees: empty }),
      cli(['compile', '--help'], { trees: empty }),
      cli(['help'], { trees: empty }),
      cli(['-h'], { trees: empty }),
      cli(['help', 'play'], { trees: empty }),
      cli(['play', '--help'], { trees: empty }),
      cli(['--version'], { trees: empty }),
    ]);
    for (const r of [h, help, top, topH, helpVerb, verbHelp, version]) {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
    }
    expect(h.stdout).toBe(help.stdout);
    expect(top.stdout).toBe(topH.stdout);
    expect(top.stdout).toMatch(/^Usage: guesstree <command> /);
    for (const v of ['compile', 'verify', 'stats', 'export', 'play', 'worker'])
      expect(top.stdout).toMatch(new RegExp(`^ {2}${v} +`, 'm'));
    expect(helpVerb.stdout).toBe(verbHelp.stdout);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(version.stdout).toBe(`${pkg.version}\n`);
  });

  it('a misspelt command or option gets "did you mean …?"', async () => {
    const runs = await Promise.all([
      cli(['--verison'], { trees: empty }),
      cli(['verify', '--game', 'lingo', '--lenn', '4', '--wordlist', list], { trees: empty }),
      cli(['compil', '--game', 'lingo'], { trees: empty }),
      cli(['help', 'stat'], { trees: empty }),
      cli(['stats', '--tree', tree, '--wordlist', list, '--hardset', '3'], { trees: empty }),
      cli(['verify', '--tree', tree, '--frobnicate'], { trees: empty }),
    ]);
    const expected = [
      /^guesstree: unknown option: --verison \(did you mean --version\?\)/,
      /^guesstree: unknown option of verify: --lenn \(did you mean --len\?\)/,
      /^guesstree: unknown command "compil" \(did you mean compile\?\)/,
      /^guesstree: unknown command "stat" \(did you mean stats\?\)/,
      /^guesstree: unknown option of stats: --hardset \(did you mean --hardest\?\)/,
      /^guesstree: unknown option of verify: --frobnicate \(see guesstree verify --help\)$/,
    ];
    runs.forEach((r, i) => {
      expectOneLine(r, 2, expected[i] as RegExp);
    });
    // Options some command takes, without a command: name one.
    expectOneLine(
      await cli(['--game', 'lingo'], { trees: empty }),
      2,
      /^guesstree: name a command: compile, verify, stats, export, play, worker \(see guesstree --help\)$/,
    );
    // Options may come before the command: an option's value is not taken for the command.
    const before = await cli(['--tree', tree, 'stats', '--wordlist', list, '--hardest', '1'], { trees: empty });
    expect(before.code, before.stderr).toBe(0);
    expect(before.stdout).toMatch(/^hardest 1 secrets:$/m);
  });

  it('verify --json and stats --json: objective, histogram and words not found, equal to an independent replay', async () => {
    const [v, s, vt] = await Promise.all([
      cli(['verify', '--tree', tree, '--wordlist', list, '--json'], { trees: empty }),
      cli(['stats', '--game', 'lingo', '--len', '4', '--wordlist', list, '--json', '--hardest', '3'], { trees }),
      cli(['verify', '--tree', tree, '--wordlist', list], { trees: empty }),
    ]);
    for (const r of [v, s]) {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
      expect(lines(r.stdout)).toHaveLength(1);
    }
    const total = [...paths].reduce((a, [w, p]) => a + pathScore(w, p), 0);
    const unfound = [...paths].filter(([w, p]) => p.at(-1) !== w).map(([w]) => w);
    const hist = [1, 2, 3, 4, 5].map((g) => ({
      guesses: g,
      secrets: [...paths].filter(([w, p]) => p.at(-1) === w && p.length === g).length,
    }));
    for (const r of [v, s]) {
      const j = JSON.parse(r.stdout) as Record<string, unknown> & {
        objective: Record<string, unknown>;
        notFound: { count: number; secrets: string[] };
      };
      expect(j.game).toBe('lingo');
      expect(j.params).toEqual({ length: 4, attempts: 5 });
      expect(j.secrets).toBe(WORDS.length);
      expect(j.objective).toMatchObject({
        game: 'lingo',
        name: 'expected-score',
        totalScore: total,
        meanScore: Math.round((total / WORDS.length) * 1e6) / 1e6,
        secrets: WORDS.length,
        found: WORDS.length - unfound.length,
        notFound: unfound.length,
      });
      expect(j.histogram).toEqual(hist);
      expect(j.notFound).toEqual({ count: unfound.length, secrets: unfound });
      expect(j).not.toHaveProperty('failures');
    }
    const vj = JSON.parse(v.stdout) as { ok: boolean; tree: string };
    expect(vj).toMatchObject({ ok: true, tree });
    expect(vt.stdout).toContain(`total score: ${total.toLocaleString('en-US')}`);
    const sj = JSON.parse(s.stdout) as {
      nodes: number;
      edges: number;
      leaves: number;
      opener: string;
      hardest: Array<{ secret: string; guesses: string[]; found: boolean }>;
    };
    const nodes = new Set(
      [...paths].flatMap(([w, p]) =>
        p.map((_, k) =>
          p
            .slice(0, k)
            .map((g) => referenceMask(w, g))
            .join(','),
        ),
      ),
    ).size;
    expect(sj.nodes).toBe(nodes);
    expect(sj.edges).toBe(nodes - 1);
    expect(sj.opener).toBe(paths.get(WORDS[0])?.[0]);
    expect(sj.hardest).toHaveLength(3);
    for (const h of sj.hardest) expect(h.guesses).toEqual(paths.get(h.secret));
  });

  it('--json with a contest string is refused, in one line', async () => {
    const contest = join(dir, 'mm.txt');
    writeFileSync(contest, 'AB\n');
    const r = await cli(
      ['verify', '--game', 'mastermind', '--pegs', '2', '--colors', '3', '--contest', contest, '--json'],
      { trees: empty },
    );
    expectOneLine(r, 2, /^guesstree: --json reports a tree; it does not go with --contest$/);
  });
});

describe('7: messages', () => {
  it('format lists are complete; compile without a game does not suggest --tree', async () => {
    const [fmt, noGame] = await Promise.all([
      cli(['export', '--format', 'contest', '--game', 'bullscows'], { trees: empty }),
      cli(['compile', '--len', '4'], { trees: empty }),
    ]);
    expectOneLine(fmt, 2, /^guesstree: --format contest is not a format of bullscows \(paths, json, html, proof\)$/);
    expectOneLine(
      noGame,
      2,
      /^guesstree: no game given: use --game \(one of lingo, wordle, mastermind, matchcount, hangman, bullscows, or a game module file such as \.\/my-game\.mjs\)$/,
    );
    expect(noGame.stderr).not.toMatch(/--tree/);
  });

  it('numbers of four digits or more have thousands separators in compile, verify and stats text', async () => {
    const out = join(dir, 'sep.gtree');
    const [c, v, s] = await Promise.all([
      cli(['compile', '--game', 'lingo', '--len', '4', '--wordlist', list, '--effort', 'greedy', '--out', out], {
        trees: empty,
      }),
      cli(['verify', '--tree', tree, '--wordlist', list], { trees: empty }),
      cli(['stats', '--tree', tree, '--wordlist', list], { trees: empty }),
    ]);
    for (const r of [c, v, s]) expect(r.code, r.stderr).toBe(0);
    // The total score of a hundred words is in the thousands: written 12,345, never 12345.
    expect(v.stdout).toMatch(/^total score: \d{1,3}(,\d{3})+$/m);
    expect(c.stdout).toMatch(/\(total \d{1,3}(,\d{3})+\)/);
    for (const r of [c, v, s]) {
      const text = r.stdout.split(dir).join('DIR');
      expect(text).not.toMatch(/(?<![\d.,])\d{4,}(?![\d.])/);
    }
  });

  it('plurals: "1 bull and 5 cows", "1 black and 3 whites"; the code games have no list of secrets', async () => {
    const [bc, mm, mmImpossible] = await Promise.all([
      cli(['play', '--game', 'bullscows', '--digits', '4', '--symbols', '6'], { trees: empty, input: '1 5\n' }),
      cli(['play', '--game', 'mastermind', '--pegs', '3', '--colors', '3'], { trees: empty, input: '1 3\n' }),
      (async () => {
        // A reply no code gives to the opener: read the opener first.
        const first = await cli(['play', '--game', 'mastermind', '--pegs', '3', '--colors', '3'], {
          trees: empty,
          input: '',
        });
        const opener = /^guess 1: ([A-C]+)$/m.exec(first.stdout)?.[1] as string;
        const given = new Set(mmCodes(3, 3).map((s) => mmReply(opener, s).join('')));
        const bad = ['03', '12', '02', '11', '01'].find((r) => !given.has(r) && r !== '21') as string;
        expect(bad, opener).toBeDefined();
        return {
          run: await cli(['play', '--game', 'mastermind', '--pegs', '3', '--colors', '3'], {
            trees: empty,
            input: `${bad}\n`,
          }),
          opener,
          bad,
        };
      })(),
    ]);
    // No tree ships for these in the temp folder: each run compiles one in memory and says so first.
    const errors = (r: Run): string[] => lines(r.stderr).filter((l) => !/compiling one now/.test(l));
    expect(bc.code).toBe(5);
    expect(errors(bc)).toEqual(['guesstree: reply "1 5": 1 bull and 5 cows are more than 4 symbols']);
    expect(mm.code).toBe(5);
    expect(errors(mm)).toEqual(['guesstree: reply "1 3": 1 black and 3 whites are more than 3 pegs']);
    const { run, opener, bad } = mmImpossible;
    expect(run.code, run.stderr).toBe(5);
    expect(errors(run)).toEqual([`guesstree: impossible reply ${bad} to ${opener}: no code gives it`]);
  });
});

describe('9: install scripts', () => {
  it('every dependency with an install script is decided in package.json allowScripts (npm ci warns of none)', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      allowScripts?: Record<string, boolean>;
    };
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { hasInstallScript?: boolean }>;
    };
    const withScripts = Object.entries(lock.packages)
      .filter(([, p]) => p.hasInstallScript === true)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(withScripts.length).toBeGreaterThan(0);
    for (const name of withScripts)
      expect(typeof pkg.allowScripts?.[name], `${name} has an install script`).toBe('boolean');
  });
});
