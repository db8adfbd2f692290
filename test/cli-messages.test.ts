/**
 * The CLI's messages and statuses under careless or hostile command lines, through the real CLI
 * with stdout and stderr checked apart: control characters typed as replies are escaped in every
 * game's play, contradictory options are refused by name (or, for verify's --tree with --contest,
 * both are checked), an option given twice or without its value is named, the parser's own
 * messages are in the tool's voice, a stderr that cannot be written does not change the status,
 * a signal while an input FIFO waits for its writer is one line, and require('guesstree') says
 * how to load the package.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { pack, unpack } from 'msgpackr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, cli, lines, PLAYER, removeDir, ROOT, type Run, runNode, tempDir, writeList } from './support/e2e.js';

let dir: string;
let trees: string;
let mm: string;
let lingoList: string;
let lingoTree: string;

const LINGO_WORDS = ['abcd', 'abce', 'bcde', 'cdef', 'defa', 'efab', 'face', 'bead', 'dace', 'cafe'];

beforeAll(async () => {
  dir = tempDir('cli-messages');
  trees = join(dir, 'trees');
  mkdirSync(trees);
  mm = join(dir, 'mm.gtree');
  lingoList = writeList(join(dir, 'w4.txt'), LINGO_WORDS);
  lingoTree = join(dir, 'lingo.gtree');
  const built = await Promise.all([
    cli(['compile', '--game', 'mastermind', '--pegs', '3', '--colors', '3', '--out', mm], { trees }),
    cli(['compile', '--game', 'lingo', '--len', '4', '--wordlist', lingoList, '--out', lingoTree], { trees }),
  ]);
  for (const b of built) expect(b.code, b.stderr).toBe(0);
});
afterAll(() => removeDir(dir));

/** A control character other than the line feed. */
function hasRawControl(text: string): boolean {
  return [...text].some((c) => c !== '\n' && (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f));
}

function expectOneLine(r: Run, status: number, re: RegExp): void {
  expect(r.stdout).toBe('');
  expect(lines(r.stderr), r.stderr).toHaveLength(1);
  expect(r.stderr.trimEnd()).toMatch(re);
  expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
  expect(r.code, r.stderr).toBe(status);
}

describe('control characters typed as a reply are escaped', () => {
  const typed = '\x1b[31mX\x07\n';
  it('in Mastermind, Hangman, Bulls and Cows and Lingo play', async () => {
    const hangList = writeList(join(dir, 'h4.txt'), LINGO_WORDS);
    const hang = join(dir, 'hang.gtree');
    const bc = join(dir, 'bc.gtree');
    const made = await Promise.all([
      cli(['compile', '--game', 'hangman', '--len', '4', '--wordlist', hangList, '--out', hang], { trees }),
      cli(['compile', '--game', 'bullscows', '--digits', '3', '--symbols', '5', '--out', bc], { trees }),
    ]);
    for (const m of made) expect(m.code, m.stderr).toBe(0);
    const runs = await Promise.all([
      cli(['play', '--tree', mm], { trees, input: typed }),
      cli(['play', '--tree', hang, '--wordlist', hangList], { trees, input: typed }),
      cli(['play', '--tree', bc], { trees, input: typed }),
      cli(['play', '--tree', lingoTree, '--wordlist', lingoList], { trees, input: typed }),
    ]);
    for (const r of runs) {
      expect(r.code, r.stderr).toBe(5);
      expect(lines(r.stderr), r.stderr).toHaveLength(1);
      expect(hasRawControl(r.stderr)).toBe(false);
      expect(r.stderr).toMatch(/\\x1B\[31[mM]X\\x07/);
      expect(hasRawControl(r.stdout)).toBe(false);
    }
  });
});

describe("a manifest's text is escaped wherever it is echoed", () => {
  it('by the CLI and by the pit player', async () => {
    const bad = join(dir, 'bad-manifest');
    mkdirSync(bad);
    writeFileSync(join(bad, 'manifest.json'), '{"trees": \x1b[2J\x07 }');
    const v = await cli(['verify', '--game', 'mastermind', '--pegs', '3', '--colors', '3'], { trees: bad });
    expect(v.code).toBe(4);
    expect(lines(v.stderr)).toHaveLength(1);
    expect(v.stderr).toMatch(/manifest\.json: /);
    expect(hasRawControl(v.stderr)).toBe(false);
    const pit = join(dir, 'pit');
    mkdirSync(pit);
    writeList(join(pit, 'wordlist.txt'), LINGO_WORDS);
    const p = await runNode(PLAYER, ['4'], { trees: bad, cwd: pit, input: '' });
    expect(p.code, p.stderr).toBe(0);
    expect(p.stderr).toMatch(/^lingo-player: .*manifest\.json: .*; searching online\n$/);
    expect(hasRawControl(p.stderr)).toBe(false);
  });
});

describe('contradictions are refused by name', () => {
  it('--exact with another --effort', async () => {
    const r = await cli(
      ['compile', '--game', 'mastermind', '--pegs', '3', '--colors', '3', '--exact', '--effort', 'quick'],
      { trees },
    );
    expectOneLine(r, 2, /^guesstree: --exact and --effort quick contradict each other \(--exact is --effort exact\)/);
    const same = await cli(
      [
        'compile',
        '--game',
        'mastermind',
        '--pegs',
        '3',
        '--colors',
        '3',
        '--exact',
        '--effort',
        'exact',
        '--out',
        join(dir, 'same.gtree'),
      ],
      { trees },
    );
    expect(same.code, same.stderr).toBe(0);
  });

  it('verify --tree with --contest checks both: a bad contest string fails, a good one is verified after the tree', async () => {
    const bad = join(dir, 'bad-contest.txt');
    writeFileSync(bad, 'garbage\n');
    const r = await cli(['verify', '--tree', mm, '--contest', bad], { trees });
    expect(r.code, r.stderr).toBe(4);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(/bad-contest\.txt: byte 0: /);
    expect(r.stdout).not.toMatch(/covered:/);
    const good = join(dir, 'good-contest.txt');
    const ex = await cli(['export', '--format', 'contest', '--tree', mm], { trees });
    expect(ex.code, ex.stderr).toBe(0);
    writeFileSync(good, ex.stdout);
    const ok = await cli(['verify', '--tree', mm, '--contest', good], { trees });
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/verify: ok[^\n]*\n[\s\S]*covered: every one of the 27 secrets is found/);
    const json = await cli(['verify', '--tree', mm, '--contest', good, '--json'], { trees });
    expectOneLine(json, 2, /--json reports a tree; it does not go with --contest$/);
  });

  it('an option given twice is named, with both values', async () => {
    const r = await cli(['export', '--format', 'paths', '--format', 'json', '--tree', mm], { trees });
    expectOneLine(r, 2, /^guesstree: --format was given 2 times \("paths", "json"\); give it once$/);
    const game = await cli(['compile', '--game', 'mastermind', '--pegs', '3', '--pegs', '4', '--colors', '3'], {
      trees,
    });
    expectOneLine(game, 2, /--pegs was given 2 times; give it once$/);
  });
});

