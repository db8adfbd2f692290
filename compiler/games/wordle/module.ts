/**
 * Wordle (`--game wordle --answers FILE --guesses FILE [--hard] [--max-guesses N]`): the secrets
 * are the answers, the guesses the answers and the allowed guesses together, 6 tries (or N),
 * Lingo's masks. The objective is the least total number of guesses over the answers, then the
 * fewest answers that need the last guess allowed: in the engine a guess costs a unit (4096 up to
 * 4095 answers, `wordleGuessUnit`) and the last one a unit plus one, an answer not found within
 * the limit so much that every answer is found when possible.
 */
import { existsSync, readFileSync } from 'node:fs';
import { writeFileAtomic } from '../../../runtime/atomic-write.js';
import { fail } from '../../../runtime/errors.js';
import {
  checkTreeMatches,
  guessSlot,
  type ParamValue,
  type TreeFile,
  type TreeHeader,
} from '../../../runtime/tree-format.js';
import {
  loadUniformWordList,
  makeWordList,
  WORD_LIST_MAX_LINE_BYTES,
  type WordList,
} from '../../../runtime/wordlist.js';
import { carriedGuesses, carriedSecrets, guessTable } from '../tree-words.js';
import { AttemptObjective } from '../../engine/attempt-objective.js';
import { CandidateRanker, endgameFamilies } from '../../engine/candidate-ranker.js';
import type { EngineParts } from '../../engine/search.js';
import { EFFORT_DEFAULTS, type Moves } from '../../engine/types.js';
import { budgeted, type BudgetedTree, type CompileControl, type PoolPlan } from '../compile-api.js';
import { describeGuessTotals, recordedText } from '../../objective.js';
import { safeText } from '../../../runtime/messages.js';
import type { CompileOutcome, GameModule, GameOptions, LoadedGame } from '../module.js';
import { flagOption, intOption, required, sampleWords, stringOption, writeSample } from '../options.js';
import { ALL, widthEffort, widthsText, type WidthEffort } from '../width-efforts.js';
import { TOOL_VERSION } from '../../version.js';
import { badJob, jobBoolean, jobChoice, jobIndices, jobLetters, jobLists, jobRecord, jobWhole } from '../job-check.js';
import {
  WORDLE_ATTEMPTS,
  WORDLE_MAX_ATTEMPTS,
  WordleGame,
  wordleGuessUnit,
  wordleProbes,
  type WordleSpec,
} from './game.js';
import {
  everyGuess,
  openersWithin,
  proveLeastWorstCase,
  ruleGuesses,
  type GuessPool,
  type WorstCaseLimits,
  type WorstCaseParts,
  type WorstCaseProof,
} from '../../engine/least-worst-case.js';
import {
  describeWorstCase,
  isWorstCase,
  markWorstCase,
  objectiveFromHeader,
  objectiveOption,
  proofAbove,
  proveWorstCase,
  refuteOpeners,
  runWorstCase,
  worstCaseLimits,
  worstCaseMerit,
  worstCaseOpenersTask,
  worstCaseOutcome,
  worstCaseTask,
} from '../worst-case.js';
import { runs, taskTable } from '../module-tasks.js';
import { replayAll } from '../../replay.js';
import { checkProof, formatProof, listOf, parseProof, proofPathOf, proofValue, readProof } from './proof.js';
import { wordMaskRules } from '../word-mask-explorer.js';
import { guidedRanker } from '../../engine/guided-ranker.js';
import { checkLineJob, lineGuides, linesOfSetup, lineSetup, linesText, parseLines, type WordleLine } from './line.js';
import { feedbackCodeCount, solvedCode } from '../../../runtime/lingo-feedback.js';

export type WordleEffort = WidthEffort;

/**
 * Every guess is ranked at every node (by the number of reply groups, then the evenness of the
 * split); the top `widths[used]` are compared by the exact totals of their subtrees, with
 * cut-offs against the best total so far and a memo of solved answer sets. `exact` compares
 * every allowed guess at every node below the openers.
 */
export const WORDLE_EFFORTS: readonly WordleEffort[] = [
  { name: 'greedy', describe: 'one step deep: the best-ranked guess everywhere (seconds)', widths: [1] },
  {
    name: 'default',
    describe: 'the top 12 openers and the top 100 guesses at every node below, compared by their subtrees',
    widths: [12, 100, 100, 100, 100, 100],
  },
  {
    name: 'thorough',
    describe: 'as default, with the top 250 guesses at the second to the fourth guess (about 4x the time)',
    // Why 250 three deep: every word an answer, below LANTS, the default's widths leave one
    // group (YBBBG, 354 words) 11 guesses above the best known; 250 at the second guess alone
    // or the second and third leaves it there; 250 at the second to fourth finds it (BENCHMARKS.md).
    widths: [12, 250, 250, 250, 100, 100],
  },
  {
    name: 'exact',
    describe:
      'every allowed guess at every node below the 12 best-ranked openers (--openers N, or below --opener): the optimum for each, proven',
    widths: [ALL, ALL, ALL, ALL, ALL, ALL],
    exact: true,
  },
];

/** One guess costs this much in the engine with fewer than 4096 answers (the last guess one more): exact integers. */
export const WORDLE_GUESS_COST = 4096;

