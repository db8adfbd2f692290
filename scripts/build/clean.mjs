// Before `npm pack` builds: an empty dist/, so the tarball holds only what this build writes
// (no file left by an older build, a renamed module or a run of the tests).
import { rmSync } from 'node:fs';

rmSync(new URL('../../dist/', import.meta.url), { recursive: true, force: true });
