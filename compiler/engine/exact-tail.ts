/**
 * The engine's exact tail: a set with two or three tries left solved exactly over every guess of
 * the game its state allows (`Effort.exactTriesLeft`; `Moves.allows`: in Wordle's hard mode a
 * reply group's state is the one after the guess and reply, and keys its memo entries), for
 * objectives whose costs are affine in the attempts
 * (`Objective.triesLeft`): each secret pays the same at a node whatever the reply, and a group
 * with one try left costs its size bound (its first secret guessed, the rest unsolved).
 *
 * With two tries left (after `v` guesses) a guess g splits a set P of m secrets into `groups`
 * reply groups, `hit` of them (0 or 1) the solved one; each other group is guessed once more, so
 *     cost(g) = m·(gc + U) − (groups·B + hit·A),   A = first, B = U − first,
 * with gc the cost a secret pays at the node, `first` the cost of a secret found on the last try
 * and U of one never found (both counted from the node's child). The best guess has the largest
 * key groups·B + hit·A: a candidate that splits P into singletons reaches (m·B + A), any other
 * guess at most m·B. With three tries left each guess's reply groups are valued that way and
 * summed; guesses go best one-step bound first and stop once a bound reaches the best so far.
 *
 * All of a node's work is over its set S of n secrets, tabled once by the engine's `SetTable`
 * (`partition.ts`: every guess's replies in local group ids), so a reply group of S is a list of
 * local indices and any split of it is table look-ups; the table also orders the guesses and
 * splits S by one. Below S nothing allocates but the plan of the result. Two-tries-left values
 * of reply groups live in the engine's one set memo (`set-memo.ts`, by their secrets in set
 * order, the child's depth tag and the node's move key): exact ones as [v, v] with their guess, a
 * group cut by its budget as [the least cost the cut proves, its best candidate's cost] with that
 * candidate, so a later look at the same group starts from both.
 *
 * Bounds that skip work: (1) a guess's number of groups on a part is at most its number on S, so
 * the scan of a part takes guesses by groups on S, most first, and stops once that many could not
 * beat the best; (2) a part's budget (what the other parts' bounds and the best leave) cuts its
 * scan, and with it the guess above, once no guess left could get under it.
 *
 * Determinism: the result is a pure function of (S, used): guesses of S go by key, then guess
 * number; a part's guess is the first of largest key in the scan's order (candidates in set
 * order, then by groups on S, then guess number). Budgets only skip what cannot win.
 */
import { Partitioner, SetTable, type TableSplit } from './partition.js';
import { joinPlan, leafPlan } from './plan.js';
import { rangeHash, type Interval, type SetMemo } from './set-memo.js';
import { Stamps } from './stamps.js';
import type { Moves, Objective, SearchGame, Solved } from './types.js';

/** Largest table (guesses × secrets) a node may build; larger sets are left to the search. */
const TABLE_MAX_ENTRIES = 1 << 25;
/** A scan stopped by its budget. */
const CUT = -1;

/** The affine terms of a node with two tries left, after `v` guesses. */
interface TwoLeftTerms {
  /** A secret's cost at the node. */
  readonly gc: number;
  /** The first secret of a group, guessed on the last try / a secret never found (from the child). */
  readonly first: number;
  readonly unsolved: number;
  /** Key weights: a group, the solved group. */
  readonly B: number;
  readonly A: number;
}