export function wordleEffort(name: string): WordleEffort {
  return widthEffort(WORDLE_EFFORTS, name, 'wordle');
}

export interface WordleSetup {
  readonly effort: string;
  readonly probes: Uint32Array;
  /** Every answer found within this many guesses (the worst-case objective's proven depth); absent: the limit. */
  readonly maxDepth?: number;
  /** The game's limit on guesses when it is not 6 (the parts read it from the game; here for checkpoints' fingerprints). */
  readonly maxGuesses?: number;
  /** `--line`: every line's guesses and replies, one line after another, and each line's count of guesses. */
  readonly lineGuesses?: Uint32Array;
  readonly lineReplies?: Uint32Array;
  readonly lineLengths?: Uint32Array;
}

/** The worst-case solver's sets in hard mode (but greedy). */
const HARD_PROOF_NODES = 2_000_000;
/** Sets each first guess may search when the proof runs opener by opener (at least). */
const OPENER_PROOF_NODES = 100_000;

/** Endgame families (answers alike but for one letter) of at least this many answers. */
const ENDGAME_MIN = 3;

/** Openers `--effort exact` compares (the best-ranked), unless --openers says otherwise. */
const EXACT_OPENERS = 12;

/** Parts of at least this many answers are probed (their one-step bounds) before any is searched. */
const EXACT_PROBE_MIN = 50;

/** The memo of an exact search (sets of 3 answers or more), per engine: entries and estimated bytes. */
const EXACT_MEMO_ENTRIES = 8_000_000;
const EXACT_MEMO_BYTES = 1024 * 2 ** 20;

export function wordleParts(game: WordleGame, setup: WordleSetup): EngineParts<string> {
  const effort = wordleEffort(setup.effort);
  const c = wordleGuessUnit(game.secretCount);
  const limit = game.maxAttempts;
  const attempts = Math.min(limit, setup.maxDepth ?? limit);
  // A secret left unsolved costs more than any plan that finds every one.
  const unsolved = 1_000_000 * c;
  const objective = new AttemptObjective<string>(
    {
      attempts,
      // The last guess allowed costs one more (the tie-break), unless a depth cap stops short of it.
      costs: Array.from({ length: attempts + 1 }, (_, a) => a * c + (a === limit ? 1 : 0)),
      unsolved,
      branches: Infinity,
      depthTieBreak: false,
      secretCount: game.secretCount,
    },
    (s) => game.guessOfSecret(s),
  );
  const rule = game.guessFilter;
  const exact = effort.exact === true;
  const familiesOf = (min: number) =>
    endgameFamilies(game.kernel.letters, game.params.length, game.secretCount, (s) => game.guessOfSecret(s), min);
  // Endgames bind in hard mode (few guesses allowed test the letter a family differs by).
  const endgames = rule ? familiesOf(ENDGAME_MIN) : undefined;
  const ranker = new CandidateRanker(
    game,
    objective,
    {
      probes: setup.probes,
      candidatePoolMax: Number.MAX_SAFE_INTEGER,
      candidateShortcut: true,
      exact,
      exactOrder: 'mixed',
      endgames,
      splitFamilies: familiesOf(2),
    },
    rule,
  );
  const moves = wordleMoves(game);
  const { lineGuesses, lineReplies, lineLengths } = setup;
  const line =
    lineGuesses && lineReplies && lineLengths
      ? lineGuides(game, linesOfSetup({ lineGuesses, lineReplies, lineLengths }))
      : [];
  return {
    game,
    objective,
    moves,
    ranker: guidedRanker(ranker, line, game.secretCount),
    effort: {
      ...EFFORT_DEFAULTS,
      widthsByUsed: effort.widths,
      lookaheadMinSet: 1,
      memoMinSet: 3,
      memoMaxEntries: exact ? EXACT_MEMO_ENTRIES : 2_000_000,
      memoMaxBytes: exact ? EXACT_MEMO_BYTES : EFFORT_DEFAULTS.memoMaxBytes,
      // Exact: small parts first (solved exactly, they leave the large ones a tight budget that
      // fails fast), and the large parts' one-step bounds before any search (a bad opener is
      // refuted by them alone). The default effort's widths gain nothing from either.
      groupOrder: exact ? 'smallest-first' : 'largest-first',
      prepass: true,
      probeMinSet: exact ? EXACT_PROBE_MIN : EFFORT_DEFAULTS.probeMinSet,
      // A plan that leaves a word unsolved sends the search on down the ranking (not under a
      // depth cap, where secrets left over are the cap's cost, nor in the exact search, which sees every guess).
      ...(exact || setup.maxDepth !== undefined ? {} : { unsolvedFrom: unsolved }),
    },
  };
}

/** The node state: hard mode's rule state, else none. */
function wordleMoves(game: WordleGame): Moves<string> {
  const rule = game.guessFilter;
  return rule
    ? {
        root: rule.start,
        after: (s, g, code) => rule.after(s, g, code),
        key: (s) => s,
        allows: (s, g) => rule.allows(s, g),
      }
    : { root: '', after: (s) => s, key: (s) => s };
}

