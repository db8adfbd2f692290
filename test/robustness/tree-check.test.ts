/**
 * Tree files checked against their game by every verb, through the
 * built CLI: checksummed trees (re-encoded with the project's own encoder) whose guess, reply
 * code, header field types or claimed game are wrong are refused by verify, stats, export (every
 * format) and play with one `corrupt tree file` line and status 4, never a stack trace.
 * Mutants of trees/mastermind-p4c6.gtree (read, never written); GUESSTREE_TREES is a temp dir.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkHeader, HEADER_SCHEMA } from '../../runtime/tree-check.js';
import { decodeTreeFile, encodeTreeFile, type TreeFile } from '../../runtime/tree-format.js';
import { cli, removeDir, ROOT, tempDir, type Run } from '../support/e2e.js';

const SHIPPED = join(ROOT, 'trees', 'mastermind-p4c6.gtree');

let dir: string;
let good: TreeFile;

function oneLine(r: Run, status: number, ...parts: Array<string | RegExp>): void {
  expect({ code: r.code, stderrLines: r.stderr.split('\n').length - 1, stdout: r.stdout }, r.stderr).toEqual({
    code: status,
    stderrLines: 1,
    stdout: '',
  });
  expect(r.stderr).not.toMatch(/internal error|\bat .*\.js:\d+|TypeError/);
  for (const p of parts) {
    if (typeof p === 'string') expect(r.stderr).toContain(p);
    else expect(r.stderr).toMatch(p);
  }
}

/** A mutant written with the project's encoder (so its checksum is right). */
function mutant(
  fileName: string,
  edit: (f: {
    header: Record<string, unknown>;
    tree: { guess: Uint32Array; edgeStart: Uint32Array; edgeCode: Uint32Array; edgeChild: Uint32Array };
  }) => void,
): string {
  const copy = {
    header: structuredClone(good.header) as unknown as Record<string, unknown>,
    tree: {
      guess: good.tree.guess.slice(),
      edgeStart: good.tree.edgeStart.slice(),
      edgeCode: good.tree.edgeCode.slice(),
      edgeChild: good.tree.edgeChild.slice(),
    },
  };
  edit(copy);
  const path = join(dir, fileName);
  writeFileSync(path, encodeTreeFile(copy as unknown as TreeFile));
  return path;
}

/** Every verb on a tree file: verify, stats, export in each format, play (with a reply ready). */
const VERBS: ReadonlyArray<readonly string[]> = [
  ['verify'],
  ['stats'],
  ['export', '--format', 'paths'],
  ['export', '--format', 'json'],
  ['export', '--format', 'html'],
  ['export', '--format', 'contest'],
  ['play'],
];

function everyVerb(tree: string, verbs = VERBS): Promise<Run[]> {
  const trees = join(dir, 'no-trees');
  return Promise.all(verbs.map((v) => cli([...v, '--tree', tree], { trees, input: '10\n' })));
}

beforeAll(() => {
  dir = tempDir('tree-check');
  good = decodeTreeFile(readFileSync(SHIPPED), SHIPPED);
});
afterAll(() => removeDir(dir));

