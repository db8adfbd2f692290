/**
 * Manifest entries are checked before they are used: an entry that is null, misses a field, has
 * a wrong type or names a file outside the trees folder (`../../../etc/passwd`, `../../dev/zero`)
 * is skipped with one line naming the manifest and the entry, and the other entries still work
 * (compile, stats, the pit player, which plays a skipped length with its online search). A
 * manifest too large or not JSON is one line, status 4.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManifest } from '../runtime/manifest.js';
import { escapeControls } from '../runtime/messages.js';
import { cli, lines, listSha256, PLAYER, removeDir, ROOT, runNode, tempDir, writeList } from './support/e2e.js';

const SHIPPED = join(ROOT, 'trees');
const MM46 = 'mastermind-p4c6.gtree';

let dir: string;
beforeAll(() => {
  dir = tempDir('manifest-trust');
});
afterAll(() => removeDir(dir));

type Entry = Record<string, unknown>;

function shippedEntry(file: string): Entry {
  const m = JSON.parse(readFileSync(join(SHIPPED, 'manifest.json'), 'utf8')) as { trees: Entry[] };
  return m.trees.find((e) => e.file === file) as Entry;
}

/** A trees folder holding MM(4,6) and its entry, beside the entries given. */
function treesWith(name: string, entries: unknown[]): string {
  const trees = join(dir, name);
  mkdirSync(trees);
  copyFileSync(join(SHIPPED, MM46), join(trees, MM46));
  writeFileSync(
    join(trees, 'manifest.json'),
    `${JSON.stringify({ trees: [...entries, shippedEntry(MM46)] }, null, 2)}\n`,
  );
  return trees;
}

const { objective: _objective, ...noObjective } = shippedEntry(MM46);
/** MM(5,6)'s entry (a game with no tree in the test folder) naming other files. */
const mm56 = (file: unknown): Entry => ({ ...shippedEntry('mastermind-p5c6.gtree'), file });

const BAD: ReadonlyArray<{ entry: unknown; line: RegExp }> = [
  { entry: null, line: /entry 1: not an object; skipped$/ },
  {
    entry: { ...noObjective, params: { pegs: 3, colors: 5 } },
    line: /entry 2 \(file "mastermind-p4c6\.gtree"\): field objective: expected .*\(it is missing\); skipped$/,
  },
  {
    entry: { ...shippedEntry(MM46), bytes: 'many' },
    line: /entry 3 \(file "mastermind-p4c6\.gtree"\): field bytes: expected a whole number of at least 0; skipped$/,
  },
  {
    entry: mm56('../../../etc/passwd'),
    line: /entry 4 \(file "\.\.\/\.\.\/\.\.\/etc\/passwd"\): field file: expected a plain file name in the trees folder .*; skipped$/,
  },
  {
    entry: mm56('../../dev/zero'),
    line: /entry 5 \(file "\.\.\/\.\.\/dev\/zero"\): field file: expected a plain file name/,
  },
  { entry: mm56('/etc/passwd'), line: /entry 6 \(file "\/etc\/passwd"\): field file: expected a plain file name/ },
  { entry: mm56('..'), line: /entry 7 \(file "\.\."\): field file: expected a plain file name/ },
  {
    entry: mm56('a\u001b[31m.gtree'),
    line: /entry 8 \(file "a\\x1B\[31m\.gtree"\): field file: expected a plain file name/,
  },
  {
    entry: { ...mm56('x.gtree'), companions: { contest: '../x' } },
    line: /entry 9 \(file "x\.gtree"\): field companions\.contest: expected a plain file name/,
  },
];