export class ExactTail<S> {
  readonly game: SearchGame;
  readonly objective: Objective<S>;
  /** Sets solved by the tail (statistics). */
  nodes = 0;
  private readonly G: number;
  /** The engine's split, for the result's plan and the singleton check. */
  private readonly partitioner: Partitioner;
  /** The node's set S tabled: its size, the set, every guess's local group ids. */
  private readonly table: SetTable;
  /** Guesses in scan order (groups on S, most first) and in order of their one-step key (three tries left). */
  private readonly byGroups: Uint32Array;
  private readonly order3: Uint32Array;
  /** The rank of each (groups, hit) bucket (`SetTable.order`). */
  private rankOf = new Int32Array(0);
  /** Per local index: part stamp. */
  private inP = new Stamps(0);
  // The split of S by one guess (three tries left): local indices grouped by local id.
  private starts = new Int32Array(0);
  private items = new Uint16Array(0);
  /** The secrets of `items` (global ids, the same places): the memo's key of a part. */
  private globals = new Uint32Array(0);
  /** `starts`, `items` and `globals` as the table's split writes them. */
  private split: TableSplit = { starts: this.starts, items: this.items, globals: this.globals };
  private partOff = new Int32Array(0);
  private partLen = new Int32Array(0);
  private partKey = new Float64Array(0);
  private partGuess = new Int32Array(0);
  /** Part p's memo hash and its least cost known (the larger of its size bound and the memo's lo). */
  private partHash = new Float64Array(0);
  private partLo = new Float64Array(0);
  /** After pass 1 of a guess: its open parts and the sum of their least costs. */
  private openParts = 0;
  private openRest = 0;
  private openOrder = new Int32Array(0);
  /** The engine's set memo, the node's children's depth tag and move key, and the entry a store writes. */
  private readonly memo: SetMemo<Solved>;
  private num = 0;
  private tag = '';
  private readonly entry: Interval<Solved> = { lo: 0, hi: Infinity, guess: -1, payload: null };
  /** The guess of the last `partKey2` / `scan` result. */
  private lastGuess = -1;
  /**
   * Hard mode (`Moves.allows`): a scan takes only the guesses `scanState` allows, and a reply
   * group's memo key is its own state's (the state after the guess and reply), kept per open part.
   */
  private readonly rule: boolean;
  private scanState: S | undefined = undefined;
  private partState: S[] = [];
  private partTag: string[] = [];
  private readonly oneSecret = new Uint32Array(1);
  private readonly oneCode = new Uint32Array(1);

  constructor(
    game: SearchGame,
    objective: Objective<S>,
    memo: SetMemo<Solved>,
    private readonly moves: Moves<S>,
  ) {
    this.rule = moves.allows !== undefined;
    this.game = game;
    this.objective = objective;
    this.memo = memo;
    this.G = game.guessCount;
    this.partitioner = new Partitioner(game);
    this.table = new SetTable(game, TABLE_MAX_ENTRIES);
    this.byGroups = new Uint32Array(this.G);
    this.order3 = new Uint32Array(this.G);
  }

  /** Guesses whose replies were tabled (statistics). */
  get tabled(): number {
    return this.table.tabled;
  }

  /** Whether the tail solves a set of `n` secrets with `left` tries left. */
  applies(n: number, left: number): boolean {
    return (left === 2 || left === 3) && n >= 2 && this.table.fits(n);
  }

  /** The two-tries-left terms after `v` guesses, or null when the key's weights would not be monotone. */
  private terms2(v: number, state: S): TwoLeftTerms {
    const obj = this.objective;
    const gc = obj.groupCost(0, 1, v, state);
    const first = obj.sizeBound(1, v + 1, state);
    const unsolved = obj.sizeBound(2, v + 1, state) - first;
    return { gc, first, unsolved, A: first, B: unsolved - first };
  }

