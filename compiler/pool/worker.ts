/** The piscina compile worker: one compile's tasks (compiler/pool/tasks.ts), its setup from workerData. */
import { workerData } from 'piscina';
import type { WorkerInit } from './messages.js';
import { taskRunner } from './tasks.js';

export default taskRunner(workerData as WorkerInit);