/** The least-worst-case solver's parts: every guess, or the ones hard mode allows. */
function wordleWorstCaseParts(game: WordleGame): WorstCaseParts<string> {
  const rule = game.guessFilter;
  const pool: GuessPool<string> = rule
    ? ruleGuesses(game, (state, list) => rule.filter(state, list))
    : everyGuess<string>(game);
  return { game, moves: wordleMoves(game), pool };
}

/** The least-worst-case solver's task. */
function wordleWorstCase(game: WordleGame, limits: WorstCaseLimits, searched?: (sets: number) => void) {
  return proveLeastWorstCase(wordleWorstCaseParts(game), limits, searched);
}

/** A Wordle game's mode: hard or not, and its limit on guesses (absent: 6). */
export interface WordleMode {
  readonly hard: boolean;
  readonly attempts?: number;
}

/** The answers, and the union of the answers and the allowed guesses, both normalized. */
export function loadWordleGame(answersPath: string, guessesPath: string, mode: WordleMode): WordleGame {
  return wordleGameOf(loadUniformWordList(answersPath), guessesPath, mode);
}

/** The game of these answers and the allowed guesses in `guessesPath`. */
function wordleGameOf(answers: WordList, guessesPath: string, mode: WordleMode): WordleGame {
  const { hard, attempts = WORDLE_ATTEMPTS } = mode;
  const allowed = loadUniformWordList(guessesPath);
  const length = answers.words[0].length;
  const allowedLength = allowed.words[0].length;
  if (allowedLength !== length) {
    throw fail(
      'wordlist',
      `${guessesPath}:1: "${allowed.words[0]}" has ${allowedLength} letters, the answers in ${answers.source} have ${length}`,
    );
  }
  const guesses = makeWordList(guessesPath, [...allowed.words, ...answers.words]);
  return WordleGame.fromLists(answers, guesses, hard, undefined, attempts);
}

/** What a compile proved, for the line after the tree (not in the header: it depends on the timing). */
interface WordleReport {
  line: string | null;
  /** The proof file's text after `--prove`. */
  proof: string | null;
}

/** A proof's budget: one guess more than the best's, so every opener ends exact or bounded above the best in whole guesses. */
export function proofBudget(bestKey: number, unit = WORDLE_GUESS_COST): number {
  return (Math.floor(bestKey / unit) + 1) * unit;
}

/** The words of the game's guesses (the loaded game has them). */
function guessWords(game: WordleGame): string[] {
  return Array.from({ length: game.guessCount }, (_, g) => game.guessName(g));
}

/** The proof beside a tree (or `given`), checked against the game and the tree's total; null when there is none. */
function checkedProof(game: WordleGame, file: TreeFile, treePath: string, given?: string) {
  const path = given ?? proofPathOf(treePath);
  if (given === undefined && !existsSync(path)) return null;
  const proof = readProof(path);
  const check = checkProof(
    proof,
    {
      hard: game.params.hard === true,
      attempts: game.maxAttempts,
      lists: game.lists,
      guessWords: game.guessCount < listOf(game.lists, 'guesses').count ? null : guessWords(game),
    },
    Number(file.header.objective.totalGuesses),
    path,
  );
  return { path, proof, check };
}

/** What a Wordle compile is asked for: the options checked together, and the root's spec. */
interface WordlePlanOptions {
  readonly prove: boolean;
  readonly worst: boolean;
  readonly effort: WordleEffort;
  readonly opener: number | undefined;
  /** `--line`: the lines it fixes (their first guess is `opener`). */
  readonly lines: readonly WordleLine[] | undefined;
  readonly spec: { readonly width: number; readonly only?: number[]; readonly first?: number };
}

function wordlePlanOptions(game: WordleGame, control: CompileControl): WordlePlanOptions {
  const prove = control.options.prove === true;
  const openerWord = typeof control.options.opener === 'string' ? control.options.opener : undefined;
  const worst = isWorstCase(game.params);
  if (worst && prove)
    throw fail(
      'usage',
      '--prove proves the least total; --objective worst-case proves the least worst case and takes no --prove',
    );
  if (prove && openerWord !== undefined) throw fail('usage', '--prove searches every opener; it takes no --opener');
  if (prove && control.effort !== 'default' && control.effort !== 'exact')
    throw fail('usage', `--prove is an exact search; it cannot be combined with --effort ${control.effort}`);
  // --prove with the default effort: the default tree, then every opener under its total's budget.
  const effort = wordleEffort(control.effort);
  let opener: number | undefined;
  if (openerWord !== undefined) {
    opener = game.guesses?.indexOf(openerWord) ?? -1;
    if (opener < 0) throw fail('usage', `--opener ${safeText(openerWord)}: not a word of the guesses or the answers`);
  }
  const lineOption = typeof control.options.line === 'string' ? control.options.line : undefined;
  const lines = lineOption === undefined ? undefined : parseLines(game, lineOption);
  if (lines) {
    if (prove || effort.exact || worst)
      throw fail(
        'usage',
        '--line fixes guesses the search does not choose: it goes with --effort greedy, default or thorough and the total objective, without --prove',
      );
    if (opener !== undefined && opener !== lines[0].guesses[0])
      throw fail(
        'usage',
        `--opener ${safeText(openerWord ?? '')} and --line ${safeText(lineOption ?? '')} start with different guesses`,
      );
    opener = lines[0].guesses[0];
  }
  const count = typeof control.options.openers === 'number' ? control.options.openers : undefined;
  if (count !== undefined && (prove || !effort.exact || opener !== undefined))
    throw fail(
      'usage',
      '--openers N goes with --effort exact (without --opener): the N best-ranked openers, each searched exactly',
    );
  // --opener: that first guess alone, whatever the effort. Exact: the openers in the order of the
  // exact ranking (every guess), the first N of them.
  const spec =
    opener !== undefined
      ? { width: 1, only: [opener] }
      : !effort.exact
        ? { width: effort.widths[0] }
        : prove
          ? { width: Infinity }
          : { width: Infinity, first: count ?? EXACT_OPENERS };
  return { prove, worst, effort, opener, lines, spec };
}

