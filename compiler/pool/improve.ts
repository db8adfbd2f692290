/**
 * The improve mode: a known tree's targets (compiler/engine/improve.ts) each searched in the
 * pool by the job's search under its subtree's key, largest first, one task each (saved to
 * `--checkpoint` as they finish), and the better subtrees grafted back. Every task's answer is
 * a pure function of its target, so the tree is the same whatever the workers.
 */
import { fail } from '../../runtime/errors.js';
import { graftImproved, improveTargets, treeCost } from '../engine/improve.js';
import { SearchEngine } from '../engine/search.js';
import type { TreeArrays } from '../../runtime/tree-format.js';
import type { EngineJob, EngineTree, ImproveSpec } from '../games/compile-api.js';
import { Checkpoint, fingerprint } from './checkpoint.js';
import { withExecutor } from './executor.js';
import type { SolvedSet, Task } from './messages.js';
import { liveProgress, type DriverControl } from './root.js';

export async function compileImprove<S>(
  job: EngineJob<S>,
  control: DriverControl,
  spec: ImproveSpec,
): Promise<EngineTree> {
  const engine = new SearchEngine(job.parts);
  const { targets } = improveTargets(engine, spec.known, spec);
  const order = targets.map((_, i) => i).sort((a, b) => targets[b].set.length - targets[a].set.length || a - b);
  const checkpoint = control.checkpoint
    ? new Checkpoint(
        control.checkpoint,
        fingerprint({ module: job.module, setup: job.setup, improve: targets.map((t) => [t.at, t.key]) }),
        'improve-',
      )
    : null;
  const found: Array<SolvedSet | null | undefined> = new Array(targets.length);
  const total = targets.reduce((a, t) => a + t.set.length, 0);
  let done = 0;
  let gained = 0;
  const unit = 'secrets in the nodes searched again';
  const accept = (i: number, r: SolvedSet | null): void => {
    found[i] = r;
    done += targets[i].set.length;
    if (r) gained += targets[i].cost - r.cost;
  };
  const todo: number[] = [];
  for (const i of order) {
    const saved = control.checkpoint?.resume ? checkpoint?.load(i, 1) : null;
    if (saved) accept(i, saved[0] ?? null);
    else todo.push(i);
  }
  if (todo.length) {
    await withExecutor(job, control, async (pool) => {
      const live = liveProgress(control, pool);
      const report = (): void => live.report({ done, total, unit, best: `${gained} fewer` });
      const onAbort = (): Error =>
        fail(
          'interrupted',
          `${job.label}: interrupted improving the tree after ${done} of ${total} secrets${control.checkpoint ? `; finished nodes are saved in ${control.checkpoint.dir}, rerun with --resume` : ''}; nothing written`,
        );
      report();
      try {
        await Promise.all(
          todo.map(async (i) => {
            const t = targets[i];
            const task: Task = { kind: 'solve', pilot: false, sets: [t.set], nodes: [t.node], betas: [t.key] };
            const what = (): string => `node of ${t.set.length} secrets after ${t.node.used} guesses`;
            const r = await pool.runWithRetry(task, what, onAbort);
            if (pool.aborted) throw onAbort();
            if (r.kind !== 'solved') throw new Error('compile pool: unexpected result');
            const v = r.results[0] ?? null;
            checkpoint?.save(i, [v]);
            accept(i, v);
            report();
          }),
        );
      } finally {
        live.stop();
      }
    });
  }
  const better = new Map<number, TreeArrays>();
  targets.forEach((t, i) => {
    const v = found[i];
    if (v && engine.keyOf(v) < t.key) better.set(t.at, v.tree);
  });
  const tree = graftImproved(spec.known, better);
  const { cost, depth } = treeCost(engine, tree);
  return { tree, cost, depth, lowerBound: null };
}
