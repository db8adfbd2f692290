/**
 * A code game's proof (Mastermind, Bulls and Cows `--exact`): what the exact search established
 * about every first-guess class, shipped beside the tree (`<tree>.proof.txt`), printed by
 * `export --format proof` and checked by `verify`.
 *
 *   # guesstree mastermind proof; game mastermind-p4c7; codes 2401; classes 5; least 11228; cpu 18.4 s; guesstree 0.1.0
 *   AAAA<TAB>>=11236      no strategy opening with this class needs fewer guesses
 *   AABC<TAB>=11228       the least total of the strategies opening with this class
 *
 * One line per class (the symmetry classes of first guesses, named by their first code), in code
 * order: the optimum's class exactly, every other at least what any run proves of it (pool/exact.ts
 * `rootOutcomes`), so the lines are the same whatever the workers; `least` is the least figure of
 * the lines: the game's optimum when a line says exactly it,
 * else a proven lower bound (a proof run in pieces). Its certificate (`<tree>.certificate.txt`,
 * games/exact-certificate.ts) lists every settled subproblem: `verify` lays them out again
 * without search (engine/exact-plan.ts `derive`), checks that no fact contradicts the tree's own
 * subtrees, and that every line of the proof follows from them.
 */
import { existsSync } from 'node:fs';
import { fail } from '../../runtime/errors.js';
import { safeText } from '../../runtime/messages.js';
import type { TreeArrays } from '../../runtime/tree-format.js';
import { readTextFile } from '../../runtime/wordlist.js';
import { codeEffort, codeParts } from '../engine/code-efforts.js';
import type { CodeGame, History } from '../engine/code-ranker.js';
import { ExactPlan, type ExactFact, type XGuess, type XNode } from '../engine/exact-plan.js';
import { DEPTH_SLOTS, SearchEngine } from '../engine/search.js';
import { TOOL_VERSION } from '../version.js';
import type { CandidateOutcome } from './compile-api.js';
import { headedRows, parseCertificate, pathText, type ExactNames } from './exact-certificate.js';
import { count } from './options.js';

/** What a proof says of one first-guess class: exactly, or at least, `total` guesses. */
export interface CodeProofLine {
  readonly code: string;
  readonly exact: boolean;
  readonly total: number;
}

export interface CodeProofHeader {
  readonly module: string;
  readonly game: string;
  readonly codes: number;
  readonly classes: number;
  readonly least: number;
  readonly cpuSeconds: number;
  readonly tool: string;
}

export interface CodeProof {
  readonly header: CodeProofHeader;
  readonly lines: readonly CodeProofLine[];
}

/** A file beside a tree file: `<base><suffix>` (`.proof.txt`, `.certificate.txt`). */
export function besidePath(treePath: string, suffix: string): string {
  return treePath.endsWith('.gtree') ? `${treePath.slice(0, -'.gtree'.length)}${suffix}` : `${treePath}${suffix}`;
}

/** The least cost of a plan whose key is at least `key` (keys: cost·64 + depth). */
function costOfKey(key: number): number {
  return Math.ceil((key - 63) / 64);
}

/** The proof's lines from the exact search's outcomes (keys), one per class. */
export function proofLines(outcomes: readonly CandidateOutcome[], name: (guess: number) => string): CodeProofLine[] {
  return outcomes.map((o) =>
    'key' in o
      ? { code: name(o.guess), exact: true, total: Math.floor(o.key / 64) }
      : { code: name(o.guess), exact: false, total: costOfKey(o.atLeast) },
  );
}

export function formatCodeProof(
  header: Omit<CodeProofHeader, 'least' | 'classes'>,
  lines: readonly CodeProofLine[],
): string {
  const sorted = [...lines].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const least = Math.min(...sorted.map((l) => l.total));
  const h = header;
  const head = `# guesstree ${h.module} proof; game ${h.game}; codes ${h.codes}; classes ${sorted.length}; least ${least}; cpu ${h.cpuSeconds.toFixed(1)} s; ${h.tool}`;
  return `${[head, ...sorted.map((l) => `${l.code}\t${l.exact ? '=' : '>='}${l.total}`)].join('\n')}\n`;
}

const HEADER_RE =
  /^# guesstree (\S+) proof; game (\S+); codes (\d+); classes (\d+); least (\d+); cpu (\d+(?:\.\d+)?) s; (guesstree \S+)$/;
const LINE_RE = /^(\S+)\t(=|>=)(\d+)$/;

