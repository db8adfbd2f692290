/**
 * `npm run bench:wordle`: the default-effort Wordle search on the original lists
 * (../shared/wordle/), normal and hard mode, in this thread (one core): every compared opener
 * with its total, the best tree's total, mean and maximum depth (replayed), compile time and
 * peak memory, next to the published optima; then the shipped trees, when there are any.
 *
 * What is proven and what is not: an opener's total is achieved by a tree (replayed for the
 * best), so it is an upper bound of that opener's optimum; it is that optimum only when every
 * allowed guess was tried at every node below (widths at least the guess count). The only
 * lower bound for any tree is the opener bound (n answers split into k groups cost at least
 * 3n - k, one less when the guess can be the answer), maximised over every guess.
 *
 * `-- --mode normal|hard|both --widths 12,100 --answers FILE --guesses FILE`; `--exact OPENER`
 * searches below that one opener with every allowed guess at every node: its exact optimum.
 */
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { findEntry, readManifest, treesDir } from '../runtime/manifest.js';
import { checkTreeMatches, readTreeFile } from '../runtime/tree-format.js';
import { flattenPlan, type Plan } from '../compiler/engine/plan.js';
import { SearchEngine } from '../compiler/engine/search.js';
import type { CandidateRanker } from '../compiler/engine/candidate-ranker.js';
import { rankedAt } from '../compiler/engine/top-k.js';
import type { RankedGuess } from '../compiler/engine/types.js';
import { wordleProbes, type WordleGame } from '../compiler/games/wordle/game.js';
import { loadWordleGame, wordleEffort, wordleParts, WORDLE_GUESS_COST } from '../compiler/games/wordle/module.js';
import { replayAll } from '../compiler/replay.js';
import { guessTotals } from '../compiler/objective.js';

/** Published proven optima (../shared/wordle/README.md). */
const PUBLISHED: Record<'normal' | 'hard', { total: number; opener: string }> = {
  normal: { total: 7920, opener: 'salet' },
  hard: { total: 8122, opener: 'salet' },
};

const repo = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const shared = join(repo, '..', 'shared', 'wordle');
const { values } = parseArgs({
  options: {
    mode: { type: 'string', default: 'both' },
    widths: { type: 'string' },
    exact: { type: 'string' },
    answers: { type: 'string', default: join(shared, 'answers.txt') },
    guesses: { type: 'string', default: join(shared, 'allowed.txt') },
  },
  strict: true,
});
if (!existsSync(values.answers) || !existsSync(values.guesses)) {
  console.log(`bench:wordle: skipped: the lists ${values.answers} and ${values.guesses} are absent (they live in ../shared/)`);
  process.exit(0);
}
const modes = values.mode === 'both' ? (['normal', 'hard'] as const) : ([values.mode] as Array<'normal' | 'hard'>);
for (const m of modes) if (m !== 'normal' && m !== 'hard') throw new Error(`--mode ${String(m)}: normal, hard or both`);
const effort = wordleEffort('default');
const FULL = Number.MAX_SAFE_INTEGER;
const widths = values.exact !== undefined ? [1, FULL, FULL, FULL, FULL, FULL] : values.widths ? values.widths.split(',').map(Number) : effort.widths;

console.log(`bench:wordle on ${availableParallelism()} cores (search on 1; load average ${loadavg().map((x) => x.toFixed(1)).join(' ')} at start)`);
console.log(`lists: ${values.answers}, ${values.guesses}; widths by guesses used ${widths.map((w) => (w === FULL ? 'all' : String(w))).join('/')}${values.exact !== undefined ? ` (--exact ${values.exact})` : values.widths ? ' (overridden)' : ' (default effort)'}`);

/**
 * Total guesses over the found answers, sixth guesses and answers not found, from an engine
 * cost (a guess costs WORDLE_GUESS_COST, a 6th one more, an answer not found a million guesses).
 */
function split(cost: number): { guesses: number; sixths: number; unfound: number } {
  const unfoundCost = 1_000_000 * WORDLE_GUESS_COST;
  const unfound = Math.floor(cost / unfoundCost);
  const rest = cost - unfound * unfoundCost;
  return { guesses: Math.floor(rest / WORDLE_GUESS_COST), sixths: rest % WORDLE_GUESS_COST, unfound };
}

function totalText(s: { guesses: number; unfound: number }): string {
  return s.unfound ? `${s.unfound} not found (${s.guesses} over the rest)` : String(s.guesses);
}

