/**
 * `npm run bench:explorer`: the tree explorer's pages for the shipped trees — Wordle (normal and
 * hard; names from ../shared/wordle/answers.txt and allowed.txt), MM(5,8) (codes generated) and
 * Lingo length 9 (../shared/lingo/wordlist.txt) — written to a temporary folder, each with its
 * render time and file size, then loaded in Chromium (/usr/bin/chromium, driven by
 * playwright-core): the load time from navigation start to the page's ready flag (set once the
 * data is decoded, every secret replayed and the first render done), median and worst of 3
 * loads in fresh tabs. Goals: under 2 s a page, Lingo 9 under 10 MB.
 *
 * The pages stay in the folder printed at the end (`--keep`), else they are removed.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { renderExplorer } from '../compiler/emit/explorer.js';
import { explorerInputOf } from '../compiler/emit/explorer-input.js';
import { resolveTree } from '../compiler/commands/resolve.js';

const repo = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const shared = join(repo, '..', 'shared');
const CHROMIUM = '/usr/bin/chromium';
const RUNS = 3;
const LOAD_GOAL_MS = 2000;
const SIZE_GOAL = 10 * 2 ** 20;

const { values } = parseArgs({ options: { keep: { type: 'boolean', default: false } }, strict: true });

/** A shipped tree by its game options (the lists' hashes must match, as for every verb). */
interface Job {
  readonly label: string;
  readonly args: Record<string, unknown>;
}

const wordle = join(shared, 'wordle');
const lingo = join(shared, 'lingo', 'wordlist.txt');
const haveWordle = existsSync(join(wordle, 'answers.txt')) && existsSync(join(wordle, 'allowed.txt'));
const haveLingo = existsSync(lingo);
if (!haveWordle || !haveLingo)
  console.log(
    `bench:explorer: the Wordle and Lingo pages are skipped: ${shared} (../shared/) is absent or lacks ${!haveWordle ? 'wordle/answers.txt, allowed.txt' : 'lingo/wordlist.txt'}`,
  );
const jobs: Job[] = [];
if (haveWordle) {
  for (const hard of [false, true])
    jobs.push({
      label: hard ? 'wordle-hard' : 'wordle',
      args: {
        game: 'wordle',
        answers: join(wordle, 'answers.txt'),
        guesses: join(wordle, 'allowed.txt'),
        hard: hard || undefined,
      },
    });
}
jobs.push({ label: 'MM(5,8)', args: { game: 'mastermind', pegs: '5', colors: '8' } });
if (haveLingo) jobs.push({ label: 'lingo-len9', args: { game: 'lingo', len: '9', wordlist: lingo } });

const out = mkdtempSync(join(tmpdir(), 'guesstree-bench-explorer-'));
interface Rendered {
  readonly job: Job;
  readonly html: string;
  readonly bytes: number;
  readonly renderMs: number;
  readonly secrets: number;
  readonly nodes: number;
}
const rendered: Rendered[] = [];
for (const job of jobs) {
  const r = await resolveTree('export', job.args, { warn: (l) => console.log(l) });
  const t0 = performance.now();
  const html = renderExplorer(explorerInputOf(r.loaded, r.file));
  const renderMs = performance.now() - t0;
  const htmlPath = join(out, `${r.loaded.slug}.html`);
  writeFileSync(htmlPath, html);
  rendered.push({
    job,
    html: htmlPath,
    bytes: Buffer.byteLength(html),
    renderMs,
    secrets: r.loaded.game.secretCount,
    nodes: r.file.tree.guess.length,
  });
}

const haveChromium = existsSync(CHROMIUM);
console.log(`bench:explorer on ${availableParallelism()} cores; pages in ${out}`);
if (!haveChromium)
  console.log(`bench:explorer: load times skipped: ${CHROMIUM} is absent (apt-get install -y chromium)`);

const loads = new Map<string, number[]>();
if (haveChromium && rendered.length) {
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(join(tmpdir(), 'guesstree-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
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
  });
  try {
    for (const r of rendered) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const page = await context.newPage();
        let requests = 0;
        page.on('request', () => requests++);
        await page.goto(`file://${r.html}`);
        await page.waitForSelector('html[data-ready]', { state: 'attached', timeout: 60_000 });
        const ready = await page.getAttribute('html', 'data-ready');
        const state = await page.evaluate(() => ({
          at: (globalThis as unknown as { explorerReadyAt?: number }).explorerReadyAt ?? NaN,
          error: (globalThis as unknown as { explorerError?: string }).explorerError ?? '',
        }));
        if (ready !== 'true') throw new Error(`${r.html}: the page failed: ${state.error}`);
        if (requests !== 1) throw new Error(`${r.html}: ${requests} requests, expected the file's own load only`);
        times.push(state.at);
        await page.close();
      }
      loads.set(r.html, times);
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const mib = (b: number) => `${(b / 2 ** 20).toFixed(2)} MiB`;
const pad = (s: string, n: number) => s.padEnd(n);
console.log(
  `${pad('page', 12)} ${pad('secrets', 8)} ${pad('nodes', 8)} ${pad('size', 10)} ${pad('render', 8)} ${pad(`load (median / worst of ${RUNS})`, 28)} goal`,
);
for (const r of rendered) {
  const t = (loads.get(r.html) ?? []).slice().sort((a, b) => a - b);
  const median = t[Math.floor(t.length / 2)];
  const worst = t[t.length - 1];
  const load =
    median === undefined || worst === undefined
      ? '-'
      : `${(median / 1000).toFixed(2)} s / ${(worst / 1000).toFixed(2)} s`;
  const goals = [r.bytes < SIZE_GOAL ? 'size ok' : 'SIZE OVER 10 MiB'];
  if (worst !== undefined) goals.push(worst < LOAD_GOAL_MS ? 'load ok' : 'LOAD OVER 2 s');
  console.log(
    `${pad(r.job.label, 12)} ${pad(String(r.secrets), 8)} ${pad(String(r.nodes), 8)} ${pad(mib(r.bytes), 10)} ${pad(`${Math.round(r.renderMs)} ms`, 8)} ${pad(load, 28)} ${goals.join(', ')}`,
  );
}
if (values.keep) console.log(`pages kept in ${out}`);
else rmSync(out, { recursive: true, force: true });
