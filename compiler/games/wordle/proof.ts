/**
 * Wordle's proof file: what `compile --prove` established about every allowed first guess,
 * shipped beside the tree (`<tree>.proof.txt`) and printed by `export --format proof`.
 *
 *   # guesstree wordle proof; mode normal[; max guesses N]; answers 2315 sha256 HEX; guesses 12972 sha256 HEX; openers 12972; best salet 7920; seconds 1234.5; guesstree 0.1.0
 *   salet<TAB>=7920        its exact optimum (total guesses over the answers, every answer found)
 *   reast<TAB>>=7921       a proven lower bound, above the best total
 *   xxxxx<TAB>none         no tree from it finds every answer within the tries
 *
 * One line per allowed first guess, sorted by value (exact before bound at the same figure, then
 * `none`), ties in the order the ranking compared them. Which openers end exact and which
 * bounded depends on when the best was found, not the tree: the lines are true whatever the
 * order, the tree is the same.
 */
import { existsSync } from 'node:fs';
import { fail } from '../../../runtime/errors.js';
import { safeText } from '../../../runtime/messages.js';
import type { ListRef } from '../../../runtime/tree-format.js';
import { readTextFile } from '../../../runtime/wordlist.js';
import type { CandidateOutcome } from '../compile-api.js';

/** The limit on guesses a proof header leaves unsaid. */
const DEFAULT_ATTEMPTS = 6;

/** What the proof says of one first guess. */
export type ProofValue =
  | { readonly kind: 'exact'; readonly total: number }
  | { readonly kind: 'atLeast'; readonly total: number }
  | { readonly kind: 'none' };

export interface ProofHeader {
  readonly mode: 'normal' | 'hard';
  /** The limit on guesses, written only when it is not 6 (absent: 6). */
  readonly attempts?: number;
  readonly answers: { readonly count: number; readonly sha256: string };
  readonly guesses: { readonly count: number; readonly sha256: string };
  readonly openers: number;
  readonly best: { readonly word: string; readonly total: number };
  readonly seconds: number;
  readonly tool: string;
}

export interface Proof {
  readonly header: ProofHeader;
  /** Word and value, in file order. */
  readonly lines: ReadonlyArray<{ readonly word: string; readonly value: ProofValue }>;
}

/** The proof's file beside a tree file. */
export function proofPathOf(treePath: string): string {
  return treePath.endsWith('.gtree') ? `${treePath.slice(0, -'.gtree'.length)}.proof.txt` : `${treePath}.proof.txt`;
}

/**
 * One candidate's outcome in whole guesses. A key is `guessCost` per guess (more than the answers)
 * plus one per answer found on the last guess allowed, far more per answer not found, so a tree
 * that finds every answer costs at most `solvedMax`, and a key of at least L means at least
 * floor(L / guessCost) guesses.
 */
export function proofValue(o: CandidateOutcome, guessCost: number, solvedMax: number): ProofValue {
  if ('key' in o) return o.key > solvedMax ? { kind: 'none' } : { kind: 'exact', total: Math.floor(o.key / guessCost) };
  return o.atLeast > solvedMax ? { kind: 'none' } : { kind: 'atLeast', total: Math.floor(o.atLeast / guessCost) };
}

function valueText(v: ProofValue): string {
  return v.kind === 'none' ? 'none' : `${v.kind === 'exact' ? '=' : '>='}${v.total}`;
}

/** Exact before bound at the same figure, `none` last. */
function order(v: ProofValue): number {
  return v.kind === 'none' ? Infinity : v.total * 2 + (v.kind === 'exact' ? 0 : 1);
}

export function listOf(lists: readonly ListRef[], role: string): { count: number; sha256: string } {
  const l = lists.find((x) => x.role === role);
  if (!l) throw new Error(`wordle proof: the game has no ${role} list`);
  return { count: l.count, sha256: l.sha256 };
}

