/**
 * Lingo / Wordle feedback: the harness rule, as a small integer.
 *
 * A mask has one digit per position, base 3, first position most significant:
 * X (absent) = 0, ? (present elsewhere) = 1, O (right place) = 2. Exact matches are marked
 * first; then, left to right, each remaining guess letter takes ? while an unconsumed copy of
 * it remains in the secret.
 */
import { fail } from './errors.js';
import { escapeControls, groupDigits, safeText } from './messages.js';

export const DIGIT_ABSENT = 0;
export const DIGIT_PRESENT = 1;
export const DIGIT_EXACT = 2;
const MASK_CHARS = ['X', '?', 'O'] as const;

export function feedbackCodeCount(length: number): number {
  return 3 ** length;
}

/** The all-O code. */
export function solvedCode(length: number): number {
  return 3 ** length - 1;
}

export function codeToMask(code: number, length: number): string {
  const chars = new Array<string>(length);
  for (let p = length - 1; p >= 0; p--) {
    chars[p] = MASK_CHARS[code % 3];
    code = Math.floor(code / 3);
  }
  return chars.join('');
}

/** A mask in any case as maskToCode reads it: `o` and `x` upper-cased, anything else kept as typed (for the message). */
export function upperMask(text: string): string {
  return text.replace(/[ox]/g, (c) => c.toUpperCase());
}

/** An example mask of `length` letters for help lines: `OX?X`, `OX?XX`, `OX?XXX`, … */
export function exampleMask(length: number): string {
  return `OX?${'X'.repeat(Math.max(0, length - 3))}`.slice(0, Math.max(1, length));
}

/** How a person types a mask of `length` letters (play's legend). */
export function maskHelp(length: number): string {
  return `reply with the mask: O right place, ? elsewhere, X absent (any case, e.g. ${exampleMask(length)})`;
}

/** Parse a mask typed by a person or sent by a harness; one-line error when malformed. */
export function maskToCode(mask: string, length: number, where = 'mask'): number {
  if (mask.length !== length) {
    throw fail(
      'feedback',
      `${where}: ${safeText(mask)} has ${groupDigits(mask.length)} characters, expected ${length} (O, ? or X)`,
    );
  }
  let code = 0;
  for (let p = 0; p < length; p++) {
    const ch = mask[p];
    const digit = ch === 'O' ? DIGIT_EXACT : ch === '?' ? DIGIT_PRESENT : ch === 'X' ? DIGIT_ABSENT : -1;
    if (digit < 0)
      throw fail(
        'feedback',
        `${where}: ${safeText(mask)} has '${escapeControls(ch ?? '')}' at position ${p + 1}; only O, ? and X are allowed`,
      );
    code = code * 3 + digit;
  }
  return code;
}

/** Letters of each word as 0..25, word-major: `letters[w * length + p]`. */
export function encodeLetters(words: readonly string[], length: number): Uint8Array {
  const out = new Uint8Array(words.length * length);
  for (let w = 0; w < words.length; w++) {
    const word = words[w];
    for (let p = 0; p < length; p++) out[w * length + p] = word.charCodeAt(p) - 97;
  }
  return out;
}

/** Longest word the packed kernel handles; longer words take the generic per-position path. */
const PACKED_MAX_LENGTH = 13;
/** From this many secrets on, a call builds the per-guess letter-set tables (3 x 512 entries). */
const SET_TABLES_MIN_SECRETS = 320;
/**
 * A call builds the per-guess tables of the repeated letters (2^length entries per letter)
 * when it has at least this many secrets per table entry.
 */
const GROUP_TABLES_SECRETS_PER_ENTRY = 2;

/** Per-length tables over position masks (bit p = position p). */
interface MaskTables {
  /** Sum of 3^(length-1-p) over the bits p of the mask: a mask's weight in a code. */
  readonly tri: Int32Array;
  /** Number of bits of the mask. */
  readonly pop: Uint8Array;
  /** `low[(m << 2) | c]`: the lowest c bits of m, for c in 0..3. */
  readonly low: Uint16Array;
}

const maskTablesByLength: Array<MaskTables | undefined> = [];

