/**
 * `npm run bench:prove`: the rate of Wordle's `compile --prove` on a sample of openers, in this
 * thread (one core, as one worker of the proof runs them: one engine and its memo for every
 * opener, the budget of the best known total from the first).
 *
 * The openers are taken at even steps through the exact ranking (the order `--prove` settles
 * them in), or read from `--openers-from FILE` (one word a line). For each: how it was settled
 * (`bound`: the groups' size bounds alone, as the proof's driver checks before any task;
 * `cut`: its search showed it above the budget; `exact`: its optimum, within the budget), the
 * sets searched and the CPU time. Prints a line per opener (`--verbose`), then the totals per
 * class and the projection for every opener of the mode. `node --cpu-prof` shows where the time goes.
 *
 * `-- --mode normal|hard --sample 200 --best 7920 --openers-from FILE --answers FILE --guesses FILE --verbose`
 */
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { wordleProbes } from '../compiler/games/wordle/game.js';
import { loadWordleGame, wordleParts, WORDLE_GUESS_COST } from '../compiler/games/wordle/module.js';
import { candidateOf, rootOf } from '../compiler/pool/root.js';

/** Published proven optima (../shared/wordle/README.md): the budget's best total. */
const PUBLISHED: Record<'normal' | 'hard', number> = { normal: 7920, hard: 8122 };

const repo = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const shared = join(repo, '..', 'shared', 'wordle');
const { values } = parseArgs({
  options: {
    mode: { type: 'string', default: 'normal' },
    sample: { type: 'string', default: '200' },
    best: { type: 'string' },
    'openers-from': { type: 'string' },
    answers: { type: 'string', default: join(shared, 'answers.txt') },
    guesses: { type: 'string', default: join(shared, 'allowed.txt') },
    verbose: { type: 'boolean', default: false },
  },
  strict: true,
});
if (!existsSync(values.answers) || !existsSync(values.guesses)) {
  console.log(
    `bench:prove: skipped: the lists ${values.answers} and ${values.guesses} are absent (they live in ../shared/)`,
  );
  process.exit(0);
}
const mode = values.mode;
if (mode !== 'normal' && mode !== 'hard') throw new Error(`--mode ${mode}: normal or hard`);
const best = values.best !== undefined ? Number(values.best) : PUBLISHED[mode];
const sample = Number(values.sample);

const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

const c0 = cpu();
const game = loadWordleGame(values.answers, values.guesses, { hard: mode === 'hard' });
const parts = wordleParts(game, { effort: 'exact', probes: wordleProbes(game) });
const at = rootOf(parts);
const { engine, all, root } = at;
const c1 = cpu();
const ranking = engine.ranker.rank(all, root, Infinity);
const ranked = Array.from(ranking.top.guess);
const c2 = cpu();
let picks: number[];
if (values['openers-from'] !== undefined) {
  const words = readFileSync(values['openers-from'], 'utf8')
    .split('\n')
    .map((w) => w.trim())
    .filter((w) => w !== '');
  picks = words.map((w) => {
    const g = game.guesses?.indexOf(w) ?? -1;
    if (g < 0) throw new Error(`${values['openers-from']}: "${w}" is not an allowed guess`);
    return g;
  });
} else {
  const step = ranked.length / sample;
  picks = Array.from({ length: Math.min(sample, ranked.length) }, (_, i) => ranked[Math.floor(i * step)]);
}
const rankOf = new Map(ranked.map((g, i) => [g, i]));
// The budget `--prove` gives every opener once the best is known: one guess above the best total.
const budget = (best + 1) * WORDLE_GUESS_COST;
const classes = { bound: { n: 0, s: 0 }, cut: { n: 0, s: 0 }, exact: { n: 0, s: 0 } };
const slow: Array<{ word: string; rank: number; how: string; s: number; nodes: number }> = [];
const objective = parts.objective;
for (const g of picks) {
  const t0 = cpu();
  const nodes0 = engine.nodes;
  const c = candidateOf(at, g);
  let floor = c.rootCost;
  c.parts.forEach((p, j) => {
    floor += c.results[j]?.cost ?? objective.sizeBound(p.set.length, 1, root.state);
  });
  let how: 'bound' | 'cut' | 'exact';
  let value = '';
  if (engine.keyBound(floor, all.length, 0) >= budget) {
    how = 'bound';
    value = `>=${Math.floor(engine.keyBound(floor, all.length, 0) / WORDLE_GUESS_COST)}`;
  } else {
    const v = engine.evaluate(g, all, root, budget);
    how = v ? 'exact' : 'cut';
    value = v ? `=${Math.floor(engine.keyOf(v) / WORDLE_GUESS_COST)}` : `>=${best + 1}`;
  }
  const s = cpu() - t0;
  classes[how].n++;
  classes[how].s += s;
  const row = { word: game.guessName(g), rank: rankOf.get(g) ?? -1, how, s, nodes: engine.nodes - nodes0 };
  slow.push(row);
  if (values.verbose)
    console.log(`${row.word}\trank ${row.rank}\t${how}\t${value}\t${s.toFixed(3)} s\t${row.nodes} sets`);
}
const total = classes.bound.s + classes.cut.s + classes.exact.s;
const perOpener = total / picks.length;
console.log(
  `wordle ${mode}: ${picks.length} openers (of ${ranked.length}), budget the best ${best} + 1; load and tables ${(c1 - c0).toFixed(1)} s, ranking ${(c2 - c1).toFixed(1)} s CPU`,
);
for (const [k, v] of Object.entries(classes))
  console.log(`  ${k}: ${v.n} openers, ${v.s.toFixed(1)} s CPU (${v.n ? (v.s / v.n).toFixed(3) : '-'} s each)`);
console.log(
  `  all: ${total.toFixed(1)} s CPU, ${perOpener.toFixed(3)} s an opener; every opener: ${((perOpener * ranked.length) / 60).toFixed(1)} CPU-min projected`,
);
slow.sort((a, b) => b.s - a.s);
console.log(
  `  slowest: ${slow
    .slice(0, 5)
    .map((r) => `${r.word} (rank ${r.rank}, ${r.how}, ${r.s.toFixed(2)} s, ${r.nodes} sets)`)
    .join(', ')}`,
);
console.log(
  `  machine: nproc ${availableParallelism()}, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
