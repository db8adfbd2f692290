/**
 * Generation stamps: marking a slot costs one store and forgetting every mark costs one
 * increment. `marks[i] === gen` means slot i is marked in the current generation; the array
 * is zeroed only when the counter would overflow.
 */
const STAMP_MAX = 0x7fffffff;

export class Stamps {
  readonly marks: Int32Array;
  private gen = 0;

  /** `generations`: how many `next` gives before the marks are zeroed and it starts again at 1 (tests lower it). */
  constructor(
    size: number,
    private readonly generations = STAMP_MAX,
  ) {
    this.marks = new Int32Array(size);
  }

  /** A fresh generation: no slot is marked in it. */
  next(): number {
    if (this.gen >= this.generations - 1) {
      this.marks.fill(0);
      this.gen = 0;
    }
    return ++this.gen;
  }
}
