/**
 * Mastermind MM(p,c): a secret of p pegs, each one of c colours (repeats allowed). Codes are
 * the integers 0..c^p-1, written base c with the first peg most significant, so code order is
 * the order of their names ("AAAA" < "AAAB"). Every code may be guessed. The reply to a guess
 * is (blacks, whites), encoded as blacks*(p+1)+whites; (p,0) ends the game. The objective is
 * the least total number of guesses: scores[a] = -a.
 */
import { fail } from '../../../runtime/errors.js';
import { safeText } from '../../../runtime/messages.js';
import type { ListRef } from '../../../runtime/tree-format.js';
import type { Game, ScoreByAttempt } from '../../game.js';

export const MASTERMIND_MAX_PEGS = 8;
export const MASTERMIND_MAX_COLORS = 26;
/** Codes the game will hold: beyond this the per-code tables do not fit comfortably. */
export const MASTERMIND_MAX_CODES = 1 << 24;
/** Pegs × bits per peg up to which blacks come from one table lookup. */
const BLACK_TABLE_MAX_BITS = 20;
/** Multiset pairs up to which the total matches come from one table lookup. */
const MATCH_TABLE_MAX = 1 << 26;

export const MASTERMIND_UNSOLVED = -1_000_000;

export function mastermindObjective(maxAttempts: number): ScoreByAttempt {
  const scores = new Float64Array(maxAttempts + 1);
  for (let a = 1; a <= maxAttempts; a++) scores[a] = -a;
  return { name: 'total-guesses', scores, unsolved: MASTERMIND_UNSOLVED };
}

/** Checks the size and returns the code count, or a one-line `usage`/`limit` error. */
export function mastermindCodeCount(pegs: number, colors: number): number {
  if (!Number.isInteger(pegs) || pegs < 1 || pegs > MASTERMIND_MAX_PEGS) {
    throw fail('usage', `--pegs ${String(pegs)}: expected a whole number from 1 to ${MASTERMIND_MAX_PEGS}`);
  }
  if (!Number.isInteger(colors) || colors < 2 || colors > MASTERMIND_MAX_COLORS) {
    throw fail('usage', `--colors ${String(colors)}: expected a whole number from 2 to ${MASTERMIND_MAX_COLORS}`);
  }
  const count = colors ** pegs;
  if (count > MASTERMIND_MAX_CODES) {
    throw fail(
      'limit',
      `MM(${pegs},${colors}) has ${count} codes, more than the ${MASTERMIND_MAX_CODES} this version holds in memory`,
    );
  }
  return count;
}

/** Number of multisets of `k` items from `n` kinds: C(n+k-1, k). */
function multisetCount(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n + i - 1)) / i;
  return Math.round(r);
}

export interface ReplyTables {
  readonly packed: Uint32Array;
  readonly multiset: Uint32Array;
  readonly multisets: number;
  readonly blacksTimesP: Uint8Array;
  readonly matches: Uint8Array;
}

/**
 * A candidate set prepared for scanning many guesses: each code's packed pegs and colour
 * multiset gathered once, so `count` tallies a guess's replies with two table lookups a code
 * (games too large for the tables fall back to the reply function).
 */
