/**
 * `npm run bench:wordle`: the Wordle searches on the original lists (../shared/wordle/), normal
 * and hard mode, on one core (in this thread, as the 1-worker compile runs them), each run
 * from a fresh engine:
 *   - exact: `--effort exact --opener salet`, every allowed guess at every node below the
 *     opener: the proven optimum for that opener;
 *   - default: the default effort (the top 12 openers, the top 100 guesses at every node
 *     below, compared through the budgeted root): the tree `compile` ships.
 * Each prints the total (replayed), whether it is the published optimum, the search's CPU and
 * wall time (the lists and the feedback table are loaded once per mode, timed apart).
 *
 * `--peer PATH` runs a built alex1770/wordle binary with the same lists in the same run,
 * alternating with ours (pinned to one core with taskset when it exists): `-w OPENER`
 * (exhaustive for that opener) beside our exact search, `-n 100` beside our default effort
 * (`-H` in hard mode); its own "Time taken" (search CPU, without its start-up) and its wall
 * time, its total, and the ratios ours/peer.
 *
 * `-- --mode normal|hard|both --only exact|default --opener WORD --reps 3 --peer PATH
 * --peer-core 0 --peer-n 100 --answers FILE --guesses FILE`
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { compileBudgeted, type BudgetedTree } from '../compiler/pool/driver.js';
import { threadExecutor } from '../compiler/pool/thread-executor.js';
import { wordleProbes, type WordleGame } from '../compiler/games/wordle/game.js';
import {
  loadWordleGame,
  wordleEffort,
  wordleParts,
  WORDLE_GUESS_COST,
  type WordleSetup,
} from '../compiler/games/wordle/module.js';
import { replayAll } from '../compiler/replay.js';
import { guessTotals } from '../compiler/objective.js';

/** Published proven optima (../shared/wordle/README.md). */
const PUBLISHED: Record<'normal' | 'hard', number> = { normal: 7920, hard: 8122 };

const repo = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const shared = join(repo, '..', 'shared', 'wordle');
const { values } = parseArgs({
  options: {
    mode: { type: 'string', default: 'both' },
    only: { type: 'string' },
    opener: { type: 'string', default: 'salet' },
    reps: { type: 'string', default: '3' },
    peer: { type: 'string' },
    'peer-core': { type: 'string', default: '0' },
    'peer-n': { type: 'string', default: '100' },
    answers: { type: 'string', default: join(shared, 'answers.txt') },
    guesses: { type: 'string', default: join(shared, 'allowed.txt') },
  },
  strict: true,
});
if (!existsSync(values.answers) || !existsSync(values.guesses)) {
  console.log(
    `bench:wordle: skipped: the lists ${values.answers} and ${values.guesses} are absent (they live in ../shared/)`,
  );
  process.exit(0);
}
const modes = values.mode === 'both' ? (['normal', 'hard'] as const) : ([values.mode] as Array<'normal' | 'hard'>);
for (const m of modes) if (m !== 'normal' && m !== 'hard') throw new Error(`--mode ${String(m)}: normal, hard or both`);
const kinds =
  values.only === undefined ? (['exact', 'default'] as const) : ([values.only] as Array<'exact' | 'default'>);
