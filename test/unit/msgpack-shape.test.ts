/**
 * The msgpack pre-scan that runs before a tree file is decoded (runtime/msgpack-shape.ts):
 * whatever msgpackr packs within the limits passes and decodes the same; a value cut short, a
 * count past the bytes left, too many items, too deep, a long string, an extension or trailing
 * bytes are refused; random bytes never make it throw. Every shipped tree passes it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { pack } from 'msgpackr/pack';
import { unpack } from 'msgpackr/unpack';
import { describe, expect, it } from 'vitest';
import { msgpackShapeProblem } from '../../runtime/msgpack-shape.js';
import { TREE_MSGPACK_LIMITS } from '../../runtime/tree-format.js';
import { ROOT } from '../support/e2e.js';

const LIMITS = { maxItems: 1000, maxDepth: 8, maxStringBytes: 64 };

/** JSON-like values with binary leaves, as tree files hold them. */
const value = fc.letrec((tie) => ({
  any: fc.oneof(
    { depthSize: 'small' },
    fc.integer(),
    fc.double({ noNaN: true }),
    fc.string({ maxLength: 20 }),
    fc.boolean(),
    fc.constant(null),
    fc.uint8Array({ maxLength: 40 }),
    fc.array(tie('any'), { maxLength: 5 }),
    fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), tie('any'), { maxKeys: 5 }),
  ),
})).any;

describe('msgpackShapeProblem', () => {
  it('passes what msgpackr packs within the limits, and msgpackr decodes it the same', () => {
    fc.assert(
      fc.property(value, (v) => {
        const bytes = pack(v);
        expect(msgpackShapeProblem(bytes, LIMITS)).toBeUndefined();
        expect(Buffer.from(pack(unpack(bytes))).equals(Buffer.from(bytes))).toBe(true);
      }),
      { seed: 45, numRuns: 300 },
    );
  });

  it('refuses every value cut short, and never throws on random bytes', () => {
    fc.assert(
      fc.property(value, fc.nat(), (v, k) => {
        const bytes = pack(v);
        const cut = bytes.subarray(0, k % bytes.length);
        expect(msgpackShapeProblem(cut, LIMITS)).toMatch(/ends inside a value|claims|count of/);
      }),
      { seed: 45, numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const problem = msgpackShapeProblem(bytes, LIMITS);
        if (problem === undefined) {
          // What the scan passes, msgpackr decodes (or refuses with an error the reader catches).
          try {
            unpack(bytes);
          } catch (e) {
            expect(e).toBeInstanceOf(Error);
          }
        }
      }),
      { seed: 45, numRuns: 2000 },
    );
  });

  it('names what it refuses: counts past the end, too many items, too deep, long strings, extensions, trailing bytes', () => {
    expect(msgpackShapeProblem(Uint8Array.of(0xdd, 0, 0x98, 0x96, 0x80), LIMITS)).toBe(
      'a count of 10000000 at byte 5 is more than the 0 bytes left',
    );
    expect(msgpackShapeProblem(Uint8Array.of(0xdf, 0, 0, 0, 2, 1, 2, 3), LIMITS)).toBe(
      'a count of 4 at byte 5 is more than the 3 bytes left',
    );
    expect(msgpackShapeProblem(Uint8Array.of(0xc6, 0xff, 0xff, 0xff, 0xff), LIMITS)).toBe(
      'a value at byte 5 claims 4294967295 bytes, more than the 0 left',
    );
    expect(msgpackShapeProblem(pack(new Array(1000).fill({})), LIMITS)).toBe('more than 1000 items');
    let deep: unknown = 1;
    for (let i = 0; i < 9; i++) deep = [deep];
    expect(msgpackShapeProblem(pack(deep), LIMITS)).toBe('values nested deeper than 8');
    expect(msgpackShapeProblem(pack('x'.repeat(65)), LIMITS)).toBe('a string of 65 bytes at byte 2 (at most 64)');
    expect(msgpackShapeProblem(Uint8Array.of(0xc7, 1, 5, 0), LIMITS)).toMatch(
      /type byte 0xc7 .* not one a tree file uses/,
    );
    expect(msgpackShapeProblem(Uint8Array.of(0xd4, 0x72, 0), LIMITS)).toMatch(/extension type 114/);
    expect(msgpackShapeProblem(Uint8Array.of(0xc1), LIMITS)).toMatch(/type byte 0xc1/);
    expect(msgpackShapeProblem(Uint8Array.of(1, 2), LIMITS)).toBe('1 bytes after the value');
    // msgpackr's own `undefined` (fixext 1 of type 0) is allowed.
    expect(msgpackShapeProblem(pack({ a: undefined }), LIMITS)).toBeUndefined();
  });

  it('every shipped tree passes, envelope and body', () => {
    const dir = join(ROOT, 'trees');
    const files = readdirSync(dir).filter((f) => f.endsWith('.gtree'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const bytes = readFileSync(join(dir, f));
      expect(msgpackShapeProblem(bytes, TREE_MSGPACK_LIMITS), f).toBeUndefined();
      const body = (unpack(bytes) as { body: Uint8Array }).body;
      expect(msgpackShapeProblem(body, TREE_MSGPACK_LIMITS), f).toBeUndefined();
    }
  });
});
