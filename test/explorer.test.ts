/**
 * The tree explorer (compiler/emit/explorer.ts): one self-contained HTML page per tree.
 *
 * Without a browser: the page's own reply functions against the runtime's Lingo kernel and
 * plain references, its replay against `export --format paths`, and the page text itself (the
 * embedded script parses, names and titles cannot end the script element, no address outside
 * the page). In Chromium (Debian's /usr/bin/chromium driven by playwright-core; skipped in one
 * line when it is absent), for a small tree of each game — Lingo, Wordle, Mastermind,
 * match-count and Hangman compiled by the CLI, Bulls and Cows and 13-letter Lingo built here —
 * every secret searched and its path compared with the CLI's export, the distribution, the tree
 * browser opened from the keyboard, one game played through the play mode to the solution, an
 * impossible reply rejected, no request but the file itself, and no horizontal scrolling at a
 * phone's 375 px.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { encodeLetters, LingoFeedback, maskToCode, referenceMask } from '../runtime/lingo-feedback.js';
import { readTreeFile, type TreeArrays } from '../runtime/tree-format.js';
import { renderExplorer, type ExplorerInput, type ExplorerRules } from '../compiler/emit/explorer.js';
import { explorerInputOf } from '../compiler/emit/explorer-input.js';
import { findModule } from '../compiler/games/registry.js';
import { matchCountRules } from '../compiler/games/matchcount/explorer.js';
import { bullsCowsRules } from '../compiler/games/bullscows/explorer.js';
import { hangmanRules } from '../compiler/games/hangman/explorer.js';
import { mastermindRules } from '../compiler/games/mastermind/explorer.js';
import { wordMaskRules } from '../compiler/games/word-mask-explorer.js';
import { computeStats, histogramOf, replaySecret, replyOf, type Model } from '../compiler/emit/explorer-client.js';
import { cli, CLUSTER, lines, normalized, randomWords, removeDir, rng, tempDir, writeList } from './support/e2e.js';
import { BULLSCOWS_VECTORS, LINGO_VECTORS, mastermindReference } from './support/references.js';

const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium)
  console.warn(`explorer: the browser tests are skipped: ${CHROMIUM} is absent (apt-get install -y chromium)`);

// ---------------------------------------------------------------------------------------------
// Plain references, written here

function bullsCows(guess: string, secret: string): [number, number] {
  let bulls = 0;
  let cows = 0;
  for (let i = 0; i < guess.length; i++) {
    if (guess[i] === secret[i]) bulls++;
    else if (secret.includes(guess[i])) cows++;
  }
  return [bulls, cows];
}
function positions(word: string, letter: string): number {
  let m = 0;
  for (let p = 0; p < word.length; p++) if (word[p] === letter) m |= 1 << p;
  return m;
}
function sameLetters(a: string, b: string): number {
  let k = 0;
  for (let p = 0; p < a.length; p++) if (a[p] === b[p]) k++;
  return k;
}
/** The data of the built-in reply kinds (word masks, Mastermind, Bulls and Cows, Hangman). */
function dataOf(rules: ExplorerRules): { length: number; pegs: number; digits: number; lives: number } {
  return rules.data as { length: number; pegs: number; digits: number; lives: number };
}

/** The reply code of the rules' game, from the references above. */
function referenceCode(rules: ExplorerRules, guess: string, secret: string): number {
  switch (rules.name) {
    case 'word-mask':
      return maskToCode(referenceMask(secret, guess), dataOf(rules).length);
    case 'mastermind': {
      const [b, w] = mastermindReference(guess, secret);
      return b * (dataOf(rules).pegs + 1) + w;
    }
    case 'bulls-cows': {
      const [b, c] = bullsCows(guess, secret);
      return b * (dataOf(rules).digits + 1) + c;
    }
    case 'hangman':
      return positions(secret, guess);
    default:
      if (rules.name === 'match-count') return sameLetters(guess, secret);
      throw new Error(
        `no reference for the ${rules.name} kind's ${guess}/${secret} here: test/explorer-module.test.ts and test/file-game.test.ts check it against its game`,
      );
  }
}

/** Bulls and Cows codes: `digits` distinct symbols of 0..symbols-1, in string order. */
function bullsCowsNames(digits: number, symbols: number): string[] {
  const out: string[] = [];
  const go = (prefix: string): void => {
    if (prefix.length === digits) return void out.push(prefix);
    for (let d = 0; d < symbols; d++) if (!prefix.includes(String(d))) go(prefix + String(d));
  };
  go('');
  return out;
}

/**
 * A tree built here for games the CLI does not compile: guess the first secret still possible
 * (at most `maxDepth` guesses), nodes in preorder, replies ascending, the solved reply left out.
 */
