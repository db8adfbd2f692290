/**
 * A game module's own tasks (the worst-case solver, Lingo's opener bounds), each typed once:
 * `defineTask` declares a task's name with its argument and value types, the module's worker
 * registers its function under it (`taskTable`), and a compile plan calls it (compile-api.ts
 * `moduleTask`, `moduleTasks`, `moduleBlocks`), so neither end casts. Between the two the pool
 * carries arguments and values as plain data by name (pool/tasks.ts); the two functions here
 * that cross that wire are the only places the declared types are taken on trust.
 */

/** A module task's name, with the types of its argument `A` and its value `R`. */
export interface TaskKind<A, R> {
  readonly name: string;
  /** Never set: it carries the types. */
  readonly types?: (args: A) => R;
}

/** A task of the module's own named `name`, taking `A` and giving `R`. */
export function defineTask<A, R>(name: string): TaskKind<A, R> {
  return { name };
}

/** Told of the sets a task searches as it goes (the compile's progress), a few thousand at a time. */
export type SearchedSets = (sets: number) => void;

/** A task of the module's own as a worker runs it by name: its value from its arguments (plain data). */
export type ModuleTaskFn = (args: unknown, searched?: SearchedSets) => unknown;

/** A worker's tasks by name. */
export type ModuleTaskTable = Readonly<Record<string, ModuleTaskFn>>;

/** One task of a worker's table: a kind and the function that runs it. */
export interface TaskEntry {
  readonly name: string;
  readonly run: ModuleTaskFn;
}

/** The worker's function for tasks of `kind` (its arguments arrive as the plan sent them). */
export function runs<A, R>(kind: TaskKind<A, R>, run: (args: A, searched?: SearchedSets) => R): TaskEntry {
  return { name: kind.name, run: (args, searched) => run(args as A, searched) };
}

/** A worker's tasks, each under its kind's name (a name given twice is a programming error). */
export function taskTable(...entries: readonly TaskEntry[]): ModuleTaskTable {
  const table: Record<string, ModuleTaskFn> = {};
  for (const e of entries) {
    if (Object.hasOwn(table, e.name)) throw new Error(`module task "${e.name}" registered twice`);
    table[e.name] = e.run;
  }
  return table;
}

/** A value the pool answered for a task of `kind`, as the kind declares it. */
export function taskValue<A, R>(_kind: TaskKind<A, R>, value: unknown): R {
  return value as R;
}
