/**
 * `npm run bench:filegame`: a game from a user's file against the built-in game it re-states:
 * scripts/examples/mastermind-4-6.mjs (MM(4,6) through the contract) against `--game mastermind
 * --pegs 4 --colors 6`, at the same effort (each game's `default`), each compiled in this
 * process through its module and the pool (as `compile` runs it). Reports the total, the CPU
 * time of loading the game (for the file: the module and its reply table) and of the search
 * (the pool's threads included), and the ratio of the file's CPU time to the built-in's
 * (target: within 2x). The least of `--repeat N` runs (default 3); `-- --workers N` (default 1).
 */
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { headerOf } from '../compiler/commands/compile.js';
import { effortNamed } from '../compiler/games/efforts.js';
import type { GameOptions } from '../compiler/games/module.js';
import { findModule } from '../compiler/games/registry.js';
import { compileLoaded } from '../compiler/pool/driver.js';

const repo = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const { values } = parseArgs({
  options: {
    repeat: { type: 'string', default: '3' },
    workers: { type: 'string', default: '1' },
    effort: { type: 'string', default: 'default' },
  },
  strict: true,
});
const repeat = Number(values.repeat);
const workers = Number(values.workers);

interface Run {
  readonly total: number;
  readonly loadCpu: number;
  readonly searchCpu: number;
  readonly wall: number;
}

const cpuSeconds = (u: NodeJS.CpuUsage): number => (u.user + u.system) / 1e6;

async function once(game: string, opts: GameOptions): Promise<Run> {
  const m = findModule(game);
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const loaded = m.load(opts);
  const c1 = process.cpuUsage();
  const outcome = await compileLoaded(loaded, {
    effort: effortNamed(m.efforts, values.effort, { game }).name,
    workers,
    options: loaded.options,
  });
  const c2 = process.cpuUsage();
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  const objective = headerOf(loaded, outcome).objective;
  const total = Number(objective.totalGuesses ?? objective.total);
  return { total, loadCpu: cpuSeconds(c1) - cpuSeconds(c0), searchCpu: cpuSeconds(c2) - cpuSeconds(c1), wall };
}

async function best(game: string, opts: GameOptions): Promise<Run> {
  let b: Run | null = null;
  for (let i = 0; i < repeat; i++) {
    const r = await once(game, opts);
    if (!b || r.loadCpu + r.searchCpu < b.loadCpu + b.searchCpu) b = r;
  }
  return b as Run;
}

const CASES: ReadonlyArray<readonly [string, string, GameOptions]> = [
  ['mastermind --pegs 4 --colors 6', 'mastermind', { pegs: 4, colors: 6 }],
  [
    '--game scripts/examples/mastermind-4-6.mjs',
    'file',
    { module: join(repo, 'scripts', 'examples', 'mastermind-4-6.mjs') },
  ],
];

console.log(
  `bench:filegame on ${availableParallelism()} cores, effort ${values.effort}, --workers ${workers}, least of ${repeat} runs`,
);
console.log('game | total | load CPU s | search CPU s | CPU s | wall s');
const runs: Run[] = [];
for (const [name, game, opts] of CASES) {
  const r = await best(game, opts);
  runs.push(r);
  console.log(
    [
      name,
      r.total,
      r.loadCpu.toFixed(2),
      r.searchCpu.toFixed(2),
      (r.loadCpu + r.searchCpu).toFixed(2),
      r.wall.toFixed(2),
    ].join(' | '),
  );
}
const [builtIn, file] = runs as [Run, Run];
const ratio = (file.loadCpu + file.searchCpu) / (builtIn.loadCpu + builtIn.searchCpu);
console.log(
  `CPU time ratio, file / built-in: ${ratio.toFixed(2)}x (search alone ${(file.searchCpu / builtIn.searchCpu).toFixed(2)}x); target within 2x: ${ratio <= 2 ? 'met' : 'NOT met'}`,
);
