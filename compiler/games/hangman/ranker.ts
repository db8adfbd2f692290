/**
 * Hangman in the engine's terms. A word is a set of letter-position masks (masks[w * 26 + l]
 * holds bit p when letter l is at position p); guessing a letter splits the candidates by that
 * mask, the empty mask being a miss.
 *
 *   objective: a miss costs 1 per word of the miss group; with lives (the win objective) a
 *     miss that takes the last life also costs LOSS_WEIGHT per word (the word is lost), and the
 *     search goes on for the fewest misses (every word is still revealed);
 *   moves: the lives left (NO_LIVES for the misses objective); a set's cost depends on it only;
 *   ranker: only letters that split the set are offered (any other letter is either missed by
 *     every candidate or a free hit, played once the word is known), by misses plus a split
 *     term (splitWeight · Σ n·log2 n over the groups / log2 of the set size), ties a-z; letters
 *     that split the set the same way (the same groups and the same miss group) are offered
 *     once; above the exact size the greedy rule's letter (fewest misses, then a-z) is always
 *     offered too, so no set ever costs more than under the greedy rule.
 *
 * The raw plan's leaves are single words (the word index as its "guess"); `finishHangmanTree`
 * turns them into the word's unguessed letters, a-z, and drops the reply that reveals a word.
 */
import type { TreeArrays } from '../../../runtime/tree-format.js';
import { branchPlan, flattenPlan, leafPlan, type Plan } from '../../engine/plan.js';
import { EMPTY_RANKED, rankedList } from '../../engine/top-k.js';
import type { Moves, Objective, Ranker, Ranking, RankedGuess, SearchNode, Solved } from '../../engine/types.js';

export const ALPHABET_SIZE = 26;
/** Lives value meaning "not counted" (the misses objective). */
export const NO_LIVES = 255;
/** Weight of one lost word in the win objective: more than any total of misses. */
export const LOSS_WEIGHT = 2 ** 24;

/** Position masks for words of one length: masks[w * 26 + l]. */
export function letterMasks(words: readonly string[]): Uint16Array {
  const masks = new Uint16Array(words.length * ALPHABET_SIZE);
  words.forEach((w, i) => {
    for (let p = 0; p < w.length; p++) {
      const l = w.charCodeAt(p) - 97;
      masks[i * ALPHABET_SIZE + l] = masks[i * ALPHABET_SIZE + l] | (1 << p);
    }
  });
  return masks;
}

export const hangmanObjective: Objective<number> = {
  depthTieBreak: false,
  depthTag: () => 0,
  groupCost: (code, m, _used, lives) => (code === 0 ? (lives === 1 ? m + m * LOSS_WEIGHT : m) : 0),
  sizeBound: () => 0,
  terminal: (set): Solved | null => (set.length <= 1 ? { cost: 0, depth: 1, plan: leafPlan(set[0], 0) } : null),
  leastDepth: () => 1,
};

/** The memo tags of the lives values, made once: the memo keeps one string per value, not one per set. */
const LIVES_KEYS: readonly string[] = Array.from({ length: NO_LIVES + 1 }, (_, lives) => String(lives));

export const hangmanMoves = (rootLives: number): Moves<number> => ({
  root: rootLives,
  after: (lives, _letter, code) =>
    code === 0 && lives !== NO_LIVES ? (lives - 1 === 0 ? NO_LIVES : lives - 1) : lives,
  key: (lives) => LIVES_KEYS[lives] ?? String(lives),
});

export type HangmanRule = 'search' | 'greedy';

export class HangmanRanker implements Ranker<number> {
  private readonly masks: Uint16Array;
  private readonly splitWeight: number;
  private readonly rule: HangmanRule;
  /** Scratch for grouping: slot per mask value. */
  private readonly slot: Int32Array;
  private readonly misses = new Int32Array(ALPHABET_SIZE);
  private readonly groups = new Int32Array(ALPHABET_SIZE);
  private readonly spread = new Float64Array(ALPHABET_SIZE);
  private readonly shape = new Int32Array(ALPHABET_SIZE);

  /** `game`: its words' letter masks and their length. */
  constructor(
    { masks, length }: { readonly masks: Uint16Array; readonly length: number },
    splitWeight: number,
    rule: HangmanRule = 'search',
  ) {
    this.masks = masks;
    this.splitWeight = splitWeight;
    this.rule = rule;
    this.slot = new Int32Array(1 << length).fill(-1);
  }

  poolSize(): number {
    return ALPHABET_SIZE;
  }

  /**
   * One-step view of every letter: misses (words lacking it), number of groups, the sum of
   * n·log2(n) over the groups (in order of first appearance) and a hash of the split's shape.
   */
  private survey(set: Uint32Array): void {
    const { masks, slot, misses, groups, spread, shape } = this;
    const counts: number[] = [];
    const codes: number[] = [];
    misses.fill(0);
    for (let l = 0; l < ALPHABET_SIZE; l++) {
      codes.length = 0;
      counts.length = 0;
      let h = 0x811c9dc5;
      for (let i = 0; i < set.length; i++) {
        const c = masks[set[i] * ALPHABET_SIZE + l];
        let s = slot[c];
        if (s < 0) {
          s = codes.length;
          slot[c] = s;
          codes.push(c);
          counts.push(1);
        } else counts[s] = counts[s] + 1;
        h = Math.imul(h ^ (c === 0 ? 0 : s + 1), 0x01000193);
      }
      shape[l] = h;
      let sp = 0;
      for (let g = 0; g < codes.length; g++) {
        const n = counts[g];
        if (n > 1) sp += n * Math.log2(n);
        if (codes[g] === 0) misses[l] = n;
        slot[codes[g]] = -1;
      }
      groups[l] = codes.length;
      spread[l] = sp;
    }
  }