export class GatheredSet {
  readonly n: number;
  private readonly game: MastermindGame;
  private readonly set: Uint32Array;
  private readonly t: ReplyTables | null;
  private readonly sp: Uint32Array;
  private readonly sm: Uint32Array;
  constructor(game: MastermindGame, set: Uint32Array) {
    const n = set.length;
    this.n = n;
    this.game = game;
    this.set = set;
    this.t = game.kernelTables();
    this.sp = new Uint32Array(this.t ? n : 0);
    this.sm = new Uint32Array(this.t ? n : 0);
    if (!this.t) return;
    for (let i = 0; i < n; i++) {
      this.sp[i] = this.t.packed[set[i]];
      this.sm[i] = this.t.multiset[set[i]];
    }
  }
  /** counts[reply] for `guess` over the set (counts is zeroed here). */
  count(guess: number, counts: Uint32Array): void {
    counts.fill(0);
    const t = this.t;
    if (t) {
      countKernel(
        t.blacksTimesP,
        t.matches,
        t.packed[guess],
        t.multiset[guess] * t.multisets,
        this.sp,
        this.sm,
        this.n,
        counts,
      );
      return;
    }
    for (let i = 0; i < this.n; i++) counts[this.game.feedback(guess, this.set[i])]++;
  }
  /** `tally`, returning the bit mask of the replies added (the replies must be below 31: at most 5 pegs). */
  tallyMask(guess: number, counts: Uint32Array): number {
    const t = this.t;
    if (t)
      return maskKernel(
        t.blacksTimesP,
        t.matches,
        t.packed[guess],
        t.multiset[guess] * t.multisets,
        this.sp,
        this.sm,
        this.n,
        counts,
      );
    let mask = 0;
    for (let i = 0; i < this.n; i++) {
      const c = this.game.feedback(guess, this.set[i]);
      counts[c]++;
      mask |= 1 << c;
    }
    return mask;
  }
  /** counts[reply] += the replies of `guess` over the set (counts is not zeroed). */
  tally(guess: number, counts: Uint32Array): void {
    const t = this.t;
    if (t) {
      countKernel(
        t.blacksTimesP,
        t.matches,
        t.packed[guess],
        t.multiset[guess] * t.multisets,
        this.sp,
        this.sm,
        this.n,
        counts,
      );
      return;
    }
    for (let i = 0; i < this.n; i++) counts[this.game.feedback(guess, this.set[i])]++;
  }
}

function maskKernel(
  bt: Uint8Array,
  mt: Uint8Array,
  pg: number,
  row: number,
  sp: Uint32Array,
  sm: Uint32Array,
  n: number,
  counts: Uint32Array,
): number {
  let mask = 0;
  for (let i = 0; i < n; i++) {
    const c = bt[pg ^ sp[i]] + mt[row + sm[i]];
    counts[c]++;
    mask |= 1 << c;
  }
  return mask;
}

function countKernel(
  bt: Uint8Array,
  mt: Uint8Array,
  pg: number,
  row: number,
  sp: Uint32Array,
  sm: Uint32Array,
  n: number,
  counts: Uint32Array,
): void {
  for (let i = 0; i < n; i++) counts[bt[pg ^ sp[i]] + mt[row + sm[i]]]++;
}

export class MastermindGame implements Game {
  readonly id = 'mastermind';
  /** Its loader adds `objective: 'worst-case'` for that objective (games/worst-case.ts `markWorstCase`). */
  params: { pegs: number; colors: number; objective?: string };
  readonly lists: readonly ListRef[] = [];
  readonly secretCount: number;
  readonly guessCount: number;
  readonly codeCount: number;
  readonly solvedCode: number;
  readonly maxAttempts: number;
  readonly objective: ScoreByAttempt;
  readonly pegs: number;
  readonly colors: number;
  /** digits[code * pegs + i]: the colour of peg i. */
  readonly digits: Uint8Array;
  /** Which replies can occur: (p-1, 1) never does. */
  readonly validCode: Uint8Array;
  /** The replies that can occur besides the winning one, ascending. */
  readonly replyCodes: Uint32Array;
  private readonly bits: number;
  /** Pegs packed `bits` apiece, so equal pegs are zero fields of packed[g] ^ packed[s]. */
  private readonly packed: Uint32Array;
  /** blacksTimesP[x]: pegs × the number of zero fields of x (when the table is used). */
  private readonly blacksTimesP: Uint8Array | null;
  /** Index of a code's colour multiset. */
  private readonly multiset: Uint32Array;
  private readonly multisets: number;
  /** matches[a * multisets + b]: sum over colours of the smaller count (when the table is used). */
  private readonly matches: Uint8Array | null;
  /** counts[m * colors + k]: how many pegs of colour k multiset m has. */
  private readonly counts: Uint8Array;

