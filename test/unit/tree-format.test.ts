import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { pack } from 'msgpackr';
import { describe, expect, it } from 'vitest';
import { type Plan, flattenPlan, leafPlan } from '../../compiler/engine/plan.js';
import { GuesstreeError } from '../../runtime/errors.js';
import {
  TREE_FORMAT_VERSION,
  TREE_FORMAT_VERSION_PLAIN,
  TREE_MAGIC,
  type TreeArrays,
  type TreeFile,
  type TreeHeader,
  checkTreeMatches,
  checkTreeStructure,
  decodeTreeFile,
  encodeTreeFile,
  readTreeFile,
} from '../../runtime/tree-format.js';
import { NO_CHILD, childOf, edgeCount, nodeDepths } from '../../runtime/tree-walker.js';

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

function plan(guess: number, value: number, kids: Array<[number, Plan]> = []): Plan {
  return { guess, value, codes: Uint32Array.from(kids.map(([c]) => c)), children: kids.map(([, p]) => p) };
}

/** Run `f`, which must throw a one-line GuesstreeError of `kind` (a tree-file error unless told); return its message. */
function treeFileError(f: () => unknown, kind: 'tree-file' | 'input' = 'tree-file'): string {
  let thrown: unknown;
  try {
    f();
  } catch (e) {
    thrown = e;
  }
  if (thrown === undefined) throw new Error('expected a tree-file GuesstreeError, nothing was thrown');
  if (!(thrown instanceof GuesstreeError)) throw new Error(`expected a GuesstreeError, got ${String(thrown)}`);
  expect(thrown.kind).toBe(kind);
  expect(thrown.message).not.toContain('\n');
  return thrown.message;
}

const HASH_A = createHash('sha256').update('a\n').digest('hex');
const HASH_B = createHash('sha256').update('b\n').digest('hex');

const HEADER: TreeHeader = {
  game: 'lingo',
  params: { length: 5, hard: false, variant: 'classic' },
  lists: [
    { role: 'answers', count: 6, sha256: HASH_A },
    { role: 'guesses', count: 70001, sha256: HASH_B },
  ],
  objective: { total: 17, max: 3, mean: 2.8333333333333335 },
  settings: { budget: 1000, exact: true },
  tool: { name: 'guesstree', version: '0.1.0' },
};

/*
 * The small hand-made tree used throughout:
 *
 *   0: guess 7 --1--> 1: guess 3
 *              --5--> 2: guess 9 --0--> 3: guess 4
 *                                --2--> 4: guess 11
 *              --20-> 5: guess 300
 */
const SMALL_PLAN = plan(7, 17, [
  [1, leafPlan(3, 2)],
  [
    5,
    plan(9, 7, [
      [0, leafPlan(4, 3)],
      [2, leafPlan(11, 3)],
    ]),
  ],
  [20, leafPlan(300, 2)],
]);
const SMALL_ARRAYS = {
  guess: [7, 3, 9, 4, 11, 300],
  edgeStart: [0, 3, 3, 5, 5, 5, 5],
  edgeCode: [1, 5, 20, 0, 2],
  edgeChild: [1, 2, 5, 3, 4],
};

/** A wider tree: 4-byte guesses, 2-byte codes, a shared subplan (copied when flattened). */
const SUB = plan(70000, 4, [
  [1, leafPlan(65536, 2)],
  [242, leafPlan(65535, 2)],
]);
const WIDE_PLAN = plan(0, 30, [
  [0, SUB],
  [7, leafPlan(1, 2)],
  [300, SUB],
  [728, plan(2, 5, [[100, SUB]])],
]);

function asArrays(t: TreeArrays) {
  return {
    guess: [...t.guess],
    edgeStart: [...t.edgeStart],
    edgeCode: [...t.edgeCode],
    edgeChild: [...t.edgeChild],
  };
}

