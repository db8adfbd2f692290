/**
 * A new game with a new reply kind (test/fixtures/higher-lower/, known to nothing outside its
 * folder and listed in no registry): its module brings its replies' functions, their drawing,
 * a board (the range still possible), the play mode's inputs (radio buttons) and their
 * reading, its texts and style, and the explorer page renders its tree and plays it. In Node:
 * the page's reply functions with the fixture's kind against the game's own replies. In
 * Chromium (skipped in one line when /usr/bin/chromium is absent): every secret's path in the
 * page is the tree's, each reply drawn in the kind's own words with the range it leaves, the
 * kind's texts and style on the page, a game played through to the solution with the kind's
 * radio buttons, an empty and an impossible reply refused; and the same game's page through
 * the file game's own kind (replies typed by name), played the same way.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { childOf } from '../runtime/tree-walker.js';
import type { TreeFile } from '../runtime/tree-format.js';
import { headerOf } from '../compiler/commands/compile.js';
import { boardAfter, replyName, replyOf, solvedCodeOf } from '../compiler/emit/explorer-client.js';
import { explorerInputOf } from '../compiler/emit/explorer-input.js';
import { renderExplorer } from '../compiler/emit/explorer.js';
import type { LoadedGame } from '../compiler/games/module.js';
import { compileLoaded } from '../compiler/pool/driver.js';
import { threadExecutor } from '../compiler/pool/thread-executor.js';
import { removeDir, tempDir } from './support/e2e.js';
import { loadedOf } from '../compiler/games/file/module.js';
import { higherLowerDefinition, higherLowerModule } from './fixtures/higher-lower/module.js';

const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium)
  console.warn(`explorer-module: the browser tests are skipped: ${CHROMIUM} is absent (apt-get install -y chromium)`);

const MAX = 40;
let loaded: LoadedGame;
let file: TreeFile;
const dir = tempDir('explorer-module');

/** The tree's path for `secret` (guess names), walked with the game's own replies. */
function treePath(secret: number): string[] {
  const { game } = loaded;
  const out: string[] = [];
  let node = 0;
  while (node >= 0) {
    const g = file.tree.guess[node];
    out.push(game.guessName(g));
    const code = game.feedback(g, secret);
    if (code === game.solvedCode) break;
    node = childOf(file.tree, node, code);
  }
  return out;
}

beforeAll(async () => {
  loaded = higherLowerModule.load({ max: MAX });
  const outcome = await compileLoaded(loaded, {
    effort: 'exact',
    workers: 1,
    options: loaded.options,
    executor: threadExecutor,
  });
  file = { header: headerOf(loaded, outcome), tree: outcome.tree };
});
afterAll(() => removeDir(dir));

describe('a module reply kind, in Node', () => {
  it("the page's reply functions give the game's own codes and names", () => {
    const rules = loaded.explorerRules();
    expect(rules.name).toBe('higher-lower');
    const { game } = loaded;
    expect(solvedCodeOf(rules)).toBe(game.solvedCode);
    for (let g = 0; g < game.guessCount; g++) {
      for (let s = 0; s < game.secretCount; s++) {
        const code = game.feedback(g, s);
        expect(replyOf(rules, game.guessName(g), game.secretName(s))).toBe(code);
        expect(replyName(rules, code)).toBe(game.codeName(code));
      }
    }
    // An exact binary search: no secret needs more than ceil(log2(MAX + 1)) guesses.
    const worst = Math.max(...Array.from({ length: MAX }, (_, s) => treePath(s).length));
    expect(worst).toBe(Math.ceil(Math.log2(MAX + 1)));
    // The board: the range still possible narrows to the secret along its path.
    for (let s = 0; s < MAX; s++) {
      let board: string | null = rules.fns.boardStart!(rules.data);
      for (const g of treePath(s))
        board = boardAfter(rules, board, { guess: g, code: replyOf(rules, g, game.secretName(s)) });
      expect([s, board]).toEqual([s, `${s + 1}-${s + 1}`]);
    }
  });
});

/** The range "lo–hi" a path leaves after each of its guesses, worked out here. */
function rangesAlong(secret: number, path: readonly string[]): string[] {
  let lo = 1;
  let hi = MAX;
  return path.map((g) => {
    const n = Number(g);
    if (secret > n) lo = n + 1;
    else if (secret < n) hi = n - 1;
    else lo = hi = n;
    return `${lo}\u2013${hi}`;
  });
}

