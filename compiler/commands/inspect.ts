/** `verify`, `stats` and `export`: read-only views of a tree, replayed against every secret. */
import { statSync } from 'node:fs';
import { fail } from '../../runtime/errors.js';
import type { TreeArrays, TreeHeader } from '../../runtime/tree-format.js';
import { edgeCount } from '../../runtime/tree-walker.js';
import type { Game } from '../game.js';
import { illegalGuesses, replayAll, type ReplaySummary } from '../replay.js';
import { barChart, reportTo, sizeOf } from './format.js';
import { checkHeaderFigures, derivedObjective, guessTotals, objectiveJson, recordedText } from '../objective.js';
import type { ResolvedTree } from './resolve.js';
import { count } from '../games/options.js';

function attemptLabel(a: number): string {
  return a === 0 ? 'not found' : `${a} guess${a === 1 ? '' : 'es'}`;
}

function histogramRows(s: ReplaySummary): Array<{ label: string; count: number }> {
  const rows: Array<{ label: string; count: number }> = [];
  // Games with many attempts (match-count: as many as words) stop at the deepest find.
  const last = s.histogram.length - 1 <= 10 ? s.histogram.length - 1 : Math.max(1, s.maxFound);
  for (let a = 1; a <= last; a++) rows.push({ label: attemptLabel(a), count: s.histogram[a] });
  if (s.histogram[0] > 0) rows.push({ label: attemptLabel(0), count: s.histogram[0] });
  return rows;
}

/**
 * Trees whose search proved a lower bound on the worst case (match-count, worst-case trees): the
 * worst case (replayed) and that bound, as its compile recorded it (checked: never above the worst case).
 */
function proofLine(r: ResolvedTree, s: ReplaySummary): string | null {
  const lb = r.file.header.settings.lowerBound;
  if (typeof lb !== 'number') return null;
  return `worst case: ${s.maxFound} guess${s.maxFound === 1 ? '' : 'es'}; ${recordedText(`proven lower bound ${lb}`, true)}${lb === s.maxFound ? ' (proven optimal)' : ''}`;
}

/**
 * Beside the total: that it is the proven optimum (an exact search's header; worst-case trees say
 * it of their worst case, `proofLine`), or the proven lower bound its header records (`bound:mastermind`).
 */
function totalBoundText(r: ResolvedTree): string {
  const st = r.file.header.settings;
  if (st.provenOptimal === true && typeof st.lowerBound !== 'number')
    return `; ${recordedText('proven optimal', true)}`;
  const lb = st.totalLowerBound;
  return typeof lb === 'number' ? `; ${recordedText(`no strategy needs fewer than ${count(lb)} guesses`, true)}` : '';
}

/** Replays every secret; prints the exact metric; fails when the tree is incomplete or its header lies. */
export function runVerify(r: ResolvedTree, out: (line: string) => void): ReplaySummary {
  if (r.loaded.verify) return r.loaded.verify(r.file, r.path, reportTo(out));
  const { game } = r.loaded;
  const s = replayAll(game, r.file.tree);
  out(`tree: ${r.path}`);
  out(
    `game: ${game.id} ${Object.entries(game.params)
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(' ')}; ${count(s.secrets)} secrets`,
  );
  out('attempts histogram:');
  for (const line of barChart(histogramRows(s))) out(`  ${line}`);
  for (const line of foundLines(game, s)) out(line);
  if (game.objective.name !== 'total-guesses')
    out(`total ${game.objective.name === 'expected-score' ? 'score' : 'value'}: ${count(s.total)}`);
  if (game.objective.name === 'total-guesses') {
    const t = guessTotals(s);
    out(`total guesses: ${count(t.totalGuesses)}${totalBoundText(r)}`);
    out(`mean guesses per secret: ${t.meanGuesses.toFixed(4)}`);
    out(`max depth: ${s.maxFound}`);
  } else {
    out(
      `mean ${game.objective.name === 'expected-score' ? 'score per word' : 'value per secret'}: ${(s.total / s.secrets).toFixed(4)}`,
    );
  }
  const proof = proofLine(r, s);
  if (proof) out(proof);
  verifyChecks(r, s);
  if (game.guessFilter) out('guess rule: every guess of the tree is allowed where it is played');
  r.loaded.checkBeside?.(r.file, r.path, out);
  out('verify: ok (every secret replayed; every figure of the header matches, its bounds are consistent)');
  return s;
}

