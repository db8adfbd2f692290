/**
 * "A CLI users can trust": data loss, misleading output and usability cases through the real
 * CLI, stdout and stderr checked apart. The test names number the cases; the pit player and
 * blank lines are in test/lingo-player.test.ts.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_STATUS } from '../runtime/errors.js';
import { knownOptions } from '../compiler/commands/options.js';
import { GAMES } from '../compiler/games/registry.js';
import { CLI, cli, lines, randomWords, removeDir, rng, ROOT, tempDir, writeList } from './support/e2e.js';

let dir: string;
let list: string;
let trees: string;
const WORDS = randomWords(rng(17), 80, 4, 'abcdeilnorst');

beforeAll(() => {
  dir = tempDir('trust');
  list = writeList(join(dir, 'words.txt'), WORDS);
  trees = join(dir, 'trees');
});
afterAll(() => removeDir(dir));

/** One line on stderr, nothing on stdout, the status. */
function expectOneLine(r: { code: number | null; stdout: string; stderr: string }, status: number, re: RegExp): void {
  expect(r.stdout).toBe('');
  expect(lines(r.stderr), r.stderr).toHaveLength(1);
  expect(r.stderr.trimEnd()).toMatch(re);
  expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
  expect(r.code).toBe(status);
}

describe('data loss and crashes', () => {
  it('1: a weaker compile never replaces a tree in trees/ (both values named, nothing written) unless --force', async () => {
    const t = join(dir, 'trees-1');
    const good = await cli(['compile', '--game', 'mastermind', '--pegs', '3', '--colors', '4', '--exact'], {
      trees: t,
    });
    expect(good.code, good.stderr).toBe(0);
    const before = Object.fromEntries(readdirSync(t).map((f) => [f, readFileSync(join(t, f))]));
    // --exact writes the proof of every first-guess class beside the tree.
    expect(Object.keys(before).sort()).toEqual([
      'manifest.json',
      'mastermind-p3c4.contest.txt',
      'mastermind-p3c4.gtree',
      'mastermind-p3c4.proof.txt',
    ]);
    const worse = await cli(['compile', '--game', 'mastermind', '--pegs', '3', '--colors', '4', '--effort', 'quick'], {
      trees: t,
    });
    expectOneLine(
      worse,
      10,
      /^guesstree: mastermind-p3c4: the new tree \(total guesses 208, .*\) is worse than the one in .*mastermind-p3c4\.gtree \(total guesses 206, .*\); nothing written \(--force replaces it\)$/,
    );
    for (const [f, bytes] of Object.entries(before)) expect(readFileSync(join(t, f)).equals(bytes), f).toBe(true);
    expect(readdirSync(t).sort()).toEqual(Object.keys(before).sort());
    const forced = await cli(
      ['compile', '--game', 'mastermind', '--pegs', '3', '--colors', '4', '--effort', 'quick', '--force'],
      { trees: t },
    );
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(join(t, 'mastermind-p3c4.gtree')).equals(before['mastermind-p3c4.gtree'])).toBe(false);
    // The replaced tree's proof goes with it (a stale one would fail verify beside the new tree).
    expect(readdirSync(t)).not.toContain('mastermind-p3c4.proof.txt');
    expect((await cli(['verify', '--tree', join(t, 'mastermind-p3c4.gtree')], { trees: t })).code).toBe(0);
    // A Lingo tree too: the greedy tree is not replaced by the weaker quick one.
    const lt = join(dir, 'trees-1l');
    const big = writeList(join(dir, 'words-1.txt'), randomWords(rng(5), 1500, 5, 'abcdeilnorstu'));
    expect(
      (await cli(['compile', '--game', 'lingo', '--len', '5', '--wordlist', big, '--effort', 'greedy'], { trees: lt }))
        .code,
    ).toBe(0);
    const q = await cli(['compile', '--game', 'lingo', '--len', '5', '--wordlist', big, '--effort', 'quick'], {
      trees: lt,
    });
    expectOneLine(
      q,
      10,
      /^guesstree: lingo-len5: the new tree \(mean score [\d.]+ .*\) is worse than the one in .* \(mean score [\d.]+ .*\); nothing written/,
    );
  });

  it('2: --max-depth that no strategy can keep is one status-6 line for every effort', async () => {
    const runs = await Promise.all(
      [['--effort', 'default'], ['--effort', 'thorough'], ['--exact'], ['--effort', 'quick']].map((e) =>
        cli(
          [
            'compile',
            '--game',
            'mastermind',
            '--pegs',
            '3',
            '--colors',
            '3',
            '--max-depth',
            '2',
            ...e,
            '--out',
            join(dir, 'x2.gtree'),
          ],
          { trees },
        ),
      ),
    );
    for (const r of runs)
      expectOneLine(r, 6, /^guesstree: MM\(3,3\): the search found no strategy within --max-depth 2$/);
    expect(existsSync(join(dir, 'x2.gtree'))).toBe(false);
  });

  it('3: --checkpoint at a path that cannot be made: one line naming the path and the reason', async () => {
    const file = join(dir, 'a-file');
    writeFileSync(file, 'x');
    const inside = await cli(
      [
        'compile',
        '--game',
        'lingo',
        '--len',
        '4',
        '--wordlist',
        list,
        '--checkpoint',
        join(file, 'ck'),
        '--out',
        join(dir, 'x3.gtree'),
      ],
      { trees },
    );
    expectOneLine(inside, 2, /^guesstree: --checkpoint: .*a-file\/ck: a part of the path is a file, not a folder$/);
    const onFile = await cli(
      [
        'compile',
        '--game',
        'lingo',
        '--len',
        '4',
        '--wordlist',
        list,
        '--checkpoint',
        file,
        '--out',
        join(dir, 'x3.gtree'),
      ],
      { trees },
    );
    expectOneLine(onFile, 2, /^guesstree: --checkpoint: .*a-file: is a file, not a folder$/);
    const sys = await cli(
      [
        'compile',
        '--game',
        'lingo',
        '--len',
        '4',
        '--wordlist',
        list,
        '--checkpoint',
        '/sys/guesstree-ck',
        '--out',
        join(dir, 'x3.gtree'),
      ],
      { trees },
    );
    expectOneLine(sys, 2, /^guesstree: --checkpoint: \/sys\/guesstree-ck: /);
  });

  it('4: concurrent compiles into one trees/ keep every manifest entry', async () => {
    for (let round = 0; round < 2; round++) {
      const t = join(dir, `trees-4-${round}`);
      const runs = await Promise.all(
        [2, 3, 4, 5, 6].map((c) =>
          cli(['compile', '--game', 'mastermind', '--pegs', '2', '--colors', String(c), '--workers', '1'], {
            trees: t,
          }),
        ),
      );
      for (const r of runs) expect(r.code, r.stderr).toBe(0);
      const m = JSON.parse(readFileSync(join(t, 'manifest.json'), 'utf8')) as { trees: Array<{ file: string }> };
      expect(m.trees.map((e) => e.file).sort()).toEqual([2, 3, 4, 5, 6].map((c) => `mastermind-p2c${c}.gtree`));
      expect(readdirSync(t).filter((f) => f.endsWith('.lock') || f.includes('.tmp'))).toEqual([]);
    }
  });

  it('5: a full device is one line and status 9; a closed pipe ends quietly with status 0', async () => {
    const tree = join(dir, 'x5.gtree');
    expect(
      (
        await cli(
          ['compile', '--game', 'lingo', '--len', '4', '--wordlist', list, '--effort', 'greedy', '--out', tree],
          { trees },
        )
      ).code,
    ).toBe(0);
    const full = openSync('/dev/full', 'w');
    try {
      const r = spawnSync(process.execPath, [CLI, 'export', '--format', 'paths', '--tree', tree, '--wordlist', list], {
        stdio: ['ignore', full, 'pipe'],
        encoding: 'utf8',
      });
      expect(r.status).toBe(9);
      expect(r.stderr).toBe('guesstree: stdout: no space left on the device\n');
    } finally {
      closeSync(full);
    }
    const head = spawnSync(
      'sh',
      [
        '-c',
        `"${process.execPath}" "${CLI}" export --format paths --tree "${tree}" --wordlist "${list}" | head -1; echo "status=\${PIPESTATUS:-$?}"`,
      ],
      { encoding: 'utf8' },
    );
    expect(head.stderr).toBe('');
    expect(lines(head.stdout)).toHaveLength(2);
    // The CLI's own status, through bash's PIPESTATUS.
    const bash = spawnSync(
      'bash',
      [
        '-c',
        `"${process.execPath}" "${CLI}" export --format paths --tree "${tree}" --wordlist "${list}" | head -1 >/dev/null; echo "\${PIPESTATUS[0]}"`,
      ],
      { encoding: 'utf8' },
    );
    expect(bash.stdout.trim()).toBe('0');
    expect(bash.stderr).toBe('');
  });
});

