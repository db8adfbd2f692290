/**
 * Property: mutants of a tree of every game never get past the checks. Mutants are
 * drawn by fast-check with a fixed seed: truncations and byte flips of the file, and, re-encoded
 * with the project's own encoder (so the checksum is right), bit flips of the arrays, array
 * values set past their limits, arrays one longer or shorter, and header fields of every wrong
 * type. Each goes through verify, stats, export (every format of its game) and play; never
 * status 0 when verify refuses the tree, never an internal error or a stack trace, one line on
 * stderr when refused, none over 10 s or 2 GiB.
 *
 * Most runs are in-process through runCli (compiler/cli.ts); a sample of refused mutants runs
 * through the spawned CLI too, with the same status. The base trees: the shipped trees of
 * Mastermind, Bulls and Cows, Lingo and Hangman (on the default list, which ships with the
 * package), and, for the games without a tree that needs no ../shared/ list (Wordle, match-count,
 * a file game), the tree of the module's own sample, compiled here.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../compiler/cli.js';
import type { GameOptions } from '../../compiler/games/module.js';
import { findModule } from '../../compiler/games/registry.js';
import { decodeTreeFile, encodeTreeFile, type TreeFile } from '../../runtime/tree-format.js';
import { CLI, optionArgs, removeDir, ROOT, tempDir } from '../support/e2e.js';

const SEED = 29;
const RUN_MS = 10_000;
const RSS_MAX = 2 * 2 ** 30;

interface Base {
  readonly id: string;
  /** A shipped tree, or none: the sample's tree is compiled. */
  readonly shipped?: string;
  readonly runs: number;
}

const BASES: readonly Base[] = [
  { id: 'mastermind', shipped: 'mastermind-p4c6.gtree', runs: 24 },
  { id: 'bullscows', shipped: 'bullscows-d4s10.gtree', runs: 12 },
  { id: 'lingo', shipped: 'lingo-len5-e3fbe802f21a.gtree', runs: 10 },
  { id: 'hangman', shipped: 'hangman-len4-misses-f92f61614cc2.gtree', runs: 10 },
  { id: 'wordle', runs: 12 },
  { id: 'matchcount', runs: 12 },
  { id: 'file', runs: 12 },
];

interface Outcome {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
}

async function inProcess(args: string[]): Promise<Outcome> {
  let stdout = '';
  let stderr = '';
  const t0 = performance.now();
  const status = await runCli(args, {
    write: (t) => {
      stdout += t;
    },
    err: (l) => {
      stderr += `${l}\n`;
    },
    stdin: Readable.from(['']),
  });
  return { status, stdout, stderr, ms: performance.now() - t0 };
}

function spawned(args: string[], trees: string): Promise<Outcome> {
  return new Promise((done, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, ['--max-old-space-size=2048', CLI, ...args], {
      cwd: ROOT,
      env: { ...process.env, GUESSTREE_TREES: trees },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), args[0] === 'compile' ? 60_000 : RUN_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ status: code ?? -1, stdout, stderr, ms: performance.now() - t0 });
    });
  });
}

/** Wrong values for header fields: every type, and strings and numbers no field takes. */
const WRONG: readonly unknown[] = [
  null,
  0,
  -1,
  1.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  2 ** 53,
  '',
  'x'.repeat(5000),
  '\u001b[31m\nred',
  true,
  false,
  [],
  [1, 'a'],
  {},
  { a: { b: 1 } },
  new Uint8Array(3),
  'DELETE',
];

function headerPaths(h: TreeFile['header']): string[] {
  const paths = [
    'game',
    'params',
    'lists',
    'objective',
    'settings',
    'tool',
    'tool.name',
    'tool.version',
    'objective.total',
    'objective.name',
  ];
  for (const k of Object.keys(h.params)) paths.push(`params.${k}`);
  for (const k of Object.keys(h.settings).slice(0, 2)) paths.push(`settings.${k}`);
  if (h.lists.length > 0) paths.push('lists.0', 'lists.0.role', 'lists.0.count', 'lists.0.sha256');
  return paths;
}

