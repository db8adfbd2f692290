/**
 * The pit emulator (dist/scripts/pit.js, built by `npm run build`) against a stub player on a
 * small word list: protocol, masks, invalid guesses, scores, the table, the JSON report,
 * timeouts, option errors, and the seeded word draw.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceMask } from '../runtime/lingo-feedback.js';
import { absolutizeCommand, parseLengths, playGame, sampleWords, STDERR_KEPT, type PitReport } from '../scripts/pit.js';

const ROOT = resolve(import.meta.dirname, '..');
const PIT = join(ROOT, 'dist', 'scripts', 'pit.js');
const FEEDBACK_JS = join(ROOT, 'dist', 'runtime', 'lingo-feedback.js');

// File order on purpose not sorted; one duplicate and words of other lengths.
const FOUR = [
  'wake',
  'bake',
  'cake',
  'fake',
  'lake',
  'make',
  'rake',
  'take',
  'bike',
  'like',
  'hike',
  'pole',
  'mole',
  'hole',
  'tank',
];
const FIVE = [
  'shore',
  'crane',
  'slate',
  'store',
  'score',
  'snore',
  'spore',
  'chore',
  'adieu',
  'pious',
  'mount',
  'night',
  'light',
  'fight',
  'might',
];
const LIST_LINES = [
  ...FOUR.slice(0, 8),
  'cat',
  ...FIVE.slice(0, 8),
  'lake',
  'planet',
  ...FOUR.slice(8),
  ...FIVE.slice(8),
  'dog',
];

/** The invalid guesses the 'bad' stub makes first: a non-word, then a list word of another length. */
const BAD_GUESSES: Record<number, string[]> = { 4: ['ekab', 'crane'], 5: ['rcane', 'bake'] };

/**
 * Stub player: reads wordlistLEN.txt (else wordlist.txt) in its cwd, and guesses the first word
 * (in file order) consistent with every mask so far. Modes: plain; bad (two invalid guesses
 * first, CRLF line ends); hang (one guess, then never reads or exits). Logs each game as a
 * JSON line to $PIT_STUB_LOG.
 */
const STUB = `
import { appendFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { referenceMask } from ${JSON.stringify(pathToFileURL(FEEDBACK_JS).href)};
const mode = process.argv[2];
const len = Number(process.argv[process.argv.length - 1]);
const file = existsSync('wordlist' + len + '.txt') ? 'wordlist' + len + '.txt' : 'wordlist.txt';
const lines = readFileSync(file, 'utf8').split('\\n').map((s) => s.trim()).filter(Boolean);
let cand = [...new Set(lines.filter((w) => w.length === len))];
const bad = ${JSON.stringify(BAD_GUESSES)};
const queue = mode === 'bad' ? [...bad[len]] : [];
const eol = mode === 'bad' ? '\\r\\n' : '\\n';
const log = { mode, len, file, cwd: process.cwd(), files: readdirSync('.').sort(), pid: process.pid, guesses: [], masks: [] };
const save = () => { if (process.env.PIT_STUB_LOG) appendFileSync(process.env.PIT_STUB_LOG, JSON.stringify(log) + '\\n'); };
let last = null;
function next() {
  const real = queue.length === 0;
  const g = real ? cand[0] : queue.shift();
  last = { g, real };
  log.guesses.push(g);
  process.stdout.write(g + eol);
}
function onMask(m) {
  log.masks.push(m);
  if (m === 'O'.repeat(len)) return;
  if (last.real) cand = cand.filter((w) => referenceMask(w, last.g) === m);
  next();
}
if (mode === 'hang') {
  next();
  save();
  setInterval(() => {}, 1000);
} else {
  let buf = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (d) => {
    buf += d;
    let i;
    while ((i = buf.indexOf('\\n')) >= 0) { const m = buf.slice(0, i); buf = buf.slice(i + 1); onMask(m); }
  });
  process.stdin.on('end', () => { save(); process.exit(0); });
  next();
}
`;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function runPit(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [PIT, ...args],
      { env: { ...process.env, ...env }, maxBuffer: 64 << 20 },
      (err, stdout, stderr) => {
        const code =
          err === null ? 0 : typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 1;
        done({ code, stdout, stderr });
      },
    );
  });
}

