/**
 * `npm run bench:worstcase`: the least-worst-case solver on Wordle, in this thread (one core).
 * Finds a tree within `--within` guesses, then samples `--samples` first guesses spread evenly
 * over the guess list and decides for each whether every answer can be found within `--refute`
 * guesses after it (each reply group within one less, `--budget` sets a group): the rate of the
 * first level of the proof that `--refute` guesses do not suffice, and its projection over every
 * first guess (a lower bound: an undecided one needs more).
 *
 * `-- --answers FILE --guesses FILE [--hard] --within 5 --refute 4 --samples 12 --budget 1000000`
 * (`--first salet,trace`: those first guesses instead of the samples)
 * (the 12,972-answer case: `--answers` and `--guesses` both allowed.txt, `--within 6 --refute 5`).
 */
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  everyGuess,
  LeastWorstCase,
  NOT_WITHIN,
  ruleGuesses,
  UNDECIDED,
  WITHIN,
  type GuessPool,
} from '../compiler/engine/least-worst-case.js';
import type { Moves } from '../compiler/engine/types.js';
import { loadWordleGame } from '../compiler/games/wordle/module.js';

const repo = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const shared = join(repo, '..', 'shared', 'wordle');
const { values } = parseArgs({
  options: {
    answers: { type: 'string', default: join(shared, 'answers.txt') },
    guesses: { type: 'string', default: join(shared, 'allowed.txt') },
    hard: { type: 'boolean', default: false },
    within: { type: 'string', default: '5' },
    refute: { type: 'string', default: '4' },
    samples: { type: 'string', default: '12' },
    budget: { type: 'string', default: '1000000' },
    'within-budget': { type: 'string', default: '200000' },
    first: { type: 'string' },
  },
  strict: true,
});
const game = loadWordleGame(values.answers, values.guesses, { hard: values.hard });
const rule = game.guessFilter;
const moves: Moves<string> = rule
  ? { root: rule.start, after: (s, g, c) => rule.after(s, g, c), key: (s) => s }
  : { root: '', after: (s) => s, key: (s) => s };
const pool: GuessPool<string> = rule ? ruleGuesses(game, (s, all) => rule.filter(s, all)) : everyGuess<string>(game);
const limits = { proofNodes: Infinity, maxDepth: 8, widths: [1], checkNodes: 50, memoMaxEntries: 1 << 20 };
const cpu = (): number => process.cpuUsage().user / 1e6;
const verdict = (r: number): string =>
  r === WITHIN ? 'within' : r === NOT_WITHIN ? 'not within (proven)' : 'undecided';
console.log(
  `${game.secretCount} answers, ${game.guessCount} guesses, ${values.hard ? 'hard' : 'normal'} mode; ${availableParallelism()} cores, load ${loadavg()[0]?.toFixed(1)}`,
);

const within = Number(values.within);
let c0 = cpu();
const finder = new LeastWorstCase({ game, moves, pool }, limits);
const all = Uint32Array.from({ length: game.secretCount }, (_, i) => i);
const r = finder.decide(all, within, { used: 0, state: moves.root }, Number(values['within-budget']));
console.log(`within ${within}: ${verdict(r)} after ${finder.nodes} sets, ${(cpu() - c0).toFixed(1)} s cpu`);

const refute = Number(values.refute);
const G = game.guessCount;
const named = values.first?.split(',').map((w) => {
  const g = Array.from({ length: G }, (_, i) => i).find((i) => game.guessName(i) === w);
  if (g === undefined) throw new Error(`--first ${w}: not a guess`);
  return g;
});
const samples = named ? named.length : Number(values.samples);
let sum = 0;
const counts = { refuted: 0, undecided: 0, within: 0 };
for (let i = 0; i < samples; i++) {
  const g = named ? named[i] : Math.floor(((i + 0.5) * G) / samples);
  const solver = new LeastWorstCase({ game, moves, pool }, limits);
  c0 = cpu();
  const v = solver.firstGuessWithin(g, refute, Number(values.budget));
  const dt = cpu() - c0;
  sum += dt;
  if (v === NOT_WITHIN) counts.refuted++;
  else if (v === UNDECIDED) counts.undecided++;
  else counts.within++;
  console.log(
    `first guess ${game.guessName(g)}: ${verdict(v)} for ${refute} in ${dt.toFixed(2)} s cpu, ${solver.nodes} sets`,
  );
}
const each = sum / samples;
console.log(
  `${samples} first guesses: ${counts.refuted} refuted, ${counts.undecided} undecided, ${counts.within} within; ${each.toFixed(2)} s cpu each; all ${G}: about ${((each * G) / 3600).toFixed(1)} cpu hours`,
);