describe("the parser's messages, in the tool's voice", () => {
  it('an unknown format, a missing --format, a misspelt game, an option without its value, --__proto__', async () => {
    const runs = await Promise.all([
      cli(['export', '--format', 'pdf', '--tree', mm], { trees }),
      cli(['export', '--format', 'jsn', '--tree', mm], { trees }),
      cli(['export', '--tree', mm], { trees }),
      cli(['compile', '--game', 'lingoo', '--len', '5'], { trees }),
      cli(['stats', '--tree'], { trees }),
      cli(['stats', '--tree', '--json'], { trees }),
      cli(['stats', '--__proto__', 'x', '--tree', mm], { trees }),
    ]);
    const [pdf, jsn, missing, lingoo, noValue, beforeJson, proto] = runs as Run[];
    expectOneLine(pdf, 2, /^guesstree: --format "pdf": not a format \(one of paths, json, html, [a-z, ]+\)$/);
    expectOneLine(jsn, 2, /^guesstree: --format "jsn": not a format \(did you mean json\?\)/);
    expectOneLine(
      missing,
      2,
      /^guesstree: export needs --format \(one of paths, json, html, [a-z, ]+\) \(see guesstree export --help\)$/,
    );
    expectOneLine(lingoo, 2, /^guesstree: --game "lingoo": unknown game \(did you mean lingo\?\)/);
    expectOneLine(noValue, 2, /^guesstree: --tree needs a value$/);
    expectOneLine(beforeJson, 2, /^guesstree: --tree needs a value \(before --json\)$/);
    expectOneLine(proto, 2, /^guesstree: unknown option of stats: --__proto__ /);
    for (const r of runs) expect(r.stderr).not.toMatch(/Invalid values|Missing required argument|Argument:/);
  });
});

