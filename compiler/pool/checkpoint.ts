/**
 * Checkpoints of a long compile: each finished batch of reply groups is saved as its own file
 * (written atomically) in the checkpoint folder, with a fingerprint of everything the batch
 * depends on. `--resume` reloads the batches whose fingerprint matches and solves only the
 * rest; since every group's solution is a pure function of the group, the tree is the same.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pack } from 'msgpackr/pack';
import { unpack } from 'msgpackr/unpack';
import { writeFileAtomic } from '../../runtime/atomic-write.js';
import { fail } from '../../runtime/errors.js';
import type { TreeArrays } from '../../runtime/tree-format.js';
import type { SolvedSet } from './messages.js';

export interface CheckpointOptions {
  readonly dir: string;
  readonly resume: boolean;
}

export function fingerprint(parts: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(parts, (_k, v: unknown) => (ArrayBuffer.isView(v) ? Array.from(v as Uint32Array) : v)))
    .digest('hex');
}

const bytesOf = (a: Uint32Array): Uint8Array => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
// A copy into a fresh buffer: msgpackr may hand out views into a larger shared buffer.
const arrayOf = (b: Uint8Array): Uint32Array => {
  const copy = new Uint8Array(b.byteLength);
  copy.set(b);
  return new Uint32Array(copy.buffer);
};

function batchFile(dir: string, prefix: string, index: number): string {
  return join(dir, `${prefix}batch-${String(index).padStart(6, '0')}.bin`);
}

export class Checkpoint {
  private readonly dir: string;
  private readonly print: string;
  private readonly prefix: string;

  /** `prefix` tells apart the phases of one compile (the pilot's batches from the full search's). */
  constructor(opts: CheckpointOptions, print: string, prefix = '') {
    this.dir = opts.dir;
    this.print = print;
    this.prefix = prefix;
    if (!existsSync(opts.dir)) mkdirSync(opts.dir, { recursive: true });
    if (!opts.resume) {
      const own = new RegExp(`^${prefix}batch-\\d+\\.bin$`);
      const stale = readdirSync(opts.dir).filter((f) => own.test(f));
      if (stale.length > 0) {
        throw fail(
          'usage',
          `${opts.dir}: holds ${stale.length} checkpoint files of an earlier compile; pass --resume to use them or choose an empty folder`,
        );
      }
    }
  }

  save(index: number, results: ReadonlyArray<SolvedSet | null>): void {
    const body = pack({
      fingerprint: this.print,
      index,
      results: results.map((r) =>
        r === null
          ? null
          : {
              cost: r.cost,
              depth: r.depth,
              guess: bytesOf(r.tree.guess),
              edgeStart: bytesOf(r.tree.edgeStart),
              edgeCode: bytesOf(r.tree.edgeCode),
              edgeChild: bytesOf(r.tree.edgeChild),
            },
      ),
    });
    writeFileAtomic(batchFile(this.dir, this.prefix, index), body);
  }

  /** Save one root candidate's outcome (budgeted root): its exact tree, or the least key proven for it. */
  saveOutcome(index: number, outcome: { readonly tree: SolvedSet } | { readonly atLeast: number }): void {
    if ('tree' in outcome) this.save(index, [outcome.tree]);
    else
      writeFileAtomic(
        batchFile(this.dir, this.prefix, index),
        pack({ fingerprint: this.print, index, atLeast: outcome.atLeast, results: [] }),
      );
  }

  /** A root candidate's saved outcome, or null when absent or from another compile. */
  loadOutcome(index: number): { readonly tree: SolvedSet } | { readonly atLeast: number } | null {
    const path = batchFile(this.dir, this.prefix, index);
    if (!existsSync(path)) return null;
    try {
      const data = unpack(readFileSync(path)) as {
        fingerprint: string;
        index: number;
        atLeast?: number;
        results: unknown[];
      };
      if (data.fingerprint !== this.print || data.index !== index) return null;
      if (typeof data.atLeast === 'number') return { atLeast: data.atLeast };
    } catch {
      return null;
    }
    const results = this.load(index, 1);
    return results?.[0] ? { tree: results[0] } : null;
  }

  /** Save a module task's value (plain data) under its index. */
  saveValue(index: number, value: unknown): void {
    writeFileAtomic(batchFile(this.dir, this.prefix, index), pack({ fingerprint: this.print, index, value }));
  }

  /** A module task's saved value, or undefined when absent, damaged or from another compile. */
  loadValue(index: number): unknown {
    const path = batchFile(this.dir, this.prefix, index);
    if (!existsSync(path)) return undefined;
    try {
      const data = unpack(readFileSync(path)) as { fingerprint: string; index: number; value?: unknown };
      return data.fingerprint === this.print && data.index === index ? data.value : undefined;
    } catch {
      return undefined;
    }
  }

  /** The saved results of a batch, or null when absent or from another compile. */
  load(index: number, expectedSets: number): Array<SolvedSet | null> | null {
    const path = batchFile(this.dir, this.prefix, index);
    if (!existsSync(path)) return null;
    try {
      const data = unpack(readFileSync(path)) as {
        fingerprint: string;
        index: number;
        results: Array<{
          cost: number;
          depth: number;
          guess: Uint8Array;
          edgeStart: Uint8Array;
          edgeCode: Uint8Array;
          edgeChild: Uint8Array;
        } | null>;
      };
      if (data.fingerprint !== this.print || data.index !== index || data.results.length !== expectedSets) return null;
      return data.results.map((r) => {
        if (r === null) return null;
        const tree: TreeArrays = {
          guess: arrayOf(r.guess),
          edgeStart: arrayOf(r.edgeStart),
          edgeCode: arrayOf(r.edgeCode),
          edgeChild: arrayOf(r.edgeChild),
        };
        return { cost: r.cost, depth: r.depth, tree };
      });
    } catch {
      return null; // a damaged checkpoint is solved again
    }
  }
}
