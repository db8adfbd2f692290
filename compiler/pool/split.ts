/**
 * The split mode (heuristic efforts): the root is ranked in the pool (in slices when the ranker
 * can merge them); each candidate opener's reply groups are units of work, gathered into
 * batches, solved in the pool (a failed batch is retried once), saved to `--checkpoint` as they
 * finish; the candidate of least key wins, ties to the better ranked. With a root pilot, every
 * root guess is first scored by the pilot search (in pool order) and only the best is searched
 * in full.
 */
import { fail } from '../../runtime/errors.js';
import { graftTrees } from '../engine/plan.js';
import type { SearchEngine } from '../engine/search.js';
import { rankedAt } from '../engine/top-k.js';
import type { RankedGuess } from '../engine/types.js';
import type { EngineJob, EngineTree } from '../games/compile-api.js';
import { Checkpoint, fingerprint } from './checkpoint.js';
import { withExecutor, type TaskExecutor } from './executor.js';
import type { SolvedSet, Task } from './messages.js';
import {
  bestCandidate,
  candidateCost,
  candidateDepth,
  candidateOf,
  rankRoot,
  liveProgress,
  rootOf,
  type Candidate,
  type DriverControl,
  type LiveProgress,
  type Part,
  type Root,
} from './root.js';

/** Sets per batch are gathered until they hold this many secrets (or a set alone is larger). */
const BATCH_SECRETS = 1500;
const BATCH_SETS_MAX = 512;

/**
 * The root's candidates and their parts in the pool: the best candidate's tree. Returns null
 * when no candidate has a plan (every one runs out of guesses under a depth cap).
 */
export async function compileSplit<S>(job: EngineJob<S>, control: DriverControl): Promise<EngineTree | null> {
  const at = rootOf(job.parts);
  if (at.leaf) return at.leaf.tree;
  return withExecutor(job, control, async (pool) => {
    const live = liveProgress(control, pool);
    try {
      return await splitIn({ pool, engine: at.engine, job, control, live }, at);
    } finally {
      live.stop();
    }
  });
}

/** The split mode in its executor. */
async function splitIn<S>(run: SplitRun<S>, at: Root<S>): Promise<EngineTree | null> {
  const { pool, engine, job, live } = run;
  const parts = job.parts;
  const rootPilot = parts.effort.rootPilot;
  const width = rootPilot ? Infinity : engine.width(at.all.length, 0);
  const ranking = await rankRoot(pool, at, { label: job.label, width, live });
  let choices: RankedGuess[];
  if (ranking.optimal) choices = [ranking.optimal];
  else {
    choices = [];
    for (let i = 0; i < ranking.top.length; i++) choices.push(rankedAt(ranking.top, i));
  }
  const lowerBound = ranking.complete ? ranking.setBound : null;
  // With a root pilot: every root guess in pool order, by the key of the pilot's tree below it.
  if (rootPilot) choices.sort((a, b) => a.at - b.at);
  let candidates = choices.map((c) => candidateOf(at, c.guess));
  if (rootPilot && candidates.length > 1) {
    await solveCandidates(run, candidates, true);
    const best = bestCandidate(engine, candidates);
    if (!best) return null;
    candidates = [candidateOf(at, best.guess)];
  }
  await solveCandidates(run, candidates, false);
  const best = bestCandidate(engine, candidates);
  if (!best) return null;
  const trees = best.results.map((r) => (r as SolvedSet).tree);
  return {
    tree: graftTrees(best.guess, best.codes, trees),
    cost: candidateCost(best),
    depth: candidateDepth(best),
    lowerBound,
  };
}

/** What solving a split's candidates needs: its executor, engine, job, controls and progress. */
interface SplitRun<S> {
  readonly pool: TaskExecutor;
  readonly engine: SearchEngine<S>;
  readonly job: EngineJob<S>;
  readonly control: DriverControl;
  readonly live: LiveProgress;
}

/** An open part of a candidate (`candidate`: its place among the candidates): a unit of work. */
interface Unit<S> {
  readonly candidate: number;
  readonly part: Part<S>;
}

/**
 * The candidates' open parts in batches, largest sets first (they take longest) in a stable
 * order, so the batches are the same every run; `total`: every part's secrets, `settled`: those
 * of the parts already solved.
 */