describe('statuses', () => {
  it('a stderr that cannot be written keeps the status of the failure (2, not 1)', () => {
    const full = openSync('/dev/full', 'w');
    try {
      const r = spawnSync(process.execPath, [CLI, 'compile', '--game', 'bogus'], {
        stdio: ['ignore', 'pipe', full],
        env: { ...process.env, GUESSTREE_TREES: trees },
      });
      expect(r.status).toBe(2);
    } finally {
      closeSync(full);
    }
  });

  it('--out in a folder that takes no new files says so, not "folder does not exist"', async () => {
    if (!existsSync('/proc/version')) {
      console.log('skipped: this system has no /proc/version');
      return;
    }
    const r = await cli(['compile', '--game', 'mastermind', '--pegs', '2', '--colors', '2', '--out', '/proc/version'], {
      trees,
    });
    expectOneLine(r, 2, /^guesstree: \/proc\/version: cannot write: the folder \/proc exists but takes no new files/);
    const missing = await cli(
      ['compile', '--game', 'mastermind', '--pegs', '2', '--colors', '2', '--out', join(dir, 'no', 'such', 't.gtree')],
      { trees },
    );
    expectOneLine(missing, 2, /cannot write: folder does not exist$/);
  });

  it('a tree file whose version is the string "2" says the version field is not a number', async () => {
    const env = unpack(readFileSync(mm)) as Record<string, unknown>;
    const forged = join(dir, 'version-string.gtree');
    writeFileSync(forged, pack({ ...env, version: String(env.version) }));
    const r = await cli(['verify', '--tree', forged], { trees });
    expectOneLine(r, 4, /version-string\.gtree: corrupt tree file: the version field is a string, not a number/);
  });

  /** The CLI started on `args` after `fifo` is made: the child, and its end with what it wrote. */
  function cliOnFifo(fifo: string, args: readonly string[]) {
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { ...process.env, GUESSTREE_TREES: trees },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>(
      (done) => child.on('close', (code, signal) => done({ code, signal, stdout, stderr })),
    );
    return { child, closed };
  }

  const fifoInputs = [
    { what: 'a word list', args: (f: string) => ['compile', '--game', 'lingo', '--len', '4', '--wordlist', f] },
    { what: 'a tree file', args: (f: string) => ['verify', '--tree', f] },
  ];
  for (const [sig, status, input] of [
    ['SIGINT', 130, fifoInputs[0]],
    ['SIGTERM', 143, fifoInputs[0]],
    ['SIGINT', 130, fifoInputs[1]],
    ['SIGTERM', 143, fifoInputs[1]],
  ] as const) {
    it(`${sig} while ${input.what} FIFO waits for its writer: one line, then the signal's status ${status}`, async () => {
      const fifo = join(dir, `input-${sig}-${input.args('')[0]}.fifo`);
      const run = cliOnFifo(fifo, input.args(fifo));
      // Opening the FIFO for writing returns once the CLI has opened it for reading: it is reading now.
      const writer = await open(fifo, 'w');
      run.child.kill(sig);
      const end = await run.closed;
      await writer.close();
      expect(end.signal).toBe(sig);
      expect(128 + (sig === 'SIGINT' ? 2 : 15)).toBe(status);
      expect(end.stdout).toBe('');
      expect(end.stderr).toBe(`guesstree: ${sig} received while reading the input files; nothing written\n`);
    });
  }

  it('a tree file from a FIFO is read ahead whole and verified', async () => {
    const fifo = join(dir, 'tree-ok.fifo');
    const run = cliOnFifo(fifo, ['verify', '--tree', fifo]);
    const writer = await open(fifo, 'w');
    await writer.writeFile(readFileSync(join(ROOT, 'trees', 'mastermind-p4c6.gtree')));
    await writer.close();
    const end = await run.closed;
    expect(end.code).toBe(0);
    expect(end.stderr).toBe('');
    expect(end.stdout).toMatch(/^total guesses: 5,625; recorded by its compile: proven optimal$/m);
    expect(end.stdout).toMatch(/^verify: ok/m);
  });
});

describe('require() of the package', () => {
  it('says it is an ES module only and how to import it', () => {
    const project = join(dir, 'cjs-project');
    mkdirSync(join(project, 'node_modules'), { recursive: true });
    symlinkSync(ROOT, join(project, 'node_modules', 'guesstree'));
    const r = spawnSync(
      process.execPath,
      [
        '-e',
        "try { require('guesstree'); } catch (e) { console.log(JSON.stringify({ name: e.name, status: e.status, message: e.message })); }",
      ],
      { cwd: project, encoding: 'utf8' },
    );
    expect(r.status, r.stderr).toBe(0);
    const e = JSON.parse(r.stdout) as { name: string; status: number; message: string };
    expect(e.name).toBe('GuesstreeError');
    expect(e.status).toBe(2);
    expect(e.message).toMatch(/^guesstree is an ES module only: load it with .*await import\('guesstree'\)/);
    expect(e.message).not.toContain('\n');
    const esm = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', "const m = await import('guesstree'); console.log(typeof m.compile);"],
      { cwd: project, encoding: 'utf8' },
    );
    expect(esm.stdout.trim(), esm.stderr).toBe('function');
  });
});
