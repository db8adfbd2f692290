/**
 * A tree's objective: the record a compile stores in the header (`objectiveOf`), the figures
 * every verb shows (`derivedObjective`: replayed, positive, named for what they are), and the
 * checks `verify` makes of a header (`checkHeaderFigures`): every stored figure against the
 * replay, and what cannot be replayed cheaply (a bound, "proven") for consistency.
 */
import { fail } from '../runtime/errors.js';
import { groupDigits, safeText } from '../runtime/messages.js';
import type { ParamValue, TreeHeader } from '../runtime/tree-format.js';
import type { Game } from './game.js';
import type { RecordedFigures } from './public-types.js';
import type { ReplaySummary } from './replay.js';

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

/** The header's objective record of a compile (the engine's total and mean are scores: higher is better). */
export function objectiveOf(game: Game, s: ReplaySummary): Record<string, ParamValue> {
  if (game.replayRules) return game.replayRules.objective(s);
  const found = s.secrets - (s.histogram[0] ?? 0);
  return {
    name: game.objective.name,
    total: s.total,
    mean: round6(s.total / s.secrets),
    secrets: s.secrets,
    found,
    maxAttempts: s.maxFound,
    ...(game.objective.name === 'total-guesses' ? guessTotals(s) : {}),
  };
}

/** Games scored by total guesses: the total and mean number of guesses over the found secrets. */
export function guessTotals(s: ReplaySummary): { totalGuesses: number; meanGuesses: number } {
  let guesses = 0;
  let found = 0;
  for (let a = 1; a < s.histogram.length; a++) {
    guesses += a * s.histogram[a];
    found += s.histogram[a];
  }
  return { totalGuesses: guesses, meanGuesses: found ? round6(guesses / found) : 0 };
}

const isWorstCaseGame = (game: Game): boolean => game.params.objective === 'worst-case';

/**
 * Every objective field a header of this game should hold, as the replay gives it: what
 * `compile` writes (the record above, and a worst-case tree's guess totals).
 */
export function headerObjectiveOf(game: Game, s: ReplaySummary): Record<string, ParamValue> {
  return { ...objectiveOf(game, s), ...(isWorstCaseGame(game) ? guessTotals(s) : {}) };
}

/** Header objective fields a compile records and a replay cannot give: the search's bound on the total score. */
const RECORDED_OBJECTIVE_FIELDS: ReadonlySet<string> = new Set(['upperBound', 'upperBoundMean']);

interface FiguresBase {
  /** The game's id (`file` for a game file). */
  readonly game: string;
  /** The objective: `total-guesses`, `expected-score` (Lingo), `misses` or `win` (Hangman), `worst-case`. */
  readonly name: string;
  readonly secrets: number;
  readonly recorded: RecordedFigures;
}

/** Games scored by guesses (Mastermind, Bulls and Cows, Wordle, match-count, game files). */
export interface GuessFigures extends FiguresBase {
  readonly kind: 'guesses';
  readonly found: number;
  readonly notFound: number;
  readonly totalGuesses: number;
  readonly meanGuesses: number;
  /** Guesses the hardest secret found needs. */
  readonly worstCase: number;
}

/** Lingo: 100·(6 − tries) a word found, 0 a word not found. */
export interface ScoreFigures extends FiguresBase {
  readonly kind: 'score';
  readonly found: number;
  readonly notFound: number;
  readonly totalScore: number;
  readonly meanScore: number;
  readonly worstCase: number;
  /** A worst-case tree (every word found): its guesses. */
  readonly totalGuesses?: number;
  readonly meanGuesses?: number;
}

/** Hangman: misses, and words won with the lives. */
export interface MissFigures extends FiguresBase {
  readonly kind: 'misses';
  readonly totalMisses: number;
  readonly meanMisses: number;
  readonly maxMisses: number;
  readonly lives: number;
  readonly wins: number;
  readonly winRate: number;
}

