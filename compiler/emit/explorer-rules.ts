/** How the tree explorer page computes and draws a game's replies (one variant per kind of game). */
export type ExplorerRules =
  | { kind: 'word-mask'; length: number; attempts: number }
  | { kind: 'mastermind'; pegs: number; colors: number }
  | { kind: 'bulls-cows'; digits: number; symbols: number }
  | { kind: 'hangman'; length: number; lives: number }
  | { kind: 'match-count'; length: number };