describe('manifest entries are checked', () => {
  it('readManifest skips each bad entry with one line naming the manifest and the entry, keeps the good one', () => {
    const trees = treesWith(
      'read',
      BAD.map((b) => b.entry),
    );
    const said: string[] = [];
    const m = readManifest(trees, (l) => said.push(l));
    expect(m.trees.map((e) => e.file)).toEqual([MM46]);
    expect(m.invalid).toHaveLength(BAD.length);
    expect(said).toHaveLength(BAD.length);
    BAD.forEach((b, i) => {
      expect(said[i]?.startsWith(`${join(trees, 'manifest.json')}: `)).toBe(true);
      expect(said[i]).toMatch(b.line);
      expect(escapeControls(said[i] as string)).toBe(said[i]);
    });
  });

  it('stats and compile run beside bad entries: one line each, the good entry used, the bad ones kept', async () => {
    const trees = treesWith(
      'cli',
      BAD.map((b) => b.entry),
    );
    const s = await cli(['stats', '--game', 'mastermind', '--pegs', '4', '--colors', '6'], { trees });
    expect(s.code, s.stderr).toBe(0);
    expect(s.stdout).toMatch(/mastermind-p4c6\.gtree/);
    const said = lines(s.stderr);
    expect(said).toHaveLength(BAD.length);
    BAD.forEach((b, i) => {
      expect(said[i]).toMatch(b.line);
    });
    // MM(5,6)'s entries all name files outside the folder: none is read; the tree the package ships is found after them.
    const other = await cli(['stats', '--game', 'mastermind', '--pegs', '5', '--colors', '6'], { trees });
    expect(other.code, other.stderr).toBe(0);
    expect(lines(other.stdout)[0]).toMatch(`tree: ${join(SHIPPED, 'mastermind-p5c6.gtree')} (`);
    // A compile into the folder: the same lines once, its entry written, the bad ones kept as they were.
    const c = await cli(['compile', '--game', 'mastermind', '--pegs', '3', '--colors', '3'], { trees });
    expect(c.code, c.stderr).toBe(0);
    expect(lines(c.stderr)).toHaveLength(BAD.length);
    const written = JSON.parse(readFileSync(join(trees, 'manifest.json'), 'utf8')) as { trees: Entry[] };
    expect(written.trees.slice(0, 2).map((e) => e.file)).toEqual(['mastermind-p3c3.gtree', MM46]);
    expect(written.trees.slice(2)).toEqual(BAD.map((b) => b.entry));
  }, 60_000);

  it('a manifest too large or not JSON: one line, status 4', async () => {
    const big = join(dir, 'big');
    mkdirSync(big);
    writeFileSync(join(big, 'manifest.json'), Buffer.alloc(17 * 2 ** 20, 0x20));
    const r = await cli(['stats', '--game', 'mastermind', '--pegs', '4', '--colors', '6'], { trees: big });
    expect(r.code).toBe(4);
    expect(lines(r.stderr)).toEqual([
      `guesstree: ${join(big, 'manifest.json')}: 17,825,792 bytes, over the limit of 16,777,216 for a manifest`,
    ]);
    const bad = join(dir, 'notjson');
    mkdirSync(bad);
    writeFileSync(join(bad, 'manifest.json'), '{"trees": [\u001b[31m');
    const j = await cli(['stats', '--game', 'mastermind', '--pegs', '4', '--colors', '6'], { trees: bad });
    expect(j.code).toBe(4);
    expect(lines(j.stderr)).toHaveLength(1);
    expect(j.stderr).toMatch(/manifest\.json: not valid JSON \(/);
    expect(j.stderr.includes('\u001b')).toBe(false);
  });

  it('the pit player: a bad entry for its length is skipped, and it plays with its online search', async () => {
    const words = ['crane', 'slate', 'trace', 'crate', 'grace', 'brace', 'place', 'plate', 'spare', 'share'];
    const cwd = join(dir, 'pit');
    mkdirSync(cwd);
    writeList(join(cwd, 'wordlist.txt'), words);
    const entry = {
      ...shippedEntry('lingo-len5-1eea75f98a44.gtree'),
      lists: [{ role: 'words', count: words.length, sha256: listSha256(words) }],
      file: '../../dev/zero',
    };
    const trees = treesWith('pit-trees', [entry]);
    const r = await runNode(PLAYER, ['5'], { trees, cwd, input: 'OOOOO\n' });
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout)).toHaveLength(1);
    expect(words).toContain(r.stdout.trim());
    const said = lines(r.stderr);
    expect(said[0]).toMatch(
      /^lingo-player: .*manifest\.json: entry 1 \(file "\.\.\/\.\.\/dev\/zero"\): field file: .*; skipped$/,
    );
    expect(said[1]).toMatch(/^lingo-player: no shipped tree for 5-letter words of this list .*; searching online$/);
    expect(said).toHaveLength(2);
  });
});
