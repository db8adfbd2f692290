/**
 * `node test/support/hooked-worker.mjs URL [TOOL_VERSION]`: `guesstree worker --queue URL`
 * (concurrency 1) whose jobs run in hooked-thread.mjs, claiming TOOL_VERSION when given.
 * For the distributed tests only: the hooks stay out of the shipped worker.
 */
import { runWorker } from '../../dist/compiler/commands/worker.js';
import { ownVersions } from '../../dist/compiler/pool/queue-shared.js';
import { parseQueueUrl } from '../../dist/compiler/pool/queue-url.js';

const [url, tool] = process.argv.slice(2);
const versions = tool ? { ...ownVersions(), tool } : undefined;
await runWorker(
  { target: parseQueueUrl(url), concurrency: 1, threadFile: new URL('./hooked-thread.mjs', import.meta.url), versions },
  (line) => process.stderr.write(`${line}\n`),
);
