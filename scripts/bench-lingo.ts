/**
 * `npm run bench:lingo`: per length, the shipped tree's exact mean on the pit list (replayed
 * here, not read from the manifest) next to the contest winner's published mean and the
 * issue's target, with the ratio, compile time, peak memory and tree size.
 * `-- --compile [--lengths 4,5] [--effort E]` recompiles each length first (into trees/).
 */
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { findEntry, readManifest, treesDir } from '../runtime/manifest.js';
import { checkTreeMatches, readTreeFile } from '../runtime/tree-format.js';
import { loadWordListOfLength } from '../runtime/wordlist.js';
import { LingoGame } from '../compiler/games/lingo/game.js';
import { replayAll } from '../compiler/replay.js';
import { PIT_LIST, pitListOrSkip, TARGET, WINNER } from './lingo-targets.js';

const repo = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const { values } = parseArgs({
  options: {
    compile: { type: 'boolean', default: false },
    lengths: { type: 'string', default: '4,5,6,7,8,9,10,11,12,13' },
    effort: { type: 'string', default: 'default' },
    wordlist: { type: 'string', default: PIT_LIST },
  },
  strict: true,
});
const wordlist = pitListOrSkip('bench:lingo', values.wordlist);
const lengths = values.lengths.split(',').map(Number);
console.log(`bench:lingo on ${availableParallelism()} cores; list ${wordlist}; effort ${values.effort}`);
if (values.compile) {
  for (const len of lengths) {
    const r = spawnSync(
      process.execPath,
      [
        join(repo, 'dist', 'compiler', 'cli.js'),
        'compile',
        '--game',
        'lingo',
        '--len',
        String(len),
        '--wordlist',
        wordlist,
        '--effort',
        values.effort,
        // A private trees folder (GUESSTREE_TREES, as bench:compare gives): every compile recorded there.
        ...(process.env.GUESSTREE_TREES ? ['--force'] : []),
      ],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    if (r.status !== 0) {
      console.log(`compile of length ${len} failed with status ${r.status}`);
      process.exit(1);
    }
  }
}
const manifest = readManifest();
const rows: string[] = [];
let sum = 0;
let sumWinner = 0;
let sumTarget = 0;
let allAboveWinner = true;
let allAboveTarget = true;
rows.push(
  'len | words | exact mean | winner | ratio | target | met | bound (any tree) | compile s | peak MiB | cores | tree bytes | nodes',
);
for (const len of lengths) {
  const list = loadWordListOfLength(wordlist, len);
  const game = LingoGame.fromList(list, len);
  const entry = findEntry(manifest, { game: 'lingo', params: game.params, lists: game.lists });
  if (!entry) {
    rows.push(`${len} | ${list.words.length} | no shipped tree for this list`);
    allAboveWinner = allAboveTarget = false;
    continue;
  }
  const path = join(treesDir(), entry.file);
  const file = readTreeFile(path);
  checkTreeMatches(file, { game: 'lingo', params: game.params, lists: game.lists }, path);
  const s = replayAll(game, file.tree);
  const mean = s.total / s.secrets;
  const w = WINNER[len];
  const t = TARGET[len];
  sum += mean;
  sumWinner += w;
  sumTarget += t;
  if (mean < w) allAboveWinner = false;
  if (mean < t) allAboveTarget = false;
  rows.push(
    [
      len,
      s.secrets,
      mean.toFixed(3),
      w.toFixed(2),
      (mean / w).toFixed(4),
      t,
      mean >= t ? 'yes' : 'NO',
      typeof file.header.objective.upperBoundMean === 'number'
        ? file.header.objective.upperBoundMean.toFixed(3) +
          (t > file.header.objective.upperBoundMean ? ' (target unreachable)' : '')
        : '-',
      entry.compileSeconds ?? '?',
      entry.compilePeakMiB ?? '?',
      entry.compileCores ?? '?',
      statSync(path).size,
      file.tree.guess.length,
    ].join(' | '),
  );
}
rows.push(
  `sum | | ${sum.toFixed(2)} | ${sumWinner.toFixed(2)} | ${(sum / sumWinner).toFixed(4)} | ${sumTarget} | ${sum >= sumTarget ? 'yes' : 'NO'}`,
);
for (const r of rows) console.log(r);
console.log(
  "bound (any tree): the best opener's bound over every word of the list (each reply group finds at most one word on the next try and the rest one try later); no tree can score more.",
);
console.log(
  `every length at or above the contest winner: ${allAboveWinner ? 'yes' : 'NO'}; every length at or above its target: ${allAboveTarget ? 'yes' : 'NO'}`,
);
