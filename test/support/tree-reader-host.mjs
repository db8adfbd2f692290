// A host process that reads many tree files, one after another, and survives them all:
//   node tree-reader-host.mjs cli FILE...       `guesstree verify --tree FILE` in this process (runCli)
//   node tree-reader-host.mjs library FILE...   the library's verify(FILE) and openTree(FILE)
// One JSON line per file on stdout; the last line is {"done":true}. Assumes `npm run build`.
import { Readable } from 'node:stream';
import { runCli } from '../../dist/compiler/cli.js';
import { GuesstreeError, openTree, verify } from '../../dist/compiler/library.js';

const [mode, ...files] = process.argv.slice(2);

/** What a library call did: status 0, or the error's status and message (or what else was thrown). */
function outcome(call) {
  try {
    call();
    return { status: 0 };
  } catch (e) {
    if (e instanceof GuesstreeError) return { status: e.status, message: e.message };
    return { status: 'thrown', message: String(e?.stack ?? e) };
  }
}

for (const file of files) {
  if (mode === 'cli') {
    let stdout = '';
    let stderr = '';
    const status = await runCli(['verify', '--tree', file], {
      write: (t) => {
        stdout += t;
      },
      err: (l) => {
        stderr += `${l}\n`;
      },
      stdin: Readable.from(['']),
    });
    process.stdout.write(`${JSON.stringify({ file, status, stdout, stderr })}\n`);
  } else {
    const verified = outcome(() => verify(file));
    const opened = outcome(() => openTree(file));
    process.stdout.write(`${JSON.stringify({ file, verified, opened })}\n`);
  }
}
process.stdout.write(`${JSON.stringify({ done: true })}\n`);
