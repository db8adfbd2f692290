/**
 * The one pool driver. Every compile's search runs in a piscina pool of `--workers` threads
 * (one at least), so this thread stays free for signals, progress and I/O.
 *
 *   - split (heuristic efforts, split.ts): the root's candidates and their reply groups side by side;
 *   - budgeted (budgeted.ts): root guesses in order, each under the budget the best so far leaves;
 *   - whole (exact efforts, whole.ts): the root set as one task in a fresh engine, with an
 *     optional node budget (deterministic: it does not depend on the workers);
 *   - module tasks (whole.ts): tasks of the game module's own (the worst-case prover).
 * What they share (the root, its ranking, a candidate's parts) is in root.ts. A game's compile
 * gets them bound to its controls (`searchDriver`), never imports them.
 * Every unit's result is a pure function of the unit, so the tree is the same, byte for byte,
 * whatever the number of workers. Aborting (Ctrl-C, SIGTERM) destroys the pool at once and
 * rejects with an `interrupted` error; nothing is written.
 */
import type { OptionValues, SearchDriver } from '../games/compile-api.js';
import type { CompileOutcome, LoadedGame } from '../games/module.js';
import { compileBudgeted } from './budgeted.js';
import type { DriverControl } from './root.js';
import { compileSplit } from './split.js';
import { compileWhole, runModuleBlocks, runModuleTask, withModuleTasks } from './whole.js';

export type { ExecutorControl, ExecutorFactory, TaskExecutor } from './executor.js';
export type { BudgetedRoot, BudgetedTree, CandidateOutcome, CompileProgress, EngineJob, EngineTree, PoolJob } from '../games/compile-api.js';
export type { DriverControl } from './root.js';
export { compileBudgeted, compileSplit, compileWhole, runModuleBlocks, runModuleTask, withModuleTasks };

/** A compile's controls: the driver's, and what the game's compile reads (its effort and options). */
export interface RunControl extends DriverControl {
  readonly effort: string;
  readonly options: OptionValues;
}

/** The pool's modes bound to one compile's controls, as a game's compile is handed them. */
export function searchDriver(control: DriverControl): SearchDriver {
  return {
    split: (job) => compileSplit(job, control),
    whole: (job, nodeBudget) => compileWhole(job, control, nodeBudget),
    budgeted: (job, spec) => compileBudgeted(job, control, spec),
    moduleTask: (job, name, args) => runModuleTask(job, control, name, args),
    withModuleTasks: (job, body) => withModuleTasks(job, control, body),
    moduleBlocks: (job, name, args, unit) => runModuleBlocks(job, control, name, args, unit),
  };
}

/** Compile a loaded game: its compile builds the search, the driver bound to `control` runs it. */
export function compileLoaded(loaded: LoadedGame, control: RunControl): Promise<CompileOutcome> {
  return loaded.compile({ effort: control.effort, options: control.options, driver: searchDriver(control), checkpoint: control.checkpoint !== undefined, remoteWorkers: control.executor?.remote === true });
}
