/**
 * Lingo / Wordle feedback: the harness rule, as a small integer.
 *
 * A mask has one digit per position, base 3, first position most significant:
 * X (absent) = 0, ? (present elsewhere) = 1, O (right place) = 2. Exact matches are marked
 * first; then, left to right, each remaining guess letter takes ? while an unconsumed copy of
 * it remains in the secret.
 */
import { fail } from './errors.js';

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
    chars[p] = MASK_CHARS[code % 3] as string;
    code = Math.floor(code / 3);
  }
  return chars.join('');
}

/** Parse a mask typed by a person or sent by a harness; one-line error when malformed. */
export function maskToCode(mask: string, length: number, where = 'mask'): number {
  if (mask.length !== length) {
    throw fail('feedback', `${where}: "${mask}" has ${mask.length} characters, expected ${length} (O, ? or X)`);
  }
  let code = 0;
  for (let p = 0; p < length; p++) {
    const ch = mask[p];
    const digit = ch === 'O' ? DIGIT_EXACT : ch === '?' ? DIGIT_PRESENT : ch === 'X' ? DIGIT_ABSENT : -1;
    if (digit < 0) throw fail('feedback', `${where}: "${mask}" has '${ch}' at position ${p + 1}; only O, ? and X are allowed`);
    code = code * 3 + digit;
  }
  return code;
}

/** Letters of each word as 0..25, word-major: `letters[w * length + p]`. */
export function encodeLetters(words: readonly string[], length: number): Uint8Array {
  const out = new Uint8Array(words.length * length);
  for (let w = 0; w < words.length; w++) {
    const word = words[w] as string;
    for (let p = 0; p < length; p++) out[w * length + p] = word.charCodeAt(p) - 97;
  }
  return out;
}

/** Longest word the packed kernel handles; longer words take the generic per-position path. */
const PACKED_MAX_LENGTH = 13;
/** From this many secrets on, a call builds per-guess lookup tables for the single letters. */
const TABLE_MIN_SECRETS = 512;

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
    tri[m] = (tri[rest] as number) + 3 ** (length - 1 - p);
    pop[m] = (pop[rest] as number) + 1;
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

