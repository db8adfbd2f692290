/**
 * The players' fallback: an online search over the words consistent with every mask so far,
 * used when no shipped tree matches the list or a mask leaves the tree. Each guess is chosen
 * for the expected score with the 5-attempt cap (a secret found with r tries left, this one
 * included, makes 100 · r), among every word of the list, not only the candidates:
 *
 * - Estimates: the score m secrets will still make with r tries left, a table by m and r
 *   (`buildEstimates`), from a split model fitted to the list when the search starts
 *   (`calibrate`: how many reply groups the best guess makes in groups of each size).
 * - Stage 1 ranks guesses by their one-step value: the secret found now, plus each reply
 *   group's estimate. Large sets are ranked on a sample of the candidates with the words
 *   whose letters best split them; the best of the sample are scored again on the whole set.
 *   The first guess ends here (with small expected groups, the number of groups decides).
 * - Stage 2 looks ahead for the best of stage 1: each reply group is searched in turn (its
 *   candidates, words chosen by how their letters split it, and the best of stage 1), first
 *   one level down for many guesses, then to the end for the best of those. A group with two
 *   tries left has an exact value, 200 for a candidate guessed right plus 100 per other
 *   reply group (found on the last try), so with two tries left the choice is exact, and
 *   with three it is exact over the groups' pools. A branch and bound on the groups' upper
 *   bounds (one secret found on the next try, every other on the one after) cuts what cannot
 *   win.
 * - Work (feedbacks computed) is counted against a fixed budget per guess, so the same
 *   replies give the same guesses; a wall-clock guard cuts the search short only when the
 *   machine is too loaded to finish it within the pit's second.
 *
 * Hot loops run over typed arrays; the kernel computes the feedbacks.
 */
import type { LingoFeedback } from './lingo-feedback.js';

const SCORE = 100;
const ATTEMPTS = 5;

export interface OnlineSettings {
  /**
   * Work per guess: feedbacks computed (a kernel call counts `CALL_COST` more). About 8
   * million is 0.1-0.3 s on one core of the development machine; the search stops starting
   * new guesses' evaluations past it and gives up on one in progress at 1.5 times it.
   */
  readonly workBudget: number;
  /** Wall-clock guard per guess, ms (the first guess counts from the process start). */
  readonly guardMs: number;
  /**
   * Stage 1's work: the guesses ranked (every word when it fits, else the words whose
   * letters best split the candidates) times the candidates they are scored on (a sample of
   * at most `openerSample` for the first guess, `sampleMax` later).
   */
  readonly stage1Work: number;
  readonly openerWork: number;
  readonly openerSample: number;
  readonly sampleMax: number;
  /** The best of a sampled stage 1 scored again on the whole set. */
  readonly rescore: number;
  /**
   * The first guess: when the rescored best's expected group size (sum of squared group
   * sizes / n) is at most this, the rescored guesses are ranked by their one-step bound (the
   * number of reply groups, and whether the guess can win) before the estimate.
   */
  readonly boundBelow: number;
  /** The best of stage 1 kept as probes for the reply groups searched in stage 2. */
  readonly universe: number;
  /** Stage 2: guesses evaluated one level down, with the share of the budget they may use. */
  readonly wide: number;
  readonly wideShare: number;
  /** Stage 2: the best of those evaluated to the end (with four tries left). */
  readonly deep: number;
  /** A reply group searched: probes chosen (from the universe) by how their letters split it. */
  readonly groupProbes: number;
  /** A reply group searched: the universe's best added, with three or more / two tries left. */
  readonly probes: number;
  readonly probesLast: number;
  /** A reply group with three or more tries left: its best few guesses searched deeper. */
  readonly innerDeep: number;
  /** The split model when the calibration finds too few groups: c · (m − 1)^alpha groups. */
  readonly splitC: number;
  readonly splitAlpha: number;
}

export const DEFAULT_ONLINE_SETTINGS: OnlineSettings = {
  workBudget: 8_000_000,
  guardMs: 600,
  stage1Work: 2_000_000,
  openerWork: 1_000_000,
  openerSample: 500,
  sampleMax: 2000,
  rescore: 100,
  boundBelow: 300,
  universe: 400,
  wide: 100,
  wideShare: 0.5,
  deep: 16,
  groupProbes: 30,
  probes: 30,
  probesLast: 40,
  innerDeep: 3,
  splitC: 1.0,
  splitAlpha: 0.7,
};

