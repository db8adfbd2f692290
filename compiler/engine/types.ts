/**
 * The interfaces of the one search engine (`search.ts`). A game fills them in; the engine
 * knows nothing else about it.
 *
 *   SearchGame  secrets, guesses and replies as dense integers, and the reply kernel;
 *   Objective   what a plan costs (a sum over the secrets, optionally ties broken by depth);
 *   Moves       the per-node state: what the replies so far allow (hard mode, symmetry, lives);
 *   Ranker      which guesses a node compares, best first, each with a lower bound;
 *   Effort      how wide the search is: exact below a size, widths above, pilots.
 *
 * Costs are minimised. Every cost the engine compares is an exact sum of small integers (or of
 * dyadic fractions), so summation order never changes a comparison.
 */
import type { Plan } from './plan.js';

/** The game as the engine sees it. */
export interface SearchGame {
  readonly secretCount: number;
  readonly guessCount: number;
  /** Replies are the integers 0..codeCount-1. */
  readonly codeCount: number;
  /** The reply that ends the game (the guess named the secret); -1 when no single reply does. */
  readonly solvedCode: number;
  /** The guess that names a secret (the leaf of a one-secret set). */
  guessOfSecret(secret: number): number;
  /** Replies of one guess to `secrets[0..n)` into `out[0..n)`: the hot kernel. */
  partitionCodes(guess: number, secrets: Uint32Array, n: number, out: Uint32Array): void;
  /**
   * Optional: a set prepared once for counting the replies of many guesses (Mastermind's table
   * kernel). `count` fills `counts[0..codeCount)` (it zeroes them first).
   */
  replyCounter?(set: Uint32Array): ReplyCounter;
  /**
   * Optional: every reply as one byte table, secret-major: `codes[secret * stride + guess]`
   * (Wordle). The partitioner and the candidate ranker read it directly: a node's secrets are
   * a few rows, so a pass over every guess stays in cache.
   */
  readonly replyTable?: ReplyTable | undefined;
}

export interface ReplyTable {
  readonly codes: Uint8Array;
  readonly stride: number;
}

export interface ReplyCounter {
  count(guess: number, counts: Uint32Array): void;
  /**
   * Optional: add the replies of `guess` to `counts` without zeroing it first (the caller
   * zeroes the replies that can occur: only those entries are touched).
   */
  tally?(guess: number, counts: Uint32Array): void;
  /**
   * Optional: `tally`, returning the bit mask of the replies added (bit r for reply r): only
   * for games whose replies are all below 31.
   */
  tallyMask?(guess: number, counts: Uint32Array): number;
}

/** A reply counter that can also add a guess's replies to counts it does not zero (code games). */
export interface TallyCounter extends ReplyCounter {
  tally(guess: number, counts: Uint32Array): void;
}

/** Where the search is: the guesses spent so far and the moves' state after them. */
export interface SearchNode<S> {
  readonly used: number;
  readonly state: S;
  /**
   * At most this many non-solved reply groups does any guess make on this node's set (a guess
   * splits a subset into no more groups than the set): the ranker's bounds may use it. Absent:
   * the game's own count of replies.
   */
  readonly branches?: number | undefined;
}

/** A solved set: its cost, its depth (1 = found by its first guess; 0 when depth is not tracked) and its plan. */
export interface Solved {
  readonly cost: number;
  readonly depth: number;
  readonly plan: Plan;
}