describe('every verb checks the tree against its game', () => {
  it('the shipped tree passes every verb (the control)', async () => {
    const path = join(dir, 'good.gtree');
    copyFileSync(SHIPPED, path);
    const runs = await everyVerb(path, [['stats'], ['export', '--format', 'contest']]);
    for (const r of runs) expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
  });

  it('case 1: a guess past the game (the last node plays 1048575) is refused by every verb', async () => {
    const path = mutant('guess.gtree', (f) => {
      f.tree.guess[f.tree.guess.length - 1] = 1048575;
    });
    const last = good.tree.guess.length - 1;
    for (const r of await everyVerb(path))
      oneLine(r, 4, `${path}: corrupt tree file: node ${last} plays guess 1048575, past the game's 1,296 guesses`);
  });

  it('case 1: a reply code past the game (the last edge is 0xfffff) is refused by every verb', async () => {
    const path = mutant('code.gtree', (f) => {
      f.tree.edgeCode[f.tree.edgeCode.length - 1] = 0xfffff;
    });
    const runs = await everyVerb(path, [
      ['stats'],
      ['export', '--format', 'paths'],
      ['export', '--format', 'json'],
      ['export', '--format', 'html'],
    ]);
    for (const r of runs)
      oneLine(
        r,
        4,
        `${path}: corrupt tree file: edge ${good.tree.edgeCode.length - 1} has reply code ${0xfffff}, past the game's 25 replies`,
      );
  });

  it('case 2: header fields of the wrong type are named, field by field, by every verb', async () => {
    const tool = mutant('tool.gtree', (f) => {
      f.header.tool = { name: {}, version: [] };
    });
    for (const r of await everyVerb(tool, [['verify'], ['stats'], ['export', '--format', 'html'], ['play']]))
      oneLine(r, 4, `${tool}: corrupt tree file: header field tool.name: expected a string`);
    const [lists, objective, game] = [
      mutant('lists.gtree', (f) => {
        f.header.lists = [{ role: 'words', count: -1, sha256: 'ab' }];
      }),
      mutant('objective.gtree', (f) => {
        f.header.objective = { total: [1] };
      }),
      mutant('game.gtree', (f) => {
        f.header.game = 42;
      }),
    ];
    const [l, o, g] = await Promise.all([
      cli(['export', '--format', 'html', '--tree', lists], { trees: dir }),
      cli(['stats', '--tree', objective], { trees: dir }),
      cli(['verify', '--tree', game], { trees: dir }),
    ]);
    oneLine(l!, 4, 'header field lists[0].count: expected a whole number');
    oneLine(o!, 4, 'header field objective.total: expected a number, a string or a boolean');
    oneLine(g!, 4, 'header field game: expected a name');
  });

  it('case 9: a mastermind tree whose header claims Bulls and Cows is refused: its paths do not end on their secrets', async () => {
    const path = mutant('claims.gtree', (f) => {
      f.header.game = 'bullscows';
      f.header.params = { digits: 4, symbols: 10 };
    });
    const runs = await everyVerb(path, [['stats'], ['export', '--format', 'paths'], ['play']]);
    for (const r of runs) oneLine(r, 4, `${path}: corrupt tree file: the tree has no branch for`);
  });
});

describe('the header schema (runtime/tree-check.ts)', () => {
  it('keeps only the fields it knows, and takes optional fields when they are right', () => {
    const h = checkHeader({ ...good.header, extra: { anything: 1 } }, 'x.gtree');
    expect(Object.keys(h).sort()).toEqual(Object.keys(HEADER_SCHEMA.fields).sort());
    expect(() => checkHeader({ ...good.header, tool: { name: 'guesstree' } }, 'x.gtree')).toThrow(
      /header field tool\.version: expected a string .*\(it is missing\)$/,
    );
    expect(() => checkHeader({ ...good.header, params: { 'bad\nkey': 1 } }, 'x.gtree')).toThrow(
      /header field params\."bad\\nkey": expected a key/,
    );
    expect(() => checkHeader([], 'x.gtree')).toThrow(/the header is not an object/);
  });

  it('the library checks a tree given as an object as it checks a file', async () => {
    const { verify } = await import('../../compiler/library.js');
    const game = { game: 'mastermind', pegs: 4, colors: 6 };
    expect(verify({ header: good.header, tree: good.tree } as never, game).ok).toBe(true);
    expect(() =>
      verify({ header: { ...good.header, tool: { name: {}, version: [] } }, tree: good.tree } as never, game),
    ).toThrow(/corrupt tree file: header field tool\.name: expected a string/);
    expect(() =>
      verify({ header: good.header, tree: { ...good.tree, guess: Array.from(good.tree.guess) } } as never, game),
    ).toThrow(/Uint32Arrays/);
    const past = good.tree.guess.slice();
    past[0] = 1048575;
    expect(() => verify({ header: good.header, tree: { ...good.tree, guess: past } } as never, game)).toThrow(
      /node 0 plays guess 1048575, past the game's 1,296 guesses/,
    );
  });
});
