/**
 * A hostile or careless game file cannot break the tool: every read of the module is guarded
 * (throwing getters, Proxies, thrown non-errors, a reply throwing an object whose toString
 * throws, an Array subclass with its own forEach), each problem one line on stderr and status 3,
 * never Node's own excerpt or a stack; a module that leaves a timer running does not keep the
 * CLI alive; replies that change when asked again are refused naming the pair; CommonJS files
 * load; a file game's tree read without its module names the game its header records.
 * Every game file is written into a temp folder by the test.
 */
import { readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile, GuesstreeError, openTree } from '../dist/compiler/library.js';
import { cli, lines, removeDir, ROOT, type Run, tempDir } from './support/e2e.js';

let dir: string;
let trees: string;

beforeAll(() => {
  dir = tempDir('game-file-guards');
  trees = join(dir, 'trees');
});
afterAll(() => removeDir(dir));

const LISTS = "secrets: ['a', 'b', 'c', 'd']";
const REPLY = "reply: (g, s) => (g < s ? 'up' : 'down')";

function gameFile(name: string, body: string): string {
  const path = join(dir, name);
  writeFileSync(path, body);
  return path;
}

/** One line on stderr, nothing on stdout, the status; no stack, no Node excerpt (`node:internal`, a `^` line). */
function expectOneLine(r: Run, status: number, re: RegExp): void {
  expect(r.stdout).toBe('');
  expect(lines(r.stderr), r.stderr).toHaveLength(1);
  expect(r.stderr.trimEnd()).toMatch(re);
  expect(r.stderr).not.toMatch(/internal error|\n\s+at |node:internal|^\s*\^/m);
  expect(r.code, r.stderr).toBe(status);
}

