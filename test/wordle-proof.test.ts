/**
 * Wordle's proof file (`compile --prove`, `export --format proof`, `verify`): on tiny seeded
 * lists every line's value against an independent brute-force optimum below that first guess
 * (normal and hard mode, in this thread and through the CLI with 1 and 2 workers); the file
 * beside the tree in trees/ with its manifest entry; `verify` and `export` refusing a proof
 * that does not fit, in one line; the proof resumed from `--checkpoint` and run on a queue (same
 * tree and proof as a local compile). With ../shared/wordle/ present, a sample of the peer's
 * published per-opener optima through `--effort exact --opener`.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WordleGame } from '../compiler/games/wordle/game.js';
import { wordleModule } from '../compiler/games/wordle/module.js';
import { checkProof, formatProof, parseProof, proofValue, type Proof } from '../compiler/games/wordle/proof.js';
import { compileLoaded } from '../compiler/pool/driver.js';
import { threadExecutor } from '../compiler/pool/thread-executor.js';
import { decodeTreeFile } from '../runtime/tree-format.js';
import { bruteOpenerTotal } from './support/wordle-brute.js';
import { CLI, cli, lines, randomWords, removeDir, rng, ROOT, tempDir, writeList } from './support/e2e.js';
import { haveRedis, Proc, startRedis, type RedisServer } from './support/redis.js';

const SHARED = join(ROOT, '..', 'shared', 'wordle');
const sharedPresent = existsSync(join(SHARED, 'answers.txt')) && existsSync(join(SHARED, 'allowed.txt'));
if (!sharedPresent)
  console.log(
    `wordle-proof: the peer-table sample is skipped: ${SHARED} is absent (../shared/ is not on this machine)`,
  );

/** Answers alike but for their first letter (hard mode binds on them), and probes that tell them apart. */
const CLUSTER = [...'bcfmp'].map((c) => `${c}akes`);
const PROBES = ['bcfmp', 'ptwbc'];

function listsOf(seed: number): { answers: string[]; guesses: string[] } {
  const r = rng(seed);
  const answers = [...randomWords(r, 9, 5, 'aeilnrst'), ...CLUSTER];
  const guesses = [...randomWords(r, 14, 5, 'aeilnrstcu', new Set(answers)), ...PROBES];
  return { answers, guesses };
}

/** Every line against the brute-force optimum below its word; the best line is the least of them. */
function checkAgainstBrute(game: WordleGame, proof: Proof, hard: boolean): void {
  const memo = new Map<string, number>();
  const brute = new Map<string, number | null>();
  for (let g = 0; g < game.guessCount; g++) brute.set(game.guessName(g), bruteOpenerTotal(game, g, hard, memo));
  expect(proof.lines.map((l) => l.word).sort()).toEqual([...brute.keys()].sort());
  const optimum = Math.min(...[...brute.values()].filter((v): v is number => v !== null));
  expect(proof.header.best.total).toBe(optimum);
  for (const { word, value } of proof.lines) {
    const b = brute.get(word) as number | null;
    if (value.kind === 'exact') expect(b, word).toBe(value.total);
    else if (value.kind === 'none') expect(b, word).toBeNull();
    else {
      expect(value.total, word).toBeGreaterThan(optimum);
      if (b !== null) expect(b, word).toBeGreaterThanOrEqual(value.total);
    }
  }
}