/** Per-depth buffers of a materialized split. */
interface Level {
  /** The set's members grouped by reply, groups in first-seen order. */
  readonly members: Uint32Array;
  /** Group j is members[start[j] .. start[j + 1]). */
  readonly start: Uint32Array;
  readonly code: Uint32Array;
  /** A searched group's pool and the pool's one-step values. */
  readonly pool: Uint32Array;
  readonly values: Float64Array;
  readonly order: Uint32Array;
}

class Aborted extends Error {}

/** Calibration: probes, groups per size range, largest group used. */
const CALIBRATION_PROBES = 60;
const CALIBRATION_PER_RANGE = 3;
const CALIBRATION_MAX_GROUP = 1024;

/** What a kernel call costs besides its feedbacks (per-guess set-up, counting), in feedbacks. */
const CALL_COST = 24;

/** The wall-clock guard is looked at every this many feedbacks (a few ms). */
const GUARD_EVERY = 200_000;

/** Code spaces up to this size are counted by direct indexing (3^10 = 59,049 fits the cache). */
const DIRECT_CODES_MAX = 59_049;

/** The hash table's size for n keys: a power of two at least 2n (at least 16). */
function hashSize(n: number): number {
  let size = 16;
  while (size < 2 * n) size *= 2;
  return size;
}

export class LingoOnlineSearch {
  private readonly kernel: LingoFeedback;
  private readonly settings: OnlineSettings;
  private readonly attempts: number;
  private candidates: Uint32Array;
  private used = 0;
  private readonly n0: number;
  private readonly solved: number;
  /**
   * Counting a split: small code spaces index `counts` by code directly (all zero between
   * uses); large ones (3^11 codes and more, which would miss the cache) use an open-addressing
   * table of twice the set's size, keys -1 when empty. Either way the groups come out in
   * first-seen order: gcode[j], gsize[j], and gidx[i] for member i when asked.
   */
  private readonly direct: boolean;
  private readonly counts: Uint32Array;
  private readonly hashKeys: Int32Array;
  private readonly hashSlot: Int32Array;
  private readonly gcode: Uint32Array;
  private readonly gsize: Uint32Array;
  private readonly gslot: Uint32Array;
  private readonly gidx: Uint32Array;
  private readonly codes: Uint32Array;
  private readonly mark: Uint32Array;
  private markStamp = 0;
  private readonly levels: Level[] = [];
  /** est[r * (n0 + 1) + m]: the estimated score of m secrets with r tries left. */
  private est: Float64Array = new Float64Array(0);
  /** per[r * (n0 + 1) + m] = est / m: per secret. */
  private per: Float64Array = new Float64Array(0);
  /** The best guesses of this turn's stage 1: probes for the reply groups. */
  private probes: Uint32Array = new Uint32Array(0);
  private work = 0;
  private workLimit = 0;
  private deadline = Infinity;
  private readonly clock: () => number;
  private checkAt = 0;
  /** The last oneStep's upper bound and sum of squared group sizes. */
  private lastBound = 0;
  private lastSquares = 0;
  private readonly present = new Float64Array(26);
  private at: Float64Array;
  private readonly wordScore: Float64Array;
  private readonly wordOrder: Uint32Array;
  /** The split model the estimates were built with (see `calibrate`). */
  fit: { c: number; alpha: number; points: number } = { c: 0, alpha: 0, points: 0 };

  constructor(
    kernel: LingoFeedback,
    settings: Partial<OnlineSettings> = {},
    clock: () => number = () => performance.now(),
  ) {
    this.kernel = kernel;
    this.settings = { ...DEFAULT_ONLINE_SETTINGS, ...settings };
    this.attempts = ATTEMPTS;
    this.n0 = kernel.wordCount;
    this.candidates = Uint32Array.from({ length: this.n0 }, (_, i) => i);
    this.solved = kernel.solved;
    this.direct = kernel.codeCount <= DIRECT_CODES_MAX;
    this.counts = new Uint32Array(this.direct ? kernel.codeCount : 0);
    const table = this.direct ? 0 : hashSize(this.n0);
    this.hashKeys = new Int32Array(table).fill(-1);
    this.hashSlot = new Int32Array(table);
    this.gcode = new Uint32Array(this.n0 + 1);
    this.gsize = new Uint32Array(this.n0 + 1);
    this.gslot = new Uint32Array(this.direct ? 0 : this.n0 + 1);
    this.gidx = new Uint32Array(this.n0);
    this.codes = new Uint32Array(this.n0);
    this.mark = new Uint32Array(this.n0);
    this.clock = clock;
    this.at = new Float64Array(26 * kernel.length);
    this.wordScore = new Float64Array(this.n0);
    this.wordOrder = new Uint32Array(this.n0);
  }

