/**
 * Hangman's own search: pure and typed-array based (no Node APIs, no game objects).
 *
 * Words are given as position masks: masks[w * 26 + l] holds bit p when letter l is at
 * position p of word w. Guessing a letter partitions a candidate set by that mask; the empty
 * mask is a miss. A set is worth a cost to minimise:
 *
 *   misses objective:  total misses over the set's words;
 *   win objective:     LOSS_WEIGHT per word lost (its misses reach the lives) plus the total
 *                      misses, so the most words won first and the fewest misses second.
 *                      Once no lives are left the rest are lost; the tree goes on with the
 *                      misses objective so that every word is still revealed in the end.
 *
 * Only letters that split a set are ever guessed by the search: a letter missing from every
 * candidate or at the same positions in all of them changes nothing (it is either guessed
 * already or a free hit played once the word is known). So a set's value depends on the set
 * and the lives left only, and is memoized by (set, lives).
 *
 * Sets up to `exactMax` words are solved exactly (every splitting letter, cut-offs against the
 * best so far). Larger sets compare `width(n)` letters (the best by a one-step estimate, plus the
 * greedy rule's letter) by the exact values of the subtrees the same procedure builds; since the
 * greedy letter is always compared, every set costs at most what the greedy rule's tree costs.
 */

export const ALPHABET_SIZE = 26;
/** Lives value meaning "not counted" (the misses objective). */
export const NO_LIVES = 255;
/** Weight of one lost word in the win objective: more than any total of misses. */
export const LOSS_WEIGHT = 2 ** 24;

export interface HangmanSearchSettings {
  /** Sets of at most this many words are solved exactly. */
  readonly exactMax: number;
  /** Letters compared by their subtrees at a set larger than exactMax, by set size: [minSize, width] pairs, largest first. */
  readonly widths: ReadonlyArray<readonly [number, number]>;
  /** Weight of the split term in the one-step estimate (0: the greedy rule's order). */
  readonly splitWeight: number;
}

export const HANGMAN_SEARCH_DEFAULTS: HangmanSearchSettings = {
  exactMax: 10,
  widths: [[1, 2]],
  splitWeight: 0.5,
};

/** Position masks for words of one length: masks[w * 26 + l]. */
export function letterMasks(words: readonly string[]): Uint16Array {
  const masks = new Uint16Array(words.length * ALPHABET_SIZE);
  words.forEach((w, i) => {
    for (let p = 0; p < w.length; p++) {
      const l = w.charCodeAt(p) - 97;
      masks[i * ALPHABET_SIZE + l] = (masks[i * ALPHABET_SIZE + l] as number) | (1 << p);
    }
  });
  return masks;
}

/** A set split by one letter: groups in ascending mask order (the miss group, mask 0, first when present). */
export interface Split {
  readonly codes: number[];
  /** Group g is items[starts[g] .. starts[g + 1]). */
  readonly starts: number[];
  readonly items: Uint32Array;
}

/**
 * The memo key of a sorted set and the lives left: a 53-bit number from two 32-bit hashes
 * (with the size and lives mixed in); `check` is a third hash stored with the entry, so a key
 * collision is detected (and treated as a miss) instead of returning another set's value.
 */
let check = 0;
function setKey(set: Uint32Array, lives: number): number {
  let h1 = Math.imul(0x811c9dc5 ^ set.length, 0x01000193) ^ lives;
  let h2 = 0x9e3779b9 ^ Math.imul(lives + 1, 0x27d4eb2d);
  let h3 = 0x2545f491 ^ set.length;
  for (let i = 0; i < set.length; i++) {
    const v = set[i] as number;
    h1 = Math.imul(h1 ^ v, 0x01000193);
    h2 = Math.imul(h2 + v, 0x85ebca6b) ^ (h2 >>> 13);
    h3 = Math.imul(h3 ^ (v + 0x6b43a9b5), 0xc2b2ae35) ^ (h3 >>> 15);
  }
  h2 = Math.imul(h2 ^ (h2 >>> 16), 0xc2b2ae35);
  check = h3 ^ (h3 >>> 16);
  return (h1 >>> 0) * 2097152 + ((h2 >>> 0) & 0x1fffff);
}