describe('misleading output', () => {
  it('6: --tree with contradicting game options is one line naming both values', async () => {
    const tree = join(dir, 'x6.gtree');
    const five = writeList(join(dir, 'five.txt'), randomWords(rng(6), 60, 5, 'abcdeilnorst'));
    expect(
      (
        await cli(
          ['compile', '--game', 'lingo', '--len', '5', '--wordlist', five, '--effort', 'greedy', '--out', tree],
          { trees },
        )
      ).code,
    ).toBe(0);
    const r = await cli(['verify', '--game', 'lingo', '--len', '6', '--tree', tree, '--wordlist', five], { trees });
    expectOneLine(r, 2, /^guesstree: --len 6 given, but the tree .*x6\.gtree has len 5$/);
    const mm = join(dir, 'x6m.gtree');
    expect(
      (await cli(['compile', '--game', 'mastermind', '--pegs', '2', '--colors', '3', '--out', mm], { trees })).code,
    ).toBe(0);
    expectOneLine(
      await cli(['stats', '--tree', mm, '--colors', '4'], { trees }),
      2,
      /^guesstree: --colors 4 given, but the tree .* has colors 3$/,
    );
    expectOneLine(
      await cli(['stats', '--tree', mm, '--game', 'lingo'], { trees }),
      2,
      /^guesstree: --game lingo given, but the tree is a mastermind tree$/,
    );
  });

  it("7: the compile summary is the game's own metric in words; the manifest stores no sentinels", async () => {
    const t = join(dir, 'trees-7');
    const answers = writeList(
      join(dir, 'answers7.txt'),
      WORDS.slice(0, 30).map((w) => `${w}e`),
    );
    const guesses = writeList(
      join(dir, 'guesses7.txt'),
      WORDS.slice(30).map((w) => `${w}a`),
    );
    const [w, m, h, l] = await Promise.all([
      cli(['compile', '--game', 'wordle', '--answers', answers, '--guesses', guesses], { trees: t }),
      cli(['compile', '--game', 'mastermind', '--pegs', '3', '--colors', '3'], { trees: t }),
      cli(['compile', '--game', 'hangman', '--len', '4', '--wordlist', list, '--objective', 'win'], { trees: t }),
      cli(['compile', '--game', 'lingo', '--len', '4', '--wordlist', list], { trees: t }),
    ]);
    expect(w.stdout).toMatch(/^wordle: total guesses \d+, mean \d\.\d{4} a secret, max depth \d; /);
    expect(m.stdout).toMatch(
      /^mastermind-p3c3: total guesses 73, mean 2\.7037 a secret, max depth 4; proven optimal \|/,
    );
    expect(h.stdout).toMatch(
      /^hangman-len4-win6: mean misses \d\.\d{4} a word \(total [\d,]+, most \d+\); words won with 6 lives: \d+ of 80 \([\d.]+%\)/,
    );
    expect(l.stdout).toMatch(
      /^lingo-len4: mean score [\d.]+ a word \(total [\d,]+\); \d+ words of 80 found, within \d guesses; /,
    );
    for (const r of [w, m, h, l]) {
      expect(r.stderr).toBe('');
      expect(r.stdout).not.toMatch(/total -|upperBound -|name total-guesses|587202460|\bsecrets \d/);
    }
    const manifest = readFileSync(join(t, 'manifest.json'), 'utf8');
    expect(manifest).not.toMatch(/9007199254740991|Infinity|1e\+?\d{2}/);
  });

  it('8: the progress bar is drawn from the start, fitted to the width, only on stderr', async () => {
    const child = spawn(
      process.execPath,
      [CLI, 'compile', '--game', 'lingo', '--len', '6', '--workers', '1', '--out', join(dir, 'x8.gtree')],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, GUESSTREE_PROGRESS: '1', COLUMNS: '60', GUESSTREE_TREES: trees },
      },
    );
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    // Stop it once a bar has been drawn (or after 20 s on a very busy machine: then none was).
    for (let waited = 0; waited < 20_000 && !/(^|[\r\n])lingo-len6/.test(stderr); waited += 100)
      await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 300));
    child.kill('SIGTERM');
    await exited;
    const bars = stderr.split(/[\r\n]/).filter((l) => l.startsWith('lingo-len6'));
    expect(bars.length, stderr).toBeGreaterThan(0);
    for (const b of bars) expect(b.length, b).toBeLessThanOrEqual(60);
    expect(stdout).toBe('');
  });

  it('9: control characters from input files are escaped, a long bad line is cut, a 5 MB one capped', async () => {
    const esc = join(dir, 'esc.txt');
    writeFileSync(esc, `able\nba\x1b[2Jd\n`);
    const r = await cli(
      ['compile', '--game', 'lingo', '--len', '4', '--wordlist', esc, '--out', join(dir, 'x9.gtree')],
      { trees },
    );
    expect(r.code).toBe(3);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).not.toContain('\x1b');
    expect(r.stderr).toContain('\\x1B');
    const huge = join(dir, 'huge.txt');
    writeFileSync(huge, `able\n${'A'.repeat(5_000_000)}\n`);
    const h = await cli(
      ['compile', '--game', 'lingo', '--len', '4', '--wordlist', huge, '--out', join(dir, 'x9.gtree')],
      { trees },
    );
    expect(h.code).toBe(3);
    expect(lines(h.stderr)).toHaveLength(1);
    expect(h.stderr.length).toBeLessThan(300);
    expect(h.stderr).toContain('huge.txt:2');
    expect(h.stderr).toContain('4,096 bytes');
    // A bad line under the cap is named, and cut in the message.
    const long = join(dir, 'long.txt');
    writeFileSync(long, `able\n${'B'.repeat(4_000)}\n`);
    const l = await cli(
      ['compile', '--game', 'lingo', '--len', '4', '--wordlist', long, '--out', join(dir, 'x9.gtree')],
      { trees },
    );
    expect(l.code).toBe(3);
    expect(lines(l.stderr)).toHaveLength(1);
    expect(l.stderr.length).toBeLessThan(300);
    expect(l.stderr).toContain('long.txt:2');
  });

  it('10: verify says what a game without a cap means; a missing tree is named without garbling', async () => {
    const mm = join(dir, 'x10.gtree');
    expect(
      (await cli(['compile', '--game', 'mastermind', '--pegs', '2', '--colors', '4', '--out', mm], { trees })).code,
    ).toBe(0);
    const v = await cli(['verify', '--tree', mm], { trees });
    expect(v.code).toBe(0);
    expect(v.stdout).not.toMatch(/within 16 guesses/);
    expect(v.stdout).toContain('every secret is found');
    const none = await cli(['verify', '--game', 'mastermind', '--pegs', '6', '--colors', '5'], {
      trees: join(dir, 'empty-10'),
    });
    expectOneLine(
      none,
      4,
      /^guesstree: no shipped tree for mastermind-p6c5; make one with: guesstree compile --game mastermind --pegs 6 --colors 5 \(or pass --tree FILE\)$/,
    );
  });

  it('11: file errors are words, not codes', async () => {
    expectOneLine(
      await cli(
        [
          'compile',
          '--game',
          'lingo',
          '--len',
          '4',
          '--wordlist',
          list,
          '--out',
          join(dir, 'no-such-folder', 'x.gtree'),
        ],
        { trees },
      ),
      2,
      /^guesstree: .*no-such-folder\/x\.gtree: cannot write: folder does not exist$/,
    );
    expectOneLine(
      await cli(['compile', '--game', 'lingo', '--len', '4', '--wordlist', list, '--out', ''], { trees }),
      2,
      /^guesstree: --out "": expected a file name$/,
    );
    expectOneLine(
      await cli(['compile', '--game', 'lingo', '--len', '4', '--wordlist', dir, '--out', join(dir, 'x.gtree')], {
        trees,
      }),
      3,
      /cannot read word list: is a directory, not a file$/,
    );
    for (const r of [await cli(['verify', '--tree', join(dir, 'missing.gtree')], { trees })])
      expect(r.stderr).not.toMatch(/ENOENT|EISDIR|EROFS/);
  });

  it('12: whole-number options are checked with their range; an unknown command lists the commands', async () => {
    const base = ['compile', '--game', 'lingo', '--len', '4', '--wordlist', list, '--out', join(dir, 'x12.gtree')];
    const cases: Array<[string[], RegExp]> = [
      [[...base, '--workers', 'abc'], /^guesstree: --workers abc: expected a whole number from 1 to 256$/],
      [[...base, '--workers', '1000000'], /^guesstree: --workers 1000000: expected a whole number from 1 to 256$/],
      [[...base, '--max-memory', '-1'], /^guesstree: --max-memory -1: expected a whole number from 1 to /],
      [
        ['compile', '--game', 'lingo', '--len', '1e400', '--wordlist', list],
        /^guesstree: --len 1e400: expected a whole number from 4 to 13$/,
      ],
      [
        ['stats', '--game', 'lingo', '--len', '4', '--hardest', '2.5'],
        /^guesstree: --hardest 2\.5: expected a whole number from 0 to /,
      ],
    ];
    for (const [args, re] of cases) expectOneLine(await cli(args, { trees }), 2, re);
    const unknown = await cli(['frobnicate'], { trees });
    expectOneLine(
      unknown,
      2,
      /^guesstree: unknown command "frobnicate" \(the commands are compile, verify, stats, export, play/,
    );
  });

  it('13: every exit status is documented in the README, and a missing input file is status 3 whatever its kind', async () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    for (const status of new Set([...Object.values(EXIT_STATUS), 0, 1]))
      expect(readme, `status ${status}`).toMatch(new RegExp(`\\| ${status} \\|`));
    const missing = join(dir, 'missing.file');
    const runs = await Promise.all([
      cli(['compile', '--game', 'lingo', '--len', '4', '--wordlist', missing], { trees }),
      cli(['verify', '--tree', missing], { trees }),
      cli(['verify', '--game', 'mastermind', '--pegs', '2', '--colors', '3', '--contest', missing], { trees }),
      cli(['compile', '--game', 'matchcount', '--wordlist', missing], { trees }),
    ]);
    for (const r of runs) expectOneLine(r, 3, /missing\.file: cannot read .*: no such file or folder$/);
  });
});