  /**
   * A copy at the same point of the game (candidates, guesses made, estimates), sharing the
   * kernel: explores the games that branch here without replaying them.
   */
  fork(): LingoOnlineSearch {
    const copy = new LingoOnlineSearch(this.kernel, this.settings, this.clock);
    copy.candidates = this.candidates;
    copy.used = this.used;
    copy.est = this.est;
    copy.per = this.per;
    copy.fit = this.fit;
    return copy;
  }

  get remaining(): number {
    return this.candidates.length;
  }

  /** The words consistent with every reply so far, in list order (do not modify). */
  get remainingWords(): Uint32Array {
    return this.candidates;
  }

  /** Keep the words that give `code` to `guess`; returns how many remain. */
  observe(guess: number, code: number): number {
    const c = this.candidates;
    const codes = this.codes;
    this.kernel.partitionCodes(guess, c, c.length, codes);
    let k = 0;
    for (let i = 0; i < c.length; i++) if (codes[i] === code) k++;
    const out = new Uint32Array(k);
    k = 0;
    for (let i = 0; i < c.length; i++) if (codes[i] === code) out[k++] = c[i];
    this.candidates = out;
    this.used++;
    return k;
  }

  /** The next guess. `startedAt` (clock ms) is when the turn began, for the guard. */
  next(startedAt: number = this.clock()): number {
    const c = this.candidates;
    const left = this.attempts - this.used;
    if (c.length <= 2 || left <= 1) return c[0];
    this.work = 0;
    this.workLimit = this.settings.workBudget;
    this.deadline = startedAt + this.settings.guardMs;
    this.checkAt = 0;
    // The split model fitted once, whenever the first guess starts: a slow start does not change
    // the play (only the guard below, on a machine too loaded to finish in time).
    if (this.est.length === 0) this.buildEstimates(this.calibrate());
    if (this.clock() > this.deadline) {
      // Out of time before searching: the word whose letters best split the candidates.
      return this.letterPool(c, 1)[0] as number;
    }
    return this.choose(c, left, this.used === 0);
  }

  // ---------------------------------------------------------------------------------------
  // Estimates
  // ---------------------------------------------------------------------------------------

  /**
   * Per secret, the score m secrets with r tries left are expected to make: a candidate is
   * guessed (found with probability 1/m), and the rest split into c · (m−1)^alpha equal groups
   * (at most m − 1), each with one try less. Exact for m ≤ 2 and for one try left.
   */
  private buildEstimates(fit: { c: number; alpha: number; points: number }): void {
    const N = this.n0;
    const W = N + 1;
    const per = new Float64Array((this.attempts + 1) * W);
    const est = new Float64Array((this.attempts + 1) * W);
    const splitC = fit.c;
    const splitAlpha = fit.alpha;
    this.fit = fit;
    // The size of the groups the other m − 1 secrets split into, by m.
    const subOf = new Float64Array(W);
    for (let m = 2; m <= N; m++) subOf[m] = (m - 1) / Math.min(m - 1, Math.max(1, splitC * (m - 1) ** splitAlpha));
    for (let r = 1; r <= this.attempts; r++) {
      per[r * W + 1] = SCORE * r;
      for (let m = 2; m <= N; m++) {
        if (r === 1) {
          per[r * W + m] = SCORE / m;
          continue;
        }
        const sub = subOf[m];
        // s(sub, r − 1), linear between the integers around sub.
        const lo = Math.floor(sub);
        const f = sub - lo;
        const a = per[(r - 1) * W + lo];
        const b = f > 0 ? per[(r - 1) * W + lo + 1] : a;
        const rest = a + f * (b - a);
        per[r * W + m] = (SCORE * r + (m - 1) * rest) / m;
      }
      for (let m = 1; m <= N; m++) est[r * W + m] = m * per[r * W + m];
    }
    this.per = per;
    this.est = est;
  }

