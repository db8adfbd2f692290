/**
 * A large reply group searched side by side, as `SearchEngine.search` searches it in one task:
 *
 *   - its choices (`SearchEngine.choices`): each evaluated under the best key before it, the
 *     first of least key kept. Here each is one task under the budget the best so far leaves (one
 *     more for a choice before the best's, so among equal keys the first still wins): a guess's
 *     plan is the same under any budget above its key, so any order of evaluation gives it;
 *   - when that best leaves a secret unsolved, the guesses the search goes on to
 *     (`SearchEngine.searchOnChoices`), in order, until a plan finds every secret. Here they run
 *     ahead, each under the best key when it starts (never below the one the search would give
 *     it), and are taken in order, as the search takes them.
 *
 * So the group's tree is the one a single task gives, whatever the workers and the timing. Each
 * settled guess is saved to `--checkpoint` (its tree, or the least key proven for it) and taken
 * back with `--resume`.
 */
import type { NodeChoices, SearchOnChoices } from '../engine/types.js';
import type { Checkpoint } from './checkpoint.js';
import type { EvaluateTask, SolvedSet } from './messages.js';
import { budgetBefore } from './root.js';

/** Groups of at least this many secrets below the first opener are searched choice by choice. */
export const CHOICES_MIN_SET = 1000;

/** A guess to evaluate: its phase and place there, and the task. */
export interface ChoiceTask {
  readonly on: boolean;
  readonly index: number;
  readonly task: EvaluateTask;
}

/**
 * Where a group's search stands once nothing is running: its tree (or null: no plan); `on`: the
 * guesses to go on to are needed (a `searchOn` task past `shown`); `whole`: solve it in one task.
 */
export type ChoicesState =
  | { readonly kind: 'busy' }
  | { readonly kind: 'solved'; readonly tree: SolvedSet | null }
  | { readonly kind: 'on'; readonly shown: number }
  | { readonly kind: 'whole' };

interface Best {
  readonly index: number;
  readonly key: number;
  readonly tree: SolvedSet;
}

export class PartChoices {
  private next = 0;
  private running = 0;
  private settled = 0;
  private best: Best | null = null;
  /** The guesses gone on to, once known; their results by place (`undefined`: not back yet). */
  private on: SearchOnChoices | null = null;
  private onResults: Array<SolvedSet | null | undefined> = [];
  private onNext = 0;
  private onTaken = 0;
  /** In rank order, the place where the search stops (a bound at or past the best key). */
  private onLimit = Infinity;
  private onEnded = false;
  private onAsked = false;

  constructor(
    private readonly set: Uint32Array,
    private readonly choices: NodeChoices<unknown>,
    private readonly keyOf: (v: SolvedSet) => number,
    /** Where settled guesses go; with `resume`, where they come back from. */
    private readonly checkpoint: Checkpoint | null,
    private readonly resume: boolean,
  ) {}

  /** The node its guesses are evaluated at. */
  get node(): NodeChoices<unknown>['node'] {
    return this.choices.node;
  }

  /** The group's secrets. */
  get secrets(): number {
    return this.set.length;
  }

  /** Guesses settled, of those listed so far. */
  get progress(): { readonly done: number; readonly total: number } {
    return { done: this.settled, total: this.choices.guesses.length + (this.on?.guesses.length ?? 0) };
  }

  /** A guess's saved outcome under budget `beta`: its tree, `null` (none under beta), or undefined (not saved). */
  private saved(guess: number, beta: number): SolvedSet | null | undefined {
    const s = this.resume ? this.checkpoint?.loadOutcome(guess) : null;
    if (!s) return undefined;
    if ('tree' in s) return this.keyOf(s.tree) < beta ? s.tree : null;
    return s.atLeast >= beta ? null : undefined;
  }

  private task(on: boolean, index: number, guess: number, beta: number): ChoiceTask {
    this.running++;
    return { on, index, task: { kind: 'evaluate', guess, set: this.set, node: this.choices.node, beta } };
  }

  /** The next guess worth a task (settling on the way those bounded out or saved), or null when none can start now. */
  nextTask(): ChoiceTask | null {
    return this.on ? this.nextOn() : this.nextChoice();
  }

