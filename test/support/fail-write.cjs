/**
 * Fault injection for the robustness tests, in test code only: preloaded with
 * `node --require test/support/fail-write.cjs`, GUESSTREE_TEST_FAIL_WRITE=REGEX makes every
 * open for writing of a path matching REGEX fail with ENOSPC, as a full disk does (a disk
 * cannot be filled on demand without root). Patched before any ES module imports node:fs.
 */
const fs = require('node:fs');
const { syncBuiltinESMExports } = require('node:module');

const spec = process.env.GUESSTREE_TEST_FAIL_WRITE;
if (spec) {
  const match = new RegExp(spec);
  const openSync = fs.openSync;
  fs.openSync = function patchedOpenSync(path, flags, mode) {
    const writing =
      typeof flags === 'string'
        ? /[wa+]/.test(flags)
        : typeof flags === 'number' && (flags & (fs.constants.O_WRONLY | fs.constants.O_RDWR)) !== 0;
    if (writing && match.test(String(path))) {
      throw Object.assign(new Error(`ENOSPC: no space left on device, open '${String(path)}'`), {
        code: 'ENOSPC',
        errno: -28,
        syscall: 'open',
        path: String(path),
      });
    }
    return openSync.call(this, path, flags, mode);
  };
  syncBuiltinESMExports();
}