  /**
   * The best plan for `set` (ascending or any fixed order) with `used` guesses spent and two or
   * three tries left, or null when none costs less than `beta`. `tag` is the node's move key (a
   * reply group's own key where the state limits the guesses, else the node's, which every guess keeps).
   */
  solve(set: Uint32Array, used: number, state: S, left: number, beta: number, tag: string): Solved | null {
    this.nodes++;
    this.num = this.objective.depthTag(used + 1);
    this.tag = tag;
    const n = set.length;
    const t2 = this.terms2(left === 3 ? used + 1 : used, state);
    if (!(t2.A >= 0 && t2.B >= 0 && Number.isFinite(t2.unsolved)))
      throw new Error('exact tail: the objective is not affine in the attempts');
    // A candidate that splits the set into singletons reaches the set's size bound: optimal.
    const single = this.singletonCandidate(set);
    if (single >= 0) {
      const v = this.leafSplit(single, set, used, state);
      return v.cost < beta ? v : null;
    }
    this.build(set);
    this.scanState = state;
    if (left === 2) {
      const all = this.items;
      for (let i = 0; i < n; i++) all[i] = i;
      const key = this.partKey2(all, 0, n, t2, -Infinity);
      const cost = n * (t2.gc + t2.unsolved) - key;
      return cost < beta ? this.plan2(this.lastGuess, set, used, state, t2) : null;
    }
    const obj = this.objective;
    const gc3 = obj.groupCost(0, 1, used, state);
    const first3 = obj.sizeBound(1, used + 1, state);
    const D = obj.sizeBound(2, used + 1, state) - 2 * first3;
    if (!(D >= 0 && first3 >= 0)) throw new Error('exact tail: the objective is not affine in the attempts');
    // The bound with no group told apart: every secret pays the node and the one after (next = first + D).
    const C = n * gc3 + n * (first3 + D);
    const G = this.G;
    this.sortByKey3(D, first3);
    const order = this.order3;
    const groupsOnS = this.table.groups;
    const hitIdx = this.table.hit;
    const perSecret2 = t2.gc + t2.unsolved;
    let best = beta;
    let bestGuess = -1;
    for (let t = 0; t < G; t++) {
      const g = order[t];
      const k = groupsOnS[g];
      const hit = hitIdx[g] >= 0 ? 1 : 0;
      const bound = C - (k * D + hit * first3);
      if (bound >= best) break;
      if (k === 1 && hit === 0) continue; // learns nothing
      if (this.rule && !this.allowed(state, g)) continue; // hard mode: the rule forbids it here
      const cost = this.evaluate3(g, k, hit, n * gc3, perSecret2, t2, best, state);
      if (cost < best) {
        best = cost;
        bestGuess = g;
      }
    }
    if (bestGuess < 0) return null;
    const v = this.plan3(bestGuess, set, used, state, t2);
    if (v.cost !== best) throw new Error('exact tail: the plan does not cost what its value promised');
    return v;
  }

  /** The first candidate (in set order) whose replies over the set are all different, or −1. */
  private singletonCandidate(set: Uint32Array): number {
    return this.partitioner.firstSeparatingCandidate(set, 0, set.length);
  }

  /** The node's table, scratch and scan order. */
  private build(set: Uint32Array): void {
    const n = set.length;
    this.table.build(set);
    if (this.inP.marks.length < n) {
      const cap = Math.max(n, 2 * this.inP.marks.length, 64);
      this.inP = new Stamps(cap);
      this.starts = new Int32Array(cap + 1);
      this.items = new Uint16Array(cap);
      this.globals = new Uint32Array(cap);
      this.partHash = new Float64Array(cap);
      this.partLo = new Float64Array(cap);
      this.partOff = new Int32Array(cap);
      this.partLen = new Int32Array(cap);
      this.partKey = new Float64Array(cap);
      this.partGuess = new Int32Array(cap);
      this.openOrder = new Int32Array(cap);
      this.rankOf = new Int32Array(2 * cap + 2);
      this.split = { starts: this.starts, items: this.items, globals: this.globals };
    }
    this.table.orderByGroups(this.rankOf, this.byGroups);
  }

  /**
   * Guesses by their one-step key at three tries left, k·D + hit·first (largest first: the least
   * bound), ties by more groups, then guess number.
   */
  private sortByKey3(D: number, first: number): void {
    // Bucket of (k, hit) is 2k + hit, k in 1..n; its rank among the buckets by key descending,
    // ties by more groups, then hit: with D, first ≥ 0 the key is monotone in both, so a
    // bucket's rank is its count of buckets of larger (key, k, hit). Small (2n + 2 buckets): a
    // direct count.
    const slots = 2 * this.table.n + 2;
    const rank = this.rankOf;
    for (let a = 0; a < slots; a++) {
      const ka = a >> 1;
      const ha = a & 1;
      const keyA = ka * D + ha * first;
      let r = 0;
      for (let c = 0; c < slots; c++) {
        if (c === a) continue;
        const kc = c >> 1;
        const hc = c & 1;
        const keyC = kc * D + hc * first;
        if (keyC > keyA || (keyC === keyA && (kc > ka || (kc === ka && hc > ha)))) r++;
      }
      rank[a] = r;
    }
    this.table.order(rank, this.order3);
  }