  /**
   * The split model, fitted to this list: the word whose letters best split the whole list
   * splits it; from its reply groups of each size range (3-5, 6-11, 12-23, ...) a few are
   * taken, and in each the best guess among its candidates and the best letter-split words
   * gives k groups besides the winning one. Least squares of ln k on ln(m − 1) give alpha
   * and c. Falls back on the settings when fewer than two size ranges are found.
   */
  private calibrate(): { c: number; alpha: number; points: number } {
    const fallback = { c: this.settings.splitC, alpha: this.settings.splitAlpha, points: 0 };
    const all = Uint32Array.from({ length: this.n0 }, (_, i) => i);
    const probes = this.letterPool(all, CALIBRATION_PROBES);
    try {
      const k = this.split(probes[0], all, this.n0, 0);
      const lv = this.levels[0];
      const taken = new Uint8Array(32);
      let sx = 0;
      let sy = 0;
      let sxx = 0;
      let sxy = 0;
      let points = 0;
      let ranges = 0;
      for (let j = 0; j < k; j++) {
        const a = lv.start[j];
        const m = lv.start[j + 1] - a;
        if (m < 3 || m > CALIBRATION_MAX_GROUP) continue;
        const b = 31 - Math.clz32(m); // 3 → range 1, 4-7 → 2, ...
        if (taken[b] >= CALIBRATION_PER_RANGE) continue;
        if (taken[b] === 0) ranges++;
        taken[b] = taken[b] + 1;
        const group = lv.members.slice(a, a + m);
        let best = 1;
        for (let i = 0; i < m + probes.length; i++) {
          const h = i < m ? group[i] : probes[i - m];
          this.kernel.partitionCodes(h, group, m, this.codes);
          this.spend(m);
          const g = this.tally(m, false);
          let groups = g;
          for (let t = 0; t < g; t++) if (this.gcode[t] === this.solved) groups--;
          if (groups > best) best = groups;
        }
        const x = Math.log(m - 1);
        const y = Math.log(best);
        sx += x;
        sy += y;
        sxx += x * x;
        sxy += x * y;
        points++;
      }
      if (ranges < 2) return fallback;
      const alpha = (points * sxy - sx * sy) / (points * sxx - sx * sx);
      const c = Math.exp((sy - alpha * sx) / points);
      if (!Number.isFinite(alpha) || !Number.isFinite(c)) return fallback;
      return { c: Math.min(2, Math.max(0.1, c)), alpha: Math.min(1, Math.max(0.2, alpha)), points };
    } catch (e) {
      if (!(e instanceof Aborted)) throw e;
      return fallback;
    }
  }

  /** The most m secrets can make with r tries left: one found now, every other on the next try. */
  private static upper(m: number, r: number): number {
    if (m <= 0) return 0;
    if (r <= 1) return SCORE;
    return SCORE * r + (m - 1) * SCORE * (r - 1);
  }

  // ---------------------------------------------------------------------------------------
  // Splits
  // ---------------------------------------------------------------------------------------

  private spend(n: number): void {
    this.work += n + CALL_COST;
    if (this.work > this.checkAt) {
      this.checkAt = this.work + GUARD_EVERY;
      if (this.work > this.workLimit * 1.5 || this.clock() > this.deadline) throw new Aborted();
    }
  }

  /**
   * One-step value of guess g on set[0..n): 100·r if g is a candidate, plus each other reply
   * group's estimate with r − 1 tries. With r = 2 this is the exact value.
   */
  private oneStep(g: number, set: Uint32Array, n: number, r: number): number {
    this.kernel.partitionCodes(g, set, n, this.codes);
    this.spend(n);
    const k = this.tally(n, false);
    const est = this.est;
    const base = (r - 1) * (this.n0 + 1);
    const solved = this.solved;
    const gcode = this.gcode;
    const gsize = this.gsize;
    let v = 0;
    let bound = 0;
    let squares = 0;
    for (let j = 0; j < k; j++) {
      const m = gsize[j];
      squares += m * m;
      if (gcode[j] === solved) {
        v += SCORE * r;
        bound += SCORE * r;
      } else {
        v += est[base + m];
        bound += LingoOnlineSearch.upper(m, r - 1);
      }
    }
    this.lastBound = bound;
    this.lastSquares = squares;
    return v;
  }

