// writeStdout: a reader that goes away (`| head -c 1`) ends the program quietly with status 0;
// a full device (`> /dev/full`) gives one line and status 9; otherwise every byte arrives.
// The writer is a child process running the built module from dist/ (run `npm run build`),
// with the CLI's top-level handler: print `guesstree: MESSAGE`, exit with the error's status.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const DIST_STDOUT = pathToFileURL(join(import.meta.dirname, '..', '..', 'dist', 'runtime', 'stdout.js')).href;
/** 4 MiB of lines in 64 writes: far more than a pipe holds. */
const LINES = 64;
const LINE = (i: number) => `${String(i).padStart(6, '0')} ${'x'.repeat(64 * 1024 - 8)}\n`;

let dir = '';
let script = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'guesstree-stdout-'));
  script = join(dir, 'writer.mjs');
  writeFileSync(
    script,
    `import { writeStdout } from ${JSON.stringify(DIST_STDOUT)};\n` +
      `const LINE = ${LINE.toString()};\n` +
      `try {\n  for (let i = 0; i < ${LINES}; i++) writeStdout(LINE(i));\n  process.stderr.write('done\\n');\n} catch (e) {\n` +
      `  if (e?.name !== 'GuesstreeError') throw e;\n  process.stderr.write('guesstree: ' + e.message + '\\n');\n  process.exitCode = e.status;\n}\n`,
  );
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('writeStdout', () => {
  it('delivers every byte to a reader that reads it all', () => {
    const r = spawnSync(process.execPath, [script], { maxBuffer: 64 * 2 ** 20 });
    expect(r.stderr.toString()).toBe('done\n');
    expect(r.status).toBe(0);
    let want = '';
    for (let i = 0; i < LINES; i++) want += LINE(i);
    expect(r.stdout.length).toBe(Buffer.byteLength(want));
    expect(r.stdout.toString() === want).toBe(true);
  });

  it('a reader that closes the pipe after one chunk: status 0, nothing on stderr', async () => {
    const child = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    const status = await new Promise<number | null>((done) => child.on('close', (code) => done(code)));
    expect(stderr).toBe('');
    expect(status).toBe(0);
  });

  it.skipIf(!existsSync('/bin/bash') || !existsSync('/usr/bin/head'))(
    '`| head -c 1`: status 0, nothing on stderr',
    () => {
      const r = spawnSync(
        '/bin/bash',
        ['-c', `"${process.execPath}" "${script}" | head -c 1 >/dev/null; echo "status \${PIPESTATUS[0]}" >&2`],
        { encoding: 'utf8' },
      );
      expect(r.stderr).toBe('status 0\n');
    },
  );

  it.skipIf(!existsSync('/dev/full'))('`> /dev/full`: one line, "no space left on the device", status 9', () => {
    const full = openSync('/dev/full', 'w');
    try {
      const r = spawnSync(process.execPath, [script], { stdio: ['ignore', full, 'pipe'], encoding: 'utf8' });
      expect(r.stderr).toBe('guesstree: stdout: no space left on the device\n');
      expect(r.status).toBe(9);
    } finally {
      closeSync(full);
    }
  });
});