function setPath(root: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let o = root as Record<string, unknown>;
  for (const k of keys.slice(0, -1)) o = o[k] as Record<string, unknown>;
  const last = keys[keys.length - 1];
  if (value === 'DELETE') delete o[last];
  else o[last] = value;
}

type ArrayName = 'guess' | 'edgeStart' | 'edgeCode' | 'edgeChild';
const ARRAYS: readonly ArrayName[] = ['guess', 'edgeStart', 'edgeCode', 'edgeChild'];

function reencoded(
  base: TreeFile,
  edit: (f: { header: Record<string, unknown>; tree: Record<ArrayName, Uint32Array> }) => void,
): Uint8Array {
  const f = {
    header: structuredClone(base.header) as unknown as Record<string, unknown>,
    tree: {
      guess: base.tree.guess.slice(),
      edgeStart: base.tree.edgeStart.slice(),
      edgeCode: base.tree.edgeCode.slice(),
      edgeChild: base.tree.edgeChild.slice(),
    },
  };
  edit(f);
  return encodeTreeFile(f as unknown as TreeFile);
}

interface Mutant {
  readonly what: string;
  readonly bytes: Uint8Array;
}

function mutants(base: TreeFile, raw: Uint8Array): fc.Arbitrary<Mutant> {
  const nodes = base.tree.guess.length;
  const edges = base.tree.edgeCode.length;
  const limits = [
    0,
    1,
    nodes - 1,
    nodes,
    nodes + 1,
    edges,
    edges + 1,
    255,
    256,
    65535,
    65536,
    0xfffff,
    2 ** 31,
    0xffffffff,
  ];
  const at = (name: ArrayName) => fc.nat({ max: Math.max(0, base.tree[name].length - 1) });
  const anArray = fc.constantFrom(...ARRAYS);
  return fc.oneof(
    fc.nat({ max: raw.length - 1 }).map((k) => ({ what: `truncated to ${k} bytes`, bytes: raw.slice(0, k) })),
    fc.tuple(fc.nat({ max: raw.length - 1 }), fc.integer({ min: 1, max: 255 })).map(([i, x]) => {
      const b = raw.slice();
      b[i] = b[i] ^ x;
      return { what: `byte ${i} xor ${x}`, bytes: b };
    }),
    anArray
      .chain((name) => fc.tuple(fc.constant(name), at(name), fc.nat({ max: 31 })))
      .map(([name, i, bit]) => ({
        what: `${name}[${i}] bit ${bit} flipped`,
        bytes: reencoded(base, (f) => {
          if (f.tree[name].length > 0) f.tree[name][i] = (f.tree[name][i] ^ (1 << bit)) >>> 0;
        }),
      })),
    anArray
      .chain((name) => fc.tuple(fc.constant(name), at(name), fc.constantFrom(...limits)))
      .map(([name, i, v]) => ({
        what: `${name}[${i}] = ${v}`,
        bytes: reencoded(base, (f) => {
          if (f.tree[name].length > 0) f.tree[name][i] = v;
        }),
      })),
    fc.tuple(anArray, fc.boolean()).map(([name, longer]) => ({
      what: `${name} one ${longer ? 'longer' : 'shorter'}`,
      bytes: reencoded(base, (f) => {
        const a = f.tree[name];
        f.tree[name] = longer ? Uint32Array.from([...a, 0]) : a.slice(0, Math.max(0, a.length - 1));
      }),
    })),
    fc.tuple(fc.constantFrom(...headerPaths(base.header)), fc.nat({ max: WRONG.length - 1 })).map(([path, w]) => ({
      what: `header ${path} = ${typeof WRONG[w] === 'string' ? JSON.stringify(WRONG[w].slice(0, 12)) : Array.isArray(WRONG[w]) ? 'array' : String(WRONG[w])}`,
      bytes: reencoded(base, (f) => setPath(f.header, path, WRONG[w])),
    })),
  );
}