/** Thrown when a search with a node budget runs out of it. */
export class HangmanBudgetExceeded extends Error {
  constructor(nodes: number) {
    super(`hangman search: node budget of ${nodes} exhausted`);
  }
}

export interface MemoEntry {
  readonly cost: number;
  /** The letter played, or -1 for a single word (nothing left to split) or a cost cut off by a bound. */
  readonly letter: number;
  /** The cost is the set's value; else only a lower bound of it. */
  readonly exact: boolean;
}

const EXACT_LEAF: MemoEntry = { cost: 0, letter: -1, exact: true };

export class HangmanSearch {
  readonly masks: Uint16Array;
  readonly wordCount: number;
  readonly length: number;
  readonly settings: HangmanSearchSettings;
  /** Lives at the root (NO_LIVES for the misses objective). */
  readonly lives: number;
  /** Nodes (set evaluations) done so far. */
  nodes = 0;
  /** Stop with HangmanBudgetExceeded past this many nodes. */
  nodeBudget = Infinity;
  private readonly memo = new Map<number, MemoEntry & { readonly check: number }>();
  /** Scratch for grouping: slot per mask value. */
  private readonly slot: Int32Array;

  constructor(masks: Uint16Array, length: number, lives: number, settings: HangmanSearchSettings = HANGMAN_SEARCH_DEFAULTS) {
    this.masks = masks;
    this.wordCount = masks.length / ALPHABET_SIZE;
    this.length = length;
    this.lives = lives;
    this.settings = settings;
    this.slot = new Int32Array(1 << length).fill(-1);
  }

  /** Partition `set` by letter `l`. */
  split(set: Uint32Array, l: number): Split {
    const { masks, slot } = this;
    const codes: number[] = [];
    const counts: number[] = [];
    for (let i = 0; i < set.length; i++) {
      const c = masks[(set[i] as number) * ALPHABET_SIZE + l] as number;
      const s = slot[c] as number;
      if (s < 0) {
        slot[c] = codes.length;
        codes.push(c);
        counts.push(1);
      } else counts[s] = (counts[s] as number) + 1;
    }
    const order = codes.map((_, i) => i).sort((a, b) => (codes[a] as number) - (codes[b] as number));
    const sortedCodes = order.map((i) => codes[i] as number);
    const starts: number[] = [0];
    for (let g = 0; g < order.length; g++) starts.push((starts[g] as number) + (counts[order[g] as number] as number));
    const pos = new Int32Array(order.length);
    for (let g = 0; g < order.length; g++) {
      pos[order[g] as number] = starts[g] as number;
    }
    const items = new Uint32Array(set.length);
    for (let i = 0; i < set.length; i++) {
      const w = set[i] as number;
      const s = slot[masks[w * ALPHABET_SIZE + l] as number] as number;
      items[pos[s] as number] = w;
      pos[s] = (pos[s] as number) + 1;
    }
    for (const c of codes) slot[c] = -1;
    return { codes: sortedCodes, starts, items };
  }

