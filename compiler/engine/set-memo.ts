/**
 * The one set memo: entries keyed by a set of secrets (ascending or in any fixed order) and a
 * tag (what else the value depends on: guesses left as a small integer, a guess rule's state
 * as a string). Keys are 52-bit hashes of the set and tag; each entry keeps its set and tag,
 * so a hash collision is a miss, never another set's value. A set is given as a range of a
 * buffer (`buf[off .. off + n)`), so a reply group is looked up where it lies, without a view.
 *
 * Memory is bounded by `maxEntries` and `maxBytes` (an estimate: a fixed cost per entry and the
 * set's copy) in two generations of half as much each: when the current one is full it becomes
 * the old one (the older is dropped) and a fresh one starts; an entry found in the old
 * generation moves to the current one. Recently used sets stay; only speed depends on it.
 */

/** A memo entry's own cost in bytes besides its set (slot, map entry, the entry and a plan node): an estimate. */
const ENTRY_BYTES = 256;

interface Slot<E> {
  readonly set: Uint32Array;
  readonly num: number;
  readonly tag: string;
  entry: E;
  next: Slot<E> | null;
}

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
    const v = buf[i] as number;
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

function sameRange(s: Uint32Array, buf: Uint32Array, off: number, n: number): boolean {
  if (s.length !== n) return false;
  for (let i = 0; i < n; i++) if (s[i] !== buf[off + i]) return false;
  return true;
}

export class SetMemo<E> {
  private current = new Map<number, Slot<E>>();
  private old = new Map<number, Slot<E>>();
  private entries = 0;
  private oldEntries = 0;
  readonly maxEntries: number;
  private readonly perGeneration: number;
  private readonly bytesPerGeneration: number;
  private bytes = 0;

  constructor(maxEntries = Infinity, maxBytes = Infinity) {
    this.maxEntries = maxEntries;
    this.perGeneration = Math.max(1, Math.ceil(maxEntries / 2));
    this.bytesPerGeneration = maxBytes / 2;
  }

  get size(): number {
    return this.entries + this.oldEntries;
  }

  private static find<E>(map: Map<number, Slot<E>>, hash: number, buf: Uint32Array, off: number, n: number, num: number, tag: string): Slot<E> | null {
    for (let s = map.get(hash) ?? null; s; s = s.next) if (s.num === num && s.tag === tag && sameRange(s.set, buf, off, n)) return s;
    return null;
  }

  /** The entry of the set `buf[off .. off + n)` with tag (num, tag), or undefined. */
  get(buf: Uint32Array, off: number, n: number, num: number, tag: string, hash = rangeHash(buf, off, n, num, tag)): E | undefined {
    const s = SetMemo.find(this.current, hash, buf, off, n, num, tag);
    if (s) return s.entry;
    if (this.oldEntries === 0) return undefined;
    const o = SetMemo.find(this.old, hash, buf, off, n, num, tag);
    if (!o) return undefined;
    this.insert(hash, o.set, num, tag, o.entry);
    return o.entry;
  }

  /** Store (or replace) the entry of a set; the set is copied. */
  set(buf: Uint32Array, off: number, n: number, num: number, tag: string, entry: E, hash = rangeHash(buf, off, n, num, tag)): void {
    const s = SetMemo.find(this.current, hash, buf, off, n, num, tag);
    if (s) {
      s.entry = entry;
      return;
    }
    this.insert(hash, buf.slice(off, off + n), num, tag, entry);
  }

  private insert(hash: number, own: Uint32Array, num: number, tag: string, entry: E): void {
    if (this.entries >= this.perGeneration || this.bytes >= this.bytesPerGeneration) {
      this.old = this.current;
      this.oldEntries = this.entries;
      this.current = new Map();
      this.entries = 0;
      this.bytes = 0;
    }
    this.current.set(hash, { set: own, num, tag, entry, next: this.current.get(hash) ?? null });
    this.entries++;
    this.bytes += ENTRY_BYTES + 4 * own.length + 2 * tag.length;
  }

  clear(): void {
    this.current.clear();
    this.old.clear();
    this.entries = 0;
    this.oldEntries = 0;
    this.bytes = 0;
  }
}
