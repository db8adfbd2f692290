/**
 * The budgeted root mode (Wordle, games from a file): root guesses in order, each under the
 * budget the best so far leaves.
 */
import { fail } from '../../runtime/errors.js';
import { groupDigits } from '../../runtime/messages.js';
import { graftTrees } from '../engine/plan.js';
import type { Ranking } from '../engine/types.js';
import type { BudgetedRoot, BudgetedTree, CandidateOutcome, EngineJob } from '../games/compile-api.js';
import { Checkpoint, fingerprint } from './checkpoint.js';
import { withExecutor, type TaskExecutor } from './executor.js';
import type { SolvedSet, Task, TaskResult } from './messages.js';
import { CHOICES_MIN_SET, PartChoices, type ChoiceTask } from './part-choices.js';
import {
  budgetBefore,
  candidateCost,
  candidateDepth,
  candidateOf,
  rankRoot,
  liveProgress,
  rootOf,
  type Candidate,
  type DriverControl,
  type LiveProgress,
  type Part,
  type Root,
} from './root.js';

/** A budgeted root that is already a leaf. */
function leafBudgeted(leaf: NonNullable<Root<unknown>['leaf']>): BudgetedTree {
  return {
    ...leaf.tree,
    guess: leaf.guess,
    candidates: 0,
    everyGuess: false,
    byBound: 0,
    cut: 0,
    searched: 0,
    outcomes: [],
  };
}

/** A candidate's saved outcome (checkpoint): its exact tree, or the least key proven for it. */
type RootOutcome = { readonly tree: SolvedSet } | { readonly atLeast: number };

/** The root guesses of a budgeted root, best first, and the ranking's bound. */
function choicesOf(
  ranking: Ranking,
  spec: BudgetedRoot,
): { guesses: number[]; lowerBound: number | null; everyGuess: boolean } {
  const ranked = ranking.optimal ? [ranking.optimal.guess] : Array.from(ranking.top.guess);
  const guesses = spec.first !== undefined && spec.first < ranked.length ? ranked.slice(0, spec.first) : ranked;
  return {
    guesses,
    lowerBound: ranking.complete ? ranking.setBound : null,
    everyGuess: ranking.complete && !ranking.optimal && spec.width === Infinity && guesses.length === ranked.length,
  };
}

/** The budget of the candidate at `index`: the best's key, one more when it is ranked before the best's. */
function budgetAt(
  index: number,
  best: { readonly index: number; readonly key: number } | null,
  spec: BudgetedRoot,
): number {
  if (best === null) return spec.budget ?? Infinity;
  if (spec.budgetOf) return Math.min(spec.budgetOf(best.key), spec.budget ?? Infinity);
  return budgetBefore(index, best);
}

/** A candidate's outcome as the result lists it. */
function outcomeOf(guess: number, outcome: RootOutcome, keyOf: (v: SolvedSet) => number): CandidateOutcome {
  return 'tree' in outcome ? { guess, key: keyOf(outcome.tree) } : { guess, atLeast: outcome.atLeast };
}

/**
 * The budgeted root: root guesses in order, each searched in the pool under the budget the best
 * so far leaves (a candidate ranked before the best's gets one more, so that among equal keys
 * the earlier one wins); a candidate whose groups' size bounds reach its budget is settled
 * without search. Every candidate is thus given a budget at least the final best's key (plus one
 * when ranked before it), so the result is the first candidate of least key whatever the timing
 * and the number of workers, and its tree is the pure function of its parts. While there is no
 * best yet, the first candidate's parts are solved side by side (one task each); after that each
 * candidate is one task (its own evaluation, budget and cut-offs inside the worker), one per
 * worker. Each settled candidate is saved to `--checkpoint` under its guess, and each solved
 * part of the first candidate under its place among the parts, so that a compile whose first
 * candidate outlasts a session resumes with the parts it finished.
 */
export async function compileBudgeted<S>(
  job: EngineJob<S>,
  control: DriverControl,
  spec: BudgetedRoot,
): Promise<BudgetedTree | null> {
  const root = rootOf(job.parts);
  if (root.leaf) return leafBudgeted(root.leaf);
  return withExecutor(job, control, async (pool) => {
    const live = liveProgress(control, pool);
    try {
      return await budgetedIn({ job, control, spec, pool, root, live });
    } finally {
      live.stop();
    }
  });
}