/**
 * Secrets not found: within the tries of a game that caps them (Lingo, Wordle) part of the
 * objective (Lingo scores them 0); a secret the tree has no branch for is a failure.
 */
function foundLines(game: Game, s: ReplaySummary): string[] {
  const lines: string[] = [];
  if (s.missingBranches > 0) lines.push(`failures: ${count(s.missingBranches)} secrets the tree has no branch for`);
  const notFound = s.histogram[0] - s.missingBranches;
  const lingo = game.objective.name === 'expected-score';
  const what = lingo ? 'words' : 'secrets';
  if (game.maxAttempts < game.secretCount)
    lines.push(
      `not found within ${game.maxAttempts} guesses: ${count(notFound)} ${what}${lingo ? " (part of Lingo's score: 0 points each)" : ''}`,
    );
  else if (s.histogram[0] === 0) lines.push('every secret is found');
  return lines;
}

export function runStats(r: ResolvedTree, hardest: number, out: (line: string) => void): void {
  out(`tree: ${r.path}${sizeOf(r.path)}`);
  if (r.loaded.stats) {
    r.loaded.stats(r.file, hardest, reportTo(out));
    return;
  }
  const { game } = r.loaded;
  const tree = r.file.tree;
  const s = replayAll(game, tree);
  let leaves = 0;
  for (let v = 0; v < tree.guess.length; v++) if (edgeCount(tree, v) === 0) leaves++;
  out(`nodes: ${count(tree.guess.length)} (${count(leaves)} leaves), edges: ${count(tree.edgeCode.length)}`);
  const mean =
    game.objective.name === 'total-guesses'
      ? `mean: ${guessTotals(s).meanGuesses.toFixed(4)} guesses (total ${count(guessTotals(s).totalGuesses)}${totalBoundText(r)})`
      : `mean ${game.objective.name === 'expected-score' ? 'score' : 'value'}: ${(s.total / s.secrets).toFixed(4)}`;
  out(`${mean} over ${count(s.secrets)} secrets; opener: ${game.guessName(tree.guess[0])}`);
  const proof = proofLine(r, s);
  if (proof) out(proof);
  out('depth histogram:');
  for (const line of barChart(histogramRows(s))) out(`  ${line}`);
  const order = s.outcomes
    .map((o, i) => ({ i, key: o.foundAt === 0 ? Infinity : o.foundAt }))
    .sort((a, b) => b.key - a.key || a.i - b.i)
    .slice(0, hardest);
  out(`hardest ${order.length} secrets:`);
  for (const { i } of order) {
    const o = s.outcomes[i];
    out(
      `  ${game.secretName(i)}  ${o.foundAt === 0 ? 'not found' : `${o.foundAt} guesses`}: ${o.guesses.map((g) => game.guessName(g)).join(' ')}`,
    );
  }
}

/** `SECRET<TAB>GUESS1 GUESS2 ...`, one line per secret in list order. */
export function exportPaths(game: Game, tree: TreeArrays, out: (line: string) => void): void {
  const s = replayAll(game, tree);
  s.outcomes.forEach((o, i) => {
    out(`${game.secretName(i)}\t${o.guesses.map((g) => game.guessName(g)).join(' ')}`);
  });
}

interface JsonNode {
  guess: string;
  replies?: Record<string, JsonNode>;
}

export function exportJson(game: Game, tree: TreeArrays): string {
  const build = (v: number): JsonNode => {
    const node: JsonNode = { guess: game.guessName(tree.guess[v]) };
    const a = tree.edgeStart[v];
    const b = tree.edgeStart[v + 1];
    if (b > a) {
      node.replies = {};
      for (let e = a; e < b; e++) node.replies[game.codeName(tree.edgeCode[e])] = build(tree.edgeChild[e]);
    }
    return node;
  };
  return JSON.stringify({ game: game.id, params: game.params, lists: game.lists, root: build(0) });
}