  /** Count the groups of codes[0..n) into gcode/gsize (and gidx when `index`); returns how many. */
  private tally(n: number, index: boolean): number {
    const codes = this.codes;
    const gcode = this.gcode;
    const gsize = this.gsize;
    const gidx = this.gidx;
    let k = 0;
    if (this.direct) {
      // counts[c] holds the group's index + 1 while counting.
      const counts = this.counts;
      for (let i = 0; i < n; i++) {
        const c = codes[i];
        let j = counts[c] - 1;
        if (j < 0) {
          j = k++;
          counts[c] = k;
          gcode[j] = c;
          gsize[j] = 0;
        }
        gsize[j] = gsize[j] + 1;
        if (index) gidx[i] = j;
      }
      for (let j = 0; j < k; j++) counts[gcode[j]] = 0;
      return k;
    }
    const keys = this.hashKeys;
    const slotOf = this.hashSlot;
    const gslot = this.gslot;
    const bits = 31 - Math.clz32(hashSize(n));
    const mask = (1 << bits) - 1;
    const shift = 32 - bits;
    for (let i = 0; i < n; i++) {
      const c = codes[i];
      let h = Math.imul(c, 0x9e3779b1) >>> shift;
      let key = keys[h];
      while (key !== c && key !== -1) {
        h = (h + 1) & mask;
        key = keys[h];
      }
      let j: number;
      if (key === -1) {
        j = k++;
        keys[h] = c;
        slotOf[h] = j;
        gslot[j] = h;
        gcode[j] = c;
        gsize[j] = 0;
      } else {
        j = slotOf[h];
      }
      gsize[j] = gsize[j] + 1;
      if (index) gidx[i] = j;
    }
    for (let j = 0; j < k; j++) keys[gslot[j]] = -1;
    return k;
  }

  /**
   * One-step value of g on a sample of a set of n (the sample's groups stand for groups
   * n / sample times larger); `hit` says whether g is a candidate of the whole set.
   */
  private oneStepSampled(g: number, sample: Uint32Array, s: number, n: number, r: number, hit: boolean): number {
    this.kernel.partitionCodes(g, sample, s, this.codes);
    this.spend(s);
    const k = this.tally(s, false);
    const per = this.per;
    const base = (r - 1) * (this.n0 + 1);
    const scale = n / s;
    const solved = this.solved;
    const gcode = this.gcode;
    const gsize = this.gsize;
    let v = 0;
    for (let j = 0; j < k; j++) {
      const m = gsize[j];
      if (gcode[j] === solved) continue;
      const real = Math.min(n, Math.max(1, Math.round(m * scale)));
      v += m * per[base + real];
    }
    return v * scale + (hit ? SCORE * r : 0);
  }

  private level(d: number): Level {
    let lv = this.levels[d];
    if (lv === undefined) {
      const N = this.n0;
      const P = N + this.settings.groupProbes + Math.max(this.settings.probes, this.settings.probesLast);
      lv = {
        members: new Uint32Array(N),
        start: new Uint32Array(N + 1),
        code: new Uint32Array(N),
        pool: new Uint32Array(P),
        values: new Float64Array(P),
        order: new Uint32Array(P),
      };
      this.levels[d] = lv;
    }
    return lv;
  }

  /** Group set[0..n) by the replies to g into level d; returns the number of groups. */
  private split(g: number, set: Uint32Array, n: number, d: number): number {
    const lv = this.level(d);
    this.kernel.partitionCodes(g, set, n, this.codes);
    this.spend(n);
    const k = this.tally(n, true);
    const start = lv.start;
    const gsize = this.gsize;
    // gsize becomes each group's write position.
    let at = 0;
    for (let j = 0; j < k; j++) {
      start[j] = at;
      lv.code[j] = this.gcode[j];
      const m = gsize[j];
      gsize[j] = at;
      at += m;
    }
    start[k] = at;
    const members = lv.members;
    const gidx = this.gidx;
    for (let i = 0; i < n; i++) {
      const j = gidx[i];
      const pos = gsize[j];
      members[pos] = set[i];
      gsize[j] = pos + 1;
    }
    return k;
  }

  // ---------------------------------------------------------------------------------------
  // Search
  // ---------------------------------------------------------------------------------------