describe('every read of the module is guarded: one line, status 3', () => {
  const cases: Array<[string, string, RegExp]> = [
    [
      'getter-secrets.mjs',
      `export default { name: 'x', get secrets() { throw new Error('boom'); }, ${REPLY} };`,
      /getter-secrets\.mjs: secrets: reading it threw: "boom"$/,
    ],
    [
      'getter-name.mjs',
      `export default { get name() { throw new Error('boom'); }, ${LISTS}, ${REPLY} };`,
      /getter-name\.mjs: name: reading it threw: "boom"$/,
    ],
    [
      'getter-reply.mjs',
      `export default { name: 'x', ${LISTS}, get reply() { throw 7; } };`,
      /getter-reply\.mjs: reply: reading it threw: 7$/,
    ],
    [
      'proxy-all.mjs',
      "const no = () => { throw new Error('trap'); };\nexport default new Proxy({}, { get: no, ownKeys: no, has: no, getOwnPropertyDescriptor: no, getPrototypeOf: no });",
      /proxy-all\.mjs: default export: its members cannot be listed: "trap"$/,
    ],
    [
      'proxy-get.mjs',
      `export default new Proxy({ name: 'x', ${LISTS}, ${REPLY} }, { get() { throw new Error('get trap'); } });`,
      /proxy-get\.mjs: name: reading it threw: "get trap"$/,
    ],
    [
      'proxy-list.mjs',
      `export default { name: 'x', secrets: new Proxy(['a', 'b'], { get(t, k) { if (k === '1') throw null; return t[k]; } }), ${REPLY} };`,
      /proxy-list\.mjs: secrets\[1\]: reading it threw: null$/,
    ],
    ['throw-null.mjs', 'throw null;\n', /throw-null\.mjs: cannot load the module: it threw null$/],
    ['throw-string.mjs', "throw 'nope';\n", /throw-string\.mjs: cannot load the module: "nope"$/],
    [
      'reply-throws-object.mjs',
      `export default { name: 'x', ${LISTS}, reply() { throw { toString() { throw new Error('toString'); } }; } };`,
      /reply-throws-object\.mjs: reply: reply\("b", "a"\) threw: an object$/,
    ],
    [
      'reply-proxy.mjs',
      `export default { name: 'x', ${LISTS}, reply: new Proxy(() => 'up', { apply() { throw new Error('apply trap'); } }) };`,
      /reply-proxy\.mjs: reply: reply\("b", "a"\) threw: "apply trap"$/,
    ],
    [
      'revoked.mjs',
      "const { proxy, revoke } = Proxy.revocable({}, {});\nrevoke();\nexport default { name: 'x', secrets: proxy, reply: () => 'up' };",
      /revoked\.mjs: secrets: expected an array of strings, got a revoked Proxy$/,
    ],
    [
      'await-forever.mjs',
      "await new Promise(() => {});\nexport default { name: 'x', secrets: ['a'], reply: () => 'up' };",
      /await-forever\.mjs: the module's top-level await never settles/,
    ],
  ];
  for (const [name, body, re] of cases) {
    it(name, async () => {
      const r = await cli(['compile', '--game', gameFile(name, body), '--out', join(dir, `${name}.gtree`)], {
        trees,
        timeoutMs: 20_000,
      });
      expectOneLine(r, 3, re);
    });
  }

  it('an Array subclass with its own forEach: the lists are read index by index, and the game compiles', async () => {
    const path = gameFile(
      'array-subclass.mjs',
      `class Sneaky extends Array { forEach() {} map() { return []; } [Symbol.iterator]() { return [][Symbol.iterator](); } }\nexport default { name: 'x', secrets: Sneaky.from(['a', 'b', 'c', 'd']), ${REPLY} };`,
    );
    const r = await cli(['compile', '--game', path, '--out', join(dir, 'sub.gtree')], { trees });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^x: total guesses \d+, .* 4 secrets|^x: total guesses \d+/);
    const p = await cli(['export', '--format', 'paths', '--tree', join(dir, 'sub.gtree'), '--game', path], { trees });
    expect(p.code, p.stderr).toBe(0);
    expect(lines(p.stdout).map((l) => l.split('\t')[0])).toEqual(['a', 'b', 'c', 'd']);
  });

  it('a module that is a symbolic link loop says so', async () => {
    symlinkSync(join(dir, 'loop-b.mjs'), join(dir, 'loop-a.mjs'));
    symlinkSync(join(dir, 'loop-a.mjs'), join(dir, 'loop-b.mjs'));
    const r = await cli(['compile', '--game', join(dir, 'loop-a.mjs')], { trees });
    expectOneLine(r, 3, /loop-a\.mjs: cannot read the game's module: too many symbolic links \(a loop\?\)$/);
  });
});

describe('a module that leaves a timer running', () => {
  it('compile, verify, stats and play still exit when their work is done', async () => {
    const path = gameFile(
      'timer.mjs',
      `setInterval(() => {}, 1000);\nexport default { name: 'x', ${LISTS}, ${REPLY} };`,
    );
    const tree = join(dir, 'timer.gtree');
    const c = await cli(['compile', '--game', path, '--out', tree], { trees, timeoutMs: 20_000 });
    expect(c.signal).toBeNull();
    expect(c.code, c.stderr).toBe(0);
    const runs = await Promise.all(
      [['verify'], ['stats'], ['play']].map((v) =>
        cli([...v, '--tree', tree, '--game', path], { trees, input: '=\n', timeoutMs: 20_000 }),
      ),
    );
    for (const r of runs) {
      expect(r.signal, r.stderr).toBeNull();
      expect(r.code, r.stderr).toBe(0);
    }
    expect(runs[0].stdout).toMatch(/verify: ok/);
  });
});

