/** `verify`, `stats` and `export`: read-only views of a tree, replayed against every secret. */
import { statSync } from 'node:fs';
import { fail } from '../../runtime/errors.js';
import type { TreeArrays } from '../../runtime/tree-format.js';
import { edgeCount } from '../../runtime/tree-walker.js';
import type { Game } from '../game.js';
import { illegalGuesses, replayAll, type ReplaySummary } from '../replay.js';
import { barChart, reportTo, sizeOf } from './format.js';
import { guessTotals, objectiveOf } from '../objective.js';
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

/** Trees whose search proved a lower bound on the worst case (match-count): the worst case and that bound. */
function proofLine(r: ResolvedTree, s: ReplaySummary): string | null {
  const lb = r.file.header.settings.lowerBound;
  if (typeof lb !== 'number') return null;
  return `worst case: ${s.maxFound} guess${s.maxFound === 1 ? '' : 'es'}; proven lower bound ${lb}${lb === s.maxFound ? ' (proven optimal)' : ''}`;
}

/** Trees whose header records a proven lower bound on the total (`bound:mastermind`): beside the total. */
function totalBoundText(r: ResolvedTree): string {
  const lb = r.file.header.settings.totalLowerBound;
  return typeof lb === 'number' ? `; no strategy needs fewer than ${count(lb)} guesses` : '';
}

