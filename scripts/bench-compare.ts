/**
 * `npm run bench:compare -- --base REV [--quick] [--only a,b] [--rounds 2]`: every `bench:*`
 * script of package.json, run for an older revision (base) and for the current tree (head)
 * side by side in one sitting, with the CPU time (user + sys, the bench's own process and every
 * process it waited for: workers, compiles, Chromium, redis-server) of each run.
 *
 * Both sides are set up in a temporary folder outside the repository: REV checked out as a
 * detached git worktree, the current tree copied (tracked and untracked files, what git does not
 * ignore), each built there with `npm run build` (node_modules linked to this repository's when
 * the lock files agree, else `npm ci`), and `shared` beside them linked to `--shared` (default:
 * ../shared of this repository), so both read the same data at the same relative place. Runs
 * alternate per bench, base then head, `--rounds` times (A B A B); a bench that writes trees gets
 * a fresh GUESSTREE_TREES folder a run, the others read their side's shipped trees/.
 *
 * `--quick` runs each bench in its short mode (QUICK below: the bench's own options, the same
 * code paths on smaller inputs, options the base revision accepts too); `--args name=ARGS`
 * replaces one bench's options. stdout: the machine (nproc, load at the start and the end) and
 * one row per bench: the least CPU seconds of each side over the rounds, head/base, and whether
 * head is within 5% of base; every run's seconds. stderr: progress. Status 1 when a run failed,
 * 2 on bad options.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { escapeControls, safeText } from '../runtime/messages.js';

/** Short mode of each bench: its own options, which the base accepts too. */
const QUICK: Readonly<Record<string, readonly string[]>> = {
  lingo: ['--compile', '--lengths', '5', '--effort', 'quick'],
  pit: ['--rounds', '2', '--lengths', '4-13'],
  kernel: ['--seconds', '0.001', '--lengths', '5,9'],
  wordle: ['--mode', 'both', '--reps', '1'],
  matchcount: ['--random', '3', '--deadline', '60'],
  mastermind: ['--only', '4x6', '--workers', '1'],
  hangman: ['--lengths', '9,10', '--objectives', 'misses,win'],
  explorer: [],
  distributed: ['--workers', '1,2', '--runs', '1', '--answers', '1500', '--guesses', '2000'],
  bullscows: ['--digits', '4', '--symbols', '8', '--efforts', 'quick,default,exact', '--workers', '1'],
  worstcase: ['--samples', '2'],
  filegame: ['--repeat', '1'],
  memory: ['--quick', '--workers', '1'],
};

/** Within this ratio of the base's CPU time a bench counts as not slower. */
const TOLERANCE = 1.05;

class UsageError extends Error {}

interface Side {
  readonly label: 'base' | 'head';
  readonly dir: string;
  readonly benches: ReadonlyMap<string, string>;
}

interface Cpu {
  readonly seconds: number;
  readonly wall: number;
  readonly status: number;
  readonly log: string;
}

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const say = (s: string): boolean => process.stderr.write(`bench:compare: ${s}\n`);

