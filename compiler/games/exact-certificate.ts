/**
 * The exact search's certificate: every subproblem it settled, as text (compiler/engine/exact-plan.ts
 * `ExactFact`, without trees). Written into the `--checkpoint` folder as the search goes
 * (`exact-certificate.txt`), read back by `--resume` (a run goes on from it), shipped beside a
 * tree whose proof is run in pieces, and checked by `verify` (the bounds it proves, laid out
 * again without search, and the tree's own subtrees against every fact on its path).
 *
 *   # guesstree exact certificate; game mastermind-p5c6; codes 7776; facts 2; cpu 5678.9 s; guesstree 0.1.0
 *   AABBC:20 #ADCEA<TAB>>=3780 5      the guess ADCEA after AABBC got 20: its key at least (3780 guesses, depth 5)
 *   AABBC:31<TAB>=412 4               the group after AABBC got 31: exactly 412 guesses, depth 4
 *
 * A path is the steps from the root, each a guess and the reply it got, and optionally `#GUESS`:
 * a guess compared at that node. Keys order plans by guesses, then depth (`>=C D`: no plan of
 * fewer than C guesses, nor of C guesses and depth below D).
 */
import { fail } from '../../runtime/errors.js';
import { safeText } from '../../runtime/messages.js';
import { DEPTH_SLOTS } from '../engine/search.js';
import type { ExactFact } from '../engine/exact-plan.js';

/** How a game names guesses and replies in a certificate, and reads them back (-1: not one). */
export interface ExactNames {
  guessName(guess: number): string;
  replyName(code: number): string;
  guessOf(text: string): number;
  replyOf(text: string): number;
}

export interface CertificateHeader {
  readonly game: string;
  readonly codes: number;
  readonly cpuSeconds: number;
  readonly tool: string;
}

export const CERTIFICATE_FILE = 'exact-certificate.txt';

/** A numeric path (`/g:c/g:c#g`) in the game's words (`A:c A:c #g`). */
export function pathText(path: string, names: ExactNames): string {
  const hash = path.indexOf('#');
  const nodePath = hash < 0 ? path : path.slice(0, hash);
  const words: string[] = [];
  if (nodePath !== '')
    for (const step of nodePath.slice(1).split('/')) {
      const [g, c] = step.split(':');
      words.push(`${names.guessName(Number(g))}:${names.replyName(Number(c))}`);
    }
  if (hash >= 0) words.push(`#${names.guessName(Number(path.slice(hash + 1)))}`);
  return words.length ? words.join(' ') : '.';
}

/** A path in words back to its numeric form, or a reason it is not one. */
function pathOf(text: string, names: ExactNames): string | { readonly error: string } {
  if (text === '.') return '';
  let path = '';
  const words = text.split(' ');
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (w.startsWith('#')) {
      if (i !== words.length - 1) return { error: `"${w}": a guess at a node ends the path` };
      const g = names.guessOf(w.slice(1));
      if (g < 0) return { error: `"${w.slice(1)}" is not a guess of the game` };
      path += `#${g}`;
      continue;
    }
    const colon = w.lastIndexOf(':');
    if (colon <= 0) return { error: `"${w}" is not a step (GUESS:REPLY)` };
    const g = names.guessOf(w.slice(0, colon));
    if (g < 0) return { error: `"${w.slice(0, colon)}" is not a guess of the game` };
    const c = names.replyOf(w.slice(colon + 1));
    if (c < 0) return { error: `"${w.slice(colon + 1)}" is not a reply of the game` };
    path += `/${g}:${c}`;
  }
  return path;
}

/** A key as certificates write it: guesses then depth (guesses alone without a depth tie-break). */
function keyText(key: number, tieBreak: boolean): string {
  if (!tieBreak) return String(key);
  const cost = Math.floor(key / DEPTH_SLOTS);
  return `${cost} ${key - cost * DEPTH_SLOTS}`;
}