describe('the proof of every opener (through the module, in this thread)', () => {
  for (const hard of [false, true]) {
    it(`${hard ? 'hard' : 'normal'} mode: every line is the brute-force optimum below that first guess, or a bound it meets`, async () => {
      const dir = tempDir('wordle-proof');
      try {
        const { answers, guesses } = listsOf(hard ? 23 : 29);
        const lists = {
          answers: writeList(join(dir, 'a.txt'), answers),
          guesses: writeList(join(dir, 'g.txt'), guesses),
          hard,
        };
        const loaded = wordleModule.load(lists);
        const game = loaded.game as WordleGame;
        const proved = await compileLoaded(loaded, {
          effort: 'default',
          workers: 1,
          options: { ...lists, prove: true },
          executor: threadExecutor,
        });
        const companions = loaded.companions?.(proved.tree) ?? [];
        expect(companions.map((c) => [c.kind, c.extension])).toEqual([['proof', '.proof.txt']]);
        const proof = parseProof((companions[0] as { text: string }).text, 'proof');
        expect(proof.header.mode).toBe(hard ? 'hard' : 'normal');
        expect(proof.lines.length).toBe(game.guessCount);
        expect(proof.header.best.word).toBe(game.guessName(proved.tree.guess[0]));
        checkAgainstBrute(game, proof, hard);
        // Both kinds of line occur: openers searched to the end, and openers only bounded.
        expect(proof.lines.some((l) => l.value.kind === 'exact' && l.word !== proof.header.best.word)).toBe(true);
        expect(proof.lines.some((l) => l.value.kind === 'atLeast')).toBe(true);
        const words = Array.from({ length: game.guessCount }, (_, g) => game.guessName(g));
        expect(
          checkProof(proof, { hard, lists: game.lists, guessWords: words }, proof.header.best.total, 'proof').best,
        ).toEqual(proof.header.best);
        // The other mode's lists hash the same: the mode in the header tells them apart.
        expect(() => checkProof(proof, { hard: !hard, lists: game.lists, guessWords: words }, null, 'p.txt')).toThrow(
          /p\.txt:1: a proof for/,
        );
        expect(() =>
          checkProof(proof, { hard, lists: game.lists, guessWords: words }, proof.header.best.total + 1, 'p.txt'),
        ).toThrow(/is not the tree's total/);
      } finally {
        removeDir(dir);
      }
    }, 60_000);
  }

  it('the format: values from the engine keys, sorted lines, and one clear line for a bad file', () => {
    const c = 4096;
    const solvedMax = 3 * (6 * c + 1);
    expect(proofValue({ guess: 0, key: 7 * c + 1 }, c, solvedMax)).toEqual({ kind: 'exact', total: 7 });
    expect(proofValue({ guess: 0, atLeast: 8 * c }, c, solvedMax)).toEqual({ kind: 'atLeast', total: 8 });
    expect(proofValue({ guess: 0, atLeast: 8 * c - 1 }, c, solvedMax)).toEqual({ kind: 'atLeast', total: 7 });
    expect(proofValue({ guess: 0, key: 1_000_000 * c }, c, solvedMax)).toEqual({ kind: 'none' });
    expect(proofValue({ guess: 0, atLeast: Infinity }, c, solvedMax)).toEqual({ kind: 'none' });
    const h = {
      mode: 'normal' as const,
      answers: { count: 3, sha256: 'a'.repeat(64) },
      guesses: { count: 4, sha256: 'b'.repeat(64) },
      openers: 4,
      best: { word: 'abc', total: 5 },
      seconds: 1.25,
      tool: 'guesstree 9.9.9',
    };
    const text = formatProof(h, [
      { word: 'xyz', value: { kind: 'none' } },
      { word: 'def', value: { kind: 'atLeast', total: 6 } },
      { word: 'abc', value: { kind: 'exact', total: 5 } },
      { word: 'ghi', value: { kind: 'exact', total: 6 } },
    ]);
    const rows = text.trimEnd().split('\n');
    expect(rows[0]).toBe(
      `# guesstree wordle proof; mode normal; answers 3 sha256 ${'a'.repeat(64)}; guesses 4 sha256 ${'b'.repeat(64)}; openers 4; best abc 5; seconds 1.3; guesstree 9.9.9`,
    );
    expect(rows.slice(1)).toEqual(['abc\t=5', 'ghi\t=6', 'def\t>=6', 'xyz\tnone']);
    expect(parseProof(text, 'p').lines.map((l) => l.value.kind)).toEqual(['exact', 'exact', 'atLeast', 'none']);
    expect(() => parseProof(text.replace('def\t>=6', 'def\t~6\x07'), 'p.txt')).toThrow(
      /^p\.txt:4: not a proof line: "def\\t~6\\x07"/,
    );
    expect(() => parseProof(text.replace('xyz', 'abc'), 'p.txt')).toThrow(/p\.txt:5: "abc" is listed twice/);
    expect(() => parseProof('salet\t=7920\n', 'p.txt')).toThrow(/^p\.txt:1: not a proof header/);
    const lists = [
      { role: 'answers', count: 3, sha256: 'a'.repeat(64) },
      { role: 'guesses', count: 4, sha256: 'b'.repeat(64) },
    ];
    const game = { hard: false, lists, guessWords: ['abc', 'def', 'ghi', 'xyz'] };
    expect(checkProof(parseProof(text, 'p'), game, 5, 'p')).toEqual({
      best: { word: 'abc', total: 5 },
      exact: 2,
      atLeast: 1,
      none: 1,
      wordsChecked: true,
    });
    expect(checkProof(parseProof(text, 'p'), { ...game, guessWords: null }, 5, 'p').wordsChecked).toBe(false);
    expect(() => checkProof(parseProof(text.replace('def\t>=6', 'def\t>=5'), 'p'), game, 5, 'p.txt')).toThrow(
      /p\.txt:4: "def" >=5 is not above the best total 5/,
    );
    expect(() =>
      checkProof(
        parseProof(text, 'p'),
        { ...game, lists: [lists[0], { ...lists[1], sha256: 'c'.repeat(64) }] },
        5,
        'p.txt',
      ),
    ).toThrow(/p\.txt:1: the proof's guesses .* are not the game's/);
    expect(() =>
      checkProof(parseProof(text, 'p'), { ...game, guessWords: ['abc', 'def', 'ghi', 'xyz', 'qqq'] }, 5, 'p.txt'),
    ).toThrow(/4 lines \(header: 4 openers\), the game allows 5/);
  });
});

describe('the proof from the CLI', () => {
  let dir: string;
  let trees: string;
  let game: string[];
  let lists: { answers: string; guesses: string };
  let words: { answers: string[]; guesses: string[] };

  beforeAll(() => {
    dir = tempDir('wordle-proof-cli');
    trees = tempDir('wordle-proof-trees');
    words = listsOf(31);
    lists = {
      answers: writeList(join(dir, 'answers.txt'), words.answers),
      guesses: writeList(join(dir, 'guesses.txt'), words.guesses),
    };
    game = ['--game', 'wordle', '--answers', lists.answers, '--guesses', lists.guesses];
  });
  afterAll(() => {
    removeDir(dir);
    removeDir(trees);
  });

  it('compile --prove ships the proof beside the tree in trees/ (manifest entry), export prints it, verify checks it', async () => {
    const c = await cli(['compile', ...game, '--prove', '--workers', '2'], { trees });
    expect(c.code, c.stderr).toBe(0);
    expect(c.stdout).toMatch(/proof of every opener in .*\.proof\.txt \(\d+ lines, best [a-z]+ =\d+\)/);
    const manifest = JSON.parse(readFileSync(join(trees, 'manifest.json'), 'utf8')) as {
      trees: Array<{ file: string; companions?: Record<string, string> }>;
    };
    const entry = manifest.trees.find((t) => t.file.startsWith('wordle-'));
    expect(entry?.companions?.proof).toBe(entry?.file.replace(/\.gtree$/, '.proof.txt'));
    const proofFile = join(trees, entry!.companions!.proof!);
    const text = readFileSync(proofFile, 'utf8');
    const proof = parseProof(text, proofFile);
    const loaded = wordleModule.load({ ...lists, hard: false });
    checkAgainstBrute(loaded.game as WordleGame, proof, false);
    const tree = decodeTreeFile(readFileSync(join(trees, entry!.file)), entry!.file);
    expect(proof.header.best.total).toBe(Number(tree.header.objective.totalGuesses));
    const e = await cli(['export', '--format', 'proof', ...game], { trees });
    expect(e.code, e.stderr).toBe(0);
    expect(e.stderr).toBe('');
    expect(e.stdout).toBe(text);
    const v = await cli(['verify', ...game], { trees });
    expect(v.code, v.stderr).toBe(0);
    expect(lines(v.stdout)).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^proof: .*: ${proof.lines.length} first guesses \\(\\d+ exact, \\d+ bounded above the best, \\d+ none\\); best ${proof.header.best.word} =${proof.header.best.total}, the tree's total; lists match$`,
        ),
      ),
    );
    // A proof that claims a better best than the tree: verify refuses it in one line.
    const bad = join(dir, 'bad.proof.txt');
    const b = proof.header.best;
    writeFileSync(
      bad,
      text
        .replace(`best ${b.word} ${b.total};`, `best ${b.word} ${b.total - 1};`)
        .replace(`${b.word}\t=${b.total}\n`, `${b.word}\t=${b.total - 1}\n`),
    );
    const r = await cli(['verify', ...game, '--proof', bad], { trees });
    expect(r.code).not.toBe(0);
    expect(lines(r.stderr)).toEqual([
      `guesstree: ${bad}: the best line (${b.word} =${b.total - 1}) is not the tree's total (${b.total})`,
    ]);
    // Another mode's tree has no proof beside it: export says how to make one.
    const out = join(dir, 'hard.gtree');
    const h = await cli(['compile', ...game, '--hard', '--workers', '1', '--out', out], { trees });
    expect(h.code, h.stderr).toBe(0);
    const none = await cli(['export', '--format', 'proof', '--tree', out, ...game.slice(2)], { trees });
    expect(none.code).not.toBe(0);
    expect(none.stdout).toBe('');
    expect(lines(none.stderr)).toEqual([
      expect.stringMatching(
        /^guesstree: no proof beside .*hard\.gtree \(.*hard\.proof\.txt\); make one with: guesstree compile --game wordle .*--hard --prove$/,
      ),
    ]);
  }, 120_000);

  it('--prove --out writes the proof beside the file; one worker gives the same best and tree', async () => {
    const out = join(dir, 'one.gtree');
    const c = await cli(['compile', ...game, '--prove', '--workers', '1', '--out', out], { trees });
    expect(c.code, c.stderr).toBe(0);
    const proof = parseProof(readFileSync(join(dir, 'one.proof.txt'), 'utf8'), 'one.proof.txt');
    checkAgainstBrute(wordleModule.load({ ...lists, hard: false }).game as WordleGame, proof, false);
    const e = await cli(['export', '--format', 'proof', '--tree', out, ...game.slice(2)], { trees });
    expect(e.code, e.stderr).toBe(0);
    expect(e.stdout).toBe(readFileSync(join(dir, 'one.proof.txt'), 'utf8'));
    const manifest = JSON.parse(readFileSync(join(trees, 'manifest.json'), 'utf8')) as {
      trees: Array<{ file: string }>;
    };
    const shipped = readFileSync(join(trees, manifest.trees.find((t) => t.file.startsWith('wordle-'))!.file));
    // Same tree as the 2-worker compile shipped (the headers are the same settings).
    expect(readFileSync(out).equals(shipped)).toBe(true);
  }, 60_000);
});

