/**
 * Symmetry of code games (Mastermind, Bulls and Cows): a code is a sequence of `pegs` symbols,
 * and the reply to a guess does not change when the symbols are relabelled or the positions
 * reordered in guess and secret alike. Given the guesses played so far, every symmetry that
 * fixes each of them maps the candidates onto themselves, so guesses in one orbit of those
 * symmetries have the same value and only one of them (the smallest code) needs searching.
 * The code list must be closed under the symmetries and numbered in lexicographic order of the
 * symbol sequences (all p-tuples for Mastermind, the arrangements of distinct symbols for
 * Bulls and Cows).
 *
 * A symmetry is (σ, π): position permutation σ and colour permutation π, acting on a code x
 * as y[i] = π(x[σ(i)]). It fixes a guess g when π(g[σ(i)]) = g[i] for every i; that pins π on
 * the colours the guesses use, and leaves the unused ("free") colours to permute freely.
 */

/** All permutations of 0..n-1, in lexicographic order. */
export function permutations(n: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  const cur = new Uint8Array(n);
  const used = new Uint8Array(n);
  const rec = (i: number) => {
    if (i === n) {
      out.push(cur.slice());
      return;
    }
    for (let v = 0; v < n; v++) {
      if (used[v]) continue;
      used[v] = 1;
      cur[i] = v;
      rec(i + 1);
      used[v] = 0;
    }
  };
  rec(0);
  return out;
}

/** The symmetries fixing a history: per position permutation, the map of used colours. */
export interface HistorySymmetry {
  /** Position permutations σ that some colour map completes, each with its map (255: free colour). */
  readonly sigmas: Uint8Array[];
  readonly colorMaps: Uint8Array[];
  /** Free colours in ascending order. */
  readonly free: Uint8Array;
  /** isFree[k] = 1 when colour k appears in no guess so far. */
  readonly isFree: Uint8Array;
  /** Only the identity of positions and used colours: the free colours are all the symmetry. */
  readonly trivial: boolean;
}

/**
 * The symmetries that fix every guess of `history` (codes given by their digits, `pegs` a
 * code). `allPerms` is permutations(pegs), computed once by the caller.
 */
export function historySymmetry(
  history: readonly number[],
  digits: Uint8Array,
  pegs: number,
  colors: number,
  allPerms: readonly Uint8Array[],
): HistorySymmetry {
  const isFree = new Uint8Array(colors).fill(1);
  for (const g of history) for (let i = 0; i < pegs; i++) isFree[digits[g * pegs + i]] = 0;
  const sigmas: Uint8Array[] = [];
  const colorMaps: Uint8Array[] = [];
  const map = new Uint8Array(colors);
  const inverse = new Uint8Array(colors);
  for (const sigma of allPerms) {
    map.fill(255);
    inverse.fill(255);
    let ok = true;
    for (const g of history) {
      for (let i = 0; i < pegs && ok; i++) {
        const from = digits[g * pegs + sigma[i]];
        const to = digits[g * pegs + i];
        if (map[from] === 255 && inverse[to] === 255) {
          map[from] = to;
          inverse[to] = from;
        } else if (map[from] !== to) {
          ok = false;
        }
      }
      if (!ok) break;
    }
    if (!ok) continue;
    sigmas.push(sigma);
    colorMaps.push(map.slice());
  }
  const free = Uint8Array.from([...isFree.keys()].filter((k) => isFree[k]));
  const identityOnly = sigmas.length === 1;
  return { sigmas, colorMaps, free, isFree, trivial: identityOnly };
}

/**
 * The guesses to search after `history`: one code per orbit, the smallest. `codes` is the
 * number of codes; the result is ascending.
 */
export function canonicalGuesses(
  sym: HistorySymmetry,
  digits: Uint8Array,
  pegs: number,
  colors: number,
  codes: number,
): Uint32Array {
  if (sym.sigmas.length === 1 && sym.free.length <= 1) {
    // Only the identity: every code is its own orbit.
    const all = new Uint32Array(codes);
    for (let i = 0; i < codes; i++) all[i] = i;
    return all;
  }
  const out: number[] = [];
  const x = new Uint8Array(pegs);
  const y = new Uint8Array(pegs);
  const relabel = new Uint8Array(colors);
  const { free, isFree } = sym;
  for (let code = 0; code < codes; code++) {
    for (let i = 0; i < pegs; i++) x[i] = digits[code * pegs + i];
    let canonical = true;
    for (let s = 0; s < sym.sigmas.length && canonical; s++) {
      const sigma = sym.sigmas[s];
      const map = sym.colorMaps[s];
      relabel.fill(255);
      let nextFree = 0;
      // y = image of x with free colours renamed in order of first appearance; compare to x.
      let cmp = 0;
      for (let i = 0; i < pegs; i++) {
        const c = x[sigma[i]];
        let v: number;
        if (isFree[c]) {
          if (relabel[c] === 255) relabel[c] = free[nextFree++];
          v = relabel[c];
        } else {
          v = map[c];
        }
        y[i] = v;
        if (cmp === 0 && v !== x[i]) cmp = v < x[i] ? -1 : 1;
      }
      if (cmp < 0) canonical = false;
    }
    if (canonical) out.push(code);
  }
  return Uint32Array.from(out);
}