export interface Objective<S> {
  /** Equal costs are broken by the least maximum depth (compared as one packed key). */
  readonly depthTieBreak: boolean;
  /**
   * The part of a node besides its set and state that its cost depends on (guesses left under
   * an attempt cap), as a small integer for the memo key; 0 when the cost does not depend on it.
   */
  depthTag(used: number): number;
  /** Cost added at a node for a reply group of `m` secrets that answered `code` (the solved group too). */
  groupCost(code: number, m: number, used: number, state: S): number;
  /**
   * A lower bound of the cost of any plan for `m` secrets at a node with `used` guesses spent;
   * Infinity when none is possible. `state` may be the state of the node or of its parent (the
   * engine bounds a reply group before it works out the group's state): a size bound must not
   * depend on the last reply.
   */
  sizeBound(m: number, used: number, state: S): number;
  /** The result of a set that needs no search (one secret, the last try), or null. */
  terminal(set: Uint32Array, used: number, state: S): Solved | null;
  /** The least depth of a tree for `n` secrets with `used` guesses spent (depth tie-break only). */
  leastDepth(n: number, used: number): number;
  /**
   * Optional, for the engine's exact tail (`Effort.exactTriesLeft`): the tries left after `used`
   * guesses, or −1 when the tail cannot value the node. A non-negative answer promises that
   * costs are affine in the attempts there and below: `groupCost(code, m, u)` is
   * m · groupCost(0, 1, u) whatever the reply, a set's exact cost with one try left is
   * `sizeBound(m, u)` (its first secret guessed, the others unsolved, finite), and sizeBound(1, u)
   * is the cost of one secret guessed at once.
   */
  triesLeft?(used: number): number;
}

export interface Moves<S> {
  readonly root: S;
  /** The state after `guess` got the reply `code`. */
  after(state: S, guess: number, code: number): S;
  /** The part of a state the cost depends on, for the memo key ('' when none). */
  key(state: S): string;
  /** Optional: whether the state allows a guess (hard mode); absent, every guess is allowed. */
  allows?(state: S, guess: number): boolean;
}

/** A guess a ranker offers: its place in the node's pool (ties go to the earlier place) and lower bound. */
export interface RankedGuess {
  readonly guess: number;
  readonly at: number;
  /** No plan that plays this guess here costs less. */
  readonly bound: number;
  /** Sort keys, ascending (then `at`). */
  readonly key1: number;
  readonly key2: number;
}

/** Ranked guesses, best first, as parallel arrays (entry i of each). */
export interface RankedList {
  readonly length: number;
  readonly guess: Uint32Array;
  readonly at: Float64Array;
  readonly bound: Float64Array;
  readonly key1: Float64Array;
  readonly key2: Float64Array;
}

export interface Ranking {
  /** A guess known to be optimal: nothing else is compared. */
  readonly optimal: RankedGuess | null;
  /** The guesses to compare, best first. */
  readonly top: RankedList;
  /** No plan over the pool costs less than this. */
  readonly setBound: number;
  /** The pool held every guess, so `setBound` holds for every plan of the game. */
  readonly complete: boolean;
  /**
   * `top` is in pool order, not sorted (only when `rank` was asked for it with `lazy`): the
   * order is still key1, key2, then pool place, and the caller sorts as far as it needs.
   */
  readonly unsorted?: boolean | undefined;
  /** The most non-solved reply groups any guess of the pool makes on the set (when every guess was counted). */
  readonly branches?: number | undefined;
}

/**
 * The guesses `SearchEngine.solve(set, node)` (no budget) evaluates at a set, in its order: it
 * takes the first of least key, each evaluated under the best key before it (`choices`).
 */
export interface NodeChoices<S> {
  readonly guesses: Uint32Array;
  /** Each guess's least key (a guess whose key bound reaches the best key so far is skipped). */
  readonly keyBounds: Float64Array;
  /** No plan's key is below this: once the best key reaches it, the rest are skipped. */
  readonly floor: number;
  /** The node the guesses are evaluated at (the ranking may have told its branches). */
  readonly node: SearchNode<S>;
  /**
   * The search goes on past these guesses when none has a plan, or when the best plan costs at
   * least `goesOnFrom` (it leaves a secret unsolved): Infinity never (none: no plan).
   */
  readonly goesOnFrom: number;
  readonly goesOnWithout: boolean;
}

/**
 * The guesses `search` goes on to when the best of its choices leaves a secret unsolved
 * (`SearchEngine.searchOnChoices`): in order, each under the best key so far, until a plan finds
 * every secret.
 */
export interface SearchOnChoices {
  /** The set is lost (an endgame family outlasts the tries left): the search goes no further. */
  readonly lost: boolean;
  readonly guesses: Uint32Array;
  readonly keyBounds: Float64Array;
  /** In the ranker's order of promise (a guess bounded out is skipped), else rank order (the first bounded out ends it). */
  readonly ordered: boolean;
}