/**
 * The peer's published per-opener optima (github:alex1770/wordle, normal.some3593.proven and
 * hard.top101.proven): a handful of the openers that are quick to prove here.
 */
const PEER_NORMAL: ReadonlyArray<[string, number]> = [
  ['salet', 7920],
  ['stale', 7967],
  ['roast', 7965],
  ['slate', 7928],
];
const PEER_HARD: ReadonlyArray<[string, number]> = [
  ['salet', 8122],
  ['roast', 8202],
  ['least', 8127],
];

describe.runIf(sharedPresent)('the peer tables, sampled (../shared/wordle/)', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDir('wordle-peer');
  });
  afterAll(() => removeDir(dir));
  for (const [mode, table] of [
    ['normal', PEER_NORMAL],
    ['hard', PEER_HARD],
  ] as const) {
    it(`${mode} mode: --effort exact --opener gives the peer's optimum for ${table.map(([w]) => w).join(', ')}`, async () => {
      for (const [word, total] of table) {
        const out = join(dir, `${mode}-${word}.gtree`);
        const args = [
          'compile',
          '--game',
          'wordle',
          '--answers',
          join(SHARED, 'answers.txt'),
          '--guesses',
          join(SHARED, 'allowed.txt'),
          ...(mode === 'hard' ? ['--hard'] : []),
          '--effort',
          'exact',
          '--opener',
          word,
          '--workers',
          '1',
          '--out',
          out,
        ];
        const c = await cli(args, { trees: dir, timeoutMs: 60_000 });
        expect(c.code, c.stderr).toBe(0);
        expect(c.stdout).toContain(`proven optimal for the opener ${word}`);
        const header = decodeTreeFile(readFileSync(out), out).header;
        expect(header.objective.totalGuesses, word).toBe(total);
      }
    }, 90_000);
  }
});