/** Replays every secret; prints the exact metric; fails when the tree is incomplete or its header lies. */
export function runVerify(r: ResolvedTree, out: (line: string) => void): ReplaySummary {
  if (r.loaded.verify) return r.loaded.verify(r.file, r.path, reportTo(out));
  const { game } = r.loaded;
  const s = replayAll(game, r.file.tree);
  const measured = objectiveOf(game, s);
  out(`tree: ${r.path}`);
  out(
    `game: ${game.id} ${Object.entries(game.params)
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(' ')}; ${count(s.secrets)} secrets`,
  );
  out('attempts histogram:');
  for (const line of barChart(histogramRows(s))) out(`  ${line}`);
  // Games with an attempt cap (Lingo, Wordle) can leave secrets unfound; the others find every one.
  if (game.maxAttempts < game.secretCount)
    out(`failures: ${count(s.histogram[0])} secrets not found within ${game.maxAttempts} guesses`);
  else if (s.histogram[0] === 0) out(`every secret is found`);
  else out(`failures: ${count(s.histogram[0])} secrets not found`);
  if (game.objective.name !== 'total-guesses')
    out(`total ${game.objective.name === 'expected-score' ? 'score' : 'value'}: ${count(s.total)}`);
  if (game.objective.name === 'total-guesses') {
    const t = guessTotals(s);
    out(`total guesses: ${count(t.totalGuesses)}${totalBoundText(r)}`);
    const lb = r.file.header.settings.totalLowerBound;
    if (typeof lb === 'number' && lb > t.totalGuesses)
      throw fail(
        'tree-file',
        `${r.path}: header claims no strategy needs fewer than ${count(lb)} guesses, but this tree needs ${count(t.totalGuesses)}`,
      );
    out(`mean guesses per secret: ${t.meanGuesses.toFixed(4)}`);
    out(`max depth: ${s.maxFound}`);
  } else {
    out(
      `mean ${game.objective.name === 'expected-score' ? 'score per word' : 'value per secret'}: ${(s.total / s.secrets).toFixed(4)}`,
    );
  }
  const proof = proofLine(r, s);
  if (proof) out(proof);
  if (s.missingBranches > 0)
    throw fail('tree-file', `${r.path}: tree has no branch for ${count(s.missingBranches)} secrets`);
  if (game.guessFilter) {
    const bad = illegalGuesses(game, r.file.tree, 1)[0];
    if (bad) {
      const after = bad.path.map((p) => `${game.guessName(p.guess)} ${game.codeName(p.code)}`).join(', ');
      throw fail(
        'tree-file',
        `${r.path}: guess ${game.guessName(bad.guess)} breaks the game's guess rule after ${after || 'no reply'}`,
      );
    }
    out('guess rule: every guess of the tree is allowed where it is played');
  }
  if (r.file.header.objective.total !== measured.total) {
    throw fail(
      'tree-file',
      `${r.path}: header claims total ${String(r.file.header.objective.total)}, replay gives ${s.total}`,
    );
  }
  checkDepthClaims(r, s);
  r.loaded.checkBeside?.(r.file, r.path, out);
  out('verify: ok (every secret replayed; the header objective matches)');
  return s;
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
      ? `${guessTotals(s).meanGuesses.toFixed(4)} guesses (total ${count(guessTotals(s).totalGuesses)}${totalBoundText(r)})`
      : (s.total / s.secrets).toFixed(4);
  out(`mean: ${mean} over ${count(s.secrets)} secrets; opener: ${game.guessName(tree.guess[0])}`);
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

/** `verify --json` and `stats --json`: the shape docs-snippets/json.md documents. */
export interface ResultJson {
  tree: string;
  game: string;
  params: Record<string, unknown>;
  secrets: number;
  objective: Record<string, unknown>;
  histogram: Array<{ guesses: number; secrets: number }>;
  failures: { count: number; secrets: string[] };
}

function resultJson(r: ResolvedTree, s: ReplaySummary): ResultJson {
  const { game } = r.loaded;
  const notFound: string[] = [];
  s.outcomes.forEach((o, i) => {
    if (o.foundAt === 0) notFound.push(game.secretName(i));
  });
  return {
    tree: r.path,
    game: game.id,
    params: { ...game.params },
    secrets: s.secrets,
    objective: { ...objectiveOf(game, s) },
    histogram: histogramRows(s)
      .map((row, i) => ({ guesses: i + 1, secrets: row.count }))
      .filter((_, i) => i + 1 <= (s.histogram.length - 1 <= 10 ? s.histogram.length - 1 : Math.max(1, s.maxFound))),
    failures: { count: notFound.length, secrets: notFound },
  };
}

/** The checks of `verify` (complete, guesses allowed, header objective true), as one error each. */
function verifyChecks(r: ResolvedTree, s: ReplaySummary): void {
  const { game } = r.loaded;
  if (s.missingBranches > 0) throw fail('tree-file', `${r.path}: tree has no branch for ${s.missingBranches} secrets`);
  const bad = game.guessFilter ? illegalGuesses(game, r.file.tree, 1)[0] : undefined;
  if (bad) {
    const after = bad.path.map((p) => `${game.guessName(p.guess)} ${game.codeName(p.code)}`).join(', ');
    throw fail(
      'tree-file',
      `${r.path}: guess ${game.guessName(bad.guess)} breaks the game's guess rule after ${after || 'no reply'}`,
    );
  }
  const measured = objectiveOf(game, s);
  if (r.file.header.objective.total !== measured.total) {
    throw fail(
      'tree-file',
      `${r.path}: header claims total ${String(r.file.header.objective.total)}, replay gives ${s.total}`,
    );
  }
  checkDepthClaims(r, s);
}

/**
 * A header's claims on the depth, against the replay: its maximum depth; a proven lower bound
 * on the worst case no tree can beat; a worst-case tree finds every secret.
 */
function checkDepthClaims(r: ResolvedTree, s: ReplaySummary): void {
  const h = r.file.header;
  const claimed = h.objective.maxAttempts;
  if (!r.loaded.game.replayRules && typeof claimed === 'number' && claimed !== s.maxFound)
    throw fail('tree-file', `${r.path}: header claims max depth ${claimed}, replay gives ${s.maxFound}`);
  const lb = h.settings.lowerBound;
  if (typeof lb === 'number' && s.maxFound < lb)
    throw fail(
      'tree-file',
      `${r.path}: header claims no tree solves every secret in fewer than ${lb} guesses, but this one needs ${s.maxFound}`,
    );
  if (h.params.objective === 'worst-case' && (s.histogram[0] ?? 0) > 0)
    throw fail('tree-file', `${r.path}: a worst-case tree leaves ${count(s.histogram[0])} secrets not found`);
}

export function verifyJson(r: ResolvedTree, out: (line: string) => void): void {
  const s = replayAll(r.loaded.game, r.file.tree);
  verifyChecks(r, s);
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
      ...(typeof r.file.header.settings.totalLowerBound === 'number'
        ? { totalLowerBound: r.file.header.settings.totalLowerBound }
        : {}),
      hardest: order.map(({ i }) => ({
        secret: game.secretName(i),
        guesses: s.outcomes[i].guesses.map((g) => game.guessName(g)),
        found: s.outcomes[i].foundAt > 0,
      })),
    }),
  );
}