  /**
   * The value of guessing g on set[0..n) with r tries left, each reply group searched
   * `depth` − 1 more levels (0: its estimate). Returns at most `bound` as soon as the
   * groups' upper bounds show it cannot exceed `bound`.
   */
  private evaluate(g: number, set: Uint32Array, n: number, r: number, depth: number, d: number, bound: number): number {
    if (depth <= 1 || r <= 2) return this.oneStep(g, set, n, r);
    const k = this.split(g, set, n, d);
    const lv = this.levels[d];
    let total = 0;
    for (let j = 0; j < k; j++) {
      const m = lv.start[j + 1] - lv.start[j];
      total += lv.code[j] === this.solved ? SCORE * r : LingoOnlineSearch.upper(m, r - 1);
    }
    if (total <= bound) return total;
    for (let j = 0; j < k; j++) {
      if (lv.code[j] === this.solved) continue;
      const a = lv.start[j];
      const m = lv.start[j + 1] - a;
      if (m <= 2) continue; // the upper bound is exact
      const ub = LingoOnlineSearch.upper(m, r - 1);
      const v = this.groupValue(lv.members.subarray(a, a + m), m, r - 1, depth - 1, d + 1);
      total += v - ub;
      if (total <= bound) return total;
    }
    return total;
  }

  /** The best value of a reply group of m secrets with r tries left, searched `depth` levels. */
  private groupValue(group: Uint32Array, m: number, r: number, depth: number, d: number): number {
    if (m === 1) return SCORE * r;
    if (r <= 1) return SCORE;
    if (m === 2) return SCORE * (2 * r - 1);
    if (depth <= 0) return this.est[r * (this.n0 + 1) + m];
    const lv = this.level(d);
    const ub = LingoOnlineSearch.upper(m, r);
    // The pool: the group's candidates, then the probes that are not among them.
    const stamp = ++this.markStamp;
    const pool = lv.pool;
    let p = 0;
    for (let i = 0; i < m; i++) {
      const w = group[i];
      this.mark[w] = stamp;
      pool[p++] = w;
    }
    const q = r <= 2 ? this.settings.probesLast : this.settings.probes;
    if (this.settings.groupProbes > 0) p = this.groupProbes(group, m, this.settings.groupProbes, stamp, pool, p);
    const probes = this.probes;
    const q2 = Math.min(probes.length, q);
    for (let i = 0; i < q2; i++) {
      const w = probes[i];
      if (this.mark[w] !== stamp) {
        this.mark[w] = stamp;
        pool[p++] = w;
      }
    }
    const values = lv.values;
    let best = -1;
    for (let i = 0; i < p; i++) {
      const v = this.oneStep(pool[i], group, m, r);
      values[i] = v;
      if (v > best) best = v;
      // A candidate splitting the rest into singletons is optimal (with two tries the values are exact).
      if (v >= ub || (r <= 2 && i >= m && v >= ub - SCORE)) return v;
    }
    if (r <= 2 || depth <= 1) return best;
    // Deeper: the best few of the one-step ranking.
    const order = lv.order;
    const top = topIndices(values, p, this.settings.innerDeep, order);
    let deepBest = -1;
    for (let t = 0; t < top; t++) {
      const h = pool[order[t]];
      const v = this.evaluate(h, group, m, r, depth, d, deepBest);
      if (v > deepBest) deepBest = v;
      if (deepBest >= ub) break;
    }
    return deepBest;
  }

  /**
   * Append to pool[p..] the `q` words (not marked with `stamp`) whose letters best split the
   * group (see `letterPool`); returns the new end.
   */
  private groupProbes(group: Uint32Array, m: number, q: number, stamp: number, pool: Uint32Array, p: number): number {
    this.letterStats(group, m);
    const U = this.probes;
    const u = U.length;
    const score = this.wordScore;
    const mark = this.mark;
    for (let i = 0; i < u; i++) {
      const w = U[i];
      score[i] = mark[w] === stamp ? -1 : this.letterScore(w);
    }
    this.spend(u >> 2);
    const order = this.wordOrder;
    const k = topIndices(score, u, q, order);
    for (let i = 0; i < k; i++) {
      const at2 = order[i];
      if (score[at2] <= 0) break;
      const w = U[at2];
      mark[w] = stamp;
      pool[p++] = w;
    }
    return p;
  }

