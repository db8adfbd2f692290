/**
 * Bulls and Cows (MOO): a code is `digits` distinct symbols out of `symbols` (0-9, then a-z),
 * in order (a leading 0 allowed); the classic game is 4 of 10, 5,040 codes. Any code may be
 * guessed. The reply is (bulls, cows): bulls are symbols in the right place, cows symbols of
 * the guess that are in the secret elsewhere; it is encoded as bulls·(digits+1) + cows, and
 * (digits, 0) ends the game. Codes are numbered in lexicographic order of their symbols, so
 * the symmetry filter can compare them as sequences.
 */
import { fail } from '../../../runtime/errors.js';
import { safeText } from '../../../runtime/messages.js';
import type { ListRef } from '../../../runtime/tree-format.js';
import type { Game, ScoreByAttempt } from '../../game.js';
import type { CodeGame } from '../../engine/code-ranker.js';
import type { TallyCounter } from '../../engine/types.js';
import { popcount32 } from '../../engine/bits.js';

export const BULLSCOWS_MAX_DIGITS = 10;
export const BULLSCOWS_MAX_SYMBOLS = 36;
/** Codes the game will hold in memory. */
export const BULLSCOWS_MAX_CODES = 1 << 24;
export const BULLSCOWS_UNSOLVED = -1_000_000;

const SYMBOLS = '0123456789abcdefghijklmnopqrstuvwxyz';

/** The number of codes: symbols·(symbols−1)···(symbols−digits+1), or a one-line error. */
export function bullsCowsCodeCount(digits: number, symbols: number): number {
  if (!Number.isInteger(digits) || digits < 1 || digits > BULLSCOWS_MAX_DIGITS)
    throw fail('usage', `--digits ${String(digits)}: expected a whole number from 1 to ${BULLSCOWS_MAX_DIGITS}`);
  if (!Number.isInteger(symbols) || symbols < digits || symbols > BULLSCOWS_MAX_SYMBOLS) {
    throw fail(
      'usage',
      `--symbols ${String(symbols)}: expected a whole number from --digits (${digits}) to ${BULLSCOWS_MAX_SYMBOLS}: a code holds ${digits} different symbols`,
    );
  }
  let n = 1;
  for (let i = 0; i < digits; i++) n *= symbols - i;
  if (n > BULLSCOWS_MAX_CODES)
    throw fail(
      'limit',
      `Bulls and Cows with ${digits} of ${symbols} symbols has ${n} codes, more than the ${BULLSCOWS_MAX_CODES} this version holds in memory`,
    );
  return n;
}

export function bullsCowsObjective(maxAttempts: number): ScoreByAttempt {
  const scores = new Float64Array(maxAttempts + 1);
  for (let a = 1; a <= maxAttempts; a++) scores[a] = -a;
  return { name: 'total-guesses', scores, unsolved: BULLSCOWS_UNSOLVED };
}

/** Symbols packed 4 bits each: bulls are the zero fields of a packed xor, by table. */
const PACK_BITS = 4;

export class BullsCowsGame implements Game, CodeGame {
  readonly id = 'bullscows';
  /** Its loader adds `objective: 'worst-case'` for that objective (games/worst-case.ts `markWorstCase`). */
  params: { digits: number; symbols: number; objective?: string };
  readonly lists: readonly ListRef[] = [];
  readonly secretCount: number;
  readonly guessCount: number;
  readonly codeCount: number;
  readonly solvedCode: number;
  readonly maxAttempts: number;
  readonly objective: ScoreByAttempt;
  readonly digits: Uint8Array;
  readonly pegs: number;
  readonly symbols: number;
  /** The replies that can occur besides the winning one, ascending. */
  readonly replyCodes: Uint32Array;
  /** Which symbols a code holds: bit k (lo: 0..31, hi: 32..35). */
  private readonly maskLo: Uint32Array;
  private readonly maskHi: Uint32Array;
  /** Symbols packed 4 bits each, when every symbol fits (symbols ≤ 16, digits ≤ 5): bulls by one table lookup. */
  private readonly packed: Uint32Array | null;
  /** bullsTimesD[x]: digits × the zero fields of x; a reply is that plus the symbols in common. */
  private readonly bullsTimesD: Uint8Array | null;

