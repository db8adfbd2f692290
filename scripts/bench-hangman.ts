/**
 * `npm run bench:hangman`: for each length of the default dictionary (4..12), both objectives
 * (`misses`, `win` with 6 lives), the searched tree next to the greedy rule's tree (the letter
 * missing from the fewest candidates): mean misses, words won with 6 lives, the gain, the
 * compile time and peak memory of the search. Each compile runs in its own process (one core),
 * so its time and peak memory are its own.
 *
 * `-- --lengths 4,5,6 --objectives misses,win`.
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { HangmanObjective } from '../compiler/games/hangman/game.js';
import { replayAll } from '../compiler/replay.js';
import { compileOnce } from './compile-in-process.js';

const { values } = parseArgs({
  options: {
    lengths: { type: 'string', default: '4,5,6,7,8,9,10,11,12' },
    objectives: { type: 'string', default: 'misses,win' },
    lives: { type: 'string', default: '6' },
    /** Internal: compile one tree in this process and print its measures as JSON. */
    one: { type: 'string' },
  },
  strict: true,
});
const LIVES = Number(values.lives);

interface Measure {
  words: number;
  meanMisses: number;
  wins: number;
  seconds: number;
  peakMiB: number;
  nodes: number;
}

/** One compile with one worker (the default dictionary): the misses, the wins, the time. */
async function measure(len: number, objective: HangmanObjective, strategy: 'search' | 'greedy'): Promise<Measure> {
  const r = await compileOnce(
    'hangman',
    { len, objective, ...(objective === 'win' ? { lives: LIVES } : {}) },
    strategy === 'greedy' ? 'greedy' : 'default',
    1,
  );
  const game = r.loaded.game;
  const seconds = r.seconds;
  const s = replayAll(game, r.tree);
  if (s.missingBranches > 0 || s.histogram[0] > 0)
    throw new Error(`len ${len} ${objective} ${strategy}: the tree misses words`);
  let misses = 0;
  let wins = 0;
  for (const o of s.outcomes) {
    misses += o.misses ?? 0;
    if ((o.misses ?? 0) < LIVES) wins++;
  }
  return {
    words: game.secretCount,
    meanMisses: misses / game.secretCount,
    wins,
    seconds,
    peakMiB: process.resourceUsage().maxRSS / 1024,
    nodes: r.tree.guess.length,
  };
}

if (values.one !== undefined) {
  const [len, objective, strategy] = values.one.split(':') as [string, HangmanObjective, 'search' | 'greedy'];
  process.stdout.write(`${JSON.stringify(await measure(Number(len), objective, strategy))}\n`);
} else {
  const self = fileURLToPath(import.meta.url);
  const run = (len: number, objective: string, strategy: string): Measure => {
    const r = spawnSync(
      process.execPath,
      [self, '--one', `${len}:${objective}:${strategy}`, '--lives', String(LIVES)],
      { encoding: 'utf8', maxBuffer: 1 << 20 },
    );
    if (r.status !== 0) throw new Error(`compile ${len} ${objective} ${strategy} failed: ${r.stderr}`);
    return JSON.parse(r.stdout) as Measure;
  };
  const lengths = values.lengths.split(',').map(Number);
  const objectives = values.objectives.split(',');
  console.log(
    `bench:hangman — default dictionary (npm word-list), ${LIVES} lives for the win rate; ${availableParallelism()} cores (${cpus()[0]?.model ?? '?'}), load ${loadavg()[0]?.toFixed(2)}; node ${process.version}; each compile in its own process, one worker`,
  );
  const head = [
    'len',
    'words',
    'objective',
    'misses ours',
    'greedy',
    'gain',
    `won ours (${LIVES})`,
    'greedy',
    'more won',
    'compile s',
    'peak MiB',
    'greedy s',
  ];
  const widths = [3, 6, 9, 11, 7, 7, 18, 16, 8, 9, 8, 8];
  const row = (cells: string[]) =>
    console.log(cells.map((c, i) => (i < 3 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  '));
  row(head);
  for (const objective of objectives) {
    for (const len of lengths) {
      const g = run(len, objective, 'greedy');
      const o = run(len, objective, 'search');
      const pct = (x: number, n: number) => `${((100 * x) / n).toFixed(2)}%`;
      row([
        String(len),
        String(o.words),
        objective === 'win' ? `win${LIVES}` : objective,
        o.meanMisses.toFixed(4),
        g.meanMisses.toFixed(4),
        `${((100 * (g.meanMisses - o.meanMisses)) / g.meanMisses).toFixed(2)}%`,
        `${o.wins} ${pct(o.wins, o.words)}`,
        `${g.wins} ${pct(g.wins, g.words)}`,
        String(o.wins - g.wins),
        o.seconds.toFixed(1),
        o.peakMiB.toFixed(0),
        g.seconds.toFixed(1),
      ]);
    }
  }
  console.log(
    "gain: how much lower the mean misses are than greedy's; more won: words solved with fewer than " +
      `${LIVES} misses, ours minus greedy's`,
  );
}
