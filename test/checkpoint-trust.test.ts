/**
 * Checkpoints read back are checked, never trusted: a batch file that is damaged (a bit flipped,
 * truncated, bytes added), of another compile or of an older format is solved again with one
 * note, so `--resume` gives the clean compile's bytes; a folder of another compile or of an older
 * guesstree is refused in one line naming its checkpoint.json (status 4). Random damage is a
 * fast-check property, in process on the Checkpoint class and through the CLI.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Checkpoint,
  CHECKPOINT_INFO_FILE,
  encodeCheckpointFile,
  openCheckpointFolder,
  type CheckpointIdentity,
} from '../compiler/pool/checkpoint.js';
import type { SolvedSet } from '../compiler/pool/messages.js';
import { cli, lines, removeDir, tempDir } from './support/e2e.js';

let dir: string;
beforeAll(() => {
  dir = tempDir('checkpoint-trust');
});
afterAll(() => removeDir(dir));

const IDENTITY: CheckpointIdentity = {
  game: 'mastermind',
  params: { pegs: 3, colors: 3 },
  lists: [],
  effort: 'default',
  options: {},
  tool: '0.0.0-test',
};

/** A solved set whose tree is a root with two children. */
function solvedSet(seed: number): SolvedSet {
  return {
    cost: 3 + seed,
    depth: 2,
    tree: {
      guess: Uint32Array.of(seed, seed + 1, seed + 2),
      edgeStart: Uint32Array.of(0, 2, 2, 2),
      edgeCode: Uint32Array.of(1, 4),
      edgeChild: Uint32Array.of(1, 2),
    },
  };
}

type Damage = { kind: 'flip'; at: number; bit: number } | { kind: 'cut'; at: number } | { kind: 'add'; byte: number };

function damaged(bytes: Buffer, damages: readonly Damage[]): Buffer {
  let b = Buffer.from(bytes);
  for (const d of damages) {
    if (d.kind === 'flip') b[d.at % b.length] = (b[d.at % b.length] as number) ^ (1 << d.bit);
    else if (d.kind === 'cut') b = b.subarray(0, d.at % b.length);
    else b = Buffer.concat([b, Buffer.of(d.byte)]);
  }
  return b;
}

const damageArb: fc.Arbitrary<Damage[]> = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), bit: fc.integer({ min: 0, max: 7 }) }),
    fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
    fc.record({ kind: fc.constant('add' as const), byte: fc.integer({ min: 0, max: 255 }) }),
  ),
  { minLength: 1, maxLength: 4 },
);

describe('a checkpoint file read back', () => {
  it('random flips, truncations and additions give the saved results or a note and null, never others', () => {
    const ck = join(dir, 'unit');
    const notes: string[] = [];
    const opts = {
      ...openCheckpointFolder(IDENTITY, { dir: ck, resume: false, note: () => {} }),
      note: (l: string) => notes.push(l),
    };
    const writer = new Checkpoint(opts, 'split');
    const saved = [solvedSet(0), null, solvedSet(7)];
    writer.save(0, saved);
    writer.saveValue(1, { proven: 6, guesses: [1, 2, 3] });
    writer.saveOutcome(2, { atLeast: 4321 });
    const files = [0, 1, 2].map((i) => join(ck, `batch-00000${i}.bin`));
    const clean = files.map((f) => readFileSync(f));
    const reader = new Checkpoint({ ...opts, resume: true }, 'split');
    expect(reader.load(0, 3)).toEqual(saved);
    expect(reader.loadValue(1)).toEqual({ proven: 6, guesses: [1, 2, 3] });
    expect(reader.loadOutcome(2)).toEqual({ atLeast: 4321 });
    expect(notes).toEqual([]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 }), damageArb, (which, damages) => {
        const bytes = damaged(clean[which] as Buffer, damages);
        fc.pre(!bytes.equals(clean[which] as Buffer));
        writeFileSync(files[which] as string, bytes);
        notes.length = 0;
        const got = which === 0 ? reader.load(0, 3) : which === 1 ? reader.loadValue(1) : reader.loadOutcome(2);
        writeFileSync(files[which] as string, clean[which] as Buffer);
        expect(got ?? null).toBeNull();
        expect(notes).toHaveLength(1);
        expect(notes[0]).toMatch(/^guesstree: note: .*batch-00000\d\.bin: .*; solving it again$/);
      }),
      { numRuns: 400, seed: 20_451 },
    );
  });

  it('a batch of another compile, another phase or the old format is solved again, with a note', () => {
    const ck = join(dir, 'foreign');
    const notes: string[] = [];
    const note = (l: string): void => {
      notes.push(l);
    };
    const mine = openCheckpointFolder(IDENTITY, { dir: ck, resume: false, note });
    new Checkpoint(mine, 'split').save(0, [solvedSet(1)]);
    const other = { ...mine, identity: 'another compile' };
    expect(new Checkpoint({ ...other, resume: true }, 'split').load(0, 1)).toBeNull();
    expect(new Checkpoint({ ...mine, resume: true }, 'pilot').load(0, 1)).toBeNull();
    expect(new Checkpoint({ ...mine, resume: true }, 'split').load(0, 2)).toBeNull();
    expect(notes).toHaveLength(3);
    expect(notes[0]).toMatch(/batch-000000\.bin: from another compile/);
    expect(notes[2]).toMatch(/batch-000000\.bin: holds 1 results, this batch has 2 sets; solving it again$/);
    // A body of the right checksum that is not a tree (a forged file) is not used either.
    const forged = encodeCheckpointFile(Buffer.from('not msgpack of a batch'));
    writeFileSync(join(ck, 'batch-000003.bin'), forged);
    notes.length = 0;
    expect(new Checkpoint({ ...mine, resume: true }, 'split').load(3, 1)).toBeNull();
    expect(notes).toHaveLength(1);
  });

  it('the folder: another compile or a folder without its record is refused with --resume; a damaged record is rewritten', () => {
    const ck = join(dir, 'folder');
    const opts = openCheckpointFolder(IDENTITY, { dir: ck, resume: false, note: () => {} });
    new Checkpoint(opts, '').save(0, [solvedSet(2)]);
    expect(() => openCheckpointFolder(IDENTITY, { dir: ck, resume: false, note: () => {} })).toThrow(/pass --resume/);
    expect(() =>
      openCheckpointFolder({ ...IDENTITY, effort: 'quick' }, { dir: ck, resume: true, note: () => {} }),
    ).toThrow(/checkpoint\.json: the checkpoint of another compile \(effort default there, effort quick here\)/);
    const info = join(ck, CHECKPOINT_INFO_FILE);
    const text = readFileSync(info, 'utf8');
    writeFileSync(info, text.replace('"pegs": 3', '"pegs": 4'));
    const notes: string[] = [];
    const reopened = openCheckpointFolder(IDENTITY, { dir: ck, resume: true, note: (l) => notes.push(l) });
    expect(notes).toEqual([
      `guesstree: note: ${info}: damaged (its checksum does not match); written again, and each checkpoint file is checked on its own`,
    ]);
    expect(readFileSync(info, 'utf8')).toBe(text);
    expect(new Checkpoint(reopened, '').load(0, 1)).toEqual([solvedSet(2)]);
    rmSync(info);
    expect(() => openCheckpointFolder(IDENTITY, { dir: ck, resume: true, note: () => {} })).toThrow(
      /checkpoint\.json: missing, so the 1 checkpoint files in .* cannot be checked/,
    );
  });
});

