// After tsc: the library's declarations (package.json "types"), for the public API only: the
// declarations of compiler/library.ts, of the error class it re-exports and of the two types-only
// files it re-exports from (the tree file's types, the recorded figures: each declared once for the
// compiler and the library) are emitted into a scratch folder and only those are copied into dist/.
// This fails the build when a shipped declaration imports anything but another shipped one.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const scratch = `${root}dist/.library-types/`;
rmSync(scratch, { recursive: true, force: true });
// typescript's "exports" hide bin/tsc; it sits beside its package.json.
const tsc = createRequire(import.meta.url)
  .resolve('typescript/package.json')
  .replace(/package\.json$/, 'bin/tsc');
execFileSync(process.execPath, [tsc, '-p', `${root}tsconfig.lib.json`], { stdio: 'inherit' });
const allowed = {
  'compiler/library.d.ts': ['../runtime/errors.js', '../runtime/tree-types.js', './public-types.js'],
  'runtime/errors.d.ts': [],
  'runtime/tree-types.d.ts': [],
  'compiler/public-types.d.ts': [],
};
for (const file of Object.keys(allowed)) {
  const text = readFileSync(scratch + file, 'utf8');
  for (const m of text.matchAll(/from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    const spec = m[1] ?? m[2];
    if (spec.startsWith('.') && !allowed[file].includes(spec))
      throw new Error(`library-types: ${file} imports ${spec}; the public types must stay self-contained`);
  }
  mkdirSync(`${root}dist/${file.split('/')[0]}`, { recursive: true });
  copyFileSync(scratch + file, `${root}dist/${file}`);
}
rmSync(scratch, { recursive: true, force: true });
