/**
 * The match-count bench lists (`bench:matchcount`): every list of
 * ../shared/matchcount/ and generated lists of 100 random 6-letter words, each seeded.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadMatchCountList } from '../compiler/games/matchcount/game.js';
import { mulberry32 } from './pit.js';

/** `count` distinct random words of `length` letters a-z, in draw order. */
export function randomList(rand: () => number, count: number, length: number): string[] {
  const out = new Set<string>();
  while (out.size < count) {
    let w = '';
    for (let i = 0; i < length; i++) w += String.fromCharCode(97 + Math.floor(rand() * 26));
    out.add(w);
  }
  return [...out];
}

/** The i-th generated list (1-based) of seed `seed`: 100 random 6-letter words. */
export function generatedList(seed: number, i: number): string[] {
  return randomList(mulberry32((seed * 1000 + i) >>> 0), 100, 6);
}

export interface BenchList {
  readonly name: string;
  readonly words: string[];
  /** allowedGuesses of the list's first line (# WORD N), 10 when it names none. */
  readonly allowed: number;
}

/** The lists of `dir` (*.txt, sorted by name); none when `dir` is absent. */
export function sharedLists(dir: string): BenchList[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((x) => x.endsWith('.txt'))
    .sort()
    .map((f) => {
      const path = join(dir, f);
      const first = readFileSync(path, 'utf8').split('\n')[0] ?? '';
      return {
        name: f,
        words: [...loadMatchCountList(path).words],
        allowed: Number(/^#\s*\S+\s+(\d+)/.exec(first)?.[1] ?? 10),
      };
    });
}
