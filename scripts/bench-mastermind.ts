/**
 * `npm run bench:mastermind`: compiles MM(4,6) --exact, MM(5,8) at the default effort and
 * MM(4,7) --exact through the real CLI (into a temporary trees folder), and reports the total,
 * maximum depth, whether it is proven, compile time and peak memory, next to the published
 * figures. `-- --only 4x6,5x8` picks sizes; `-- --workers N` (default: the core count).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { readManifest } from '../runtime/manifest.js';

const repo = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const { values } = parseArgs({
  options: {
    only: { type: 'string', default: '4x6,5x8,4x7' },
    workers: { type: 'string', default: String(availableParallelism()) },
  },
  strict: true,
});

interface Case {
  readonly pegs: number;
  readonly colors: number;
  readonly args: string[];
  readonly reference: string;
  readonly target: string;
}

const CASES: Record<string, Case> = {
  '4x6': {
    pegs: 4,
    colors: 6,
    args: ['--exact'],
    reference: 'optimum 5625 (Koyama and Lai 1993); best one-step rule 5668',
    target: '5625 proven in <= 120 s',
  },
  '5x8': {
    pegs: 5,
    colors: 8,
    args: ['--effort', 'default'],
    reference: 'one-step entropy ~180217; contest Java entry 182697 (depth 9); claimed 177902',
    target: '<= 178610, depth <= 7, <= 8 min on 2 cores (issue 18)',
  },
  '4x7': { pegs: 4, colors: 7, args: ['--exact'], reference: 'optimum 11228 (Ville 2013)', target: '11228 proven' },
};

const dir = mkdtempSync(join(tmpdir(), 'bench-mm-'));
console.log(`bench:mastermind on ${availableParallelism()} cores, --workers ${values.workers}`);
const rows = ['game | effort | total | mean | max depth | proven | compile s | peak MiB | published | target'];
try {
  for (const key of values.only.split(',')) {
    const c = CASES[key];
    if (!c) throw new Error(`--only: unknown size ${key} (choose ${Object.keys(CASES).join(', ')})`);
    const r = spawnSync(
      process.execPath,
      [
        join(repo, 'dist', 'compiler', 'cli.js'),
        'compile',
        '--game',
        'mastermind',
        '--pegs',
        String(c.pegs),
        '--colors',
        String(c.colors),
        '--workers',
        values.workers,
        // A private trees folder: record the compile there, whatever tree ships.
        '--force',
        ...c.args,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, GUESSTREE_TREES: dir }, encoding: 'utf8' },
    );
    if (r.status !== 0) {
      rows.push(`MM(${c.pegs},${c.colors}) | compile failed with status ${r.status}`);
      continue;
    }
    const entry = readManifest(dir).trees.find((e) => e.params.pegs === c.pegs && e.params.colors === c.colors)!;
    const o = entry.objective;
    rows.push(
      [
        `MM(${c.pegs},${c.colors})`,
        String(entry.settings.effort),
        o.totalGuesses,
        Number(o.meanGuesses).toFixed(4),
        o.maxAttempts,
        entry.settings.provenOptimal === true ? 'yes' : 'no',
        entry.compileSeconds,
        entry.compilePeakMiB,
        c.reference,
        c.target,
      ].join(' | '),
    );
    console.log(rows[rows.length - 1]);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log('');
for (const r of rows) console.log(r);
