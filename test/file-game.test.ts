/**
 * A game from the user's own ES module file: the contract's one-line errors, every verb
 * through the real CLI on the hilo example, the library's compile() giving the CLI's bytes, and
 * --checkpoint / --resume. The library comes from dist/: its compiles run in the pool's built
 * worker (dist/compiler/pool/worker-entry.cjs), which the TypeScript sources do not have.
 */
import { copyFileSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile, GuesstreeError, openTree, verify, type GameDefinition } from '../dist/compiler/library.js';
import { cli, lines, parsePaths, removeDir, ROOT, tempDir } from './support/e2e.js';
import { mm35Source } from './support/file-games.js';

const HILO = join(ROOT, 'scripts', 'examples', 'hilo.mjs');
let dir: string;
let trees: string;

beforeAll(() => {
  dir = tempDir('file-game');
  trees = join(dir, 'trees');
});
afterAll(() => removeDir(dir));

function gameFile(name: string, body: string): string {
  const path = join(dir, name);
  writeFileSync(path, body);
  return path;
}

describe('the contract', () => {
  const cases: Array<[string, string, RegExp]> = [
    ['no-secrets.mjs', "export default { name: 'x', reply: () => '1' };", /no-secrets\.mjs: secrets: /],
    [
      'dup.mjs',
      "export default { name: 'x', secrets: ['a', 'a'], reply: () => '1' };",
      /dup\.mjs: secrets\[1\]: duplicate: "a" is also secrets\[0\]$/,
    ],
    [
      'throws.mjs',
      "export default { name: 'x', secrets: ['a', 'b'], reply: (g, s) => { if (s === 'b') throw new Error('boom'); return 'x'; } };",
      /throws\.mjs: reply: reply\("a", "b"\) threw: "boom"$/,
    ],
    [
      'number.mjs',
      "export default { name: 'x', secrets: ['a', 'b'], reply: () => 3 };",
      /number\.mjs: reply: reply\(".", "."\) returned number, not a string$/,
    ],
    ['no-reply.mjs', "export default { name: 'x', secrets: ['a', 'b'] };", /no-reply\.mjs: reply: /],
    [
      'no-default.mjs',
      "export const game = { name: 'x', secrets: ['a'], reply: () => '1' };",
      /no-default\.mjs: default export: missing \(export default \{ name, secrets, reply \}\)$/,
    ],
    ['syntax.mjs', 'export default { name: ', /syntax\.mjs: cannot load the module: /],
    [
      'await.mjs',
      "await null;\nexport default { name: 'x', secrets: ['a', 'b'], reply: () => '1' };",
      /await\.mjs: the module uses top-level await; guesstree loads it synchronously/,
    ],
  ];
  for (const [name, body, re] of cases) {
    it(`${name}: one line naming the member, status 3`, async () => {
      const r = await cli(['compile', '--game', gameFile(name, body), '--out', join(dir, `${name}.gtree`)], { trees });
      expect(r.code, r.stderr).toBe(3);
      expect(lines(r.stderr)).toHaveLength(1);
      expect(lines(r.stderr)[0], r.stderr).toMatch(re);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    });
  }
});