/** A budgeted compile in its executor: the job, its controls and spec, the executor, the root and progress. */
interface BudgetedSetup<S> {
  readonly job: EngineJob<S>;
  readonly control: DriverControl;
  readonly spec: BudgetedRoot;
  readonly pool: TaskExecutor;
  readonly root: Root<S>;
  readonly live: LiveProgress;
}

/** The budgeted root in its executor. */
async function budgetedIn<S>(setup: BudgetedSetup<S>): Promise<BudgetedTree | null> {
  const { job, spec, pool, root, live } = setup;
  // The given first guesses only; the root's ranking still gives the bound every first guess has.
  const { guesses, lowerBound, everyGuess } = spec.only
    ? {
        guesses: [...spec.only],
        lowerBound: choicesOf(await rankRoot(pool, root, { label: job.label, width: 1, live }), spec).lowerBound,
        everyGuess: false,
      }
    : choicesOf(await rankRoot(pool, root, { label: job.label, width: spec.width, live }), spec);
  const run = new BudgetedRun(setup, guesses);
  await run.run();
  const winner = run.winner();
  if (!winner) return null;
  return {
    tree: winner.tree.tree,
    cost: winner.tree.cost,
    depth: winner.tree.depth,
    lowerBound,
    guess: winner.guess,
    candidates: guesses.length,
    everyGuess,
    byBound: run.byBound,
    cut: run.cut,
    searched: run.searched,
    outcomes: run.outcomes,
  };
}

/** The best candidate so far: its place in the order, key, guess and tree. */
interface Best {
  readonly index: number;
  readonly key: number;
  readonly guess: number;
  readonly tree: SolvedSet;
}

/** The first candidate while there is no best: its parts solved side by side. */
interface SplitCandidate<S> extends Candidate<S> {
  readonly index: number;
  /** Its open parts, largest first, and the next of them to launch. */
  readonly order: number[];
  next: number;
}

/**
 * One budgeted compile as a state machine. Two states: *split* (no best yet: the first
 * candidate worth a search has its parts launched side by side, one task each) and
 * *candidates* (each candidate one task under its budget); `pump` launches work while workers
 * are free, and the run ends when nothing is running and no candidate is left.
 */
class BudgetedRun<S> {
  private best: Best | null = null;
  private bestText: string | null = null;
  private split: SplitCandidate<S> | null = null;
  private nextIndex = 0;
  private running = 0;
  private broken = false;
  private settled = 0;
  byBound = 0;
  cut = 0;
  searched = 0;
  readonly outcomes: CandidateOutcome[];
  private readonly checkpoint: Checkpoint | null;
  /** The split candidate's parts (files `<prefix>part-batch-<index>`), made with the split. */
  private partCheckpoint: Checkpoint | null = null;
  /** Its large parts searched choice by choice (part-choices.ts), by the part's index. */
  private readonly partChoices = new Map<number, PartChoices>();
  private readonly unit: string;
  /** The `--checkpoint` files' prefix: the candidates' files, then `part-` and `part-<index>-` ones. */
  private readonly prefix: string;
  private resolve: () => void = () => {};
  private reject: (e: unknown) => void = () => {};

  private readonly job: EngineJob<S>;
  private readonly control: DriverControl;
  private readonly spec: BudgetedRoot;
  private readonly pool: TaskExecutor;
  private readonly root: Root<S>;
  private readonly live: LiveProgress;

  constructor(
    { job, control, spec, pool, root, live }: BudgetedSetup<S>,
    private readonly guesses: readonly number[],
  ) {
    this.job = job;
    this.control = control;
    this.spec = spec;
    this.pool = pool;
    this.root = root;
    this.live = live;
    this.outcomes = new Array<CandidateOutcome>(guesses.length);
    this.prefix = spec.checkpointPrefix ?? 'root-';
    this.checkpoint = control.checkpoint
      ? new Checkpoint(
          control.checkpoint,
          fingerprint({ module: job.module, setup: job.setup, mode: 'budgeted' }),
          this.prefix,
        )
      : null;
    this.unit = spec.unit ?? 'openers';
  }