/** The proof file's text: the header line, then one line per first guess. */
export function formatProof(header: ProofHeader, lines: ReadonlyArray<{ word: string; value: ProofValue }>): string {
  const h = header;
  const attempts = h.attempts ?? DEFAULT_ATTEMPTS;
  const limit = attempts !== DEFAULT_ATTEMPTS ? `; max guesses ${attempts}` : '';
  const head = `# guesstree wordle proof; mode ${h.mode}${limit}; answers ${h.answers.count} sha256 ${h.answers.sha256}; guesses ${h.guesses.count} sha256 ${h.guesses.sha256}; openers ${h.openers}; best ${h.best.word} ${h.best.total}; seconds ${h.seconds.toFixed(1)}; ${h.tool}`;
  const sorted = lines.map((l, i) => ({ ...l, i })).sort((a, b) => order(a.value) - order(b.value) || a.i - b.i);
  return `${[head, ...sorted.map((l) => `${l.word}\t${valueText(l.value)}`)].join('\n')}\n`;
}

const HEADER_RE =
  /^# guesstree wordle proof; mode (normal|hard)(?:; max guesses (\d{1,2}))?; answers (\d+) sha256 ([0-9a-f]{64}); guesses (\d+) sha256 ([0-9a-f]{64}); openers (\d+); best ([a-z]+) (\d+); seconds (\d+(?:\.\d+)?); (guesstree \S+)$/;
const LINE_RE = /^([a-z]+)\t(?:(=|>=)(\d+)|none)$/;

/** Parse a proof file: one line naming the file, line and problem when it is not one. */
export function parseProof(text: string, where: string): Proof {
  const rows = text.split('\n');
  if (rows[rows.length - 1] === '') rows.pop();
  const first = rows[0];
  if (first === undefined)
    throw fail('input', `${where}: empty; a proof file starts with a "# guesstree wordle proof; ..." line`);
  const m = HEADER_RE.exec(first.replace(/\r$/, ''));
  if (!m)
    throw fail(
      'input',
      `${where}:1: not a proof header: ${safeText(first, 80)} (expected "# guesstree wordle proof; mode ...; answers ...; guesses ...")`,
    );
  const header: ProofHeader = {
    mode: m[1] as 'normal' | 'hard',
    attempts: m[2] === undefined ? DEFAULT_ATTEMPTS : Number(m[2]),
    answers: { count: Number(m[3]), sha256: m[4] },
    guesses: { count: Number(m[5]), sha256: m[6] },
    openers: Number(m[7]),
    best: { word: m[8], total: Number(m[9]) },
    seconds: Number(m[10]),
    tool: m[11],
  };
  const lines: Array<{ word: string; value: ProofValue }> = [];
  const seen = new Set<string>();
  for (let i = 1; i < rows.length; i++) {
    const row = rows[i].replace(/\r$/, '');
    const l = LINE_RE.exec(row);
    if (!l)
      throw fail(
        'input',
        `${where}:${i + 1}: not a proof line: ${safeText(row, 80)} (expected WORD<TAB>=N, WORD<TAB>>=N or WORD<TAB>none)`,
      );
    const word = l[1];
    if (seen.has(word)) throw fail('input', `${where}:${i + 1}: "${word}" is listed twice`);
    seen.add(word);
    const value: ProofValue =
      l[2] === undefined ? { kind: 'none' } : { kind: l[2] === '=' ? 'exact' : 'atLeast', total: Number(l[3]) };
    lines.push({ word, value });
  }
  return { header, lines };
}

/** What a checked proof says. */
export interface ProofCheck {
  readonly best: { readonly word: string; readonly total: number };
  readonly exact: number;
  readonly atLeast: number;
  readonly none: number;
  /** Whether every line's word was checked against the allowed guesses (false for a tree read without them). */
  readonly wordsChecked: boolean;
}

/**
 * A proof checked against the game: its mode and lists, one line per allowed guess, its best
 * line (the least exact value, the header's best, above every bound) equal to `treeTotal`.
 */