  /**
   * The cost of guess g at the node (three tries left), or at least `best` when it cannot get
   * below it. `known` is what every secret pays at the node.
   */
  private evaluate3(
    g: number,
    k: number,
    hit: number,
    known: number,
    perSecret2: number,
    t2: TwoLeftTerms,
    best: number,
    state: S,
  ): number {
    const table = this.table;
    table.splitInto(g, this.split);
    const hitId = hit ? table.ids[g * table.n + table.hit[g]] : -1;
    const cost = this.valueParts(k, hitId, known, perSecret2, t2, g, state);
    if (cost + this.openRest >= best) return best;
    return this.searchOpenParts(cost, perSecret2, t2.B, best);
  }

  /**
   * Pass 1 over the split's groups but the solved one (`hitId`): exact values that are cheap
   * (small parts, the memo, the candidates) summed onto `known`, returned; the rest left open
   * (`openParts` of them, their least costs summing to `openRest`).
   */
  private valueParts(
    k: number,
    hitId: number,
    known: number,
    perSecret2: number,
    t2: TwoLeftTerms,
    g: number,
    state: S,
  ): number {
    const starts = this.starts;
    const items = this.items;
    const globals = this.globals;
    const A = t2.A;
    const B = t2.B;
    let cost = known;
    let rest = 0;
    let open = 0;
    const partOff = this.partOff;
    const partLen = this.partLen;
    const partKey = this.partKey;
    const partLo = this.partLo;
    const openOrder = this.openOrder;
    const memo = this.memo;
    const num = this.num;
    let tag = this.tag;
    let childState = state;
    for (let j = 0; j < k; j++) {
      if (j === hitId) continue;
      const off = starts[j];
      const m = starts[j + 1] - off;
      if (m <= 2) {
        cost += m * perSecret2 - (m * B + A);
        continue;
      }
      if (this.rule) {
        // Hard mode: the group's own state (its guesses, its memo key).
        childState = this.after(state, g, globals[off]);
        tag = this.moves.key(childState);
      }
      const hash = rangeHash(globals, off, m, num, tag);
      const id = memo.find(globals, off, m, num, tag, hash);
      // At most m·B (a non-candidate telling every secret apart): the part costs at least that.
      let lo = m * perSecret2 - m * B;
      let ck: number;
      let ckGuess: number;
      if (id >= 0 && memo.guess(id) >= 0) {
        const hi = memo.hi(id);
        if (memo.lo(id) >= hi) {
          cost += hi;
          continue;
        }
        // A cut part: its best candidate and the least cost the cut proved.
        if (memo.lo(id) > lo) lo = memo.lo(id);
        ck = m * perSecret2 - hi;
        ckGuess = memo.guess(id);
      } else {
        if (id >= 0 && memo.lo(id) > lo) lo = memo.lo(id);
        ck = this.candidates(items, off, m, A, B);
        ckGuess = this.lastGuess;
        if (ck >= m * B) {
          // No other guess beats m·B: exact.
          this.remember(off, m, hash, m * perSecret2 - ck, m * perSecret2 - ck, ckGuess, tag);
          cost += m * perSecret2 - ck;
          continue;
        }
      }
      partOff[open] = off;
      partLen[open] = m;
      partKey[open] = ck;
      this.partGuess[open] = ckGuess;
      this.partHash[open] = hash;
      this.partState[open] = childState;
      this.partTag[open] = tag;
      partLo[open] = lo;
      openOrder[open] = open;
      open++;
      rest += lo;
    }
    this.openParts = open;
    this.openRest = rest;
    return cost;
  }

