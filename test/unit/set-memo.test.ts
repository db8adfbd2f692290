/**
 * The one set memo (compiler/engine/set-memo.ts): each entry's proven interval [lo, hi], its
 * known tree's first guess and payload, found by set and tag, kept across a generation change.
 */
import { describe, expect, it } from 'vitest';
import { SetMemo } from '../../compiler/engine/set-memo.js';

describe('SetMemo intervals', () => {
  it('keeps lo, hi, guess and payload per (set, tag); a store replaces the entry', () => {
    const memo = new SetMemo<string>();
    const buf = Uint32Array.from([9, 1, 4, 7, 2]);
    memo.set(buf, 1, 3, 2, 'a', { lo: 10, hi: 14, guess: 4, payload: null });
    memo.set(buf, 1, 3, 3, 'a', { lo: 5, hi: 5, guess: 7, payload: 'tree' });
    const id = memo.find(Uint32Array.from([1, 4, 7]), 0, 3, 2, 'a');
    expect(id).toBeGreaterThanOrEqual(0);
    expect([memo.lo(id), memo.hi(id), memo.guess(id), memo.payload(id)]).toEqual([10, 14, 4, null]);
    const exact = memo.find(buf, 1, 3, 3, 'a');
    expect([memo.lo(exact), memo.hi(exact), memo.guess(exact), memo.payload(exact)]).toEqual([5, 5, 7, 'tree']);
    expect(memo.find(buf, 1, 3, 2, 'b')).toBe(-1);
    expect(memo.find(buf, 1, 2, 2, 'a')).toBe(-1);
    memo.set(buf, 1, 3, 2, 'a', { lo: 12, hi: Infinity, guess: -1, payload: null });
    const again = memo.find(buf, 1, 3, 2, 'a');
    expect([memo.lo(again), memo.hi(again), memo.guess(again)]).toEqual([12, Infinity, -1]);
    expect(memo.size).toBe(2);
  });

  it('moves an entry out of the old generation with its interval intact', () => {
    const memo = new SetMemo<number>(4);
    const one = Uint32Array.of(3, 5);
    memo.set(one, 0, 2, 0, '', { lo: 1, hi: 2, guess: 5, payload: 42 });
    for (let i = 0; i < 3; i++)
      memo.set(Uint32Array.of(100 + i), 0, 1, 0, '', { lo: i, hi: i, guess: -1, payload: null });
    const id = memo.find(one, 0, 2, 0, '');
    expect(id).toBeGreaterThanOrEqual(0);
    expect([memo.lo(id), memo.hi(id), memo.guess(id), memo.payload(id)]).toEqual([1, 2, 5, 42]);
  });
});
