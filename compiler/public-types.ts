/**
 * Types the library publishes (compiler/library.ts re-exports them) that the compiler uses too,
 * declared once. Their declarations ship beside the library's, so this file imports nothing.
 */

/**
 * What a tree's compile recorded that a replay cannot re-derive cheaply; `verify` checks it for
 * consistency with the replay (a bound never beaten by the tree, "proven" only where the bound
 * meets its figure: objective.ts `checkHeaderFigures`).
 */
export interface RecordedFigures {
  /** No strategy needs fewer guesses in all (Mastermind's `bound:mastermind`, Wordle's search). */
  readonly totalLowerBound?: number;
  /** No tree finds every secret in fewer guesses (worst-case trees, match-count). */
  readonly worstCaseLowerBound?: number;
  /** Lingo: no tree of the list scores more, in all and a word. */
  readonly scoreUpperBound?: number;
  readonly meanScoreUpperBound?: number;
  /** The compile proved the tree optimal for its objective (or a recorded bound is its figure). */
  readonly provenOptimal: boolean;
}