for (const k of kinds) if (k !== 'exact' && k !== 'default') throw new Error(`--only ${String(k)}: exact or default`);
const reps = Math.max(1, Number(values.reps));
const peer = values.peer;
if (peer !== undefined && !existsSync(peer)) throw new Error(`--peer ${peer}: no such file`);
const taskset = (() => {
  try {
    execFileSync('taskset', ['-c', values['peer-core'], 'true'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

console.log(
  `bench:wordle on ${availableParallelism()} cores (load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')} at start); ours in this thread, one core`,
);
console.log(
  `lists: ${values.answers}, ${values.guesses}; ${reps} run${reps === 1 ? '' : 's'} of each, ours and the peer's alternating`,
);
if (peer)
  console.log(
    `peer: ${peer}${taskset ? ` pinned to core ${values['peer-core']} (taskset)` : ' (no taskset: not pinned)'}; its time is its own "Time taken" (search CPU, start-up excluded)`,
  );

interface Run {
  readonly cpu: number;
  readonly wall: number;
  readonly total: number;
  readonly note: string;
}

const cpuSeconds = (u: NodeJS.CpuUsage): number => (u.user + u.system) / 1e6;

/** One search of ours from a fresh engine: CPU and wall seconds, the replayed total. */
async function ours(game: WordleGame, setup: WordleSetup, kind: 'exact' | 'default'): Promise<Run> {
  const parts = wordleParts(game, setup);
  const N = game.secretCount;
  const job = { module: 'wordle', gameSpec: game.spec(), setup, parts, label: 'bench' };
  const control = { effort: setup.effort, workers: 1, options: {}, executor: threadExecutor };
  const c0 = process.cpuUsage();
  const w0 = process.hrtime.bigint();
  let r: BudgetedTree | null;
  if (kind === 'exact') {
    const g = game.guesses!.indexOf(values.opener);
    if (g < 0) throw new Error(`--opener ${values.opener}: not a guess of the lists`);
    r = await compileBudgeted(job, control, { width: 1, only: [g] });
  } else r = await compileBudgeted(job, control, { width: wordleEffort('default').widths[0] as number });
  const cpu = cpuSeconds(process.cpuUsage(c0));
  const wall = Number(process.hrtime.bigint() - w0) / 1e9;
  if (!r) throw new Error('bench:wordle: no plan');
  const s = replayAll(game, r.tree);
  const totals = guessTotals(s);
  const sixths = s.histogram[6] ?? 0;
  if (s.histogram[0]) return { cpu, wall, total: NaN, note: `${s.histogram[0]} answers not found` };
  if (totals.totalGuesses !== Math.floor(r.cost / WORDLE_GUESS_COST))
    throw new Error('bench:wordle: the replay does not give the search total');
  const what =
    kind === 'exact'
      ? `proven for ${values.opener}`
      : `opener ${game.guessName(r.guess)} (of ${r.candidates}: ${r.searched} searched to the end, ${r.cut} cut off)`;
  return {
    cpu,
    wall,
    total: totals.totalGuesses,
    note: `${what}; ${sixths} sixth guess${sixths === 1 ? '' : 'es'}, ${N} answers`,
  };
}

/** One run of the peer: its "Time taken", the wall time around it, its best total. */
function peerRun(hard: boolean, kind: 'exact' | 'default'): Run {
  const dir = mkdtempSync(join(tmpdir(), 'bench-wordle-peer-'));
  try {
    const args = [
      '-a',
      resolve(values.guesses),
      '-h',
      resolve(values.answers),
      ...(hard ? ['-H'] : []),
      ...(kind === 'exact' ? ['-w', values.opener] : ['-n', values['peer-n']]),
    ];
    const cmd = taskset ? 'taskset' : (peer as string);
    const argv = taskset ? ['-c', values['peer-core'], peer as string, ...args] : args;
    const w0 = process.hrtime.bigint();
    const p = spawnSync(cmd, argv, { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
    const wall = Number(process.hrtime.bigint() - w0) / 1e9;
    if (p.status !== 0) throw new Error(`peer exited with ${p.status}: ${p.stderr.slice(0, 400)}`);
    const time = /Time taken = ([\d.]+)s/.exec(p.stdout);
    const score = /Best first guess score = (\d+)/.exec(p.stdout);
    const best = /Best first guess = (\w+)/.exec(p.stdout);
    if (!time || !score) throw new Error(`peer output not understood: ${p.stdout.slice(-400)}`);
    return {
      cpu: Number(time[1]),
      wall,
      total: Number(score[1]),
      note: `opener ${best?.[1] ?? '?'}; ${peer} ${args.slice(4).join(' ')}`,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const fmt = (x: number): string => x.toFixed(2);
const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const summary: string[] = [];
for (const mode of modes) {
  const hard = mode === 'hard';
  const t0 = process.hrtime.bigint();
  const c0 = process.cpuUsage();
  const game = loadWordleGame(values.answers, values.guesses, { hard });
  const probes = wordleProbes(game);
  const setupWall = Number(process.hrtime.bigint() - t0) / 1e9;
  console.log(
    `\n== ${mode} mode: ${game.secretCount} answers, ${game.guessCount} guesses; setup (lists, feedback table, probe order) ${fmt(cpuSeconds(process.cpuUsage(c0)))} s CPU, ${fmt(setupWall)} s wall (counted only in the whole-run ratio)`,
  );
  for (const kind of kinds) {
    const setup: WordleSetup = { effort: kind, probes };
    const mine: Run[] = [];
    const theirs: Run[] = [];
    for (let i = 0; i < reps; i++) {
      mine.push(await ours(game, setup, kind));
      const m = mine[i];
      console.log(`${kind} run ${i + 1}: ours ${m.total} in ${fmt(m.cpu)} s CPU (${fmt(m.wall)} s wall); ${m.note}`);
      if (peer) {
        theirs.push(peerRun(hard, kind));
        const t = theirs[i];
        console.log(
          `${kind} run ${i + 1}: peer ${t.total} in ${fmt(t.cpu)} s CPU (${fmt(t.wall)} s wall with its start-up); ${t.note}`,
        );
      }
    }
    const mc = median(mine.map((r) => r.cpu));
    const mw = median(mine.map((r) => r.wall));
    const total = mine[0].total;
    const published = PUBLISHED[mode];
    let line = `${mode} ${kind.padEnd(7)} | ours ${total}${total === published ? ' (the published optimum)' : ` (published ${published})`} median ${fmt(mc)} s CPU, ${fmt(mw)} s wall`;
    if (peer) {
      const pc = median(theirs.map((r) => r.cpu));
      const pw = median(theirs.map((r) => r.wall));
      // Whole runs: ours with the setup of its mode (lists, table), the peer's with its start-up.
      line += ` | peer ${theirs[0].total} median ${fmt(pc)} s CPU, ${fmt(pw)} s wall | ours/peer ${fmt(mc / pc)} (search CPU), ${fmt((mw + setupWall) / pw)} (whole run, wall)`;
    }
    summary.push(line);
  }
}
console.log(
  `\nsummary (${availableParallelism()} cores, load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')} at the end):`,
);
for (const l of summary) console.log(l);
