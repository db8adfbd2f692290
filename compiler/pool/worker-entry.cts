/**
 * The file piscina loads in each worker thread: CommonJS, so that piscina's require() of it
 * never goes through Node's require() of an ES module (which can abort the process on Node
 * 20.19+); the worker itself (worker.js, an ES module) is imported on the first task.
 */
import type { Task, TaskResult } from './messages.js';

let run: ((task: Task) => TaskResult) | null = null;

module.exports = async function runTask(task: Task): Promise<TaskResult> {
  run ??= ((await import('./worker.js')) as { default: (task: Task) => TaskResult }).default;
  return run(task);
};