/** Parse a proof file: one line naming the file, line and problem when it is not one. */
export function parseCodeProof(text: string, where: string): CodeProof {
  const { m, rows } = headedRows(text, where, {
    re: HEADER_RE,
    what: 'proof',
    expected: '# guesstree GAME proof; game ...; classes ...',
  });
  const header: CodeProofHeader = {
    module: m[1],
    game: m[2],
    codes: Number(m[3]),
    classes: Number(m[4]),
    least: Number(m[5]),
    cpuSeconds: Number(m[6]),
    tool: m[7],
  };
  const lines: CodeProofLine[] = [];
  for (let i = 1; i < rows.length; i++) {
    const row = rows[i].replace(/\r$/, '');
    const l = LINE_RE.exec(row);
    if (!l)
      throw fail(
        'input',
        `${where}:${i + 1}: not a proof line: ${safeText(row, 80)} (expected CODE<TAB>=N or CODE<TAB>>=N)`,
      );
    lines.push({ code: l[1], exact: l[2] === '=', total: Number(l[3]) });
  }
  return { header, lines };
}

/** The game a proof or certificate is checked against: its code game, names, slug and module. */
export interface ProofGame {
  readonly module: string;
  readonly slug: string;
  readonly game: CodeGame & { codeText(code: number): string };
  readonly names: ExactNames;
}

/** The exact search's plan of the game (no search): its root guesses, one per first-guess class, and what facts prove. */
function planOf(g: ProofGame, facts: ConstructorParameters<typeof ExactPlan<History>>[4], known?: TreeArrays) {
  const effort = codeEffort('exact', g.game.secretCount, 0);
  const engine = new SearchEngine<History>(codeParts(g.game, effort));
  const all = Uint32Array.from({ length: g.game.secretCount }, (_, i) => i);
  return new ExactPlan<History>(engine, all, { used: 0, state: [] }, { splitAbove: Infinity, known }, facts);
}

/** What a checked proof says. */
export interface CodeProofCheck {
  readonly least: number;
  /** The class that is exactly `least` (the optimum is proven), or null (a lower bound). */
  readonly optimal: string | null;
  readonly exact: number;
  readonly atLeast: number;
}

/**
 * A proof checked against the game: its header, one line per first-guess class, `least` the
 * least line; when it names an optimum, no line below it and the tree's total equal to it, else
 * the tree's total at least `least`.
 */
export function checkCodeProof(proof: CodeProof, g: ProofGame, treeTotal: number, where: string): CodeProofCheck {
  const h = proof.header;
  if (h.module !== g.module || h.game !== g.slug || h.codes !== g.game.secretCount)
    throw fail(
      'input',
      `${where}:1: a proof of ${h.module} ${h.game} (${h.codes} codes), not of this game (${g.slug}, ${g.game.secretCount} codes)`,
    );
  const plan = planOf(g, new Map());
  const classes = (plan.root.guesses ?? []).map((x) => g.game.codeText(x.guess));
  const seen = new Set<string>();
  proof.lines.forEach((l, i) => {
    if (!classes.includes(l.code))
      throw fail(
        'input',
        `${where}:${i + 2}: "${safeText(l.code, 20)}" is not a first-guess class of the game (${classes.join(', ')})`,
      );
    if (seen.has(l.code)) throw fail('input', `${where}:${i + 2}: "${l.code}" is listed twice`);
    seen.add(l.code);
  });
  if (proof.lines.length !== classes.length || h.classes !== classes.length)
    throw fail(
      'input',
      `${where}: ${proof.lines.length} lines (header: ${h.classes} classes), the game has ${classes.length} first-guess classes`,
    );
  const least = Math.min(...proof.lines.map((l) => l.total));
  if (h.least !== least)
    throw fail('input', `${where}:1: the header's least (${h.least}) is not the least line (${least})`);
  const best = proof.lines.find((l) => l.exact && l.total === least) ?? null;
  if (best && treeTotal !== least)
    throw fail('input', `${where}: the proven optimum (${best.code} =${least}) is not the tree's total (${treeTotal})`);
  if (treeTotal < least)
    throw fail(
      'input',
      `${where}: the proof says no strategy needs fewer than ${least} guesses, the tree needs ${treeTotal}`,
    );
  const exact = proof.lines.filter((l) => l.exact).length;
  return { least, optimal: best?.code ?? null, exact, atLeast: proof.lines.length - exact };
}

