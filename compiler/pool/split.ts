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
      return await splitIn(pool, live, job, control, at);
    } finally {
      live.stop();
    }
  });
}

/** The split mode in its executor. */
async function splitIn<S>(
  pool: TaskExecutor,
  live: LiveProgress,
  job: EngineJob<S>,
  control: DriverControl,
  { engine, all, root }: Root<S>,
): Promise<EngineTree | null> {
  const parts = job.parts;
  const rootPilot = parts.effort.rootPilot;
  const width = rootPilot ? Infinity : engine.width(all.length, 0);
  const ranking = await rankRoot(pool, job.label, engine, all, root, width, live);
  let choices: RankedGuess[];
  if (ranking.optimal) choices = [ranking.optimal];
  else {
    choices = [];
    for (let i = 0; i < ranking.top.length; i++) choices.push(rankedAt(ranking.top, i));
  }
  const lowerBound = ranking.complete ? ranking.setBound : null;
  // With a root pilot: every root guess in pool order, by the key of the pilot's tree below it.
  if (rootPilot) choices.sort((a, b) => a.at - b.at);
  let candidates = choices.map((c) => candidateOf(engine, c.guess, all, root));
  if (rootPilot && candidates.length > 1) {
    await solveCandidates(pool, engine, candidates, control, true, job, live);
    const best = bestCandidate(engine, candidates);
    if (!best) return null;
    candidates = [candidateOf(engine, best.guess, all, root)];
  }
  await solveCandidates(pool, engine, candidates, control, false, job, live);
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

/** Solve every open part of the candidates in the pool (batched, checkpointed, retried once). */
async function solveCandidates<S>(
  pool: TaskExecutor,
  engine: SearchEngine<S>,
  candidates: Candidate<S>[],
  control: DriverControl,
  pilot: boolean,
  job: EngineJob<S>,
  live: LiveProgress,
): Promise<void> {
  const units: Array<{ candidate: number; part: Part<S> }> = [];
  let total = 0;
  let leafSecrets = 0;
  candidates.forEach((c, ci) => {
    c.parts.forEach((p, i) => {
      total += p.set.length;
      if (c.results[i] === undefined) units.push({ candidate: ci, part: p });
      else leafSecrets += p.set.length;
    });
  });
  // Largest sets first: they take longest. A stable order, so batches are the same every run.
  units.sort(
    (a, b) => b.part.set.length - a.part.set.length || a.candidate - b.candidate || a.part.index - b.part.index,
  );
  const batches: Array<typeof units> = [];
  let cur: typeof units = [];
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
  let done = leafSecrets;
  let best: string | null = null;
  let bestKey = Infinity;
  // The parts' secrets are what is counted.
  const unit = `secrets in ${job.progressUnit ?? "the openers' groups"}`;
  const report = (): void => live.report({ done, total, unit: pilot ? `${unit} (pilot)` : unit, best });
  const accept = (batch: typeof units, results: ReadonlyArray<SolvedSet | null>): void => {
    batch.forEach((u, i) => {
      const c = candidates[u.candidate] as Candidate<S>;
      c.results[u.part.index] = results[i] ?? null;
      done += u.part.set.length;
      c.open--;
      if (c.open === 0) {
        const cost = candidateCost(c);
        const depth = candidateDepth(c);
        const key = engine.keyOf({ cost, depth });
        if (key < bestKey) {
          bestKey = key;
          best = job.bestText ? job.bestText(cost, depth) : String(cost);
        }
      }
    });
    report();
  };
  for (const c of candidates) {
    if (c.open === 0) {
      const key = engine.keyOf({ cost: candidateCost(c), depth: candidateDepth(c) });
      if (key < bestKey) {
        bestKey = key;
        best = job.bestText ? job.bestText(candidateCost(c), candidateDepth(c)) : String(candidateCost(c));
      }
    }
  }
  report();
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
      const results = (r as { results: ReadonlyArray<SolvedSet | null> }).results;
      checkpoint?.save(index, results);
      accept(batch, results);
      finished++;
    }),
  );
  if (pool.aborted) throw onAbort();
}