function maskTables(length: number): MaskTables {
  const cached = maskTablesByLength[length];
  if (cached) return cached;
  const size = 1 << length;
  const tri = new Int32Array(size);
  const pop = new Uint8Array(size);
  const low = new Uint16Array(size << 2);
  for (let m = 1; m < size; m++) {
    const p = 31 - Math.clz32(m & -m); // lowest bit
    const rest = m & (m - 1);
    tri[m] = tri[rest] + 3 ** (length - 1 - p);
    pop[m] = pop[rest] + 1;
    let left = m;
    let taken = 0;
    for (let c = 1; c <= 3; c++) {
      taken |= left & -left;
      left &= left - 1;
      low[(m << 2) | c] = taken;
    }
  }
  const t: MaskTables = { tri, pop, low };
  maskTablesByLength[length] = t;
  return t;
}

/** The lowest `c` set bits of `m`. */
function lowestBits(m: number, c: number): number {
  let taken = 0;
  for (; c > 0 && m !== 0; c--) {
    taken |= m & -m;
    m &= m - 1;
  }
  return taken;
}

/**
 * The feedback kernel over a fixed list of words of one length. Guesses and secrets are word
 * indices into the same list (for Wordle, guesses and answers are both in the guess list).
 *
 * Position masks have bit p for position p; `tri[mask]` is a mask's weight in a code (the sum
 * of 3^(length-1-p)), so a pair's code is `2 * tri[exact] + tri[present]` for its masks of
 * exact and present (`?`) positions, plus, for repeated guess letters, their `?` weights.
 *
 * - Exact: each word is stored bit-sliced, as 5 planes of `length` bits (plane b holds bit b
 *   of the letter at each position), several planes to an int32. XOR with the guess's planes,
 *   OR the planes together: the zero bits are the exact matches.
 * - Letters the guess holds once: a non-exact position is `?` exactly when the secret holds
 *   the letter at all (no exact match can have consumed it), a test against the secret's
 *   26-bit letter set. Large calls map the letter set, in three 9-bit slices, through
 *   per-guess tables straight to the mask of such positions.
 * - Letters the guess repeats: with Q the secret's positions of the letter and P the guess's,
 *   the secret's copies that no exact match used (|Q \ P|) go, left to right, to the guess's
 *   non-exact positions (P \ Q): the lowest bits of that mask. Large calls look the weight of
 *   the result up in a per-guess table indexed by Q.
 */
export class LingoFeedback {
  readonly length: number;
  readonly wordCount: number;
  readonly letters: Uint8Array;
  readonly codeCount: number;
  readonly solved: number;
  /** 26-bit set of the letters of each word. */
  readonly letterSets: Int32Array;
  /** Count of each letter in each word: `letterCounts[w * 26 + c]`. */
  readonly letterCounts: Uint8Array;
  private readonly packed: boolean;
  private readonly planeInts: number;
  /** (1 << length) - 1. */
  private readonly full: number;
  // Shifts that fold the planes of an int32 onto the lowest one (31 shifts an absent plane out).
  private readonly sh1: number;
  private readonly sh2: number;
  private readonly sh4: number;
  // Built on the first call (so that a player that never calls the kernel does not pay):
  /**
   * Per word, `stride` int32s: its bit-sliced letters (`planeInts` ints of planes), then its
   * letter set.
   */
  private words32: Int32Array = new Int32Array(0);
  private readonly stride: number;
  private tri: Int32Array = new Int32Array(0);
  private pop: Uint8Array = new Uint8Array(0);
  private low: Uint16Array = new Uint16Array(0);
  /** Planes of the word made of one letter c only: `letterPlanes[c * 3 + k]`, k < 3. */
  private readonly letterPlanes = new Int32Array(26 * 3);
  private built = false;
  /** Weight of each position in a code: 3^(length-1-p) (the generic path). */
  private readonly weight: Int32Array;
  // Per-guess state, kept for the last guess seen.
  private preparedGuess = -1;
  private setTablesGuess = -1;
  private groupTablesGuess = -1;
  private gp0 = 0;
  private gp1 = 0;
  private gp2 = 0;
  /** Letters the guess holds once, and the position (as a bit) of each. */
  private singleCount = 0;
  private readonly singleLetter: Int32Array;
  private readonly singleBit: Int32Array;
  /** Letters the guess repeats: their positions (as a mask) and planes (3 ints each). */
  private groupCount = 0;
  private readonly groupMask: Int32Array;
  private readonly groupPlanes: Int32Array;
  /** Letter-set slice -> positions of the single guess letters in it: 3 x 512. */
  private readonly setTables: Int32Array;
  /** Per repeated letter k: `groupTables[(k << length) | Q]`, the weight of its `?` positions. */
  private readonly groupTables: Int32Array;
  private readonly letterBit: Int32Array;
  private readonly one = new Uint32Array(1);
  private readonly oneOut = new Uint32Array(1);

