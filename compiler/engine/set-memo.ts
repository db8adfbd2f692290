/**
 * The one set memo: entries keyed by a set of secrets (ascending or in any fixed order) and a
 * tag (what else the value depends on: guesses left as a small integer, a guess rule's state
 * as a string). Keys are 52-bit hashes of the set and tag; each entry keeps its set and tag,
 * so a hash collision is a miss, never another set's value. A set is given as a range of a
 * buffer (`buf[off .. off + n)`), so a reply group is looked up where it lies, without a view.
 *
 * An entry is a proven interval [lo, hi] of the set's value (lo a proven lower bound, hi the
 * value of a known tree, Infinity when none is known; exact when lo === hi), the first guess of
 * that tree (−1: none) and an optional payload object (the tree itself, null for most entries).
 * Storage is flat: each generation keeps its sets end to end in arena pages, its hashes, tag
 * numbers, sizes and values in pages of typed arrays and its slots in one open-addressing
 * table, so an entry costs a few dozen bytes besides its set (no object of its own, no typed
 * array per set), and growing never copies what is stored (only the slot table is rebuilt).
 * An entry is named by an id that holds until the next store (a store may start a new
 * generation).
 *
 * Memory is bounded by `maxEntries` and `maxBytes` (an estimate: a fixed cost per entry and the
 * set's copy) in two generations of half as much each: when the current one is full it becomes
 * the old one (the older is dropped) and a fresh one starts; an entry found in the old
 * generation moves to the current one. Recently used sets stay; only speed depends on it.
 */

/**
 * An entry's cost in bytes besides its set, as the byte bound counts it: a fixed estimate (its
 * slot, its fields and a plan node), so a given `maxBytes` keeps the same entries on every machine.
 */
const ENTRY_BYTES = 256;

/** Two 32-bit hashes of the set and tag, combined into one exact integer below 2^52. */
export function rangeHash(buf: Uint32Array, off: number, n: number, num: number, tag: string): number {
  let h1 = Math.imul(0x811c9dc5 ^ n, 0x01000193) ^ num;
  let h2 = 0x9e3779b9 ^ Math.imul(n + 1 + num * 977, 0x27d4eb2d);
  for (let i = 0; i < tag.length; i++) {
    const c = tag.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 + c, 0x85ebca6b) ^ (h2 >>> 13);
  }
  const end = off + n;
  for (let i = off; i < end; i++) {
    const v = buf[i];
    h1 = Math.imul(h1 ^ v, 0x01000193);
    h2 = Math.imul(h2 + v, 0x85ebca6b) ^ (h2 >>> 13);
  }
  h1 ^= h1 >>> 15;
  h2 = Math.imul(h2 ^ (h2 >>> 16), 0xc2b2ae35);
  return (h1 >>> 0) * 1048576 + ((h2 >>> 0) & 0xfffff);
}

/** The hash of a whole set with a string tag (as the memo keys it with tag number 0). */
export function setHash(set: Uint32Array, tag: string): number {
  return rangeHash(set, 0, set.length, 0, tag);
}

/** Entries per page of the per-entry arrays (pages are never copied: a generation grows by pages). */
const PAGE_BITS = 14;
const PAGE_SIZE = 1 << PAGE_BITS;
const PAGE_MASK = PAGE_SIZE - 1;
/** Set elements per arena page; a larger set gets a page of its own. A set's place is page · ARENA_PAGE + offset. */
const ARENA_BITS = 18;
const ARENA_PAGE = 1 << ARENA_BITS;
/** Slots of a fresh generation's table (kept at most half full). */
const INITIAL_SLOTS = 1 << 12;

/**
 * One generation: entry i's fields in pages of typed arrays (page i >> PAGE_BITS, index
 * i & PAGE_MASK), its set in an arena page, its payload (when any) in one list. Growing adds
 * pages; only the slot table is rebuilt (doubled) as entries come.
 */
class Generation<P> {
  count = 0;
  /** Estimated bytes (ENTRY_BYTES per entry plus its set and tag). */
  bytes = 0;
  private readonly hashes: Float64Array[] = [];
  private readonly nums: Int32Array[] = [];
  private readonly tagIds: Int32Array[] = [];
  /** Where the set lies (arena page · ARENA_PAGE + offset) and its size. */
  private readonly places: Uint32Array[] = [];
  private readonly sizes: Uint32Array[] = [];
  /** The entry's interval [lo, hi], its tree's first guess, and its payload's index in `payloadList` (-1: none). */
  private readonly los: Float64Array[] = [];
  private readonly his: Float64Array[] = [];
  private readonly guesses: Int32Array[] = [];
  private readonly payloadAt: Int32Array[] = [];
  private readonly payloadList: P[] = [];
  private readonly arena: Uint32Array[] = [];
  /** Elements used in the last arena page. */
  private arenaUsed = ARENA_PAGE;
  /** Tags as small numbers, per generation. */
  private readonly tagNumbers = new Map<string, number>();
  /** Open addressing, linear probing: entry id + 1, 0 when free; at most half full. */
  private slots = new Int32Array(INITIAL_SLOTS);
  private mask = INITIAL_SLOTS - 1;