describe('replies must not change when asked again', () => {
  it('Math.random() replies are refused at load, naming the pair', async () => {
    const path = gameFile(
      'random.mjs',
      "export default { name: 'x', secrets: Array.from({ length: 20 }, (_, i) => 's' + i), reply: () => (Math.random() < 0.5 ? 'up' : 'down') };",
    );
    const r = await cli(['compile', '--game', path, '--out', join(dir, 'random.gtree')], { trees });
    expectOneLine(
      r,
      3,
      /random\.mjs: reply: reply\("s\d+", "s\d+"\) gave "(up|down)", then "(up|down)" when asked again: a reply must depend only on the guess and the secret/,
    );
  });

  it('a reply that counts its calls is refused the same way', async () => {
    const path = gameFile(
      'counter.mjs',
      "let n = 0;\nexport default { name: 'x', secrets: ['a', 'b', 'c'], reply: () => (n++ % 2 ? 'odd' : 'even') };",
    );
    const r = await cli(['compile', '--game', path], { trees });
    expectOneLine(
      r,
      3,
      /counter\.mjs: reply: reply\("[abc]", "[abc]"\) gave "(odd|even)", then "(odd|even)" when asked/,
    );
  });
});

describe('CommonJS game files', () => {
  const body = `{ name: 'cjs-game', ${LISTS}, ${REPLY} }`;
  it('module.exports (.cjs and .js), and a transpiled exports.default, compile to the bytes of the ES module', async () => {
    const esm = gameFile('esm-game.mjs', `export default ${body};`);
    const files = [
      gameFile('game.cjs', `module.exports = ${body};`),
      gameFile('game.js', `module.exports = ${body};`),
      gameFile(
        'transpiled.cjs',
        `Object.defineProperty(exports, '__esModule', { value: true });\nexports.default = ${body};`,
      ),
    ];
    const outs = [esm, ...files].map((_, i) => join(dir, `cjs-${i}.gtree`));
    const runs = await Promise.all(
      [esm, ...files].map((f, i) => cli(['compile', '--game', f, '--out', outs[i]], { trees })),
    );
    for (const r of runs) {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
    }
    const { readFileSync } = await import('node:fs');
    const first = readFileSync(outs[0]);
    for (const o of outs.slice(1)) expect(readFileSync(o).equals(first)).toBe(true);
  });
});

describe("a file game's tree needs its module", () => {
  it('stats --tree without the module names the game its header records, status 2', async () => {
    const path = gameFile('named.mjs', `export default { name: 'named-game', ${LISTS}, ${REPLY} };`);
    const tree = join(dir, 'named.gtree');
    expect((await cli(['compile', '--game', path, '--out', tree], { trees })).code).toBe(0);
    const r = await cli(['stats', '--tree', tree], { trees });
    expectOneLine(
      r,
      2,
      /named\.gtree: a tree of the game "named-game" \(4 secrets\) from a module file, and a tree holds no reply function: give the module that defines it/,
    );
    const withIt = await cli(['stats', '--tree', tree, '--game', path], { trees });
    expect(withIt.code, withIt.stderr).toBe(0);
  });

  it("a shipped example's tree names the example that defines it; the library's openTree says the same", async () => {
    const shipped = readdirSync(join(ROOT, 'trees')).find((f) => f.startsWith('hilo-100-'));
    expect(shipped).toBeDefined();
    const tree = join(ROOT, 'trees', shipped as string);
    const r = await cli(['stats', '--tree', tree], { trees });
    expectOneLine(r, 2, /a tree of the game "hilo-100" .* scripts\/examples\/hilo\.mjs defines a game of that name$/);
    let thrown: unknown;
    try {
      openTree(tree);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(GuesstreeError);
    expect((thrown as GuesstreeError).status).toBe(2);
    expect((thrown as Error).message).toMatch(/a tree of the game "hilo-100" .*give the module that defines it/);
  });
});

describe('a game object given to the library', () => {
  it('whose name getter throws is one GuesstreeError naming the member, status 3', async () => {
    const game = {
      get name(): string {
        throw new Error('boom');
      },
      secrets: ['ant', 'bee', 'cat'],
      reply: (g: string, s: string) => (g === s ? 'yes' : 'no'),
    };
    const e = await compile({ game }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(GuesstreeError);
    expect((e as GuesstreeError).status).toBe(3);
    expect((e as Error).message).toBe('the game object: name: reading it threw: "boom"');
  });
});