  constructor(digits: number, symbols: number) {
    const n = bullsCowsCodeCount(digits, symbols);
    this.pegs = digits;
    this.symbols = symbols;
    this.params = { digits, symbols };
    this.secretCount = n;
    this.guessCount = n;
    const q = digits + 1;
    this.codeCount = q * q;
    this.solvedCode = digits * q;
    // A cap on the depth is a compile setting; a replay allows as many guesses as codes.
    this.maxAttempts = n;
    this.objective = bullsCowsObjective(n);
    // Guess and secret share at least 2·digits − symbols symbols; (digits−1, 1) cannot happen.
    const minCommon = Math.max(0, 2 * digits - symbols);
    const replies: number[] = [];
    for (let b = 0; b <= digits; b++) {
      for (let c = 0; b + c <= digits; c++) {
        if (b + c < minCommon || (b === digits - 1 && c === 1) || (b === digits && c === 0)) continue;
        replies.push(b * q + c);
      }
    }
    this.replyCodes = Uint32Array.from(replies.sort((a, b) => a - b));
    this.digits = new Uint8Array(n * digits);
    this.maskLo = new Uint32Array(n);
    this.maskHi = new Uint32Array(n);
    // Codes in lexicographic order: the next arrangement of distinct symbols each time.
    const cur = Array.from({ length: digits }, (_, i) => i);
    const used = new Uint8Array(symbols);
    for (const x of cur) used[x] = 1;
    for (let code = 0; code < n; code++) {
      for (let i = 0; i < digits; i++) {
        const x = cur[i];
        this.digits[code * digits + i] = x;
        if (x < 32) this.maskLo[code] = this.maskLo[code] | (1 << x);
        else this.maskHi[code] = this.maskHi[code] | (1 << (x - 32));
      }
      if (code + 1 < n) nextArrangement(cur, used, symbols);
    }
    if (symbols <= 16 && digits <= 5) {
      this.packed = new Uint32Array(n);
      for (let code = 0; code < n; code++) {
        let p = 0;
        for (let i = 0; i < digits; i++) p = (p << PACK_BITS) | this.digits[code * digits + i];
        this.packed[code] = p;
      }
      const size = 1 << (digits * PACK_BITS);
      this.bullsTimesD = new Uint8Array(size);
      for (let x = 0; x < size; x++) {
        let zeros = 0;
        for (let i = 0; i < digits; i++) if (((x >>> (i * PACK_BITS)) & 15) === 0) zeros++;
        this.bullsTimesD[x] = zeros * digits;
      }
    } else {
      this.packed = null;
      this.bullsTimesD = null;
    }
  }

  secretOfGuess(guess: number): number {
    return guess;
  }
  guessOfSecret(secret: number): number {
    return secret;
  }

  /** bulls·(digits+1) + cows. */
  feedback(guess: number, secret: number): number {
    const common =
      popcount32((this.maskLo[guess] & this.maskLo[secret]) >>> 0) +
      popcount32((this.maskHi[guess] & this.maskHi[secret]) >>> 0);
    // bulls·(d+1) + (common − bulls) = bulls·d + common
    if (this.bullsTimesD && this.packed) return this.bullsTimesD[this.packed[guess] ^ this.packed[secret]] + common;
    const d = this.pegs;
    let b = 0;
    for (let i = 0; i < d; i++) if (this.digits[guess * d + i] === this.digits[secret * d + i]) b++;
    return b * d + common;
  }

  partitionCodes(guess: number, secrets: Uint32Array, n: number, out: Uint32Array): void {
    const lo = this.maskLo;
    const hi = this.maskHi;
    const glo = lo[guess];
    const ghi = hi[guess];
    const bt = this.bullsTimesD;
    const packed = this.packed;
    if (bt && packed) {
      const pg = packed[guess];
      for (let i = 0; i < n; i++) {
        const s = secrets[i];
        out[i] = bt[pg ^ packed[s]] + popcount32((glo & lo[s]) >>> 0) + popcount32((ghi & hi[s]) >>> 0);
      }
      return;
    }
    for (let i = 0; i < n; i++) out[i] = this.feedback(guess, secrets[i]);
  }

  /** Replies of many guesses over one set: the set's masks and packed symbols gathered once. */
  replyCounter(set: Uint32Array): TallyCounter {
    const n = set.length;
    const lo = new Uint32Array(n);
    const hi = new Uint32Array(n);
    const pk = new Uint32Array(n);
    for (let i = 0; i < n; i++) {
      const s = set[i];
      lo[i] = this.maskLo[s];
      hi[i] = this.maskHi[s];
      if (this.packed) pk[i] = this.packed[s];
    }
    const bt = this.bullsTimesD;
    const packed = this.packed;
    const codes = new Uint32Array(n);
    const tally = (guess: number, counts: Uint32Array): void => {
      if (!bt || !packed || this.maskHi[guess] !== 0) {
        this.partitionCodes(guess, set, n, codes);
        for (let i = 0; i < n; i++) counts[codes[i]]++;
        return;
      }
      const glo = this.maskLo[guess];
      const pg = packed[guess];
      for (let i = 0; i < n; i++) {
        counts[bt[pg ^ pk[i]] + popcount32((glo & lo[i]) >>> 0)]++;
      }
    };
    const tallyMask = (guess: number, counts: Uint32Array): number => {
      let mask = 0;
      if (!bt || !packed || this.maskHi[guess] !== 0) {
        this.partitionCodes(guess, set, n, codes);
        for (let i = 0; i < n; i++) {
          const c = codes[i];
          counts[c]++;
          mask |= 1 << c;
        }
        return mask;
      }
      const glo = this.maskLo[guess];
      const pg = packed[guess];
      for (let i = 0; i < n; i++) {
        const c = bt[pg ^ pk[i]] + popcount32((glo & lo[i]) >>> 0);
        counts[c]++;
        mask |= 1 << c;
      }
      return mask;
    };
    return {
      count: (guess, counts) => {
        counts.fill(0);
        tally(guess, counts);
      },
      tally,
      tallyMask,
    };
  }