function firstCandidateTree(
  secrets: readonly string[],
  guesses: readonly string[],
  reply: (g: string, s: string) => number,
  solved: number,
  maxDepth: number,
): TreeArrays {
  interface Plan {
    guess: number;
    kids: Array<[number, Plan]>;
  }
  const build = (set: string[], depth: number): Plan => {
    const g = set[0];
    const groups = new Map<number, string[]>();
    if (depth < maxDepth) {
      for (const s of set) {
        const c = reply(g, s);
        if (c === solved) continue;
        if (!groups.has(c)) groups.set(c, []);
        groups.get(c)!.push(s);
      }
    }
    const kids = [...groups.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([c, sub]) => [c, build(sub, depth + 1)] as [number, Plan]);
    return { guess: guesses.indexOf(g), kids };
  };
  const root = build([...secrets], 1);
  const order: Plan[] = [];
  const visit = (p: Plan): void => {
    order.push(p);
    p.kids.forEach(([, k]) => {
      visit(k);
    });
  };
  visit(root);
  const id = new Map(order.map((p, i) => [p, i]));
  const edgeStart = [0];
  const codes: number[] = [];
  const child: number[] = [];
  for (const p of order) {
    for (const [c, k] of p.kids) {
      codes.push(c);
      child.push(id.get(k)!);
    }
    edgeStart.push(codes.length);
  }
  return {
    guess: Uint32Array.from(order, (p) => p.guess),
    edgeStart: Uint32Array.from(edgeStart),
    edgeCode: Uint32Array.from(codes),
    edgeChild: Uint32Array.from(child),
  };
}

/** The paths a tree plays, walked here with the reference replies (for the trees built here). */
function referencePaths(input: ExplorerInput): Map<string, string[]> {
  const { rules, tree } = input;
  const out = new Map<string, string[]>();
  const limit = rules.name === 'word-mask' ? rules.attempts! : 1000;
  for (const s of input.secrets) {
    const path: string[] = [];
    let node = 0;
    for (let a = 1; a <= limit; a++) {
      const g = input.guesses[tree.guess[node]];
      path.push(g);
      const c = referenceCode(rules, g, s);
      if (g === s || a === limit) break;
      let next = -1;
      for (let e = tree.edgeStart[node]; e < tree.edgeStart[node + 1]; e++)
        if (tree.edgeCode[e] === c) next = tree.edgeChild[e];
      if (next < 0) throw new Error(`no branch for ${s}`);
      node = next;
    }
    out.set(s, path);
  }
  return out;
}

function parseExport(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of lines(text)) {
    const [secret, path] = line.split('\t');
    if (!secret || !path) throw new Error(`malformed paths line ${JSON.stringify(line)}`);
    out.set(secret, path.split(' '));
  }
  return out;
}

function modelOfInput(input: ExplorerInput, metric: Model['metric'] = 'guesses'): Model {
  return { rules: input.rules, metric, secrets: input.secrets, guesses: input.guesses, tree: input.tree };
}

// ---------------------------------------------------------------------------------------------
// The cases: a small tree of every game

/** Mastermind's codes in code order: "AAA", "AAB", ... (base `colors`, first peg most significant). */
function mastermindNames(pegs: number, colors: number): string[] {
  const out: string[] = [];
  for (let code = 0; code < colors ** pegs; code++) {
    let s = '';
    let rest = code;
    for (let i = 0; i < pegs; i++) {
      s = String.fromCharCode(65 + (rest % colors)) + s;
      rest = Math.floor(rest / colors);
    }
    out.push(s);
  }
  return out;
}

interface Case {
  readonly name: string;
  readonly input: ExplorerInput;
  /** secret -> guesses in order, from `export --format paths` (or walked here for trees built here). */
  readonly paths: Map<string, string[]>;
  readonly file?: string;
}

let dir: string;
let cases: Case[] = [];
let casesReady: Promise<Case[]> | null = null;

async function exported(args: string[], trees: string): Promise<Map<string, string[]>> {
  const r = await cli(['export', '--format', 'paths', ...args], { trees, timeoutMs: 60_000 });
  if (r.code !== 0) throw new Error(`export ${args.join(' ')}: ${r.stderr}`);
  return parseExport(r.stdout);
}
async function compiled(args: string[], out: string, trees: string): Promise<void> {
  const r = await cli(['compile', ...args, '--out', out, '--workers', '1'], { trees, timeoutMs: 90_000 });
  if (r.code !== 0) throw new Error(`compile ${args.join(' ')}: ${r.stderr}`);
}