/** The certificate's text: the header, then one line per fact with a value, by path. */
export function formatCertificate(
  header: CertificateHeader,
  facts: Iterable<ExactFact>,
  names: ExactNames,
  tieBreak: boolean,
): string {
  const lines: Array<[string, string]> = [];
  for (const f of facts) {
    let value: string;
    if (typeof f.cost === 'number' && typeof f.depth === 'number')
      value = `=${tieBreak ? `${f.cost} ${f.depth}` : String(f.cost)}`;
    else if (typeof f.atLeast === 'number' && Number.isFinite(f.atLeast)) value = `>=${keyText(f.atLeast, tieBreak)}`;
    else if (f.atLeast === Infinity) value = 'none';
    else continue;
    lines.push([pathText(f.path, names), value]);
  }
  lines.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const h = header;
  const head = `# guesstree exact certificate; game ${h.game}; codes ${h.codes}; facts ${lines.length}; cpu ${h.cpuSeconds.toFixed(1)} s; ${h.tool}`;
  return `${[head, ...lines.map(([p, v]) => `${p}\t${v}`)].join('\n')}\n`;
}

/**
 * A file of one header line and rows (a certificate, a code game's proof): the header's match and
 * the rows after it, a trailing newline allowed; one line naming the file when the header is not one.
 */
export function headedRows(
  text: string,
  where: string,
  header: { readonly re: RegExp; readonly what: string; readonly expected: string },
): { readonly m: RegExpExecArray; readonly rows: string[] } {
  const rows = text.split('\n');
  if (rows[rows.length - 1] === '') rows.pop();
  const first = (rows[0] ?? '').replace(/\r$/, '');
  const m = header.re.exec(first);
  if (!m)
    throw fail(
      'input',
      `${where}:1: not a ${header.what} header: ${safeText(first, 80)} (expected "${header.expected}")`,
    );
  return { m, rows };
}

const HEADER_RE =
  /^# guesstree exact certificate; game (\S+); codes (\d+); facts (\d+); cpu (\d+(?:\.\d+)?) s; (guesstree \S+)$/;
const VALUE_RE = /^(?:(=|>=)(\d+)(?: (\d+))?|none)$/;

/** Parse a certificate: its header and facts (one line naming the file, line and problem when it is not one). */
export function parseCertificate(
  text: string,
  where: string,
  names: ExactNames,
  tieBreak: boolean,
): { header: CertificateHeader; facts: Map<string, ExactFact> } {
  const { m, rows } = headedRows(text, where, {
    re: HEADER_RE,
    what: 'certificate',
    expected: '# guesstree exact certificate; game ...',
  });
  const header: CertificateHeader = { game: m[1], codes: Number(m[2]), cpuSeconds: Number(m[4]), tool: m[5] };
  if (Number(m[3]) !== rows.length - 1)
    throw fail('input', `${where}:1: the header counts ${m[3]} facts, the file has ${rows.length - 1}`);
  const facts = new Map<string, ExactFact>();
  for (let i = 1; i < rows.length; i++) {
    const row = rows[i].replace(/\r$/, '');
    const tab = row.indexOf('\t');
    const bad = (why: string): Error => fail('input', `${where}:${i + 1}: ${why}: ${safeText(row, 80)}`);
    if (tab < 0) throw bad('not a fact (PATH<TAB>VALUE)');
    const path = pathOf(row.slice(0, tab), names);
    if (typeof path !== 'string') throw bad(path.error);
    const v = VALUE_RE.exec(row.slice(tab + 1));
    if (!v) throw bad('not a value (=N D, >=N D or none)');
    if (facts.has(path)) throw bad('a path listed twice');
    if (v[1] === undefined) {
      facts.set(path, { path, atLeast: Infinity });
      continue;
    }
    if (tieBreak !== (v[3] !== undefined)) throw bad(tieBreak ? 'a value needs its depth' : 'a value has no depth');
    const cost = Number(v[2]);
    const depth = v[3] === undefined ? 0 : Number(v[3]);
    if (depth >= DEPTH_SLOTS) throw bad(`a depth below ${DEPTH_SLOTS}`);
    facts.set(
      path,
      v[1] === '=' ? { path, cost, depth } : { path, atLeast: tieBreak ? cost * DEPTH_SLOTS + depth : cost },
    );
  }
  return { header, facts };
}
