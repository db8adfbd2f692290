/**
 * A new game with a new reply kind (test/fixtures/higher-lower/, known to nothing outside its
 * folder): its module brings its replies' functions, and the explorer page renders its tree
 * and plays it. In Node: the page's reply functions with the fixture's kind against the game's
 * own replies. In Chromium (skipped in one line when /usr/bin/chromium is absent): every
 * secret's path in the page is the tree's, the reply reads in the kind's own words, a game is
 * played through to the solution by typing the replies, and an impossible reply is refused.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { childOf } from '../runtime/tree-walker.js';
import type { TreeFile } from '../runtime/tree-format.js';
import { headerOf } from '../compiler/commands/compile.js';
import { replyName, replyOf, solvedCodeOf } from '../compiler/emit/explorer-client.js';
import { explorerInputOf } from '../compiler/emit/explorer-input.js';
import { renderExplorer } from '../compiler/emit/explorer.js';
import type { LoadedGame } from '../compiler/games/module.js';
import { compileLoaded } from '../compiler/pool/driver.js';
import { threadExecutor } from '../compiler/pool/thread-executor.js';
import { removeDir, tempDir } from './support/e2e.js';
import { higherLowerModule } from './fixtures/higher-lower/module.js';

const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) console.warn(`explorer-module: the browser tests are skipped: ${CHROMIUM} is absent (apt-get install -y chromium)`);

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
  const outcome = await compileLoaded(loaded, { effort: 'exact', workers: 1, options: loaded.options, executor: threadExecutor });
  file = { header: headerOf(loaded, outcome.tree, outcome.settings, outcome.objectiveExtra), tree: outcome.tree };
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
  });
});

describe.skipIf(!haveChromium)('a module reply kind, in Chromium', () => {
  let context: BrowserContext;
  let page: Page;
  let profile: string;
  const errors: string[] = [];
  const requests: string[] = [];

  beforeAll(async () => {
    const { chromium } = await import('playwright-core');
    profile = tempDir('explorer-module-chromium');
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      viewport: { width: 375, height: 740 },
    });
    const path = join(dir, 'higher-lower.html');
    writeFileSync(path, renderExplorer(explorerInputOf(loaded, file)));
    page = await context.newPage();
    page.on('request', (r) => requests.push(r.url()));
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`file://${path}`);
    await page.waitForSelector('html[data-ready]');
  }, 60_000);
  afterAll(async () => {
    await context?.close();
    if (profile) removeDir(profile);
  });

  it("renders: every secret's path is the tree's, each reply in the kind's own words", async () => {
    expect(errors).toEqual([]);
    expect(await page.getAttribute('html', 'data-ready')).toBe('true');
    const secrets = Array.from({ length: MAX }, (_, s) => loaded.game.secretName(s));
    const got = await page.evaluate((list: readonly string[]) => {
      const input = document.getElementById('search') as HTMLInputElement;
      return list.map((n) => {
        input.value = n;
        input.dispatchEvent(new Event('input', { bubbles: true }));
        return Array.from(document.querySelectorAll('#path li')).map((li) => [li.getAttribute('data-guess'), li.textContent ?? '']);
      });
    }, secrets);
    secrets.forEach((n, s) => {
      const rows = got[s]!;
      expect([n, rows.map((r) => r[0])]).toEqual([n, treePath(s)]);
      // The describe function's words: "above 20 ↑" / "below 20 ↓" / "17 it is".
      rows.forEach(([g, text], i) => {
        const want = i === rows.length - 1 ? `${g} it is` : Number(n) > Number(g) ? `above ${g} \u2191` : `below ${g} \u2193`;
        expect(text).toContain(want);
      });
    });
    expect(requests.filter((u) => !u.startsWith('file://'))).toEqual([]);
  });

  it('plays: replies typed by their names reach the secret in the tree\'s guesses; an impossible reply is refused', async () => {
    await page.click('#play-restart');
    const secret = 27;
    const path = treePath(secret - 1);
    const played: string[] = [];
    for (let turn = 0; turn < 10; turn++) {
      if ((await page.getAttribute('#play', 'data-state')) !== 'playing') break;
      const guess = (await page.getAttribute('#play', 'data-guess')) as string;
      played.push(guess);
      const reply = Number(guess) === secret ? '=' : secret > Number(guess) ? 'higher' : 'lower';
      await page.fill('#play-text', reply);
      await page.click('#play-submit');
    }
    expect(await page.getAttribute('#play', 'data-state')).toBe('solved');
    expect(played).toEqual(path);
    await page.click('#play-restart');
    await page.fill('#play-text', 'sideways');
    await page.click('#play-submit');
    expect(await page.textContent('#play-error')).toMatch(/"sideways" is not a reply of this game/);
    // Toward secret 1: "lower" each time, until the guess is 1 itself; nothing is below it.
    const toOne = treePath(0);
    for (const g of toOne.slice(0, -1)) {
      expect(await page.getAttribute('#play', 'data-guess')).toBe(g);
      await page.fill('#play-text', 'lower');
      await page.click('#play-submit');
    }
    expect(await page.getAttribute('#play', 'data-guess')).toBe('1');
    await page.fill('#play-text', 'lower');
    await page.click('#play-submit');
    expect(await page.textContent('#play-error')).toMatch(/^impossible reply lower to 1: no secret in the list gives it/);
    expect(await page.getAttribute('#play', 'data-state')).toBe('playing');
    expect(errors).toEqual([]);
  });
});
