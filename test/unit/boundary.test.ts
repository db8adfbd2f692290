/**
 * The game boundary's two pieces of data: the one effort vocabulary (names checked once, the
 * help line from the table) and a compile's plan of pool calls (run by `runPlan` with any
 * driver: each call answered in order, a failed call thrown into the plan).
 */
import { describe, expect, it } from 'vitest';
import {
  budgeted,
  exact as exactSearch,
  moduleBlocks,
  moduleTask,
  moduleTasks,
  split,
  whole,
  type EngineJob,
  type EngineTree,
  type PoolCall,
  type PoolPlan,
  type WholeResult,
} from '../../compiler/games/compile-api.js';
import { defineTask, runs, taskTable } from '../../compiler/games/module-tasks.js';
import { taskRunner } from '../../compiler/pool/tasks.js';
import { DEFAULT_EFFORT, EFFORT_NAMES, effortHelp, effortIn, effortNamed } from '../../compiler/games/efforts.js';
import { GAMES } from '../../compiler/games/registry.js';
import { flattenPlan } from '../../compiler/engine/plan.js';
import { runPlan, type SearchDriver } from '../../compiler/pool/driver.js';

describe('the effort vocabulary', () => {
  it('every game takes its names from it, the default among them, and its help line lists them', () => {
    for (const m of GAMES) {
      const names = m.efforts.map((e) => e.name);
      expect(names, m.id).toContain(DEFAULT_EFFORT);
      for (const n of names) expect(EFFORT_NAMES, m.id).toContain(n);
      expect(new Set(names).size, `${m.id}: a name twice`).toBe(names.length);
      expect(effortHelp(m.efforts)).toBe(`${names.join(', ')} (default: default)`);
    }
  });

  it("an unknown name is one usage line naming the game and its choices; a checked one is the game's entry", () => {
    const efforts = [
      { name: 'quick', describe: 'q', width: 1 },
      { name: 'default', describe: 'd', width: 8 },
    ] as const;
    expect(effortNamed(efforts, 'default', { game: 'toy' }).width).toBe(8);
    expect(() => effortNamed(efforts, 'exact', { game: 'toy' })).toThrow(
      /^--effort exact: unknown effort for toy \(choose quick, default\)$/,
    );
    expect(() => effortNamed(efforts, 'fast', { game: 'toy', what: 'effort' })).toThrow(
      'effort fast: unknown effort for toy (choose quick, default)',
    );
    expect(effortIn(efforts, 'quick', 'toy').width).toBe(1);
    expect(() => effortIn(efforts, 'thorough', 'toy')).toThrow(/toy: no effort thorough/);
  });
});

const TREE: EngineTree = {
  tree: flattenPlan({ value: 3, guess: 7, codes: new Uint32Array(0), children: [] }),
  cost: 3,
  depth: 1,
  lowerBound: null,
};
const JOB = { module: 'toy', gameSpec: null, setup: null, label: 'toy' };
const PROVE = defineTask<number, { echo: number }>('prove');
const PAIR = defineTask<number, string>('pair');
const REFUTE = defineTask<number, number>('refute');

/** A driver that answers from a script and records every call, in order. */
function recording(failWhole: boolean): { driver: SearchDriver; calls: string[] } {
  const calls: string[] = [];
  const driver: SearchDriver = {
    split: async () => {
      calls.push('split');
      return TREE;
    },
    whole: async (_job, budget) => {
      calls.push(`whole ${budget ?? 0}`);
      if (failWhole) throw new Error('pool gone');
      return { result: TREE, budgetExceeded: true, nodes: 5 } satisfies WholeResult;
    },
    budgeted: async (_job, spec) => {
      calls.push(`budgeted ${spec.width}`);
      return null;
    },
    exact: async (_job, spec) => {
      calls.push(`exact ${spec.splitAbove}`);
      return { ...TREE, outcomes: [{ guess: 7, key: 3 }], settled: 1, resumed: 0, cpuBefore: 0 };
    },
    improve: async (_job, spec) => {
      calls.push(`improve ${spec.upTo}`);
      return TREE;
    },
    moduleTask: async (_job, { name, args }) => {
      calls.push(`task ${name}`);
      return { echo: args };
    },
    moduleTasks: async (_job, tasks, onDone) => {
      calls.push(`tasks ${tasks.map((t) => `${t.name}(${t.what ?? ''})`).join(',')}`);
      const values = tasks.map((t) => `${t.name}:${String(t.args)}`);
      values.forEach((v, i) => {
        onDone?.(i, v);
      });
      return values;
    },
    moduleBlocks: async (_job, { name, args, unit }) => {
      calls.push(`blocks ${name} ${unit}`);
      return args.map((a) => Number(a) * 10);
    },
  };
  return { driver, calls };
}

