/** A Mastermind compile worker: one search (with its own memo) for the whole compile. */
import { workerData } from 'piscina';
import { flattenPlan } from '../engine/plan.js';
import { MastermindGame } from '../games/mastermind.js';
import { MastermindSearch, unboundedDepth } from '../games/mastermind-search.js';
import type { MastermindResult, MastermindTask, MastermindWorkerInit } from './types.js';

const init = workerData as MastermindWorkerInit;
const search = new MastermindSearch(new MastermindGame(init.pegs, init.colors), init.settings);

export default function runTask(task: MastermindTask): MastermindResult {
  const which = task.mode === 'pilot' ? search.pilotSearch() : search;
  const v = which.solveSet(task.set, task.history, unboundedDepth(init.settings, task.history.length));
  return { total: v.total, depth: v.depth, tree: flattenPlan(v.plan) };
}