  codeText(code: number): string {
    const d = this.pegs;
    let s = '';
    for (let i = 0; i < d; i++) s += SYMBOLS[this.digits[code * d + i]];
    return s;
  }

  /** The code a name such as "0123" denotes, or -1. */
  codeOf(text: string): number {
    const d = this.pegs;
    if (text.length !== d) return -1;
    const xs: number[] = [];
    for (const ch of text) {
      const x = SYMBOLS.indexOf(ch);
      if (x < 0 || x >= this.symbols || xs.includes(x)) return -1;
      xs.push(x);
    }
    // The rank of the arrangement in lexicographic order.
    let code = 0;
    for (let i = 0; i < d; i++) {
      let smaller = 0;
      for (let y = 0; y < xs[i]; y++) if (!xs.slice(0, i).includes(y)) smaller++;
      let rest = 1;
      for (let j = i + 1; j < d; j++) rest *= this.symbols - j;
      code += smaller * rest;
    }
    return code;
  }

  guessName(guess: number): string {
    return this.codeText(guess);
  }
  secretName(secret: number): string {
    return this.codeText(secret);
  }
  /** Bulls then cows as the game writes them: `1A2B`. */
  codeName(code: number): string {
    const q = this.pegs + 1;
    return `${Math.floor(code / q)}A${code % q}B`;
  }

  /**
   * A reply as a person types it: bulls then cows, `1 2`, `1,2`, `12` (digits up to 9) or
   * `1A2B` (any case); impossible replies are refused with the reason.
   */
  readonly replyHelp = 'reply with bulls then cows: "1 2", "12" or 1A2B';
  parseCode(text: string): number {
    const t = text.trim();
    const m =
      /^(\d+)\s*[aA]\s*(\d+)\s*[bB]$/.exec(t) ??
      /^(\d+)\s*[ ,/]\s*(\d+)$/.exec(t) ??
      (this.pegs <= 9 ? /^(\d)(\d)$/.exec(t) : null);
    const d = this.pegs;
    if (!m) throw fail('feedback', `reply ${safeText(t)}: expected bulls then cows, such as "1 2" or 1A2B`);
    const b = Number(m[1]);
    const c = Number(m[2]);
    if (b + c > d)
      throw fail(
        'feedback',
        `reply ${safeText(t)}: ${b} bull${b === 1 ? '' : 's'} and ${c} cow${c === 1 ? '' : 's'} are more than ${d} symbols`,
      );
    if (b === d - 1 && c === 1)
      throw fail(
        'feedback',
        `reply ${safeText(t)}: ${d - 1} bull${d - 1 === 1 ? '' : 's'} and 1 cow cannot happen (the last symbol would be in place too)`,
      );
    const minCommon = Math.max(0, 2 * d - this.symbols);
    if (b + c < minCommon)
      throw fail(
        'feedback',
        `reply ${safeText(t)}: two codes of ${d} different symbols out of ${this.symbols} share at least ${minCommon}`,
      );
    return b * (d + 1) + c;
  }
}

/** The next arrangement of distinct symbols in lexicographic order (in place). */
function nextArrangement(cur: number[], used: Uint8Array, symbols: number): void {
  const d = cur.length;
  for (let i = d - 1; i >= 0; i--) {
    used[cur[i]] = 0;
    for (let x = cur[i] + 1; x < symbols; x++) {
      if (used[x]) continue;
      cur[i] = x;
      used[x] = 1;
      // Fill the rest with the smallest unused symbols.
      let k = i + 1;
      for (let y = 0; y < symbols && k < d; y++) {
        if (used[y]) continue;
        cur[k++] = y;
        used[y] = 1;
      }
      return;
    }
  }
  throw new Error('bulls and cows: no next arrangement');
}