/** A compile's pool jobs and searches, over one game and its options. */
interface WordlePasses {
  readonly game: WordleGame;
  readonly slug: string;
  readonly unit: number;
  readonly probes: Uint32Array;
  /** A job's setup with the game's limit when it is not 6 (checkpoints' fingerprints tell the games apart). */
  readonly withLimit: (setup: WordleSetup) => WordleSetup;
  /** The search of the compile's effort (`maxDepth`: capped at that depth). */
  readonly search: (maxDepth: number | undefined, checkpointPrefix?: string) => PoolPlan<BudgetedTree>;
}

function wordlePasses(loaded: LoadedGame, game: WordleGame, o: WordlePlanOptions): WordlePasses {
  const probes = wordleProbes(game);
  const N = game.secretCount;
  const limit = game.maxAttempts;
  const unit = wordleGuessUnit(N);
  const withLimit = (setup: WordleSetup): WordleSetup =>
    limit === WORDLE_ATTEMPTS ? setup : { ...setup, maxGuesses: limit };
  const search = function* (maxDepth: number | undefined, checkpointPrefix?: string): PoolPlan<BudgetedTree> {
    const job = wordleJob(
      { game, slug: loaded.slug, withLimit },
      {
        effort: o.effort.name,
        probes,
        ...(maxDepth !== undefined ? { maxDepth } : {}),
        ...(o.lines ? lineSetup(o.lines) : {}),
      },
    );
    const found = yield* budgeted(job, {
      ...o.spec,
      unit: 'openers',
      budgetOf: o.prove && o.effort.exact ? (key: number) => proofBudget(key, unit) : undefined,
      ...(checkpointPrefix !== undefined ? { checkpointPrefix } : {}),
    });
    if (!found) throw new Error('wordle compile: no plan');
    return found;
  };
  return { game, slug: loaded.slug, unit, probes, withLimit, search };
}

/** The engine job of one search of the game. */
function wordleJob(w: Pick<WordlePasses, 'game' | 'slug' | 'withLimit'>, setup: WordleSetup) {
  const { game } = w;
  const unit = wordleGuessUnit(game.secretCount);
  return {
    module: 'wordle',
    gameSpec: game.spec(),
    setup: w.withLimit(setup),
    parts: wordleParts(game, setup),
    label: w.slug,
    bestText: (cost: number) => `mean ${(Math.floor(cost / unit) / game.secretCount).toFixed(4)} guesses`,
    nameSecret: (s: number) => game.secretName(s),
    nameGuess: (g: number) => game.guessName(g),
  };
}

/**
 * The proof beside a tree of key `treeKey`: every opener searched exactly under one guess more
 * than the tree's total from the first (no opener needs solving without a budget).
 */
function* provePass(w: WordlePasses, treeKey: number): PoolPlan<BudgetedTree> {
  const budget = proofBudget(treeKey, w.unit);
  const found = yield* budgeted(wordleJob(w, { effort: 'exact', probes: w.probes }), {
    width: Infinity,
    unit: 'openers',
    budgetOf: (key: number) => proofBudget(key, w.unit),
    budget,
    checkpointPrefix: 'proof-',
  });
  if (!found) throw new Error("wordle proof: no opener below the tree's own total");
  return found;
}

