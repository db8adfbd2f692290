/**
 * Wordle's exact optimum below a first guess by plain recursion (tiny lists only), written apart
 * from the engine: every guess at every node (in hard mode every guess the independent rule
 * below allows), no bounds, no ranking. The reference for the proof file's lines.
 */
import type { WordleGame } from '../../compiler/games/wordle/game.js';

/** Hard rule, written out independently: greens stay, revealed letters are reused as often. */
export function hardViolation(history: ReadonlyArray<readonly [string, string]>, guess: string): string | null {
  for (const [h, mask] of history) {
    const need = new Map<string, number>();
    for (let p = 0; p < h.length; p++) {
      if (mask[p] === 'O' && guess[p] !== h[p]) return `${guess} drops green ${h[p]} at ${p + 1}`;
      if (mask[p] !== 'X') need.set(h[p], (need.get(h[p]) ?? 0) + 1);
    }
    for (const [c, k] of need)
      if ([...guess].filter((x) => x === c).length < k) return `${guess} uses ${c} fewer than ${k} times`;
  }
  return null;
}

/** The best score (minus the guesses, a 6th guess a little more, an answer not found far more) of `set`. */
export function bruteBest(
  game: WordleGame,
  set: number[],
  used: number,
  hard: boolean,
  history: Array<[string, string]> = [],
  memo = new Map<string, number>(),
): number {
  if (set.length === 0) return 0;
  if (used === game.maxAttempts) return set.length * game.objective.unsolved;
  const len = game.params.length as number;
  const greens = Array.from({ length: len }, () => '.');
  const need: Record<string, number> = {};
  for (const [h, mask] of history) {
    const here: Record<string, number> = {};
    for (let p = 0; p < len; p++) {
      if (mask[p] === 'O') greens[p] = h[p];
      if (mask[p] !== 'X') here[h[p]] = (here[h[p]] ?? 0) + 1;
    }
    for (const [c, k] of Object.entries(here)) need[c] = Math.max(need[c] ?? 0, k);
  }
  const key = `${used}:${set.join(',')}:${hard ? greens.join('') + JSON.stringify(Object.entries(need).sort()) : ''}`;
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  let top = -Infinity;
  for (let g = 0; g < game.guessCount; g++) {
    if (hard && hardViolation(history, game.guessName(g)) !== null) continue;
    const v = valueOfGuess(game, g, set, used, hard, history, memo);
    if (v !== null && v > top) top = v;
  }
  memo.set(key, top);
  return top;
}

function valueOfGuess(
  game: WordleGame,
  g: number,
  set: number[],
  used: number,
  hard: boolean,
  history: Array<[string, string]>,
  memo: Map<string, number>,
): number | null {
  const groups = new Map<number, number[]>();
  let value = 0;
  for (const s of set) {
    const c = game.feedback(g, s);
    if (c === game.solvedCode) value += game.objective.scores[used + 1];
    else groups.set(c, [...(groups.get(c) ?? []), s]);
  }
  if (groups.size === 1 && value === 0 && used > 0) return null; // learns nothing
  for (const [c, grp] of groups)
    value += bruteBest(game, grp, used + 1, hard, [...history, [game.guessName(g), game.codeName(c)]], memo);
  return value;
}

/** The best score below the first guess `opener` (every guess below it, no bounds). */
export function bruteOpenerScore(
  game: WordleGame,
  opener: number,
  hard: boolean,
  memo = new Map<string, number>(),
): number {
  const all = Array.from({ length: game.secretCount }, (_, i) => i);
  return valueOfGuess(game, opener, all, 0, hard, [], memo) as number;
}

/** What the best tree below `opener` needs: total guesses, or null when no tree finds every answer. */
export function bruteOpenerTotal(
  game: WordleGame,
  opener: number,
  hard: boolean,
  memo = new Map<string, number>(),
): number | null {
  const value = bruteOpenerScore(game, opener, hard, memo);
  // Scores are minus the guesses (a 6th guess 1/4096 more); an answer not found costs far more.
  if (-value > game.secretCount * (game.maxAttempts + 1)) return null;
  return Math.floor(-value + 1e-9);
}
