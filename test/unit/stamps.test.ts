/** Generation stamps: a fresh generation marks nothing, also across the wrap of its counter. */
import { describe, expect, it } from 'vitest';
import { Stamps } from '../../compiler/engine/stamps.js';

describe('stamps', () => {
  it('a new generation sees no mark of an earlier one, before and after its counter wraps', () => {
    const stamps = new Stamps(3, 4);
    const seen: number[] = [];
    for (let round = 0; round < 10; round++) {
      const gen = stamps.next();
      seen.push(gen);
      // Nothing is marked in a fresh generation, whatever earlier ones marked.
      expect([...stamps.marks].filter((m) => m === gen)).toEqual([]);
      stamps.marks[round % 3] = gen;
      expect(stamps.marks[round % 3]).toBe(gen);
    }
    // The counter did wrap (generations repeat), so the zeroing was what kept the marks apart.
    expect(new Set(seen).size).toBeLessThan(seen.length);
  });
});