/** Compile the trees (in two lanes: the machine has two cores) and build every case. */
async function buildCases(): Promise<Case[]> {
  dir = tempDir('explorer');
  const trees = join(dir, 'trees');
  mkdirSync(trees);
  const rand = rng(843);
  const lingoWords = [...randomWords(rand, 50, 4), ...CLUSTER];
  const lingoList = writeList(join(dir, 'lingo.txt'), lingoWords);
  const answers = randomWords(rand, 24, 5, 'abcdeilmnorst');
  const allowed = randomWords(rand, 40, 5, 'abcdeilmnorst', new Set(answers));
  const answersList = writeList(join(dir, 'answers.txt'), answers);
  const allowedList = writeList(join(dir, 'allowed.txt'), allowed);
  const mcList = writeList(join(dir, 'mc.txt'), ['# match-count words', ...randomWords(rand, 30, 6, 'abcdef')]);
  const hmWords = randomWords(rand, 80, 4, 'abcdeghilmnoprstu');
  const hmList = writeList(join(dir, 'hangman.txt'), hmWords);
  const file = (n: string) => join(dir, `${n}.gtree`);

  const laneA = (async () => {
    await compiled(['--game', 'hangman', '--len', '4', '--wordlist', hmList], file('hangman'), trees);
  })();
  const laneB = (async () => {
    await compiled(
      ['--game', 'lingo', '--len', '4', '--wordlist', lingoList, '--effort', 'greedy'],
      file('lingo'),
      trees,
    );
    await compiled(['--game', 'wordle', '--answers', answersList, '--guesses', allowedList], file('wordle'), trees);
    await compiled(['--game', 'mastermind', '--pegs', '3', '--colors', '3'], file('mastermind'), trees);
    await compiled(['--game', 'matchcount', '--wordlist', mcList], file('matchcount'), trees);
  })();
  await Promise.all([laneA, laneB]);

  // The page's input from the game's module; the CLI's `export --format html` must give that very page.
  const fromFile = async (name: string, opts: Record<string, string | number>, listArgs: string[]): Promise<Case> => {
    const input = explorerInputOf(findModule(name).load(opts), readTreeFile(file(name)));
    const html = join(dir, `${name}.html`);
    const r = await cli(['export', '--format', 'html', '--tree', file(name), ...listArgs, '--out', html], { trees });
    expect(r.code, r.stderr).toBe(0);
    // The same data as the module gives (the embedded script's text depends on the transpiler).
    const data = (page: string): string =>
      /<script type="application\/json" id="explorer-data">(.*?)<\/script>/s.exec(page)?.[1] ?? '';
    expect(data(readFileSync(html, 'utf8'))).toBe(data(renderExplorer(input)));
    expect(data(renderExplorer(input)).length).toBeGreaterThan(100);
    return { name, input, paths: await exported(['--tree', file(name), ...listArgs], trees), file: file(name) };
  };
  const built: Case[] = [
    await fromFile('lingo', { len: 4, wordlist: lingoList }, ['--wordlist', lingoList]),
    await fromFile('wordle', { answers: answersList, guesses: allowedList }, [
      '--answers',
      answersList,
      '--guesses',
      allowedList,
    ]),
    await fromFile('mastermind', { pegs: 3, colors: 3 }, []),
    await fromFile('matchcount', { wordlist: mcList }, ['--wordlist', mcList]),
    await fromFile('hangman', { len: 4, wordlist: hmList }, ['--wordlist', hmList]),
  ];
  // Games the CLI does not compile (yet): trees built here.
  const bcRules = bullsCowsRules(3, 5);
  const bcNames = bullsCowsNames(3, 5);
  const bcInput: ExplorerInput = {
    title: 'bulls-cows-3x5',
    game: 'bullscows',
    params: { digits: 3, symbols: 5 },
    lists: [],
    summary: ['first code still possible (built by the test)'],
    toolVersion: 'test',
    secrets: bcNames,
    guesses: bcNames,
    rules: bcRules,
    tree: firstCandidateTree(bcNames, bcNames, (g, s) => referenceCode(bcRules, g, s), 3 * 4, 100),
  };
  const longRules = wordMaskRules(13, 5);
  const longNames = normalized(randomWords(rand, 40, 13, 'abcde'));
  const longInput: ExplorerInput = {
    title: 'lingo-len13-test',
    game: 'lingo',
    params: { length: 13, attempts: 5 },
    lists: [{ role: 'words', count: longNames.length, sha256: '0'.repeat(64) }],
    summary: ['first word still possible (built by the test)'],
    toolVersion: 'test',
    secrets: longNames,
    guesses: longNames,
    rules: longRules,
    metric: 'score',
    tree: firstCandidateTree(longNames, longNames, (g, s) => referenceCode(longRules, g, s), 3 ** 13 - 1, 5),
  };
  built.push(
    { name: 'bulls-cows', input: bcInput, paths: referencePaths(bcInput) },
    { name: 'lingo-13', input: longInput, paths: referencePaths(longInput) },
  );
  return built;
}

