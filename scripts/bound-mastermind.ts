/**
 * `npm run bound:mastermind -- --pegs 5 --colors 8 [--levels 2] [--threads N] [--cap C] [--write]`: a proven lower
 * bound on MM(p,c)'s total guesses (compiler/engine/code-bound.ts): no strategy needs fewer.
 * Prints each opener class's bound and the least; `--threads N` bounds N classes at a time,
 * `--cap C` stops an opener once its bound reaches C (a weaker but still proven bound). `--write` records it in the shipped tree's
 * header (settings `totalLowerBound`, `totalLowerBoundMethod`) and manifest entry, in the trees
 * folder (GUESSTREE_TREES or trees/); the tree's arrays are kept as they are, so it plays
 * exactly as before, and `stats` prints the bound beside the total.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { writeFileAtomic } from '../runtime/atomic-write.js';
import { findEntry, readManifest, treesDir, updateManifest, withEntry } from '../runtime/manifest.js';
import { encodeTreeFile, readTreeFile } from '../runtime/tree-format.js';
import {
  boundMethod,
  codeTotalLowerBound,
  openerClasses,
  type OpenerTotalBound,
} from '../compiler/engine/code-bound.js';
import { MastermindGame } from '../compiler/games/mastermind/game.js';

interface Job {
  readonly pegs: number;
  readonly colors: number;
  readonly levels: number;
  readonly cap: number;
}

if (!isMainThread) {
  // A thread bounds the opener classes it is sent, one at a time, until it is sent -1.
  const job = workerData as Job;
  const game = new MastermindGame(job.pegs, job.colors);
  parentPort!.on('message', (opener: number) => {
    if (opener < 0) process.exit(0);
    const r = codeTotalLowerBound(game, { levels: job.levels, openers: [opener], cap: job.cap });
    parentPort!.postMessage(r.openers[0]);
  });
} else {
  await main();
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      pegs: { type: 'string', default: '5' },
      colors: { type: 'string', default: '8' },
      levels: { type: 'string', default: '2' },
      threads: { type: 'string', default: '1' },
      cap: { type: 'string' },
      write: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const job: Job = {
    pegs: Number(values.pegs),
    colors: Number(values.colors),
    levels: Number(values.levels),
    cap: values.cap === undefined ? Infinity : Number(values.cap),
  };
  const { pegs, colors, levels } = job;
  const game = new MastermindGame(pegs, colors);
  const fmt = (x: number): string => x.toLocaleString('en-US');
  const started = process.hrtime.bigint();
  const elapsed = (): string => (Number(process.hrtime.bigint() - started) / 1e9).toFixed(1);
  const classes = openerClasses(game);
  const found = new Map<number, OpenerTotalBound>();
  const note = (o: OpenerTotalBound): void => {
    found.set(o.opener, o);
    process.stderr.write(
      `bound:mastermind: ${found.size} of ${classes.length} opener classes bounded (${game.codeText(o.opener)} >=${o.bound}, ${elapsed()} s)\n`,
    );
  };
  const threads = Math.max(1, Math.min(Number(values.threads), classes.length));
  if (threads === 1) {
    codeTotalLowerBound(game, { levels, cap: job.cap, progress: (_d, _of, last) => note(last) });
  } else {
    // Each thread is handed the next class as soon as it is free, the lowest two-level bounds
    // first: they take longest (the least pruning) and decide the result.
    const first = new Map(codeTotalLowerBound(game, { levels: 1 }).openers.map((o) => [o.opener, o.bound]));
    const queue = [...classes].sort((a, b) => (first.get(a) as number) - (first.get(b) as number) || a - b);
    let next = 0;
    await Promise.all(
      Array.from(
        { length: threads },
        () =>
          new Promise<void>((resolve, reject) => {
            const w = new Worker(new URL(import.meta.url), { workerData: job });
            const feed = (): void => {
              w.postMessage(next < queue.length ? queue[next++] : -1);
            };
            w.on('message', (o: OpenerTotalBound) => {
              note(o);
              feed();
            });
            w.on('error', reject);
            w.on('exit', () => resolve());
            feed();
          }),
      ),
    );
  }
  const openers = classes.map((g) => found.get(g) as OpenerTotalBound);
  const bound = Math.min(...openers.map((o) => o.bound));
  const method = boundMethod(levels) + (Number.isFinite(job.cap) ? ` (openers stopped at ${job.cap})` : '');
  const cpu = process.cpuUsage();
  console.log(`MM(${pegs},${colors}): ${fmt(game.secretCount)} codes; ${method}`);
  for (const o of openers) console.log(`  ${game.codeText(o.opener)}\t>=${o.bound}`);
  console.log(
    `no strategy needs fewer than ${fmt(bound)} guesses (mean ${(bound / game.secretCount).toFixed(4)}); ${elapsed()} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU (${threads} thread${threads === 1 ? '' : 's'})`,
  );

  if (values.write) {
    const dir = treesDir();
    const entry = findEntry(readManifest(dir), { game: 'mastermind', params: { pegs, colors }, lists: [] });
    if (!entry) {
      console.error(
        `bound:mastermind: ${join(dir, 'manifest.json')} lists no MM(${pegs},${colors}) tree; nothing written`,
      );
      process.exit(1);
    }
    const path = join(dir, entry.file);
    const file = readTreeFile(path);
    const total = Number(file.header.objective.totalGuesses);
    if (bound > total) throw new Error(`the bound ${bound} is above the tree's total ${total}: the bound is wrong`);
    const header = {
      ...file.header,
      settings: { ...file.header.settings, totalLowerBound: bound, totalLowerBoundMethod: method },
    };
    const bytes = encodeTreeFile({ ...file, header });
    writeFileAtomic(path, bytes);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    updateManifest(dir, (m) => withEntry(m, { ...entry, settings: header.settings, bytes: bytes.length, sha256 }));
    console.log(`recorded in ${path} and its manifest entry (total ${fmt(total)}, gap ${fmt(total - bound)})`);
  }
}
