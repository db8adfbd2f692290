/** A Mastermind compile worker: one search (with its own memo) for the whole compile. */
import { workerData } from 'piscina';
import { MastermindGame } from '../games/mastermind.js';
import { solveTask } from '../games/mastermind-compile.js';
import { MastermindSearch } from '../games/mastermind-search.js';
import type { MastermindResult, MastermindTask, MastermindWorkerInit } from './types.js';

const init = workerData as MastermindWorkerInit;
const search = new MastermindSearch(new MastermindGame(init.pegs, init.colors), init.settings);

export default function runTask(task: MastermindTask): MastermindResult {
  return solveTask(search, init.settings, task);
}
