/**
 * The exact search as a plan of subproblems (compiler/pool/exact.ts) against the engine's own
 * `solve` of the whole game: the same tree, byte for byte, whatever the workers, the order in
 * which tasks finish, how deep sets are split, the known tree's budgets and what a checkpoint
 * gives back. Tasks run in this thread through the workers' task runner (one runner a worker,
 * each with its engine and memo), finishing in a seeded random order.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeTotalLowerBound } from '../compiler/engine/code-bound.js';
import { codeEffort, codeParts } from '../compiler/engine/code-efforts.js';
import type { CodeGame, History } from '../compiler/engine/code-ranker.js';
import { flattenPlan } from '../compiler/engine/plan.js';
import { SearchEngine } from '../compiler/engine/search.js';
import { BullsCowsGame } from '../compiler/games/bullscows/game.js';
import { codeJob } from '../compiler/games/code-games.js';
import type { ExactSpec } from '../compiler/games/compile-api.js';
import { MastermindGame } from '../compiler/games/mastermind/game.js';
import type { ExecutorFactory, TaskExecutor } from '../compiler/pool/executor.js';
import { compileExact } from '../compiler/pool/exact.js';
import type { Task, TaskResult } from '../compiler/pool/messages.js';
import { PROGRESS_SLOTS } from '../compiler/pool/messages.js';
import { taskRunner } from '../compiler/pool/tasks.js';
import type { TreeArrays } from '../runtime/tree-format.js';
import { removeDir, rng, tempDir } from './support/e2e.js';

type Named = CodeGame & {
  secretName(s: number): string;
  codeText(c: number): string;
  codeOf(t: string): number;
  codeName(r: number): string;
  parseCode(t: string): number;
};

interface Instance {
  readonly name: string;
  readonly module: string;
  readonly game: Named;
  readonly spec: unknown;
  readonly maxDepth: number;
}

const INSTANCES: readonly Instance[] = [
  { name: 'MM(3,4)', module: 'mastermind', game: new MastermindGame(3, 4), spec: { pegs: 3, colors: 4 }, maxDepth: 0 },
  { name: 'MM(4,4)', module: 'mastermind', game: new MastermindGame(4, 4), spec: { pegs: 4, colors: 4 }, maxDepth: 0 },
  { name: 'MM(3,5)', module: 'mastermind', game: new MastermindGame(3, 5), spec: { pegs: 3, colors: 5 }, maxDepth: 0 },
  {
    name: 'BC 3 of 6',
    module: 'bullscows',
    game: new BullsCowsGame(3, 6),
    spec: { digits: 3, symbols: 6 },
    maxDepth: 0,
  },
  {
    name: 'MM(4,4) within 4',
    module: 'mastermind',
    game: new MastermindGame(4, 4),
    spec: { pegs: 4, colors: 4 },
    maxDepth: 4,
  },
  {
    name: 'MM(3,5) within 3',
    module: 'mastermind',
    game: new MastermindGame(3, 5),
    spec: { pegs: 3, colors: 5 },
    maxDepth: 3,
  },
];

function bytes(t: TreeArrays): string {
  return [t.guess, t.edgeStart, t.edgeCode, t.edgeChild].map((a) => Array.from(a).join(',')).join('|');
}

/** The engine's tree of the whole game (exact effort), or null when no plan fits. */
function engineTree(x: Instance, effort = 'exact'): TreeArrays | null {
  const parts = codeParts(x.game, codeEffort(effort as 'exact', x.game.secretCount, x.maxDepth));
  const engine = new SearchEngine<History>(parts);
  const all = Uint32Array.from({ length: x.game.secretCount }, (_, i) => i);
  const v = engine.solve(all, { used: 0, state: [] });
  return v ? flattenPlan(v.plan) : null;
}

/**
 * `workers` task runners in this thread (each its own engine and memo, as pool workers are);
 * each task goes to a random one and finishes after a random number of turns, so tasks end in
 * an order of the seed's choosing.
 */
function shuffledExecutor(seed: number, counter: { tasks: number }): ExecutorFactory {
  return (job, { workers }) => {
    const rand = rng(seed);
    const runners: Array<(t: Task) => TaskResult> = [];
    const runnerAt = (i: number): ((t: Task) => TaskResult) => {
      runners[i] ??= taskRunner({
        module: job.module,
        gameSpec: job.gameSpec,
        setup: job.setup,
        progress: new Int32Array(new SharedArrayBuffer(PROGRESS_SLOTS * 4)),
      });
      return runners[i];
    };
    const later = (turns: number, f: () => void): void => {
      if (turns <= 0) f();
      else setImmediate(() => later(turns - 1, f));
    };
    const executor: TaskExecutor = {
      workers,
      aborted: false,
      nodesSearched: 0,
      runWithRetry: (task) =>
        new Promise((resolve, reject) => {
          counter.tasks++;
          const runner = runnerAt(Math.floor(rand() * workers));
          later(Math.floor(rand() * 6), () => {
            try {
              resolve(runner(task));
            } catch (e) {
              reject(e);
            }
          });
        }),
      destroy: async () => {},
    };
    return executor;
  };
}