describe('using it', () => {
  it('14: a cheap game with no shipped tree compiles one for play (saying so); verify says how to make a missing one', async () => {
    const words = writeList(join(dir, 'mc14.txt'), randomWords(rng(14), 12, 5, 'abcdef'));
    const p = await cli(['play', '--game', 'matchcount', '--wordlist', words], {
      trees: join(dir, 'empty-14'),
      input: '5\n',
    });
    expect(p.code, p.stderr).toBe(0);
    expect(lines(p.stderr)[0]).toMatch(
      /^guesstree: no shipped tree for matchcount-len5 with these lists; compiling one now \(guesstree compile --game matchcount --wordlist .*mc14\.txt saves it\)$/,
    );
    expect(p.stdout).toMatch(/^guess 1: [a-f]{5}$/m);
    expect(p.stdout).toMatch(/^solved in 1 guess$/m);
    const v = await cli(['verify', '--game', 'lingo', '--len', '4'], { trees: join(dir, 'empty-14') });
    expectOneLine(v, 4, /make one with: guesstree compile --game lingo --len 4 \(or pass --tree FILE\)$/);
  });

  it('15: play shows the reply syntax, the count still possible, takes replies in any case, and says so on Ctrl-D', async () => {
    const tree = join(dir, 'x15.gtree');
    expect(
      (
        await cli(
          ['compile', '--game', 'lingo', '--len', '4', '--wordlist', list, '--effort', 'greedy', '--out', tree],
          { trees },
        )
      ).code,
    ).toBe(0);
    const p = await cli(['play', '--tree', tree, '--wordlist', list], { trees, input: 'xxxx\n' });
    expect(p.code, p.stderr).toBe(0);
    const out = lines(p.stdout);
    expect(out[0]).toBe(
      'reply with the mask: O right place, ? elsewhere, X absent (any case, e.g. OX?X); 80 secrets are possible; undo (or u) takes back the last reply',
    );
    expect(out[2]).toMatch(/^\d+ secrets? still possible/);
    expect(p.stderr).toBe('end of input: the game is left unfinished\n');
    // At a terminal the prompt is on the guess's line (script gives the CLI a terminal).
    const tty = spawnSync(
      'script',
      ['-qec', `"${process.execPath}" "${CLI}" play --tree "${tree}" --wordlist "${list}"`, '/dev/null'],
      { encoding: 'utf8', input: 'OOOO\n', env: { ...process.env, GUESSTREE_TREES: trees }, timeout: 20_000 },
    );
    expect(tty.stdout).toMatch(/guess 1: [a-z]{4} {3}reply> /);
    expect(tty.stdout).toMatch(/Ctrl-D stops/);
    expect(
      (await cli(['compile', '--game', 'hangman', '--len', '4', '--wordlist', list], { trees: join(dir, 'trees-15') }))
        .code,
    ).toBe(0);
    const h = await cli(['play', '--game', 'hangman', '--len', '4', '--wordlist', list], {
      trees: join(dir, 'trees-15'),
      input: 'NONE\n',
    });
    expect(h.code, h.stderr).toBe(0);
    expect(lines(h.stdout)[0]).toMatch(
      /^reply with the positions \(1 to 4\) holding the letter, e\.g\. 2 5 or 2,5; - \(or none, or 0\) for a miss; 80 words are possible; undo \(or u\) takes back the last reply$/,
    );
    expect(h.stdout).toMatch(/^\d+ words? still possible/m);
  });

  it('16: npx guesstree works in the clone, and npm run --silent cli gives clean output', () => {
    const help = spawnSync('npx', ['--no-install', 'guesstree', '--help'], { cwd: ROOT, encoding: 'utf8' });
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^Usage: guesstree <command> /);
    const v = spawnSync('npm', ['run', '--silent', 'cli', '--', '--version'], { cwd: ROOT, encoding: 'utf8' });
    expect(v.status).toBe(0);
    expect(v.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it('17: one name per meaning: old names work with a one-line note; --help lists only what a verb takes', async () => {
    const words = writeList(join(dir, 'mc17.txt'), randomWords(rng(17), 10, 5, 'abcdef'));
    const old = await cli(['compile', '--game', 'matchcount', '--words', words, '--out', join(dir, 'x17.gtree')], {
      trees,
    });
    expect(old.code, old.stderr).toBe(0);
    expect(old.stderr).toBe('guesstree: note: --words FILE is now --wordlist FILE\n');
    const greedy = await cli(
      [
        'compile',
        '--game',
        'hangman',
        '--len',
        '4',
        '--wordlist',
        list,
        '--strategy',
        'greedy',
        '--out',
        join(dir, 'x17h.gtree'),
      ],
      { trees },
    );
    expect(greedy.code, greedy.stderr).toBe(0);
    expect(greedy.stderr).toBe('guesstree: note: --strategy greedy is now --effort greedy\n');
    const vh = await cli(['verify', '--help'], { trees });
    expect(vh.stdout).not.toMatch(/--effort|--workers|--max-depth|--checkpoint/);
    expect(vh.stdout).toMatch(/^mastermind: /m);
    const ch = await cli(['compile', '--help'], { trees });
    expect(ch.stdout).toMatch(/--max-depth/);
    expect(ch.stdout).not.toMatch(/--tree\b/);
  });

  it("18: the README's main job leaves a clone clean: its tree ships, and recompiling it rewrites nothing", async () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme.split('\n').slice(0, 6).join('\n')).toMatch(/npm ci && npm run compile -- --game lingo --len 5\n/);
    const manifest = JSON.parse(readFileSync(join(ROOT, 'trees', 'manifest.json'), 'utf8')) as {
      trees: Array<{ file: string; game: string; params: { length?: number }; lists: Array<{ count: number }> }>;
    };
    // The default dictionary's 5-letter words (12,578): the main job's tree is shipped.
    expect(manifest.trees.some((e) => e.game === 'lingo' && e.params.length === 5 && e.lists[0]?.count === 12578)).toBe(
      true,
    );
    // A compile that gives the very tree already there rewrites nothing (Mastermind, quick).
    const t = join(dir, 'trees-18');
    mkdirSync(t);
    expect((await cli(['compile', '--game', 'mastermind', '--pegs', '3', '--colors', '3'], { trees: t })).code).toBe(0);
    const before = Object.fromEntries(readdirSync(t).map((f) => [f, readFileSync(join(t, f), 'utf8')]));
    const again = await cli(['compile', '--game', 'mastermind', '--pegs', '3', '--colors', '3'], { trees: t });
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/\(the same tree was there already; nothing rewritten\)$/m);
    for (const [f, text] of Object.entries(before)) expect(readFileSync(join(t, f), 'utf8'), f).toBe(text);
  });
});