/**
 * `verify --json` and `stats --json` (README's JSON keys): the objective's figures replayed
 * (derivedObjective), the histogram, and the secrets not found within the game's tries.
 */
export interface ResultJson {
  tree: string;
  game: string;
  params: Record<string, unknown>;
  secrets: number;
  objective: Record<string, unknown>;
  histogram: Array<{ guesses: number; secrets: number }>;
  notFound: { count: number; secrets: string[] };
}

/** A replayed tree's figures as JSON and the library give them: the objective, the histogram, the secrets not found. */
export function figuresJson(
  game: Game,
  header: TreeHeader,
  s: ReplaySummary,
): Pick<ResultJson, 'objective' | 'histogram' | 'notFound'> {
  const notFound: string[] = [];
  s.outcomes.forEach((o, i) => {
    if (o.foundAt === 0) notFound.push(game.secretName(i));
  });
  return {
    objective: objectiveJson(derivedObjective(game, s, header)),
    histogram: histogramRows(s)
      .map((row, i) => ({ guesses: i + 1, secrets: row.count }))
      .filter((_, i) => i + 1 <= (s.histogram.length - 1 <= 10 ? s.histogram.length - 1 : Math.max(1, s.maxFound))),
    notFound: { count: notFound.length, secrets: notFound },
  };
}

function resultJson(r: ResolvedTree, s: ReplaySummary): ResultJson {
  const { game } = r.loaded;
  return {
    tree: r.path,
    game: game.id,
    params: { ...game.params },
    secrets: s.secrets,
    ...figuresJson(game, r.file.header, s),
  };
}

/**
 * The checks of `verify`, as one error each: the tree complete, its guesses allowed, every figure
 * of its header the replay's, and what its compile recorded (bounds, proofs) consistent with them.
 */
function verifyChecks(r: ResolvedTree, s: ReplaySummary): void {
  const { game } = r.loaded;
  if (s.missingBranches > 0)
    throw fail('tree-file', `${r.path}: tree has no branch for ${count(s.missingBranches)} secrets`);
  const bad = game.guessFilter ? illegalGuesses(game, r.file.tree, 1)[0] : undefined;
  if (bad) {
    const after = bad.path.map((p) => `${game.guessName(p.guess)} ${game.codeName(p.code)}`).join(', ');
    throw fail(
      'tree-file',
      `${r.path}: guess ${game.guessName(bad.guess)} breaks the game's guess rule after ${after || 'no reply'}`,
    );
  }
  checkHeaderFigures(game, s, { header: r.file.header, where: r.path });
}

export function verifyJson(r: ResolvedTree, out: (line: string) => void): void {
  const s = r.loaded.verify ? r.loaded.verify(r.file, r.path, () => {}) : replayAll(r.loaded.game, r.file.tree);
  if (!r.loaded.verify) verifyChecks(r, s);
  out(JSON.stringify({ ...resultJson(r, s), ok: true }));
}

export function statsJson(r: ResolvedTree, hardest: number, out: (line: string) => void): void {
  const { game } = r.loaded;
  const tree = r.file.tree;
  const s = replayAll(game, tree);
  let leaves = 0;
  for (let v = 0; v < tree.guess.length; v++) if (edgeCount(tree, v) === 0) leaves++;
  const order = s.outcomes
    .map((o, i) => ({ i, key: o.foundAt === 0 ? Infinity : o.foundAt }))
    .sort((a, b) => b.key - a.key || a.i - b.i)
    .slice(0, hardest);
  let bytes: number | null = null;
  try {
    bytes = statSync(r.path).size;
  } catch {
    bytes = null; // compiled in memory
  }
  out(
    JSON.stringify({
      ...resultJson(r, s),
      nodes: tree.guess.length,
      leaves,
      edges: tree.edgeCode.length,
      bytes,
      opener: game.guessName(tree.guess[0]),
      hardest: order.map(({ i }) => ({
        secret: game.secretName(i),
        guesses: s.outcomes[i].guesses.map((g) => game.guessName(g)),
        found: s.outcomes[i].foundAt > 0,
      })),
    }),
  );
}
