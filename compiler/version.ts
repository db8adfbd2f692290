import { readFileSync } from 'node:fs';

/** The package version, read once from package.json beside dist/ or the sources. */
export const TOOL_VERSION: string = (() => {
  for (const rel of ['../../package.json', '../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'guesstree' && pkg.version) return pkg.version;
    } catch {
      // try the next location
    }
  }
  return '0.0.0';
})();