  /** Every candidate settled; rejects on the first failure or an abort. */
  async run(): Promise<void> {
    this.report();
    await new Promise<void>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
      this.pump();
    });
    if (this.pool.aborted) throw this.onAbort();
  }

  winner(): Best | null {
    return this.best;
  }

  /**
   * Candidates settled of all; while the first candidate's parts are solved side by side (no
   * best yet, often most of the time), the secrets of its parts settled instead.
   */
  private report(): void {
    const c = this.split;
    if (c) {
      let done = 0;
      let total = 0;
      c.parts.forEach((p, j) => {
        total += p.set.length;
        if (c.results[j] !== undefined) done += p.set.length;
      });
      // A large group's choices settled so far (it counts once all are).
      const choices = [...this.partChoices.values()].map(
        (r) => `; ${r.progress.done} of ${r.progress.total} guesses at the group of ${groupDigits(r.secrets)}`,
      );
      const unit = `secrets below ${this.guessName(c.guess)} (the first of the ${this.unit}${choices.join('')})`;
      this.live.report({ done, total, unit, best: this.bestText });
      return;
    }
    this.live.report({ done: this.settled, total: this.guesses.length, unit: this.unit, best: this.bestText });
  }

  private onAbort(): Error {
    const { control, job, unit } = this;
    const c = this.split;
    const saved = control.checkpoint
      ? `; settled ${c ? `groups below ${this.guessName(c.guess)}` : unit} are saved in ${control.checkpoint.dir}, rerun with --resume`
      : '';
    const after = c
      ? `${c.parts.length - c.open} of ${c.parts.length} groups below ${this.guessName(c.guess)} (the first of the ${unit})`
      : `${this.settled} of ${this.guesses.length} ${unit}`;
    return fail('interrupted', `${job.label}: interrupted after ${after}${saved}; nothing written`);
  }

  private guessName(guess: number): string {
    return this.job.nameGuess ? this.job.nameGuess(guess) : `#${guess}`;
  }

  private settle(index: number, outcome: RootOutcome, how: 'bound' | 'cut' | 'searched', save = true): void {
    const engine = this.root.engine;
    this.settled++;
    if (how === 'bound') this.byBound++;
    else if (how === 'cut') this.cut++;
    else this.searched++;
    const guess = this.guesses[index];
    this.outcomes[index] = outcomeOf(guess, outcome, (v) => engine.keyOf(v));
    if ('tree' in outcome) {
      const key = engine.keyOf(outcome.tree);
      const best = this.best;
      if (best === null || key < best.key || (key === best.key && index < best.index)) {
        this.best = { index, key, guess, tree: outcome.tree };
        this.bestText = this.job.bestText
          ? this.job.bestText(outcome.tree.cost, outcome.tree.depth)
          : String(outcome.tree.cost);
      }
    }
    if (save && how !== 'bound') this.checkpoint?.saveOutcome(guess, outcome);
    this.report();
  }

  /** The next candidate worth a search (settling the others on the way), or -1. */
  private nextCandidate(): number {
    const { engine, all, root } = this.root;
    const objective = this.job.parts.objective;
    while (this.nextIndex < this.guesses.length) {
      const index = this.nextIndex++;
      const guess = this.guesses[index];
      const budget = budgetAt(index, this.best, this.spec);
      const saved = this.control.checkpoint?.resume ? this.checkpoint?.loadOutcome(guess) : null;
      if (saved && 'tree' in saved) {
        this.settle(index, saved, 'searched', false);
        continue;
      }
      if (saved && saved.atLeast >= budget) {
        this.settle(index, saved, 'cut', false);
        continue;
      }
      const c = candidateOf(this.root, guess);
      let floor = c.rootCost;
      c.parts.forEach((p, j) => {
        floor += c.results[j]?.cost ?? objective.sizeBound(p.set.length, 1, root.state);
      });
      if (engine.keyBound(floor, all.length, 0) >= budget) {
        this.settle(index, { atLeast: engine.keyBound(floor, all.length, 0) }, 'bound');
        continue;
      }
      if (this.best === null && this.spec.budget === undefined) {
        this.resumeParts(c);
        const order = c.parts.map((_, j) => j).filter((j) => c.results[j] === undefined);
        order.sort((a, b) => (c.parts[b] as Part<S>).set.length - (c.parts[a] as Part<S>).set.length || a - b);
        this.split = { ...c, index, next: 0, order };
        if (order.length === 0) this.finishSplit();
        else {
          this.report();
          return index;
        }
        continue;
      }
      return index;
    }
    return -1;
  }

  /**
   * The split candidate's parts checkpointed (under its guess: a file of another candidate is
   * from another compile), and with --resume those saved by an earlier run taken as solved.
   */
  private resumeParts(c: Candidate<S>): void {
    const { control, job } = this;
    if (!control.checkpoint) return;
    const checkpoint = new Checkpoint(
      control.checkpoint,
      fingerprint({ module: job.module, setup: job.setup, mode: 'budgeted-part', guess: c.guess }),
      `${this.prefix}part-`,
    );
    this.partCheckpoint = checkpoint;
    if (!control.checkpoint.resume) return;
    c.parts.forEach((_, j) => {
      if (c.results[j] !== undefined) return;
      const saved = checkpoint.load(j, 1);
      if (!saved) return;
      c.results[j] = saved[0];
      c.open--;
    });
  }

  /** The split candidate, every part solved: its tree, or no plan when a part has none. */
  private finishSplit(): void {
    const c = this.split as SplitCandidate<S>;
    this.split = null;
    if (c.results.some((x) => x === null)) {
      this.settle(c.index, { atLeast: Infinity }, 'cut');
      return;
    }
    const trees = c.results.map((r) => (r as SolvedSet).tree);
    this.settle(
      c.index,
      { tree: { cost: candidateCost(c), depth: candidateDepth(c), tree: graftTrees(c.guess, c.codes, trees) } },
      'searched',
    );
  }

  private fail(e: unknown): void {
    this.broken = true;
    this.reject(e);
  }

  /** The next part of the split candidate (no budget: there is no best yet): large ones choice by choice. */
  private launchPart(): void {
    const c = this.split as SplitCandidate<S>;
    const j = c.order[c.next++];
    if ((c.parts[j] as Part<S>).set.length >= (this.spec.choicesFrom ?? CHOICES_MIN_SET)) this.launchChoices(j);
    else this.launchSolve(j);
  }

  /** A part of the split candidate in the words of messages. */
  private partName(j: number): string {
    const c = this.split as SplitCandidate<S>;
    const set = (c.parts[j] as Part<S>).set;
    const first = this.job.nameSecret ? ` (first ${this.job.nameSecret(set[0])})` : '';
    return `a group of ${set.length} secrets after root guess ${this.guessName(c.guess)}${first}`;
  }

  /**
   * Run `task` in the pool as one of this run's tasks: `kept` with its result first (what it
   * saves is kept also when the compile was stopped meanwhile), then, unless stopped, `after` and
   * more work.
   */
  private launch(
    task: Task,
    what: () => string,
    on: { readonly kept?: (r: TaskResult) => void; readonly after?: (r: TaskResult) => void },
  ): void {
    const { pool } = this;
    this.running++;
    pool
      .runWithRetry(task, what, () => this.onAbort())
      .then((r) => {
        this.running--;
        on.kept?.(r);
        if (pool.aborted) throw this.onAbort();
        on.after?.(r);
        this.pump();
      })
      .catch((e: unknown) => this.fail(e));
  }

  /** A part of the split candidate as one solve task. */
  private launchSolve(j: number): void {
    const part = (this.split as SplitCandidate<S>).parts[j] as Part<S>;
    this.launch(
      { kind: 'solve', pilot: false, sets: [part.set], nodes: [part.node] },
      () => this.partName(j),
      // A group finished as the compile was stopped is kept too.
      { kept: (r) => this.partSolved(j, (r as { results: ReadonlyArray<SolvedSet | null> }).results[0] ?? null) },
    );
  }

  /** A part of the split candidate solved: saved, and the candidate finished with its last part. */
  private partSolved(j: number, result: SolvedSet | null): void {
    const c = this.split as SplitCandidate<S>;
    this.partCheckpoint?.save(j, [result]);
    c.results[j] = result;
    c.open--;
    if (c.open === 0) this.finishSplit();
    else this.report();
  }

  /** A large part: the search's choices there (one task), then each choice a task (`launchChoice`). */
  private launchChoices(j: number): void {
    const c = this.split as SplitCandidate<S>;
    const part = c.parts[j] as Part<S>;
    const { control, job } = this;
    this.launch({ kind: 'choices', set: part.set, node: part.node }, () => `the choices at ${this.partName(j)}`, {
      after: (r) => {
        const choices = r.kind === 'choices' ? r.choices : null;
        if (!choices) {
          this.launchSolve(j);
          return;
        }
        const checkpoint = control.checkpoint
          ? new Checkpoint(
              control.checkpoint,
              fingerprint({ module: job.module, setup: job.setup, mode: 'budgeted-choice', guess: c.guess, part: j }),
              `${this.prefix}part-${j}-`,
            )
          : null;
        const engine = this.root.engine;
        const run = new PartChoices(
          part.set,
          choices,
          (v) => engine.keyOf(v),
          checkpoint,
          !!control.checkpoint?.resume,
        );
        this.partChoices.set(j, run);
      },
    });
  }

  /**
   * Launch the next guess of a large part in search; a part whose search has settled is finished
   * on the way (its tree, the guesses to go on to asked for, or the part solved whole). Whether a
   * task launched.
   */
  private launchChoice(): boolean {
    for (const [j, run] of this.partChoices) {
      const next = run.nextTask();
      if (next) {
        this.evaluateChoice(j, run, next);
        return true;
      }
      if (this.advance(j, run)) return true;
    }
    return false;
  }

  /** Act on a large part's state: finished, or a task for it launched (then true). */
  private advance(j: number, run: PartChoices): boolean {
    const state = run.state();
    switch (state.kind) {
      case 'busy':
        return false;
      case 'solved':
        this.partChoices.delete(j);
        this.partSolved(j, state.tree);
        return false;
      case 'whole':
        this.partChoices.delete(j);
        this.launchSolve(j);
        return true;
      case 'on':
        run.askedOn();
        this.launchSearchOn(j, run, state.shown);
        return true;
    }
  }

  private evaluateChoice(j: number, run: PartChoices, next: ChoiceTask): void {
    this.launch(next.task, () => `guess #${next.task.guess} at ${this.partName(j)}`, {
      // Saved first: a guess settled as the compile was stopped is kept too.
      kept: (r) => run.settle(next, (r as { result: SolvedSet | null }).result),
      after: () => {
        // A part settled while this guess ran (the search went no further) is done with.
        if (this.partChoices.get(j) === run) this.advance(j, run);
        this.report();
      },
    });
  }

  /** The guesses a large part's search goes on to, past its first `shown` choices. */
  private launchSearchOn(j: number, run: PartChoices, shown: number): void {
    const part = (this.split as SplitCandidate<S>).parts[j] as Part<S>;
    this.launch(
      { kind: 'searchOn', set: part.set, node: run.node, shown },
      () => `the guesses past the first ${shown} at ${this.partName(j)}`,
      {
        after: (r) => {
          if (r.kind !== 'searchOn') throw new Error('compile pool: unexpected result');
          run.goOn(r.on);
          this.advance(j, run);
        },
      },
    );
  }

  /** A whole candidate under its budget, as one task. */
  private launchCandidate(index: number): void {
    const { all, root } = this.root;
    const guess = this.guesses[index];
    const budget = budgetAt(index, this.best, this.spec);
    this.launch(
      { kind: 'evaluate', guess, set: all, node: root, beta: budget },
      () => `root guess #${guess} under a budget of ${budget}`,
      {
        after: (r) => {
          const v = (r as { result: SolvedSet | null }).result;
          if (v) this.settle(index, { tree: v }, 'searched');
          else this.settle(index, { atLeast: budget }, 'cut');
        },
      },
    );
  }

  /** Launch work while workers are free; resolve once nothing runs and nothing is left. */
  private pump(): void {
    if (this.broken) return;
    try {
      while (this.running < this.pool.workers) {
        if (this.split) {
          // Every part launched before a large part's guesses: a run stopped part-way has then
          // saved every group but the largest few.
          if (this.split.next < this.split.order.length) {
            this.launchPart();
            continue;
          }
          if (this.launchChoice()) continue;
          // The last part may have settled on the way.
          if (!this.split) continue;
          break; // the split candidate's last tasks are running: wait for its result
        }
        const index = this.nextCandidate();
        if (index < 0) break;
        if (this.split) this.launchPart();
        else this.launchCandidate(index);
      }
    } catch (e) {
      this.fail(e);
      return;
    }
    if (this.running === 0) this.resolve();
  }
}