  constructor(letters: Uint8Array, length: number) {
    this.length = length;
    this.letters = letters;
    this.wordCount = letters.length / length;
    this.codeCount = feedbackCodeCount(length);
    this.solved = solvedCode(length);
    const n = this.wordCount;
    this.packed = length >= 1 && length <= PACKED_MAX_LENGTH;
    this.letterSets = new Int32Array(n);
    this.letterCounts = new Uint8Array(n * 26);
    for (let w = 0; w < n; w++) {
      let set = 0;
      for (let p = 0; p < length; p++) {
        const c = letters[w * length + p];
        set |= 1 << c;
        this.letterCounts[w * 26 + c] = this.letterCounts[w * 26 + c] + 1;
      }
      this.letterSets[w] = set;
    }
    this.weight = new Int32Array(length);
    for (let p = 0; p < length; p++) this.weight[p] = 3 ** (length - 1 - p);
    // Planes per int32: bit 31 stays clear, so a shift by 31 yields 0 for an absent plane.
    this.planeInts = this.packed ? Math.ceil(5 / Math.min(5, Math.floor(31 / length))) : 0;
    this.stride = this.packed ? this.planeInts + 1 : 0;
    this.full = this.packed ? (1 << length) - 1 : 0;
    this.sh1 = Math.min(31, length);
    this.sh2 = Math.min(31, 2 * length);
    this.sh4 = Math.min(31, 4 * length);
    this.singleLetter = new Int32Array(length);
    this.singleBit = new Int32Array(length);
    this.groupMask = new Int32Array(length);
    this.groupPlanes = new Int32Array(3 * length);
    this.setTables = new Int32Array(this.packed ? 3 * 512 : 0);
    this.groupTables = new Int32Array(this.packed ? (length >> 1) << length : 0);
    this.letterBit = new Int32Array(27);
  }

  static fromWords(words: readonly string[], length: number): LingoFeedback {
    return new LingoFeedback(encodeLetters(words, length), length);
  }

  /** The packed words and the mask tables, once. */
  private build(): void {
    const L = this.length;
    const n = this.wordCount;
    const K = this.planeInts;
    const R = this.stride;
    const perInt = Math.min(5, Math.floor(31 / L));
    // The planes of letter c at position p: `part[(c * L + p) * 3 + k]`, k < 3.
    const part = new Int32Array(26 * L * 3);
    for (let c = 0; c < 26; c++) {
      for (let p = 0; p < L; p++) {
        for (let b = 0; b < 5; b++) {
          if (!((c >> b) & 1)) continue;
          const at = (c * L + p) * 3 + Math.floor(b / perInt);
          part[at] = part[at] | (1 << ((b % perInt) * L + p));
        }
        for (let k = 0; k < 3; k++) {
          this.letterPlanes[c * 3 + k] = this.letterPlanes[c * 3 + k] | part[(c * L + p) * 3 + k];
        }
      }
    }
    const letters = this.letters;
    const sets = this.letterSets;
    const rec = new Int32Array(n * R);
    for (let w = 0; w < n; w++) {
      let r0 = 0;
      let r1 = 0;
      let r2 = 0;
      for (let p = 0; p < L; p++) {
        const at = (letters[w * L + p] * L + p) * 3;
        r0 |= part[at];
        r1 |= part[at + 1];
        r2 |= part[at + 2];
      }
      rec[w * R] = r0;
      if (K > 1) rec[w * R + 1] = r1;
      if (K > 2) rec[w * R + 2] = r2;
      rec[w * R + K] = sets[w];
    }
    this.words32 = rec;
    const t = maskTables(L);
    this.tri = t.tri;
    this.pop = t.pop;
    this.low = t.low;
    this.built = true;
  }