  constructor(pegs: number, colors: number) {
    const n = mastermindCodeCount(pegs, colors);
    this.pegs = pegs;
    this.colors = colors;
    this.params = { pegs, colors };
    this.secretCount = n;
    this.guessCount = n;
    this.codeCount = (pegs + 1) * (pegs + 1);
    this.solvedCode = pegs * (pegs + 1);
    // A cap on the depth is a compile setting; a replay allows as many guesses as codes.
    this.maxAttempts = n;
    this.objective = mastermindObjective(this.maxAttempts);
    this.validCode = new Uint8Array(this.codeCount);
    for (let b = 0; b <= pegs; b++) {
      for (let w = 0; b + w <= pegs; w++) if (!(b === pegs - 1 && w === 1)) this.validCode[b * (pegs + 1) + w] = 1;
    }
    const replies: number[] = [];
    for (let c = 0; c < this.codeCount; c++) if (this.validCode[c] && c !== this.solvedCode) replies.push(c);
    this.replyCodes = Uint32Array.from(replies);
    this.digits = new Uint8Array(n * pegs);
    this.bits = Math.max(1, Math.ceil(Math.log2(colors)));
    this.packed = new Uint32Array(n);
    for (let code = 0; code < n; code++) {
      let rest = code;
      for (let i = pegs - 1; i >= 0; i--) {
        this.digits[code * pegs + i] = rest % colors;
        rest = Math.floor(rest / colors);
      }
      let packed = 0;
      for (let i = 0; i < pegs; i++) packed = packed * (1 << this.bits) + this.digits[code * pegs + i];
      this.packed[code] = packed;
    }
    const totalBits = pegs * this.bits;
    if (totalBits <= BLACK_TABLE_MAX_BITS) {
      const size = 1 << totalBits;
      const mask = (1 << this.bits) - 1;
      this.blacksTimesP = new Uint8Array(size);
      for (let x = 0; x < size; x++) {
        let zeros = 0;
        for (let i = 0; i < pegs; i++) if (((x >>> (i * this.bits)) & mask) === 0) zeros++;
        this.blacksTimesP[x] = zeros * pegs;
      }
    } else {
      this.blacksTimesP = null;
    }
    // Colour multisets, numbered in order of first appearance over the codes.
    this.multisets = multisetCount(colors, pegs);
    this.multiset = new Uint32Array(n);
    this.counts = new Uint8Array(this.multisets * colors);
    const seen = new Map<string, number>();
    const row = new Uint8Array(colors);
    for (let code = 0; code < n; code++) {
      row.fill(0);
      for (let i = 0; i < pegs; i++) row[this.digits[code * pegs + i]]++;
      const key = row.join(',');
      let m = seen.get(key);
      if (m === undefined) {
        m = seen.size;
        seen.set(key, m);
        this.counts.set(row, m * colors);
      }
      this.multiset[code] = m;
    }
    const M = this.multisets;
    if (M * M <= MATCH_TABLE_MAX) {
      this.matches = new Uint8Array(M * M);
      for (let a = 0; a < M; a++) {
        for (let b = 0; b < M; b++) this.matches[a * M + b] = this.matchesOf(a, b);
      }
    } else {
      this.matches = null;
    }
  }

  private matchesOf(a: number, b: number): number {
    const c = this.colors;
    let t = 0;
    for (let k = 0; k < c; k++) t += Math.min(this.counts[a * c + k], this.counts[b * c + k]);
    return t;
  }

  secretOfGuess(guess: number): number {
    return guess;
  }
  guessOfSecret(secret: number): number {
    return secret;
  }
  /** Symbols a peg can hold (the engine's name for the colours). */
  get symbols(): number {
    return this.colors;
  }
  replyCounter(set: Uint32Array): GatheredSet {
    return new GatheredSet(this, set);
  }