  /** Whether letters a and b split `set` into the same groups with the same miss group. */
  private sameSplit(set: Uint32Array, a: number, b: number): boolean {
    const { masks } = this;
    const ab = new Map<number, number>();
    const ba = new Map<number, number>();
    for (let i = 0; i < set.length; i++) {
      const w = set[i] * ALPHABET_SIZE;
      const ca = masks[w + a];
      const cb = masks[w + b];
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

  private twins(set: Uint32Array, a: number, b: number): boolean {
    const { shape, misses, groups } = this;
    return (
      a === b ||
      (shape[a] === shape[b] && misses[a] === misses[b] && groups[a] === groups[b] && this.sameSplit(set, a, b))
    );
  }

  /** The greedy rule's letter of the last survey: the splitting letter missing from the fewest words, then a-z. */
  private greedy(): number {
    const { misses, groups } = this;
    let best = -1;
    for (let l = 0; l < ALPHABET_SIZE; l++) {
      if (groups[l] < 2) continue;
      if (best < 0 || misses[l] < misses[best]) best = l;
    }
    return best;
  }

  /** The greedy rule's letter for a set. */
  greedyLetter(set: Uint32Array): number {
    this.survey(set);
    return this.greedy();
  }

  rank(set: Uint32Array, node: SearchNode<number>, width: number): Ranking {
    const n = set.length;
    this.survey(set);
    const { misses, groups, spread } = this;
    const lossFactor = node.state === 1 ? 1 + LOSS_WEIGHT : 1;
    const boundOf = (l: number): number => misses[l] * lossFactor;
    const entry = (l: number, at: number): RankedGuess => ({ guess: l, at, bound: boundOf(l), key1: at, key2: 0 });
    if (this.rule === 'greedy') {
      const g = this.greedy();
      return { optimal: entry(g, 0), top: EMPTY_RANKED, setBound: boundOf(g), complete: false };
    }
    const cand: number[] = [];
    let lower = Infinity;
    for (let l = 0; l < ALPHABET_SIZE; l++) {
      if (groups[l] < 2) continue;
      cand.push(l);
      if (boundOf(l) < lower) lower = boundOf(l);
    }
    const w = this.splitWeight;
    const norm = Math.max(1, Math.log2(n));
    const scores = new Float64Array(ALPHABET_SIZE);
    for (const l of cand) scores[l] = misses[l] + (w * spread[l]) / norm;
    cand.sort((a, b) => scores[a] - scores[b] || a - b);
    // Letters that split the set the same way lead to the same sets: keep the first of each.
    const distinct: number[] = [];
    for (const l of cand) if (!distinct.some((k) => this.twins(set, k, l))) distinct.push(l);
    let tried = distinct;
    if (Number.isFinite(width)) {
      tried = distinct.slice(0, width);
      // The greedy letter (or its twin) is always compared.
      const g = this.greedy();
      if (!tried.some((k) => this.twins(set, k, g))) tried.push(g);
    }
    return { optimal: null, top: rankedList(tried.map((l, i) => entry(l, i))), setBound: lower, complete: false };
  }
}

/**
 * The final tree from the raw one: each single-word leaf becomes the word's unguessed letters
 * in a-z order (all hits), and the reply that reveals a word's last letters is dropped (it ends
 * the game, like the solved reply of other games). Nodes in preorder, replies ascending.
 */
export function finishHangmanTree(raw: TreeArrays, masks: Uint16Array, length: number): TreeArrays {
  const full = (1 << length) - 1;
  const mask = (w: number, l: number): number => masks[w * ALPHABET_SIZE + l];
  const chain = (w: number, guessed: number): Plan => {
    const left: number[] = [];
    for (let l = 0; l < ALPHABET_SIZE; l++) if (mask(w, l) !== 0 && !(guessed & (1 << l))) left.push(l);
    if (left.length === 0) throw new Error(`hangman tree: word ${w} is already revealed`);
    let plan = leafPlan(left[left.length - 1], 0);
    for (let i = left.length - 2; i >= 0; i--) {
      const l = left[i];
      plan = branchPlan(l, 0, Uint32Array.of(mask(w, l)), [plan]);
    }
    return plan;
  };
  const revealedBy = (w: number, guessed: number): number => {
    let r = 0;
    for (let l = 0; l < ALPHABET_SIZE; l++) if (guessed & (1 << l)) r |= mask(w, l);
    return r;
  };
  const isLeaf = (v: number): boolean => raw.edgeStart[v] === raw.edgeStart[v + 1];
  const node = (v: number, guessed: number): Plan => {
    if (isLeaf(v)) return chain(raw.guess[v], guessed);
    const l = raw.guess[v];
    const now = guessed | (1 << l);
    const codes: number[] = [];
    const children: Plan[] = [];
    for (let e = raw.edgeStart[v]; e < raw.edgeStart[v + 1]; e++) {
      const child = raw.edgeChild[e];
      // The reply that reveals a word's last letters ends the game: no edge.
      if (isLeaf(child) && revealedBy(raw.guess[child], now) === full) continue;
      codes.push(raw.edgeCode[e]);
      children.push(node(child, now));
    }
    return branchPlan(l, 0, Uint32Array.from(codes), children);
  };
  return flattenPlan(node(0, 0));
}