  /** Per-guess precomputation: O(length^2) at most, no allocation. */
  private prepare(g: number): void {
    if (this.preparedGuess === g) return;
    const L = this.length;
    const W = this.letters;
    const off = g * L;
    const K = this.planeInts;
    const R = this.stride;
    this.gp0 = K > 0 ? this.words32[g * R] : 0;
    this.gp1 = K > 1 ? this.words32[g * R + 1] : 0;
    this.gp2 = K > 2 ? this.words32[g * R + 2] : 0;
    let singles = 0;
    let groups = 0;
    let seen = 0;
    for (let p = 0; p < L; p++) {
      const a = W[off + p];
      if ((seen >> a) & 1) continue;
      seen |= 1 << a;
      let mask = 1 << p;
      for (let q = p + 1; q < L; q++) if (W[off + q] === a) mask |= 1 << q;
      if (mask === 1 << p) {
        this.singleLetter[singles] = a;
        this.singleBit[singles] = mask;
        singles++;
      } else {
        this.groupMask[groups] = mask;
        for (let k = 0; k < 3; k++) this.groupPlanes[groups * 3 + k] = this.letterPlanes[a * 3 + k];
        groups++;
      }
    }
    this.singleCount = singles;
    this.groupCount = groups;
    this.preparedGuess = g;
  }

  /** Per-guess: letter-set slice (9 bits) -> mask of the positions of single guess letters. */
  private prepareSetTables(g: number): void {
    if (this.setTablesGuess === g) return;
    const bit = this.letterBit;
    bit.fill(0);
    for (let j = 0; j < this.singleCount; j++) bit[this.singleLetter[j]] = this.singleBit[j];
    const T = this.setTables;
    for (let k = 0; k < 3; k++) {
      const base = k * 512;
      T[base] = 0;
      for (let b = 0; b < 9; b++) {
        const step = 1 << b;
        const v = bit[k * 9 + b]; // letterBit[26] is 0: the last slice has 8 letters
        for (let i = 0; i < step; i++) T[base + step + i] = T[base + i] | v;
      }
    }
    this.setTablesGuess = g;
  }

  /** Per-guess: for each repeated letter, the weight of its `?` positions by the secret's positions Q. */
  private prepareGroupTables(g: number): void {
    if (this.groupTablesGuess === g) return;
    const L = this.length;
    const size = 1 << L;
    const tri = this.tri;
    const pop = this.pop;
    const GT = this.groupTables;
    for (let k = 0; k < this.groupCount; k++) {
      const P = this.groupMask[k];
      for (let Q = 0; Q < size; Q++) GT[(k << L) | Q] = tri[lowestBits(P & ~Q, pop[Q & ~P])];
    }
    this.groupTablesGuess = g;
  }

  /** Feedback of guess `g` against secret `s`. */
  feedback(g: number, s: number): number {
    this.one[0] = s;
    this.partitionCodes(g, this.one, 1, this.oneOut);
    return this.oneOut[0];
  }

  /** Codes of guess `g` against `secrets[0..n)`, written to `out[0..n)`. */
  partitionCodes(g: number, secrets: Uint32Array, n: number, out: Uint32Array): void {
    if (!this.packed) {
      this.partitionGeneric(g, secrets, n, out);
      return;
    }
    if (!this.built) this.build();
    this.prepare(g);
    if (n < SET_TABLES_MIN_SECRETS) {
      this.partitionSmall(secrets, n, out);
      return;
    }
    this.prepareSetTables(g);
    const groups = this.groupCount;
    if (groups === 0) {
      this.partitionSingles(secrets, n, out);
    } else if (n >= GROUP_TABLES_SECRETS_PER_ENTRY * (groups << this.length)) {
      this.prepareGroupTables(g);
      this.partitionGroupTables(secrets, n, out);
    } else {
      this.partitionGroups(secrets, n, out);
    }
  }

  // The loops below share their first lines: load the secret's planes (p0..p2, 0 beyond
  // planeInts) and letter set; fold the XOR with the guess's planes into the exact mask; look
  // the single letters' positions up. They are separate functions so that each stays small
  // and monomorphic. A repeated letter's positions Q in the secret are found like the exact
  // matches, against the word made of that letter only.