function arrays(a: { guess: number[]; edgeStart: number[]; edgeCode: number[]; edgeChild: number[] }): TreeArrays {
  return {
    guess: Uint32Array.from(a.guess),
    edgeStart: Uint32Array.from(a.edgeStart),
    edgeCode: Uint32Array.from(a.edgeCode),
    edgeChild: Uint32Array.from(a.edgeChild),
  };
}

/** Guess played after following `codes` from the root in `p`, or undefined when off the plan. */
function planGuessAt(p: Plan, codes: number[]): number | undefined {
  let cur: Plan | undefined = p;
  for (const c of codes) {
    if (!cur) return undefined;
    const i: number = [...cur.codes].indexOf(c);
    cur = i < 0 ? undefined : cur.children[i];
  }
  return cur?.guess;
}

/** Every root-to-node path of a plan, as code sequences. */
function planPaths(p: Plan, prefix: number[] = [], out: number[][] = []): number[][] {
  out.push(prefix);
  p.children.forEach((c, i) => {
    planPaths(c, [...prefix, p.codes[i]], out);
  });
  return out;
}

function walk(t: TreeArrays, codes: number[]): number {
  let node = 0;
  for (const c of codes) {
    node = childOf(t, node, c);
    if (node === NO_CHILD) return NO_CHILD;
  }
  return node;
}

/** Random plans: ascending unique codes below 3^6, guesses that need 1, 2 or 4 bytes. */
function planArb(depth: number): fc.Arbitrary<Plan> {
  const guess = fc.oneof(fc.nat(255), fc.nat(65535), fc.nat(5_000_000));
  if (depth === 0) return guess.map((g) => leafPlan(g, 1));
  return fc
    .record({
      guess,
      kids: fc.uniqueArray(fc.tuple(fc.nat(727), planArb(depth - 1)), { selector: (k) => k[0], maxLength: 3 }),
    })
    .map(({ guess: g, kids }) =>
      plan(
        g,
        kids.length + 1,
        [...kids].sort((a, b) => a[0] - b[0]),
      ),
    );
}

// ---------------------------------------------------------------------------------------
// flattenPlan and the walker
// ---------------------------------------------------------------------------------------

describe('flattenPlan', () => {
  it('flattens the small plan into preorder arrays', () => {
    const t = flattenPlan(SMALL_PLAN);
    expect(asArrays(t)).toEqual(SMALL_ARRAYS);
    expect(() => checkTreeStructure(t, 'small', { guessCount: 301, codeCount: 243 })).not.toThrow();
  });

  it('a single leaf is one node with no edges', () => {
    const t = flattenPlan(leafPlan(42, 1));
    expect(asArrays(t)).toEqual({ guess: [42], edgeStart: [0, 0], edgeCode: [], edgeChild: [] });
    expect(() => checkTreeStructure(t, 'leaf')).not.toThrow();
  });

  it('copies a shared subplan at every place it is used', () => {
    const t = flattenPlan(WIDE_PLAN);
    // 1 root + 3 copies of SUB (3 nodes each) + 1 leaf + 1 inner node = 12 nodes.
    expect(t.guess.length).toBe(12);
    expect(t.edgeCode.length).toBe(11);
    expect(() => checkTreeStructure(t, 'wide')).not.toThrow();
    for (const path of [[0], [300], [728, 100]]) {
      const n = walk(t, path);
      expect(t.guess[n]).toBe(70000);
      expect(t.guess[childOf(t, n, 1)]).toBe(65536);
      expect(t.guess[childOf(t, n, 242)]).toBe(65535);
    }
    const copies = [walk(t, [0]), walk(t, [300]), walk(t, [728, 100])];
    expect(new Set(copies).size).toBe(3);
  });

  it('random plans flatten to valid trees that walk like the plan', () => {
    fc.assert(
      fc.property(planArb(4), (p) => {
        const t = flattenPlan(p);
        checkTreeStructure(t, 'random');
        const paths = planPaths(p);
        expect(t.guess.length).toBe(paths.length);
        const depths = nodeDepths(t);
        const seen = new Set<number>();
        for (const path of paths) {
          const n = walk(t, path);
          expect(n).not.toBe(NO_CHILD);
          expect(t.guess[n]).toBe(planGuessAt(p, path));
          expect(depths[n]).toBe(path.length + 1);
          seen.add(n);
        }
        expect(seen.size).toBe(paths.length);
      }),
      { numRuns: 200 },
    );
  });
});