export type DerivedObjective = GuessFigures | ScoreFigures | MissFigures;

/**
 * The most a secret's score is below minus its guesses, in the games scored by guesses: Wordle's
 * tie-break on a sixth guess (games/wordle/game.ts); the others score exactly minus the guesses.
 */
const MAX_SCORE_SLACK = 1 / 4096;

/** A lower bound on the total guesses from a bound on the total score (Wordle's `upperBound`). */
function guessesBelow(upperBound: number, secrets: number, slack: number): number {
  return Math.max(0, Math.ceil(-upperBound - slack * secrets - 1e-9));
}

/** The same, with the game's own scores' slack. */
function guessesBelowScore(game: Game, upperBound: number, secrets: number): number {
  let slack = 0;
  const { scores } = game.objective;
  for (let a = 1; a < scores.length; a++) slack = Math.max(slack, -scores[a] - a);
  return guessesBelow(upperBound, secrets, slack);
}

function recordedFigures(game: Game, s: ReplaySummary, header: TreeHeader): RecordedFigures {
  const o = header.objective;
  const st = header.settings;
  const num = (v: ParamValue | undefined): number | undefined => (typeof v === 'number' ? v : undefined);
  const score = game.objective.name === 'expected-score';
  let totalLowerBound = num(st.totalLowerBound);
  const ub = num(o.upperBound);
  if (!score && ub !== undefined) {
    const fromSearch = guessesBelowScore(game, ub, s.secrets);
    totalLowerBound = Math.max(totalLowerBound ?? 0, fromSearch);
  }
  const worstCaseLowerBound = num(st.lowerBound);
  const totalGuesses = guessTotals(s).totalGuesses;
  const provenOptimal =
    st.provenOptimal === true ||
    st.proven === 'global' ||
    (totalLowerBound !== undefined && totalLowerBound === totalGuesses && (s.histogram[0] ?? 0) === 0);
  return {
    ...(totalLowerBound !== undefined && !score ? { totalLowerBound } : {}),
    ...(worstCaseLowerBound !== undefined ? { worstCaseLowerBound } : {}),
    ...(score && ub !== undefined ? { scoreUpperBound: ub, meanScoreUpperBound: round6(ub / s.secrets) } : {}),
    provenOptimal,
  };
}

/** The figures every verb shows: replayed from the tree (never the header's copy), with what the compile recorded. */
export function derivedObjective(game: Game, s: ReplaySummary, header: TreeHeader): DerivedObjective {
  const worst = isWorstCaseGame(game);
  const name = worst ? 'worst-case' : game.objective.name;
  const recorded = recordedFigures(game, s, header);
  const base = { game: game.id, name, secrets: s.secrets };
  if (game.replayRules) {
    const o = game.replayRules.objective(s);
    return {
      ...base,
      kind: 'misses',
      totalMisses: Number(o.totalMisses),
      meanMisses: Number(o.meanMisses),
      maxMisses: Number(o.maxMisses),
      lives: Number(o.lives),
      wins: Number(o.wins),
      winRate: Number(o.winRate),
      recorded,
    };
  }
  const notFound = s.histogram[0] ?? 0;
  const found = s.secrets - notFound;
  const g = guessTotals(s);
  if (game.objective.name === 'expected-score')
    return {
      ...base,
      kind: 'score',
      found,
      notFound,
      totalScore: s.total,
      meanScore: round6(s.total / s.secrets),
      worstCase: s.maxFound,
      ...(worst ? g : {}),
      recorded,
    };
  return { ...base, kind: 'guesses', found, notFound, ...g, worstCase: s.maxFound, recorded };
}

/** The figures as JSON and the library show them: without the internal `kind`. */
export function objectiveJson(o: DerivedObjective): Record<string, unknown> {
  const { kind: _kind, ...rest } = o;
  return rest;
}

/**
 * The header with every figure a replay gives replaced by the replay's (what the compile recorded,
 * a bound, is kept): what a game's `describe` reads for the explorer and reports.
 */