interface StubLog {
  mode: string;
  len: number;
  file: string;
  cwd: string;
  files: string[];
  pid: number;
  guesses: string[];
  masks: string[];
}

function readLog(path: string): StubLog[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as StubLog);
}

type PitJson = PitReport;

/** What the stub should do against `secret`, recomputed with the reference mask rule. */
function expectedGame(
  order: readonly string[],
  secret: string,
  invalid: readonly string[],
): { guesses: string[]; masks: string[]; found: boolean } {
  const len = secret.length;
  const guesses: string[] = [];
  const masks: string[] = [];
  for (const g of invalid) {
    if (guesses.length >= 5) break;
    guesses.push(g);
    masks.push('X'.repeat(len));
  }
  let cand = order.slice();
  while (guesses.length < 5) {
    const g = cand[0];
    const m = referenceMask(secret, g);
    guesses.push(g);
    masks.push(m);
    if (m === 'O'.repeat(len)) return { guesses, masks, found: true };
    cand = cand.filter((w) => referenceMask(w, g) === m);
  }
  return { guesses, masks, found: false };
}

/** False for a process that does not exist or is a zombie (dead, waiting to be reaped). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return !existsSync('/proc/self/stat'); // gone in between, or no /proc to ask
  }
}

const sortedUnique = (ws: readonly string[]): string[] => [...new Set(ws)].sort();

let work = '';
let listPath = '';
let stubPath = '';
let plain = '';
let badPlayer = '';
let json: PitJson;
let jsonLog: StubLog[] = [];
let table: Run;
let noSplit: PitJson;
let noSplitLog: StubLog[] = [];
let hang: PitJson;
let hangLog: StubLog[] = [];
let jsonRun: Run;
let noSplitRun: Run;
let hangRun: Run;

beforeAll(async () => {
  if (!existsSync(PIT)) throw new Error(`${PIT} is missing: run npm run build first`);
  work = mkdtempSync(join(tmpdir(), 'pit-test-'));
  listPath = join(work, 'list.txt');
  stubPath = join(work, 'stub.mjs');
  writeFileSync(listPath, `${LIST_LINES.join('\n')}\n`);
  writeFileSync(stubPath, STUB);
  plain = `node ${stubPath} plain`;
  badPlayer = `node ${stubPath} bad`;
  const common = ['--wordlist', listPath, '--lengths', '4,5', '--seed', '7'];
  // The runs are independent: start them together.
  [jsonRun, table, noSplitRun, hangRun] = await Promise.all([
    runPit([...common, '--rounds', '15', '--player', plain, '--player', badPlayer, '--json'], {
      PIT_STUB_LOG: join(work, 'json.log'),
    }),
    runPit([...common, '--rounds', '5', '--player', plain], { PIT_STUB_LOG: join(work, 'table.log') }),
    runPit([...common, '--rounds', '3', '--player', plain, '--json', '--no-split'], {
      PIT_STUB_LOG: join(work, 'nosplit.log'),
    }),
    runPit(
      [
        '--wordlist',
        listPath,
        '--lengths',
        '5',
        '--seed',
        '3',
        '--rounds',
        '1',
        '--player',
        `node ${stubPath} hang`,
        '--json',
        '--timeout',
        '3',
      ],
      {
        PIT_STUB_LOG: join(work, 'hang.log'),
      },
    ),
  ]);
  json = JSON.parse(jsonRun.stdout) as PitJson;
  noSplit = JSON.parse(noSplitRun.stdout) as PitJson;
  hang = JSON.parse(hangRun.stdout) as PitJson;
  jsonLog = readLog(join(work, 'json.log'));
  noSplitLog = readLog(join(work, 'nosplit.log'));
  hangLog = readLog(join(work, 'hang.log'));
}, 60_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('pit emulator: JSON report', () => {
  it('runs cleanly', () => {
    expect(jsonRun.code).toBe(0);
    expect(json.seed).toBe(7);
    expect(json.rounds).toBe(15);
    expect(json.players.map((p) => p.player)).toEqual([plain, badPlayer]);
  });

  it('plays the same distinct words for every player, all the words of each length here', () => {
    for (const len of ['4', '5']) {
      const a = json.players[0]?.perLength[len]?.words.map((w) => w.word) ?? [];
      const b = json.players[1]?.perLength[len]?.words.map((w) => w.word) ?? [];
      expect(a).toEqual(b);
      expect(a.length).toBe(15);
      expect(new Set(a).size).toBe(15);
      expect([...a].sort()).toEqual(sortedUnique(len === '4' ? FOUR : FIVE));
    }
  });

  it('answers with the harness masks; attempts and scores follow the rules', () => {
    let unfound = 0;
    for (const [pi, player] of json.players.entries()) {
      let total = 0;
      for (const len of [4, 5]) {
        const per = player.perLength[String(len)];
        expect(per).toBeDefined();
        const order = sortedUnique(len === 4 ? FOUR : FIVE); // wordlistN.txt: sorted unique
        let score = 0;
        for (const w of per?.words ?? []) {
          const exp = expectedGame(order, w.word, pi === 0 ? [] : BAD_GUESSES[len]);
          expect(w.guesses).toEqual(exp.guesses);
          expect(w.masks).toEqual(exp.masks);
          for (const [i, g] of w.guesses.entries()) {
            const valid = order.includes(g);
            expect(w.masks[i]).toBe(valid ? referenceMask(w.word, g) : 'X'.repeat(len));
          }
          expect(w.found).toBe(exp.found);
          expect(w.attempts).toBe(exp.guesses.length);
          expect(w.attempts).toBeLessThanOrEqual(5);
          expect(w.score).toBe(exp.found ? 100 * (6 - w.attempts) : 0);
          expect(w.timedOut).toBe(false);
          expect(w.exitCode).toBe(0);
          if (!exp.found) unfound++;
          score += w.score;
        }
        expect(per?.score).toBe(score);
        expect(per?.mean).toBeCloseTo(score / 15, 10);
        total += score;
      }
      expect(player.total).toBe(total);
    }
    expect(unfound).toBeGreaterThan(0); // the 5-guess limit was exercised
  });

  it('an invalid guess (non-word or wrong length, CRLF line ends) gets an all-X mask and uses an attempt', () => {
    const bad = json.players[1];
    for (const len of [4, 5]) {
      for (const w of bad?.perLength[String(len)]?.words ?? []) {
        expect(w.guesses.slice(0, 2)).toEqual(BAD_GUESSES[len]);
        expect(w.masks.slice(0, 2)).toEqual(['X'.repeat(len), 'X'.repeat(len)]);
        expect(w.attempts).toBeGreaterThanOrEqual(3);
      }
    }
    // 'rcane' against 'crane' would be ??OOO if it were scored.
    const crane = bad?.perLength['5']?.words.find((w) => w.word === 'crane');
    expect(crane?.masks[0]).toBe('XXXXX');
    expect(crane?.found).toBe(true);
    expect(crane?.score).toBe(100 * (6 - (crane?.attempts ?? 0)));
  });

  it('gives the players wordlist.txt and wordlistN.txt (N in 4..13) in a temporary cwd, removed afterwards', () => {
    expect(jsonLog.length).toBe(60);
    const expectedFiles = ['wordlist.txt', ...Array.from({ length: 10 }, (_, i) => `wordlist${i + 4}.txt`)].sort();
    for (const g of jsonLog) {
      expect(g.files).toEqual(expectedFiles);
      expect(g.file).toBe(`wordlist${g.len}.txt`);
      expect(existsSync(g.cwd)).toBe(false);
    }
    expect(new Set(jsonLog.map((g) => g.cwd)).size).toBe(1); // one directory per run
  });
});

describe('pit emulator: table', () => {
  it('prints per-length scores and means and a total line that match the JSON report', () => {
    expect(table.code).toBe(0);
    const out = table.stdout;
    expect(out).toContain(`A: ${plain}`);
    // Same seed with 5 rounds: the first 5 words of the 15-round JSON run (draw order is prefix-stable).
    const a = json.players[0];
    let total = 0;
    for (const len of ['4', '5']) {
      const score = (a?.perLength[len]?.words ?? []).slice(0, 5).reduce((acc, w) => acc + w.score, 0);
      total += score;
      const row = out.split('\n').find((l) => new RegExp(`^\\s*${len}\\s+5\\s+\\|`).test(l));
      expect(row, `row for length ${len}`).toBeDefined();
      const m = /\|\s+(\d+)\s+([\d.]+)/.exec(row ?? '');
      expect(Number(m?.[1])).toBe(score);
      expect(m?.[2]).toBe((score / 5).toFixed(2));
    }
    const totalRow = out.split('\n').find((l) => /^total\s/.test(l));
    const t = /^total\s+10\s+\|\s+(\d+)\s+([\d.]+)/.exec(totalRow ?? '');
    expect(t, totalRow).not.toBeNull();
    expect(Number(t?.[1])).toBe(total);
    expect(t?.[2]).toBe((total / 5).toFixed(2));
    // Not a terminal: no progress on stderr.
    expect(table.stderr).toBe('');
  });
});

describe('pit emulator: --no-split', () => {
  it('writes only wordlist.txt; the player reads it in file order', () => {
    expect(noSplitRun.code).toBe(0);
    expect(noSplitLog.length).toBe(6);
    for (const g of noSplitLog) {
      expect(g.files).toEqual(['wordlist.txt']);
      expect(g.file).toBe('wordlist.txt');
    }
    const p = noSplit.players[0];
    for (const len of [4, 5]) {
      const order = [...new Set(LIST_LINES.filter((w) => w.length === len))]; // file order
      for (const w of p?.perLength[String(len)]?.words ?? []) {
        expect(w.guesses).toEqual(expectedGame(order, w.word, []).guesses);
      }
    }
    // Same seed, same lengths: the 3 words drawn are the first 3 of the 15.
    for (const len of ['4', '5']) {
      const a = p?.perLength[len]?.words.map((w) => w.word);
      const b = json.players[0]?.perLength[len]?.words.map((w) => w.word).slice(0, 3);
      expect(a).toEqual(b);
    }
  });
});

describe('pit emulator: timeout', () => {
  it('kills a player that does not exit and counts the rest of its attempts as failed', () => {
    expect(hangRun.code).toBe(0);
    const w = hang.players[0]?.perLength['5']?.words[0];
    expect(w?.timedOut).toBe(true);
    expect(w?.attempts).toBe(1);
    expect(w?.found).toBe(w?.guesses[0] === w?.word);
    expect(w?.score).toBe(w?.found ? 500 : 0);
    expect(hangLog.length).toBe(1);
    const pid = hangLog[0]?.pid as number;
    expect(isAlive(pid)).toBe(false); // the player itself is gone, not just its shell
    expect(hangRun.stdout).not.toContain('"timedOut":false');
  });
});

describe('pit emulator: command line', () => {
  it('rejects unknown options with one line on stderr and exit status 2', async () => {
    const r = await runPit(['--player', 'true', '--bogus', '--rounds', '1', '-z']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines.length).toBe(1);
    expect(lines[0]).toMatch(/--bogus/);
    expect(lines[0]).toMatch(/-z/);
  });

  it('rejects a bad value, and more rounds than words, with exit status 2', async () => {
    const [a, b] = await Promise.all([
      runPit(['--player', 'true', '--rounds', 'x']),
      runPit(['--player', 'true', '--wordlist', listPath, '--lengths', '4', '--rounds', '16']),
    ]);
    expect(a.code).toBe(2);
    expect(a.stderr.trimEnd().split('\n').length).toBe(1);
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(/15 words of length 4/);
  });

  it('parses length specs', () => {
    expect(parseLengths('4-13')).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(parseLengths('9,4,5')).toEqual([4, 5, 9]);
    expect(parseLengths('4-5,9')).toEqual([4, 5, 9]);
    expect(() => parseLengths('4-')).toThrow(/--lengths/);
  });

  it('makes relative paths in a player command absolute (players run in the pit directory)', () => {
    expect(absolutizeCommand('node dist/scripts/pit.js --x', ROOT)).toBe(`node ${PIT} --x`);
    expect(absolutizeCommand('node -e 0', ROOT)).toBe('node -e 0');
    expect(absolutizeCommand('node "a b.js"', ROOT)).toBe('node "a b.js"');
  });
});

describe('seeded word draw', () => {
  const words = Array.from({ length: 500 }, (_, i) => `w${String(i).padStart(4, '0')}`);

  it('draws the same distinct words for the same seed and length', () => {
    const a = sampleWords(words, 50, 12345, 5);
    const b = sampleWords(words, 50, 12345, 5);
    expect(a).toEqual(b);
    expect(new Set(a).size).toBe(50);
    for (const w of a) expect(words).toContain(w);
  });

  it('draws different words for a different seed or length', () => {
    const a = sampleWords(words, 50, 12345, 5);
    expect(sampleWords(words, 50, 12346, 5)).not.toEqual(a);
    expect(sampleWords(words, 50, 12345, 6)).not.toEqual(a);
    expect(sampleWords(words, 50, 2 ** 40 + 12345, 5)).not.toEqual(a);
  });

  it('can draw every word, and refuses to draw more', () => {
    expect([...sampleWords(words, 500, 1, 4)].sort()).toEqual(words);
    expect(() => sampleWords(words, 501, 1, 4)).toThrow();
  });
});

describe('playGame (imported)', () => {
  it('drives one game and reports it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pit-play-'));
    try {
      const order = sortedUnique(FOUR);
      writeFileSync(join(dir, 'wordlist4.txt'), `${order.join('\n')}\n`);
      const r = await playGame(
        { command: `node ${stubPath} plain`, len: 4, secret: 'hole', dir, words: new Set(order) },
        { stderr: 'ignore' },
      );
      const exp = expectedGame(order, 'hole', []);
      expect(r.guesses).toEqual(exp.guesses);
      expect(r.masks).toEqual(exp.masks);
      expect(r.found).toBe(exp.found);
      expect(r.attempts).toBe(exp.guesses.length);
      expect(r.timedOut).toBe(false);
      expect(r.exitCode).toBe(0);
      expect(r.wallMs).toBeGreaterThan(0);
      expect(r.stderrTail).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("keeps the end of a failing player's stderr with stderr: 'keep'", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pit-play-'));
    try {
      const script = join(dir, 'fails.mjs');
      // One guess, then a long stderr whose last line says why, and status 3.
      writeFileSync(
        script,
        "process.stdout.write('hole\\n'); process.stderr.write('x'.repeat(5000) + '\\nfirst line\\nplayer: the reason\\n'); process.exit(3);\n",
      );
      const r = await playGame(
        { command: `node ${script}`, len: 4, secret: 'bolt', dir, words: new Set(['hole', 'bolt']) },
        { stderr: 'keep' },
      );
      expect(r.exitCode).toBe(3);
      expect(r.timedOut).toBe(false);
      expect(r.stderrTail.length).toBe(STDERR_KEPT);
      expect(r.stderrTail.endsWith('first line\nplayer: the reason\n')).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