  /** Pass 2: the open parts, largest first, each under the budget the others leave; the guess's cost, or `best` when it cannot get below it. */
  private searchOpenParts(known: number, perSecret2: number, B: number, best: number): number {
    const open = this.openParts;
    const partOff = this.partOff;
    const partLen = this.partLen;
    const partKey = this.partKey;
    const partLo = this.partLo;
    const openOrder = this.openOrder;
    const items = this.items;
    let cost = known;
    let rest = this.openRest;
    for (let i = 1; i < open; i++) {
      const p = openOrder[i];
      const mp = partLen[p];
      let j = i - 1;
      for (; j >= 0 && partLen[openOrder[j]] < mp; j--) openOrder[j + 1] = openOrder[j];
      openOrder[j + 1] = p;
    }
    for (let i = 0; i < open; i++) {
      const p = openOrder[i];
      const m = partLen[p];
      const off = partOff[p];
      rest -= partLo[p];
      // The key must exceed this for the guess to stay under `best`.
      const thr = m * perSecret2 - (best - cost - rest);
      this.scanState = this.partState[p];
      const key = this.scan(items, off, m, B, partKey[p], this.partGuess[p], thr);
      if (key === CUT) {
        // No guess's key exceeds thr: the part costs at least m·perSecret2 − thr.
        this.remember(
          off,
          m,
          this.partHash[p],
          Math.max(partLo[p], m * perSecret2 - thr),
          m * perSecret2 - partKey[p],
          this.partGuess[p],
          this.partTag[p],
        );
        return best;
      }
      this.remember(
        off,
        m,
        this.partHash[p],
        m * perSecret2 - key,
        m * perSecret2 - key,
        this.lastGuess,
        this.partTag[p],
      );
      cost += m * perSecret2 - key;
      if (cost + rest >= best) return best;
    }
    return cost;
  }

  /**
   * The largest key over the part's candidates (each a guess naming a secret of it: hit = 1),
   * the first of them in set order; sets `lastGuess`. A candidate telling the part apart ends it.
   */
  private candidates(items: Uint16Array, off: number, m: number, A: number, B: number): number {
    const table = this.table;
    const cand = table.candidate;
    let best = -Infinity;
    let bestGuess = -1;
    for (let j = 0; j < m; j++) {
      const g = cand[items[off + j]];
      const k = table.groupsIn(g, items, off, m, 0);
      const key = k * B + A;
      if (key > best) {
        best = key;
        bestGuess = g;
        if (k === m) break;
      }
    }
    this.lastGuess = bestGuess;
    return best;
  }

  /**
   * The part's exact key: its candidates' best `start` (their first such guess `startGuess`), then every
   * other guess by groups on S (a guess cannot tell more apart in the part), stopping once none
   * left can beat the best; `CUT` once no guess left can exceed `thr` and none did. Sets
   * `lastGuess` to the first guess of the largest key.
   */
  private scan(
    items: Uint16Array,
    off: number,
    m: number,
    B: number,
    start: number,
    startGuess: number,
    thr: number,
  ): number {
    let best = start;
    let bestGuess = startGuess;
    const G = this.G;
    const table = this.table;
    const by = this.byGroups;
    const groupsOnS = table.groups;
    const hitIdx = table.hit;
    const inP = this.inP.marks;
    const pgen = this.inP.next();
    for (let q = 0; q < m; q++) inP[items[off + q]] = pgen;
    // Non-candidates: key = k·B; beating `best` needs k ≥ need.
    let need = B > 0 ? Math.floor(best / B) + 1 : Infinity;
    if (need > m) {
      this.lastGuess = bestGuess;
      return best;
    }
    for (let t = 0; t < G; t++) {
      const g = by[t];
      const kS = groupsOnS[g];
      const cap = Math.min(kS, m);
      if (cap < need) break;
      if (best <= thr && cap * B <= thr) return CUT;
      const h = hitIdx[g];
      if (h >= 0 && inP[h] === pgen) continue; // a candidate: done above
      if (this.rule && !this.allowed(this.scanState as S, g)) continue; // the rule forbids it
      const k = table.groupsIn(g, items, off, m, need);
      if (k >= need) {
        best = k * B;
        bestGuess = g;
        need = k + 1;
        if (need > m) break;
      }
    }
    if (best <= thr) return CUT;
    this.lastGuess = bestGuess;
    return best;
  }

  /**
   * The two-tries-left key of the part `items[off .. off + m)` (local indices, ascending): cached,
   * else its candidates, then the scan. `thr`: as in `scan` (−Infinity: no budget).
   */
  private partKey2(items: Uint16Array, off: number, m: number, t2: TwoLeftTerms, thr: number): number {
    const ck = this.candidates(items, off, m, t2.A, t2.B);
    if (ck >= m * t2.B) return ck;
    return this.scan(items, off, m, t2.B, ck, this.lastGuess, thr);
  }