  /** The number of a tag in this generation, or -1 when it has none (no entry has the tag). */
  tagNumber(tag: string): number {
    return this.tagNumbers.get(tag) ?? -1;
  }

  find(hash: number, buf: Uint32Array, off: number, n: number, num: number, tag: string): number {
    const t = this.tagNumber(tag);
    if (t < 0) return -1;
    const { slots, mask, hashes } = this;
    for (let i = (hash >>> 0) & mask; ; i = (i + 1) & mask) {
      const s = slots[i];
      if (s === 0) return -1;
      const id = s - 1;
      const page = id >>> PAGE_BITS;
      const k = id & PAGE_MASK;
      if (hashes[page][k] !== hash) continue;
      if (this.nums[page][k] !== num || this.sizes[page][k] !== n || this.tagIds[page][k] !== t) continue;
      const place = this.places[page][k];
      const a = this.arena[place >>> ARENA_BITS];
      const from = place & (ARENA_PAGE - 1);
      let same = true;
      for (let j = 0; j < n; j++) {
        if (a[from + j] !== buf[off + j]) {
          same = false;
          break;
        }
      }
      if (same) return id;
    }
  }

  /** Entry id's set as a view of its arena page (for moving it to another generation). */
  setOf(id: number): Uint32Array {
    const page = id >>> PAGE_BITS;
    const k = id & PAGE_MASK;
    const place = this.places[page][k];
    const from = place & (ARENA_PAGE - 1);
    return this.arena[place >>> ARENA_BITS].subarray(from, from + this.sizes[page][k]);
  }

  lo(id: number): number {
    return this.los[id >>> PAGE_BITS][id & PAGE_MASK];
  }

  hi(id: number): number {
    return this.his[id >>> PAGE_BITS][id & PAGE_MASK];
  }

  guess(id: number): number {
    return this.guesses[id >>> PAGE_BITS][id & PAGE_MASK];
  }

  payload(id: number): P | null {
    const at = this.payloadAt[id >>> PAGE_BITS][id & PAGE_MASK];
    return at < 0 ? null : (this.payloadList[at] as P);
  }

  /** Replace entry id's interval, guess and payload. */
  update(id: number, v: Interval<P>): void {
    const page = id >>> PAGE_BITS;
    const k = id & PAGE_MASK;
    this.los[page][k] = v.lo;
    this.his[page][k] = v.hi;
    this.guesses[page][k] = v.guess;
    const payload = v.payload;
    const pa = this.payloadAt[page];
    const at = pa[k];
    if (payload === null) pa[k] = -1;
    else if (at >= 0) this.payloadList[at] = payload;
    else {
      pa[k] = this.payloadList.length;
      this.payloadList.push(payload);
    }
  }

  add(hash: number, buf: Uint32Array, off: number, n: number, num: number, tag: string, v: Interval<P>): number {
    const id = this.count;
    const page = id >>> PAGE_BITS;
    const k = id & PAGE_MASK;
    if (k === 0) {
      this.hashes.push(new Float64Array(PAGE_SIZE));
      this.nums.push(new Int32Array(PAGE_SIZE));
      this.tagIds.push(new Int32Array(PAGE_SIZE));
      this.places.push(new Uint32Array(PAGE_SIZE));
      this.sizes.push(new Uint32Array(PAGE_SIZE));
      this.los.push(new Float64Array(PAGE_SIZE));
      this.his.push(new Float64Array(PAGE_SIZE));
      this.guesses.push(new Int32Array(PAGE_SIZE));
      this.payloadAt.push(new Int32Array(PAGE_SIZE));
    }
    if (2 * (id + 1) > this.slots.length) this.growSlots();
    let t = this.tagNumbers.get(tag);
    if (t === undefined) {
      t = this.tagNumbers.size;
      this.tagNumbers.set(tag, t);
    }
    let place: number;
    if (n > ARENA_PAGE) {
      // A page of its own; the next set starts a fresh page.
      place = this.arena.length * ARENA_PAGE;
      this.arena.push(buf.slice(off, off + n));
      this.arenaUsed = ARENA_PAGE;
    } else {
      if (this.arenaUsed + n > ARENA_PAGE) {
        this.arena.push(new Uint32Array(ARENA_PAGE));
        this.arenaUsed = 0;
      }
      place = (this.arena.length - 1) * ARENA_PAGE + this.arenaUsed;
      this.arena[this.arena.length - 1].set(buf.subarray(off, off + n), this.arenaUsed);
      this.arenaUsed += n;
    }
    this.count++;
    this.hashes[page][k] = hash;
    this.nums[page][k] = num;
    this.tagIds[page][k] = t;
    this.places[page][k] = place;
    this.sizes[page][k] = n;
    this.payloadAt[page][k] = -1;
    this.update(id, v);
    this.place(id, hash);
    this.bytes += ENTRY_BYTES + 4 * n + 2 * tag.length;
    return id;
  }