describe('tree walker', () => {
  const t = arrays(SMALL_ARRAYS);

  it('childOf follows edges and answers NO_CHILD for unknown replies and leaves', () => {
    expect(childOf(t, 0, 1)).toBe(1);
    expect(childOf(t, 0, 5)).toBe(2);
    expect(childOf(t, 0, 20)).toBe(5);
    expect(childOf(t, 2, 0)).toBe(3);
    expect(childOf(t, 2, 2)).toBe(4);
    for (const c of [0, 2, 4, 6, 19, 21, 242]) expect(childOf(t, 0, c)).toBe(NO_CHILD);
    expect(childOf(t, 2, 1)).toBe(NO_CHILD);
    for (const leaf of [1, 3, 4, 5]) {
      expect(childOf(t, leaf, 0)).toBe(NO_CHILD);
      expect(edgeCount(t, leaf)).toBe(0);
    }
    expect(edgeCount(t, 0)).toBe(3);
    expect(edgeCount(t, 2)).toBe(2);
    expect(NO_CHILD).toBe(-1);
  });

  it('nodeDepths gives the attempt number of each node (root = 1)', () => {
    expect([...nodeDepths(t)]).toEqual([1, 2, 2, 3, 3, 2]);
    expect([...nodeDepths(arrays({ guess: [5], edgeStart: [0, 0], edgeCode: [], edgeChild: [] }))]).toEqual([1]);
    // A chain.
    const chain = arrays({
      guess: [1, 2, 3, 4],
      edgeStart: [0, 1, 2, 3, 3],
      edgeCode: [0, 0, 0],
      edgeChild: [1, 2, 3],
    });
    expect([...nodeDepths(chain)]).toEqual([1, 2, 3, 4]);
  });

  it('childOf finds every code of a wide node by binary search', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.nat(3 ** 13 - 2), { minLength: 0, maxLength: 60 }),
        fc.array(fc.nat(3 ** 13 - 1), { maxLength: 20 }),
        (codesIn, probes) => {
          const codes = [...codesIn].sort((a, b) => a - b);
          const n = codes.length;
          const wide = arrays({
            guess: Array.from({ length: n + 1 }, (_, i) => i),
            edgeStart: [0, ...Array.from({ length: n + 1 }, () => n)],
            edgeCode: codes,
            edgeChild: codes.map((_, i) => i + 1),
          });
          checkTreeStructure(wide, 'wide');
          codes.forEach((c, i) => {
            expect(childOf(wide, 0, c)).toBe(i + 1);
          });
          for (const p of probes) expect(childOf(wide, 0, p)).toBe(codes.includes(p) ? codes.indexOf(p) + 1 : NO_CHILD);
        },
      ),
      { numRuns: 200 },
    );
  });
});

// ---------------------------------------------------------------------------------------
// Encoding and decoding
// ---------------------------------------------------------------------------------------

const SMALL_FILE: TreeFile = { header: HEADER, tree: flattenPlan(SMALL_PLAN) };
const WIDE_FILE: TreeFile = {
  header: { ...HEADER, game: 'wordle', params: { length: 6 } },
  tree: flattenPlan(WIDE_PLAN),
};

function expectSameFile(got: TreeFile, want: TreeFile) {
  expect(got.header).toEqual(want.header);
  expect(asArrays(got.tree)).toEqual(asArrays(want.tree));
  for (const k of ['guess', 'edgeStart', 'edgeCode', 'edgeChild'] as const)
    expect(got.tree[k]).toBeInstanceOf(Uint32Array);
}

