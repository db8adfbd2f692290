/**
 * The explorer's figures, exported by the CLI (`export --format html`) and opened in Chromium
 * (Debian's /usr/bin/chromium driven by playwright-core, as test/explorer.test.ts does; skipped
 * in one line when it is absent): MM(5,8)'s lower bound as its compile recorded it, counts with
 * thousands separators on the distribution's bars, and a game file's page titled by its name.
 * The bar counts are checked against an independent count of `export --format paths`.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, parsePaths, removeDir, ROOT, tempDir } from './support/e2e.js';

const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) console.warn(`explorer-figures: skipped: ${CHROMIUM} is absent (apt-get install -y chromium)`);

const MM58 = join(ROOT, 'trees', 'mastermind-p5c8.gtree');
const HILO = join(ROOT, 'trees', 'hilo-100-93d4e5c77838.gtree');
const HILO_GAME = join(ROOT, 'scripts', 'examples', 'hilo.mjs');

describe.skipIf(!haveChromium)('the explorer: recorded bounds, grouped counts, a game file by its name', () => {
  let dir: string;
  let context: BrowserContext;
  let depths: Map<number, number>;
  const pages = new Map<string, Page>();

  beforeAll(async () => {
    dir = tempDir('explorer-figures');
    const trees = join(dir, 'trees');
    const runs = await Promise.all([
      cli(['export', '--format', 'html', '--tree', MM58, '--out', join(dir, 'mm58.html')], { trees }),
      cli(['export', '--format', 'html', '--tree', HILO, '--game', HILO_GAME, '--out', join(dir, 'hilo.html')], {
        trees,
      }),
      cli(['export', '--format', 'paths', '--tree', MM58], { trees }),
    ]);
    for (const r of runs) expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    depths = new Map();
    for (const p of parsePaths(runs[2]!.stdout).values()) depths.set(p.length, (depths.get(p.length) ?? 0) + 1);
    const { chromium } = await import('playwright-core');
    context = await chromium.launchPersistentContext(join(dir, 'profile'), {
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
      viewport: { width: 1000, height: 800 },
    });
    for (const name of ['mm58', 'hilo']) {
      const page = await context.newPage();
      await page.goto(`file://${join(dir, `${name}.html`)}`);
      await page.waitForSelector('html[data-ready="true"]', { timeout: 30_000 });
      pages.set(name, page);
    }
  }, 90_000);

  afterAll(async () => {
    await context?.close();
    removeDir(dir);
  });

  it('MM(5,8): the summary has the replayed total and the lower bound its compile recorded', async () => {
    const lines = await (pages.get('mm58') as Page).locator('#summary-lines li').allTextContents();
    let total = 0;
    let secrets = 0;
    for (const [d, k] of depths) {
      total += d * k;
      secrets += k;
    }
    expect(lines[0]).toBe(
      `total guesses ${total.toLocaleString('en-US')}, mean ${(total / secrets).toFixed(4)} a secret, max depth ${Math.max(...depths.keys())}`,
    );
    expect(lines).toContain('recorded by its compile: no strategy needs fewer than 173,406 guesses in all');
    expect(lines).toContain('not proven optimal: the best tree found with effort polish; a better one may exist');
  });

  it('MM(5,8): every bar says its count with thousands separators, as the paths count them', async () => {
    const page = pages.get('mm58') as Page;
    const bars = await page
      .locator('#histogram-svg g[data-label]')
      .evaluateAll((gs) => gs.map((g) => [g.getAttribute('data-label'), g.querySelector('text.hc')?.textContent]));
    const expected = [...depths.keys()]
      .sort((a, b) => a - b)
      .map((d) => [`${d} guess${d === 1 ? '' : 'es'}`, (depths.get(d) as number).toLocaleString('en-US')]);
    expect(bars).toEqual(expected);
    // The tree's 5-guess count has five digits, so its bar and the title show a separator.
    const five = (depths.get(5) as number).toLocaleString('en-US');
    expect(five).toMatch(/^\d\d,\d{3}$/);
    expect(bars).toContainEqual(['5 guesses', five]);
    expect(await page.textContent('#histogram-title')).toContain(`5 guesses ${five}`);
  });

  it('a game file: titled by its name, not as "file (name: …)"', async () => {
    const page = pages.get('hilo') as Page;
    expect(await page.textContent('h1')).toBe('hilo-100 (maxGuesses: 7)');
    expect(await page.title()).toBe('hilo-100 (maxGuesses: 7) — guesstree explorer');
  });
});
