/**
 * A large reply group searched side by side. The search at a set evaluates its choices (the
 * guesses `SearchEngine.choices` lists) in order, each under the best key before it, and keeps
 * the first of least key. Here each choice is one task, under the budget the best so far leaves
 * (one more for a choice before the best's, so among equal keys the first still wins): a guess's
 * plan is the same under any budget above its key, so the group's tree is the one a single task
 * gives, whatever the workers and the timing. Each settled choice is saved to `--checkpoint`
 * (its tree, or the least key proven for it) and taken back with `--resume`.
 */
import type { NodeChoices } from '../engine/types.js';
import type { Checkpoint } from './checkpoint.js';
import type { EvaluateTask, SolvedSet } from './messages.js';

/** Groups of at least this many secrets below the first opener are searched choice by choice. */
export const CHOICES_MIN_SET = 1000;

/** A choice to evaluate: its place in the order, and the task. */
export interface ChoiceTask {
  readonly index: number;
  readonly task: EvaluateTask;
}

/** What the group's choices came to: its tree, no plan (null), or `whole`: the search goes on past them. */
export type ChoicesOutcome = SolvedSet | null | 'whole';

export class PartChoices {
  private next = 0;
  private running = 0;
  private best: { readonly index: number; readonly key: number; readonly tree: SolvedSet } | null = null;

  constructor(
    private readonly set: Uint32Array,
    private readonly choices: NodeChoices<unknown>,
    private readonly keyOf: (v: SolvedSet) => number,
    /** Where settled choices go; with `resume`, where they come back from. */
    private readonly checkpoint: Checkpoint | null,
    private readonly resume: boolean,
  ) {}

  /** Choices settled or running, of all. */
  get progress(): { readonly done: number; readonly total: number } {
    return { done: this.next - this.running, total: this.choices.guesses.length };
  }

  /** The group's secrets. */
  get secrets(): number {
    return this.set.length;
  }

  /** Every choice settled. */
  get done(): boolean {
    return this.next >= this.choices.guesses.length && this.running === 0;
  }

  /** The budget of the choice at `index`: the best's key, one more when it comes before the best's. */
  private budgetAt(index: number): number {
    const best = this.best;
    if (!best) return Infinity;
    return index < best.index ? best.key + 1 : best.key;
  }

  /**
   * The next choice worth a task (settling on the way those bounded out, or saved), or null when
   * none is left to launch now.
   */
  nextTask(): ChoiceTask | null {
    const { guesses, keyBounds, floor, node } = this.choices;
    while (this.next < guesses.length) {
      // Until one choice has a plan, the others would run without a budget: wait for it (the
      // workers take other groups meanwhile).
      if (!this.best && this.running > 0) return null;
      if (this.best && this.best.key <= floor) {
        // Nothing beats the set's bound: the rest can only tie, and the first stays.
        this.next = guesses.length;
        break;
      }
      const index = this.next++;
      const beta = this.budgetAt(index);
      if (keyBounds[index] >= beta) continue;
      const guess = guesses[index];
      const saved = this.resume ? this.checkpoint?.loadOutcome(guess) : null;
      if (saved && 'tree' in saved) {
        this.consider(index, saved.tree);
        continue;
      }
      if (saved && saved.atLeast >= beta) continue;
      this.running++;
      return { index, task: { kind: 'evaluate', guess, set: this.set, node, beta } };
    }
    return null;
  }

  /** A choice's task came back: its plan under the budget, or null (none under it). Saved first. */
  settle({ index, task }: ChoiceTask, result: SolvedSet | null): void {
    this.running--;
    this.checkpoint?.saveOutcome(task.guess, result ? { tree: result } : { atLeast: task.beta });
    if (result) this.consider(index, result);
  }

  private consider(index: number, tree: SolvedSet): void {
    const key = this.keyOf(tree);
    const best = this.best;
    if (!best || key < best.key || (key === best.key && index < best.index)) this.best = { index, key, tree };
  }

  /** Once done: the group's tree, as the search at the set would give it. */
  outcome(): ChoicesOutcome {
    const { goesOnFrom, goesOnWithout } = this.choices;
    const best = this.best;
    if (!best) return goesOnWithout ? 'whole' : null;
    return best.tree.cost >= goesOnFrom ? 'whole' : best.tree;
  }
}
