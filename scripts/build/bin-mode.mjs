// After tsc: make every file package.json names under "bin" executable (tsc writes them 644; npm
// sets the mode when it installs the package, not in a clone, where `npm run build` makes them).
import { chmodSync, readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
for (const file of Object.values(pkg.bin ?? {})) chmodSync(new URL(`../../${file}`, import.meta.url), 0o755);
