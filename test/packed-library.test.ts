/**
 * guesstree as a library from the packed tarball: `npm pack` (of the built dist/) into a temp
 * folder, unpacked into a fresh project's node_modules as npm installs it, its dependencies
 * linked from this checkout's node_modules (so no network and no npm cache are needed). A
 * script there imports `{ compile, openTree, verify, GuesstreeError }` from 'guesstree',
 * compiles a game given inline, plays it and checks an error's status; the README's example
 * runs and prints what it says; the package's bin runs;
 * a TypeScript file using the shipped .d.ts passes `tsc --noEmit`, and misuses are type errors.
 * The library's options are checked there as the CLI checks them (unknown names with the nearest
 * one, wrong types, what one needs, the memory limit), and a compile from the installed package
 * writes into the project's trees/, never into node_modules, while the shipped trees still serve.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lines, removeDir, ROOT, runNode, tempDir } from './support/e2e.js';

let dir: string;
let proj: string;
let pkg: string;
let trees: string;

beforeAll(() => {
  dir = tempDir('packed');
  trees = join(dir, 'trees');
  const pack = spawnSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (pack.status !== 0) throw new Error(`npm pack failed: ${pack.stderr}`);
  const tgz = join(dir, (JSON.parse(pack.stdout) as Array<{ filename: string }>)[0]?.filename as string);
  proj = join(dir, 'project');
  pkg = join(proj, 'node_modules', 'guesstree');
  mkdirSync(pkg, { recursive: true });
  writeFileSync(
    join(proj, 'package.json'),
    JSON.stringify({
      name: 'uses-guesstree',
      version: '1.0.0',
      private: true,
      type: 'module',
      dependencies: { guesstree: `file:${tgz}` },
    }),
  );
  const tar = spawnSync('tar', ['-xzf', tgz, '-C', pkg, '--strip-components=1'], { encoding: 'utf8' });
  if (tar.status !== 0) throw new Error(`tar failed: ${tar.stderr}`);
  // The package's dependencies, as npm would place them beside it.
  const deps = Object.keys(
    (JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { dependencies: Record<string, string> })
      .dependencies,
  );
  for (const d of deps) {
    const at = join(proj, 'node_modules', d);
    mkdirSync(dirname(at), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', d), at, 'dir');
  }
}, 120_000);
afterAll(() => removeDir(dir));

/** Higher or lower on 1..30, with a guess limit: given inline, no file. */
const GAME = `{
  name: 'hilo-30',
  secrets: Array.from({ length: 30 }, (_, i) => String(i + 1)),
  reply: (guess, secret) => (Number(secret) > Number(guess) ? 'higher' : 'lower'),
  maxGuesses: 5,
}`;

