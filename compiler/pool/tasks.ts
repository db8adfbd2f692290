/**
 * Running the compile's tasks: the game's search rebuilt once from a WorkerInit (through its
 * module in the registry), then each task run with one engine and its memo. The piscina worker
 * (worker.ts) and a queue worker run tasks through this, so they compute the same results.
 * Every result is a pure function of its task: which worker runs which task never changes the tree.
 */
import { flattenPlan, type Plan } from '../engine/plan.js';
import { SearchEngine, type EngineParts } from '../engine/search.js';
import { NodeBudgetExceeded } from '../engine/types.js';
import { findModule } from '../games/registry.js';
import { PROGRESS_NODES, type SolvedSet, type Task, type TaskResult, type WorkerInit } from './messages.js';
import { checkTask } from './task-check.js';
import { Stamps } from '../engine/stamps.js';

function solved(v: { cost: number; depth: number; plan: Plan } | null): SolvedSet | null {
  return v ? { cost: v.cost, depth: v.depth, tree: flattenPlan(v.plan) } : null;
}

/**
 * A function that runs tasks of one compile (its engine made on first use). `checked`: each
 * task is first checked against the game (task-check.ts; a queue worker's tasks come from Redis).
 */
export function taskRunner(init: WorkerInit, options: { checked?: boolean } = {}): (task: Task) => TaskResult {
  const setup = findModule(init.module).worker(init.gameSpec, init.setup);
  let shared: SearchEngine<unknown> | null = null;
  const parts = (): EngineParts<unknown> => {
    if (!setup.parts) throw new Error(`${init.module} has no engine search`);
    return setup.parts;
  };
  const engine = (): SearchEngine<unknown> => {
    if (!shared) {
      shared = new SearchEngine(parts());
      shared.progress = init.progress;
    }
    return shared;
  };
  const searched = (sets: number): void => {
    Atomics.add(init.progress, PROGRESS_NODES, sets);
  };
  const game = setup.parts?.game ?? null;
  const seen = options.checked ? new Stamps(game?.secretCount ?? 0) : null;
  return (task) => {
    if (seen) checkTask(task, game, seen);
    switch (task.kind) {
      case 'rank':
        return {
          kind: 'ranked',
          ranking: engine().ranker.rank(task.set, task.node, task.width, { from: task.from, to: task.to }),
        };
      case 'solve': {
        const e = task.pilot ? engine().pilotSearch() : engine();
        const betas = task.betas;
        if (!betas) return { kind: 'solved', results: task.sets.map((set, i) => solved(e.solve(set, task.nodes[i]))) };
        // Under budgets: a set with no plan under its budget says what the search proved of it.
        const bounds: number[] = [];
        const results = task.sets.map((set, i) => {
          const v = e.solve(set, task.nodes[i], betas[i]);
          bounds.push(v ? e.keyOf(v) : Math.max(betas[i], e.provenAtLeast(set, task.nodes[i])));
          return solved(v);
        });
        return { kind: 'solved', results, bounds };
      }
      case 'whole': {
        const fresh = new SearchEngine({ ...parts(), effort: { ...parts().effort, nodeBudget: task.nodeBudget } });
        fresh.progress = init.progress;
        try {
          return {
            kind: 'whole',
            result: solved(fresh.solve(task.set, task.node)),
            budgetExceeded: false,
            nodes: fresh.nodes,
          };
        } catch (e) {
          if (e instanceof NodeBudgetExceeded)
            return { kind: 'whole', result: null, budgetExceeded: true, nodes: fresh.nodes };
          throw e;
        } finally {
          Atomics.store(init.progress, PROGRESS_NODES, 0);
        }
      }
      case 'evaluate': {
        return { kind: 'evaluated', result: solved(engine().evaluate(task.guess, task.set, task.node, task.beta)) };
      }
      case 'choices':
        return { kind: 'choices', choices: engine().choices(task.set, task.node) };
      case 'searchOn':
        return { kind: 'searchOn', on: engine().searchOnChoices(task.set, task.node, task.shown) };
      case 'module': {
        // Own names only: a job's name never reaches the table's prototype (`constructor`).
        const run = setup.tasks && Object.hasOwn(setup.tasks, task.name) ? setup.tasks[task.name] : undefined;
        if (!run) throw new Error(`${init.module} has no worker task "${task.name}"`);
        return { kind: 'module', value: run(task.args, searched) };
      }
    }
  };
}