  /** Large calls, a guess without repeated letters. */
  private partitionSingles(secrets: Uint32Array, n: number, out: Uint32Array): void {
    const K = this.planeInts;
    const R = this.stride;
    const rec = this.words32;
    const T = this.setTables;
    const tri = this.tri;
    const full = this.full;
    const sh1 = this.sh1;
    const sh2 = this.sh2;
    const sh4 = this.sh4;
    const g0 = this.gp0;
    const g1 = this.gp1;
    const g2 = this.gp2;
    for (let i = 0; i < n; i++) {
      const b = secrets[i] * R;
      const p0 = rec[b];
      const p1 = K > 1 ? rec[b + 1] : 0;
      const p2 = K > 2 ? rec[b + 2] : 0;
      const set = rec[b + K];
      const x = (g0 ^ p0) | (g1 ^ p1) | (g2 ^ p2);
      const y = x | (x >>> sh2);
      const exact = ~(y | (y >>> sh1) | (x >>> sh4)) & full;
      const present = (T[set & 511] | T[512 + ((set >>> 9) & 511)] | T[1024 + (set >>> 18)]) & ~exact;
      out[i] = 2 * tri[exact] + tri[present];
    }
  }

  /** Large calls, repeated letters through their per-guess tables. */
  private partitionGroupTables(secrets: Uint32Array, n: number, out: Uint32Array): void {
    const L = this.length;
    const K = this.planeInts;
    const R = this.stride;
    const rec = this.words32;
    const T = this.setTables;
    const GT = this.groupTables;
    const tri = this.tri;
    const full = this.full;
    const sh1 = this.sh1;
    const sh2 = this.sh2;
    const sh4 = this.sh4;
    const g0 = this.gp0;
    const g1 = this.gp1;
    const g2 = this.gp2;
    const groups = this.groupCount;
    const GP = this.groupPlanes;
    const a0 = GP[0];
    const a1 = GP[1];
    const a2 = GP[2];
    for (let i = 0; i < n; i++) {
      const b = secrets[i] * R;
      const p0 = rec[b];
      const p1 = K > 1 ? rec[b + 1] : 0;
      const p2 = K > 2 ? rec[b + 2] : 0;
      const set = rec[b + K];
      const x = (g0 ^ p0) | (g1 ^ p1) | (g2 ^ p2);
      const y = x | (x >>> sh2);
      const exact = ~(y | (y >>> sh1) | (x >>> sh4)) & full;
      const present = (T[set & 511] | T[512 + ((set >>> 9) & 511)] | T[1024 + (set >>> 18)]) & ~exact;
      const xa = (a0 ^ p0) | (a1 ^ p1) | (a2 ^ p2);
      const ya = xa | (xa >>> sh2);
      let code = 2 * tri[exact] + tri[present] + GT[~(ya | (ya >>> sh1) | (xa >>> sh4)) & full];
      for (let k = 1; k < groups; k++) {
        const xk = (GP[3 * k] ^ p0) | (GP[3 * k + 1] ^ p1) | (GP[3 * k + 2] ^ p2);
        const yk = xk | (xk >>> sh2);
        code += GT[(k << L) | (~(yk | (yk >>> sh1) | (xk >>> sh4)) & full)];
      }
      out[i] = code;
    }
  }

  /** Large calls, repeated letters computed (too few secrets to build their tables). */
  private partitionGroups(secrets: Uint32Array, n: number, out: Uint32Array): void {
    const K = this.planeInts;
    const R = this.stride;
    const rec = this.words32;
    const T = this.setTables;
    const tri = this.tri;
    const pop = this.pop;
    const low = this.low;
    const full = this.full;
    const sh1 = this.sh1;
    const sh2 = this.sh2;
    const sh4 = this.sh4;
    const g0 = this.gp0;
    const g1 = this.gp1;
    const g2 = this.gp2;
    const groups = this.groupCount;
    const groupMask = this.groupMask;
    const GP = this.groupPlanes;
    for (let i = 0; i < n; i++) {
      const b = secrets[i] * R;
      const p0 = rec[b];
      const p1 = K > 1 ? rec[b + 1] : 0;
      const p2 = K > 2 ? rec[b + 2] : 0;
      const set = rec[b + K];
      const x = (g0 ^ p0) | (g1 ^ p1) | (g2 ^ p2);
      const y = x | (x >>> sh2);
      const exact = ~(y | (y >>> sh1) | (x >>> sh4)) & full;
      let present = (T[set & 511] | T[512 + ((set >>> 9) & 511)] | T[1024 + (set >>> 18)]) & ~exact;
      for (let k = 0; k < groups; k++) {
        const P = groupMask[k];
        const xk = (GP[3 * k] ^ p0) | (GP[3 * k + 1] ^ p1) | (GP[3 * k + 2] ^ p2);
        const yk = xk | (xk >>> sh2);
        const Q = ~(yk | (yk >>> sh1) | (xk >>> sh4)) & full;
        const c = pop[Q & ~P];
        const m = P & ~Q;
        present |= c <= 3 ? low[(m << 2) | c] : lowestBits(m, c);
      }
      out[i] = 2 * tri[exact] + tri[present];
    }
  }