describe('--resume from a damaged checkpoint folder (the CLI)', () => {
  const ARGS = ['compile', '--game', 'lingo', '--len', '4', '--effort', 'quick', '--workers', '1'];
  let trees: string;
  let ck: string;
  let clean: Buffer;
  let names: string[];

  beforeAll(async () => {
    trees = join(dir, 'trees');
    mkdirSync(trees);
    ck = join(dir, 'cli-ck');
    const first = await cli([...ARGS, '--checkpoint', ck, '--out', join(dir, 'clean.gtree')], { trees });
    expect(first.code, first.stderr).toBe(0);
    clean = readFileSync(join(dir, 'clean.gtree'));
    names = readdirSync(ck).sort();
    expect(names.filter((f) => f.endsWith('.bin')).length).toBeGreaterThanOrEqual(3);
  }, 60_000);

  it('random damage to its files: status 0 and the clean bytes, a note per damaged file, never a stack', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.nat(), { minLength: 1, maxLength: 3 }),
        fc.array(damageArb, { minLength: 3, maxLength: 3 }),
        async (picks, damages) => {
          const copy = join(dir, `cli-ck-${run++}`);
          mkdirSync(copy);
          for (const f of names) copyFileSync(join(ck, f), join(copy, f));
          const hit = [...new Set(picks.map((p) => names[p % names.length] as string))];
          hit.forEach((f, i) => {
            writeFileSync(join(copy, f), damaged(readFileSync(join(ck, f)), damages[i] as Damage[]));
          });
          const out = join(dir, `resumed-${run}.gtree`);
          const r = await cli([...ARGS, '--checkpoint', copy, '--resume', '--out', out], { trees });
          expect(r.stderr).not.toMatch(/\n\s+at |internal error/);
          expect(r.code, r.stderr).toBe(0);
          expect(readFileSync(out).equals(clean)).toBe(true);
          for (const l of lines(r.stderr)) {
            expect(l).toMatch(/^guesstree: note: /);
            expect(hit.some((f) => l.includes(join(copy, f)))).toBe(true);
          }
          // Each damaged batch file was solved again and saved afresh.
          for (const f of names.filter((n) => n.endsWith('.bin')))
            expect(readFileSync(join(copy, f)).equals(readFileSync(join(ck, f))), f).toBe(true);
        },
      ),
      { numRuns: 5, seed: 45 },
    );
  }, 120_000);

  it('a folder of another compile: one line naming its checkpoint.json, status 4, nothing written', async () => {
    const out = join(dir, 'other.gtree');
    const r = await cli(
      ['compile', '--game', 'lingo', '--len', '4', '--effort', 'greedy', '--checkpoint', ck, '--resume', '--out', out],
      { trees },
    );
    expect(r.code).toBe(4);
    expect(lines(r.stderr)).toEqual([
      `guesstree: ${join(ck, 'checkpoint.json')}: the checkpoint of another compile (effort quick --len 4 there, effort greedy --len 4 here); choose another folder or empty this one`,
    ]);
    expect(r.stdout).toBe('');
    expect(readdirSync(dir)).not.toContain('other.gtree');
  });
});
