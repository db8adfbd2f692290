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
      const groups = groupsOf(game, g, set);
      if (!groups) continue;
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

/** A guess's reply groups over `set` (the winning reply left out); null when it tells nothing. */
function groupsOf(game: BruteGame, g: number, set: readonly number[]): Map<number, number[]> | null {
  const groups = new Map<number, number[]>();
  for (const s of set) {
    const r = game.feedback(g, s);
    if (r === game.solvedCode) continue;
    if (!groups.has(r)) groups.set(r, []);
    groups.get(r)!.push(s);
  }
  if (groups.size === 1 && [...groups.values()][0].length === set.length) return null;
  return groups;
}

/**
 * The least worst case by plain recursion: every guess `allowed` (after the guesses and replies
 * so far) tried at every node, no bounds, no memo (tiny games only). Infinity above `maxDepth`.
 */
export function bruteLeastDepth(
  game: BruteGame,
  allowed: (history: ReadonlyArray<readonly [number, number]>, guess: number) => boolean = () => true,
  maxDepth = 8,
): number {
  const within = (set: readonly number[], d: number, history: ReadonlyArray<readonly [number, number]>): boolean => {
    if (set.length === 0) return true;
    if (d === 0) return false;
    for (let g = 0; g < game.guessCount; g++) {
      if (!allowed(history, g)) continue;
      const groups = groupsOf(game, g, set);
      if (groups && [...groups].every(([code, grp]) => within(grp, d - 1, [...history, [g, code]]))) return true;
    }
    return false;
  };
  const all = Array.from({ length: game.secretCount }, (_, i) => i);
  for (let d = 1; d <= maxDepth; d++) if (within(all, d, [])) return d;
  return Infinity;
}

/** The least total over every tree that finds each secret within `depth` guesses (every guess allowed). */
export function bruteLeastTotalWithin(game: BruteGame, depth: number): number {
  const memo = new Map<string, number>();
  const best = (set: readonly number[], d: number): number => {
    if (set.length === 0) return 0;
    if (d === 0) return Infinity;
    if (set.length === 1) return 1;
    const key = `${d}:${set.join(',')}`;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    let min = Infinity;
    for (let g = 0; g < game.guessCount; g++) {
      const groups = groupsOf(game, g, set);
      if (!groups) continue;
      let t = set.length;
      for (const grp of groups.values()) t += best(grp, d - 1);
      if (t < min) min = t;
    }
    memo.set(key, min);
    return min;
  };
  return best(
    Array.from({ length: game.secretCount }, (_, i) => i),
    depth,
  );
}
