/**
 * The exact mode: the exact search as a plan of subproblems (compiler/engine/exact-plan.ts) run
 * in the pool. Each task the plan wants is the engine's own (`solve` of a set, `evaluate` of a
 * guess, under its budget), run by the compile's executor (the local workers or `--queue`);
 * while workers are free the plan is asked for more, first in its strict order (a budgeted
 * guess one part at a time), then for any open part. Every settled subproblem is a fact: saved
 * to `--checkpoint` as it comes (its record, with its tree), read back with `--resume`, and
 * listed in the folder's certificate (`exact-certificate.txt`, rewritten at most once a minute
 * and at the end), which a later run also resumes from. The tree is the one `solve` gives,
 * whatever the workers, the order or what was read back.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { cpuUsage } from 'node:process';
import { writeFileAtomic } from '../../runtime/atomic-write.js';
import { fail } from '../../runtime/errors.js';
import { readTextFile } from '../../runtime/wordlist.js';
import { ExactPlan, guessPath, type ExactFact, type ExactLaunch, type XNode } from '../engine/exact-plan.js';
import type { SearchEngine } from '../engine/search.js';
import type { SearchNode } from '../engine/types.js';
import type { CandidateOutcome, EngineJob, ExactSpec, ExactTree } from '../games/compile-api.js';
import { CERTIFICATE_FILE, formatCertificate, parseCertificate } from '../games/exact-certificate.js';
import { TOOL_VERSION } from '../version.js';
import { Checkpoint, fingerprint } from './checkpoint.js';
import { withExecutor, type TaskExecutor } from './executor.js';
import type { SolvedSet, Task, TaskResult } from './messages.js';
import { liveProgress, rootOf, type DriverControl, type LiveProgress } from './root.js';

/** A checkpoint record: one subproblem's exact result (with its tree), the least key proven, or a guess played out. */
interface SavedRecord {
  readonly path: string;
  readonly playedOut?: boolean;
  readonly atLeast?: number;
  readonly cost?: number;
  readonly depth?: number;
  readonly tree?: {
    readonly guess: Uint8Array;
    readonly edgeStart: Uint8Array;
    readonly edgeCode: Uint8Array;
    readonly edgeChild: Uint8Array;
  };
}

/** The certificate is rewritten at most this often while the search runs. */
const CERTIFICATE_MS = 60_000;

const bytesOf = (a: Uint32Array): Uint8Array => new Uint8Array(a.buffer, a.byteOffset, a.byteLength).slice();
const wordsOf = (b: Uint8Array): Uint32Array => {
  const copy = new Uint8Array(b.byteLength);
  copy.set(b);
  return new Uint32Array(copy.buffer);
};

/** A path's number in the checkpoint (its file): 48 bits of its hash; the record names its path, so a clash is a miss. */
function recordIndex(path: string): number {
  return Number.parseInt(createHash('sha256').update(path).digest('hex').slice(0, 12), 16);
}

function recordOf(f: ExactFact): SavedRecord {
  const t = f.tree;
  return {
    path: f.path,
    ...(f.playedOut ? { playedOut: true } : {}),
    ...(typeof f.cost === 'number' && typeof f.depth === 'number' ? { cost: f.cost, depth: f.depth } : {}),
    ...(typeof f.atLeast === 'number' ? { atLeast: f.atLeast } : {}),
    ...(t
      ? {
          tree: {
            guess: bytesOf(t.guess),
            edgeStart: bytesOf(t.edgeStart),
            edgeCode: bytesOf(t.edgeCode),
            edgeChild: bytesOf(t.edgeChild),
          },
        }
      : {}),
  };
}

function factOf(r: SavedRecord): ExactFact | null {
  if (!r || typeof r !== 'object' || typeof r.path !== 'string') return null;
  const t = r.tree;
  const exact = typeof r.cost === 'number' && typeof r.depth === 'number';
  return {
    path: r.path,
    playedOut: r.playedOut === true ? true : undefined,
    cost: exact ? r.cost : undefined,
    depth: exact ? r.depth : undefined,
    atLeast: typeof r.atLeast === 'number' ? r.atLeast : undefined,
    tree:
      exact && t
        ? {
            guess: wordsOf(t.guess),
            edgeStart: wordsOf(t.edgeStart),
            edgeCode: wordsOf(t.edgeCode),
            edgeChild: wordsOf(t.edgeChild),
          }
        : undefined,
  };
}