/**
 * The feedback kernel over a fixed list of words of one length. Guesses and secrets are word
 * indices into the same list (for Wordle, guesses and answers are both in the guess list).
 *
 * A pair's code is `2 * tri[green] + tri[yellow]`, where green and yellow are position masks
 * (bit p = position p) and `tri` maps a mask to its base-3 weight.
 *
 * - Green: each word is stored bit-sliced, as 5 planes of `length` bits (plane b holds bit b
 *   of the letter at each position), several planes to an int32. XOR of guess and secret
 *   planes, OR of the planes together: the zero bits are the exact matches.
 * - Yellow, letters the guess holds once: a non-exact position is `?` exactly when the secret
 *   holds the letter at all (no exact match can have consumed it), a test against the
 *   secret's 26-bit letter set. For large calls, per-guess tables map the letter set (in three
 *   9-bit slices) straight to the mask of such positions.
 * - Yellow, letters the guess repeats: the secret's copies not used by exact matches go to the
 *   guess's non-exact positions of that letter, left to right: the lowest bits of a mask.
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
  /** Bit-sliced letters: `planeInts` int32s per word, `planes[w * planeInts + k]`. */
  readonly planes: Int32Array;
  readonly planeInts: number;
  private readonly packed: boolean;
  private readonly full: number;
  private readonly sh1: number;
  private readonly sh2: number;
  private readonly sh3: number;
  private readonly sh4: number;
  private readonly tri: Int32Array;
  private readonly pop: Uint8Array;
  private readonly low: Uint16Array;
  /** Weight of each position in a code: 3^(length-1-p). */
  private readonly weight: Int32Array;
  // Per-guess state.
  private preparedGuess = -1;
  private tablesGuess = -1;
  private gp0 = 0;
  private gp1 = 0;
  private gp2 = 0;
  private singleMask = 0;
  private singleCount = 0;
  private readonly singleLetter: Int32Array;
  private readonly singleBit: Int32Array;
  private groupCount = 0;
  private readonly groupLetter: Int32Array;
  private readonly groupMask: Int32Array;
  /** Per-guess: letter-set slice -> positions of single guess letters in it (3 x 512). */
  private readonly setTables: Int32Array;
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
    this.letterSets = new Int32Array(n);
    this.letterCounts = new Uint8Array(n * 26);
    for (let w = 0; w < n; w++) {
      let set = 0;
      for (let p = 0; p < length; p++) {
        const c = letters[w * length + p] as number;
        set |= 1 << c;
        this.letterCounts[w * 26 + c] = (this.letterCounts[w * 26 + c] as number) + 1;
      }
      this.letterSets[w] = set;
    }
    this.weight = new Int32Array(length);
    for (let p = 0; p < length; p++) this.weight[p] = 3 ** (length - 1 - p);
    this.packed = length >= 1 && length <= PACKED_MAX_LENGTH;
    // Planes per int32: bit 31 stays clear, so a shift by 31 yields 0 for an absent plane.
    const perInt = this.packed ? Math.min(5, Math.floor(31 / length)) : 5;
    const K = Math.ceil(5 / perInt);
    this.planeInts = this.packed ? K : 0;
    this.full = this.packed ? (1 << length) - 1 : 0;
    this.sh1 = Math.min(31, length);
    this.sh2 = Math.min(31, 2 * length);
    this.sh3 = Math.min(31, 3 * length);
    this.sh4 = Math.min(31, 4 * length);
    this.planes = new Int32Array(this.packed ? n * K : 0);
    if (this.packed) {
      for (let w = 0; w < n; w++) {
        for (let p = 0; p < length; p++) {
          const c = letters[w * length + p] as number;
          for (let b = 0; b < 5; b++) {
            if ((c >> b) & 1) this.planes[w * K + Math.floor(b / perInt)]! |= 1 << ((b % perInt) * length + p);
          }
        }
      }
      const t = maskTables(length);
      this.tri = t.tri;
      this.pop = t.pop;
      this.low = t.low;
    } else {
      this.tri = new Int32Array(0);
      this.pop = new Uint8Array(0);
      this.low = new Uint16Array(0);
    }
    this.singleLetter = new Int32Array(length);
    this.singleBit = new Int32Array(length);
    this.groupLetter = new Int32Array(length);
    this.groupMask = new Int32Array(length);
    this.setTables = new Int32Array(3 * 512);
    this.letterBit = new Int32Array(27);
  }

  static fromWords(words: readonly string[], length: number): LingoFeedback {
    return new LingoFeedback(encodeLetters(words, length), length);
  }

  /** Per-guess precomputation: O(length), no allocation. */
  private prepare(g: number): void {
    if (this.preparedGuess === g) return;
    const L = this.length;
    const W = this.letters;
    const off = g * L;
    const K = this.planeInts;
    if (K > 0) {
      this.gp0 = this.planes[g * K] as number;
      this.gp1 = K > 1 ? (this.planes[g * K + 1] as number) : 0;
      this.gp2 = K > 2 ? (this.planes[g * K + 2] as number) : 0;
    }
    let single = 0;
    let singles = 0;
    let groups = 0;
    let seen = 0;
    for (let p = 0; p < L; p++) {
      const a = W[off + p] as number;
      if ((seen >> a) & 1) continue;
      seen |= 1 << a;
      let mask = 1 << p;
      for (let q = p + 1; q < L; q++) if (W[off + q] === a) mask |= 1 << q;
      if (mask === 1 << p) {
        single |= mask;
        this.singleLetter[singles] = a;
        this.singleBit[singles] = mask;
        singles++;
      } else {
        this.groupLetter[groups] = a;
        this.groupMask[groups] = mask;
        groups++;
      }
    }
    this.singleMask = single;
    this.singleCount = singles;
    this.groupCount = groups;
    this.preparedGuess = g;
  }

  /** Per-guess tables: letter-set slice (9 bits) -> mask of single-letter positions. */
  private prepareTables(g: number): void {
    if (this.tablesGuess === g) return;
    const bit = this.letterBit;
    bit.fill(0);
    for (let j = 0; j < this.singleCount; j++) bit[this.singleLetter[j] as number] = this.singleBit[j] as number;
    const T = this.setTables;
    for (let k = 0; k < 3; k++) {
      const base = k * 512;
      T[base] = 0;
      for (let b = 0; b < 9; b++) {
        const step = 1 << b;
        const v = bit[k * 9 + b] as number; // letterBit[26] is 0: the last slice has 8 letters
        for (let i = 0; i < step; i++) T[base + step + i] = (T[base + i] as number) | v;
      }
    }
    this.tablesGuess = g;
  }

  /** Feedback of guess `g` against secret `s`. */
  feedback(g: number, s: number): number {
    this.one[0] = s;
    this.partitionCodes(g, this.one, 1, this.oneOut);
    return this.oneOut[0] as number;
  }

  /** Codes of guess `g` against `secrets[0..n)`, written to `out[0..n)`. */
  partitionCodes(g: number, secrets: Uint32Array, n: number, out: Uint32Array): void {
    if (!this.packed) {
      this.partitionGeneric(g, secrets, n, out);
      return;
    }
    this.prepare(g);
    if (n >= TABLE_MIN_SECRETS) {
      this.prepareTables(g);
      this.partitionTables(secrets, n, out);
    } else {
      this.partitionSmall(secrets, n, out);
    }
  }

  /** Large calls: singles through the per-guess letter-set tables. */
  private partitionTables(secrets: Uint32Array, n: number, out: Uint32Array): void {
    const K = this.planeInts;
    const planes = this.planes;
    const sets = this.letterSets;
    const counts = this.letterCounts;
    const T = this.setTables;
    const tri = this.tri;
    const pop = this.pop;
    const low = this.low;
    const full = this.full;
    const sh1 = this.sh1;
    const sh2 = this.sh2;
    const sh3 = this.sh3;
    const sh4 = this.sh4;
    const g0 = this.gp0;
    const g1 = this.gp1;
    const g2 = this.gp2;
    const groups = this.groupCount;
    const groupLetter = this.groupLetter;
    const groupMask = this.groupMask;
    for (let i = 0; i < n; i++) {
      const s = secrets[i] as number;
      let x: number;
      if (K === 1) x = g0 ^ (planes[s] as number);
      else if (K === 2) x = (g0 ^ (planes[2 * s] as number)) | (g1 ^ (planes[2 * s + 1] as number));
      else x = (g0 ^ (planes[3 * s] as number)) | (g1 ^ (planes[3 * s + 1] as number)) | (g2 ^ (planes[3 * s + 2] as number));
      const green = ~(x | (x >>> sh1) | (x >>> sh2) | (x >>> sh3) | (x >>> sh4)) & full;
      const set = sets[s] as number;
      let yellow = ((T[set & 511] as number) | (T[512 + ((set >>> 9) & 511)] as number) | (T[1024 + (set >>> 18)] as number)) & ~green;
      for (let k = 0; k < groups; k++) {
        const mask = groupMask[k] as number;
        const c = (counts[s * 26 + (groupLetter[k] as number)] as number) - (pop[green & mask] as number);
        const m = mask & ~green;
        yellow |= c <= 3 ? (low[(m << 2) | c] as number) : lowestBits(m, c);
      }
      out[i] = 2 * (tri[green] as number) + (tri[yellow] as number);
    }
  }

  /** Small calls: singles tested one by one against the secret's letter set. */
  private partitionSmall(secrets: Uint32Array, n: number, out: Uint32Array): void {
    const K = this.planeInts;
    const planes = this.planes;
    const sets = this.letterSets;
    const counts = this.letterCounts;
    const tri = this.tri;
    const pop = this.pop;
    const low = this.low;
    const full = this.full;
    const sh1 = this.sh1;
    const sh2 = this.sh2;
    const sh3 = this.sh3;
    const sh4 = this.sh4;
    const g0 = this.gp0;
    const g1 = this.gp1;
    const g2 = this.gp2;
    const singles = this.singleCount;
    const singleLetter = this.singleLetter;
    const singleBit = this.singleBit;
    const groups = this.groupCount;
    const groupLetter = this.groupLetter;
    const groupMask = this.groupMask;
    for (let i = 0; i < n; i++) {
      const s = secrets[i] as number;
      let x: number;
      if (K === 1) x = g0 ^ (planes[s] as number);
      else if (K === 2) x = (g0 ^ (planes[2 * s] as number)) | (g1 ^ (planes[2 * s + 1] as number));
      else x = (g0 ^ (planes[3 * s] as number)) | (g1 ^ (planes[3 * s + 1] as number)) | (g2 ^ (planes[3 * s + 2] as number));
      const green = ~(x | (x >>> sh1) | (x >>> sh2) | (x >>> sh3) | (x >>> sh4)) & full;
      const set = sets[s] as number;
      let yellow = 0;
      for (let j = 0; j < singles; j++) yellow |= -((set >>> (singleLetter[j] as number)) & 1) & (singleBit[j] as number);
      yellow &= ~green;
      for (let k = 0; k < groups; k++) {
        const mask = groupMask[k] as number;
        const c = (counts[s * 26 + (groupLetter[k] as number)] as number) - (pop[green & mask] as number);
        const m = mask & ~green;
        yellow |= c <= 3 ? (low[(m << 2) | c] as number) : lowestBits(m, c);
      }
      out[i] = 2 * (tri[green] as number) + (tri[yellow] as number);
    }
  }

  /** Words longer than the packed kernel handles: per position, then repeated letters. */
  private partitionGeneric(g: number, secrets: Uint32Array, n: number, out: Uint32Array): void {
    const L = this.length;
    const W = this.letters;
    const weight = this.weight;
    const sets = this.letterSets;
    const counts = this.letterCounts;
    const gOff = g * L;
    for (let i = 0; i < n; i++) {
      const s = secrets[i] as number;
      const sOff = s * L;
      const set = sets[s] as number;
      let code = 0;
      for (let p = 0; p < L; p++) {
        const a = W[gOff + p] as number;
        if (a === W[sOff + p]) {
          code += 2 * (weight[p] as number);
          continue;
        }
        // Copies of a in the secret, minus its exact matches, minus earlier '?' of a.
        if (!((set >> a) & 1)) continue;
        let avail = counts[s * 26 + a] as number;
        for (let q = 0; q < L; q++) if (W[gOff + q] === a && W[sOff + q] === a) avail--;
        for (let q = 0; q < p; q++) if (W[gOff + q] === a && W[sOff + q] !== a) avail--;
        if (avail > 0) code += weight[p] as number;
      }
      out[i] = code;
    }
  }
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

/** The textbook rule on strings: the reference the kernel is tested against. */
export function referenceMask(secret: string, guess: string): string {
  const L = secret.length;
  const mask: string[] = new Array<string>(L).fill('X');
  const left = new Map<string, number>();
  for (let p = 0; p < L; p++) {
    if (guess[p] === secret[p]) mask[p] = 'O';
    else left.set(secret[p] as string, (left.get(secret[p] as string) ?? 0) + 1);
  }
  for (let p = 0; p < L; p++) {
    if (mask[p] === 'O') continue;
    const k = left.get(guess[p] as string) ?? 0;
    if (k > 0) {
      mask[p] = '?';
      left.set(guess[p] as string, k - 1);
    }
  }
  return mask.join('');
}
