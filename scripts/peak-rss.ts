/**
 * A Node program run as a child with its peak resident memory measured: the child is started
 * with a one-line `--import` hook that writes its peak (VmHWM) to a file as it exits (its own
 * figure, not a shell's), and is killed when its resident memory passes `killMiB`
 * (read from /proc where there is one), so that a regression cannot take the machine down.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface MeasuredRun {
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly wallMs: number;
  /** Peak resident memory of the child, MiB (NaN when it died before it could say). */
  readonly peakMiB: number;
  /** Killed for passing `killMiB`, or for running past `timeoutMs`. */
  readonly killed: 'memory' | 'time' | null;
}

export interface MeasureOptions {
  readonly env?: NodeJS.ProcessEnv;
  readonly cwd?: string;
  readonly stdin?: string;
  readonly killMiB?: number;
  readonly timeoutMs?: number;
}

/**
 * Written by the child as it exits: its peak resident memory, KiB. /proc's VmHWM where there is
 * one: `maxRSS` (getrusage) is kept across exec on Linux, so a child forked from a large parent
 * would report the parent's size.
 */
const HOOK = encodeURIComponent(
  "import{readFileSync as r,writeFileSync as w}from'node:fs';process.on('exit',()=>{let k=process.resourceUsage().maxRSS;" +
    "try{k=Number(/VmHWM:\\s+(\\d+)/.exec(r('/proc/self/status','utf8'))[1])}catch{}w(process.env.PEAK_RSS_FILE,String(k))})",
);

/** The resident memory of a process, MiB, from /proc (undefined where /proc is absent). */
function residentMiB(pid: number): number | undefined {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** `node [nodeArgs] script args`, to its end, with its peak memory. */
export function runMeasured(
  script: string,
  args: readonly string[],
  o: MeasureOptions = {},
  nodeArgs: readonly string[] = [],
): Promise<MeasuredRun> {
  const dir = mkdtempSync(join(tmpdir(), 'guesstree-peak-'));
  const file = join(dir, 'maxrss');
  return new Promise((done, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [...nodeArgs, `--import=data:text/javascript,${HOOK}`, script, ...args], {
      cwd: o.cwd,
      env: { ...process.env, ...o.env, PEAK_RSS_FILE: file },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let killed: MeasuredRun['killed'] = null;
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.stdin.on('error', () => {});
    child.stdin.end(o.stdin ?? '');
    const kill = (why: 'memory' | 'time'): void => {
      killed = why;
      child.kill('SIGKILL');
    };
    const watch = setInterval(() => {
      const rss = child.pid === undefined ? undefined : residentMiB(child.pid);
      if (rss !== undefined && rss > (o.killMiB ?? 2048)) kill('memory');
    }, 20);
    const timer = setTimeout(() => kill('time'), o.timeoutMs ?? 60_000);
    child.on('error', (e) => {
      clearInterval(watch);
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
      reject(e);
    });
    child.on('close', (status, signal) => {
      clearInterval(watch);
      clearTimeout(timer);
      let peakMiB = Number.NaN;
      try {
        peakMiB = Number(readFileSync(file, 'utf8')) / 1024;
      } catch {
        // killed, or died before its exit hook ran
      }
      rmSync(dir, { recursive: true, force: true });
      done({ status, signal, stdout, stderr, wallMs: performance.now() - t0, peakMiB, killed });
    });
  });
}