/** What a certificate proves of each first-guess class, laid out without search. */
export interface CertificateCheck {
  readonly facts: number;
  /** The facts themselves, by path, in the certificate's order. */
  readonly byPath: ReadonlyMap<string, ExactFact>;
  readonly cpuSeconds: number;
  readonly lines: readonly CodeProofLine[];
}

/**
 * A certificate checked against the game and a tree: every path is the game's, no fact is above
 * what the tree's own subtree costs there (its subtrees are plans of the same sets), and the
 * bounds the facts prove of each first-guess class, as proof lines.
 */
export function checkCertificate(g: ProofGame, tree: TreeArrays, path: string): CertificateCheck {
  const text = readTextFile(path, 'certificate');
  const c = parseCertificate(text, path, g.names, true);
  if (c.header.game !== g.slug || c.header.codes !== g.game.secretCount)
    throw fail(
      'input',
      `${path}:1: a certificate of ${c.header.game} (${c.header.codes} codes), not of ${g.slug} (${g.game.secretCount} codes)`,
    );
  const plan = planOf(g, c.facts, tree);
  try {
    plan.derive();
  } catch (e) {
    throw fail('input', `${path}: ${pathWords((e as Error).message, g.names)}`);
  }
  const conflict = firstConflict(plan.root);
  if (conflict)
    throw fail(
      'input',
      `${path}: ${pathText(conflict.path, g.names)} is proven at least ${costOfKey(conflict.lo)} guesses, but the tree plays it in ${Math.floor(conflict.upper / 64)}`,
    );
  const lines = (plan.root.guesses ?? []).map((x) =>
    x.lo === x.upper
      ? { code: g.game.codeText(x.guess), exact: true, total: Math.floor(x.lo / 64) }
      : { code: g.game.codeText(x.guess), exact: false, total: costOfKey(x.lo) },
  );
  return { facts: c.facts.size, byPath: c.facts, cpuSeconds: c.header.cpuSeconds, lines };
}

/** A message of the plan's with its numeric path in the game's words. */
function pathWords(message: string, names: ExactNames): string {
  const m = /^(\S*): (.*)$/.exec(message);
  if (!m) return message;
  try {
    return `${pathText(m[1], names)}: ${m[2]}`;
  } catch {
    return message;
  }
}

/** The first node or guess laid out whose proven bound is above a known plan's key. */
function firstConflict(x: XNode<History>): { path: string; lo: number; upper: number } | null {
  if (x.lo > x.upper) return { path: x.path, lo: x.lo, upper: x.upper };
  for (const g of x.guesses ?? []) {
    const c = guessConflict(g);
    if (c) return c;
  }
  return null;
}

function guessConflict(g: XGuess<History>): { path: string; lo: number; upper: number } | null {
  if (g.lo > g.upper) return { path: `${g.at.path}#${g.guess}`, lo: g.lo, upper: g.upper };
  for (const p of g.parts ?? []) {
    const c = firstConflict(p);
    if (c) return c;
  }
  return null;
}

/** Each proof line follows from the certificate's: at most what it proves, exact only where it is. */
export function checkProofAgainstCertificate(proof: CodeProof, cert: CertificateCheck, where: string): void {
  for (const l of proof.lines) {
    const d = cert.lines.find((x) => x.code === l.code);
    if (!d) continue;
    const ok = l.exact ? d.exact && d.total === l.total : l.total <= d.total;
    if (!ok)
      throw fail(
        'input',
        `${where}: ${l.code} ${l.exact ? '=' : '>='}${l.total} does not follow from the certificate (${d.exact ? '=' : '>='}${d.total})`,
      );
  }
}

/** The certificate `--recheck N` searches again, beside the tree; a usage error when there is none. */
export function recheckedCertificate(treePath: string, recheck: number): string {
  const certPath = besidePath(treePath, '.certificate.txt');
  if (!existsSync(certPath))
    throw fail('usage', `--recheck ${recheck}: no certificate beside ${treePath} (${certPath})`);
  return certPath;
}

/**
 * `verify --recheck N`: N of the certificate's facts, evenly spaced in its order, each searched
 * again from scratch by the exact search (no fact used): an `=C D` fact must be the set's optimum,
 * `>=C D` must have no plan below it, `none` no plan at all. A fact that does not hold is refused.
 */
