// ensureWritableDir: creates the folder and its parents, or says in one line why it cannot,
// naming the option and the path. Run as root, so "cannot" comes from a file in the way, /sys
// (EPERM) and /proc (where mkdirSync's `recursive` would loop forever on Node 20).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureWritableDir } from '../../runtime/dirs.js';
import { GuesstreeError } from '../../runtime/errors.js';

const DIST_DIRS = pathToFileURL(join(import.meta.dirname, '..', '..', 'dist', 'runtime', 'dirs.js')).href;

function caught(f: () => unknown): GuesstreeError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(GuesstreeError);
    const err = e as GuesstreeError;
    expect(err.message).not.toMatch(/[\n\r]/);
    expect(err.kind).toBe('usage');
    expect(err.status).toBe(2);
    return err;
  }
  throw new Error('expected a GuesstreeError, nothing was thrown');
}

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'guesstree-dirs-'));
});
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('ensureWritableDir', () => {
  it('creates a folder and its missing parents, and accepts one that exists', () => {
    const p = join(dir, 'a', 'b', 'c');
    ensureWritableDir(p, '--checkpoint');
    expect(statSync(p).isDirectory()).toBe(true);
    ensureWritableDir(p, '--checkpoint');
    ensureWritableDir(dir, '--checkpoint');
    expect(statSync(p).isDirectory()).toBe(true);
  });

  it('accepts a relative path', () => {
    const cwd = process.cwd();
    try {
      process.chdir(dir);
      ensureWritableDir(join('rel', 'sub'), '--checkpoint');
    } finally {
      process.chdir(cwd);
    }
    expect(statSync(join(dir, 'rel', 'sub')).isDirectory()).toBe(true);
  });

  it('a file at the path: "is a file, not a folder", the file untouched', () => {
    const file = join(dir, 'ckpt');
    writeFileSync(file, 'keep');
    expect(caught(() => ensureWritableDir(file, '--checkpoint')).message).toBe(
      `--checkpoint: ${file}: is a file, not a folder`,
    );
    expect(readFileSync(file, 'utf8')).toBe('keep');
  });

  it('a path inside a file: "a part of the path is a file, not a folder"', () => {
    const file = join(dir, 'file.txt');
    writeFileSync(file, 'keep');
    const p = join(file, 'sub', 'ckpt');
    expect(caught(() => ensureWritableDir(p, '--checkpoint')).message).toBe(
      `--checkpoint: ${p}: a part of the path is a file, not a folder`,
    );
    expect(readFileSync(file, 'utf8')).toBe('keep');
  });

  it('a file in the middle of the path, below folders that were missing, creates nothing', () => {
    mkdirSync(join(dir, 'a'));
    writeFileSync(join(dir, 'a', 'f'), '');
    const p = join(dir, 'a', 'f', 'b', 'c');
    expect(caught(() => ensureWritableDir(p, 'checkpoint folder')).message).toBe(
      `checkpoint folder: ${p}: a part of the path is a file, not a folder`,
    );
    expect(readFileSync(join(dir, 'a', 'f'), 'utf8')).toBe('');
    expect(existsSync(join(dir, 'a', 'b'))).toBe(false);
  });

  it('an empty path is not a folder name', () => {
    expect(caught(() => ensureWritableDir('', '--checkpoint')).message).toBe('--checkpoint: "": not a folder name');
  });

  it('control characters in the path are escaped', () => {
    const file = join(dir, 'f');
    writeFileSync(file, '');
    expect(caught(() => ensureWritableDir(join(file, 'a\nb'), '--checkpoint')).message).toBe(
      `--checkpoint: ${file}/a\\nb: a part of the path is a file, not a folder`,
    );
  });

  it.skipIf(!existsSync('/sys/kernel'))('a folder even root cannot create (/sys): "permission denied"', () => {
    const p = `/sys/guesstree-test-${process.pid}/ckpt`;
    expect(caught(() => ensureWritableDir(p, '--checkpoint')).message).toBe(`--checkpoint: ${p}: permission denied`);
    expect(existsSync(`/sys/guesstree-test-${process.pid}`)).toBe(false);
  });

  it.skipIf(!existsSync('/proc/self'))('under /proc: an answer within seconds, not a loop', () => {
    const p = `/proc/guesstree-test-${process.pid}/ckpt`;
    const script = `import { ensureWritableDir } from ${JSON.stringify(DIST_DIRS)};\ntry { ensureWritableDir(${JSON.stringify(p)}, '--checkpoint'); } catch (e) { process.stderr.write(e.message + '\\n'); }\n`;
    const file = join(dir, 'proc.mjs');
    writeFileSync(file, script);
    const r = spawnSync(process.execPath, [file], { encoding: 'utf8', timeout: 15_000 });
    expect(r.signal).toBeNull(); // not killed by the timeout
    expect(r.stderr).toBe(`--checkpoint: ${p}: a folder cannot be created there\n`);
  });
});
