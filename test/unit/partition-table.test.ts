/**
 * The engine's set table (compiler/engine/partition.ts `SetTable`): its local group ids, groups,
 * hits, candidates, part counts, splits and guess orders equal a naive computation from the
 * replies, on random games and random sets (sizes that make its scratch grow and shrink).
 */
import { describe, expect, it } from 'vitest';
import { SetTable } from '../../compiler/engine/partition.js';
import type { SearchGame } from '../../compiler/engine/types.js';
import { rng } from '../support/e2e.js';

/** Guess s < S names secret s (the solved reply, codes − 1); every other reply is random below it. */
function randomGame(
  rand: () => number,
  S: number,
  G: number,
  C: number,
): SearchGame & { reply(g: number, s: number): number } {
  const table = new Uint8Array(S * G);
  for (let s = 0; s < S; s++)
    for (let g = 0; g < G; g++) table[s * G + g] = g === s ? C - 1 : Math.floor(rand() * (C - 1));
  const reply = (g: number, s: number): number => table[s * G + g];
  return {
    secretCount: S,
    guessCount: G,
    codeCount: C,
    solvedCode: C - 1,
    guessOfSecret: (s) => s,
    partitionCodes: (g, secrets, n, out) => {
      for (let i = 0; i < n; i++) out[i] = reply(g, secrets[i]);
    },
    reply,
  };
}

/** `k` distinct secrets below S, in random order. */
function randomSet(rand: () => number, S: number, k: number): Uint32Array {
  const all = Array.from({ length: S }, (_, i) => i);
  for (let i = S - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [all[i], all[j]] = [all[j], all[i]];
  }
  return Uint32Array.from(all.slice(0, k));
}

/** Local ids of a guess over the set: replies numbered in order of first appearance. */
function naiveIds(game: ReturnType<typeof randomGame>, g: number, set: Uint32Array): number[] {
  const ids = new Map<number, number>();
  return Array.from(set, (s) => {
    const c = game.reply(g, s);
    if (!ids.has(c)) ids.set(c, ids.size);
    return ids.get(c) as number;
  });
}

/** A random part of 0..n−1, ascending. */
function randomPart(rand: () => number, n: number): Uint16Array {
  const part: number[] = [];
  const p = rand();
  for (let i = 0; i < n; i++) if (rand() < p) part.push(i);
  return Uint16Array.from(part);
}

describe('SetTable', () => {
  for (const [seed, S, extra, C] of [
    [1, 60, 20, 5],
    [2, 200, 50, 40],
    [3, 90, 0, 3],
  ] as const) {
    it(`matches a naive table, split and order (seed ${seed}, ${S} secrets, ${C} replies)`, () => {
      const rand = rng(seed);
      const game = randomGame(rand, S, S + extra, C);
      const G = game.guessCount;
      const table = new SetTable(game, 1 << 20);
      for (const size of [S, 3, Math.floor(S / 2), 1, 17, S - 1]) {
        const set = randomSet(rand, S, size);
        const n = set.length;
        expect(table.fits(n)).toBe(true);
        table.build(set);
        expect(table.n).toBe(n);
        const localOf = new Map(Array.from(set, (s, i) => [s, i] as const));
        for (let i = 0; i < n; i++) expect(table.candidate[i]).toBe(game.guessOfSecret(set[i]));
        const idsOf: number[][] = [];
        for (let g = 0; g < G; g++) {
          const ids = naiveIds(game, g, set);
          idsOf.push(ids);
          expect(Array.from(table.ids.subarray(g * n, g * n + n))).toEqual(ids);
          expect(table.groups[g]).toBe(new Set(ids).size);
          // Guess g names secret g: its hit is that secret's local index when the set holds it (else −1, even when an earlier set did).
          expect(table.hit[g]).toBe(localOf.get(g) ?? -1);
        }

        // Splits: group j holds the local indices of local id j, ascending, and their secrets.
        const split = { starts: new Int32Array(n + 1), items: new Uint16Array(n), globals: new Uint32Array(n) };
        for (let t = 0; t < 10; t++) {
          const g = Math.floor(rand() * G);
          const k = table.splitInto(g, split);
          expect(k).toBe(table.groups[g]);
          expect(split.starts[k]).toBe(n);
          for (let j = 0; j < k; j++) {
            const members = Array.from(split.items.subarray(split.starts[j], split.starts[j + 1]));
            expect(members).toEqual(idsOf[g].flatMap((id, i) => (id === j ? [i] : [])));
            expect(Array.from(split.globals.subarray(split.starts[j], split.starts[j + 1]))).toEqual(
              members.map((i) => set[i]),
            );
          }
        }

        // Groups on a part: exact when `need` is reached, else below `need`.
        for (let t = 0; t < 20; t++) {
          const part = randomPart(rand, n);
          const g = Math.floor(rand() * G);
          const naive = new Set(Array.from(part, (i) => idsOf[g][i])).size;
          expect(table.groupsIn(g, part, 0, part.length, 0)).toBe(naive);
          const need = Math.floor(rand() * (part.length + 2));
          const got = table.groupsIn(g, part, 0, part.length, need);
          if (naive >= need) expect(got).toBe(naive);
          else expect(got).toBeLessThan(need);
        }

        // Orders: by a random rank of (groups, hit), then guess number; by groups, most first.
        const slots = 2 * n + 2;
        const rankOf = new Int32Array(slots);
        for (let b = 0; b < slots; b++) rankOf[b] = Math.floor(rand() * slots);
        const bucket = (g: number): number => 2 * table.groups[g] + (table.hit[g] >= 0 ? 1 : 0);
        const guesses = Array.from({ length: G }, (_, g) => g);
        const out = new Uint32Array(G);
        table.order(rankOf, out);
        expect(Array.from(out)).toEqual([...guesses].sort((a, b) => rankOf[bucket(a)] - rankOf[bucket(b)] || a - b));
        table.orderByGroups(new Int32Array(slots), out);
        expect(Array.from(out)).toEqual([...guesses].sort((a, b) => table.groups[b] - table.groups[a] || a - b));
      }
    });
  }

  it('refuses sets whose table would pass its limit or whose ids would not fit 16 bits', () => {
    const game = randomGame(rng(9), 10, 20, 4);
    const table = new SetTable(game, 200);
    expect(table.fits(10)).toBe(true);
    expect(table.fits(11)).toBe(false);
    expect(new SetTable({ ...game, guessCount: 1 }, 1 << 20).fits(65_536)).toBe(false);
  });
});
