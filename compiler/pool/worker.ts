/**
 * The one compile worker: rebuilds the game's search once (through its module in the
 * registry), then runs tasks with its own engine and memo. Every result is a pure function of
 * its task, so which worker runs which task never changes the tree.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { workerData } from 'piscina';
import { flattenPlan } from '../engine/plan.js';
import { SearchEngine, type EngineParts } from '../engine/search.js';
import { NodeBudgetExceeded } from '../engine/types.js';
import { findModule } from '../games/registry.js';
import type { SolvedSet, Task, TaskResult, WorkerInit } from './messages.js';
import { PROGRESS_NODES } from './messages.js';

const init = workerData as WorkerInit;
const setup = findModule(init.module).worker(init.gameSpec, init.setup);
let shared: SearchEngine<unknown> | null = null;

function parts(): EngineParts<unknown> {
  if (!setup.parts) throw new Error(`${init.module} has no engine search`);
  return setup.parts;
}

/** The worker's engine, made on first use (a module task may need none). */
function engine(): SearchEngine<unknown> {
  if (!shared) {
    shared = new SearchEngine(parts());
    shared.progress = init.progress;
  }
  return shared;
}

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

function solved(v: { cost: number; depth: number; plan: import('../engine/plan.js').Plan } | null): SolvedSet | null {
  return v ? { cost: v.cost, depth: v.depth, tree: flattenPlan(v.plan) } : null;
}

export default function runTask(task: Task): TaskResult {
  switch (task.kind) {
    case 'rank':
      return { kind: 'ranked', ranking: engine().ranker.rank(task.set, task.node, task.width, task.from, task.to) };
    case 'solve': {
      injectedFault();
      const e = task.pilot ? engine().pilotSearch() : engine();
      return { kind: 'solved', results: task.sets.map((set, i) => solved(e.solve(set, task.nodes[i]!))) };
    }
    case 'whole': {
      injectedFault();
      const fresh = new SearchEngine({ ...parts(), effort: { ...parts().effort, nodeBudget: task.nodeBudget } });
      fresh.progress = init.progress;
      try {
        const result = solved(fresh.solve(task.set, task.node));
        return { kind: 'whole', result, budgetExceeded: false, nodes: fresh.nodes };
      } catch (e) {
        if (e instanceof NodeBudgetExceeded) return { kind: 'whole', result: null, budgetExceeded: true, nodes: fresh.nodes };
        throw e;
      } finally {
        Atomics.store(init.progress, PROGRESS_NODES, 0);
      }
    }
    case 'module': {
      const run = setup.tasks?.[task.name];
      if (!run) throw new Error(`${init.module} has no worker task "${task.name}"`);
      return { kind: 'module', value: run(task.args) };
    }
  }
}