describe('encodeTreeFile / decodeTreeFile', () => {
  it('round-trips the header and the arrays (1-, 2- and 4-byte widths)', () => {
    for (const f of [SMALL_FILE, WIDE_FILE]) {
      const bytes = encodeTreeFile(f);
      expectSameFile(decodeTreeFile(bytes, 'mem'), f);
    }
  });

  it('round-trips values at the width boundaries', () => {
    for (const g of [0, 255, 256, 65535, 65536, 0xffffffff]) {
      const f: TreeFile = { header: HEADER, tree: flattenPlan(plan(g, 1, [[g % 729, leafPlan(g, 1)]])) };
      expectSameFile(decodeTreeFile(encodeTreeFile(f), 'mem'), f);
    }
  });

  it('is deterministic: the same file gives the same bytes', () => {
    for (const f of [SMALL_FILE, WIDE_FILE]) {
      const a = Buffer.from(encodeTreeFile(f));
      const b = Buffer.from(encodeTreeFile(f));
      // A structurally equal copy (fresh objects and arrays) too.
      const copy: TreeFile = {
        header: JSON.parse(JSON.stringify(f.header)) as TreeHeader,
        tree: flattenPlan(f === SMALL_FILE ? SMALL_PLAN : WIDE_PLAN),
      };
      const c = Buffer.from(encodeTreeFile(copy));
      expect(a.equals(b)).toBe(true);
      expect(a.equals(c)).toBe(true);
      // Re-encoding what was decoded gives the same bytes again.
      expect(Buffer.from(encodeTreeFile(decodeTreeFile(a, 'mem'))).equals(a)).toBe(true);
    }
    // Earlier results are not overwritten by later encodes.
    const first = encodeTreeFile(SMALL_FILE);
    const snapshot = Buffer.from(first);
    for (let i = 0; i < 50; i++) encodeTreeFile(WIDE_FILE);
    expect(Buffer.from(first).equals(snapshot)).toBe(true);
  });

  it('random plans round-trip', () => {
    fc.assert(
      fc.property(planArb(3), (p) => {
        const f: TreeFile = { header: HEADER, tree: flattenPlan(p) };
        expectSameFile(decodeTreeFile(encodeTreeFile(f), 'mem'), f);
      }),
      { numRuns: 150 },
    );
  });

  it('reads a tree file from disk, and names a missing one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'guesstree-tree-'));
    try {
      const p = join(dir, 'small.tree');
      writeFileSync(p, encodeTreeFile(SMALL_FILE));
      expectSameFile(readTreeFile(p), SMALL_FILE);
      const missing = join(dir, 'missing.tree');
      // A file that cannot be read is an input error (status 3, as for every kind of input file);
      // one that reads but is not a tree is a tree-file error (status 4).
      const msg = treeFileError(() => readTreeFile(missing), 'input');
      expect(msg).toContain(missing);
      expect(msg).toContain('no such file');
      const junk = join(dir, 'junk.tree');
      writeFileSync(junk, 'hello, not a tree\n');
      expect(treeFileError(() => readTreeFile(junk))).toContain(junk);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('decodeTreeFile: corruption is always a tree-file error or the very same tree', () => {
  const ENCODED: Array<[string, TreeFile, Uint8Array]> = [
    ['small', SMALL_FILE, encodeTreeFile(SMALL_FILE)],
    ['wide', WIDE_FILE, encodeTreeFile(WIDE_FILE)],
  ];

  /** Decode; must be the same file or a tree-file error. Returns whether it decoded. */
  function decodeOrTreeFileError(bytes: Uint8Array, want: TreeFile): boolean {
    let got: TreeFile;
    try {
      got = decodeTreeFile(bytes, 'damaged.tree');
    } catch (e) {
      if (!(e instanceof GuesstreeError) || e.kind !== 'tree-file') {
        throw new Error(`decode threw something other than a tree-file error: ${String(e)}`);
      }
      expect(e.message.startsWith('damaged.tree: ')).toBe(true);
      expect(e.message).not.toContain('\n');
      return false;
    }
    expectSameFile(got, want);
    return true;
  }

  for (const [name, file, bytes] of ENCODED) {
    it(`every single-bit flip of the ${name} tree (${bytes.length} bytes)`, () => {
      for (let i = 0; i < bytes.length; i++) {
        for (let bit = 0; bit < 8; bit++) {
          const b = Uint8Array.from(bytes);
          b[i] = b[i] ^ (1 << bit);
          decodeOrTreeFileError(b, file);
        }
      }
    });

    it(`random byte flips of the ${name} tree`, () => {
      fc.assert(
        fc.property(
          fc.array(fc.tuple(fc.nat(bytes.length - 1), fc.integer({ min: 1, max: 255 })), {
            minLength: 1,
            maxLength: 3,
          }),
          (flips) => {
            const b = Uint8Array.from(bytes);
            for (const [i, x] of flips) b[i] = b[i] ^ x;
            decodeOrTreeFileError(b, file);
          },
        ),
        { numRuns: 1500 },
      );
    });

    it(`every truncation of the ${name} tree`, () => {
      for (let n = 0; n < bytes.length; n++) {
        expect(decodeOrTreeFileError(bytes.slice(0, n), file)).toBe(false);
      }
    });

    it(`random truncations with a flip, and trailing garbage, of the ${name} tree`, () => {
      fc.assert(
        fc.property(
          fc.nat(bytes.length),
          fc.nat(bytes.length),
          fc.integer({ min: 0, max: 255 }),
          fc.uint8Array({ maxLength: 8 }),
          (cut, at, x, tail) => {
            const b = Uint8Array.from(bytes.subarray(0, cut));
            if (at < b.length) b[at] = b[at] ^ x;
            decodeOrTreeFileError(b, file);
            const longer = new Uint8Array(bytes.length + tail.length);
            longer.set(bytes);
            longer.set(tail, bytes.length);
            decodeOrTreeFileError(longer, file);
          },
        ),
        { numRuns: 500 },
      );
    });
  }

  it('random bytes are not a tree', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (b) => {
        expect(decodeOrTreeFileError(b, SMALL_FILE)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});

/** A hand-made envelope around any body, with a correct checksum. */
function envelope(body: unknown, extra: Record<string, unknown> = {}): Uint8Array {
  const b = pack(body);
  return pack({
    magic: TREE_MAGIC,
    version: TREE_FORMAT_VERSION_PLAIN,
    sha256: createHash('sha256').update(b).digest(),
    body: b,
    ...extra,
  });
}

const PACKED_LEAF = {
  guess: { w: 1, n: 1, b: Uint8Array.of(3) },
  edgeStart: { w: 1, n: 2, b: Uint8Array.of(0, 0) },
  edgeCode: { w: 1, n: 0, b: new Uint8Array(0) },
  edgeChild: { w: 1, n: 0, b: new Uint8Array(0) },
};

describe('decodeTreeFile: hand-made envelopes', () => {
  it('accepts a hand-made leaf', () => {
    const f = decodeTreeFile(envelope({ header: HEADER, tree: PACKED_LEAF }), 'leaf.tree');
    expect(asArrays(f.tree)).toEqual({ guess: [3], edgeStart: [0, 0], edgeCode: [], edgeChild: [] });
  });

  it('names the problem with the envelope', () => {
    expect(treeFileError(() => decodeTreeFile(Uint8Array.of(0xdc, 0x00), 'x.tree'))).toMatch(/^x\.tree: .*not msgpack/);
    expect(treeFileError(() => decodeTreeFile(new Uint8Array(0), 'x.tree'))).toMatch(
      /^x\.tree: not a guesstree tree file/,
    );
    expect(treeFileError(() => decodeTreeFile(pack({ magic: 'other' }), 'x.tree'))).toMatch(/bad magic/);
    expect(treeFileError(() => decodeTreeFile(pack([1, 2, 3]), 'x.tree'))).toMatch(/bad magic/);
    expect(treeFileError(() => decodeTreeFile(pack(null), 'x.tree'))).toMatch(/bad magic/);
    expect(
      treeFileError(() =>
        decodeTreeFile(envelope({ header: HEADER, tree: PACKED_LEAF }, { version: TREE_FORMAT_VERSION + 1 }), 'x.tree'),
      ),
    ).toMatch(new RegExp(`version ${TREE_FORMAT_VERSION + 1} is not supported`));
    expect(treeFileError(() => decodeTreeFile(envelope({}, { body: 'text' }), 'x.tree'))).toMatch(
      /envelope fields missing/,
    );
    expect(
      treeFileError(() =>
        decodeTreeFile(envelope({ header: HEADER, tree: PACKED_LEAF }, { sha256: new Uint8Array(32) }), 'x.tree'),
      ),
    ).toMatch(/checksum mismatch/);
  });

  it('rejects malformed bodies behind a valid checksum', () => {
    const bad: unknown[] = [
      null,
      42,
      { tree: PACKED_LEAF },
      { header: { ...HEADER, game: 7 }, tree: PACKED_LEAF },
      { header: { ...HEADER, lists: 'none' }, tree: PACKED_LEAF },
      { header: HEADER },
      { header: HEADER, tree: 'none' },
      { header: HEADER, tree: { ...PACKED_LEAF, guess: null } },
      { header: HEADER, tree: { ...PACKED_LEAF, guess: { w: 3, n: 1, b: Uint8Array.of(1, 2, 3) } } },
      { header: HEADER, tree: { ...PACKED_LEAF, guess: { w: 1, n: 2, b: Uint8Array.of(1) } } },
      { header: HEADER, tree: { ...PACKED_LEAF, guess: { w: 1, n: 1.5, b: Uint8Array.of(1) } } },
      { header: HEADER, tree: { ...PACKED_LEAF, guess: { w: 1, n: 1, b: [1] } } },
      { header: HEADER, tree: { ...PACKED_LEAF, edgeStart: { w: 1, n: 2, b: Uint8Array.of(0, 1) } } },
    ];
    for (const body of bad) treeFileError(() => decodeTreeFile(envelope(body), 'x.tree'));
  });

  // The module promises that any corruption is a one-line tree-file error. A checksum only
  // proves the body is what the writer wrote, so a malformed header must be rejected when
  // decoding or, at the latest, when it is checked against an expectation.
  const MALFORMED_HEADERS: Array<[string, unknown]> = [
    ['params is null', { ...HEADER, params: null }],
    ['a list entry is null', { ...HEADER, lists: [null] }],
    ['a list sha256 is not a string', { ...HEADER, lists: [{ role: 'answers', count: 6, sha256: 5 }] }],
  ];
  for (const [what, header] of MALFORMED_HEADERS) {
    it(`a checksum-valid header where ${what} is a tree-file error, not a crash`, () => {
      treeFileError(() => {
        const f = decodeTreeFile(envelope({ header, tree: PACKED_LEAF }), 'x.tree');
        checkTreeMatches(
          f,
          { game: 'lingo', params: { length: 5 }, lists: [{ role: 'answers', count: 7, sha256: HASH_B }] },
          'x.tree',
        );
        checkTreeMatches(f, { game: 'lingo', lists: [{ role: 'answers', count: 7, sha256: HASH_B }] }, 'x.tree');
      });
    });
  }
});

// ---------------------------------------------------------------------------------------
// checkTreeMatches
// ---------------------------------------------------------------------------------------

describe('checkTreeMatches', () => {
  const f = SMALL_FILE;

  it('accepts a matching expectation (and an empty one)', () => {
    expect(() => checkTreeMatches(f, {}, 'small.tree')).not.toThrow();
    expect(() =>
      checkTreeMatches(
        f,
        {
          game: 'lingo',
          params: { length: 5, hard: false },
          lists: [{ role: 'guesses', count: 70001, sha256: HASH_B }],
        },
        'small.tree',
      ),
    ).not.toThrow();
  });

  it('wrong game', () => {
    const msg = treeFileError(() => checkTreeMatches(f, { game: 'wordle' }, 'small.tree'));
    expect(msg).toMatch(/^small\.tree: /);
    expect(msg).toContain('lingo');
    expect(msg).toContain('wordle');
  });

  it('wrong or missing parameter', () => {
    const msg = treeFileError(() => checkTreeMatches(f, { game: 'lingo', params: { length: 6 } }, 'small.tree'));
    expect(msg).toMatch(/^small\.tree: .*length/);
    expect(msg).toContain('5');
    expect(msg).toContain('6');
    expect(treeFileError(() => checkTreeMatches(f, { params: { hard: true } }, 'small.tree'))).toMatch(/hard/);
    expect(treeFileError(() => checkTreeMatches(f, { params: { length: '5' } }, 'small.tree'))).toMatch(/length/);
    expect(treeFileError(() => checkTreeMatches(f, { params: { colours: 6 } }, 'small.tree'))).toMatch(/colours/);
  });

  it('wrong list hash, wrong count, missing list', () => {
    const msg = treeFileError(() =>
      checkTreeMatches(f, { lists: [{ role: 'answers', count: 6, sha256: HASH_B }] }, 'small.tree'),
    );
    expect(msg).toMatch(/^small\.tree: .*answers/);
    expect(msg).toContain(HASH_A.slice(0, 12));
    expect(msg).toContain(HASH_B.slice(0, 12));
    expect(
      treeFileError(() =>
        checkTreeMatches(f, { lists: [{ role: 'answers', count: 7, sha256: HASH_A }] }, 'small.tree'),
      ),
    ).toMatch(/answers/);
    expect(
      treeFileError(() => checkTreeMatches(f, { lists: [{ role: 'words', count: 6, sha256: HASH_A }] }, 'small.tree')),
    ).toMatch(/no words list/);
  });
});

// ---------------------------------------------------------------------------------------
// checkTreeStructure
// ---------------------------------------------------------------------------------------

describe('checkTreeStructure', () => {
  const structure = (
    a: { guess: number[]; edgeStart: number[]; edgeCode: number[]; edgeChild: number[] },
    guessLimit?: number,
    codeLimit?: number,
  ) => treeFileError(() => checkTreeStructure(arrays(a), 'bad.tree', { guessCount: guessLimit, codeCount: codeLimit }));

  it('accepts the small tree, with and without limits', () => {
    expect(() => checkTreeStructure(arrays(SMALL_ARRAYS), 'ok')).not.toThrow();
    expect(() => checkTreeStructure(arrays(SMALL_ARRAYS), 'ok', { guessCount: 301, codeCount: 21 })).not.toThrow();
  });

  const CORRUPT: Array<[string, typeof SMALL_ARRAYS, RegExp]> = [
    [
      'child index pointing backwards',
      { ...SMALL_ARRAYS, edgeChild: [1, 2, 5, 3, 1] },
      /edge 4 of node 2 points to node 1/,
    ],
    ['child index pointing to its own node', { ...SMALL_ARRAYS, edgeChild: [1, 2, 5, 2, 4] }, /points to node 2/],
    ['child index pointing to the root', { ...SMALL_ARRAYS, edgeChild: [0, 2, 5, 3, 4] }, /points to node 0/],
    ['child index out of range', { ...SMALL_ARRAYS, edgeChild: [1, 2, 6, 3, 4] }, /points to node 6/],
    [
      'child index far out of range',
      { ...SMALL_ARRAYS, edgeChild: [1, 2, 0xffffffff, 3, 4] },
      /points to node 4294967295/,
    ],
    ['edges not ascending', { ...SMALL_ARRAYS, edgeCode: [1, 20, 5, 0, 2] }, /node 0 .*ascending/],
    ['repeated edge code', { ...SMALL_ARRAYS, edgeCode: [1, 5, 20, 2, 2] }, /node 2 .*ascending/],
    ['node with two parents', { ...SMALL_ARRAYS, edgeChild: [1, 2, 5, 3, 5] }, /node 5 has two parents/],
    [
      'unreachable node',
      { guess: [7, 3, 9, 4], edgeStart: [0, 2, 2, 2, 2], edgeCode: [1, 5], edgeChild: [1, 2] },
      /node 3 is unreachable/,
    ],
    ['no nodes', { guess: [], edgeStart: [0], edgeCode: [], edgeChild: [] }, /no nodes/],
    ['edge index of the wrong length', { ...SMALL_ARRAYS, edgeStart: [0, 3, 3, 5, 5, 5] }, /edge index does not match/],
    ['edge arrays of different lengths', { ...SMALL_ARRAYS, edgeChild: [1, 2, 5, 3] }, /differ in length/],
    ['edge index not starting at 0', { ...SMALL_ARRAYS, edgeStart: [1, 3, 3, 5, 5, 5, 5] }, /does not cover/],
    [
      'edge index not ending at the edge count',
      { ...SMALL_ARRAYS, edgeStart: [0, 3, 3, 5, 5, 5, 4] },
      /does not cover/,
    ],
    ['edge index going backwards', { ...SMALL_ARRAYS, edgeStart: [0, 3, 2, 5, 5, 5, 5] }, /negative edge count/],
    [
      'edge index past the edges',
      { guess: [1, 2, 3], edgeStart: [0, 4, 4, 2], edgeCode: [1, 2], edgeChild: [1, 2] },
      /corrupt tree file/,
    ],
    [
      'edge index past the edges, codes out of order',
      { ...SMALL_ARRAYS, edgeStart: [0, 9, 9, 5, 5, 5, 5] },
      /corrupt tree file/,
    ],
  ];

  for (const [what, a, re] of CORRUPT) {
    it(`rejects ${what}`, () => {
      expect(structure(a)).toMatch(/^bad\.tree: corrupt tree file: /);
      expect(structure(a)).toMatch(re);
    });
  }

  it('rejects a guess past the list and a reply out of range when limits are given', () => {
    expect(structure(SMALL_ARRAYS, 300)).toMatch(/node 5 guesses 300, past the end of the list/);
    expect(structure(SMALL_ARRAYS, undefined, 20)).toMatch(/edge 2 has feedback 20, out of range/);
  });

  it('random damage to a valid tree is either still a valid tree or a tree-file error', () => {
    const base = asArrays(flattenPlan(WIDE_PLAN));
    const keys = ['guess', 'edgeStart', 'edgeCode', 'edgeChild'] as const;
    fc.assert(
      fc.property(fc.constantFrom(...keys), fc.nat(100), fc.nat(20), (key, at, value) => {
        const a = { ...base, [key]: [...base[key]] };
        const arr = a[key];
        if (arr.length === 0) return;
        arr[at % arr.length] = value;
        try {
          checkTreeStructure(arrays(a), 'damaged');
        } catch (e) {
          expect(e).toBeInstanceOf(GuesstreeError);
          expect((e as GuesstreeError).kind).toBe('tree-file');
          return;
        }
        // Accepted: then it really is a tree whose walk reaches every node exactly once.
        const t = arrays(a);
        const depths = nodeDepths(t);
        for (let v = 1; v < t.guess.length; v++) expect(depths[v]).toBeGreaterThan(1);
      }),
      { numRuns: 500 },
    );
  });
});
