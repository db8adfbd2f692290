/**
 * Fault injection for the robustness tests, in test code only: GUESSTREE_TEST_WORKER_FAULT=PATH
 * makes the first search task fail (and creates PATH, so the retry succeeds); `always:PATH`
 * makes every one fail. Used by fault-worker.cjs (the local pool) and hooked-thread.mjs (the queue).
 */
const { existsSync, writeFileSync } = require('node:fs');

const SEARCH_TASKS = new Set(['solve', 'whole', 'evaluate']);

module.exports.injectFault = function injectFault(task) {
  const spec = process.env.GUESSTREE_TEST_WORKER_FAULT;
  if (!spec || !SEARCH_TASKS.has(task.kind)) return;
  const always = spec.startsWith('always:');
  const marker = always ? spec.slice('always:'.length) : spec;
  if (always || !existsSync(marker)) {
    writeFileSync(marker, 'fault injected\n');
    throw new Error('injected worker fault');
  }
};
