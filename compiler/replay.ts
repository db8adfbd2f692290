/**
 * Replaying a tree against every secret: the exact metric `verify` prints, and the paths
 * `export --format paths` writes. Uses the game's own feedback, not the tree's assumptions.
 */
import type { TreeArrays } from '../runtime/tree-format.js';
import { childOf, NO_CHILD } from '../runtime/tree-walker.js';
import type { Game, ReplaySummary, SecretOutcome } from './game.js';

export type { ReplaySummary, SecretOutcome } from './game.js';

export function replaySecret(game: Game, tree: TreeArrays, secret: number): SecretOutcome {
  if (game.replayRules) return game.replayRules.replaySecret(tree, secret);
  const guesses: number[] = [];
  let node = 0;
  for (let attempt = 1; attempt <= game.maxAttempts; attempt++) {
    const g = tree.guess[node];
    guesses.push(g);
    if (game.secretOfGuess(g) === secret) return { foundAt: attempt, guesses, missingBranch: false };
    if (attempt === game.maxAttempts) break;
    const next = childOf(tree, node, game.feedback(g, secret));
    if (next === NO_CHILD) return { foundAt: 0, guesses, missingBranch: true };
    node = next;
  }
  return { foundAt: 0, guesses, missingBranch: false };
}

export function replayAll(game: Game, tree: TreeArrays): ReplaySummary {
  const histogram = new Array<number>(game.maxAttempts + 1).fill(0);
  const outcomes: SecretOutcome[] = [];
  let total = 0;
  let maxFound = 0;
  let missingBranches = 0;
  const { scores, unsolved } = game.objective;
  const rules = game.replayRules;
  for (let s = 0; s < game.secretCount; s++) {
    const o = replaySecret(game, tree, s);
    outcomes.push(o);
    histogram[o.foundAt] = histogram[o.foundAt] + 1;
    total += rules ? rules.score(o) : o.foundAt ? scores[o.foundAt] : unsolved;
    if (o.foundAt > maxFound) maxFound = o.foundAt;
    if (o.missingBranch) missingBranches++;
  }
  return {
    secrets: game.secretCount,
    histogram,
    total,
    mean: total / game.secretCount,
    maxFound,
    missingBranches,
    outcomes,
  };
}

/** A guess the game's guess filter forbids where the tree plays it. */
export interface IllegalGuess {
  readonly node: number;
  readonly guess: number;
  /** The replies that lead to the node, from the root. */
  readonly path: Array<{ guess: number; code: number }>;
}

/**
 * Every node whose guess the game's guess filter (e.g. Wordle's hard mode) forbids after the
 * replies that lead to it; empty for games without a filter.
 */
export function illegalGuesses(game: Game, tree: TreeArrays, limit = 10): IllegalGuess[] {
  const filter = game.guessFilter;
  if (!filter || tree.guess.length === 0) return [];
  const out: IllegalGuess[] = [];
  const stack: Array<{ node: number; state: string; path: Array<{ guess: number; code: number }> }> = [
    { node: 0, state: filter.start, path: [] },
  ];
  while (stack.length && out.length < limit) {
    const { node, state, path } = stack.pop()!;
    const g = tree.guess[node];
    if (!filter.allows(state, g)) out.push({ node, guess: g, path });
    for (let e = tree.edgeStart[node]; e < tree.edgeStart[node + 1]; e++) {
      const code = tree.edgeCode[e];
      stack.push({ node: tree.edgeChild[e], state: filter.after(state, g, code), path: [...path, { guess: g, code }] });
    }
  }
  return out;
}