if (!haveRedis)
  console.warn(
    'wordle-proof: the queue test is skipped: redis-server is not on PATH (apt-get install -y redis-server)',
  );

/** The proof's lines and its header but for the seconds it took (which differ run to run). */
function proofText(file: string): string {
  return readFileSync(file, 'utf8').replace(/; seconds [0-9.]+;/, ';');
}

describe('the proof resumed from --checkpoint and on a queue', () => {
  let dir: string;
  let trees: string;
  let game: string[];
  beforeAll(() => {
    dir = tempDir('wordle-proof-resume');
    trees = join(dir, 'trees');
    const words = listsOf(47);
    game = [
      '--game',
      'wordle',
      '--answers',
      writeList(join(dir, 'answers.txt'), words.answers),
      '--guesses',
      writeList(join(dir, 'guesses.txt'), words.guesses),
    ];
  });
  afterAll(() => removeDir(dir));

  it('--checkpoint saves the openers, --resume solves the missing ones: the same tree and proof', async () => {
    const ck = join(dir, 'ck');
    const a = await cli(
      ['compile', ...game, '--prove', '--workers', '2', '--checkpoint', ck, '--out', join(dir, 'a.gtree')],
      { trees },
    );
    expect(a.code, a.stderr).toBe(0);
    const saved = readdirSync(ck).filter((f) => f.startsWith('proof-'));
    expect(saved.length, readdirSync(ck).join(' ')).toBeGreaterThan(2);
    // As if stopped part-way: half of the settled openers are gone, and are solved again.
    for (const f of saved.filter((_, i) => i % 2 === 0)) rmSync(join(ck, f));
    const b = await cli(
      ['compile', ...game, '--prove', '--workers', '1', '--checkpoint', ck, '--resume', '--out', join(dir, 'b.gtree')],
      { trees },
    );
    expect(b.code, b.stderr).toBe(0);
    expect(readFileSync(join(dir, 'b.gtree')).equals(readFileSync(join(dir, 'a.gtree')))).toBe(true);
    expect(proofText(join(dir, 'b.proof.txt'))).toBe(proofText(join(dir, 'a.proof.txt')));
  }, 60_000);

  describe.skipIf(!haveRedis)('on a queue (redis-server on 127.0.0.1)', () => {
    let queue: RedisServer | undefined;
    let worker: Proc | undefined;
    beforeAll(async () => {
      queue = await startRedis(dir, 'x-proof-queue');
      worker = new Proc(
        spawn(process.execPath, [CLI, 'worker', '--queue', queue.url], { stdio: ['ignore', 'ignore', 'pipe'] }),
      );
      await worker.waitFor(/^worker: taking jobs from /m);
    });
    afterAll(async () => {
      await worker?.stop();
      await queue?.stop();
    });

    it("--prove --queue: the local compile's tree and proof, the openers done by the queue's worker", async () => {
      const local = join(dir, 'local.gtree');
      const queued = join(dir, 'queued.gtree');
      const a = await cli(['compile', ...game, '--prove', '--workers', '1', '--out', local], { trees });
      expect(a.code, a.stderr).toBe(0);
      const b = await cli(['compile', ...game, '--prove', '--queue', (queue as RedisServer).url, '--out', queued], {
        trees,
        timeoutMs: 60_000,
      });
      expect(b.code, b.stderr).toBe(0);
      expect(b.stdout).toMatch(/proof of every opener in .*queued\.proof\.txt/);
      expect(readFileSync(queued).equals(readFileSync(local))).toBe(true);
      expect(proofText(join(dir, 'queued.proof.txt'))).toBe(proofText(join(dir, 'local.proof.txt')));
      expect((worker as Proc).stderr).toMatch(/^worker: job \S+ .* done/m);
    }, 90_000);
  });
});