/** The worst-case objective's passes: the least worst case proven, and the tree searched within it (when found on the way). */
function* worstCasePasses(
  w: WordlePasses,
  effort: WordleEffort,
  control: CompileControl,
): PoolPlan<{ proof: WorstCaseProof; limits: WorstCaseLimits; r: BudgetedTree | null }> {
  const { game } = w;
  const limit = game.maxAttempts;
  let limits = worstCaseLimits(effort.name, limit, true);
  // Hard mode's sets allow few guesses and are refuted in a few scans: a proof of the whole
  // depth fits the budget (Wordle's lists: 4 refuted in about 90,000 sets).
  if (game.params.hard && effort.name !== 'greedy')
    limits = { ...limits, proofNodes: Math.max(limits.proofNodes, HARD_PROOF_NODES) };
  const proofJob = {
    module: 'wordle',
    gameSpec: game.spec(),
    setup: w.withLimit({ effort: effort.name, probes: w.probes }),
    label: w.slug,
  };
  // The search capped at one guess less than the game's limit first: when it finds every answer,
  // the solver only has to look below its depth (it finds a tree of that depth slowly in hard mode).
  const first = yield* w.search(limit - 1);
  const s = replayAll(game, first.tree);
  const all = (s.histogram[0] ?? 0) === 0 && s.missingBranches === 0;
  // Hard mode, or normal mode with --checkpoint: no tree one guess shallower, opener by opener
  // (blocks side by side, resumable). Else, or when some opener is not refuted, one task.
  const byOpeners = all && s.maxFound > 1 && (game.params.hard ? effort.name !== 'greedy' : control.checkpoint);
  const everyGuess = (): number[] => Array.from({ length: game.guessCount }, (_, g) => g);
  const openerBudget = Math.max(limits.proofNodes, OPENER_PROOF_NODES);
  const openers = byOpeners
    ? yield* refuteOpeners(proofJob, { limits, depth: s.maxFound - 1, openers: everyGuess(), budget: openerBudget })
    : null;
  const proven = (tree: BudgetedTree, depth: number, nodes: number) => ({
    proof: proofAbove(tree.tree, depth, {
      tree: null,
      depth: 0,
      total: 0,
      lowerBound: depth,
      proven: true,
      nodes,
      stopped: false,
    }),
    limits,
    r: tree,
  });
  if (openers && openers.refuted === game.guessCount) return proven(first, s.maxFound, openers.nodes);
  if (all) {
    const below = yield* runWorstCase(proofJob, { ...limits, maxDepth: s.maxFound - 1 });
    if (!below.tree) return { proof: proofAbove(first.tree, s.maxFound, below), limits, r: first };
    return { proof: below, limits, r: null };
  }
  if (control.checkpoint && !game.params.hard) {
    const refuted = yield* refuteOpeners(proofJob, {
      limits,
      depth: limit - 1,
      openers: everyGuess(),
      budget: openerBudget,
    });
    if (refuted.within < 0) {
      // No tree within the capped depth was found (12,972 answers): that depth refuted in blocks
      // of first guesses (resumable), then the search at the game's depth.
      if (refuted.undecided > 0)
        throw fail(
          'budget',
          `${w.slug}: ${limit - 1} guesses not refuted: ${refuted.undecided.toLocaleString('en-US')} of ${game.guessCount.toLocaleString('en-US')} first guesses undecided within their ${openerBudget.toLocaleString('en-US')} sets (proven: none in fewer than ${limit - 1}); --resume keeps the blocks settled; nothing written`,
        );
      const full = yield* w.search(limit, 'full-');
      const t = replayAll(game, full.tree);
      if ((t.histogram[0] ?? 0) !== 0 || t.missingBranches !== 0)
        throw fail(
          'budget',
          `${w.slug}: proven: no tree solves every answer in fewer than ${limit}, but the search found no tree within ${limit}; nothing written`,
        );
      return proven(full, limit, refuted.nodes);
    }
  }
  const proof = yield* proveWorstCase(proofJob, limits, `no tree finds every answer within ${limit} guesses`);
  // The search capped at that depth has run already.
  return { proof, limits, r: proof.depth === limit - 1 ? first : null };
}

function* compileWordle(
  loaded: LoadedGame,
  game: WordleGame,
  control: CompileControl,
  report: WordleReport,
): PoolPlan<CompileOutcome> {
  const o = wordlePlanOptions(game, control);
  const { prove, effort, opener } = o;
  const w = wordlePasses(loaded, game, o);
  const { unit } = w;
  const worst = o.worst ? yield* worstCasePasses(w, effort, control) : null;
  const proof = worst?.proof ?? null;
  const started = process.hrtime.bigint();
  let r = worst?.r ?? (yield* w.search(proof ? proof.depth : undefined));
  const p = prove && !effort.exact ? yield* provePass(w, r.cost) : r;
  const whole = (cost: number): number => Math.floor(cost / unit);
  // The proof found fewer guesses than the default tree: its exact tree ships instead.
  const exactTree = effort.exact || whole(p.cost) < whole(r.cost);
  if (exactTree) r = p;
  if (prove && p.everyGuess) {
    const proofText = wordleProofText(game, { p, r }, { unit, started });
    report.proof = proofText;
    if (!effort.exact && !exactTree)
      report.line = `proven optimal over every opener (${p.candidates} openers: ${p.searched} searched to the end, ${p.cut} cut off, ${p.byBound} settled by their bound)`;
  }
  let settings: Record<string, ParamValue>;
  if (!exactTree) {
    settings = {
      effort: effort.name,
      widths: widthsText(effort.widths),
      ranking: 'reply groups, then sum of squared group sizes',
      cutoffs: true,
      candidateShortcut: true,
      // Searched below the given first guess only; the root's one-step bound holds for every opener.
      ...(opener !== undefined && !o.worst ? { opener: game.guessName(opener) } : {}),
      ...(o.lines ? { line: linesText(game, o.lines) } : {}),
      ...(opener !== undefined && !o.worst && r.lowerBound !== null
        ? { totalLowerBound: Math.floor(r.lowerBound / unit) }
        : {}),
    };
  } else {
    const proven = prove && r.everyGuess ? 'global' : 'opener';
    settings = {
      effort: 'exact',
      widths: 'all',
      opener: game.guessName(r.guess),
      openers: r.candidates,
      ranking: 'reply groups and the sum of squared group sizes',
      cutoffs: true,
      candidateShortcut: true,
      proven,
    };
    const how = `${r.candidates} opener${r.candidates === 1 ? '' : 's'}: ${r.searched} searched to the end, ${r.cut} cut off, ${r.byBound} settled by their bound`;
    report.line =
      proven === 'global'
        ? `proven optimal over every opener (${how})`
        : `proven optimal for the opener ${game.guessName(r.guess)} (${how})`;
  }
  // The engine's bound as the header's score: minus the guesses (and 1/4096 per 6th guess).
  if (worst) {
    // The capped search's total is proven least only by an exact search over every opener.
    const out = worstCaseOutcome(game, worst.proof, { tree: r.tree, exact: false }, worst.limits, settings);
    return { ...out, settings: { ...out.settings, opener: game.guessName(out.tree.guess[0]) } };
  }
  const bound = settings.proven === 'global' ? r.cost : r.lowerBound;
  const N = game.secretCount;
  const objectiveExtra: Record<string, ParamValue> =
    bound !== null
      ? {
          upperBound: -bound / unit,
          upperBoundMean: Math.round((-bound / unit / N) * 1e6) / 1e6,
        }
      : {};
  return { tree: r.tree, settings, objectiveExtra };
}

