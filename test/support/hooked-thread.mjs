/**
 * A queue worker's job thread for the distributed tests: the real one
 * (dist/compiler/pool/queue-thread.js), with GUESSTREE_TEST_QUEUE_SLOW_MS=N making each solve
 * task take N ms longer (a job surely running when the test acts) and
 * GUESSTREE_TEST_WORKER_FAULT failing search tasks (fault.cjs).
 */
import { createRequire } from 'node:module';
import runJob from '../../dist/compiler/pool/queue-thread.js';
import { decode } from '../../dist/compiler/pool/queue-shared.js';

const { injectFault } = createRequire(import.meta.url)('./fault.cjs');
const SLOW_MS = Number(process.env.GUESSTREE_TEST_QUEUE_SLOW_MS) || 0;

export default function hookedJob(job) {
  const task = decode(job.task);
  if (SLOW_MS > 0 && task.kind === 'solve') Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, SLOW_MS);
  injectFault(task);
  return runJob(job);
}