describe('the library from the packed tarball, in a fresh project', () => {
  it('the tarball holds the built library, its types and no sources or tests', () => {
    const manifest = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as {
      exports: Record<string, { types: string; import: string }>;
    };
    for (const f of [
      manifest.exports['.']?.import,
      manifest.exports['.']?.types,
      'dist/runtime/errors.d.ts',
      'dist/runtime/tree-types.d.ts',
      'dist/compiler/public-types.d.ts',
      'dist/compiler/cli.js',
      'dist/compiler/pool/worker-entry.cjs',
      'trees/manifest.json',
      'scripts/examples/jotto.mjs',
    ]) {
      expect(() => readFileSync(join(pkg, f as string)), String(f)).not.toThrow();
    }
    for (const f of [
      'compiler/library.ts',
      'test/file-game.test.ts',
      'tsconfig.json',
      'dist/scripts/bench-memory.js',
      'scripts/build/clean.mjs',
    ])
      expect(() => readFileSync(join(pkg, f)), f).toThrow();
    // Built before packing: installing runs nothing.
    const scripts = (JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
      .scripts;
    for (const hook of ['preinstall', 'install', 'postinstall', 'prepare'])
      expect(scripts[hook], `scripts.${hook}`).toBeUndefined();
  });

  it("import { compile, openTree } from 'guesstree': compile an inline game, play it, and a GuesstreeError's status", async () => {
    writeFileSync(
      join(proj, 'main.mjs'),
      `import { compile, openTree, verify, GuesstreeError } from 'guesstree';
const game = ${GAME};
const tree = await compile({ game, workers: 1 });
const played = [];
for (const secret of ['1', '17', '30']) {
  const p = openTree(tree, { game });
  const guesses = [];
  while (!p.done) {
    const g = p.guess();
    guesses.push(g);
    p.reply(g === secret ? '=' : Number(secret) > Number(g) ? 'higher' : 'lower');
  }
  played.push({ secret, guesses, solved: p.solved, remaining: p.remaining });
}
let error = null;
try {
  await compile({ game: { ...game, secrets: ['1', '1'] } });
} catch (e) {
  error = { isClass: e instanceof GuesstreeError, status: e.status, message: e.message };
}
const v = verify(tree, { game });
console.log(JSON.stringify({ resolved: import.meta.resolve('guesstree'), header: tree.header.game, params: tree.header.params, objective: tree.objective, verified: v.secrets, played, error }));
`,
    );
    const r = await runNode(join(proj, 'main.mjs'), [], { trees, cwd: proj, timeoutMs: 60_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout) as {
      resolved: string;
      header: string;
      params: Record<string, unknown>;
      objective: Record<string, number>;
      verified: number;
      played: Array<{ secret: string; guesses: string[]; solved: boolean; remaining: string[] }>;
      error: { isClass: boolean; status: number; message: string } | null;
    };
    // The installed copy, not this checkout.
    expect(out.resolved).toBe(`file://${join(pkg, 'dist', 'compiler', 'library.js')}`);
    expect(out.header).toBe('file');
    expect(out.params).toMatchObject({ name: 'hilo-30', maxGuesses: 5 });
    expect(out.verified).toBe(30);
    expect(out.objective.secrets).toBe(30);
    for (const p of out.played) {
      expect(p.solved, p.secret).toBe(true);
      expect(p.guesses.at(-1)).toBe(p.secret);
      expect(p.guesses.length).toBeLessThanOrEqual(5);
      expect(p.remaining).toEqual([p.secret]);
    }
    expect(out.error).toEqual({
      isClass: true,
      status: 3,
      message: expect.stringMatching(
        /^the game object hilo-30: secrets\[1\]: duplicate: "1" is also secrets\[0\]$/,
      ) as unknown as string,
    });
  }, 90_000);

  it('options are checked as the CLI checks them: unknown names with the nearest, wrong types, needs, memory', async () => {
    writeFileSync(
      join(proj, 'options.mjs'),
      `import { compile, openTree, verify, GuesstreeError } from 'guesstree';
const shipped = new URL('./node_modules/guesstree/trees/mastermind-p4c6.gtree', import.meta.url).pathname;
const mm = { game: 'mastermind', pegs: 2, colors: 3, workers: 1 };
const cases = {
  wordList: () => compile({ game: 'lingo', len: 4, wordList: 'w4.txt' }),
  efort: () => compile({ ...mm, efort: 'quick' }),
  lenn: () => compile({ game: 'lingo', lenn: 4 }),
  max_memory: () => compile({ ...mm, max_memory: 400 }),
  out: () => compile({ ...mm, out: 42 }),
  workers: () => compile({ ...mm, workers: '2' }),
  pegs: () => compile({ ...mm, pegs: 9 }),
  resume: () => compile({ ...mm, resume: true }),
  both: () => compile({ ...mm, maxMemory: 400, 'max-memory': 400 }),
  maxMemory: () => compile({ game: 'mastermind', pegs: 4, colors: 6, workers: 1, maxMemory: 1 }),
  queue: () => compile({ ...mm, queue: 'localhost' }),
  needs: () => compile({ game: 'mastermind', pegs: 3 }),
  needsFile: () => compile({ game: 'wordle', answers: 'a.txt' }),
  openTreeEffort: () => openTree(shipped, { effort: 'quick' }),
  verifyNull: () => verify(shipped, null),
};
const out = {};
for (const [name, run] of Object.entries(cases)) {
  try {
    await run();
    out[name] = 'accepted';
  } catch (e) {
    out[name] = { isClass: e instanceof GuesstreeError, status: e.status, exitStatus: 'exitStatus' in e, message: e.message };
  }
}
out.openTree = [openTree(shipped).guess(), openTree(shipped, {}).guess()];
out.verify = verify(shipped, {}).secrets;
const kept = await compile({ ...mm, maxMemory: 400, 'skip-estimate': false });
out.kept = { secrets: verify(kept).secrets, path: kept.path ?? null };
console.log(JSON.stringify(out));
`,
    );
    const r = await runNode(join(proj, 'options.mjs'), [], { trees, cwd: proj, timeoutMs: 60_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout) as Record<string, unknown>;
    const refused = (status: number, message: string | RegExp) => ({
      isClass: true,
      status,
      exitStatus: false,
      message: typeof message === 'string' ? message : (expect.stringMatching(message) as unknown as string),
    });
    expect(out).toEqual({
      wordList: refused(2, 'unknown option wordList (did you mean wordlist?)'),
      efort: refused(2, 'unknown option efort (did you mean effort?)'),
      lenn: refused(2, 'unknown option lenn (did you mean len?)'),
      max_memory: refused(2, 'unknown option max_memory (did you mean maxMemory?)'),
      out: refused(2, 'out: expected a file name (a string), got the number 42'),
      workers: refused(2, 'workers: expected a whole number from 1 to 256, got the string "2"'),
      pegs: refused(2, 'pegs 9: expected a whole number from 1 to 8'),
      resume: refused(2, 'resume needs checkpoint'),
      both: refused(2, 'give maxMemory or max-memory, not both'),
      maxMemory: refused(
        7,
        /^mastermind-p4c6: this compile needs about \d+ MiB .*over the limit of 1 MiB \(maxMemory\)/,
      ),
      queue: refused(2, /^queue .*: expected redis:\/\//),
      // A game's own needs name the options as a program spells them, not as --flags.
      needs: refused(2, 'mastermind needs pegs P and colors C (e.g. pegs 5 colors 8)'),
      needsFile: refused(2, /^wordle needs answers FILE .* and guesses FILE/),
      openTreeEffort: refused(2, 'option effort: only compile takes it, not openTree'),
      verifyNull: refused(2, 'verify: expected an options object'),
      // openTree(path, {}) is openTree(path): the header names the game.
      openTree: [expect.stringMatching(/^[A-F]{4}$/), (out.openTree as string[])[0]],
      verify: 1296,
      kept: { secrets: 9, path: null },
    });
    // Nothing was written: no trees folder in the project, none in GUESSTREE_TREES.
    expect(existsSync(join(proj, 'trees'))).toBe(false);
    expect(existsSync(trees)).toBe(false);
  }, 90_000);

  it("a compile from the installed package writes into the project's trees/, never into node_modules; shipped trees serve", async () => {
    const shippedFiles = readdirSync(join(pkg, 'trees')).sort();
    const shippedManifest = readFileSync(join(pkg, 'trees', 'manifest.json'));
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.GUESSTREE_TREES;
    const bin = join(pkg, 'dist', 'compiler', 'cli.js');
    const run = (args: string[], extra: NodeJS.ProcessEnv = {}) =>
      spawnSync(process.execPath, [bin, ...args], {
        cwd: proj,
        env: { ...env, ...extra },
        encoding: 'utf8',
        timeout: 60_000,
      });
    const mine = join(proj, 'trees');
    const fresh = run(['compile', '--game', 'mastermind', '--pegs', '3', '--colors', '4', '--workers', '1']);
    expect(fresh.status, fresh.stderr).toBe(0);
    expect(fresh.stdout.endsWith(` | ${join(mine, 'mastermind-p3c4.gtree')}\n`), fresh.stdout).toBe(true);
    const listed = (folder: string) =>
      (JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')) as { trees: Array<{ file: string }> }).trees.map(
        (e) => e.file,
      );
    expect(listed(mine)).toEqual(['mastermind-p3c4.gtree']);
    // A tree guesstree ships: the same tree is found there, and nothing is written.
    const same = run(['compile', '--game', 'mastermind', '--pegs', '4', '--colors', '6', '--workers', '1']);
    expect(same.status, same.stderr).toBe(0);
    expect(same.stdout).toContain(
      `| ${join(pkg, 'trees', 'mastermind-p4c6.gtree')} (the same tree was there already; nothing rewritten)`,
    );
    // The verbs find the user's tree and the shipped one.
    for (const [pegs, colors, where] of [
      ['3', '4', mine],
      ['4', '6', join(pkg, 'trees')],
    ] as const) {
      const v = run(['verify', '--game', 'mastermind', '--pegs', pegs, '--colors', colors]);
      expect(v.status, v.stderr).toBe(0);
      expect(v.stdout.split('\n')[0]).toBe(`tree: ${join(where, `mastermind-p${pegs}c${colors}.gtree`)}`);
    }
    // GUESSTREE_TREES: compiles go there, and the shipped trees are still found beside it.
    const elsewhere = join(dir, 'my-trees');
    const there = run(['compile', '--game', 'mastermind', '--pegs', '2', '--colors', '4', '--workers', '1'], {
      GUESSTREE_TREES: elsewhere,
    });
    expect(there.status, there.stderr).toBe(0);
    expect(listed(elsewhere)).toEqual(['mastermind-p2c4.gtree']);
    const beside = run(['verify', '--game', 'mastermind', '--pegs', '4', '--colors', '6'], {
      GUESSTREE_TREES: elsewhere,
    });
    expect(beside.status, beside.stderr).toBe(0);
    // The library's save: into the project's trees/ as well.
    writeFileSync(
      join(proj, 'save.mjs'),
      `import { compile } from 'guesstree';
const t = await compile({ game: 'mastermind', pegs: 2, colors: 5, workers: 1, save: true });
console.log(t.path);
`,
    );
    const saved = spawnSync(process.execPath, [join(proj, 'save.mjs')], { cwd: proj, env, encoding: 'utf8' });
    expect(saved.status, saved.stderr).toBe(0);
    expect(saved.stdout).toBe(`${join(mine, 'mastermind-p2c5.gtree')}\n`);
    expect(listed(mine)).toEqual(['mastermind-p2c5.gtree', 'mastermind-p3c4.gtree']);
    // The installed package is as it was unpacked.
    expect(readdirSync(join(pkg, 'trees')).sort()).toEqual(shippedFiles);
    expect(readFileSync(join(pkg, 'trees', 'manifest.json')).equals(shippedManifest)).toBe(true);
  }, 120_000);

  it("the README's library example runs and prints what its comment says", async () => {
    const readme = readFileSync(join(pkg, 'README.md'), 'utf8');
    const code = /## guesstree as a library\n[\s\S]*?```js\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(code, 'the example in the README').toBeDefined();
    const said = /console\.log\(.*\); \/\/ (.+)\n/.exec(code as string)?.[1];
    writeFileSync(join(proj, 'readme.mjs'), code as string);
    const r = await runNode(join(proj, 'readme.mjs'), [], { trees, cwd: proj, timeoutMs: 60_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(`${said}\n`);
  }, 60_000);

  it("the package's bin compiles an example game", async () => {
    const r = await runNode(
      join(pkg, 'dist', 'compiler', 'cli.js'),
      [
        'compile',
        '--game',
        join(pkg, 'scripts', 'examples', 'hilo.mjs'),
        '--workers',
        '1',
        '--out',
        join(dir, 'hilo.gtree'),
      ],
      { trees, cwd: proj },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout)).toHaveLength(1);
    expect(r.stdout).toMatch(/^hilo-100: total guesses 580, /);
  }, 60_000);

  it('the shipped types: a TypeScript user passes tsc --noEmit, and misuses are type errors', () => {
    writeFileSync(
      join(proj, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          strict: true,
          noEmit: true,
          types: [],
          skipLibCheck: false,
        },
        files: ['use.ts'],
      }),
    );
    writeFileSync(
      join(proj, 'use.ts'),
      `import { compile, openTree, verify, GuesstreeError, type CompiledTree, type GameDefinition, type Player, type VerifyResult } from 'guesstree';
const game: GameDefinition = ${GAME};
const tree: CompiledTree = await compile({ game, effort: 'exact', workers: 1 });
const player: Player = openTree(tree, { game });
const first: string = player.guess();
player.reply('higher');
const left: readonly string[] = player.remaining;
const checked: VerifyResult = verify(tree.bytes, { game });
const total: number = checked.objective.secrets;
const lingo: CompiledTree = await compile({ game: 'lingo', len: 5, effort: 'quick' });
try {
  openTree('missing.gtree', { game: 'lingo', len: 5 });
} catch (e) {
  if (e instanceof GuesstreeError) {
    const status: number = e.status;
    const kind: 'usage' | 'input' | 'wordlist' | 'tree-file' | 'manifest' | 'checkpoint' | 'feedback' | 'budget' | 'limit' | 'interrupted' | 'worker' | 'worse' | 'queue' | 'io' = e.kind;
    console.log(status, kind);
  }
}
// @ts-expect-error a reply is a string
const badReply: GameDefinition = { name: 'x', secrets: ['a'], reply: () => 3 };
// @ts-expect-error a game needs its secrets
const noSecrets: GameDefinition = { name: 'x', reply: () => 'a' };
// @ts-expect-error the guesses made are read-only
player.guesses = 3;
// @ts-expect-error compile returns a promise
const notAwaited: CompiledTree = compile({ game });
console.log(first, left, total, lingo, badReply, noSecrets, notAwaited);
`,
    );
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const ok = spawnSync(process.execPath, [tsc, '-p', proj], { cwd: proj, encoding: 'utf8' });
    expect(ok.status, ok.stdout + ok.stderr).toBe(0);
    // The same file with a wrong use the types must catch.
    writeFileSync(
      join(proj, 'use.ts'),
      readFileSync(join(proj, 'use.ts'), 'utf8').replace(
        'const first: string = player.guess();',
        'const first: number = player.guess();',
      ),
    );
    const bad = spawnSync(process.execPath, [tsc, '-p', proj], { cwd: proj, encoding: 'utf8' });
    expect(bad.status).not.toBe(0);
    expect(lines(bad.stdout)).toEqual([
      expect.stringMatching(/^use\.ts\(\d+,7\): error TS2322: Type 'string' is not assignable to type 'number'/),
    ]);
  }, 60_000);
});