/** The proof file's text after `--prove`: a line per opener, the best named by the tree's opener when it is one of the best. */
function wordleProofText(
  game: WordleGame,
  trees: { readonly p: BudgetedTree; readonly r: BudgetedTree },
  at: { readonly unit: number; readonly started: bigint },
): string {
  const { p, r } = trees;
  const { unit } = at;
  const limit = game.maxAttempts;
  const whole = (cost: number): number => Math.floor(cost / unit);
  const solvedMax = game.secretCount * (limit * unit + 1);
  const lines = p.outcomes.map((o) => ({
    word: game.guessName(o.guess),
    value: proofValue(o, unit, solvedMax),
  }));
  const treeLine = lines.find((l) => l.word === game.guessName(r.guess));
  const best =
    treeLine?.value.kind === 'exact' && treeLine.value.total === whole(p.cost)
      ? { word: treeLine.word, total: treeLine.value.total }
      : { word: game.guessName(p.guess), total: whole(p.cost) };
  const seconds = Number(process.hrtime.bigint() - at.started) / 1e9;
  return formatProof(
    {
      mode: game.params.hard === true ? 'hard' : 'normal',
      attempts: limit,
      answers: listOf(game.lists, 'answers'),
      guesses: listOf(game.lists, 'guesses'),
      openers: lines.length,
      best,
      seconds,
      tool: `guesstree ${TOOL_VERSION}`,
    },
    lines,
  );
}

/** The objective in words, and what the search proved. */
function describeWordle(header: TreeHeader, recorded = false): string[] {
  const proven = header.settings.proven;
  const lines = describeGuessTotals(header, recorded);
  if (proven === 'global')
    return [
      lines[0],
      recordedText(
        `proven optimal: no tree needs fewer guesses, whatever its opener (${String(header.settings.openers)} openers compared)`,
        recorded,
      ),
    ];
  if (proven === 'opener')
    return [...lines, recordedText(`proven optimal for the opener ${String(header.settings.opener)}`, recorded)];
  return lines;
}