  private nextChoice(): ChoiceTask | null {
    const { guesses, keyBounds, floor } = this.choices;
    while (this.next < guesses.length) {
      // Until one choice has a plan, the others would run without a budget: wait for it (the
      // workers take other groups meanwhile).
      if (!this.best && this.running > 0) return null;
      if (this.best && this.best.key <= floor) {
        // Nothing beats the set's bound: the rest can only tie, and the first stays.
        this.settled += guesses.length - this.next;
        this.next = guesses.length;
        break;
      }
      const index = this.next++;
      const beta = budgetBefore(index, this.best);
      const saved = keyBounds[index] >= beta ? null : this.saved(guesses[index], beta);
      if (saved === undefined) return this.task(false, index, guesses[index], beta);
      this.settled++;
      if (saved) this.consider(index, saved);
    }
    return null;
  }

  private nextOn(): ChoiceTask | null {
    const on = this.on as SearchOnChoices;
    while (!this.onEnded && this.onNext < Math.min(on.guesses.length, this.onLimit)) {
      const k = this.onNext++;
      // The best key taken so far: the one the search gives this guess, or above it (it only falls).
      const beta = (this.best as Best).key;
      if (on.keyBounds[k] >= beta) {
        // Bounded out: skipped in the ranker's order; in rank order (bounds only grow) the end.
        if (!on.ordered) this.onLimit = k;
        else this.onResults[k] = null;
      } else {
        const saved = this.saved(on.guesses[k], beta);
        if (saved === undefined) return this.task(true, k, on.guesses[k], beta);
        this.onResults[k] = saved;
      }
    }
    this.takeOn();
    return null;
  }

  /** A guess's task came back: its plan under the budget, or null (none under it). Saved first. */
  settle({ on, index, task }: ChoiceTask, result: SolvedSet | null): void {
    this.running--;
    this.checkpoint?.saveOutcome(task.guess, result ? { tree: result } : { atLeast: task.beta });
    if (!on) {
      this.settled++;
      if (result) this.consider(index, result);
      return;
    }
    this.onResults[index] = result;
    this.takeOn();
  }

  private consider(index: number, tree: SolvedSet): void {
    const key = this.keyOf(tree);
    const best = this.best;
    if (!best || key < best.key || (key === best.key && index < best.index)) this.best = { index, key, tree };
  }

  /**
   * The guesses gone on to, taken in order as far as they are back, as the search takes them: a
   * guess bounded out by the best key now is skipped (or, in rank order, ends it); one whose plan
   * is under that key (its budget was at least that key) becomes the best; a best that finds every
   * secret ends it.
   */
  private takeOn(): void {
    const on = this.on as SearchOnChoices;
    const end = Math.min(on.guesses.length, this.onLimit);
    while (!this.onEnded && this.onTaken < end) {
      const k = this.onTaken;
      const r = this.onResults[k];
      if (r === undefined) return;
      this.onTaken++;
      this.settled++;
      const best = this.best as Best;
      if (on.keyBounds[k] >= best.key) {
        if (on.ordered) continue;
        this.onEnded = true;
        break;
      }
      if (r && this.keyOf(r) < best.key) this.best = { index: Infinity, key: this.keyOf(r), tree: r };
      if ((this.best as Best).tree.cost < this.choices.goesOnFrom) this.onEnded = true;
    }
    if (this.onTaken >= end) this.onEnded = true;
  }

  /** The guesses the search goes on to (a `searchOn` task's result). */
  goOn(on: SearchOnChoices): void {
    this.on = on;
    this.onEnded = on.lost;
    this.onResults = new Array<SolvedSet | null | undefined>(on.guesses.length);
    this.takeOn();
  }

  /** Where the group's search stands. */
  state(): ChoicesState {
    const best = this.best;
    if (this.on) return this.onEnded ? { kind: 'solved', tree: (best as Best).tree } : { kind: 'busy' };
    if (this.running > 0 || this.next < this.choices.guesses.length) return { kind: 'busy' };
    const { goesOnFrom, goesOnWithout } = this.choices;
    if (!best) return goesOnWithout ? { kind: 'whole' } : { kind: 'solved', tree: null };
    if (best.tree.cost < goesOnFrom) return { kind: 'solved', tree: best.tree };
    if (this.onAsked) return { kind: 'busy' };
    return { kind: 'on', shown: this.choices.guesses.length };
  }

  /** The guesses to go on to were asked for (a `searchOn` task): until they come, the group is busy. */
  askedOn(): void {
    this.onAsked = true;
  }
}