/** A plan in the shape of the games': each call's job depends on the answer before it. */
function* toyPlan(): PoolPlan<string> {
  const job = JOB as unknown as EngineJob<number>;
  const exact = yield* whole(job, 9);
  const parts: string[] = [`whole ${exact.nodes} ${exact.budgetExceeded}`];
  if (exact.budgetExceeded) {
    const r = yield* split(job);
    parts.push(`split ${r?.cost}`);
  }
  const b = yield* budgeted(job, { width: 3 });
  parts.push(`budgeted ${b === null ? 'none' : 'some'}`);
  const x = yield* exactSearch(job, { splitAbove: 4 });
  parts.push(`exact ${x?.cost} (${x?.outcomes.length} outcome)`);
  const proved = yield* moduleTask(JOB, PROVE, 4);
  parts.push(`${JSON.stringify(proved)} ${proved.echo + 1}`);
  let done = 0;
  const values = yield* moduleTasks(JOB, PAIR, {
    batch: [{ args: 1 }, { args: 2, what: 'the second' }],
    onDone: () => done++,
  });
  parts.push(`${values.join(' ')} (${done} done)`);
  const blocks = yield* moduleBlocks(JOB, REFUTE, { args: [1, 2, 3], unit: 'blocks' });
  parts.push(`${blocks.join(',')} sum ${blocks.reduce((a, b) => a + b, 0)}`);
  return parts.join('; ');
}

describe('a compile plan', () => {
  it('is only data until a driver runs it: each call answered in order, the plan resumed with the answer', async () => {
    const plan = toyPlan();
    const first = plan.next();
    expect(first.done).toBe(false);
    expect((first.value as PoolCall).mode).toBe('whole');
    const { driver, calls } = recording(false);
    expect(await runPlan(toyPlan(), driver)).toBe(
      'whole 5 true; split 3; budgeted none; exact 3 (1 outcome); {"echo":4} 5; pair:1 pair:2 (2 done); 10,20,30 sum 60',
    );
    expect(calls).toEqual([
      'whole 9',
      'split',
      'budgeted 3',
      'exact 4',
      'task prove',
      'tasks pair(),pair(the second)',
      'blocks refute blocks',
    ]);
  });

  it('a failed call is thrown into the plan: it ends the compile unless the plan catches it', async () => {
    const { driver, calls } = recording(true);
    await expect(runPlan(toyPlan(), driver)).rejects.toThrow('pool gone');
    expect(calls).toEqual(['whole 9']);
    function* catching(): PoolPlan<string> {
      try {
        yield* whole(JOB as unknown as EngineJob<number>);
        return 'no';
      } catch (e) {
        const r = yield* split(JOB as unknown as EngineJob<number>);
        return `caught ${(e as Error).message}, then split ${r?.cost}`;
      }
    }
    expect(await runPlan(catching(), recording(true).driver)).toBe('caught pool gone, then split 3');
  });
});

describe("a module's own tasks", () => {
  it("run under their kind's name with the arguments the plan sent; a name twice is refused", () => {
    const table = taskTable(
      runs(PROVE, (n) => ({ echo: n * 2 })),
      runs(REFUTE, (n, searched) => {
        searched?.(n);
        return -n;
      }),
    );
    expect(Object.keys(table)).toEqual(['prove', 'refute']);
    expect(table.prove(3)).toEqual({ echo: 6 });
    const seen: number[] = [];
    expect(table.refute(5, (s) => seen.push(s))).toBe(-5);
    expect(seen).toEqual([5]);
    expect(() => taskTable(runs(PAIR, String), runs(PAIR, String))).toThrow('module task "pair" registered twice');
  });

  it("a worker runs only a name its module registered, never one of the table's prototype", () => {
    const run = taskRunner({
      module: 'matchcount',
      gameSpec: ['abc', 'abd'],
      setup: null,
      progress: new Int32Array(1),
    });
    expect(() => run({ kind: 'module', name: 'constructor', args: null })).toThrow(
      'matchcount has no worker task "constructor"',
    );
    const proved = run({ kind: 'module', name: 'prove', args: 'quick' });
    expect(proved.kind).toBe('module');
  });
});
