/**
 * A queue worker checks each task against its game before the engine reads it: a secret or
 * guess out of range, a secret listed twice, a malformed node or budget is one line naming the
 * field; the pool's own tasks pass and run to the same result as unchecked.
 */
import { describe, expect, it } from 'vitest';
import { codeEffort } from '../../compiler/engine/code-efforts.js';
import { checkCodeSetup } from '../../compiler/games/code-games.js';
import { MastermindGame } from '../../compiler/games/mastermind/game.js';
import type { Task } from '../../compiler/pool/messages.js';
import { BadTask, checkTask } from '../../compiler/pool/task-check.js';
import { taskRunner } from '../../compiler/pool/tasks.js';

const game = new MastermindGame(3, 4); // 64 codes
const init = () => ({
  module: 'mastermind',
  gameSpec: { pegs: 3, colors: 4 },
  setup: codeEffort('default', 64, 0),
  progress: new Int32Array(1),
});
const all = Uint32Array.from({ length: 64 }, (_, i) => i);
const node = { used: 0, state: [] };

function problem(task: unknown): string {
  try {
    checkTask(task, game);
  } catch (e) {
    expect(e).toBeInstanceOf(BadTask);
    return (e as Error).message;
  }
  return '';
}

describe("a task checked against the worker's game", () => {
  it('the pool’s own tasks pass, and a checked runner gives what an unchecked one does', () => {
    const tasks: Task[] = [
      { kind: 'rank', set: all, node, width: 5, from: 0, to: 64 },
      { kind: 'solve', pilot: false, sets: [all.subarray(0, 9)], nodes: [node], betas: [Infinity] },
      { kind: 'whole', set: all.subarray(3, 20), node, nodeBudget: 0 },
      { kind: 'evaluate', guess: 5, set: all, node, beta: Infinity },
      { kind: 'choices', set: all, node },
    ];
    const checked = taskRunner(init(), { checked: true });
    const plain = taskRunner(init());
    for (const t of tasks) {
      expect(problem(t)).toBe('');
      expect(checked(t)).toEqual(plain(t));
    }
  });

  it('each forged field is one line naming it', () => {
    const cases: ReadonlyArray<readonly [unknown, string]> = [
      [null, "the task's body: expected a task"],
      [{ kind: 'x\u001b[2J' }, 'the task\'s kind: "x\\x1B[2J" is not a task'],
      [
        { kind: 'rank', set: [1, 2], node, width: 1, from: 0, to: 1 },
        "the task's set: expected a list of 1 to 64 secrets",
      ],
      [
        { kind: 'rank', set: Uint32Array.of(1, 64), node, width: 1, from: 0, to: 1 },
        "the task's set[1]: 64 is not a secret of the game (0 to 63)",
      ],
      [
        { kind: 'whole', set: Uint32Array.of(1, 7, 1), node, nodeBudget: 0 },
        "the task's set[2]: secret 1 is listed twice",
      ],
      [
        { kind: 'evaluate', guess: 64, set: all, node, beta: 1 },
        "the task's guess: expected a whole number from 0 to 63",
      ],
      [{ kind: 'evaluate', guess: 1, set: all, node, beta: Number.NaN }, "the task's beta: expected a number"],
      [
        { kind: 'choices', set: Uint32Array.of(3, 70), node },
        "the task's set[1]: 70 is not a secret of the game (0 to 63)",
      ],
      [{ kind: 'choices', set: all, node: null }, "the task's node: expected a search node"],
      [
        { kind: 'rank', set: all, node: { used: -1, state: [] }, width: 1, from: 0, to: 1 },
        "the task's node.used: expected a whole number from 0 to 1,024",
      ],
      [
        { kind: 'rank', set: all, node, width: 1, from: 5, to: 2 },
        "the task's to: expected a whole number from 5 to 64",
      ],
      [
        { kind: 'solve', pilot: false, sets: [all], nodes: [node, node] },
        "the task's sets: expected as many sets as nodes",
      ],
      [
        { kind: 'solve', pilot: false, sets: [all, Uint32Array.of(99)], nodes: [node, node] },
        "the task's sets[1][0]: 99 is not a secret of the game (0 to 63)",
      ],
    ];
    for (const [task, message] of cases) expect(problem(task)).toBe(message);
  });

  it('a checked runner refuses a forged task before the engine reads it', () => {
    const run = taskRunner(init(), { checked: true });
    expect(() => run({ kind: 'evaluate', guess: 1, set: Uint32Array.of(0, 1e9), node, beta: Infinity })).toThrow(
      BadTask,
    );
  });
});

describe("a queue job's polish settings", () => {
  it('polish with its node size passes as the compile derives it; a size out of range is refused', () => {
    const codes = 32_768;
    expect(checkCodeSetup(codeEffort('polish', codes, 0, 600), codes).polishUpTo).toBe(600);
    expect(checkCodeSetup(codeEffort('polish', codes, 0), codes).polishUpTo).toBe(200);
    expect(() => checkCodeSetup({ ...codeEffort('polish', codes, 0), polishUpTo: 5 }, codes)).toThrow(
      "the job's setup.polishUpTo: expected a whole number from 31 to 65,536",
    );
  });
});