/** Two facts of one path as one: played out when either says so, a result (with its tree when either has it), the higher bound. */
function merged(a: ExactFact, b: ExactFact): ExactFact {
  const exactA = typeof a.cost === 'number' ? a : null;
  const exactB = typeof b.cost === 'number' ? b : null;
  const exact = exactA?.tree ? exactA : exactB?.tree ? exactB : (exactA ?? exactB);
  const lo = Math.max(a.atLeast ?? -Infinity, b.atLeast ?? -Infinity);
  return {
    path: a.path,
    playedOut: a.playedOut || b.playedOut ? true : undefined,
    cost: exact?.cost,
    depth: exact?.depth,
    tree: exact?.tree,
    atLeast: exact || lo === -Infinity ? undefined : lo,
  };
}

/**
 * The exact search of the job's game as a plan of subproblems: the optimal tree (null: no plan
 * within the objective's limits) and how every root guess was settled.
 */
export async function compileExact<S>(
  job: EngineJob<S>,
  control: DriverControl,
  spec: ExactSpec,
): Promise<ExactTree | null> {
  const root = rootOf(job.parts);
  if (root.leaf)
    return {
      ...root.leaf.tree,
      outcomes: [{ guess: root.leaf.guess, key: root.engine.keyOf(root.leaf.tree) }],
      settled: 0,
      resumed: 0,
      cpuBefore: 0,
    };
  return withExecutor(job, control, async (pool) => {
    const live = liveProgress(control, pool);
    const run = new ExactRun(job, control, spec, pool, root.engine, live);
    try {
      return await run.run(root.all, root.root);
    } finally {
      live.stop();
      run.writeCertificate();
    }
  });
}

class ExactRun<S> {
  private readonly checkpoint: Checkpoint | null;
  /** Every fact known: read back and settled here (the certificate lists them). */
  private readonly facts = new Map<string, ExactFact>();
  private plan: ExactPlan<S> | null = null;
  private running = 0;
  private broken = false;
  /** Subproblems settled by tasks or read back, and of them read back. */
  private settled = 0;
  private resumed = 0;
  private dirty = false;
  private lastCertificate = Date.now();
  private readonly cpuStart = cpuUsage();
  /** CPU seconds of the runs the certificate read back had taken. */
  private cpuBefore = 0;
  private resolve: () => void = () => {};
  private reject: (e: unknown) => void = () => {};

  constructor(
    private readonly job: EngineJob<S>,
    private readonly control: DriverControl,
    private readonly spec: ExactSpec,
    private readonly pool: TaskExecutor,
    private readonly engine: SearchEngine<S>,
    private readonly live: LiveProgress,
  ) {
    this.checkpoint = control.checkpoint
      ? new Checkpoint(
          control.checkpoint,
          fingerprint({ module: job.module, gameSpec: job.gameSpec, setup: job.setup, mode: 'exact' }),
          'exact-',
        )
      : null;
    const certificate = this.certificatePath();
    if (certificate && !control.checkpoint?.resume && existsSync(certificate))
      throw fail(
        'usage',
        `${control.checkpoint?.dir}: holds the certificate of an earlier exact search (${CERTIFICATE_FILE}); pass --resume to go on from it or choose an empty folder`,
      );
    if (control.checkpoint?.resume) this.readBack();
  }

  /** The certificate's file, when this search keeps one (a checkpoint folder, a game that names its paths). */
  private certificatePath(): string | null {
    const dir = this.control.checkpoint?.dir;
    return dir && this.spec.certificate && this.job.names ? join(dir, CERTIFICATE_FILE) : null;
  }

