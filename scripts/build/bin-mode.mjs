// After tsc: make every file package.json names under "bin" executable. npm links the bins of
// a fresh clone before its prepare script has built them, so it cannot set the mode itself.
import { chmodSync, readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
for (const file of Object.values(pkg.bin ?? {})) chmodSync(new URL(`../../${file}`, import.meta.url), 0o755);