export const wordleModule: GameModule<WordleSpec, WordleSetup, string> = {
  id: 'wordle',
  describe: 'Wordle: answers and allowed guesses, 6 tries, least total guesses (normal or hard mode)',
  replyHelp:
    'the mask: O right place, ? elsewhere, X absent, one letter a position (any case, e.g. OX?XX); OOOOO when solved',
  options: [
    { name: 'answers', type: 'file', describe: 'the possible secrets, one word a line' },
    { name: 'guesses', type: 'file', describe: 'the allowed guesses (the answers are always allowed too)' },
    { name: 'hard', type: 'boolean', describe: 'hard mode: greens stay in place, revealed letters are reused' },
    {
      name: 'max-guesses',
      header: 'attempts',
      type: 'integer',
      min: 2,
      max: WORDLE_MAX_ATTEMPTS,
      describe: 'the limit on guesses (default 6); a tree for another limit is its own tree',
    },
    {
      name: 'opener',
      type: 'string',
      compileOnly: true,
      describe: 'search below this first guess only (with --effort exact: its proven optimum)',
    },
    {
      name: 'line',
      type: 'string',
      compileOnly: true,
      describe:
        'lines of play the tree keeps, GUESS.MASK.GUESS... each, comma-separated (e.g. chomp.XXXXX.bezil: CHOMP first, BEZIL after XXXXX); the search fills in the rest',
    },
    {
      name: 'prove',
      type: 'boolean',
      compileOnly: true,
      describe:
        'prove which opener is optimal: every allowed first guess bounded or searched exactly (implies --effort exact)',
    },
    {
      name: 'openers',
      type: 'integer',
      min: 1,
      max: 1_000_000,
      compileOnly: true,
      describe:
        'with --effort exact: how many of the best-ranked openers are searched exactly (default 12; more than there are: all)',
    },
    objectiveOption('total', 'the least total guesses'),
  ],
  efforts: WORDLE_EFFORTS,
  exportFormats: [
    {
      name: 'proof',
      describe: 'the proof of every first guess that compile --prove wrote beside the tree (WORD<TAB>=N, >=N or none)',
      needsTree: true,
      render: (loaded, file, path) => {
        const game = (loaded as LoadedGame).game as WordleGame;
        const treePath = path ?? '(the tree)';
        const c = checkedProof(game, file as TreeFile, treePath);
        if (!c)
          throw fail(
            'manifest',
            `no proof beside ${treePath} (${proofPathOf(treePath)}); make one with: guesstree compile --game wordle --answers FILE --guesses FILE${game.params.hard === true ? ' --hard' : ''} --prove`,
          );
        return readFileSync(c.path, 'utf8');
      },
    },
  ],
  verifyExtra: {
    options: [
      {
        name: 'proof',
        type: 'file',
        describe:
          'a proof file to check against the lists and the tree (default: the one beside the tree, when there is one)',
      },
    ],
    run: () => false,
  },
  // Measured (bench:memory, BENCHMARKS.md): the answers x guesses table is shared; each search's
  // memo grows with the guesses and with the answers squared (its sets are the answers' groups:
  // 2,315 answers, about 10 MiB a worker; all 12,972 words as answers, over 1 GiB with one).
  searchBytes(size, effort, opts) {
    const MiB = 2 ** 20;
    const KiB = 2 ** 10;
    const G = size.guessCount;
    const A = size.secretCount;
    // Exact (and --prove, which implies it): the memo's byte cap (1 GiB) and its entries' sets.
    if (effort === 'exact' || opts.prove === true) return 1280 * MiB + G * 16 * KiB;
    const worst = isWorstCase(opts) ? 96 * MiB : 0;
    if (effort === 'greedy') return worst + 8 * MiB + G * 512;
    return opts.hard === true ? worst + 56 * MiB + G * 2 * KiB + 8 * A * A : worst + 8 * MiB + G * KiB + 8 * A * A;
  },
  sharedBytes(game) {
    const g = game as WordleGame;
    // The feedback table (answers x guesses, a byte each, when the codes fit one), the letters, the answers.
    const table = g.codeCount <= 256 ? g.secretCount * g.guessCount : 0;
    return table + g.guessCount * g.kernel.length + g.secretCount * 4;
  },
  sample(dir) {
    const words = sampleWords(50, 5, 'aeilnorstu', 2);
    return {
      answers: writeSample(dir, 'answers.txt', words.slice(0, 20)),
      guesses: writeSample(dir, 'guesses.txt', words.slice(20)),
    };
  },
  load(opts: GameOptions): LoadedGame {
    const answers = required(
      stringOption(opts, 'answers'),
      'wordle',
      '--answers FILE (the possible secrets) and --guesses FILE (the allowed guesses)',
    );
    const guesses = required(
      stringOption(opts, 'guesses'),
      'wordle',
      '--answers FILE (the possible secrets) and --guesses FILE (the allowed guesses)',
    );
    return wordleLoaded(
      opts,
      loadWordleGame(answers, guesses, { hard: flagOption(opts, 'hard'), attempts: maxGuessesOf(opts) }),
    );
  },
  loadFromTree(opts, file, where) {
    const hard = flagOption(opts, 'hard');
    const answersPath = stringOption(opts, 'answers');
    const guessesPath = stringOption(opts, 'guesses');
    if (answersPath !== undefined && guessesPath !== undefined) return { loaded: wordleModule.load(opts), file };
    const answers = answersPath !== undefined ? loadUniformWordList(answersPath) : carriedSecrets(file, where);
    // A list given is the tree's or refused, before any game is built from it.
    checkTreeMatches(
      file,
      { lists: [{ role: 'answers', count: answers.words.length, sha256: answers.sha256 }] },
      where,
    );
    if (guessesPath !== undefined)
      return {
        loaded: wordleLoaded(opts, wordleGameOf(answers, guessesPath, { hard, attempts: maxGuessesOf(opts) })),
        file,
      };
    // No guesses list: the game's guesses are the answers and the guesses the tree plays, renumbered.
    const table = carriedGuesses(file, where);
    const words = makeWordList(`${where} (the guesses it carries)`, [...answers.words, ...table.words]);
    const guessesRef = file.header.lists.find((l) => l.role === 'guesses');
    if (!guessesRef) throw fail('tree-file', `${where}: tree has no guesses list`);
    const game = WordleGame.fromLists(answers, words, hard, guessesRef, maxGuessesOf(opts));
    const guess = Uint32Array.from(
      file.tree.guess,
      (g) => words.index.get(table.words[guessSlot(table.index, g)]) as number,
    );
    return { loaded: wordleLoaded(opts, game), file: { ...file, tree: { ...file.tree, guess } } };
  },
  optionsFromHeader: (header, opts) => ({
    answers: opts.answers,
    guesses: opts.guesses,
    hard: header.params.hard === true,
    'max-guesses': typeof header.params.attempts === 'number' ? header.params.attempts : undefined,
    objective: objectiveFromHeader(header, 'total'),
  }),
  checkJob(gameSpec, setup, checkOptions) {
    const s = jobRecord(gameSpec, 'gameSpec');
    jobChoice(s.kind, 'gameSpec.kind', ['wordle']);
    const length = jobWhole(s.length, 'gameSpec.length', 1, WORD_LIST_MAX_LINE_BYTES);
    const limit = s.attempts === undefined ? WORDLE_ATTEMPTS : jobWhole(s.attempts, 'gameSpec.attempts');
    checkOptions({ hard: jobBoolean(s.hard, 'gameSpec.hard') || undefined, 'max-guesses': limit });
    const guesses = jobLetters(s.letters, 'gameSpec.letters', length);
    const answers = jobIndices(s.answerGuess, 'gameSpec.answerGuess', guesses).length;
    if (answers === 0) throw badJob('gameSpec.answerGuess', 'no answers');
    if (s.table !== null && !(s.table instanceof Uint8Array && s.table.length === answers * guesses))
      throw badJob('gameSpec.table', `expected null or ${answers} × ${guesses} reply bytes`);
    jobLists(s.lists, 'gameSpec.lists');
    const u = jobRecord(setup, 'setup');
    jobChoice(
      u.effort,
      'setup.effort',
      WORDLE_EFFORTS.map((e) => e.name),
    );
    jobIndices(u.probes, 'setup.probes', guesses);
    if (u.maxDepth !== undefined) jobWhole(u.maxDepth, 'setup.maxDepth', 1, limit);
    if (u.maxGuesses !== undefined) jobWhole(u.maxGuesses, 'setup.maxGuesses', limit, limit);
    if (u.lineGuesses !== undefined || u.lineReplies !== undefined || u.lineLengths !== undefined)
      checkLineJob(u, {
        guesses,
        codes: feedbackCodeCount(length),
        solved: solvedCode(length),
        limit,
      });
    return undefined;
  },
  worker: (gameSpec, setup) => {
    const game = WordleGame.fromSpec(gameSpec);
    return {
      parts: wordleParts(game, setup),
      tasks: taskTable(
        runs(worstCaseTask, (limits, searched) => wordleWorstCase(game, limits, searched)),
        runs(worstCaseOpenersTask, (block, searched) => openersWithin(wordleWorstCaseParts(game), block, searched)),
      ),
    };
  },
};

