// writeFileAtomic: every failure is one line in words and leaves nothing behind (the target
// untouched, no temporary file); devices are written in place, never replaced. The tests run
// as root, so "unwritable" comes from /sys (EACCES), a file in the path (ENOTDIR), a missing
// folder (ENOENT), a device that is full (ENOSPC) and a file-size limit (EFBIG, ulimit -f).
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../runtime/atomic-write.js';
import { GuesstreeError } from '../../runtime/errors.js';

const ROOT = join(import.meta.dirname, '..', '..');
const DIST_ATOMIC = pathToFileURL(join(ROOT, 'dist', 'runtime', 'atomic-write.js')).href;

function caught(f: () => unknown, kind: 'usage' | 'io' = 'usage'): GuesstreeError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(GuesstreeError);
    const err = e as GuesstreeError;
    expect(err.message).not.toMatch(/[\n\r]/);
    expect(err.kind).toBe(kind);
    return err;
  }
  throw new Error('expected a GuesstreeError, nothing was thrown');
}

/** A character device node in `dir` (mknod, as root), else a symlink to the system's. */
function deviceLike(dir: string, name: 'full' | 'null'): string {
  const p = join(dir, name);
  const minor = name === 'full' ? 7 : 3;
  const r = spawnSync('mknod', [p, 'c', '1', String(minor)], { encoding: 'utf8' });
  if (r.status !== 0) symlinkSync(`/dev/${name}`, p);
  return p;
}

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'guesstree-atomic-'));
});
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('writeFileAtomic: success', () => {
  it('writes a new file and replaces an old one, leaving only the target', () => {
    const p = join(dir, 'out.txt');
    writeFileAtomic(p, 'first');
    writeFileAtomic(p, new Uint8Array([104, 105]));
    expect(readFileSync(p, 'utf8')).toBe('hi');
    expect(readdirSync(dir)).toEqual(['out.txt']);
  });

  it('writes a file whose name is legal but too long for a name-based temporary file', () => {
    const name = 'n'.repeat(250);
    writeFileAtomic(join(dir, name), 'long');
    expect(readFileSync(join(dir, name), 'utf8')).toBe('long');
    expect(readdirSync(dir)).toEqual([name]);
  });

  it('keeps a symbolic link and replaces the file it points to', () => {
    const real = join(dir, 'real.txt');
    const link = join(dir, 'link.txt');
    writeFileSync(real, 'old');
    symlinkSync(real, link);
    writeFileAtomic(link, 'new');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(real);
    expect(readFileSync(real, 'utf8')).toBe('new');
    expect(readdirSync(dir).sort()).toEqual(['link.txt', 'real.txt']);
  });

  it('writes into a null device in place instead of replacing it', () => {
    const dev = deviceLike(dir, 'null');
    writeFileAtomic(dev, 'discarded');
    expect(statSync(dev).isCharacterDevice()).toBe(true);
    expect(readdirSync(dir)).toEqual(['null']);
  });
});

describe('writeFileAtomic: failures are one line in words and leave nothing behind', () => {
  it('an empty path is not a file name', () => {
    expect(caught(() => writeFileAtomic('', 'x')).message).toBe('"": not a file name');
    expect(caught(() => writeFileAtomic('', 'x')).status).toBe(2);
  });

  it('a path ending in / is not a file name', () => {
    const p = `${join(dir, 'sub')}/`;
    expect(caught(() => writeFileAtomic(p, 'x')).message).toBe(`${p}: not a file name (it ends with /)`);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a missing folder: "folder does not exist", nothing created', () => {
    const p = join(dir, 'missing', 'out.txt');
    expect(caught(() => writeFileAtomic(p, 'x')).message).toBe(`${p}: cannot write: folder does not exist`);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a path inside a regular file: "a part of the path is a file", the file untouched', () => {
    const file = join(dir, 'file.txt');
    writeFileSync(file, 'keep');
    const p = join(file, 'out.txt');
    expect(caught(() => writeFileAtomic(p, 'x')).message).toBe(
      `${p}: cannot write: a part of the path is a file, not a folder`,
    );
    expect(readFileSync(file, 'utf8')).toBe('keep');
    expect(readdirSync(dir)).toEqual(['file.txt']);
  });

  it('a folder at the path: "is a directory", the folder untouched and no temporary file', () => {
    const sub = join(dir, 'sub');
    mkdirSync(sub);
    writeFileSync(join(sub, 'inside.txt'), 'x');
    expect(caught(() => writeFileAtomic(sub, 'x')).message).toBe(`${sub}: cannot write: is a directory, not a file`);
    expect(readdirSync(dir)).toEqual(['sub']);
    expect(readdirSync(sub)).toEqual(['inside.txt']);
  });

  it('a name that is too long: "the name is too long", nothing created', () => {
    const p = join(dir, 'x'.repeat(300));
    expect(caught(() => writeFileAtomic(p, 'x')).message).toBe(`${p}: cannot write: the name is too long`);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a device that is full: "no space left on the device" (the I/O status), and the device is still a device', () => {
    const dev = deviceLike(dir, 'full');
    expect(caught(() => writeFileAtomic(dev, 'x'.repeat(100_000)), 'io').message).toBe(
      `${dev}: cannot write: no space left on the device`,
    );
    expect(statSync(dev).isCharacterDevice()).toBe(true);
    expect(readdirSync(dir)).toEqual(['full']);
  });

  it.skipIf(!existsSync('/sys/kernel'))(
    'a folder where even root cannot create files (/sys): "permission denied"',
    () => {
      const p = `/sys/guesstree-test-${process.pid}.txt`;
      expect(caught(() => writeFileAtomic(p, 'x')).message).toBe(`${p}: cannot write: permission denied`);
      expect(existsSync(p)).toBe(false);
    },
  );

  it.skipIf(!existsSync('/bin/sh'))(
    'a write cut short (file-size limit, EFBIG) removes the temporary file and keeps the old target',
    () => {
      const target = join(dir, 'out.bin');
      writeFileSync(target, 'old');
      const script = join(dir, 'write.mjs');
      writeFileSync(
        script,
        `import { writeFileAtomic } from ${JSON.stringify(DIST_ATOMIC)};\n` +
          `try { writeFileAtomic(${JSON.stringify(target)}, new Uint8Array(256 * 1024)); } catch (e) { process.stderr.write(e.message + '\\n'); process.exit(e.status ?? 99); }\n`,
      );
      // 'ulimit -f 16': writes past 16 KiB fail with EFBIG (SIGXFSZ ignored, as the shell passes it on).
      const r = spawnSync('/bin/sh', ['-c', `trap '' XFSZ; ulimit -f 16 && exec "${process.execPath}" "${script}"`], {
        encoding: 'utf8',
      });
      expect(r.stderr).toBe(`${target}: cannot write: file too large\n`);
      expect(r.status).toBe(9);
      expect(readFileSync(target, 'utf8')).toBe('old');
      expect(readdirSync(dir).sort()).toEqual(['out.bin', 'write.mjs']);
    },
  );
});