let dir: string;
let trees: string;
const previousTrees = process.env.GUESSTREE_TREES;

beforeAll(() => {
  dir = tempDir('tree-mutants');
  trees = join(dir, 'trees');
  process.env.GUESSTREE_TREES = trees;
});
afterAll(() => {
  if (previousTrees === undefined) delete process.env.GUESSTREE_TREES;
  else process.env.GUESSTREE_TREES = previousTrees;
  removeDir(dir);
});

describe.each(BASES.map((b) => [b.id, b] as const))('mutants of a %s tree', (id, b) => {
  it(`never pass a verb that verify refuses, never crash (${b.runs} mutants, seed ${SEED})`, {
    timeout: 120_000,
  }, async () => {
    const m = findModule(id);
    const opts: GameOptions = b.shipped ? {} : m.sample(dir);
    let treePath: string;
    if (b.shipped) treePath = join(ROOT, 'trees', b.shipped);
    else {
      treePath = join(dir, `${id}.gtree`);
      // Compiles run in worker threads of the built CLI: spawned.
      const made = await spawned(
        ['compile', '--game', id, ...optionArgs(opts), '--workers', '1', '--out', treePath],
        trees,
      );
      expect(made.status, made.stderr).toBe(0);
    }
    const raw = new Uint8Array(readFileSync(treePath));
    const base = decodeTreeFile(raw, treePath);
    const gameArgs = optionArgs(opts);
    const formats = ['paths', 'json', 'html', ...(m.exportFormats ?? []).filter((f) => f.needsTree).map((f) => f.name)];
    const verbs: string[][] = [['stats'], ...formats.map((f) => ['export', '--format', f]), ['play']];
    const control = await inProcess(['verify', '--tree', treePath, ...gameArgs]);
    expect(control.status, control.stderr).toBe(0);

    const refusedSample: string[] = [];
    let n = 0;
    await fc.assert(
      fc.asyncProperty(mutants(base, raw), async (mu) => {
        const path = join(dir, `${id}-mutant-${n++}.gtree`);
        writeFileSync(path, mu.bytes);
        const v = await inProcess(['verify', '--tree', path, ...gameArgs]);
        const runs = [{ verb: 'verify', o: v }];
        for (const verb of verbs)
          runs.push({ verb: verb.join(' '), o: await inProcess([...verb, '--tree', path, ...gameArgs]) });
        for (const { verb, o } of runs) {
          const where = `${mu.what}: ${verb}: status ${o.status}: ${o.stderr}`;
          expect(o.status, where).not.toBe(1);
          expect(o.stderr, where).not.toMatch(/internal error|\n\s+at |TypeError|RangeError/);
          if (o.status !== 0) expect(o.stderr.split('\n').length - 1, where).toBe(1);
          if (v.status !== 0) expect(o.status, where).not.toBe(0);
          expect(o.ms, where).toBeLessThan(RUN_MS);
        }
        expect(process.memoryUsage().rss).toBeLessThan(RSS_MAX);
        if (v.status !== 0 && refusedSample.length < 2 && !/checksum|not msgpack|bad magic/.test(v.stderr))
          refusedSample.push(path);
      }),
      { seed: SEED, numRuns: b.runs, endOnFailure: true },
    );

    // A sample through the real CLI: the same status, one line, within the time and memory caps.
    for (const path of refusedSample) {
      const args = ['export', '--format', 'html', '--tree', path, ...gameArgs];
      const [a, s] = await Promise.all([inProcess(args), spawned(args, trees)]);
      expect({ status: s.status, lines: s.stderr.split('\n').length - 1, stdout: s.stdout }, s.stderr).toEqual({
        status: a.status,
        lines: 1,
        stdout: '',
      });
      expect(s.stderr).toBe(a.stderr);
    }
  });
});
