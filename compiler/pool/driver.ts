/**
 * The one pool driver. Every compile's search runs in a piscina pool of `--workers` threads
 * (one at least), so this thread stays free for signals, progress and I/O.
 *
 *   - split (heuristic efforts, split.ts): the root's candidates and their reply groups side by side;
 *   - budgeted (budgeted.ts): root guesses in order, each under the budget the best so far leaves;
 *   - exact (exact efforts of the code games, exact.ts): the exact search as a plan of
 *     subproblems (root guesses, their reply groups, deeper where sets are large), checkpointed;
 *   - improve (improve.ts): a known tree's nodes searched again, each under its subtree's key;
 *   - whole (whole.ts): the root set as one task in a fresh engine, with an optional node
 *     budget (deterministic: it does not depend on the workers);
 *   - module tasks (whole.ts): tasks of the game module's own (the worst-case prover).
 * What they share (the root, its ranking, a candidate's parts) is in root.ts. A game's compile
 * is a plan (games/compile-api.ts): it yields the calls it needs and `runPlan` answers each with
 * the modes bound to the compile's controls (`searchDriver`); no game imports them.
 * Every unit's result is a pure function of the unit, so the tree is the same, byte for byte,
 * whatever the number of workers. Aborting (Ctrl-C, SIGTERM) destroys the pool at once and
 * rejects with an `interrupted` error; nothing is written.
 */
import type {
  BudgetedRoot,
  BudgetedTree,
  EngineJob,
  EngineTree,
  ExactSpec,
  ExactTree,
  ImproveSpec,
  ModuleBlocks,
  ModuleTask,
  GameOptions,
  PoolPlan,
  PoolAnswer,
  PoolCall,
  PoolJob,
  WholeResult,
} from '../games/compile-api.js';
import type { EffortName } from '../games/efforts.js';
import type { CompileOutcome, LoadedGame } from '../games/module.js';
import { compileBudgeted } from './budgeted.js';
import { compileExact } from './exact.js';
import { compileImprove } from './improve.js';
import type { DriverControl } from './root.js';
import { compileSplit } from './split.js';
import { compileWhole, runModuleBlocks, runModuleTask, withModuleTasks } from './whole.js';

export type { ExecutorControl, ExecutorFactory, TaskExecutor } from './executor.js';
export type {
  BudgetedRoot,
  BudgetedTree,
  CandidateOutcome,
  CompileProgress,
  EngineJob,
  EngineTree,
  PoolPlan,
  PoolJob,
} from '../games/compile-api.js';
export type { DriverControl } from './root.js';
export { compileBudgeted, compileExact, compileSplit, compileWhole, runModuleBlocks, runModuleTask, withModuleTasks };

/** A compile's controls: the driver's, and what the game's compile reads (its effort and options). */
export interface RunControl extends DriverControl {
  /** Checked against the game's efforts where the compile started (games/efforts.ts `effortNamed`). */
  readonly effort: EffortName;
  readonly options: GameOptions;
}

/** The pool's modes, bound to one compile's executor and controls. */
export interface SearchDriver {
  split<S>(job: EngineJob<S>): Promise<EngineTree | null>;
  whole<S>(job: EngineJob<S>, nodeBudget?: number): Promise<WholeResult>;
  budgeted<S>(job: EngineJob<S>, spec: BudgetedRoot): Promise<BudgetedTree | null>;
  exact<S>(job: EngineJob<S>, spec: ExactSpec): Promise<ExactTree | null>;
  improve<S>(job: EngineJob<S>, spec: ImproveSpec): Promise<EngineTree>;
  moduleTask(job: PoolJob, task: ModuleTask): Promise<unknown>;
  /** A batch of the module's own tasks side by side, in one session of the executor. */
  moduleTasks(
    job: PoolJob,
    tasks: readonly ModuleTask[],
    onDone?: (index: number, value: unknown) => void,
  ): Promise<readonly unknown[]>;
  /** One module task per element of `args`, side by side, saved to `--checkpoint` (resumable): their values in order. */
  moduleBlocks(job: PoolJob, blocks: ModuleBlocks): Promise<readonly unknown[]>;
}

/** The pool's modes bound to one compile's controls. */
export function searchDriver(control: DriverControl): SearchDriver {
  return {
    split: (job) => compileSplit(job, control),
    whole: (job, nodeBudget) => compileWhole(job, control, nodeBudget),
    budgeted: (job, spec) => compileBudgeted(job, control, spec),
    exact: (job, spec) => compileExact(job, control, spec),
    improve: (job, spec) => compileImprove(job, control, spec),
    moduleTask: (job, task) => runModuleTask(job, control, task),
    moduleTasks: (job, tasks, onDone) =>
      withModuleTasks(job, control, (run) => {
        let done = 0;
        const report = (): void => control.onProgress?.({ done, total: tasks.length, unit: 'tasks', best: null });
        report();
        return Promise.all(
          tasks.map(async (t, i) => {
            const value = await run(t.name, t.args, t.what);
            done++;
            report();
            onDone?.(i, value);
            return value;
          }),
        );
      }),
    moduleBlocks: (job, blocks) => runModuleBlocks(job, control, blocks),
  };
}

/** One call of a plan, run by `driver`. */
function answer(call: PoolCall, driver: SearchDriver): Promise<PoolAnswer> {
  switch (call.mode) {
    case 'split':
      return driver.split(call.job);
    case 'whole':
      return driver.whole(call.job, call.nodeBudget);
    case 'budgeted':
      return driver.budgeted(call.job, call.spec);
    case 'exact':
      return driver.exact(call.job, call.spec);
    case 'improve':
      return driver.improve(call.job, call.spec);
    case 'task':
      return driver.moduleTask(call.job, call.task);
    case 'tasks':
      return driver.moduleTasks(call.job, call.tasks, call.onDone);
    case 'blocks':
      return driver.moduleBlocks(call.job, call.blocks);
  }
}

/**
 * Run a game's plan: each pool call it yields is answered by `driver` and the plan resumed with
 * the answer (a call that fails is thrown into the plan, where it fails as an awaited call would).
 */
export async function runPlan<T>(plan: PoolPlan<T>, driver: SearchDriver): Promise<T> {
  let step = plan.next();
  while (!step.done) {
    let value: PoolAnswer;
    try {
      value = await answer(step.value, driver);
    } catch (e) {
      step = plan.throw(e);
      continue;
    }
    step = plan.next(value);
  }
  return step.value;
}

/** Compile a loaded game: its compile's plan, run by the driver bound to `control`. */
export function compileLoaded(loaded: LoadedGame, control: RunControl): Promise<CompileOutcome> {
  return runPlan(
    loaded.compile({
      effort: control.effort,
      options: control.options,
      checkpoint: control.checkpoint !== undefined,
      remoteWorkers: control.executor?.remote === true,
    }),
    searchDriver(control),
  );
}
