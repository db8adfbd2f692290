/**
 * The one set memo: entries keyed by a set of secrets (ascending or in any fixed order) and a
 * tag (what else the value depends on: guesses left, a guess rule's state). Keys are 52-bit
 * hashes of the set; each entry keeps its set and tag, so a hash collision is a miss, never
 * another set's value. At `maxEntries` the memo starts again (a bound on memory; only speed
 * depends on it).
 */

interface Slot<E> {
  readonly set: Uint32Array;
  readonly tag: string;
  entry: E;
  next: Slot<E> | null;
}

/** Two 32-bit hashes of the set and tag, combined into one exact integer below 2^52. */
export function setHash(set: Uint32Array, tag: string): number {
  let h1 = Math.imul(0x811c9dc5 ^ set.length, 0x01000193);
  let h2 = 0x9e3779b9 ^ Math.imul(set.length + 1, 0x27d4eb2d);
  for (let i = 0; i < tag.length; i++) {
    const c = tag.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 + c, 0x85ebca6b) ^ (h2 >>> 13);
  }
  for (let i = 0; i < set.length; i++) {
    const v = set[i] as number;
    h1 = Math.imul(h1 ^ v, 0x01000193);
    h2 = Math.imul(h2 + v, 0x85ebca6b) ^ (h2 >>> 13);
  }
  h1 ^= h1 >>> 15;
  h2 = Math.imul(h2 ^ (h2 >>> 16), 0xc2b2ae35);
  return (h1 >>> 0) * 1048576 + ((h2 >>> 0) & 0xfffff);
}

function sameSet(a: Uint32Array, b: Uint32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export class SetMemo<E> {
  private readonly map = new Map<number, Slot<E>>();
  private entries = 0;
  readonly maxEntries: number;

  constructor(maxEntries = Infinity) {
    this.maxEntries = maxEntries;
  }

  get size(): number {
    return this.entries;
  }

  get(set: Uint32Array, tag: string, hash = setHash(set, tag)): E | undefined {
    for (let s: Slot<E> | null = this.map.get(hash) ?? null; s; s = s.next) if (s.tag === tag && sameSet(s.set, set)) return s.entry;
    return undefined;
  }

  /** Store (or replace) the entry of a set; the set is copied when it is a view into a larger buffer. */
  set(set: Uint32Array, tag: string, entry: E, hash = setHash(set, tag)): void {
    for (let s: Slot<E> | null = this.map.get(hash) ?? null; s; s = s.next) {
      if (s.tag === tag && sameSet(s.set, set)) {
        s.entry = entry;
        return;
      }
    }
    if (this.entries >= this.maxEntries) this.clear();
    const own = set.byteOffset === 0 && set.buffer.byteLength === set.byteLength ? set : set.slice();
    this.map.set(hash, { set: own, tag, entry, next: this.map.get(hash) ?? null });
    this.entries++;
  }

  /** Forget one set's entry. */
  delete(set: Uint32Array, tag: string, hash = setHash(set, tag)): void {
    let prev: Slot<E> | null = null;
    for (let s = this.map.get(hash) ?? null; s; prev = s, s = s.next) {
      if (s.tag === tag && sameSet(s.set, set)) {
        if (prev) prev.next = s.next;
        else if (s.next) this.map.set(hash, s.next);
        else this.map.delete(hash);
        this.entries--;
        return;
      }
    }
  }

  clear(): void {
    this.map.clear();
    this.entries = 0;
  }
}