  /** Stage 1 and 2 at the current node. */
  private choose(set: Uint32Array, r: number, opener: boolean): number {
    const n = set.length;
    const N = this.n0;
    const s = this.settings;
    const stamp = ++this.markStamp;
    for (let i = 0; i < n; i++) this.mark[set[i]] = stamp;
    // Stage 1: every word on every candidate when that fits its budget; else a sample of the
    // candidates, and the words whose letters best split the candidates.
    const S = Math.min(n, opener ? s.openerSample : s.sampleMax);
    const P = Math.min(N, Math.max(1, Math.floor((opener ? s.openerWork : s.stage1Work) / S)));
    const pool = P < N ? this.letterPool(set, P) : Uint32Array.from({ length: N }, (_, i) => i);
    const sample = S < n ? strideSample(set, S) : set;
    const values = new Float64Array(P).fill(-1);
    const keep = Math.min(P, Math.max(s.rescore, s.probesLast, s.universe, s.wide));
    const order = new Uint32Array(P);
    let ranked: Uint32Array;
    try {
      for (let i = 0; i < P; i++) {
        const g = pool[i];
        values[i] =
          S < n ? this.oneStepSampled(g, sample, S, n, r, this.mark[g] === stamp) : this.oneStep(g, set, n, r);
      }
    } catch (e) {
      if (!(e instanceof Aborted)) throw e;
      // Out of time (a heavily loaded machine): the best scored so far.
      topIndices(values, P, 1, order);
      return values[order[0]] === -1 ? set[0] : pool[order[0]];
    }
    const top = topIndices(values, P, keep, order);
    if (S < n) {
      // The best of the sample, scored again on the whole set (the first `rescore` of them).
      const again = Math.min(top, s.rescore);
      const full = new Float64Array(top).fill(-1);
      const bounds = new Float64Array(top).fill(-1);
      const squares = new Float64Array(top);
      try {
        for (let t = 0; t < again; t++) {
          full[t] = this.oneStep(pool[order[t]], set, n, r);
          bounds[t] = this.lastBound;
          squares[t] = this.lastSquares;
        }
      } catch (e) {
        if (!(e instanceof Aborted)) throw e;
      }
      const order2 = new Uint32Array(top);
      topIndices(full, top, top, order2);
      if (opener && again > 0 && squares[order2[0]] / n <= s.boundBelow) {
        // Small groups: their one-step bound (one found on the next try, the rest on the one
        // after) is what they will make; the most of it wins, then the estimate.
        const key = new Float64Array(top);
        const scale = 1 + Math.max(...full);
        for (let t = 0; t < top; t++) key[t] = bounds[t] * scale + full[t];
        topIndices(key, top, top, order2);
      }
      ranked = Uint32Array.from(order2, (i) => pool[order[i]]);
    } else {
      ranked = Uint32Array.from(order.subarray(0, top), (i) => pool[i]);
    }
    if (r <= 2) return ranked[0];
    // Stage 2: the best of stage 1, their reply groups searched: `wide` of them one level
    // down (with two tries left for the groups, that is their exact value), then the best
    // `deep` of those to the end.
    this.probes = ranked.subarray(0, Math.min(ranked.length, s.universe));
    const depth = opener ? 1 : r - 1;
    if (depth <= 1) return ranked[0];
    let best = ranked[0];
    let bestValue = -1;
    const wide = Math.min(ranked.length, depth > 2 ? s.wide : s.wide + s.deep);
    const wideValues = new Float64Array(wide).fill(-1);
    for (let t = 0; t < wide; t++) {
      if (this.work > this.workLimit * (depth > 2 ? s.wideShare : 1)) break;
      const g = ranked[t];
      let v: number;
      try {
        v = this.evaluate(g, set, n, r, 2, 0, depth > 2 ? -1 : bestValue);
      } catch (e) {
        if (!(e instanceof Aborted)) throw e;
        break;
      }
      wideValues[t] = v;
      if (v > bestValue) {
        bestValue = v;
        best = g;
      }
    }
    if (depth <= 2) return best;
    const byWide = new Uint32Array(wide);
    const deep = topIndices(wideValues, wide, s.deep, byWide);
    bestValue = -1;
    for (let t = 0; t < deep; t++) {
      if (this.work > this.workLimit) break;
      if (wideValues[byWide[t]] < 0) break;
      const g = ranked[byWide[t]];
      let v: number;
      try {
        v = this.evaluate(g, set, n, r, depth, 0, bestValue);
      } catch (e) {
        if (!(e instanceof Aborted)) throw e;
        break;
      }
      if (v > bestValue) {
        bestValue = v;
        best = g;
      }
    }
    return best;
  }

