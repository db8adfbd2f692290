/**
 * The worst-case objective (`--objective worst-case`) of the games the engine searches
 * (Mastermind, Bulls and Cows, Wordle, Lingo): the fewest guesses that always suffice, proven by
 * the engine's least-worst-case solver (compiler/engine/least-worst-case.ts, one task in the
 * pool), then the least total among trees of that depth that the game's own search finds when
 * capped at it (proven when that search is exact), else the solver's own tree.
 *
 * The objective is one of the game's parameters, so such a tree has its own file name and
 * manifest key: a compile into trees/ never replaces a tree of another objective.
 */
import { fail } from '../../runtime/errors.js';
import type { ParamValue, TreeArrays, TreeHeader } from '../../runtime/tree-format.js';
import {
  NOT_WITHIN,
  UNDECIDED,
  WORST_CASE_LIMITS,
  type OpenersBlock,
  type OpenersVerdict,
  type WorstCaseLimits,
  type WorstCaseProof,
} from '../engine/least-worst-case.js';
import type { Game } from '../game.js';
import { guessTotals } from '../objective.js';
import { moduleBlocks, moduleTask, type PoolPlan, type PoolJob } from './compile-api.js';
import { defineTask } from './module-tasks.js';
import { replayAll } from '../replay.js';
import type { CompileOutcome, GameOptions, OptionSpec } from './module.js';
import { count } from './options.js';

export const WORST_CASE = 'worst-case';
/** The module task (in every module's worker) that runs the solver. */
const WORST_CASE_TASK = 'leastWorstCase';
export const worstCaseTask = defineTask<WorstCaseLimits, WorstCaseProof>(WORST_CASE_TASK);

/** The `--objective` option of a game whose default objective is `defaultName`. */
export function objectiveOption(
  defaultName: string,
  defaultText: string,
  worstText = 'the fewest guesses that always suffice, proven; then the least total found within them',
): OptionSpec {
  return {
    name: 'objective',
    type: 'string',
    choices: [defaultName, WORST_CASE],
    describe: `${defaultName} (${defaultText}; the default) or ${WORST_CASE} (${worstText})`,
  };
}

export function isWorstCase(opts: GameOptions): boolean {
  return opts.objective === WORST_CASE;
}

/** The options a tree header implies: its objective, `defaultName` when it records none. */
export function objectiveFromHeader(header: TreeHeader, defaultName: string): string {
  return header.params.objective === WORST_CASE ? WORST_CASE : defaultName;
}

/** A game whose loader still sets its parameters (its class declares `params` writable, with an optional objective). */
export interface WorstCaseMarkable extends Game {
  params: Readonly<Record<string, ParamValue>>;
}

/** The game with `objective: worst-case` among its parameters (headers, manifest keys, slugs). */
export function markWorstCase<G extends WorstCaseMarkable>(game: G): G {
  const markable: WorstCaseMarkable = game;
  markable.params = { ...game.params, objective: WORST_CASE };
  return game;
}

/**
 * The solver's node budget by effort name: a short proof for quick looks, a long one for
 * thorough and exact. `wide`: games that scan thousands of guesses at every set (Wordle, Lingo),
 * where a set costs seconds: fewer sets, cheap feasibility checks in the rebuild, and a larger
 * budget for the tree one guess deeper than a proof that gave up.
 */
export function worstCaseLimits(effort: string, maxDepth: number, wide = false): WorstCaseLimits {
  const level = effort === 'quick' || effort === 'greedy' ? 0 : effort === 'thorough' || effort === 'exact' ? 2 : 1;
  if (!wide)
    return {
      ...WORST_CASE_LIMITS,
      proofNodes: ([200_000, WORST_CASE_LIMITS.proofNodes, 20_000_000] as const)[level],
      maxDepth,
    };
  return {
    ...WORST_CASE_LIMITS,
    proofNodes: ([10, 100, 1_000_000] as const)[level],
    upperNodes: 200_000,
    checkNodes: 50,
    widths: [1],
    maxDepth,
  };
}

/** The module task that decides a block of first guesses (`OpenersBlock` → `OpenersVerdict`). */
const WORST_CASE_OPENERS_TASK = 'leastWorstCaseOpeners';
export const worstCaseOpenersTask = defineTask<OpenersBlock, OpenersVerdict>(WORST_CASE_OPENERS_TASK);

/** First guesses a block task decides. */
const OPENERS_BLOCK = 64;

/** What refuting every opener found: proven (each refuted), or the opener found within, or how many stayed undecided. */
export interface OpenersProof {
  readonly refuted: number;
  readonly undecided: number;
  /** A first guess after which every secret is found within the depth, or -1. */
  readonly within: number;
  readonly nodes: number;
}

/**
 * No tree finds every secret within `depth` guesses, shown opener by opener: blocks of first
 * guesses in the pool side by side (every worker busy), each block saved to `--checkpoint` and
 * read back with `--resume`. The proof holds when every opener is refuted.
 */