async function planTree(
  x: Instance,
  workers: number,
  seed: number,
  spec: ExactSpec,
  checkpoint?: { dir: string; resume: boolean },
): Promise<{ tree: TreeArrays | null; tasks: number; resumed: number; outcomes: string }> {
  const effort = codeEffort('exact', x.game.secretCount, x.maxDepth);
  const job = codeJob(x.game, { module: x.module, gameSpec: x.spec, setup: effort, label: x.name });
  const counter = { tasks: 0 };
  const r = await compileExact(job, { workers, executor: shuffledExecutor(seed, counter), checkpoint }, spec);
  const outcomes = JSON.stringify(r?.outcomes ?? []);
  return { tree: r ? r.tree : null, tasks: counter.tasks, resumed: r?.resumed ?? 0, outcomes };
}

describe('the exact plan of subproblems gives the engine’s tree', () => {
  for (const x of INSTANCES) {
    it(`${x.name}: 1 to 3 workers, tasks finishing in random orders, sets split shallow or deep`, async () => {
      const want = engineTree(x);
      // How each first guess was settled (the proof's lines): the same whatever the order.
      const settled = new Set<string>();
      for (const [workers, seed, splitAbove] of [
        [1, 1, 600],
        [3, 2, 600],
        [2, 3, 8],
        [3, 4, 3],
      ] as const) {
        const got = await planTree(x, workers, seed, { splitAbove });
        expect(got.tree === null, `${x.name} ${workers} ${seed}`).toBe(want === null);
        if (want && got.tree) expect(bytes(got.tree), `${x.name} workers ${workers} seed ${seed}`).toBe(bytes(want));
        if (want) expect(got.tasks).toBeGreaterThan(1);
        settled.add(got.outcomes);
      }
      expect([...settled]).toHaveLength(1);
    });
  }

  it('a known tree (the quick effort’s) as budgets: the same tree', async () => {
    for (const x of INSTANCES.filter((i) => i.maxDepth === 0)) {
      const want = engineTree(x) as TreeArrays;
      const known = engineTree(x, 'quick') as TreeArrays;
      for (const [workers, seed, splitAbove] of [
        [1, 5, 600],
        [3, 6, 5],
      ] as const) {
        const got = await planTree(x, workers, seed, { splitAbove, known });
        expect(bytes(got.tree as TreeArrays), `${x.name} known, seed ${seed}`).toBe(bytes(want));
      }
    }
  });
});

describe('facts given before the search (bounds of the first-guess classes)', () => {
  it('the same tree; a class whose bound reaches the best is settled without a task', async () => {
    const x = INSTANCES[2]; // MM(3,5)
    const want = engineTree(x) as TreeArrays;
    const bounds = codeTotalLowerBound(x.game, { levels: 2 }).openers;
    const least = codeParts(x.game, codeEffort('exact', x.game.secretCount, 0)).objective.leastDepth(
      x.game.secretCount,
      0,
    );
    const facts = bounds.map((b) => ({ path: `#${b.opener}`, atLeast: b.bound * 64 + least }));
    const plain = await planTree(x, 1, 13, { splitAbove: 600 });
    const given = await planTree(x, 1, 13, { splitAbove: 600, facts });
    expect(bytes(given.tree as TreeArrays)).toBe(bytes(want));
    expect(given.tasks).toBeLessThan(plain.tasks);
  });
});

describe('the exact plan with a checkpoint', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDir('exact-plan');
  });
  afterAll(() => removeDir(dir));

  it('resumed with some saved subproblems lost: the same tree, the rest read back', async () => {
    const x = INSTANCES[1];
    const want = engineTree(x) as TreeArrays;
    const ck = join(dir, 'ck');
    const first = await planTree(x, 2, 7, { splitAbove: 20 }, { dir: ck, resume: false });
    expect(bytes(first.tree as TreeArrays)).toBe(bytes(want));
    const saved = readdirSync(ck).filter((f) => f.startsWith('exact-'));
    expect(saved.length).toBeGreaterThan(4);
    // Every other record lost (as if the compile had been killed before writing them).
    const rand = rng(8);
    let lost = 0;
    for (const f of saved)
      if (rand() < 0.5) {
        rmSync(join(ck, f));
        lost++;
      }
    expect(lost).toBeGreaterThan(0);
    const again = await planTree(x, 3, 9, { splitAbove: 20 }, { dir: ck, resume: true });
    expect(bytes(again.tree as TreeArrays)).toBe(bytes(want));
    expect(again.resumed).toBeGreaterThan(0);
    expect(again.tasks).toBeLessThan(first.tasks);
    // All read back: no task at all.
    const third = await planTree(x, 1, 10, { splitAbove: 20 }, { dir: ck, resume: true });
    expect(bytes(third.tree as TreeArrays)).toBe(bytes(want));
    expect(third.tasks).toBe(0);
    expect(existsSync(ck)).toBe(true);
  });
});
