/** A compile worker: rebuilds the game once, then solves batches of sets with its own memo. */
import { existsSync, writeFileSync } from 'node:fs';
import { workerData } from 'piscina';
import { SearchEngine } from '../engine/search.js';
import { flattenPlan } from '../engine/plan.js';
import { openerBounds, openerTwoLevelBound } from '../engine/two-level-bound.js';
import { gameFromSpec, settingsFromSpec } from './rebuild.js';
import type { Task, TaskResult, WorkerInit } from './types.js';

const init = workerData as WorkerInit;
const engine = new SearchEngine(gameFromSpec(init.game), settingsFromSpec(init.settings));
const all = Uint32Array.from({ length: engine.game.secretCount }, (_, i) => i);

/**
 * Fault injection for the robustness tests: GUESSTREE_TEST_WORKER_FAULT=PATH makes the first
 * solve task fail (and creates PATH, so the retry succeeds); `always:PATH` makes every one fail.
 */
function injectedFault(): void {
  const spec = process.env['GUESSTREE_TEST_WORKER_FAULT'];
  if (!spec) return;
  const always = spec.startsWith('always:');
  const marker = always ? spec.slice('always:'.length) : spec;
  if (always || !existsSync(marker)) {
    writeFileSync(marker, 'fault injected\n');
    throw new Error('injected worker fault');
  }
}

export default function runTask(task: Task): TaskResult {
  if (task.kind === 'solve') injectedFault();
  if (task.kind === 'openerBounds') return { kind: 'openerBounds', bounds: openerBounds(engine, all, task.from, task.to) };
  if (task.kind === 'twoLevel') return { kind: 'twoLevel', result: openerTwoLevelBound(engine, all, task.opener, task.goal) };
  if (task.kind === 'rank') return { kind: 'ranked', ranking: engine.rankRange(task.set, task.used, task.from, task.to) };
  const results = task.sets.map((set, i) => {
    const plan = engine.solve(set, task.used, task.states?.[i]);
    return { value: plan.value, tree: flattenPlan(plan) };
  });
  return { kind: 'solved', results };
}