  /**
   * One-step view of every letter: misses (words lacking it), number of groups and the sum of
   * n·log2(n) over the groups. Letters that do not split the set get groups = 1.
   */
  private survey(set: Uint32Array): { misses: Int32Array; groups: Int32Array; spread: Float64Array; shape: Int32Array } {
    const { masks, slot } = this;
    const misses = new Int32Array(ALPHABET_SIZE);
    const groups = new Int32Array(ALPHABET_SIZE);
    const spread = new Float64Array(ALPHABET_SIZE);
    // A hash of the split's shape: each word's group, numbered by first appearance, 0 for a miss.
    const shape = new Int32Array(ALPHABET_SIZE);
    const counts: number[] = [];
    const codes: number[] = [];
    for (let l = 0; l < ALPHABET_SIZE; l++) {
      codes.length = 0;
      counts.length = 0;
      let h = 0x811c9dc5;
      for (let i = 0; i < set.length; i++) {
        const c = masks[(set[i] as number) * ALPHABET_SIZE + l] as number;
        let s = slot[c] as number;
        if (s < 0) {
          s = codes.length;
          slot[c] = s;
          codes.push(c);
          counts.push(1);
        } else counts[s] = (counts[s] as number) + 1;
        h = Math.imul(h ^ (c === 0 ? 0 : s + 1), 0x01000193);
      }
      shape[l] = h;
      let sp = 0;
      for (let g = 0; g < codes.length; g++) {
        const n = counts[g] as number;
        if (n > 1) sp += n * Math.log2(n);
        if (codes[g] === 0) misses[l] = n;
        slot[codes[g] as number] = -1;
      }
      groups[l] = codes.length;
      spread[l] = sp;
    }
    return { misses, groups, spread, shape };
  }

  /** Whether letters a and b split `set` into the same groups with the same miss group. */
  private sameSplit(set: Uint32Array, a: number, b: number): boolean {
    const { masks } = this;
    const ab = new Map<number, number>();
    const ba = new Map<number, number>();
    for (let i = 0; i < set.length; i++) {
      const w = (set[i] as number) * ALPHABET_SIZE;
      const ca = masks[w + a] as number;
      const cb = masks[w + b] as number;
      if ((ca === 0) !== (cb === 0)) return false;
      const x = ab.get(ca);
      const y = ba.get(cb);
      if (x === undefined && y === undefined) {
        ab.set(ca, cb);
        ba.set(cb, ca);
      } else if (x !== cb || y !== ca) return false;
    }
    return true;
  }

  /** The greedy rule's letter: the splitting letter missing from the fewest words, then the first in a-z. */
  greedyLetter(set: Uint32Array): number {
    const { misses, groups } = this.survey(set);
    let best = -1;
    for (let l = 0; l < ALPHABET_SIZE; l++) {
      if ((groups[l] as number) < 2) continue;
      if (best < 0 || (misses[l] as number) < (misses[best] as number)) best = l;
    }
    return best;
  }

  private widthFor(n: number): number {
    for (const [min, w] of this.settings.widths) if (n >= min) return w;
    return 1;
  }