/** What a ranker's quick look at a set found (`Ranker.quick`), written into a reused object. */
export interface QuickResult {
  /** A guess known optimal there (found without ranking the pool), or -1. */
  guess: number;
  /** Its cost when `guess` >= 0 (exact); else a lower bound of the set's cost. */
  cost: number;
}

/** How `Ranker.rank` ranks beyond its set, node and width (each absent: the whole pool, no budget, sorted). */
export interface RankOptions {
  /** The pool entries [from, to) only (a worker's slice). */
  readonly from?: number;
  readonly to?: number;
  /** A cost budget: guesses whose bound reaches it may be left out. */
  readonly beta?: number;
  /** A full ranking (width Infinity) may come back unsorted. */
  readonly lazy?: boolean;
}

/** No options: the whole pool, no budget, sorted. */
export const WHOLE_POOL: RankOptions = {};

export interface Ranker<S> {
  /**
   * Rank the pool at a set of at least two secrets that is not terminal: a guess known optimal,
   * or the best `width` (Infinity: all worth trying), best first. With a slice, only the pool
   * entries [from, to) (for workers); slices merge with `merge`. With `beta` (a cost), guesses
   * whose bound is at least `beta` may be left out (the search would skip them), and `setBound`
   * is then at most `beta`; a ranker whose top `width` is not ordered by bound leaves them in
   * unless `width` is Infinity (else it would change which guesses are tried). With `lazy`, a
   * ranker may return a full ranking (width Infinity) unsorted (`Ranking.unsorted`).
   */
  rank(set: Uint32Array, node: SearchNode<S>, width: number, opts?: RankOptions): Ranking;
  /**
   * Optional: a look at the set `buf[off .. off + n)` much cheaper than ranking it: the guess
   * `rank` would return as known optimal when it finds one without the whole pool (a candidate
   * that splits the rest into singletons), else a lower bound of the set's cost. It must agree
   * with `rank`: the engine takes its guess instead of ranking.
   */
  quick?(buf: Uint32Array, off: number, n: number, node: SearchNode<S>, out: QuickResult): void;
  /**
   * Optional: what ranking the set at `width` finds without listing the guesses: the guess it
   * takes as known optimal (with its exact cost), else the set's bound (at most `beta`).
   */
  probe?(set: Uint32Array, node: SearchNode<S>, width: number, beta: number, out: QuickResult): void;
  /**
   * Optional: the least one-step bound of any guess of the pool at the set (the bound `probe`
   * finds, or below it), counted row by row over the reply table: cheap enough to bound every
   * large part of a split before any is probed.
   */
  splitBound?(set: Uint32Array, node: SearchNode<S>): number;
  /**
   * Optional, for the search on past the widths while a plan leaves a secret unsolved: whether
   * every plan of the set does (then nothing is searched on), and the guesses of `ranked` from
   * `from` on in the order most likely to find every secret (null: rank order).
   */
  lostAt?(set: Uint32Array, node: SearchNode<S>): boolean;
  familyOrder?(set: Uint32Array, ranked: RankedList, from: number): Uint32Array | null;
  /** Entries of the pool at a node (for slicing). */
  poolSize(set: Uint32Array, node: SearchNode<S>): number;
  /** Rankings of slices of one pool, merged into what ranking it whole gives; absent: not sliceable. */
  merge?(parts: readonly Ranking[], width: number, node: SearchNode<S>): Ranking;
  /** Optional: a sharper lower bound of a set's cost than its size bound `bound`, cheap to get. */
  refineBound?(set: Uint32Array, node: SearchNode<S>, bound: number): number;
}

