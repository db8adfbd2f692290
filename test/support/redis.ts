/**
 * Helpers for the job-queue suites: a free loopback port, a child process whose output is
 * collected (with waits on its lines), and a real redis-server on 127.0.0.1 (no persistence, a
 * temp --dir, a password) that the suite stops in its afterAll.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from '../../scripts/free-port.js';

/** Whether redis-server is on PATH (the suites say so in one line when it is not). */
export const haveRedis = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;

export { freePort };

/** A child process whose stderr is collected, with waits on its lines. */
export class Proc {
  stderr = '';
  stdout = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  constructor(readonly child: ChildProcess) {
    child.stderr?.setEncoding('utf8').on('data', (d: string) => (this.stderr += d));
    child.stdout?.setEncoding('utf8').on('data', (d: string) => (this.stdout += d));
    this.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  }
  async waitFor(re: RegExp, ms = 20_000): Promise<RegExpExecArray> {
    const until = Date.now() + ms;
    for (;;) {
      const m = re.exec(this.stderr) ?? re.exec(this.stdout);
      if (m) return m;
      if (Date.now() > until) throw new Error(`no ${re} within ${ms} ms in:\n${this.stderr}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  lines(): string[] {
    return this.stderr.split('\n').filter(Boolean);
  }
  get pid(): number {
    return this.child.pid as number;
  }
  /** SIGTERM, then SIGKILL when it has not exited within `ms`. */
  async stop(ms = 10_000): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGTERM');
    const done = await Promise.race([this.exited, new Promise<null>((r) => setTimeout(() => r(null), ms))]);
    if (done === null) this.child.kill('SIGKILL');
  }
}

export interface RedisServer {
  readonly port: number;
  /** redis://default:PASSWORD@127.0.0.1:PORT */
  readonly url: string;
  /** A client of the server, for looking at the queue. */
  readonly redis: Redis;
  readonly server: Proc;
  stop(): Promise<void>;
}

/** Start redis-server on a free loopback port with `password`, its files in `dir`. */
export async function startRedis(dir: string, password: string): Promise<RedisServer> {
  const port = await freePort();
  const server = new Proc(
    spawn(
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
      { stdio: ['ignore', 'pipe', 'pipe'] },
    ),
  );
  await server.waitFor(/Ready to accept connections/, 20_000).catch((e: unknown) => {
    throw new Error(`redis-server did not start: ${String(e)}\n${server.stdout}`);
  });
  const redis = new Redis({ host: '127.0.0.1', port, password });
  await redis.ping();
  return {
    port,
    url: `redis://default:${password}@127.0.0.1:${port}`,
    redis,
    server,
    async stop() {
      redis.disconnect();
      await server.stop(5000);
    },
  };
}
