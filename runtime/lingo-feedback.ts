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

/**
 * The feedback kernel over a fixed list of words of one length. Guesses and secrets are word
 * indices into the same list (for Wordle, guesses and answers are both in the guess list).
 *
 * Per guess, the kernel precomputes which positions hold a letter the guess repeats. For a
 * letter the guess holds once, a non-exact position is `?` exactly when the secret holds the
 * letter at all (no exact match can have consumed it), which is one bit test against the
 * secret's letter set. Only repeated guess letters need the secret's letter counts: the
 * exact matches of that letter are taken first, then the remaining copies go left to right.
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
  /** Weight of each position in a code: 3^(length-1-p). */
  private readonly weight: Int32Array;
  // Per-guess scratch: letters, and for repeated letters their groups of positions.
  private readonly gLetters: Int32Array;
  private readonly groupLetter: Int32Array;
  private readonly groupStart: Int32Array;
  private readonly groupPos: Int32Array;
  private groupCount = 0;
  private singleMask = 0;
  private preparedGuess = -1;
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
    this.gLetters = new Int32Array(length);
    this.groupLetter = new Int32Array(length);
    this.groupStart = new Int32Array(length + 1);
    this.groupPos = new Int32Array(length);
  }

  static fromWords(words: readonly string[], length: number): LingoFeedback {
    return new LingoFeedback(encodeLetters(words, length), length);
  }

  private prepare(g: number): void {
    if (this.preparedGuess === g) return;
    const L = this.length;
    const W = this.letters;
    const gl = this.gLetters;
    const counts = new Int32Array(26);
    for (let p = 0; p < L; p++) {
      const a = W[g * L + p] as number;
      gl[p] = a;
      counts[a] = (counts[a] as number) + 1;
    }
    let single = 0;
    let groups = 0;
    let at = 0;
    const done = new Int32Array(26);
    for (let p = 0; p < L; p++) {
      const a = gl[p] as number;
      if ((counts[a] as number) === 1) {
        single |= 1 << p;
      } else if (!done[a]) {
        done[a] = 1;
        this.groupLetter[groups] = a;
        this.groupStart[groups] = at;
        for (let q = p; q < L; q++) if (gl[q] === a) this.groupPos[at++] = q;
        groups++;
      }
    }
    this.groupStart[groups] = at;
    this.groupCount = groups;
    this.singleMask = single;
    this.preparedGuess = g;
  }

  /** Feedback of guess `g` against secret `s`. */
  feedback(g: number, s: number): number {
    this.one[0] = s;
    this.partitionCodes(g, this.one, 1, this.oneOut);
    return this.oneOut[0] as number;
  }

  /** Codes of guess `g` against `secrets[0..n)`, written to `out[0..n)`. */
  partitionCodes(g: number, secrets: Uint32Array, n: number, out: Uint32Array): void {
    this.prepare(g);
    const L = this.length;
    const W = this.letters;
    const gl = this.gLetters;
    const weight = this.weight;
    const sets = this.letterSets;
    const single = this.singleMask;
    const groups = this.groupCount;
    const groupLetter = this.groupLetter;
    const groupStart = this.groupStart;
    const groupPos = this.groupPos;
    const counts = this.letterCounts;
    for (let i = 0; i < n; i++) {
      const s = secrets[i] as number;
      const sOff = s * L;
      const set = sets[s] as number;
      let code = 0;
      let green = 0;
      for (let p = 0; p < L; p++) {
        const a = gl[p] as number;
        const eq = a === W[sOff + p] ? 1 : 0;
        green |= eq << p;
        // exact: 2; a letter the guess holds once and the secret holds: 1; else 0.
        code += (weight[p] as number) * (eq * 2 + (1 - eq) * ((single >> p) & (set >> a) & 1));
      }
      for (let k = 0; k < groups; k++) {
        const a = groupLetter[k] as number;
        if (!((set >> a) & 1)) continue;
        const from = groupStart[k] as number;
        const to = groupStart[k + 1] as number;
        let avail = counts[s * 26 + a] as number;
        for (let j = from; j < to; j++) avail -= (green >> (groupPos[j] as number)) & 1;
        for (let j = from; j < to && avail > 0; j++) {
          const q = groupPos[j] as number;
          if (!((green >> q) & 1)) {
            code += weight[q] as number;
            avail--;
          }
        }
      }
      out[i] = code;
    }
  }
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
