/**
 * The players' fallback: a fast online search over the words consistent with every mask so
 * far, used when no shipped tree matches the list or a mask leaves the tree. One step deep:
 * the guess (from a bounded pool of candidates) that splits a bounded sample of the
 * candidates into the most groups, a candidate preferred on ties.
 */
import type { LingoFeedback } from './lingo-feedback.js';

const POOL_MAX = 250;
const SAMPLE_MAX = 1500;

export class LingoOnlineSearch {
  private readonly kernel: LingoFeedback;
  private candidates: Uint32Array;
  private readonly seen: Int32Array;
  private stamp = 0;

  constructor(kernel: LingoFeedback) {
    this.kernel = kernel;
    this.candidates = Uint32Array.from({ length: kernel.wordCount }, (_, i) => i);
    this.seen = new Int32Array(kernel.codeCount);
  }

  get remaining(): number {
    return this.candidates.length;
  }

  /** Keep the words that give `code` to `guess`; returns how many remain. */
  observe(guess: number, code: number): number {
    const out = new Uint32Array(this.candidates.length);
    let k = 0;
    for (const s of this.candidates) if (this.kernel.feedback(guess, s) === code) out[k++] = s;
    this.candidates = out.slice(0, k);
    return k;
  }

  next(): number {
    const c = this.candidates;
    if (c.length <= 2) return c[0] as number;
    const poolStep = Math.max(1, Math.floor(c.length / POOL_MAX));
    const sampleStep = Math.max(1, Math.floor(c.length / SAMPLE_MAX));
    const sample = new Uint32Array(Math.ceil(c.length / sampleStep));
    for (let i = 0, j = 0; i < c.length; i += sampleStep) sample[j++] = c[i] as number;
    const codes = new Uint32Array(sample.length);
    let best = c[0] as number;
    let bestGroups = -1;
    for (let i = 0; i < c.length; i += poolStep) {
      const g = c[i] as number;
      this.kernel.partitionCodes(g, sample, sample.length, codes);
      const stamp = ++this.stamp;
      let groups = 0;
      for (let j = 0; j < codes.length; j++) {
        const code = codes[j] as number;
        if (this.seen[code] !== stamp) {
          this.seen[code] = stamp;
          groups++;
        }
      }
      if (groups > bestGroups) {
        bestGroups = groups;
        best = g;
        if (groups === sample.length) break;
      }
    }
    return best;
  }
}