describe('the contract, member by member (a game object given to the library: the same checks)', () => {
  const base = { name: 'g', secrets: ['a', 'b', 'c'], reply: (g: string, x: string) => (g < x ? 'up' : 'down') };
  const cases: Array<[string, Record<string, unknown>, number, RegExp]> = [
    ['name missing', { ...base, name: undefined }, 3, /: name: missing$/],
    ['name with a space', { ...base, name: 'my game' }, 3, /: name: "my game": use letters, digits and '-'/],
    ['secrets not a list', { ...base, secrets: 'abc' }, 3, /: secrets: expected an array of strings, got string$/],
    ['secrets empty', { ...base, secrets: [] }, 3, /: secrets: an empty list$/],
    ['a secret not a string', { ...base, secrets: ['a', 7] }, 3, /: secrets\[1\]: expected a string, got number$/],
    [
      'a secret with a space',
      { ...base, secrets: ['a', 'b c'] },
      3,
      /: secrets\[1\]: "b c" holds a space or a control character$/,
    ],
    ['guesses not a list', { ...base, guesses: 3 }, 3, /: guesses: expected an array of strings, got number$/],
    ['a duplicate guess', { ...base, guesses: ['x', 'x'] }, 3, /: guesses\[1\]: duplicate: "x" is also guesses\[0\]$/],
    [
      'reply not a function',
      { ...base, reply: 'up' },
      3,
      /: reply: expected a function reply\(guess, secret\), got string$/,
    ],
    [
      'a reply with a newline',
      { ...base, reply: () => 'a\nb' },
      3,
      /: reply\("b", "a"\): "a\\nb" holds a space or a control character$/,
    ],
    [
      'the solved reply for another secret',
      { ...base, reply: () => '=' },
      3,
      /: reply\("b", "a"\) returned "=", the solved reply \(solvedReply\)/,
    ],
    [
      'maxGuesses not whole',
      { ...base, maxGuesses: 2.5 },
      3,
      /: maxGuesses: expected a whole number from 1 to 1000, got 2\.5$/,
    ],
    ['solvedReply not a string', { ...base, solvedReply: 1 }, 3, /: solvedReply: expected a string, got number$/],
    ['replyHelp on two lines', { ...base, replyHelp: 'a\nb' }, 3, /: replyHelp: expected one line of text/],
    [
      'an unknown member',
      { ...base, symmetry: true },
      3,
      /: "symmetry": not a member of the contract \(name, secrets, guesses, reply, maxGuesses, solvedReply, replyHelp\)$/,
    ],
    [
      'more than 255 replies',
      {
        ...base,
        secrets: Array.from({ length: 300 }, (_, i) => `s${i}`),
        reply: (g: string, x: string) => `${g}.${x}`.slice(0, 8),
      },
      7,
      /: reply: more than 255 distinct replies \(the 256th is /,
    ],
    [
      'a table over its limit',
      { ...base, secrets: Array.from({ length: 8193 }, (_, i) => `s${i}`) },
      7,
      /: 8,193 guesses × 8,193 secrets is over the reply table's limit of 67,108,864 pairs; use fewer guesses or secrets$/,
    ],
  ];
  for (const [what, game, status, re] of cases) {
    it(`${what}: a GuesstreeError naming the member, status ${status}`, async () => {
      const e = await compile({ game: game as unknown as GameDefinition, workers: 1 }).then(
        () => null,
        (x: unknown) => x,
      );
      expect(e).toBeInstanceOf(GuesstreeError);
      expect((e as GuesstreeError).status).toBe(status);
      expect((e as Error).message).toMatch(/^the game object[ :]/);
      expect((e as Error).message).toMatch(re);
      expect((e as Error).message).not.toContain('\n');
    });
  }
});

describe('every verb on a user game', () => {
  it('compile, verify, stats, export paths/json/html and play', async () => {
    const tree = join(dir, 'hilo.gtree');
    const c = await cli(['compile', '--game', HILO, '--out', tree, '--workers', '2'], { trees });
    expect(c.code, c.stderr).toBe(0);
    const total = Number(/total guesses ([\d,]+)/.exec(c.stdout)?.[1]?.replace(/,/g, ''));
    expect(total).toBeGreaterThan(0);
    const v = await cli(['verify', '--tree', tree, '--game', HILO], { trees });
    expect(v.code, v.stderr).toBe(0);
    expect(v.stdout).toMatch(/verify: ok/);
    const s = await cli(['stats', '--tree', tree, '--game', HILO], { trees });
    expect(s.code, s.stderr).toBe(0);
    const p = await cli(['export', '--format', 'paths', '--tree', tree, '--game', HILO], { trees });
    expect(p.code, p.stderr).toBe(0);
    const paths = parsePaths(p.stdout);
    expect(paths.size).toBe(100);
    // Each path ends on its secret, and the guesses add up to the compile's total.
    let sum = 0;
    for (const [secret, guesses] of paths) {
      expect(guesses[guesses.length - 1]).toBe(secret);
      sum += guesses.length;
    }
    expect(sum).toBe(total);
    const j = await cli(['export', '--format', 'json', '--tree', tree, '--game', HILO], { trees });
    expect(j.code, j.stderr).toBe(0);
    expect(() => JSON.parse(j.stdout)).not.toThrow();
    const h = await cli(['export', '--format', 'html', '--tree', tree, '--game', HILO], { trees });
    expect(h.code, h.stderr).toBe(0);
    expect(h.stdout).toMatch(/^<!doctype html>/i);
    const first = paths.get('37') as string[];
    const replies = first.slice(0, -1).map((g) => (37 > Number(g) ? 'higher' : 'lower'));
    const play = await cli(['play', '--tree', tree, '--game', HILO], {
      trees,
      input: `${[...replies, '='].join('\n')}\n`,
    });
    expect(play.code, play.stderr).toBe(0);
    expect(play.stdout).toMatch(new RegExp(`solved in ${first.length} guesses`));
    // The tree is never used with another game.
    const other = gameFile(
      'other.mjs',
      "export default { name: 'hilo-100', secrets: Array.from({ length: 99 }, (_, i) => String(i + 1)), reply: (g, s) => (Number(s) > Number(g) ? 'higher' : 'lower') };",
    );
    const refused = await cli(['verify', '--tree', tree, '--game', other], { trees });
    expect(refused.code).toBe(4);
    expect(lines(refused.stderr)).toHaveLength(1);
  });

  it('the library compile() gives the bytes of the CLI, and openTree plays it', async () => {
    const out = join(dir, 'hilo-cli.gtree');
    const c = await cli(['compile', '--game', HILO, '--out', out, '--workers', '1'], { trees });
    expect(c.code, c.stderr).toBe(0);
    const lib = await compile({ game: HILO, workers: 1 });
    expect(Buffer.from(lib.bytes).equals(readFileSync(out))).toBe(true);
    expect(verify(lib, { game: HILO }).secrets).toBe(100);
    const player = openTree(out, { game: HILO });
    while (!player.done) {
      const g = player.guess();
      player.reply(g === '73' ? '=' : 73 > Number(g) ? 'higher' : 'lower');
    }
    expect(player.solved).toBe(true);
    expect(player.remaining).toEqual(['73']);
    // The same game given as a module object: the same tree as from its file.
    const object = ((await import(HILO)) as { default: GameDefinition }).default;
    expect(Buffer.from((await compile({ game: object, workers: 2 })).bytes).equals(readFileSync(out))).toBe(true);
  }, 60_000);

  it('every effort: greedy, default and exact verify; exact is the optimum (a binary search) and says so', async () => {
    const game: GameDefinition = {
      name: 'hilo-40',
      secrets: Array.from({ length: 40 }, (_, i) => String(i + 1)),
      reply: (g, x) => (Number(x) > Number(g) ? 'higher' : 'lower'),
    };
    const least = [0];
    for (let n = 1; n <= 40; n++)
      least.push(n + Math.min(...Array.from({ length: n }, (_, k) => least[k] + least[n - 1 - k])));
    const totals: Record<string, number> = {};
    for (const effort of ['greedy', 'default', 'exact']) {
      const t = await compile({ game, effort, workers: 2 });
      expect(verify(t, { game }).secrets).toBe(40);
      expect(t.header.settings.effort).toBe(effort);
      totals[effort] = Number(t.objective.totalGuesses);
      if (effort === 'exact') expect(t.header.settings.provenOptimal).toBe(true);
    }
    expect(totals.exact).toBe(least[40]);
    expect(totals.default).toBeLessThanOrEqual(totals.greedy);
    expect(totals.default).toBeGreaterThanOrEqual(totals.exact);
  }, 60_000);

  it('a built-in game with options as on the command line: compile() gives the bytes of the CLI', async () => {
    const out = join(dir, 'mm-3-4.gtree');
    const c = await cli(
      [
        'compile',
        '--game',
        'mastermind',
        '--pegs',
        '3',
        '--colors',
        '4',
        '--max-depth',
        '6',
        '--out',
        out,
        '--workers',
        '2',
      ],
      { trees },
    );
    expect(c.code, c.stderr).toBe(0);
    const lib = await compile({ game: 'mastermind', pegs: 3, colors: 4, maxDepth: 6, workers: 1 });
    expect(lib.header.params).toMatchObject({ pegs: 3, colors: 4 });
    expect(Buffer.from(lib.bytes).equals(readFileSync(out))).toBe(true);
    expect(verify(out, { game: 'mastermind', pegs: 3, colors: 4 }).secrets).toBe(64);
    // A search setting is compile's alone, as on the command line.
    expect(() => verify(out, { game: 'mastermind', pegs: 3, colors: 4, maxDepth: 6 })).toThrow(
      /^option maxDepth: only compile takes it, not verify$/,
    );
  }, 60_000);
});

describe('--checkpoint and --resume on a user game', () => {
  it('resume reads the saved batches, solves the missing ones and those of another game, and gives the same bytes', async () => {
    const game = gameFile('mm-3-5.mjs', mm35Source());
    const args = ['compile', '--game', game, '--workers', '1'];
    const ck = join(dir, 'mm-ck');
    const first = join(dir, 'mm-first.gtree');
    const c = await cli([...args, '--out', first, '--checkpoint', ck], { trees });
    expect(c.code, c.stderr).toBe(0);
    const bins = (d: string): string[] =>
      readdirSync(d)
        .filter((f) => f.endsWith('.bin'))
        .sort();
    const saved = new Map(bins(ck).map((f) => [f, readFileSync(join(ck, f))]));
    expect(saved.size).toBeGreaterThanOrEqual(4);
    // Without --resume the folder is refused in one line.
    const out = join(dir, 'mm-resumed.gtree');
    const refused = await cli([...args, '--out', out, '--checkpoint', ck], { trees });
    expect(refused.code).toBe(2);
    expect(lines(refused.stderr)).toHaveLength(1);
    expect(refused.stderr).toMatch(/--resume/);
    // A compile stopped part-way: every other batch missing. One batch comes from another game
    // (the same file with a guess limit: another hash), so it must be solved again.
    const otherCk = join(dir, 'mm-other-ck');
    const o = await cli(
      [
        'compile',
        '--game',
        gameFile('mm-3-5-capped.mjs', mm35Source('\n  maxGuesses: 6,')),
        '--workers',
        '1',
        '--out',
        join(dir, 'mm-other.gtree'),
        '--checkpoint',
        otherCk,
      ],
      { trees },
    );
    expect(o.code, o.stderr).toBe(0);
    const names = [...saved.keys()];
    const removed = names.filter((_, i) => i % 2 === 1);
    const foreign = names.find(
      (f, i) =>
        i % 2 === 0 && bins(otherCk).includes(f) && !readFileSync(join(otherCk, f)).equals(saved.get(f) as Buffer),
    ) as string;
    expect(foreign, 'a batch of the other game under the same name').toBeDefined();
    for (const f of removed) rmSync(join(ck, f));
    copyFileSync(join(otherCk, foreign), join(ck, foreign));
    const untouched = names.filter((f) => !removed.includes(f) && f !== foreign);
    const before = new Map(untouched.map((f) => [f, statSync(join(ck, f)).mtimeMs]));
    await new Promise((r) => setTimeout(r, 20));
    const resumed = await cli([...args, '--out', out, '--checkpoint', ck, '--resume'], { trees });
    expect(resumed.code, resumed.stderr).toBe(0);
    // The other game's batch is named once and solved again.
    expect(lines(resumed.stderr)).toEqual([
      `guesstree: note: ${join(ck, foreign)}: from another compile (another game, list, setting or guesstree version); solving it again`,
    ]);
    expect(readFileSync(out).equals(readFileSync(first))).toBe(true);
    // The kept batches were read, not written again; the folder is the first compile's again.
    for (const [f, mtime] of before) expect(statSync(join(ck, f)).mtimeMs, f).toBe(mtime);
    expect(bins(ck)).toEqual(names);
    for (const f of names) expect(readFileSync(join(ck, f)).equals(saved.get(f) as Buffer), f).toBe(true);
  }, 60_000);
});