  private place(id: number, hash: number): void {
    const { slots, mask } = this;
    let i = (hash >>> 0) & mask;
    while (slots[i] !== 0) i = (i + 1) & mask;
    slots[i] = id + 1;
  }

  private growSlots(): void {
    const size = 2 * this.slots.length;
    this.slots = new Int32Array(size);
    this.mask = size - 1;
    for (let id = 0; id < this.count; id++) this.place(id, this.hashes[id >>> PAGE_BITS][id & PAGE_MASK]);
  }
}

/** What an entry holds: [lo, hi] (hi Infinity when no tree is known), the known tree's first guess (−1: none), the tree (or null). */
export interface Interval<P> {
  lo: number;
  hi: number;
  guess: number;
  payload: P | null;
}

export class SetMemo<P> {
  private current = new Generation<P>();
  private old = new Generation<P>();
  readonly maxEntries: number;
  private readonly perGeneration: number;
  private readonly bytesPerGeneration: number;

  constructor(maxEntries = Infinity, maxBytes = Infinity) {
    this.maxEntries = maxEntries;
    this.perGeneration = Math.max(1, Math.ceil(maxEntries / 2));
    this.bytesPerGeneration = maxBytes / 2;
  }

  get size(): number {
    return this.current.count + this.old.count;
  }

  /**
   * The id of the entry of the set `buf[off .. off + n)` with tag (num, tag), or -1; read it
   * with `lo`, `hi`, `guess` and `payload` before the next store.
   */
  find(
    buf: Uint32Array,
    off: number,
    n: number,
    num: number,
    tag: string,
    hash = rangeHash(buf, off, n, num, tag),
  ): number {
    const id = this.current.find(hash, buf, off, n, num, tag);
    if (id >= 0 || this.old.count === 0) return id;
    const o = this.old;
    const j = o.find(hash, buf, off, n, num, tag);
    if (j < 0) return -1;
    return this.insert(hash, o.setOf(j), 0, n, num, tag, {
      lo: o.lo(j),
      hi: o.hi(j),
      guess: o.guess(j),
      payload: o.payload(j),
    });
  }

  /** Entry id's proven lower bound. */
  lo(id: number): number {
    return this.current.lo(id);
  }

  /** The value of entry id's known tree (Infinity: none known). */
  hi(id: number): number {
    return this.current.hi(id);
  }

  /** The first guess of entry id's known tree (−1: none known). */
  guess(id: number): number {
    return this.current.guess(id);
  }

  payload(id: number): P | null {
    return this.current.payload(id);
  }

  /** Replace entry id's interval, guess and payload (`v`'s fields are read); id stays its id. */
  update(id: number, v: Interval<P>): void {
    this.current.update(id, v);
  }

  /** Store (or replace) the entry of a set; the set is copied, `v`'s fields are read. */
  set(
    buf: Uint32Array,
    off: number,
    n: number,
    num: number,
    tag: string,
    v: Interval<P>,
    hash = rangeHash(buf, off, n, num, tag),
  ): void {
    const c = this.current;
    const id = c.find(hash, buf, off, n, num, tag);
    if (id >= 0) c.update(id, v);
    else this.insert(hash, buf, off, n, num, tag, v);
  }

  private insert(
    hash: number,
    buf: Uint32Array,
    off: number,
    n: number,
    num: number,
    tag: string,
    v: Interval<P>,
  ): number {
    if (this.current.count >= this.perGeneration || this.current.bytes >= this.bytesPerGeneration) {
      this.old = this.current;
      this.current = new Generation<P>();
    }
    return this.current.add(hash, buf, off, n, num, tag, v);
  }

  clear(): void {
    this.current = new Generation<P>();
    this.old = new Generation<P>();
  }
}