export function headerWithDerivedFigures(game: Game, s: ReplaySummary, header: TreeHeader): TreeHeader {
  return { ...header, objective: { ...header.objective, ...headerObjectiveOf(game, s) } };
}

function valueText(v: ParamValue | undefined): string {
  if (v === undefined) return 'missing';
  return typeof v === 'string' ? safeText(v, 40) : String(v);
}

const fmt = (n: number): string => (Number.isInteger(n) ? groupDigits(n) : String(n));

/**
 * A header's figures against the tree's replay, one `tree-file` error (status 4) naming the field:
 * every objective field a replay gives must be the replay's; no field guesstree does not record;
 * and what cannot be replayed cheaply must be consistent with what can: a bound never beaten by
 * the tree, "proven" only when the bound is the tree's figure, a worst-case tree's depth.
 */
export function checkHeaderFigures(
  game: Game,
  s: ReplaySummary,
  { header, where }: { readonly header: TreeHeader; readonly where: string },
): void {
  const refuse = (text: string): never => {
    throw fail('tree-file', `${where}: ${text}`);
  };
  const expected = headerObjectiveOf(game, s);
  const h = header.objective;
  const wrong = Object.keys(expected).filter((k) => h[k] !== expected[k]);
  if (wrong.length > 0) {
    const k = wrong[0];
    const also = wrong.length > 1 ? ` (also wrong: ${wrong.slice(1).join(', ')})` : '';
    refuse(`header.objective.${k} is ${valueText(h[k])}, the tree gives ${String(expected[k])}${also}`);
  }
  for (const k of Object.keys(h))
    if (!(k in expected) && !RECORDED_OBJECTIVE_FIELDS.has(k))
      refuse(`header.objective.${safeText(k, 40).slice(1, -1)} is not a figure guesstree records for ${game.id} trees`);

  const st = header.settings;
  const total = s.total;
  const { totalGuesses } = guessTotals(s);
  const depth = s.maxFound;
  const secretsWord = game.objective.name === 'expected-score' ? 'words' : 'secrets';
  // The search's bound on the total score (Lingo: points; Wordle: minus the guesses).
  const ub = h.upperBound;
  if (ub !== undefined) {
    if (typeof ub !== 'number') refuse(`header.objective.upperBound is ${valueText(ub)}, not a number`);
    const bound = ub as number;
    if (total > bound + 1e-9)
      refuse(
        game.objective.name === 'expected-score'
          ? `header.objective.upperBound is ${fmt(bound)} (no tree scores more), but the tree scores ${fmt(total)}`
          : `header.objective.upperBound is ${fmt(bound)} (no tree needs fewer than ${fmt(guessesBelowScore(game, bound, s.secrets))} guesses), but the tree needs ${fmt(totalGuesses)}`,
      );
    if (st.proven === 'global' && Math.abs(total - bound) > 1e-9)
      refuse(
        `header.settings.proven is "global", but header.objective.upperBound ${fmt(bound)} is not the tree's total ${fmt(total)}`,
      );
  }
  if (h.upperBoundMean !== undefined) {
    if (typeof ub !== 'number')
      refuse('header.objective.upperBoundMean is recorded without header.objective.upperBound');
    const mean = round6((ub as number) / s.secrets);
    if (h.upperBoundMean !== mean)
      refuse(
        `header.objective.upperBoundMean is ${valueText(h.upperBoundMean)}, but header.objective.upperBound over ${fmt(s.secrets)} ${secretsWord} is ${mean}`,
      );
  }
  const tlb = st.totalLowerBound;
  if (tlb !== undefined) {
    if (typeof tlb !== 'number' || !Number.isSafeInteger(tlb) || tlb < 0)
      refuse(`header.settings.totalLowerBound is ${valueText(tlb)}, not a whole number`);
    if ((tlb as number) > totalGuesses)
      refuse(
        `header.settings.totalLowerBound is ${fmt(tlb as number)} (no strategy needs fewer guesses), but the tree needs ${fmt(totalGuesses)}`,
      );
    if (st.provenOptimal === true && tlb !== totalGuesses)
      refuse(
        `header.settings.provenOptimal is true, but header.settings.totalLowerBound ${fmt(tlb as number)} is not the tree's total ${fmt(totalGuesses)}`,
      );
  }
  const lb = st.lowerBound;
  if (lb !== undefined) {
    if (typeof lb !== 'number' || !Number.isSafeInteger(lb) || lb < 0)
      refuse(`header.settings.lowerBound is ${valueText(lb)}, not a whole number`);
    if ((lb as number) > depth)
      refuse(
        `header.settings.lowerBound is ${lb as number} (no tree finds every secret in fewer guesses), but this tree finds every one within ${depth}`,
      );
    if ((st.provenOptimal === true || st.depthProven === true) && lb !== depth)
      refuse(
        `header.settings.${st.provenOptimal === true ? 'provenOptimal' : 'depthProven'} is true, but header.settings.lowerBound ${lb as number} is not the tree's worst case ${depth}`,
      );
  }
  if (isWorstCaseGame(game)) {
    if ((s.histogram[0] ?? 0) > 0) refuse(`a worst-case tree leaves ${fmt(s.histogram[0])} ${secretsWord} not found`);
    if (st.maxDepth !== undefined && st.maxDepth !== depth)
      refuse(`header.settings.maxDepth is ${valueText(st.maxDepth)}, the tree gives ${depth}`);
    if (st.provenOptimal === true && st.totalProven === false)
      refuse('header.settings.provenOptimal is true, but header.settings.totalProven is false');
  } else if (typeof st.maxDepth === 'number' && st.maxDepth > 0 && depth > st.maxDepth)
    refuse(`header.settings.maxDepth is ${st.maxDepth}, but the tree needs ${depth} guesses`);
}