/** Plain data: the same effort rebuilt in a worker gives the same search. */
export interface Effort {
  /** Sets of at most this many secrets compare every guess the ranker offers (0: none). */
  readonly exactBelow: number;
  /** Widths by guesses used (index 0: the root); sets below `lookaheadMinSet` (not the root) get 1; past the end: 1. */
  readonly widthsByUsed?: readonly number[] | undefined;
  readonly lookaheadMinSet?: number | undefined;
  /** Widths by set size: pairs [largest size, width] ascending; larger sets get the last width. */
  readonly widthsBySize?: ReadonlyArray<readonly [number, number]> | undefined;
  /** The root's width when it differs from the rule above (Mastermind: one opener). */
  readonly rootWidth?: number | undefined;
  /**
   * Sets larger than `above` rank `width` guesses, score each by the tree the same search builds
   * with width 1 (the pilot), and search only the `keep` best in full (a kept guess after the
   * first only when its pilot cost is within `slack` of the best's, as a fraction).
   */
  readonly pilot?: PilotEffort | undefined;
  /** The root's pilot (Mastermind thorough: every opener class by its one-step tree). */
  readonly rootPilot?: PilotEffort | undefined;
  /** Sets of at most this many secrets are memoized. */
  readonly memoMaxSet: number;
  /** Sets of fewer secrets than this are not memoized (cheaper to search again); default 0. */
  readonly memoMinSet?: number | undefined;
  /** Memo entries kept before the memo starts again (bounds the memory). */
  readonly memoMaxEntries: number;
  /** Optional: the memo's estimated bytes kept before it starts again. */
  readonly memoMaxBytes?: number | undefined;
  /**
   * Each reply group is searched under the budget its siblings leave (else every group is
   * solved in full). The same plans either way; only the time differs.
   */
  readonly cutoffs: boolean;
  /** Which reply groups are searched first: the largest (they cut off soonest) or the smallest. */
  readonly groupOrder: 'largest-first' | 'smallest-first';
  /**
   * Before any reply group of a guess is searched, look each one up in the memo and give it
   * the ranker's quick look (`Ranker.quick`): exact costs and sharper bounds of every group
   * first, so a guess that cannot win is dropped before its first full search. The same plans
   * either way.
   */
  readonly prepass?: boolean | undefined;
  /**
   * With `prepass`, parts of at least this many secrets are also probed (`Ranker.probe`: every
   * guess counted, the least one-step bound) before any part is searched, when the guess has a
   * budget: the bounds a refutation needs, before its first expensive search. Default: none.
   */
  readonly probeMinSet?: number | undefined;
  /**
   * Sets with at most this many tries left (2 or 3; `Objective.triesLeft`) are solved exactly by
   * the engine's exact tail (exact-tail.ts) over every guess of the game, whatever the widths:
   * the effort must allow every guess at every node (no guess rule) and no depth tie-break.
   * 0 or absent: none.
   */
  readonly exactTriesLeft?: number | undefined;
  /** Stop with a `budget` result past this many searched sets (0: no limit). */
  readonly nodeBudget?: number | undefined;
  /**
   * A plan's cost from which it leaves a secret unsolved (absent: the top `width` guesses are
   * all a set gets). When every one of them does, or none fits the budget, the guesses ranked
   * below them are tried in rank order until a plan finds every secret.
   */
  readonly unsolvedFrom?: number | undefined;
}

/**
 * Every setting of an `Effort` that has a value for "none" or "no limit", filled: a game's effort
 * is this constant with its own settings over it (the engine reads an absent one as this value).
 */
export const EFFORT_DEFAULTS = {
  exactBelow: 0,
  lookaheadMinSet: 0,
  memoMaxSet: Infinity,
  memoMinSet: 0,
  memoMaxEntries: Infinity,
  memoMaxBytes: Infinity,
  cutoffs: true,
  groupOrder: 'largest-first',
  prepass: false,
  probeMinSet: Infinity,
  exactTriesLeft: 0,
  nodeBudget: 0,
} as const satisfies Effort;

export interface PilotEffort {
  readonly above: number;
  readonly width: number;
  readonly keep: number;
  readonly slack?: number | undefined;
}

/** Thrown (and caught by the pool) when a search with a node budget runs out of it. */
export class NodeBudgetExceeded extends Error {
  constructor(readonly nodes: number) {
    super(`search: node budget of ${nodes} exhausted`);
  }
}