  /** Store the interval [lo, hi] of the part `globals[off .. off + m)` (costs), hi being `guess`'s. */
  private remember(off: number, m: number, hash: number, lo: number, hi: number, guess: number, tag: string): void {
    const e = this.entry;
    e.lo = lo;
    e.hi = hi;
    e.guess = guess;
    this.memo.set(this.globals, off, m, this.num, tag, e, hash);
  }

  /** Whether `state` allows `guess` (hard mode). */
  private allowed(state: S, guess: number): boolean {
    return this.moves.allows?.(state, guess) ?? true;
  }

  /** The state after `guess` at `state` where `secret` is the answer (hard mode's groups). */
  private after(state: S, guess: number, secret: number): S {
    this.oneSecret[0] = secret;
    this.game.partitionCodes(guess, this.oneSecret, 1, this.oneCode);
    return this.moves.after(state, guess, this.oneCode[0]);
  }

  // Plans: built only for the result.

  /** A guess that splits the set into singletons: each non-solved one found on the next try. */
  private leafSplit(guess: number, set: Uint32Array, used: number, state: S): Solved {
    const v = this.objective.sizeBound(1, used + 1, state);
    return this.splitPlan(guess, set, used, state, (group) => ({
      cost: v,
      depth: 1,
      plan: leafPlan(this.game.guessOfSecret(group[0]), v),
    }));
  }

  /** The plan of a set (global ids) split by `guess`, each group given by `child`. */
  private splitPlan(
    guess: number,
    set: Uint32Array,
    used: number,
    state: S,
    child: (group: Uint32Array, code: number) => Solved,
  ): Solved {
    const n = set.length;
    const sp = this.partitioner.split(guess, set);
    let cost = n * this.objective.groupCost(0, 1, used, state);
    const outCodes: number[] = [];
    const parts: Solved[] = [];
    for (let k = 0; k < sp.codes.length; k++) {
      const c = sp.codes[k];
      if (c === this.game.solvedCode) continue;
      const v = child(sp.items.slice(sp.starts[k], sp.starts[k + 1]), c);
      cost += v.cost;
      outCodes.push(c);
      parts.push(v);
    }
    return joinPlan(guess, cost, Uint32Array.from(outCodes), parts);
  }

  /** The two-tries-left plan of `guess` at `set` (after `v` guesses): each group's last try. */
  private plan2(guess: number, set: Uint32Array, v: number, state: S, t2: TwoLeftTerms): Solved {
    return this.splitPlan(guess, set, v, state, (group) => {
      const c = t2.first + (group.length - 1) * t2.unsolved;
      return { cost: c, depth: 1, plan: leafPlan(this.game.guessOfSecret(group[0]), c) };
    });
  }

  /** The three-tries-left plan of `guess`: each reply group's best two-tries-left plan. */
  private plan3(guess: number, set: Uint32Array, used: number, state: S, t2: TwoLeftTerms): Solved {
    // Local indices of the node's set, for the parts' keys and guesses.
    const local = new Map<number, number>();
    const { n, set: S } = this.table;
    for (let i = 0; i < n; i++) local.set(S[i], i);
    const buf = new Uint16Array(n);
    return this.splitPlan(guess, set, used, state, (group, code) => {
      const m = group.length;
      if (m === 1) return { cost: t2.gc, depth: 1, plan: leafPlan(this.game.guessOfSecret(group[0]), t2.gc) };
      let g2: number;
      if (m === 2) g2 = this.game.guessOfSecret(group[0]);
      else {
        // Found again here rather than read from the memo: among guesses of one value the
        // plan plays the first in this node's scan order, and the memo's guess may come from
        // another node's order.
        for (let q = 0; q < m; q++) buf[q] = local.get(group[q]) as number;
        this.scanState = this.rule ? this.moves.after(state, guess, code) : state;
        this.partKey2(buf, 0, m, t2, -Infinity);
        g2 = this.lastGuess;
      }
      return this.plan2(g2, group, used + 1, state, t2);
    });
  }
}