  /**
   * Cost of `set` with `lives` left, and the letter that achieves it. With a `bound`, the
   * search may stop as soon as the cost is known to be at least the bound: the cost returned
   * is then only a lower bound (at least `bound`) and the letter is -1. Below the bound the cost
   * is exact (for this search's rules) and the letter the first in order that achieves it.
   */
  solve(set: Uint32Array, lives: number, bound = Infinity): MemoEntry {
    const n = set.length;
    if (lives === 0) {
      // Every word here is lost; go on for the fewest misses.
      const rest = this.solve(set, NO_LIVES, bound - n * LOSS_WEIGHT);
      return { cost: n * LOSS_WEIGHT + rest.cost, letter: rest.letter, exact: rest.exact };
    }
    if (n <= 1) return EXACT_LEAF;
    const key = setKey(set, lives);
    const keyCheck = check;
    const found = this.memo.get(key);
    const hit = found && found.check === keyCheck ? found : undefined;
    if (hit && (hit.exact || hit.cost >= bound)) return hit;
    if (++this.nodes > this.nodeBudget) throw new HangmanBudgetExceeded(this.nodeBudget);
    const { misses, groups, spread, shape } = this.survey(set);
    const cand: number[] = [];
    let lower = Infinity;
    for (let l = 0; l < ALPHABET_SIZE; l++) {
      if ((groups[l] as number) < 2) continue;
      cand.push(l);
      if ((misses[l] as number) < lower) lower = misses[l] as number;
    }
    if (hit && hit.cost > lower) lower = hit.cost;
    if (lower >= bound) {
      const e = { cost: lower, letter: -1, exact: false, check: keyCheck };
      this.memo.set(key, e);
      return e;
    }
    const w = this.settings.splitWeight;
    const norm = Math.max(1, Math.log2(n));
    const score = (l: number): number => (misses[l] as number) + (w * (spread[l] as number)) / norm;
    const scores = new Float64Array(ALPHABET_SIZE);
    for (const l of cand) scores[l] = score(l);
    cand.sort((a, b) => (scores[a] as number) - (scores[b] as number) || a - b);
    // Letters that split the set the same way lead to the same sets: keep the first of each.
    const distinct: number[] = [];
    for (const l of cand) {
      const twin = distinct.some((k) => shape[k] === shape[l] && misses[k] === misses[l] && groups[k] === groups[l] && this.sameSplit(set, k, l));
      if (!twin) distinct.push(l);
    }
    let tried = distinct;
    if (n > this.settings.exactMax) {
      const width = this.widthFor(n);
      tried = distinct.slice(0, width);
      // The greedy letter (or its twin) is always compared.
      const g = this.greedyLetter(set);
      if (!tried.some((k) => k === g || (shape[k] === shape[g] && misses[k] === misses[g] && groups[k] === groups[g] && this.sameSplit(set, k, g)))) tried.push(g);
    }
    let best = bound;
    let bestLetter = -1;
    // The least cost-so-far of a letter stopped by the bound: a lower bound when none wins.
    let stoppedLow = Infinity;
    const missLives = lives === NO_LIVES ? NO_LIVES : lives - 1;
    for (const l of tried) {
      const m = misses[l] as number;
      // A miss group with no lives left is lost whole (its misses part is counted by solve).
      let cost = m;
      if (cost >= best) {
        if (cost < stoppedLow) stoppedLow = cost;
        continue;
      }
      const sp = this.split(set, l);
      // Larger groups first: they decide most and cut off soonest.
      const order = sp.codes.map((_, g) => g).sort((a, b) => (sp.starts[b + 1]! - sp.starts[b]!) - (sp.starts[a + 1]! - sp.starts[a]!) || a - b);
      for (const g of order) {
        const sub = sp.items.subarray(sp.starts[g] as number, sp.starts[g + 1] as number);
        const childLives = sp.codes[g] === 0 ? missLives : lives;
        cost += this.solve(sub, childLives, best - cost).cost;
        if (cost >= best) break;
      }
      if (cost < best) {
        best = cost;
        bestLetter = l;
      } else if (cost < stoppedLow) stoppedLow = cost;
    }
    let entry: MemoEntry & { check: number };
    if (bestLetter >= 0) entry = { cost: best, letter: bestLetter, exact: true, check: keyCheck };
    else entry = { cost: Math.max(lower, Math.min(stoppedLow, bound)), letter: -1, exact: false, check: keyCheck };
    this.memo.set(key, entry);
    return entry;
  }

  get memoSize(): number {
    return this.memo.size;
  }
}

/** Total misses the greedy rule's tree makes over `set` (and, with lives, how many words it loses). */
export function greedyOutcome(search: HangmanSearch, set: Uint32Array, lives: number): { misses: number; lost: number } {
  let misses = 0;
  let lost = 0;
  const walk = (s: Uint32Array, missed: number): void => {
    if (s.length <= 1) {
      misses += missed * s.length;
      if (lives !== NO_LIVES && missed >= lives) lost += s.length;
      return;
    }
    const l = search.greedyLetter(s);
    const sp = search.split(s, l);
    for (let g = 0; g < sp.codes.length; g++) walk(sp.items.slice(sp.starts[g] as number, sp.starts[g + 1] as number), missed + (sp.codes[g] === 0 ? 1 : 0));
  };
  walk(set, 0);
  return { misses, lost };
}