  feedback(guess: number, secret: number): number {
    const p = this.pegs;
    let blacksP: number;
    if (this.blacksTimesP) {
      blacksP = this.blacksTimesP[this.packed[guess] ^ this.packed[secret]];
    } else {
      let b = 0;
      for (let i = 0; i < p; i++) if (this.digits[guess * p + i] === this.digits[secret * p + i]) b++;
      blacksP = b * p;
    }
    const ma = this.multiset[guess];
    const mb = this.multiset[secret];
    const total = this.matches ? this.matches[ma * this.multisets + mb] : this.matchesOf(ma, mb);
    // blacks*(p+1) + (total - blacks)
    return blacksP + total;
  }

  partitionCodes(guess: number, secrets: Uint32Array, n: number, out: Uint32Array): void {
    const bt = this.blacksTimesP;
    const mt = this.matches;
    if (bt && mt) {
      const pg = this.packed[guess];
      const row = this.multiset[guess] * this.multisets;
      const packed = this.packed;
      const ms = this.multiset;
      for (let i = 0; i < n; i++) {
        const s = secrets[i];
        out[i] = bt[pg ^ packed[s]] + mt[row + ms[s]];
      }
      return;
    }
    for (let i = 0; i < n; i++) out[i] = this.feedback(guess, secrets[i]);
  }

  /**
   * The tables of the reply kernel, for loops that gather a set's entries once and then scan
   * many guesses (see GatheredSet); null when a code is too
   * large for the tables.
   */
  kernelTables(): ReplyTables | null {
    if (!this.blacksTimesP || !this.matches) return null;
    return {
      packed: this.packed,
      multiset: this.multiset,
      multisets: this.multisets,
      blacksTimesP: this.blacksTimesP,
      matches: this.matches,
    };
  }

  codeText(code: number): string {
    const p = this.pegs;
    let s = '';
    for (let i = 0; i < p; i++) s += String.fromCharCode(65 + this.digits[code * p + i]);
    return s;
  }
  /** The code a name such as "AABC" denotes, or -1 when it is not one of this game's codes. */
  codeOf(text: string): number {
    if (text.length !== this.pegs) return -1;
    let code = 0;
    for (let i = 0; i < text.length; i++) {
      const d = text.charCodeAt(i) - 65;
      if (d < 0 || d >= this.colors) return -1;
      code = code * this.colors + d;
    }
    return code;
  }
  guessName(guess: number): string {
    return this.codeText(guess);
  }
  secretName(secret: number): string {
    return this.codeText(secret);
  }
  /** A reply as the contest grammar writes it: blacks then whites, "21". */
  codeName(code: number): string {
    const q = this.pegs + 1;
    return `${Math.floor(code / q)}${code % q}`;
  }
  replyCode(blacks: number, whites: number): number {
    return blacks * (this.pegs + 1) + whites;
  }
  readonly replyHelp = 'reply with blacks then whites: two digits such as 21 (or 2 1)';
  parseCode(text: string): number {
    const t = text.trim();
    const m = /^(\d)\s*[ ,/]?\s*(\d)$/.exec(t);
    const p = this.pegs;
    if (!m) throw fail('feedback', `reply ${safeText(t)}: expected blacks then whites, two digits such as 21`);
    const b = Number(m[1]);
    const w = Number(m[2]);
    if (b + w > p)
      throw fail(
        'feedback',
        `reply ${safeText(t)}: ${b} black${b === 1 ? '' : 's'} and ${w} white${w === 1 ? '' : 's'} are more than ${p} pegs`,
      );
    if (b === p - 1 && w === 1)
      throw fail('feedback', `reply ${safeText(t)}: ${p - 1} black${p - 1 === 1 ? '' : 's'} and 1 white cannot happen`);
    return this.replyCode(b, w);
  }
}