export function* refuteOpeners(
  job: PoolJob,
  { limits, depth, openers, budget }: Omit<OpenersBlock, 'openers'> & { readonly openers: readonly number[] },
): PoolPlan<OpenersProof> {
  const args: OpenersBlock[] = [];
  for (let i = 0; i < openers.length; i += OPENERS_BLOCK)
    args.push({ limits, depth, openers: openers.slice(i, i + OPENERS_BLOCK), budget });
  const values = yield* moduleBlocks(job, worstCaseOpenersTask, { args, unit: 'blocks of first guesses' });
  let refuted = 0;
  let undecided = 0;
  let within = -1;
  let nodes = 0;
  values.forEach((v, b) => {
    nodes += v.nodes;
    v.verdicts.forEach((r, i) => {
      if (r === NOT_WITHIN) refuted++;
      else if (r === UNDECIDED) undecided++;
      else if (within < 0) within = args[b].openers[i];
    });
  });
  return { refuted, undecided, within, nodes };
}

/** The solver as one pool task: its result as it is (no tree when none within `limits.maxDepth` was found). */
export function* runWorstCase(job: PoolJob, limits: WorstCaseLimits): PoolPlan<WorstCaseProof> {
  return yield* moduleTask(job, worstCaseTask, limits);
}

/**
 * A proof whose tree comes from the game's own search: `tree` finds every secret within `depth`
 * guesses, and the solver, run below that depth, found no shallower tree (`below`).
 */
export function proofAbove(tree: TreeArrays, depth: number, below: WorstCaseProof): WorstCaseProof {
  return {
    tree,
    depth,
    total: 0,
    lowerBound: Math.min(below.lowerBound, depth),
    proven: below.lowerBound >= depth,
    nodes: below.nodes,
    stopped: below.stopped,
  };
}

/**
 * The least worst case within `limits.maxDepth`, proven where the budget allows, with a tree of
 * that depth. Refuses (status 6) when no tree within `maxDepth` is found: `noneText` names it.
 */
export function* proveWorstCase(job: PoolJob, limits: WorstCaseLimits, noneText: string): PoolPlan<WorstCaseProof> {
  const proof = yield* runWorstCase(job, limits);
  if (!proof.tree) {
    const why =
      proof.lowerBound > limits.maxDepth
        ? `proven: no tree solves every secret in fewer than ${proof.lowerBound}`
        : `the proof ran out of its ${count(limits.proofNodes)} nodes (proven: none in fewer than ${proof.lowerBound}; --effort thorough searches longer)`;
    throw fail('budget', `${job.label}: ${noneText} (${why}); nothing written`);
  }
  return proof;
}

/**
 * The tree of a worst-case compile: the capped search's tree when it finds every secret within
 * the proven depth with a total no larger than the solver's tree, else the solver's tree. The
 * settings record the proof; the objective adds the total of guesses (all games).
 */
export function worstCaseOutcome(
  game: Game,
  proof: WorstCaseProof,
  searched: { tree: TreeArrays; exact: boolean } | null,
  limits: WorstCaseLimits,
  base: Readonly<Record<string, ParamValue>>,
): CompileOutcome {
  const own = proof.tree as TreeArrays;
  let tree = own;
  let s = replayAll(game, own);
  let from = 'the solver';
  let totalProven = false;
  if (searched) {
    const t = replayAll(game, searched.tree);
    const all = (t.histogram[0] ?? 0) === 0 && t.missingBranches === 0;
    if (all && t.maxFound <= proof.depth && guessTotals(t).totalGuesses <= guessTotals(s).totalGuesses) {
      tree = searched.tree;
      s = t;
      from = 'the search capped at the depth';
      totalProven = searched.exact;
    }
  }
  const depth = s.maxFound;
  const lowerBound = Math.min(proof.lowerBound, depth);
  const settings: Record<string, ParamValue> = {
    ...base,
    objective: WORST_CASE,
    worstCaseSearch: 'least worst case by iterative deepening, then the least total within it',
    proofNodes: limits.proofNodes,
    proofNodesUsed: proof.nodes,
    maxDepth: depth,
    lowerBound,
    depthProven: lowerBound === depth,
    totalFrom: from,
    totalProven,
    provenOptimal: lowerBound === depth && totalProven,
  };
  return { tree, settings, objectiveExtra: guessTotals(s) };
}

/** The objective of a worst-case tree in words: the depth and its proof, then the total. */
export function describeWorstCase(header: TreeHeader, recorded = false): string[] {
  const o = header.objective;
  const st = header.settings;
  const worst = Number(o.maxAttempts);
  const lb = Number(st.lowerBound);
  const total = Number(o.totalGuesses);
  const said = recorded ? 'recorded by its compile' : 'proven';
  const proof =
    lb >= worst
      ? `${said}: no tree solves every secret in fewer than ${worst}`
      : `${said}: no tree solves every secret in fewer than ${lb} (${worst} not proven least)`;
  const totalText =
    st.totalProven === true
      ? `${recorded ? 'recorded by its compile as ' : ''}proven least among trees of worst case ${worst}`
      : 'least found, not proven';
  return [
    `worst case ${worst} guess${worst === 1 ? '' : 'es'}, ${proof}`,
    `total ${count(total)} guesses (${totalText}), mean ${Number(o.meanGuesses).toFixed(4)}`,
  ];
}

/** Least worst case first, then least total (higher is better). */
export function worstCaseMerit(header: TreeHeader): number {
  return -Number(header.objective.maxAttempts) * 1e12 - Number(header.objective.totalGuesses);
}