function allCases(): Promise<Case[]> {
  casesReady ??= buildCases().then((c) => (cases = c));
  return casesReady;
}

afterAll(() => removeDir(dir));

// ---------------------------------------------------------------------------------------------

describe('the page logic, in Node', () => {
  beforeAll(async () => {
    await allCases();
  });

  it("word masks: the page gives the runtime kernel's reply for every pair, duplicate letters included", () => {
    const rand = rng(5);
    for (const len of [4, 5, 7]) {
      const words = normalized(randomWords(rand, 60, len, `aabbc${'de'.slice(0, len - 4)}`));
      const kernel = new LingoFeedback(encodeLetters(words, len), len);
      const rules = wordMaskRules(len, 5);
      for (let g = 0; g < words.length; g++) {
        for (let s = 0; s < words.length; s++) {
          const want = kernel.feedback(g, s);
          if (replyOf(rules, words[g], words[s]) !== want)
            expect({ guess: words[g], secret: words[s], got: replyOf(rules, words[g], words[s]) }).toEqual({
              guess: words[g],
              secret: words[s],
              got: want,
            });
        }
      }
    }
    // The harness's examples: greens first, then yellows left to right while copies remain.
    for (const [secret, guess, mask] of LINGO_VECTORS)
      expect(replyOf(wordMaskRules(secret.length, 5), guess, secret)).toBe(maskToCode(mask, secret.length));
  });

  it("Mastermind, Bulls and Cows, Hangman and match-count: the page's replies equal plain references", () => {
    const mm = mastermindRules(4, 4);
    const codes = mastermindNames(4, 4);
    const wrong = codes.flatMap((g) =>
      codes.filter((s) => replyOf(mm, g, s) !== referenceCode(mm, g, s)).map((s) => `${g}/${s}`),
    );
    expect(wrong).toEqual([]);
    // Bulls and Cows test vectors (../shared/bullscows/README.md): secret, guess -> bulls cows.
    const bc = bullsCowsRules(4, 10);
    for (const [secret, guess, b, c] of BULLSCOWS_VECTORS) expect(replyOf(bc, guess, secret)).toBe(b * 5 + c);
    const hm = hangmanRules(6, 6);
    expect(replyOf(hm, 'a', 'banana')).toBe(0b101010);
    expect(replyOf(hm, 'z', 'banana')).toBe(0);
    const mc: ExplorerRules = matchCountRules(6);
    expect(replyOf(mc, 'acckzz', 'ccbazz')).toBe(3);
  });

  it("the page's replay plays every secret as `export --format paths` does", () => {
    for (const c of cases) {
      const model = modelOfInput(c.input);
      expect(c.paths.size, c.name).toBe(c.input.secrets.length);
      c.input.secrets.forEach((name, s) => {
        const o = replaySecret(model, s);
        expect([name, o.guesses.map((g) => c.input.guesses[g])]).toEqual([name, c.paths.get(name)]);
        expect(o.missing).toBe(false);
      });
    }
    // Lingo's cluster words cannot all be found in 5 guesses: their paths list all 5.
    const lingo = cases.find((c) => c.name === 'lingo')!;
    const notFound = [...lingo.paths].filter(([s, p]) => p[p.length - 1] !== s);
    expect(notFound.length).toBeGreaterThanOrEqual(6);
    for (const [, p] of notFound) expect(p).toHaveLength(5);
  });

  it('the distribution and the subtree statistics add up', () => {
    const lingo = cases.find((c) => c.name === 'lingo')!;
    const model = modelOfInput(lingo.input, 'score');
    const stats = computeStats(model);
    const bins = histogramOf(model, stats);
    expect(bins.map((b) => b.label)).toEqual([
      '1 guess',
      '2 guesses',
      '3 guesses',
      '4 guesses',
      '5 guesses',
      'not found',
    ]);
    const found = [...lingo.paths].filter(([s, p]) => p[p.length - 1] === s);
    expect(bins[5].count).toBe(lingo.paths.size - found.length);
    for (let a = 1; a <= 5; a++) expect(bins[a - 1].count).toBe(found.filter(([, p]) => p.length === a).length);
    const score = found.reduce((t, [, p]) => t + 100 * (6 - p.length), 0);
    expect(stats.count[0]).toBe(lingo.input.secrets.length);
    expect(stats.sum[0]).toBe(score);
    const hm = cases.find((c) => c.name === 'hangman')!;
    const hs = computeStats(modelOfInput(hm.input, 'misses'));
    let misses = 0;
    for (const [s, p] of hm.paths) misses += p.filter((l) => !s.includes(l)).length;
    expect(hs.sum[0]).toBe(misses);
  });

  it("the summary in each game's words, its figures replayed from the tree", () => {
    const summary = (name: string) => cases.find((c) => c.name === name)!.input.summary.join('\n');
    expect(summary('lingo')).toMatch(
      /^mean score \d+\.\d{4} a word \(total [\d,]+\); [\d,]+ words of 61 found, within \d guesses/,
    );
    expect(summary('wordle')).toMatch(/^total guesses \d+, mean \d\.\d{4} a secret, max depth \d/);
    expect(summary('mastermind')).toMatch(
      /^total guesses 73, mean 2\.7037 a secret, max depth 4\nrecorded by its compile: proven optimal/,
    );
    expect(summary('matchcount')).toMatch(
      /^worst case \d+ guesses, recorded by its compile as (proven optimal|best lower bound proven \d+)/,
    );
    expect(summary('hangman')).toMatch(
      /^mean misses \d\.\d{4} a word \(total [\d,]+, most \d+\); words won with 6 lives: \d+ of 80/,
    );
    const rulesOf = (name: string) => cases.find((c) => c.name === name)!.input.rules;
    expect([rulesOf('hangman').name, rulesOf('hangman').data, rulesOf('hangman').attempts]).toEqual([
      'hangman',
      { length: 4, lives: 6 },
      26,
    ]);
    expect([rulesOf('wordle').name, rulesOf('wordle').data, rulesOf('wordle').attempts]).toEqual([
      'word-mask',
      { length: 5 },
      6,
    ]);
  });

  it('the page text: one file, the script parses, nothing outside the page is named, names cannot end the script', () => {
    const mm = cases.find((c) => c.name === 'mastermind')!;
    const evil: ExplorerInput = {
      ...mm.input,
      title: 'x</script><script>alert(1)</script>',
      summary: ['a <b> & "c" </script>'],
    };
    const html = renderExplorer(evil);
    expect(html).toBe(renderExplorer(evil));
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).not.toContain('<b>');
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(scripts).toHaveLength(1);
    expect(() => new Function(scripts[0])).not.toThrow();
    const data = /<script type="application\/json" id="explorer-data">([\s\S]*?)<\/script>/.exec(html)![1];
    expect(JSON.parse(data).title).toBe(evil.title);
    // The only address in the page is the SVG namespace (a name, never fetched).
    expect([...html.matchAll(/\b(?:https?|wss?|ftp):\/\/[^\s"'`)]*/g)].map((m) => m[0])).toEqual([
      'http://www.w3.org/2000/svg',
    ]);
    expect(html).not.toMatch(/<(?:link|img|iframe)[^>]*\s(?:src|href)="(?!data:)/);
    // Bad input: a guess index past the names is one clear error.
    expect(() => renderExplorer({ ...mm.input, guesses: ['AAA'] })).toThrow(/past the 1 guess names/);
  });
});

// ---------------------------------------------------------------------------------------------

describe.skipIf(!haveChromium)('the page in Chromium', () => {
  let context: BrowserContext;
  let profile: string;
  const pages = new Map<string, { page: Page; requests: string[]; url: string; errors: string[] }>();

  beforeAll(async () => {
    const { chromium } = await import('playwright-core');
    profile = tempDir('explorer-chromium');
    const [, launched] = await Promise.all([
      allCases(),
      chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM,
        headless: true,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
        viewport: { width: 375, height: 740 },
      }),
    ]);
    context = launched;
    for (const c of cases) {
      const path = join(dir, `${c.name}.html`);
      writeFileSync(path, renderExplorer(c.input));
      const page = await context.newPage();
      const url = `file://${path}`;
      const requests: string[] = [];
      const errors: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(url);
      await page.waitForSelector('html[data-ready]');
      pages.set(c.name, { page, requests, url, errors });
    }
  });
  afterAll(async () => {
    await context?.close();
    removeDir(profile);
  });

  const each = (title: string, fn: (c: Case, page: Page) => Promise<void>) => {
    for (const name of ['lingo', 'wordle', 'mastermind', 'matchcount', 'hangman', 'bulls-cows', 'lingo-13']) {
      it(`${name}: ${title}`, async () => {
        const c = cases.find((x) => x.name === name)!;
        const p = pages.get(name)!;
        // A background tab gets few animation frames, which every click waits for.
        await p.page.bringToFront();
        expect(p.errors).toEqual([]);
        expect(await p.page.getAttribute('html', 'data-ready')).toBe('true');
        await fn(c, p.page);
      });
    }
  };

  each("every secret's path in the page is the exported path", async (c, page) => {
    const names = c.input.secrets;
    const got = await page.evaluate((list: readonly string[]) => {
      const input = document.getElementById('search') as HTMLInputElement;
      return list.map((n) => {
        input.value = n;
        input.dispatchEvent(new Event('input', { bubbles: true }));
        return Array.from(document.querySelectorAll('#path li')).map((li) => li.getAttribute('data-guess'));
      });
    }, names);
    names.forEach((n, i) => {
      expect([n, got[i]]).toEqual([n, c.paths.get(n)]);
    });
    // Typed by a person: any case, then an unknown name.
    const secret = names[Math.floor(names.length / 2)];
    await page.fill('#search', '');
    await page
      .locator('#search')
      .pressSequentially(secret.toUpperCase() === secret ? secret.toLowerCase() : secret.toUpperCase());
    await page.keyboard.press('Enter');
    expect(await page.locator('#path li').evaluateAll((els) => els.map((e) => e.getAttribute('data-guess')))).toEqual(
      c.paths.get(secret),
    );
    expect(await page.textContent('#path-status')).toContain(secret);
    await page.fill('#search', 'nosuchsecret');
    expect(await page.textContent('#path-status')).toMatch(/No secret named "nosuchsecret"/);
    expect(await page.locator('#path li').count()).toBe(0);
  });

  each('the distribution is drawn from the paths', async (c, page) => {
    const bars = await page
      .locator('#histogram svg g[data-label]')
      .evaluateAll((gs) => gs.map((g) => [g.getAttribute('data-label'), Number(g.getAttribute('data-count'))]));
    const want = new Map<string, number>();
    const add = (label: string) => want.set(label, (want.get(label) ?? 0) + 1);
    for (const [s, p] of c.paths) {
      if (c.input.rules.name === 'hangman') {
        const m = p.filter((l) => !s.includes(l)).length;
        add(`${m} ${m === 1 ? 'miss' : 'misses'}`);
      } else if (p[p.length - 1] === s) add(`${p.length} ${p.length === 1 ? 'guess' : 'guesses'}`);
      else add('not found');
    }
    for (const [label, count] of bars as Array<[string, number]>)
      expect([label, count]).toEqual([label, want.get(label) ?? 0]);
    expect((bars as Array<[string, number]>).reduce((t, [, k]) => t + k, 0)).toBe(c.paths.size);
    if (c.input.rules.name === 'word-mask') expect(bars.map((b) => b[0])).toContain('not found');
    expect(await page.locator('#summary-lines li').allTextContents()).toEqual(c.input.summary);
    expect(await page.textContent('[data-field="game"]')).toBe(c.input.game);
  });

  each('the tree browser opens from the keyboard, lazily, and its counts add up', async (c, page) => {
    const rows = page.locator('#tree > .node-body > ul.replies > li');
    const texts = await rows.evaluateAll((els) => els.map((e) => e.textContent ?? ''));
    let total = 0;
    for (const t of texts) {
      const m = /(\d+) secrets?/.exec(t);
      total += m ? Number(m[1]) : /solved|revealed/.test(t) ? 1 : 0;
    }
    expect(total).toBe(c.input.secrets.length);
    const first = page.locator('#tree > .node-body > ul.replies > li > details.reply-row').first();
    const firstSummary = first.locator(':scope > summary');
    const child = Number(await first.getAttribute('data-node'));
    expect(await page.locator(`.node-body[data-node="${child}"]`).count()).toBe(0);
    await firstSummary.focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector(`.node-body[data-node="${child}"]`);
    expect(await first.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    // The secrets reaching that child are those whose exported path gives that reply to the first guess.
    const reply = await first.getAttribute('data-reply');
    const firstGuess = c.input.guesses[c.input.tree.guess[0]];
    const expectedCount = [...c.paths].filter(
      ([s, p]) => p.length > 1 && referenceName(c.input.rules, referenceCode(c.input.rules, firstGuess, s)) === reply,
    ).length;
    expect(/(\d+) secrets?/.exec((await firstSummary.textContent()) ?? '')?.[1]).toBe(String(expectedCount));
    // The hardest secrets of the whole tree: the first one needs the most guesses (or misses).
    const hardest = page.locator('#tree > .node-body > details.hardest');
    await hardest.locator(':scope > summary').click();
    const top = await hardest.locator('li').first().getAttribute('data-secret');
    const cost = (s: string, p: string[]) =>
      c.input.rules.name === 'hangman'
        ? p.filter((l) => !s.includes(l)).length * 64 + p.length
        : p[p.length - 1] === s
          ? p.length
          : 1e9;
    const worst = Math.max(...[...c.paths].map(([s, p]) => cost(s, p)));
    expect(cost(top!, c.paths.get(top!)!)).toBe(worst);
    expect(await hardest.locator('li').count()).toBe(Math.min(5, c.input.secrets.length));
  });

  each('play mode: a whole game to the solution, and an impossible reply rejected', async (c, page) => {
    const rules = c.input.rules;
    // The secret with the longest path that the tree solves.
    const solvedPaths = [...c.paths].filter(([s, p]) => rules.name === 'hangman' || p[p.length - 1] === s);
    const [secret, path] = solvedPaths.reduce((a, b) => (b[1].length > a[1].length ? b : a));
    await page.click('#play-restart');
    const play = page.locator('#play');
    // An impossible reply first: one that no secret gives to the first guess.
    const g0 = (await play.getAttribute('data-guess'))!;
    const given = new Set(c.input.secrets.map((s) => referenceCode(rules, g0, s)));
    const impossible = allCodes(rules).find((code) => !given.has(code) && code !== solvedCode(rules));
    const blank = rules.name === 'hangman' ? '_'.repeat(dataOf(rules).length) : '';
    if (impossible !== undefined) {
      await enterReply(page, rules, g0, impossible, blank);
      await page.click('#play-submit');
      expect(await page.textContent('#play-error')).toMatch(
        rules.name === 'mastermind' || rules.name === 'bulls-cows'
          ? /^(impossible reply .*: no code gives it|.*cannot happen)/
          : /^(impossible reply .*: no secret in the list gives it|.*cannot happen|.*already revealed)/,
      );
      expect(await play.getAttribute('data-guess')).toBe(g0);
      expect(await play.getAttribute('data-state')).toBe('playing');
      await page.click('#play-restart');
    }
    const played: string[] = [];
    let pattern = blank;
    for (let turn = 0; turn < 30 && (await play.getAttribute('data-state')) === 'playing'; turn++) {
      const g = (await play.getAttribute('data-guess'))!;
      played.push(g);
      const code = referenceCode(rules, g, secret);
      await enterReply(page, rules, g, code, pattern);
      if (rules.name === 'hangman') pattern = [...pattern].map((ch, p) => (code & (1 << p) ? g : ch)).join('');
      if (turn === 0) {
        await page.focus('#play-submit');
        await page.keyboard.press('Enter');
      } else await page.click('#play-submit');
      expect(await page.textContent('#play-error')).toBe('');
      const left = Number(await play.getAttribute('data-candidates'));
      const consistent = c.input.secrets.filter((s) =>
        played.every((pg) => referenceCode(rules, pg, s) === referenceCode(rules, pg, secret)),
      );
      if ((await play.getAttribute('data-state')) === 'playing') expect(left).toBe(consistent.length);
    }
    expect(await play.getAttribute('data-state')).toBe('solved');
    expect(played).toEqual(path);
    expect(await page.textContent('#play-status')).toContain(`Solved in ${path.length} guess`);
    expect(await page.textContent('#play-status')).toContain(secret);
    // Undo goes back one reply.
    await page.click('#play-undo');
    expect(await play.getAttribute('data-state')).toBe('playing');
    expect(await play.getAttribute('data-guess')).toBe(path[path.length - 1]);
  });

  each('nothing is fetched, and nothing scrolls sideways at 375 px', async (c, page) => {
    // Open a few rows of the tree and show the longest path: the widest content the page has.
    const longest = [...c.paths].reduce((a, b) => (b[1].length > a[1].length ? b : a))[0];
    await page.fill('#search', longest);
    const rows = page.locator('#tree > .node-body > ul.replies > li > details.reply-row');
    for (let i = 0; i < 3 && i < (await rows.count()); i++) {
      const row = rows.nth(i);
      if (!(await row.evaluate((d) => (d as HTMLDetailsElement).open))) await row.locator(':scope > summary').click();
      const inner = row.locator(':scope > .node-body > ul.replies > li > details.reply-row').first();
      if ((await inner.count()) > 0 && !(await inner.evaluate((d) => (d as HTMLDetailsElement).open)))
        await inner.locator(':scope > summary').click();
    }
    const width = await page.evaluate(() => ({
      doc: document.documentElement.scrollWidth,
      body: document.body.scrollWidth,
      view: window.innerWidth,
    }));
    expect(width.view).toBe(375);
    expect(width.doc).toBeLessThanOrEqual(375);
    expect(width.body).toBeLessThanOrEqual(375);
    const p = pages.get(c.name)!;
    expect(p.requests).toEqual([p.url]);
    // Every input has a label.
    const unlabeled = await page.evaluate(() =>
      Array.from(document.querySelectorAll('input'))
        .filter((i) => !i.labels || i.labels.length === 0)
        .map((i) => i.id),
    );
    expect(unlabeled).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Entering replies as a person does

function referenceName(rules: ExplorerRules, code: number): string {
  switch (rules.name) {
    case 'word-mask': {
      let s = '';
      for (let p = 0, rest = code; p < dataOf(rules).length; p++, rest = Math.floor(rest / 3)) s = 'X?O'[rest % 3] + s;
      return s;
    }
    case 'mastermind':
      return `${Math.floor(code / (dataOf(rules).pegs + 1))}${code % (dataOf(rules).pegs + 1)}`;
    case 'bulls-cows':
      return `${Math.floor(code / (dataOf(rules).digits + 1))}A${code % (dataOf(rules).digits + 1)}B`;
    case 'hangman':
      return code === 0
        ? '-'
        : [...Array(dataOf(rules).length).keys()]
            .filter((p) => code & (1 << p))
            .map((p) => p + 1)
            .join(',');
    default:
      return rules.fns.name(rules.data, code);
  }
}

function solvedCode(rules: ExplorerRules): number {
  switch (rules.name) {
    case 'word-mask':
      return 3 ** dataOf(rules).length - 1;
    case 'mastermind':
      return dataOf(rules).pegs * (dataOf(rules).pegs + 1);
    case 'bulls-cows':
      return dataOf(rules).digits * (dataOf(rules).digits + 1);
    case 'hangman':
      return -1;
    default:
      return rules.fns.solved(rules.data);
  }
}

/** Replies a person could type for the game (a few thousand at most for the cases here). */
function allCodes(rules: ExplorerRules): number[] {
  switch (rules.name) {
    case 'word-mask':
      return [...Array(Math.min(3 ** dataOf(rules).length, 3 ** 6)).keys()];
    case 'mastermind':
    case 'bulls-cows': {
      const p = rules.name === 'mastermind' ? dataOf(rules).pegs : dataOf(rules).digits;
      const out: number[] = [];
      for (let b = 0; b <= p; b++) for (let w = 0; b + w <= p; w++) out.push(b * (p + 1) + w);
      // (p-1, 1) first: the page must reject it as a reply that cannot happen.
      return [(p - 1) * (p + 1) + 1, ...out];
    }
    case 'hangman':
      return [...Array(2 ** dataOf(rules).length).keys()];
    default:
      return [...Array(rules.fns.codes(rules.data)).keys()];
  }
}

async function enterReply(
  page: Page,
  rules: ExplorerRules,
  guess: string,
  code: number,
  pattern: string,
): Promise<void> {
  switch (rules.name) {
    case 'word-mask': {
      const mask = referenceName(rules, code);
      for (let p = 0; p < dataOf(rules).length; p++) {
        const tile = page.locator(`#play-tile-${p + 1}`);
        const want = mask[p];
        // Cycle X -> ? -> O, by mouse on even positions and by keyboard (Space) on odd ones.
        for (let k = 0; k < 3 && (await tile.getAttribute('data-state')) !== want; k++) {
          if (p % 2 === 0) await tile.click();
          else {
            await tile.focus();
            await page.keyboard.press('Space');
          }
        }
        expect(await tile.getAttribute('data-state')).toBe(want);
      }
      return;
    }
    case 'mastermind':
      await page.fill('#play-blacks', String(Math.floor(code / (dataOf(rules).pegs + 1))));
      await page.fill('#play-whites', String(code % (dataOf(rules).pegs + 1)));
      return;
    case 'bulls-cows':
      await page.fill('#play-bulls', String(Math.floor(code / (dataOf(rules).digits + 1))));
      await page.fill('#play-cows', String(code % (dataOf(rules).digits + 1)));
      return;
    case 'hangman':
      for (let p = 0; p < dataOf(rules).length; p++) {
        const box = page.locator(`#play-pos-${p + 1}`);
        if (pattern[p] !== '_') {
          expect(await box.isDisabled()).toBe(true);
          continue;
        }
        await box.setChecked((code & (1 << p)) !== 0);
      }
      void guess;
      return;
    default:
      if (rules.numberReply) await page.fill('#play-count', String(code));
      else await page.fill('#play-text', rules.fns.name(rules.data, code));
      return;
  }
}
