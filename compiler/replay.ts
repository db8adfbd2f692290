/**
 * Replaying a tree against every secret: the exact metric `verify` prints, and the paths
 * `export --format paths` writes. Uses the game's own feedback, not the tree's assumptions.
 */
import type { TreeArrays } from '../runtime/tree-format.js';
import { childOf, NO_CHILD } from '../runtime/tree-walker.js';
import type { Game } from './game.js';

export interface SecretOutcome {
  /** Attempt on which the secret was found, or 0 when it was not. */
  readonly foundAt: number;
  /** Guesses made, in order. */
  readonly guesses: number[];
  /** The tree had no branch for a reply this secret gives (an incomplete tree). */
  readonly missingBranch: boolean;
}

export function replaySecret(game: Game, tree: TreeArrays, secret: number): SecretOutcome {
  const guesses: number[] = [];
  let node = 0;
  for (let attempt = 1; attempt <= game.maxAttempts; attempt++) {
    const g = tree.guess[node] as number;
    guesses.push(g);
    if (game.secretOfGuess(g) === secret) return { foundAt: attempt, guesses, missingBranch: false };
    if (attempt === game.maxAttempts) break;
    const next = childOf(tree, node, game.feedback(g, secret));
    if (next === NO_CHILD) return { foundAt: 0, guesses, missingBranch: true };
    node = next;
  }
  return { foundAt: 0, guesses, missingBranch: false };
}

export interface ReplaySummary {
  readonly secrets: number;
  /** histogram[a] = secrets found on attempt a; histogram[0] = not found. */
  readonly histogram: number[];
  readonly total: number;
  readonly mean: number;
  readonly maxFound: number;
  readonly missingBranches: number;
  readonly outcomes: SecretOutcome[];
}

export function replayAll(game: Game, tree: TreeArrays): ReplaySummary {
  const histogram = new Array<number>(game.maxAttempts + 1).fill(0);
  const outcomes: SecretOutcome[] = [];
  let total = 0;
  let maxFound = 0;
  let missingBranches = 0;
  const { scores, unsolved } = game.objective;
  for (let s = 0; s < game.secretCount; s++) {
    const o = replaySecret(game, tree, s);
    outcomes.push(o);
    histogram[o.foundAt] = (histogram[o.foundAt] as number) + 1;
    total += o.foundAt ? (scores[o.foundAt] as number) : unsolved;
    if (o.foundAt > maxFound) maxFound = o.foundAt;
    if (o.missingBranch) missingBranches++;
  }
  return { secrets: game.secretCount, histogram, total, mean: total / game.secretCount, maxFound, missingBranches, outcomes };
}
