// The layer rule (ARCHITECTURE.md): imports point one way only. Each rule names the folders a
// layer must not import; every relative import and re-export of compiler/ and runtime/ is read
// (type-only ones too) and each breach is printed as `file:line: imports target`. Exit 1 on any.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '../..');

/** Layer folder (or file) → what it must not import. */
const RULES = [
  { layer: 'runtime/', forbidden: ['compiler/', 'scripts/'] },
  {
    layer: 'compiler/engine/',
    forbidden: [
      'compiler/games/',
      'compiler/pool/',
      'compiler/commands/',
      'compiler/emit/',
      'compiler/cli.ts',
      'compiler/library.ts',
    ],
  },
  {
    layer: 'compiler/games/',
    forbidden: ['compiler/pool/', 'compiler/commands/', 'compiler/emit/', 'compiler/cli.ts', 'compiler/library.ts'],
  },
  {
    layer: 'compiler/pool/',
    forbidden: ['compiler/commands/', 'compiler/emit/', 'compiler/cli.ts', 'compiler/library.ts'],
  },
  {
    layer: 'compiler/emit/',
    forbidden: ['compiler/pool/', 'compiler/commands/', 'compiler/cli.ts', 'compiler/library.ts'],
  },
];

function* sources(dir) {
  for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) yield* sources(path);
    else if (/\.(c|m)?ts$/.test(e.name) && !e.name.endsWith('.d.ts')) yield path;
  }
}

const IMPORT =
  /(?:^|[^\w.])(?:import|export)\s[^;]*?\sfrom\s*['"]([^'"]+)['"]|(?:^|[^\w.])import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;
const breaches = [];
for (const top of ['compiler', 'runtime']) {
  for (const file of sources(top)) {
    const rule = RULES.find((r) => file.startsWith(r.layer));
    if (!rule) continue;
    const text = readFileSync(join(root, file), 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2] ?? m[3];
      if (!spec.startsWith('.')) continue;
      const target = relative(root, resolve(root, dirname(file), spec))
        .replace(/\.js$/, '.ts')
        .replace(/\.cjs$/, '.cts');
      const bad = rule.forbidden.find((f) => (f.endsWith('/') ? target.startsWith(f) : target === f));
      if (bad)
        breaches.push(
          `${file}:${text.slice(0, m.index).split('\n').length}: imports ${target} (${rule.layer} must not import ${bad})`,
        );
    }
  }
}
if (breaches.length) {
  for (const b of breaches) console.error(`layers: ${b}`);
  process.exitCode = 1;
} else console.log('layers: every import points down (ARCHITECTURE.md)');
