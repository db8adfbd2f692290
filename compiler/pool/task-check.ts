/**
 * A queue worker's check of one task (plain data from Redis, which anyone who can write to it
 * may have written) against the game its compile set up, before the engine reads it: a set's
 * entries index the game's tables unchecked in the hot loops, so a secret or guess out of range
 * would read past them. Each problem is one line naming the field (`the task's set[3]: ...`);
 * the job is then refused, not retried. The compile's own pool never needs this: its tasks come
 * from its own search.
 */
import { groupDigits, safeText } from '../../runtime/messages.js';
import { Stamps } from '../engine/stamps.js';
import type { SearchGame, SearchNode } from '../engine/types.js';
import { wholeNumberProblem } from '../games/job-check.js';
import type { Task } from './messages.js';

/** A node deeper than this is no search's (the deepest games allow a few dozen guesses). */
const MAX_USED = 1024;

/** A task that is not one of the game's: the job is refused, not retried. */
export class BadTask extends Error {}

function bad(field: string, what: string): BadTask {
  return new BadTask(`the task's ${field}: ${what}`);
}

function whole(v: unknown, field: string, min: number, max?: number): number {
  const problem = wholeNumberProblem(v, min, max);
  if (problem) throw bad(field, problem);
  return v as number;
}

/** A budget or width: a number, Infinity allowed, never NaN. */
function bound(v: unknown, field: string): void {
  if (typeof v !== 'number' || Number.isNaN(v)) throw bad(field, 'expected a number');
}

/** A set of the game's secrets: each one once (`seen`: one stamp per secret), each a secret's index. */
function checkSet(set: unknown, field: string, game: SearchGame, seen: Stamps): void {
  if (!(set instanceof Uint32Array) || set.length === 0 || set.length > game.secretCount)
    throw bad(field, `expected a list of 1 to ${groupDigits(game.secretCount)} secrets`);
  const gen = seen.next();
  const marks = seen.marks;
  for (let i = 0; i < set.length; i++) {
    const s = set[i];
    if (s >= game.secretCount)
      throw bad(`${field}[${i}]`, `${s} is not a secret of the game (0 to ${game.secretCount - 1})`);
    if (marks[s] === gen) throw bad(`${field}[${i}]`, `secret ${s} is listed twice`);
    marks[s] = gen;
  }
}

function checkNode(node: unknown, field: string): void {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) throw bad(field, 'expected a search node');
  const n = node as SearchNode<unknown>;
  whole(n.used, `${field}.used`, 0, MAX_USED);
  if (n.branches !== undefined) whole(n.branches, `${field}.branches`, 0);
}

/**
 * Throws one line naming the field when `task` is not one of the game's tasks. `seen`: stamps of
 * the game's secrets, kept by a runner across its tasks (default: made for this task).
 */
export function checkTask(
  task: unknown,
  game: SearchGame | null,
  seen = new Stamps(game?.secretCount ?? 0),
): asserts task is Task {
  if (typeof task !== 'object' || task === null || Array.isArray(task)) throw bad('body', 'expected a task');
  const t = task as Task;
  if (t.kind === 'module') {
    if (typeof t.name !== 'string') throw bad('name', 'expected a worker task name');
    return;
  }
  if (!game) throw bad('kind', `${safeText(String(t.kind), 20)} needs a game's search, and this one has none`);
  switch (t.kind) {
    case 'rank':
      checkSet(t.set, 'set', game, seen);
      checkNode(t.node, 'node');
      bound(t.width, 'width');
      whole(t.from, 'from', 0, game.guessCount);
      whole(t.to, 'to', t.from, game.guessCount);
      return;
    case 'solve': {
      if (!Array.isArray(t.sets) || !Array.isArray(t.nodes) || t.sets.length !== t.nodes.length)
        throw bad('sets', 'expected as many sets as nodes');
      if (t.betas !== undefined && (!Array.isArray(t.betas) || t.betas.length !== t.sets.length))
        throw bad('betas', 'expected one budget per set');
      for (let i = 0; i < t.sets.length; i++) {
        checkSet(t.sets[i], `sets[${i}]`, game, seen);
        checkNode(t.nodes[i], `nodes[${i}]`);
        if (t.betas) bound(t.betas[i], `betas[${i}]`);
      }
      return;
    }
    case 'whole':
      checkSet(t.set, 'set', game, seen);
      checkNode(t.node, 'node');
      whole(t.nodeBudget, 'nodeBudget', 0);
      return;
    case 'choices':
      checkSet(t.set, 'set', game, seen);
      checkNode(t.node, 'node');
      return;
    case 'searchOn':
      checkSet(t.set, 'set', game, seen);
      checkNode(t.node, 'node');
      whole(t.shown, 'shown', 0, game.guessCount);
      return;
    case 'evaluate':
      checkSet(t.set, 'set', game, seen);
      checkNode(t.node, 'node');
      whole(t.guess, 'guess', 0, game.guessCount - 1);
      bound(t.beta, 'beta');
      return;
    default:
      throw bad('kind', `${safeText(String((t as { kind: unknown }).kind), 20)} is not a task`);
  }
}