  /** Small calls: no per-guess tables; single letters tested one by one. */
  private partitionSmall(secrets: Uint32Array, n: number, out: Uint32Array): void {
    const K = this.planeInts;
    const R = this.stride;
    const rec = this.words32;
    const tri = this.tri;
    const pop = this.pop;
    const low = this.low;
    const full = this.full;
    const sh1 = this.sh1;
    const sh2 = this.sh2;
    const sh4 = this.sh4;
    const g0 = this.gp0;
    const g1 = this.gp1;
    const g2 = this.gp2;
    const singles = this.singleCount;
    const singleLetter = this.singleLetter;
    const singleBit = this.singleBit;
    const groups = this.groupCount;
    const groupMask = this.groupMask;
    const GP = this.groupPlanes;
    for (let i = 0; i < n; i++) {
      const b = secrets[i] * R;
      const p0 = rec[b];
      const p1 = K > 1 ? rec[b + 1] : 0;
      const p2 = K > 2 ? rec[b + 2] : 0;
      const set = rec[b + K];
      const x = (g0 ^ p0) | (g1 ^ p1) | (g2 ^ p2);
      const y = x | (x >>> sh2);
      const exact = ~(y | (y >>> sh1) | (x >>> sh4)) & full;
      let present = 0;
      for (let j = 0; j < singles; j++) present |= -((set >>> singleLetter[j]) & 1) & singleBit[j];
      present &= ~exact;
      for (let k = 0; k < groups; k++) {
        const P = groupMask[k];
        const xk = (GP[3 * k] ^ p0) | (GP[3 * k + 1] ^ p1) | (GP[3 * k + 2] ^ p2);
        const yk = xk | (xk >>> sh2);
        const Q = ~(yk | (yk >>> sh1) | (xk >>> sh4)) & full;
        const c = pop[Q & ~P];
        const m = P & ~Q;
        present |= c <= 3 ? low[(m << 2) | c] : lowestBits(m, c);
      }
      out[i] = 2 * tri[exact] + tri[present];
    }
  }

  /** Words longer than the packed kernel handles: per position, the rule as stated. */
  private partitionGeneric(g: number, secrets: Uint32Array, n: number, out: Uint32Array): void {
    const L = this.length;
    const W = this.letters;
    const weight = this.weight;
    const sets = this.letterSets;
    const counts = this.letterCounts;
    const gOff = g * L;
    for (let i = 0; i < n; i++) {
      const s = secrets[i];
      const sOff = s * L;
      const set = sets[s];
      let code = 0;
      for (let p = 0; p < L; p++) {
        const a = W[gOff + p];
        if (a === W[sOff + p]) {
          code += 2 * weight[p];
          continue;
        }
        if (!((set >> a) & 1)) continue;
        // Copies of a in the secret, less its exact matches, less the earlier non-exact a's
        // of the guess (each took a copy while one was left).
        let avail = counts[s * 26 + a];
        for (let q = 0; q < L; q++) if (W[gOff + q] === a && (W[sOff + q] === a || q < p)) avail--;
        if (avail > 0) code += weight[p];
      }
      out[i] = code;
    }
  }
}

/** The textbook rule on strings: the reference the kernel is tested against (and the rule `LingoSession` applies to one pair of words, with no kernel built). */
export function referenceMask(secret: string, guess: string): string {
  const L = secret.length;
  const mask: string[] = new Array<string>(L).fill('X');
  const left = new Map<string, number>();
  for (let p = 0; p < L; p++) {
    if (guess[p] === secret[p]) mask[p] = 'O';
    else left.set(secret[p], (left.get(secret[p]) ?? 0) + 1);
  }
  for (let p = 0; p < L; p++) {
    if (mask[p] === 'O') continue;
    const k = left.get(guess[p]) ?? 0;
    if (k > 0) {
      mask[p] = '?';
      left.set(guess[p], k - 1);
    }
  }
  return mask.join('');
}
