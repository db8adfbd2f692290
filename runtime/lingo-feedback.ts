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
 */
export class LingoFeedback {
  readonly length: number;
  readonly wordCount: number;
  readonly letters: Uint8Array;
  readonly codeCount: number;
  readonly solved: number;
  private readonly counts = new Int32Array(26);

  constructor(letters: Uint8Array, length: number) {
    this.length = length;
    this.letters = letters;
    this.wordCount = letters.length / length;
    this.codeCount = feedbackCodeCount(length);
    this.solved = solvedCode(length);
  }

  static fromWords(words: readonly string[], length: number): LingoFeedback {
    return new LingoFeedback(encodeLetters(words, length), length);
  }

  /** Feedback of guess `g` against secret `s`. */
  feedback(g: number, s: number): number {
    const L = this.length;
    const W = this.letters;
    const cnt = this.counts;
    const gOff = g * L;
    const sOff = s * L;
    let green = 0;
    for (let p = 0; p < L; p++) {
      const b = W[sOff + p] as number;
      if (W[gOff + p] === b) green |= 1 << p;
      else cnt[b] = (cnt[b] as number) + 1;
    }
    let code = 0;
    for (let p = 0; p < L; p++) {
      if ((green >> p) & 1) {
        code = code * 3 + 2;
      } else {
        const a = W[gOff + p] as number;
        const c = cnt[a] as number;
        if (c > 0) {
          cnt[a] = c - 1;
          code = code * 3 + 1;
        } else {
          code = code * 3;
        }
      }
    }
    for (let p = 0; p < L; p++) cnt[W[sOff + p] as number] = 0;
    return code;
  }

  /** Codes of guess `g` against `secrets[0..n)`, written to `out[0..n)`. */
  partitionCodes(g: number, secrets: Uint32Array, n: number, out: Uint32Array): void {
    const L = this.length;
    const W = this.letters;
    const cnt = this.counts;
    const gOff = g * L;
    for (let i = 0; i < n; i++) {
      const sOff = (secrets[i] as number) * L;
      let green = 0;
      for (let p = 0; p < L; p++) {
        const b = W[sOff + p] as number;
        if (W[gOff + p] === b) green |= 1 << p;
        else cnt[b] = (cnt[b] as number) + 1;
      }
      let code = 0;
      for (let p = 0; p < L; p++) {
        if ((green >> p) & 1) {
          code = code * 3 + 2;
        } else {
          const a = W[gOff + p] as number;
          const c = cnt[a] as number;
          if (c > 0) {
            cnt[a] = c - 1;
            code = code * 3 + 1;
          } else {
            code = code * 3;
          }
        }
      }
      for (let p = 0; p < L; p++) cnt[W[sOff + p] as number] = 0;
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
