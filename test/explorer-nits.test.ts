/**
 * The explorer page as a newcomer reads it, exported by the CLI
 * (`export --format html`) and opened in Chromium (Debian's /usr/bin/chromium driven by
 * playwright-core, as test/explorer.test.ts does; skipped in one line when it is absent):
 * parameters in words (no raw `false`), one title pattern for every game, the tree's reply rows
 * in line whatever their keys, the Play section above the tree, and a summary that says when a
 * tree is not proven optimal. GUESSTREE_TREES is a temporary folder.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { cli, randomWords, removeDir, rng, tempDir, writeList } from './support/e2e.js';

const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) console.warn(`explorer-nits: skipped: ${CHROMIUM} is absent (apt-get install -y chromium)`);

describe.skipIf(!haveChromium)('8: explorer nits, in Chromium', () => {
  let dir: string;
  let context: BrowserContext;
  const pages = new Map<string, Page>();

  beforeAll(async () => {
    dir = tempDir('explorer-nits');
    const trees = join(dir, 'trees');
    mkdirSync(trees);
    const rand = rng(8);
    const answers = writeList(join(dir, 'answers.txt'), randomWords(rand, 40, 5, 'aelnorst'));
    const guesses = writeList(join(dir, 'guesses.txt'), randomWords(rand, 30, 5, 'aelnorstcdiu'));
    const wordle = ['--game', 'wordle', '--answers', answers, '--guesses', guesses];
    const mm = ['--game', 'mastermind', '--pegs', '3', '--colors', '3'];
    const [w, m] = await Promise.all([
      cli(['compile', ...wordle, '--effort', 'greedy', '--out', join(dir, 'w.gtree')], { trees }),
      cli(['compile', ...mm, '--out', join(dir, 'm.gtree')], { trees }),
    ]);
    expect(w.code, w.stderr).toBe(0);
    expect(m.code, m.stderr).toBe(0);
    const [wh, mh] = await Promise.all([
      cli(
        [
          'export',
          '--tree',
          join(dir, 'w.gtree'),
          '--answers',
          answers,
          '--guesses',
          guesses,
          '--format',
          'html',
          '--out',
          join(dir, 'wordle.html'),
        ],
        { trees },
      ),
      cli(['export', '--tree', join(dir, 'm.gtree'), '--format', 'html', '--out', join(dir, 'mastermind.html')], {
        trees,
      }),
    ]);
    expect(wh.code, wh.stderr).toBe(0);
    expect(mh.code, mh.stderr).toBe(0);
    const { chromium } = await import('playwright-core');
    context = await chromium.launchPersistentContext(join(dir, 'profile'), {
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
      viewport: { width: 1000, height: 800 },
    });
    for (const name of ['wordle', 'mastermind']) {
      const page = await context.newPage();
      await page.goto(`file://${join(dir, `${name}.html`)}`);
      await page.waitForSelector('html[data-ready="true"]');
      pages.set(name, page);
    }
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    removeDir(dir);
  });

  it('parameters in words: no raw true/false; one title pattern for every game', async () => {
    const w = pages.get('wordle') as Page;
    const m = pages.get('mastermind') as Page;
    expect(await w.textContent('[data-field="params"]')).toBe('length: 5, attempts: 6, hard: no');
    expect(await w.textContent('#summary')).not.toMatch(/\b(true|false)\b/);
    const titles = [await w.textContent('h1'), await m.textContent('h1')];
    expect(titles).toEqual(['wordle (length: 5, attempts: 6, hard: no)', 'mastermind (pegs: 3, colors: 3)']);
    expect(await m.title()).toBe('mastermind (pegs: 3, colors: 3) — guesstree explorer');
  });

  it('the reply rows of the tree line up, the "0 black, 0 white" one too', async () => {
    const m = pages.get('mastermind') as Page;
    const rows = m.locator('#tree > .node-body > ul.replies > li .reply-text');
    const texts = await rows.allTextContents();
    expect(texts).toContain('0 black, 0 white');
    const lefts = await rows.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().left)));
    expect(new Set(lefts).size, JSON.stringify(texts.map((t, i) => [t, lefts[i]]))).toBe(1);
  });

  it('the Play section comes before the tree, however far the tree is opened', async () => {
    const m = pages.get('mastermind') as Page;
    const rows = m.locator('#tree > .node-body > ul.replies > li > details.reply-row');
    for (let i = 0; i < (await rows.count()); i++) await rows.nth(i).locator(':scope > summary').click();
    const top = async (sel: string) => m.locator(sel).evaluate((e) => e.getBoundingClientRect().top + window.scrollY);
    expect(await top('#play')).toBeLessThan(await top('#browser'));
    expect(await top('#play')).toBeGreaterThan(await top('#find'));
  });

  it('a tree that is not proven optimal says so in its summary; a proven one does not', async () => {
    const w = (await (pages.get('wordle') as Page).textContent('#summary-lines')) ?? '';
    const m = (await (pages.get('mastermind') as Page).textContent('#summary-lines')) ?? '';
    expect(w).toMatch(/not proven optimal: the best tree found with effort greedy; a better one may exist/);
    expect(m).toMatch(/proven optimal/);
    expect(m).not.toMatch(/not proven optimal/);
  });
});