describe('any arguments', () => {
  it('random argv from the known options ends with status 0 or one line on stderr, never an internal error', async () => {
    const verbs = ['compile', 'verify', 'stats', 'export', 'play', 'frobnicate'];
    const names = [
      ...new Set([
        'game',
        'tree',
        'out',
        'effort',
        'workers',
        'format',
        'hardest',
        'checkpoint',
        'resume',
        'force',
        'max-memory',
        ...knownOptions('compile').map((o) => o.name),
        ...knownOptions('verify').map((o) => o.name),
      ]),
    ];
    const values = fc.oneof(
      fc.constantFrom(
        ...GAMES.map((g) => g.id),
        'quick',
        'greedy',
        'paths',
        'json',
        'html',
        '0',
        '1',
        '2',
        '3',
        '-1',
        '1e400',
        'NaN',
        '',
        ' ',
        '\x1b[2J',
        list,
        dir,
        join(dir, 'nope'),
      ),
      fc.integer({ min: -5, max: 20 }).map(String),
      fc.string({ maxLength: 6 }),
    );
    const arg = fc.oneof(
      fc.tuple(fc.constantFrom(...names), values).map(([n, v]) => [`--${n}`, v]),
      fc.constantFrom(...names).map((n) => [`--${n}`]),
      values.map((v) => [v]),
    );
    const argv = fc
      .tuple(fc.constantFrom(...verbs), fc.array(arg, { maxLength: 6 }))
      .map(([v, rest]) => [v, ...rest.flat()]);
    await fc.assert(
      fc.asyncProperty(argv, async (args) => {
        // Compiles are kept tiny: one worker and a memory limit that refuses all but the smallest.
        const r = await cli([...args, ...(args[0] === 'compile' ? ['--workers', '1', '--max-memory', '110'] : [])], {
          trees: join(dir, 'trees-prop'),
          input: '',
          timeoutMs: 20_000,
        });
        if (r.signal === 'SIGKILL') return; // a long compile: not an error
        expect(r.stderr, args.join(' ')).not.toMatch(/internal error|\n\s+at |^\s+at /m);
        if (r.code !== 0)
          expect(
            lines(r.stderr).filter((l) => !l.startsWith('guesstree: note:')).length,
            `${args.join(' ')}\n${r.stderr}`,
          ).toBe(1);
      }),
      { numRuns: 60, seed: 843 },
    );
  }, 300_000);
});
