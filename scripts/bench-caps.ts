/**
 * `npm run bench:caps`: what reading a hostile tree file costs, through the real CLI
 * (`guesstree verify --tree FILE`), each case in its own process: wall time and peak resident
 * memory (the child's own peak, VmHWM), the status and the line it printed. The files are built
 * in a temp folder: /dev/zero, a sparse 2,000 MB file, an envelope with a right checksum around
 * 20 M and 64 M empty msgpack maps, a tree whose word list is a brotli bomb (500 MiB in about
 * 200 KB), a Mastermind tree forged to claim 8 pegs of 8 colours, and the heaviest files the caps
 * let through: a well-formed chain of 6.7 M nodes (just under 64 MiB), and a Lingo tree carrying
 * the most words a tree may (1,000,000) over 4 M nodes. Every peak must stay under 512 MiB: the
 * last line says whether it did, and the status is 1 when it did not.
 *
 *   npm run bench:caps [-- --rounds 3]
 */
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runMeasured } from './peak-rss.js';
import { brotliBombTree, chainTree, emptyMapsTree, firstWords, forgedTree } from './tree-bombs.js';

const PEAK_MIB = 512;
const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' } }, strict: true });
const ROUNDS = Math.max(1, Number(values.rounds) | 0);
const ROOT = resolve(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'compiler', 'cli.js');
const TREES = join(ROOT, 'trees');

async function main(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'guesstree-bench-caps-'));
  try {
    const file = (name: string, bytes: Uint8Array): string => {
      const path = join(dir, name);
      writeFileSync(path, bytes);
      return path;
    };
    const mm = readFileSync(join(TREES, 'mastermind-p4c6.gtree'));
    const big = join(dir, 'big-2000MB.gtree');
    closeSync(openSync(big, 'w'));
    truncateSync(big, 2000 * 2 ** 20);
    const cases: Array<[string, string]> = [
      ['the shipped MM(4,6) tree (the control: status 0)', join(TREES, 'mastermind-p4c6.gtree')],
      ['/dev/zero', '/dev/zero'],
      ['a sparse 2,000 MB file', big],
      ['20 M empty maps (20 MB, checksum right)', file('maps-20M.gtree', emptyMapsTree(20_000_000))],
      ['64 M empty maps (64 MB, checksum right)', file('maps-64M.gtree', emptyMapsTree(64_000_000))],
      [
        'brotli bomb: 500 MiB of words in the word list',
        file(
          'brotli-500MiB.gtree',
          await brotliBombTree(readFileSync(join(TREES, 'hangman-len4-misses-f92f61614cc2.gtree')), 500),
        ),
      ],
      [
        'MM(4,6) tree forged to pegs 8, colors 8',
        file(
          'p8c8.gtree',
          forgedTree(mm, (h) => {
            h.params = { pegs: 8, colors: 8 };
          }),
        ),
      ],
      ['a chain of 6.7 M nodes (64 MiB, well-formed)', file('chain.gtree', chainTree(mm, 6_700_000))],
      [
        'the most words a tree carries: 1,000,000 of 13 letters, a chain of 4 M nodes (Lingo 13)',
        file(
          'chain-words.gtree',
          chainTree(readFileSync(join(TREES, 'lingo-len13-8145537c951b.gtree')), 4_000_000, firstWords(1_000_000, 13)),
        ),
      ],
    ];
    console.log(
      `bench:caps: verify --tree FILE, ${ROUNDS} rounds; nproc ${availableParallelism()}, load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log(['case', 'bytes', 'status', 'wall s (least)', 'peak MiB (most)', 'line'].join('\t'));
    let worst = 0;
    for (const [name, path] of cases) {
      const walls: number[] = [];
      const peaks: number[] = [];
      let last = { status: null as number | null, line: '' };
      for (let r = 0; r < ROUNDS; r++) {
        const run = await runMeasured(CLI, ['verify', '--tree', path], { cwd: ROOT, killMiB: 2048 });
        walls.push(run.wallMs / 1000);
        peaks.push(run.killed ? Number.POSITIVE_INFINITY : run.peakMiB);
        last = { status: run.status, line: (run.stderr.split('\n')[0] || run.stdout.split('\n')[0]).replace(dir, '…') };
      }
      const peak = Math.max(...peaks);
      worst = Math.max(worst, peak);
      const size = path === '/dev/zero' ? 'endless' : statSync(path).size.toLocaleString('en-US');
      console.log([name, size, last.status, Math.min(...walls).toFixed(2), peak.toFixed(0), last.line].join('\t'));
    }
    const ok = worst < PEAK_MIB;
    console.log(`bench:caps: the largest peak ${worst.toFixed(0)} MiB, ${ok ? 'under' : 'NOT under'} ${PEAK_MIB} MiB`);
    return ok ? 0 : 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