/** A recorded claim as reports and the explorer say it: the compile's, not the replay's. */
export function recordedText(text: string, recorded: boolean): string {
  return recorded ? `recorded by its compile: ${text}` : text;
}

/**
 * The objective of a game scored by total guesses, in words: total, mean, maximum depth, and
 * what is proven (a lower bound, the optimum). `recorded`: what the compile proved is said to be
 * recorded by it (reports, the explorer), not just proven (the compile's own line).
 */
export function describeGuessTotals(
  header: {
    readonly objective: Readonly<Record<string, ParamValue>>;
    readonly settings: Readonly<Record<string, ParamValue>>;
  },
  recorded = false,
): string[] {
  const o = header.objective;
  const secrets = Number(o.secrets);
  const found = Number(o.found);
  const missing = secrets - found;
  const total = Number(o.totalGuesses);
  const lines = [
    `total guesses ${fmt(total)}, mean ${Number(o.meanGuesses).toFixed(4)} a secret, max depth ${String(o.maxAttempts)}${missing > 0 ? `; ${fmt(missing)} not found` : ''}`,
  ];
  const tlb = header.settings.totalLowerBound;
  // A recorded total bound states the same search's bound in whole guesses: said once.
  if (typeof o.upperBound === 'number' && typeof tlb !== 'number')
    lines.push(
      recordedText(
        `no tree needs fewer than ${fmt(guessesBelow(o.upperBound, secrets, MAX_SCORE_SLACK))} guesses in all (the opener's one-step bound)`,
        recorded,
      ),
    );
  if (typeof tlb === 'number')
    lines.push(recordedText(`no strategy needs fewer than ${fmt(tlb)} guesses in all`, recorded));
  if (header.settings.provenOptimal === true) lines.push(recordedText('proven optimal', recorded));
  else if (typeof tlb === 'number' && tlb === total && missing === 0)
    lines.push('optimal: the recorded bound is the total');
  return lines;
}
