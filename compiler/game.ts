/**
 * The small interface every game implements, and the objective the engine maximises.
 *
 * Secrets and guesses are dense integer indices. Feedback is a small integer below
 * `codeCount`; `solvedCode` ends the game. A guess may or may not be a possible secret.
 */
import type { ListRef, ParamValue, TreeArrays } from '../runtime/tree-format.js';

export interface SecretOutcome {
  /** Attempt on which the secret was found, or 0 when it was not. */
  readonly foundAt: number;
  /** Guesses made, in order. */
  readonly guesses: number[];
  /** The tree had no branch for a reply this secret gives (an incomplete tree). */
  readonly missingBranch: boolean;
  /** Games that count misses (Hangman): the guesses that revealed nothing. */
  readonly misses?: number;
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

/**
 * Score per secret by the attempt on which it is found (1-based), and for a secret never
 * found within the budget. The engine maximises the sum over all secrets; scores must not
 * increase with the attempt number and `unsolved` must be the lowest.
 */
export interface ScoreByAttempt {
  readonly name: string;
  /** scores[a] for a = 1..maxAttempts; scores[0] unused. */
  readonly scores: Float64Array;
  readonly unsolved: number;
}

export interface Game {
  readonly id: string;
  readonly params: Readonly<Record<string, ParamValue>>;
  readonly lists: readonly ListRef[];
  readonly secretCount: number;
  readonly guessCount: number;
  readonly codeCount: number;
  readonly solvedCode: number;
  readonly maxAttempts: number;
  readonly objective: ScoreByAttempt;
  /** The secret a guess is (so a right guess scores), or -1 when it can never be the secret. */
  secretOfGuess(guess: number): number;
  /** The guess that names a secret. */
  guessOfSecret(secret: number): number;
  feedback(guess: number, secret: number): number;
  /** Feedback of one guess against `secrets[0..n)` into `out[0..n)`: the hot kernel. */
  partitionCodes(guess: number, secrets: Uint32Array, n: number, out: Uint32Array): void;
  guessName(guess: number): string;
  secretName(secret: number): string;
  codeName(code: number): string;
  /** Parse a reply as a person or harness writes it; a one-line `feedback` error when malformed. */
  parseCode(text: string): number;
  /** How a person types a reply, in one line (play's legend). */
  readonly replyHelp: string;
  /**
   * Optional: which guesses a node allows, by the replies so far (Wordle's hard mode). Absent:
   * every guess is allowed everywhere. Candidates (secrets consistent with every reply) must
   * always be allowed.
   */
  readonly guessFilter?: GuessFilter | undefined;
  /**
   * Optional: a game whose secrets are not found by naming them (Hangman: the game ends when
   * every letter is revealed) replays and scores a tree by its own rules. Absent: a secret is
   * found when a guess names it, and scores `objective.scores[attempt]`.
   */
  readonly replayRules?: ReplayRules | undefined;
}

export interface ReplayRules {
  /** Play the tree against one secret. */
  replaySecret(tree: TreeArrays, secret: number): SecretOutcome;
  /** What the secret adds to the tree's total (higher is better). */
  score(o: SecretOutcome): number;
  /** The header's objective record for a whole replay. */
  objective(s: ReplaySummary): Record<string, ParamValue>;
}

/**
 * A rule that restricts the guesses by what the replies so far revealed. The state is a short
 * canonical string (it is part of the engine's memo key): two histories with the same state
 * allow the same guesses from then on.
 */
export interface GuessFilter {
  /** The state before any guess. */
  readonly start: string;
  /** The state after `guess` got the reply `code`. */
  after(state: string, guess: number, code: number): string;
  /** Whether `guess` may be played in `state`. */
  allows(state: string, guess: number): boolean;
}
