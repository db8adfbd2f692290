/**
 * A compile worker for the fault tests: the real one (dist/compiler/pool/tasks.js), whose
 * search tasks fail as GUESSTREE_TEST_WORKER_FAULT says (fault.cjs). Give it to a CompilePool
 * as its worker file. CommonJS, like compiler/pool/worker-entry.cts.
 */
const { workerData } = require('piscina');
const { injectFault } = require('./fault.cjs');

let run = null;

module.exports = async function runTask(task) {
  run ??= (await import('../../dist/compiler/pool/tasks.js')).taskRunner(workerData);
  injectFault(task);
  return run(task);
};