  /**
   * The opener's pool: the words whose letters are the most frequent in the set (each letter
   * once, by the share of words holding it, plus its share at that position).
   */
  private letterPool(set: Uint32Array, size: number): Uint32Array {
    this.letterStats(set, set.length);
    const N = this.n0;
    const score = this.wordScore;
    for (let w = 0; w < N; w++) score[w] = this.letterScore(w);
    const order = new Uint32Array(N);
    const k = topIndices(score, N, size, order);
    return order.slice(0, k);
  }

  /**
   * The letter weights of set[0..n) into `present` and `at`: a letter's test (is it in the
   * word, is it at this position) weighs by how evenly it splits the set (binary entropy).
   */
  private letterStats(set: Uint32Array, n: number): void {
    const L = this.kernel.length;
    const letters = this.kernel.letters;
    const sets = this.kernel.letterSets;
    const present = this.present;
    const at = this.at;
    present.fill(0);
    at.fill(0);
    for (let i = 0; i < n; i++) {
      const w = set[i];
      let ls = sets[w];
      while (ls !== 0) {
        const c = 31 - Math.clz32(ls & -ls);
        ls &= ls - 1;
        present[c] = present[c] + 1;
      }
      const off = w * L;
      for (let t = 0; t < L; t++) {
        const c = letters[off + t];
        at[c * L + t] = at[c * L + t] + 1;
      }
    }
    for (let c = 0; c < 26; c++) present[c] = balance(present[c], n);
    for (let i = 0; i < 26 * L; i++) at[i] = 0.5 * balance(at[i], n);
  }

  /** Word w's letter score under the last `letterStats`: each of its letters once, and each position. */
  private letterScore(w: number): number {
    const L = this.kernel.length;
    const letters = this.kernel.letters;
    const present = this.present;
    const at = this.at;
    let ls = this.kernel.letterSets[w];
    let v = 0;
    while (ls !== 0) {
      const c = 31 - Math.clz32(ls & -ls);
      ls &= ls - 1;
      v += present[c];
    }
    const off = w * L;
    for (let t = 0; t < L; t++) v += at[letters[off + t] * L + t];
    return v;
  }
}

/** How informative a letter test with `hits` of n is: largest at n/2 (binary entropy shape). */
function balance(hits: number, n: number): number {
  if (hits <= 0 || hits >= n) return 0;
  const p = hits / n;
  return -(p * Math.log2(p) + (1 - p) * Math.log2(1 - p));
}

/** Every step-th member, about `size` of them. */
function strideSample(set: Uint32Array, size: number): Uint32Array {
  const step = set.length / size;
  const out = new Uint32Array(size);
  for (let i = 0; i < size; i++) out[i] = set[Math.floor(i * step)];
  return out;
}

/**
 * The indices of the `k` largest values[0..n) into out, largest first (ties: lower index
 * first); returns how many.
 */
function topIndices(values: Float64Array, n: number, k: number, out: Uint32Array): number {
  k = Math.min(k, n);
  if (k <= 0) return 0;
  // A min-heap of the best k, then sorted.
  const heap = new Uint32Array(k);
  let size = 0;
  const worse = (a: number, b: number): boolean => {
    const va = values[a];
    const vb = values[b];
    return va < vb || (va === vb && a > b);
  };
  for (let i = 0; i < n; i++) {
    if (size < k) {
      let x = size++;
      heap[x] = i;
      while (x > 0) {
        const up = (x - 1) >> 1;
        if (!worse(heap[x], heap[up])) break;
        const t = heap[x];
        heap[x] = heap[up];
        heap[up] = t;
        x = up;
      }
    } else if (worse(heap[0], i)) {
      heap[0] = i;
      let x = 0;
      for (;;) {
        const l = 2 * x + 1;
        const rr = l + 1;
        let m = x;
        if (l < size && worse(heap[l], heap[m])) m = l;
        if (rr < size && worse(heap[rr], heap[m])) m = rr;
        if (m === x) break;
        const t = heap[x];
        heap[x] = heap[m];
        heap[m] = t;
        x = m;
      }
    }
  }
  const sorted = Array.from(heap.subarray(0, size)).sort((a, b) => (worse(a, b) ? 1 : worse(b, a) ? -1 : 0));
  for (let i = 0; i < size; i++) out[i] = sorted[i];
  return size;
}