export function checkProof(
  proof: Proof,
  game: {
    readonly hard: boolean;
    /** Absent: 6. */
    readonly attempts?: number;
    readonly lists: readonly ListRef[];
    readonly guessWords: readonly string[] | null;
  },
  treeTotal: number | null,
  where: string,
): ProofCheck {
  const h = proof.header;
  const mode = game.hard ? 'hard' : 'normal';
  if (h.mode !== mode) throw fail('input', `${where}:1: a proof for ${h.mode} mode, the game is in ${mode} mode`);
  const proofLimit = h.attempts ?? DEFAULT_ATTEMPTS;
  const gameLimit = game.attempts ?? DEFAULT_ATTEMPTS;
  if (proofLimit !== gameLimit)
    throw fail('input', `${where}:1: a proof for ${proofLimit} guesses at most, the game allows ${gameLimit}`);
  for (const role of ['answers', 'guesses'] as const) {
    const want = listOf(game.lists, role);
    const have = h[role];
    if (have.sha256 !== want.sha256 || have.count !== want.count) {
      throw fail(
        'input',
        `${where}:1: the proof's ${role} (${have.count}, sha256 ${have.sha256.slice(0, 12)}…) are not the game's (${want.count}, sha256 ${want.sha256.slice(0, 12)}…)`,
      );
    }
  }
  // Without every allowed word (a tree read alone carries only the guesses it plays), the count is
  // checked against the guesses list the hashes name (parseProof refuses a word listed twice).
  const allowed = game.guessWords === null ? null : new Set(game.guessWords);
  const size = allowed === null ? listOf(game.lists, 'guesses').count : allowed.size;
  proof.lines.forEach((l, i) => {
    if (allowed !== null && !allowed.has(l.word))
      throw fail('input', `${where}:${i + 2}: "${l.word}" is not an allowed guess of the game`);
  });
  if (proof.lines.length !== size || h.openers !== size) {
    throw fail(
      'input',
      `${where}: ${proof.lines.length} lines (header: ${h.openers} openers), the game allows ${size} first guesses`,
    );
  }
  let best: { word: string; total: number } | null = null;
  let exact = 0;
  let atLeast = 0;
  let none = 0;
  for (const l of proof.lines) {
    if (l.value.kind === 'exact') {
      exact++;
      if (best === null || l.value.total < best.total) best = { word: l.word, total: l.value.total };
    } else if (l.value.kind === 'atLeast') atLeast++;
    else none++;
  }
  if (best === null) throw fail('input', `${where}: no exact line (WORD<TAB>=N): the proof names no best opener`);
  const b = best;
  const line = (w: string): number => proof.lines.findIndex((l) => l.word === w) + 2;
  for (const l of proof.lines) {
    if (l.value.kind === 'atLeast' && l.value.total <= b.total)
      throw fail(
        'input',
        `${where}:${line(l.word)}: "${l.word}" >=${l.value.total} is not above the best total ${b.total}: the proof does not settle it`,
      );
  }
  if (
    h.best.total !== b.total ||
    !isExactLine(
      proof.lines.find((l) => l.word === h.best.word),
      b.total,
    )
  ) {
    throw fail(
      'input',
      `${where}:1: the header's best (${h.best.word} ${h.best.total}) is not the best line (${b.word} =${b.total})`,
    );
  }
  if (treeTotal !== null && treeTotal !== b.total)
    throw fail('input', `${where}: the best line (${b.word} =${b.total}) is not the tree's total (${treeTotal})`);
  return { best: h.best, exact, atLeast, none, wordsChecked: allowed !== null };
}

/** Read and parse a proof file (a missing or unreadable file: one line). */
export function readProof(path: string): Proof {
  if (!existsSync(path)) throw fail('input', `${path}: no such proof file`);
  return parseProof(readTextFile(path, 'proof file'), path);
}

/** Whether a proof line is there and says the first guess's total is exactly `total`. */
function isExactLine(line: { readonly value: ProofValue } | undefined, total: number): boolean {
  return line?.value.kind === 'exact' && line.value.total === total;
}
