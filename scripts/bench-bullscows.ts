/**
 * `npm run bench:bullscows`: the classic Bulls and Cows (4 of 10 symbols, 5,040 codes) compiled
 * through the real CLI at each effort (into a temporary trees folder): the total, mean, maximum
 * depth, whether it is proven, compile time and peak memory, next to the published optimum
 * (26,274, mean 5.213, Tanaka 1996; at least 7 guesses in the worst case).
 * `-- --efforts quick,default,exact` picks efforts; `-- --workers N` (default: the core count);
 * `-- --digits D --symbols S` another size.
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
    efforts: { type: 'string', default: 'quick,default,thorough,exact' },
    workers: { type: 'string', default: String(availableParallelism()) },
    digits: { type: 'string', default: '4' },
    symbols: { type: 'string', default: '10' },
  },
  strict: true,
});

const classic = values.digits === '4' && values.symbols === '10';
console.log(
  `bench:bullscows on ${availableParallelism()} cores, --workers ${values.workers}; ${values.digits} of ${values.symbols} symbols`,
);
const rows = ['effort | total | mean | max depth | proven | compile s | peak MiB | published'];
for (const effort of values.efforts.split(',')) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-bc-'));
  try {
    const r = spawnSync(
      process.execPath,
      [
        join(repo, 'dist', 'compiler', 'cli.js'),
        'compile',
        '--game',
        'bullscows',
        '--digits',
        values.digits,
        '--symbols',
        values.symbols,
        '--effort',
        effort,
        '--workers',
        values.workers,
        // A private trees folder: record the compile there, whatever tree ships.
        '--force',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, GUESSTREE_TREES: dir }, encoding: 'utf8' },
    );
    if (r.status !== 0) {
      rows.push(`${effort} | compile failed with status ${r.status}`);
      continue;
    }
    const entry = readManifest(dir).trees[0];
    const o = entry.objective;
    rows.push(
      [
        effort,
        o.totalGuesses,
        Number(o.meanGuesses).toFixed(4),
        o.maxAttempts,
        entry.settings.provenOptimal === true ? 'yes' : 'no',
        entry.compileSeconds,
        entry.compilePeakMiB,
        classic ? 'optimum 26274, mean 5.213 (Tanaka 1996); worst case 7' : '-',
      ].join(' | '),
    );
    console.log(rows[rows.length - 1]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
console.log('');
for (const r of rows) console.log(r);