describe.skipIf(!haveChromium)('a module reply kind, in Chromium', () => {
  let context: BrowserContext;
  let page: Page;
  let plain: Page;
  let profile: string;
  const errors: string[] = [];
  const requests: string[] = [];

  beforeAll(async () => {
    const { chromium } = await import('playwright-core');
    profile = tempDir('explorer-module-chromium');
    context = await chromium.launchPersistentContext(profile, {
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
    });
    const open = async (name: string, game: LoadedGame): Promise<Page> => {
      const path = join(dir, `${name}.html`);
      writeFileSync(path, renderExplorer(explorerInputOf(game, file)));
      const p = await context.newPage();
      p.on('request', (r) => requests.push(r.url()));
      p.on('pageerror', (e) => errors.push(String(e)));
      await p.goto(`file://${path}`);
      await p.waitForSelector('html[data-ready]');
      return p;
    };
    page = await open('higher-lower', loaded);
    // The same game and tree through the file game's own reply kind (its reply table).
    plain = await open('higher-lower-table', loadedOf(higherLowerDefinition(MAX), {}, null));
  }, 60_000);
  afterAll(async () => {
    await context?.close();
    if (profile) removeDir(profile);
  });

  it("renders: every secret's path is the tree's, each reply in the kind's own words and board", async () => {
    await page.bringToFront();
    expect(errors).toEqual([]);
    expect(await page.getAttribute('html', 'data-ready')).toBe('true');
    const secrets = Array.from({ length: MAX }, (_, s) => loaded.game.secretName(s));
    const got = await page.evaluate((list: readonly string[]) => {
      const input = document.getElementById('search') as HTMLInputElement;
      return list.map((n) => {
        input.value = n;
        input.dispatchEvent(new Event('input', { bubbles: true }));
        const rows = Array.from(document.querySelectorAll('#path li')).map((li) => [
          li.getAttribute('data-guess'),
          li.textContent ?? '',
          li.querySelector('.reply.hl .hl-number')?.textContent ?? '',
        ]);
        return { rows, status: document.getElementById('path-status')!.textContent };
      });
    }, secrets);
    secrets.forEach((n, s) => {
      const { rows, status } = got[s];
      const path = treePath(s);
      expect([n, rows.map((r) => r[0])]).toEqual([n, path]);
      expect(status).toBe(`${n}: hit on guess ${path.length}`);
      // The view's words: "above 20 ↑" / "below 20 ↓" / "17 it is", the range left, the guess drawn by guessView.
      const ranges = rangesAlong(s + 1, path);
      rows.forEach(([g, text, number], i) => {
        const want =
          i === rows.length - 1 ? `${g} it is` : Number(n) > Number(g) ? `above ${g} \u2191` : `below ${g} \u2193`;
        expect(text).toContain(want);
        expect(text).toContain(`secret in ${ranges[i]}`);
        expect(number).toBe(`#${g}`);
      });
    });
    // The kind's texts and style: the play help, the distribution's caption, the tree's end rows.
    expect(await page.textContent('#play .hint')).toBe(
      `Play your own game: think of a number from 1 to ${MAX}; for each guess choose higher, lower or =, then submit.`,
    );
    expect(await page.textContent('#histogram-title')).toMatch(/^Guesses per number: 1 guess 1, 2 guesses 2, /);
    expect(await page.locator('#tree > .node-body > ul.replies > li.end').textContent()).toContain(
      `hit: ${loaded.game.guessName(file.tree.guess[0])}`,
    );
    expect(
      await page
        .locator('#path .hl-number')
        .first()
        .evaluate((e) => getComputedStyle(e).fontWeight),
    ).toBe('700');
    expect(requests.filter((u) => !u.startsWith('file://'))).toEqual([]);
  });

  it("plays with the kind's own inputs: to the secret in the tree's guesses; an empty and an impossible reply refused", async () => {
    await page.bringToFront();
    await page.click('#play-restart');
    const secret = 27;
    const path = treePath(secret - 1);
    const played: string[] = [];
    for (let turn = 0; turn < 10; turn++) {
      if ((await page.getAttribute('#play', 'data-state')) !== 'playing') break;
      const guess = (await page.getAttribute('#play', 'data-guess')) as string;
      played.push(guess);
      expect(await page.textContent('#play-reply .hint')).toContain(
        `The secret is in ${turn === 0 ? `1\u2013${MAX}` : rangesAlong(secret, path)[turn - 1]}.`,
      );
      await page.check(
        Number(guess) === secret ? '#hl-reply-found' : secret > Number(guess) ? '#hl-reply-higher' : '#hl-reply-lower',
      );
      await page.click('#play-submit');
      expect(await page.textContent('#play-error')).toBe('');
    }
    expect(await page.getAttribute('#play', 'data-state')).toBe('solved');
    expect(played).toEqual(path);
    expect(await page.textContent('#play-status')).toBe(`Solved in ${path.length} guesses: ${secret}.`);
    expect(await page.locator('#play-history li').last().textContent()).toContain(`${secret} it is`);
    await page.click('#play-restart');
    await page.click('#play-submit');
    expect(await page.textContent('#play-error')).toBe('choose higher, lower or =');
    // Toward secret 1: "lower" each time, until the guess is 1 itself; nothing is below it.
    const toOne = treePath(0);
    for (const g of toOne.slice(0, -1)) {
      expect(await page.getAttribute('#play', 'data-guess')).toBe(g);
      await page.check('#hl-reply-lower');
      await page.click('#play-submit');
    }
    expect(await page.getAttribute('#play', 'data-guess')).toBe('1');
    await page.check('#hl-reply-lower');
    await page.click('#play-submit');
    expect(await page.textContent('#play-error')).toMatch(
      new RegExp(`^impossible reply lower to 1: no number from 1 to ${MAX} gives it`),
    );
    expect(await page.getAttribute('#play', 'data-state')).toBe('playing');
    expect(errors).toEqual([]);
  });

  it("the file game's own kind: replies typed by their names reach the secret; an unknown one refused", async () => {
    await plain.bringToFront();
    expect(await plain.getAttribute('html', 'data-ready')).toBe('true');
    await plain.click('#play-restart');
    const secret = 27;
    const played: string[] = [];
    for (let turn = 0; turn < 10; turn++) {
      if ((await plain.getAttribute('#play', 'data-state')) !== 'playing') break;
      const guess = (await plain.getAttribute('#play', 'data-guess')) as string;
      played.push(guess);
      await plain.fill('#play-text', Number(guess) === secret ? '=' : secret > Number(guess) ? 'higher' : 'lower');
      await plain.click('#play-submit');
    }
    expect(await plain.getAttribute('#play', 'data-state')).toBe('solved');
    expect(played).toEqual(treePath(secret - 1));
    await plain.click('#play-restart');
    await plain.fill('#play-text', 'sideways');
    await plain.click('#play-submit');
    expect(await plain.textContent('#play-error')).toMatch(/"sideways" is not a reply of this game/);
    expect(errors).toEqual([]);
  });
});