function bench(mode: 'normal' | 'hard'): void {
  const t0 = process.hrtime.bigint();
  const game: WordleGame = loadWordleGame(values.answers, values.guesses, mode === 'hard');
  const parts = wordleParts(game, { effort: effort.name, probes: wordleProbes(game) });
  const engine = new SearchEngine({ ...parts, effort: { ...parts.effort, widthsByUsed: widths } });
  const ranker = parts.ranker as CandidateRanker;
  const all = Uint32Array.from({ length: game.secretCount }, (_, i) => i);
  const root = { used: 0, state: parts.moves.root };
  const ranking = engine.rank(all, root);
  let openers: RankedGuess[] = ranking.optimal ? [ranking.optimal] : Array.from({ length: ranking.top.length }, (_, i) => rankedAt(ranking.top, i));
  if (values.exact !== undefined) {
    const g = game.guesses!.indexOf(values.exact);
    if (g < 0) throw new Error(`--exact ${values.exact}: not a guess of the lists`);
    const bound = ranker.guessBound(g, all, 0);
    openers = [{ guess: g, at: 0, bound, key1: bound, key2: 0 }];
  }
  const setup = Number(process.hrtime.bigint() - t0) / 1e9;
  const exactBelow = widths.slice(1, game.maxAttempts - 2).every((w) => w >= game.guessCount) && widths.length >= game.maxAttempts - 2;
  console.log(`\n== ${mode} mode: ${game.secretCount} answers, ${game.guessCount} guesses; setup (byte table, ranking every opener) ${setup.toFixed(1)} s`);
  console.log('rank | opener | groups | opener bound | total | sixth guesses | what the total is | seconds');
  let best: { plan: Plan; cost: number; opener: string } | null = null;
  const rows: Array<{ opener: string; cost: number; text: string }> = [];
  for (const [i, r] of openers.entries()) {
    const t = process.hrtime.bigint();
    const v = engine.evaluate(r.guess, all, root);
    if (!v) throw new Error(`opener ${game.guessName(r.guess)}: no plan`);
    const s = split(v.cost);
    const groups = engine.partitioner.split(r.guess, all).codes.length;
    const lower = split(r.bound).guesses;
    rows.push({ opener: game.guessName(r.guess), cost: v.cost, text: totalText(s) });
    console.log(
      [i + 1, game.guessName(r.guess), groups, lower, totalText(s), s.sixths, exactBelow ? 'exact for this opener' : 'upper bound (a tree reaches it)', (Number(process.hrtime.bigint() - t) / 1e9).toFixed(1)].join(' | '),
    );
    if (best === null || v.cost < best.cost) best = { plan: v.plan, cost: v.cost, opener: game.guessName(r.guess) };
  }
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const tree = flattenPlan(best!.plan);
  const s = replayAll(game, tree);
  const totals = guessTotals(s);
  const anyTree = split(ranking.setBound).guesses;
  const published = PUBLISHED[mode];
  const sorted = rows.slice().sort((a, b) => a.cost - b.cost);
  console.log(`best opener ${best!.opener}: total ${totals.totalGuesses} (replayed), mean ${totals.meanGuesses.toFixed(4)}, max depth ${s.maxFound}, depth histogram ${s.histogram.slice(1).join('/')}, not found ${s.histogram[0]}; ${tree.guess.length} nodes`);
  console.log(`runners-up: ${sorted.slice(1, 6).map((r) => `${r.opener} ${r.text}`).join(', ')}`);
  console.log(`search time ${seconds.toFixed(1)} s on one core; peak memory ${Math.round(process.resourceUsage().maxRSS / 1024)} MiB (process so far)`);
  console.log(
    `published optimum ${published.total} (${published.opener}): ${s.histogram[0] ? `not reached (${s.histogram[0]} answers not found)` : totals.totalGuesses === published.total ? 'matched' : `${totals.totalGuesses - published.total} above`}; proven here: no tree needs fewer than ${anyTree} guesses (opener bound over every guess); ${exactBelow ? 'each opener total is exact for that opener' : `each total is an upper bound (top ${widths.slice(1).join('/')} guesses per node below the opener, top ${widths[0]} openers)`}`,
  );
  const entry = findEntry(readManifest(), game.id, game.params, game.lists);
  if (entry) {
    const path = join(treesDir(), entry.file);
    const file = readTreeFile(path);
    checkTreeMatches(file, { game: game.id, params: game.params, lists: game.lists }, path);
    const shipped = replayAll(game, file.tree);
    const st = guessTotals(shipped);
    console.log(`shipped tree ${entry.file}: total ${st.totalGuesses}, mean ${st.meanGuesses.toFixed(4)}, max depth ${shipped.maxFound}, opener ${game.guessName(file.tree.guess[0] as number)}; compiled in ${entry.compileSeconds ?? '?'} s, ${entry.compilePeakMiB ?? '?'} MiB, ${entry.bytes} bytes`);
  } else {
    console.log('shipped tree: none for these lists in trees/manifest.json');
  }
}

for (const m of modes) bench(m);
