/** A compile worker: rebuilds the game once, then solves batches of sets with its own memo. */
import { workerData } from 'piscina';
import { SearchEngine } from '../engine/search.js';
import { flattenPlan } from '../engine/plan.js';
import { gameFromSpec, settingsFromSpec } from './rebuild.js';
import type { Task, TaskResult, WorkerInit } from './types.js';

const init = workerData as WorkerInit;
const engine = new SearchEngine(gameFromSpec(init.game), settingsFromSpec(init.settings));

export default function runTask(task: Task): TaskResult {
  if (task.kind === 'rank') return { kind: 'ranked', ranking: engine.rankRange(task.set, task.used, task.from, task.to) };
  const results = task.sets.map((set) => {
    const plan = engine.solve(set, task.used);
    return { value: plan.value, tree: flattenPlan(plan) };
  });
  return { kind: 'solved', results };
}
