/**
 * The least total over every strategy, ties broken by the least maximum depth, by plain
 * recursion over all guesses (tiny games only): the reference for the exact searches.
 */
export interface BruteGame {
  readonly secretCount: number;
  readonly guessCount: number;
  readonly solvedCode: number;
  feedback(guess: number, secret: number): number;
}

export function bruteTotalDepth(game: BruteGame, start?: readonly number[]): { total: number; depth: number } {
  const memo = new Map<string, { total: number; depth: number }>();
  const best = (set: number[]): { total: number; depth: number } => {
    if (set.length === 1) return { total: 1, depth: 1 };
    const key = set.join(',');
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    let min = { total: Infinity, depth: Infinity };
    for (let g = 0; g < game.guessCount; g++) {
      const groups = new Map<number, number[]>();
      for (const s of set) {
        const r = game.feedback(g, s);
        if (r === game.solvedCode) continue;
        if (!groups.has(r)) groups.set(r, []);
        groups.get(r)!.push(s);
      }
      if (groups.size === 1 && [...groups.values()][0]!.length === set.length) continue;
      let t = set.length;
      let d = 1;
      for (const grp of groups.values()) {
        const v = best(grp);
        t += v.total;
        d = Math.max(d, v.depth + 1);
      }
      if (t < min.total || (t === min.total && d < min.depth)) min = { total: t, depth: d };
    }
    memo.set(key, min);
    return min;
  };
  return best(start ? [...start] : Array.from({ length: game.secretCount }, (_, i) => i));
}