function git(args: string[], cwd = repo): string {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${(r.stderr || '').trim().split('\n')[0] ?? ''}`);
  return r.stdout.trim();
}

/** `bench:NAME` scripts of a package.json → NAME → the script file they run (after the build). */
function benchScripts(dir: string): Map<string, string> {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  const out = new Map<string, string>();
  for (const [key, cmd] of Object.entries(pkg.scripts ?? {})) {
    if (!key.startsWith('bench:') || key === 'bench:compare') continue;
    const m = /(?:^|&&)\s*node\s+(\S+\.js)\s*$/.exec(cmd);
    if (m) out.set(key.slice('bench:'.length), m[1] as string);
  }
  return out;
}

function run(cmd: string, args: string[], cwd: string, what: string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout?.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr?.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolvePromise();
      else reject(new Error(`${what} failed (status ${code}): ${(out.trim().split('\n').pop() ?? '').slice(0, 200)}`));
    });
  });
}

/** A side's tree built in `dir`: node_modules linked when the lock files agree, else installed. */
async function build(dir: string): Promise<void> {
  const lock = (d: string): string =>
    existsSync(join(d, 'package-lock.json')) ? readFileSync(join(d, 'package-lock.json'), 'utf8') : '';
  if (lock(dir) === lock(repo) && existsSync(join(repo, 'node_modules')))
    symlinkSync(realpathSync(join(repo, 'node_modules')), join(dir, 'node_modules'));
  else
    await run(
      'npm',
      ['ci', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'],
      dir,
      `npm ci in ${dir}`,
    );
  await run('npm', ['run', 'build', '--silent'], dir, `npm run build in ${dir}`);
}

/** The current tree, as git sees it (tracked and untracked files that are not ignored), copied to `dir`. */
function copyCurrentTree(dir: string): void {
  const files = git(['ls-files', '-z', '--cached', '--others', '--exclude-standard']).split('\0').filter(Boolean);
  for (const f of files) {
    const from = join(repo, f);
    if (!existsSync(from)) continue; // deleted in the work tree
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    copyFileSync(from, join(dir, f));
  }
}

let current: ReturnType<typeof spawn> | null = null;
let interrupted = false;

/** One bench run under /usr/bin/time: its CPU seconds (user + sys of it and its waited-for children). */
function measure(
  side: Side,
  script: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  logDir: string,
  tag: string,
): Promise<Cpu> {
  const timeFile = join(logDir, `${tag}.time`);
  return new Promise((resolvePromise, reject) => {
    const child = spawn('/usr/bin/time', ['-f', '%U %S %e', '-o', timeFile, process.execPath, script, ...args], {
      cwd: side.dir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    current = child;
    let out = '';
    child.stdout?.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr?.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => {
      current = null;
      const lines = existsSync(timeFile) ? readFileSync(timeFile, 'utf8').trim().split('\n') : [];
      const [user, sys, wall] = (lines[lines.length - 1] ?? '').split(' ').map(Number);
      const ok = code === 0 && Number.isFinite(user) && Number.isFinite(sys);
      resolvePromise({
        seconds: ok ? (user as number) + (sys as number) : NaN,
        wall: wall ?? NaN,
        status: code ?? 1,
        log: out,
      });
    });
  });
}

const fmt = (x: number): string => (Number.isFinite(x) ? x.toFixed(2) : '-');
const loads = (): string =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

function parseOptions() {
  try {
    return parseArgs({
      options: {
        base: { type: 'string' },
        quick: { type: 'boolean', default: false },
        only: { type: 'string' },
        rounds: { type: 'string', default: '2' },
        shared: { type: 'string', default: join(repo, '..', 'shared') },
        args: { type: 'string', multiple: true, default: [] },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

async function main(): Promise<number> {
  const values = parseOptions();
  if (values.base === undefined)
    throw new UsageError('--base REV is required (a commit, branch or tag to compare the current tree with)');
  const rounds = Number(values.rounds);
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 20)
    throw new UsageError(`--rounds ${safeText(values.rounds)}: a whole number from 1 to 20`);
  if (!existsSync('/usr/bin/time'))
    throw new UsageError("/usr/bin/time is absent (apt-get install -y time): it measures each run's CPU time");
  const baseRev = spawnSync('git', ['rev-parse', '--verify', '--quiet', `${values.base}^{commit}`], {
    cwd: repo,
    encoding: 'utf8',
  });
  if (baseRev.status !== 0) throw new UsageError(`--base ${safeText(values.base)}: not a commit of this repository`);
  const baseSha = baseRev.stdout.trim();
  const headBenches = benchScripts(repo);
  const overrides = new Map<string, string[]>();
  for (const a of values.args) {
    const eq = a.indexOf('=');
    const name = eq > 0 ? a.slice(0, eq).replace(/^bench:/, '') : '';
    if (!headBenches.has(name))
      throw new UsageError(
        `--args ${safeText(a)}: give NAME=OPTIONS, NAME one of ${[...headBenches.keys()].join(', ')}`,
      );
    overrides.set(
      name,
      a
        .slice(eq + 1)
        .split(/\s+/)
        .filter(Boolean),
    );
  }
  const names =
    values.only === undefined
      ? [...headBenches.keys()]
      : values.only.split(',').map((x) => x.trim().replace(/^bench:/, ''));
  for (const n of names)
    if (!headBenches.has(n))
      throw new UsageError(
        `--only ${safeText(n)}: no such bench in package.json (benches: ${[...headBenches.keys()].join(', ')})`,
      );
  const argsOf = (n: string): readonly string[] => overrides.get(n) ?? (values.quick ? (QUICK[n] ?? []) : []);

  const dirty = git(['status', '--porcelain', '--untracked-files=normal']) !== '';
  const headLabel = `${git(['rev-parse', '--short', 'HEAD'])}${dirty ? ' with uncommitted changes' : ''}`;
  const root = mkdtempSync(join(tmpdir(), 'guesstree-compare-'));
  const baseDir = join(root, 'base');
  const onSignal = (): void => {
    interrupted = true;
    current?.kill('SIGTERM');
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  let failed = 0;
  try {
    if (existsSync(values.shared)) symlinkSync(realpathSync(values.shared), join(root, 'shared'));
    else say(`${safeText(values.shared)} is absent: benches that need ../shared/ say so and measure less`);
    say(`checking out ${values.base} (${baseSha.slice(0, 12)}) in ${baseDir}`);
    git(['worktree', 'add', '--detach', '--quiet', baseDir, baseSha]);
    const headDir = join(root, 'head');
    say(`copying the current tree (${headLabel}) to ${headDir}`);
    copyCurrentTree(headDir);
    say('building base and head');
    await Promise.all([build(baseDir), build(headDir)]);
    const sides: Side[] = [
      { label: 'base', dir: baseDir, benches: benchScripts(baseDir) },
      { label: 'head', dir: headDir, benches: benchScripts(headDir) },
    ];
    const logDir = join(root, 'logs');
    mkdirSync(logDir);

    const startLoad = loads();
    const rows: string[] = [];
    let sumBase = 0;
    let sumHead = 0;
    const total = names.length * rounds * 2;
    let done = 0;
    for (const name of names) {
      const args = argsOf(name);
      const writes = name === 'lingo' && args.includes('--compile');
      const cpu: Record<'base' | 'head', number[]> = { base: [], head: [] };
      let note = '';
      for (let r = 1; r <= rounds && !note; r++) {
        for (const side of sides) {
          if (interrupted) throw new Error('interrupted');
          const script = side.benches.get(name);
          if (script === undefined) {
            note = `no bench:${name} in the ${side.label}'s package.json`;
            break;
          }
          const env: NodeJS.ProcessEnv = { ...process.env, GUESSTREE_PROGRESS: '' };
          delete env.GUESSTREE_TREES;
          if (writes) env.GUESSTREE_TREES = mkdtempSync(join(root, 'trees-'));
          const tag = `${name}-${side.label}-${r}`;
          const m = await measure(side, script, args, env, logDir, tag);
          done++;
          if (m.status !== 0 || !Number.isFinite(m.seconds)) {
            if (interrupted) throw new Error('interrupted');
            const last = m.log.trim().split('\n').pop() ?? '';
            note = `${side.label} failed (status ${m.status}): ${safeText(last, 160)}`;
            say(`[${done}/${total}] bench:${name} ${side.label} round ${r}: ${note}`);
            break;
          }
          cpu[side.label].push(m.seconds);
          say(
            `[${done}/${total}] bench:${name} ${side.label} round ${r}: ${fmt(m.seconds)} s CPU, ${fmt(m.wall)} s wall, load ${loads()}`,
          );
        }
      }
      const shown = args.length ? args.join(' ') : '(its defaults)';
      if (note) {
        failed++;
        rows.push(
          [`bench:${name}`, '-', '-', '-', note, cpu.base.map(fmt).join(' '), cpu.head.map(fmt).join(' '), shown].join(
            ' | ',
          ),
        );
        continue;
      }
      const b = Math.min(...cpu.base);
      const h = Math.min(...cpu.head);
      sumBase += b;
      sumHead += h;
      const ratio = h / b;
      rows.push(
        [
          `bench:${name}`,
          fmt(b),
          fmt(h),
          ratio.toFixed(3),
          ratio <= TOLERANCE ? 'yes' : 'NO',
          cpu.base.map(fmt).join(' '),
          cpu.head.map(fmt).join(' '),
          shown,
        ].join(' | '),
      );
    }
    const lines = [
      `bench:compare: base ${values.base} (${baseSha.slice(0, 12)}), head ${headLabel}; ${values.quick ? 'quick' : 'full'} benches, ${rounds} round${rounds === 1 ? '' : 's'} (base, head alternating)`,
      `machine: nproc ${availableParallelism()}; load average ${startLoad} at the start, ${loads()} at the end`,
      "CPU: user + sys seconds of the bench and the processes it waited for; each side's least over the rounds",
      '',
      'bench | base CPU s | head CPU s | head/base | within 5% | base runs | head runs | options',
      ...rows,
      `all | ${fmt(sumBase)} | ${fmt(sumHead)} | ${sumBase > 0 ? (sumHead / sumBase).toFixed(3) : '-'} | ${sumHead <= TOLERANCE * sumBase ? 'yes' : 'NO'} | | |`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    spawnSync('git', ['worktree', 'remove', '--force', baseDir], { cwd: repo, stdio: 'ignore' });
    rmSync(root, { recursive: true, force: true });
    spawnSync('git', ['worktree', 'prune'], { cwd: repo, stdio: 'ignore' });
  }
  return failed ? 1 : 0;
}

main().then(
  (status) => process.exit(status),
  (e: unknown) => {
    const text = escapeControls(e instanceof Error ? e.message : String(e));
    say(text.length > 300 ? `${text.slice(0, 300)}…` : text);
    process.exit(e instanceof UsageError ? 2 : 1);
  },
);