  /** What the checkpoint folder holds: its records, and the certificate's facts. */
  private readBack(): void {
    const names = this.job.names;
    const certificate = this.certificatePath();
    if (names && certificate && existsSync(certificate)) {
      const c = parseCertificate(
        readTextFile(certificate, 'certificate'),
        certificate,
        names,
        this.job.parts.objective.depthTieBreak,
      );
      if (c.header.game !== this.job.label || c.header.codes !== this.job.parts.game.secretCount)
        throw fail(
          'usage',
          `${certificate}: a certificate of ${c.header.game} (${c.header.codes} codes), not of ${this.job.label}; choose another folder`,
        );
      this.cpuBefore = c.header.cpuSeconds;
      for (const f of c.facts.values()) this.facts.set(f.path, f);
    }
    const ck = this.checkpoint as Checkpoint;
    for (const i of ck.indices()) {
      const f = factOf(ck.loadValue(i) as SavedRecord);
      if (!f || recordIndex(f.path) !== i) continue;
      const had = this.facts.get(f.path);
      this.facts.set(f.path, had ? merged(had, f) : f);
    }
    // The certificate lists what was read back as soon as it is written again (the records may hold more).
    this.dirty = this.facts.size > 0;
  }

  async run(all: Uint32Array, root: SearchNode<S>): Promise<ExactTree | null> {
    // Facts found before the search (bounds of the root's guesses): kept as the search's own.
    for (const f of this.spec.facts ?? []) {
      const had = this.facts.get(f.path);
      const now = had ? merged(had, f) : f;
      if (had && now.atLeast === had.atLeast && now.cost === had.cost) continue;
      this.facts.set(f.path, now);
      this.checkpoint?.saveValue(recordIndex(f.path), recordOf(now));
      this.dirty = true;
    }
    const plan = new ExactPlan<S>(
      this.engine,
      all,
      root,
      { splitAbove: this.spec.splitAbove, known: this.spec.known },
      new Map(this.facts),
      (f, fromFacts) => this.onFact(f, fromFacts),
    );
    this.plan = plan;
    this.report();
    await new Promise<void>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
      this.pump();
    });
    if (this.pool.aborted) throw this.onAbort();
    const x = plan.root;
    if (!x.exact) {
      if (x.lo === Infinity) return null;
      throw new Error(`exact search: the root is neither solved nor refuted (at least ${x.lo})`);
    }
    const outcomes = rootOutcomes(x, this.spec.facts ?? []);
    return {
      tree: x.exact.tree,
      cost: x.exact.cost,
      depth: x.exact.depth,
      lowerBound: null,
      outcomes,
      settled: this.settled,
      resumed: this.resumed,
      cpuBefore: this.cpuBefore,
    };
  }

  private onFact(f: ExactFact, fromFacts: boolean): void {
    if (fromFacts) {
      this.settled++;
      this.resumed++;
      return;
    }
    const had = this.facts.get(f.path);
    const now = had ? merged(had, f) : f;
    this.facts.set(f.path, now);
    if (!f.playedOut) this.settled++;
    this.checkpoint?.saveValue(recordIndex(f.path), recordOf(now));
    this.dirty = true;
    if (Date.now() - this.lastCertificate >= CERTIFICATE_MS) this.writeCertificate();
  }

  /** The folder's certificate, when there is a folder, the game names its paths, and something changed. */
  writeCertificate(): void {
    const path = this.certificatePath();
    const names = this.job.names;
    if (!path || !names || !this.dirty) return;
    this.dirty = false;
    this.lastCertificate = Date.now();
    const used = cpuUsage(this.cpuStart);
    const text = formatCertificate(
      {
        game: this.job.label,
        codes: this.job.parts.game.secretCount,
        cpuSeconds: this.cpuBefore + (used.user + used.system) / 1e6,
        tool: `guesstree ${TOOL_VERSION}`,
      },
      this.facts.values(),
      names,
      this.job.parts.objective.depthTieBreak,
    );
    writeFileAtomic(path, text);
  }

  /** Launch work while workers are free; resolve once nothing runs and nothing is left. */
  private pump(): void {
    if (this.broken) return;
    const plan = this.plan as ExactPlan<S>;
    try {
      while (this.running < this.pool.workers) {
        const l = plan.pick(true) ?? plan.pick(false);
        if (!l) break;
        this.launch(l);
      }
    } catch (e) {
      this.fail(e);
      return;
    }
    if (this.running === 0) this.resolve();
  }

  private fail(e: unknown): void {
    this.broken = true;
    this.reject(e);
  }

  private launch(l: ExactLaunch<S>): void {
    const pool = this.pool;
    const plan = this.plan as ExactPlan<S>;
    this.running++;
    let task: Task;
    let what: () => string;
    if ('x' in l) {
      task = { kind: 'solve', pilot: false, sets: [l.x.set], nodes: [l.x.node], betas: [l.beta] };
      what = () => `a set of ${l.x.set.length} codes at ${this.pathText(l.x.path)} under a budget of ${l.beta}`;
    } else {
      task = { kind: 'evaluate', guess: l.g.guess, set: l.g.at.set, node: l.g.node, beta: l.beta };
      what = () => `${this.pathText(guessPath(l.g))} under a budget of ${l.beta}`;
    }
    pool
      .runWithRetry(task, what, () => this.onAbort())
      .then((r: TaskResult) => {
        this.running--;
        if (pool.aborted) throw this.onAbort();
        if ('x' in l) {
          if (r.kind !== 'solved') throw new Error('exact search: unexpected result');
          const v = (r.results[0] ?? null) as SolvedSet | null;
          plan.solvedNode(l.x, v, Math.max(l.beta, r.bounds?.[0] ?? l.beta));
        } else {
          if (r.kind !== 'evaluated') throw new Error('exact search: unexpected result');
          plan.evaluatedGuess(l.g, r.result, l.beta);
        }
        this.report();
        this.pump();
      })
      .catch((e: unknown) => this.fail(e));
  }

  /** A path in the game's words (`the root`, `AABBC 20, then ADCEA`). */
  private pathText(path: string): string {
    const names = this.job.names;
    if (path === '') return 'the root';
    if (!names) return path;
    const hash = path.indexOf('#');
    const nodePath = hash < 0 ? path : path.slice(0, hash);
    const steps =
      nodePath === ''
        ? []
        : nodePath
            .slice(1)
            .split('/')
            .map((s) => {
              const [g, c] = s.split(':');
              return `${names.guessName(Number(g))} ${names.replyName(Number(c))}`;
            });
    const at = steps.length ? `after ${steps.join(', ')}` : 'at the root';
    return hash < 0 ? at : `guess ${names.guessName(Number(path.slice(hash + 1)))} ${at}`;
  }

  private report(): void {
    const plan = this.plan;
    if (!plan) return;
    const best = plan.root.best?.exact ?? plan.root.exact;
    this.live.report({
      done: this.settled,
      total: this.settled + plan.openUnits(),
      unit: this.spec.unit ?? 'subproblems',
      best: best ? (this.job.bestText ? this.job.bestText(best.cost, best.depth) : String(best.cost)) : null,
    });
  }

  private onAbort(): Error {
    const { control, job } = this;
    const saved = control.checkpoint
      ? `; settled subproblems are saved in ${control.checkpoint.dir}, rerun with --resume`
      : '';
    return fail(
      'interrupted',
      `${job.label}: interrupted after ${this.settled} subproblems settled${saved}; nothing written`,
    );
  }
}

/**
 * How each root guess was settled, the same in every run (the proof's lines): the best guess
 * exactly; any other at least what the search had to prove of it (the best key, one more when
 * ranked before the best), or more where the ranking's bound or a bound known before the search
 * (`facts`) says so. What the workers happened to settle beyond that (a guess solved exactly
 * while a worker was free) depends on timing: the certificate keeps it, the proof does not.
 */
function rootOutcomes<S>(x: XNode<S>, facts: readonly ExactFact[]): CandidateOutcome[] {
  const best = x.best;
  if (!best) throw new Error('exact search: the root is solved without a best guess');
  const before = new Map(facts.map((f) => [f.path, f.atLeast ?? -Infinity]));
  return (x.guesses ?? []).map((g) =>
    g === best
      ? { guess: g.guess, key: g.lo }
      : {
          guess: g.guess,
          atLeast: Math.max(
            g.ranked,
            before.get(guessPath(g)) ?? -Infinity,
            g.rank < best.rank ? best.lo + 1 : best.lo,
          ),
        },
  );
}
