/**
 * `npm run bench:distributed`: the same compile through the job queue (`compile --queue URL`
 * with 1, 2 and 4 `guesstree worker` processes on this machine) against the local piscina pool
 * with the same worker count: wall times (median of --runs, runs interleaved), the speed-up of
 * each over one local worker, the queue's overhead against the local pool, and the core count.
 * Every tree is checked to be the same bytes as the local one.
 *
 * It starts its own redis-server (127.0.0.1, a free port, no persistence, a temp folder, a
 * password) and stops it at the end. The job: a Wordle hard-mode compile on generated lists
 * (`--answers 5000 --guesses 6000`, words over a few letters, 10 to 20 s), or on your lists
 * (`--lists answers.txt,guesses.txt`). `-- --workers 1,2,4 --runs 3`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort } from './free-port.js';
import { mulberry32 } from './pit.js';

const { values } = parseArgs({
  options: {
    workers: { type: 'string', default: '1,2,4' },
    runs: { type: 'string', default: '3' },
    answers: { type: 'string', default: '5000' },
    guesses: { type: 'string', default: '6000' },
    lists: { type: 'string' },
    normal: { type: 'boolean', default: false },
  },
  strict: true,
});

const CLI = fileURLToPath(new URL('../compiler/cli.js', import.meta.url));
const counts = values.workers.split(',').map(Number);
const runs = Number(values.runs);
if (counts.some((n) => !Number.isInteger(n) || n < 1) || !Number.isInteger(runs) || runs < 1) {
  console.error('bench:distributed: --workers takes whole numbers (1,2,4), --runs a whole number');
  process.exit(2);
}
if (spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status !== 0) {
  console.error('bench:distributed: redis-server is not on PATH (apt-get install -y redis-server)');
  process.exit(1);
}

function words(rand: () => number, count: number, alphabet: string, avoid: ReadonlySet<string>): string[] {
  const out = new Set<string>();
  while (out.size < count) {
    let w = '';
    for (let i = 0; i < 5; i++) w += alphabet[Math.floor(rand() * alphabet.length)];
    if (!avoid.has(w)) out.add(w);
  }
  return [...out];
}

/** Run the CLI to the end: its wall time in seconds (exit status 0 required). */
function timed(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'ignore', 'pipe'], env });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('exit', (code) => {
      if (code === 0) resolve(Number(process.hrtime.bigint() - started) / 1e9);
      else reject(new Error(`guesstree ${args.join(' ')}: status ${code}\n${stderr}`));
    });
  });
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const dir = mkdtempSync(join(tmpdir(), 'guesstree-bench-distributed-'));
let answersPath: string;
let guessesPath: string;
if (values.lists) {
  [answersPath, guessesPath] = values.lists.split(',') as [string, string];
} else {
  const rand = mulberry32(19);
  const answers = words(rand, Number(values.answers), 'aeilnorst', new Set());
  answersPath = join(dir, 'answers.txt');
  guessesPath = join(dir, 'guesses.txt');
  writeFileSync(answersPath, `${answers.join('\n')}\n`);
  writeFileSync(guessesPath, `${words(rand, Number(values.guesses), 'aeilnorstcdu', new Set(answers)).join('\n')}\n`);
}
const job = [
  'compile',
  '--game',
  'wordle',
  '--answers',
  answersPath,
  '--guesses',
  guessesPath,
  ...(values.normal ? [] : ['--hard']),
];
const env = { ...process.env, GUESSTREE_TREES: join(dir, 'trees'), GUESSTREE_PROGRESS: '' };

const port = await freePort();
const password = randomBytes(12).toString('hex');
const server = spawn(
  'redis-server',
  [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    dir,
    '--requirepass',
    password,
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
await new Promise<void>((resolve, reject) => {
  let out = '';
  server.stdout.setEncoding('utf8').on('data', (d: string) => {
    out += d;
    if (out.includes('Ready to accept connections')) resolve();
  });
  server.on('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out}`)));
});
const url = `redis://default:${password}@127.0.0.1:${port}`;

interface Row {
  workers: number;
  local: number[];
  queue: number[];
}
const rows: Row[] = [];
const reference = join(dir, 'local-1.gtree');
try {
  console.log(
    `bench:distributed — ${availableParallelism()} cores (${cpus()[0]?.model ?? '?'}), load ${loadavg()[0]?.toFixed(2)}; node ${process.version}; redis-server on 127.0.0.1:${port}`,
  );
  console.log(
    `job: wordle${values.normal ? '' : ' --hard'} on ${values.lists ? values.lists : `${values.answers} generated answers, ${values.guesses} guesses`}; wall time of the whole compile process, median of ${runs} run${runs === 1 ? '' : 's'}; queue workers: one process each (--concurrency 1), started before the compile`,
  );
  await timed([...job, '--workers', '1', '--out', reference], env);
  const want = readFileSync(reference);
  for (const n of counts) {
    const row: Row = { workers: n, local: [], queue: [] };
    const procs = Array.from({ length: n }, () =>
      spawn(process.execPath, [CLI, 'worker', '--queue', url], { stdio: ['ignore', 'ignore', 'pipe'], env }),
    );
    await Promise.all(
      procs.map(
        (p) =>
          new Promise<void>((resolve, reject) => {
            let err = '';
            p.stderr.setEncoding('utf8').on('data', (d: string) => {
              err += d;
              if (err.includes('worker: taking jobs')) resolve();
            });
            p.on('exit', (code) => reject(new Error(`worker exited (${code}): ${err}`)));
          }),
      ),
    );
    for (let r = 0; r < runs; r++) {
      const local = join(dir, `local-${n}.gtree`);
      const queued = join(dir, `queue-${n}.gtree`);
      row.local.push(await timed([...job, '--workers', String(n), '--out', local], env));
      row.queue.push(await timed([...job, '--workers', String(n), '--queue', url, '--out', queued], env));
      for (const f of [local, queued])
        if (!readFileSync(f).equals(want)) throw new Error(`${f}: not the same bytes as the local one-worker tree`);
    }
    for (const p of procs) p.kill('SIGTERM');
    await Promise.all(procs.map((p) => new Promise((r) => (p.exitCode !== null ? r(null) : p.on('exit', r)))));
    rows.push(row);
  }
  const base = median(rows.find((r) => r.workers === 1)?.local ?? rows[0].local);
  console.log('');
  console.log('workers | local pool s | queue s | local speed-up | queue speed-up | queue / local | queue overhead');
  for (const r of rows) {
    const l = median(r.local);
    const q = median(r.queue);
    console.log(
      `${r.workers} | ${l.toFixed(2)} | ${q.toFixed(2)} | ${(base / l).toFixed(2)}x | ${(base / q).toFixed(2)}x | ${(q / l).toFixed(3)} | ${((q / l - 1) * 100).toFixed(1)}%`,
    );
  }
  console.log('');
  console.log(
    `every tree the same bytes as the local one-worker tree; speed-ups against the local pool with 1 worker (${base.toFixed(2)} s); ${availableParallelism()} cores, so counts above it share cores`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => (server.exitCode !== null ? r(null) : server.on('exit', r)));
  rmSync(dir, { recursive: true, force: true });
}