/** `--max-guesses`, or 6. */
function maxGuessesOf(opts: GameOptions): number {
  return intOption(opts, 'max-guesses') ?? WORDLE_ATTEMPTS;
}

/** The Wordle game loaded (its guesses may be only those a tree plays: a tree read without --guesses). */
function wordleLoaded(opts: GameOptions, base: WordleGame): LoadedGame {
  const hard = base.params.hard;
  const worst = isWorstCase(opts);
  const limit = base.maxAttempts;
  const game = worst ? markWorstCase(base) : base;
  const report: WordleReport = { line: null, proof: null };
  const loaded: LoadedGame = {
    module: wordleModule,
    game,
    slug: `${hard ? 'wordle-hard' : 'wordle'}${limit !== WORDLE_ATTEMPTS ? `-g${limit}` : ''}${worst ? '-worst-case' : ''}`,
    options: opts,
    compile: (control) => compileWordle(loaded, game, control, report),
    companions: () => (report.proof ? [{ kind: 'proof', extension: '.proof.txt', text: report.proof }] : []),
    afterCompile: (_header, path, log) => {
      if (report.line) log(`${loaded.slug}: ${report.line}`);
      if (report.proof) {
        // In trees/ the companion is written already; beside an --out file it is written here.
        const beside = proofPathOf(path);
        if (!existsSync(beside) || readFileSync(beside, 'utf8') !== report.proof) writeFileAtomic(beside, report.proof);
        const p = parseProof(report.proof, beside);
        log(
          `${loaded.slug}: proof of every opener in ${beside} (${p.lines.length} lines, best ${p.header.best.word} =${p.header.best.total})`,
        );
      }
    },
    checkBeside: (file, path, out) => {
      const given = typeof opts.proof === 'string' ? opts.proof : undefined;
      const c = checkedProof(game, file, path, given);
      if (!c) return;
      out(
        `proof: ${c.path}: ${c.proof.lines.length} first guesses (${c.check.exact} exact, ${c.check.atLeast} bounded above the best, ${c.check.none} none); best ${c.check.best.word} =${c.check.best.total}, the tree's total; lists match${c.check.wordsChecked ? '' : '; each word not checked against the allowed list (give --guesses FILE for that)'}`,
      );
    },
    describe: worst ? describeWorstCase : describeWordle,
    merit: worst ? worstCaseMerit : (h: TreeHeader) => Number(h.objective.total),
    explorerRules: () => wordMaskRules(game.params.length, game.maxAttempts),
    wordsOf: (tree) => {
      // Indices into the full guesses list: a game rebuilt from a tree's own guesses has other ones.
      if (game.guessCount !== listOf(game.lists, 'guesses').count)
        throw new Error('wordle: the words of a tree are taken from a game of the full lists');
      return {
        role: 'answers',
        secrets: game.answers as readonly string[],
        guesses: guessTable(tree.guess, (g) => game.guessName(g)),
      };
    },
  };
  return loaded;
}