function batchesOf<S>(candidates: readonly Candidate<S>[]): { batches: Unit<S>[][]; total: number; settled: number } {
  const units: Unit<S>[] = [];
  let total = 0;
  let settled = 0;
  candidates.forEach((c, ci) => {
    c.parts.forEach((p, i) => {
      total += p.set.length;
      if (c.results[i] === undefined) units.push({ candidate: ci, part: p });
      else settled += p.set.length;
    });
  });
  units.sort(
    (a, b) => b.part.set.length - a.part.set.length || a.candidate - b.candidate || a.part.index - b.part.index,
  );
  const batches: Unit<S>[][] = [];
  let cur: Unit<S>[] = [];
  let curSize = 0;
  for (const u of units) {
    cur.push(u);
    curSize += u.part.set.length;
    if (curSize >= BATCH_SECRETS || cur.length >= BATCH_SETS_MAX) {
      batches.push(cur);
      cur = [];
      curSize = 0;
    }
  }
  if (cur.length) batches.push(cur);
  return { batches, total, settled };
}

/**
 * A split's progress: the secrets of the parts solved, and the best candidate finished so far in
 * the game's words. `solved` counts a part of `candidate` as solved.
 */
function splitProgress<S>(
  { engine, job, live }: SplitRun<S>,
  candidates: readonly Candidate<S>[],
  counts: { readonly total: number; readonly settled: number; readonly pilot: boolean },
): { solved(secrets: number, candidate: Candidate<S>): void; report(): void } {
  let done = counts.settled;
  let best: string | null = null;
  let bestKey = Infinity;
  // The parts' secrets are what is counted.
  const counted = `secrets in ${job.progressUnit ?? "the openers' groups"}`;
  const unit = counts.pilot ? `${counted} (pilot)` : counted;
  const consider = (c: Candidate<S>): void => {
    if (c.open !== 0) return;
    const cost = candidateCost(c);
    const depth = candidateDepth(c);
    const key = engine.keyOf({ cost, depth });
    if (key < bestKey) {
      bestKey = key;
      best = job.bestText ? job.bestText(cost, depth) : String(cost);
    }
  };
  for (const c of candidates) consider(c);
  return {
    solved(secrets, candidate) {
      done += secrets;
      consider(candidate);
    },
    report: () => live.report({ done, total: counts.total, unit, best }),
  };
}

/** Solve every open part of the candidates in the pool (batched, checkpointed, retried once). */
async function solveCandidates<S>(run: SplitRun<S>, candidates: Candidate<S>[], pilot: boolean): Promise<void> {
  const { pool, job, control } = run;
  const { batches, total, settled } = batchesOf(candidates);
  const checkpoint = control.checkpoint
    ? new Checkpoint(
        control.checkpoint,
        fingerprint({
          module: job.module,
          setup: job.setup,
          pilot,
          candidates: candidates.map((c) => c.guess),
          batches: batches.map((b) => b.map((u) => u.part.set.length)),
        }),
        pilot ? 'pilot-' : '',
      )
    : null;
  const progress = splitProgress(run, candidates, { total, settled, pilot });
  const accept = (batch: readonly Unit<S>[], results: ReadonlyArray<SolvedSet | null>): void => {
    batch.forEach((u, i) => {
      const c = candidates[u.candidate];
      c.results[u.part.index] = results[i] ?? null;
      c.open--;
      progress.solved(u.part.set.length, c);
    });
    progress.report();
  };
  progress.report();
  let finished = 0;
  const todo: number[] = [];
  batches.forEach((batch, index) => {
    const saved = control.checkpoint?.resume ? checkpoint?.load(index, batch.length) : null;
    if (saved) {
      accept(batch, saved);
      finished++;
    } else todo.push(index);
  });
  const onAbort = (): Error => {
    const saved = control.checkpoint
      ? `; finished batches are saved in ${control.checkpoint.dir}, rerun with --resume`
      : '';
    return fail(
      'interrupted',
      `${job.label}: interrupted after ${finished} of ${batches.length} batches${saved}; nothing written`,
    );
  };
  await Promise.all(
    todo.map(async (index) => {
      const batch = batches[index];
      const task: Task = {
        kind: 'solve',
        pilot,
        sets: batch.map((u) => u.part.set),
        nodes: batch.map((u) => u.part.node),
      };
      const first = batch[0].part.set;
      const what = (): string =>
        `batch ${index} (node: ${first.length} secrets after 1 guess${job.nameSecret ? `, first ${job.nameSecret(first[0])}` : ''})`;
      const r = await pool.runWithRetry(task, what, onAbort);
      if (pool.aborted) throw onAbort();
      if (r.kind !== 'solved') throw new Error('compile pool: unexpected result');
      checkpoint?.save(index, r.results);
      accept(batch, r.results);
      finished++;
    }),
  );
  if (pool.aborted) throw onAbort();
}