function recheckCertificate(
  g: ProofGame,
  byPath: ReadonlyMap<string, ExactFact>,
  certPath: string,
  n: number,
  out: (line: string) => void,
): void {
  const facts = [...byPath.values()];
  const step = Math.max(1, Math.floor(facts.length / n));
  const picked = facts.filter((_, i) => i % step === 0).slice(0, n);
  // A plan that knows no fact lays out each fact's node or guess as the search did; its engine searches afresh.
  const plan = planOf(g, new Map());
  const engine = plan.engine;
  const started = process.cpuUsage();
  for (const f of picked) {
    const at = plan.reach(f.path);
    const exact = f.cost !== undefined;
    const depth = f.depth ?? 0;
    // An exact fact's key is searched under the next key up: the search's best plan must be it.
    const key = exact ? engine.keyOf({ cost: f.cost as number, depth }) : (f.atLeast as number);
    const beta = exact ? key + 1 : key;
    const r = 'guess' in at ? engine.evaluate(at.guess, at.at.set, at.node, beta) : engine.solve(at.set, at.node, beta);
    const found = r ? engine.keyOf(r) : null;
    if (exact ? found !== key : found !== null) {
      const claim = exact
        ? `=${f.cost} ${depth}`
        : f.atLeast === Infinity
          ? 'none'
          : `>=${Math.floor(key / DEPTH_SLOTS)} ${key % DEPTH_SLOTS}`;
      const got =
        found === null
          ? `no plan of ${f.cost} guesses and depth ${depth} or less`
          : `${exact ? 'a better plan' : 'a plan'} of ${Math.floor(found / DEPTH_SLOTS)} guesses, depth ${found % DEPTH_SLOTS}`;
      throw fail('input', `${certPath}: ${pathText(f.path, g.names)} ${claim} does not hold: searched again, ${got}`);
    }
  }
  const used = process.cpuUsage(started);
  out(
    `recheck: ${count(picked.length)} of ${count(facts.length)} settled subproblems searched again (${step === 1 ? 'all of them' : `one in ${count(step)}, in the certificate's order`}), each as it says; ${((used.user + used.system) / 1e6).toFixed(1)} s of CPU`,
  );
}

/** The proof and certificate beside a tree, checked (null: neither is there). */
export function checkBesideTree(
  g: ProofGame,
  tree: TreeArrays,
  treeTotal: number,
  treePath: string,
  out: (line: string) => void,
  recheck?: number,
): void {
  const proofPath = besidePath(treePath, '.proof.txt');
  const certPath = besidePath(treePath, '.certificate.txt');
  if (recheck !== undefined) recheckedCertificate(treePath, recheck);
  const cert = existsSync(certPath) ? checkCertificate(g, tree, certPath) : null;
  if (cert)
    out(
      `certificate: ${certPath}: ${count(cert.facts)} settled subproblems (${count(Math.round(cert.cpuSeconds))} s of CPU), none above the tree's own subtrees; per class: ${cert.lines.map((l) => `${l.code} ${l.exact ? '=' : '>='}${l.total}`).join(', ')}`,
    );
  if (cert && recheck !== undefined) recheckCertificate(g, cert.byPath, certPath, recheck, out);
  if (!existsSync(proofPath)) return;
  const proof = parseCodeProof(readTextFile(proofPath, 'proof file'), proofPath);
  const c = checkCodeProof(proof, g, treeTotal, proofPath);
  if (cert) checkProofAgainstCertificate(proof, cert, proofPath);
  out(
    c.optimal
      ? `proof: ${proofPath}: ${proof.lines.length} first-guess classes (${c.exact} exact, ${c.atLeast} bounded); optimum ${count(c.least)} (${c.optimal}), the tree's total${cert ? '; every line follows from the certificate' : ''}`
      : `proof: ${proofPath}: ${proof.lines.length} first-guess classes, not all settled: no strategy needs fewer than ${count(c.least)} guesses (the tree: ${count(treeTotal)})${cert ? '; every line follows from the certificate' : ''}`,
  );
}

/** The proof a certificate beside the tree proves (for `export --format proof` when no proof file is there). */
export function proofFromCertificate(g: ProofGame, tree: TreeArrays, certPath: string): string {
  const cert = checkCertificate(g, tree, certPath);
  return formatCodeProof(
    {
      module: g.module,
      game: g.slug,
      codes: g.game.secretCount,
      cpuSeconds: cert.cpuSeconds,
      tool: `guesstree ${TOOL_VERSION}`,
    },
    cert.lines,
  );
}
