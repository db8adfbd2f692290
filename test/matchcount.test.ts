/**
 * Match-count (LeetCode 843, `--game matchcount --words FILE [--budget N]`): the list rules,
 * the exact worst-case search against brute force and against a plain reference search, the
 * CLI end to end on generated lists (compile, verify, stats, export, play, the budget status,
 * bad input), the exported LeetCode solution against a Master emulator, and, when
 * ../shared/matchcount/ is present, the worst cases required of the shared lists, read
 * from `export --format paths`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GuesstreeError } from '../runtime/errors.js';
import { WorstCaseSearch, NOT_SOLVABLE, SOLVABLE } from '../compiler/games/matchcount/prover-core.js';
import { proveWorstCase, PROVER_DEFAULTS, type ProverSettings } from '../compiler/games/matchcount/prover.js';
import { flattenPlan } from '../compiler/engine/plan.js';
import { loadMatchCountList, MatchCountGame } from '../compiler/games/matchcount/game.js';
import { replayAll } from '../compiler/replay.js';
import {
  cli,
  lines,
  listSha256,
  normalized,
  parsePaths,
  randomWords,
  removeDir,
  rng,
  ROOT,
  tempDir,
  writeList,
  type Run,
} from './support/e2e.js';

const SHARED = join(ROOT, '..', 'shared', 'matchcount');
const sharedPresent = existsSync(SHARED);
if (!sharedPresent)
  console.log(
    `matchcount: the shared-list checks are skipped: ${SHARED} is absent (../shared/ is not on this machine)`,
  );

const AZ = 'abcdefghijklmnopqrstuvwxyz';

function matches(a: string, b: string): number {
  let k = 0;
  for (let p = 0; p < a.length; p++) if (a[p] === b[p]) k++;
  return k;
}

function gameOf(words: readonly string[]): MatchCountGame {
  const sorted = normalized(words);
  return new MatchCountGame(sorted, [{ role: 'words', count: sorted.length, sha256: listSha256(sorted) }]);
}

/** Exact least worst case by plain recursion over bitmask subsets (small lists only). */
function bruteWorst(words: readonly string[]): number {
  const n = words.length;
  const memo = new Map<number, number>();
  const f = (mask: number): number => {
    let size = 0;
    for (let x = mask; x; x &= x - 1) size++;
    if (size <= 1) return size;
    const hit = memo.get(mask);
    if (hit !== undefined) return hit;
    let best = Infinity;
    for (let g = 0; g < n; g++) {
      const groups = new Map<number, number>();
      for (let s = 0; s < n; s++) {
        if (!((mask >> s) & 1)) continue;
        const c = matches(words[g], words[s]);
        if (c === words[g].length) continue;
        groups.set(c, (groups.get(c) ?? 0) | (1 << s));
      }
      let worst = 0;
      for (const m of groups.values()) worst = m === mask ? Infinity : Math.max(worst, f(m));
      best = Math.min(best, 1 + worst);
    }
    memo.set(mask, best);
    return best;
  };
  return f((1 << n) - 1);
}

/** Exact least total guesses among trees finding every secret within d guesses (tiny lists). */
function bruteTotal(words: readonly string[], d: number): number {
  const n = words.length;
  const memo = new Map<string, number>();
  const T = (mask: number, left: number): number => {
    let size = 0;
    for (let x = mask; x; x &= x - 1) size++;
    if (size === 0) return 0;
    if (left <= 0) return Infinity;
    if (size === 1) return 1;
    const key = `${mask}:${left}`;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    let best = Infinity;
    for (let g = 0; g < n; g++) {
      const groups = new Map<number, number>();
      for (let s = 0; s < n; s++) {
        if (!((mask >> s) & 1)) continue;
        const c = matches(words[g], words[s]);
        if (c === words[g].length) continue;
        groups.set(c, (groups.get(c) ?? 0) | (1 << s));
      }
      let sum = size;
      for (const m of groups.values()) sum += m === mask ? Infinity : T(m, left - 1);
      best = Math.min(best, sum);
    }
    memo.set(key, best);
    return best;
  };
  return T((1 << n) - 1, d);
}

/** Paths (secret → guesses) of a plan, replayed with the test's own match count. */
function checkPaths(words: readonly string[], paths: Map<string, string[]>): { worst: number; total: number } {
  const set = new Set(words);
  const next = new Map<string, string>();
  let worst = 0;
  let total = 0;
  expect([...paths.keys()].sort()).toEqual([...words].sort());
  for (const [secret, path] of paths) {
    expect(path.at(-1), `${secret} is found`).toBe(secret);
    const replies: number[] = [];
    path.forEach((g, i) => {
      expect(set.has(g), `${g} is a word of the list`).toBe(true);
      const key = replies.join(',');
      const seen = next.get(key);
      if (seen === undefined) next.set(key, g);
      else expect(g, `after replies [${key}] the tree plays one guess`).toBe(seen);
      if (i < path.length - 1) expect(g).not.toBe(secret);
      replies.push(matches(g, secret));
    });
    worst = Math.max(worst, path.length);
    total += path.length;
  }
  return { worst, total };
}

const QUICK: ProverSettings = { ...PROVER_DEFAULTS, widths: [2, 1] };

describe('match-count lists', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDir('mc-lists');
  });
  afterAll(() => removeDir(dir));
  const load = (name: string, text: string) => {
    const p = join(dir, name);
    writeFileSync(p, text);
    return () => loadMatchCountList(p);
  };
  const error = (f: () => unknown): GuesstreeError => {
    try {
      f();
    } catch (e) {
      expect(e).toBeInstanceOf(GuesstreeError);
      expect((e as GuesstreeError).message).not.toContain('\n');
      return e as GuesstreeError;
    }
    throw new Error('expected an error');
  };

  it('reads comments, blank lines, CRLF and spaces; sorts the words; any length', () => {
    const l = load('ok.txt', '# acckzz 10\r\n  ccbazz\t\r\n\r\nacckzz\r\n# another comment\r\neiowzz\r\nabcczz\r\n')();
    expect(l.words).toEqual(['abcczz', 'acckzz', 'ccbazz', 'eiowzz']);
    expect(load('three.txt', 'abc\nabd\n')().words).toEqual(['abc', 'abd']);
    expect(load('one.txt', 'q\n')().words).toEqual(['q']);
  });

  it('rejects duplicates, upper case, other characters, mixed lengths and empty lists with the file and line', () => {
    const dup = error(load('dup.txt', '# c 10\nabcdef\nghijkl\n\nabcdef\n'));
    expect(dup.kind).toBe('wordlist');
    expect(dup.message).toMatch(/dup\.txt:5: "abcdef" is listed twice \(first on line 2\)/);
    const upper = error(load('upper.txt', 'abcdef\nAbcdeg\n'));
    expect(upper.message).toMatch(/upper\.txt:2: .*upper case/);
    const other = error(load('other.txt', 'abcdef\nabc-ef\n'));
    expect(other.message).toMatch(/other\.txt:2: .*not a-z/);
    const mixed = error(load('mixed.txt', '# x\nabcdef\nabcde\n'));
    expect(mixed.message).toMatch(/mixed\.txt:3: "abcde" has 5 letters, but the first word \(line 2\) has 6/);
    const empty = error(load('empty.txt', '# only a comment\n\n'));
    expect(empty.message).toMatch(/empty\.txt: the list is empty/);
    expect(error(() => loadMatchCountList(join(dir, 'missing.txt'))).message).toMatch(/no such file/);
  });

  it('replies are the number of positions that match (the statement examples)', () => {
    const g = gameOf(['acckzz', 'ccbazz', 'eiowzz', 'abcczz']);
    const at = (w: string) => g.words.indexOf(w);
    const secret = at('acckzz');
    expect(g.feedback(at('acckzz'), secret)).toBe(6);
    expect(g.feedback(at('ccbazz'), secret)).toBe(3);
    expect(g.feedback(at('eiowzz'), secret)).toBe(2);
    expect(g.feedback(at('abcczz'), secret)).toBe(4);
    expect(g.solvedCode).toBe(6);
    expect(g.maxAttempts).toBe(4);
    expect(g.parseCode(' 3 ')).toBe(3);
    for (const bad of ['7', '-1', 'x', '', '2.5']) expect(() => g.parseCode(bad)).toThrow(/0 to 6/);
  });
});

/** A random list of 2-12 distinct words of length 2-5 over 2-6 letters. */
function smallRandomList(rand: () => number): string[] {
  const len = 2 + Math.floor(rand() * 4);
  const alphabet = AZ.slice(0, 2 + Math.floor(rand() * 5));
  const n = Math.min(2 + Math.floor(rand() * 11), alphabet.length ** len);
  return normalized(randomWords(rand, n, len, alphabet));
}

describe('exact worst-case search', () => {
  it('equals brute force on 150 small lists, proves it, and its tree replays within it', () => {
    const rand = rng(843);
    for (let i = 0; i < 150; i++) {
      const words = smallRandomList(rand);
      const game = gameOf(words);
      const r = proveWorstCase(game, QUICK);
      const exact = bruteWorst(words);
      expect({ i, words, worst: r.worstCase, proven: r.proven, lb: r.lowerBound }).toEqual({
        i,
        words,
        worst: exact,
        proven: true,
        lb: exact,
      });
      const s = replayAll(game, flattenPlan(r.plan));
      expect(s.histogram[0]).toBe(0);
      expect(s.maxFound).toBe(exact);
      let total = 0;
      for (let a = 1; a < s.histogram.length; a++) total += a * s.histogram[a];
      expect(r.total).toBe(total);
      expect(-s.total).toBe(total);
      if (words.length <= 9) expect(total, words.join(' ')).toBeGreaterThanOrEqual(bruteTotal(words, exact));
    }
  });

  it('agrees with a plain search (no packings, no capacities) on structured 20-word lists', () => {
    const rand = rng(99);
    for (let i = 0; i < 12; i++) {
      const words = normalized(randomWords(rand, 20, 4, AZ.slice(0, 3 + (i % 3))));
      expect(proveWorstCase(gameOf(words), QUICK).worstCase, words.join(' ')).toBe(bruteWorst(words));
    }
  });

  it('never claims a lower bound above the optimum when the proof is cut short', () => {
    const rand = rng(5);
    for (let i = 0; i < 20; i++) {
      const words = normalized(randomWords(rand, 12, 3, AZ.slice(0, 4)));
      const exact = bruteWorst(words);
      const r = proveWorstCase(gameOf(words), { ...QUICK, proofNodes: 1, upperNodes: 0 });
      expect(r.lowerBound).toBeLessThanOrEqual(exact);
      expect(r.worstCase).toBeGreaterThanOrEqual(exact);
      expect(r.proven).toBe(r.lowerBound === r.worstCase);
    }
  });

  it('proves at once that words differing in every position need as many guesses as words', () => {
    const words = [...'abcdefghijklmnopqrst'].map((c) => c.repeat(6));
    const r = proveWorstCase(gameOf(words));
    expect({ worst: r.worstCase, lb: r.lowerBound, proven: r.proven, nodes: r.nodes }).toEqual({
      worst: 20,
      lb: 20,
      proven: true,
      nodes: 0,
    });
  });

  it('is deterministic: same list in another order, same tree', () => {
    const words = randomWords(rng(3), 60, 6, AZ);
    const a = flattenPlan(proveWorstCase(gameOf(words), QUICK).plan);
    const b = flattenPlan(proveWorstCase(gameOf([...words].reverse()), QUICK).plan);
    expect(b).toEqual(a);
  });

  it('the core answers yes and no consistently with its memo and a node limit', () => {
    const words = normalized(randomWords(rng(8), 40, 6, AZ));
    const reply = new Uint8Array(40 * 40);
    words.forEach((g, i) => {
      words.forEach((s, j) => {
        reply[i * 40 + j] = matches(g, s);
      });
    });
    const core = new WorstCaseSearch({ guesses: 40, secrets: 40, codes: 7, solved: 6, reply });
    const all = core.allSecrets();
    const exact = proveWorstCase(gameOf(words), QUICK).worstCase;
    expect(core.solve(all, exact)).toBe(SOLVABLE);
    expect(core.solve(all, exact - 1)).toBe(NOT_SOLVABLE);
    expect(core.solve(all, exact + 3)).toBe(SOLVABLE);
    const g = core.guessWithin(all, exact);
    for (const grp of core.split(all, g).groups) expect(core.solve(grp, exact - 1)).toBe(SOLVABLE);
  });

  it('a spent rebuild budget still gives a tree within the proven worst case', () => {
    const words = normalized(randomWords(rng(12), 40, 5, AZ.slice(0, 6)));
    const game = gameOf(words);
    const wide = proveWorstCase(game, QUICK);
    const spent = proveWorstCase(game, { ...QUICK, totalNodes: 0 });
    expect(spent.proven).toBe(true);
    expect(spent.worstCase).toBe(wide.worstCase);
    const s = replayAll(game, flattenPlan(spent.plan));
    expect(s.histogram[0]).toBe(0);
    expect(s.maxFound).toBe(wide.worstCase);
  });
});

describe('CLI: compile, verify, stats, export, play, budget, bad input', () => {
  let dir: string;
  let empty: string;
  let list: string;
  let words: string[];
  let tree: string;
  let compiled: Run;
  let paths: Map<string, string[]>;
  const GAME = (w: string) => ['--game', 'matchcount', '--wordlist', w];

  beforeAll(async () => {
    dir = tempDir('mc-cli');
    empty = join(dir, 'empty-trees');
    const raw = randomWords(rng(21), 40, 6, AZ);
    words = normalized(raw);
    list = writeList(join(dir, 'words.txt'), ['# a generated list', ...raw]);
    tree = join(dir, 'mc.gtree');
    compiled = await cli(['compile', ...GAME(list), '--out', tree], { trees: empty });
    expect(compiled.stderr).toBe('');
    const ex = await cli(['export', '--tree', tree, '--wordlist', list, '--format', 'paths'], { trees: empty });
    expect(ex.stderr).toBe('');
    paths = parsePaths(ex.stdout);
  });
  afterAll(() => removeDir(dir));

  it('compile: the summary, saying what was proven, once; exit 0 within the budget', () => {
    expect(compiled.code).toBe(0);
    const out = lines(compiled.stdout);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/^matchcount-len6: worst case \d+ guesses, .*\| .*mc\.gtree$/);
    const { worst, total } = checkPaths(words, paths);
    expect(out[0]).toContain(`worst case ${worst} guesses, proven optimal`);
    expect(out[0]).toContain(
      `total ${total.toLocaleString('en-US')} guesses (least found, not proven), mean ${(total / words.length).toFixed(4)}`,
    );
  });

  it('verify and stats print the worst case and the proof; a compile into GUESSTREE_TREES is found by the game options', async () => {
    const trees = join(dir, 'trees');
    const c = await cli(['compile', ...GAME(list)], { trees });
    expect(c.code).toBe(0);
    const file = `matchcount-len6-${listSha256(words).slice(0, 12)}.gtree`;
    expect(readdirSync(trees).sort()).toEqual([file, 'manifest.json'].sort());
    expect(readFileSync(join(trees, file)).equals(readFileSync(tree))).toBe(true);
    const [v, s] = await Promise.all([
      cli(['verify', ...GAME(list)], { trees }),
      cli(['stats', '--tree', tree, '--wordlist', list, '--hardest', '2'], { trees: empty }),
    ]);
    const { worst, total } = checkPaths(words, paths);
    expect(v.code).toBe(0);
    expect(v.stdout).toContain(`tree: ${join(trees, file)}\n`);
    expect(v.stdout).toContain(`total guesses: ${total}\n`);
    expect(v.stdout).toContain(
      `worst case: ${worst} guesses; recorded by its compile: proven lower bound ${worst} (proven optimal)\n`,
    );
    expect(v.stdout).toMatch(/^verify: ok/m);
    // The histogram stops at the deepest find, not at 40 guesses.
    expect(v.stdout).toContain(`  ${worst} guesses |`);
    expect(v.stdout).not.toContain(`${worst + 1} guesses |`);
    expect(s.code).toBe(0);
    expect(s.stdout).toContain(
      `worst case: ${worst} guesses; recorded by its compile: proven lower bound ${worst} (proven optimal)\n`,
    );
    expect(s.stdout).toContain(`mean: ${(total / words.length).toFixed(4)} guesses (total ${total}) over 40 secrets`);
  });

  it('is deterministic: the same list in another order and layout gives the same bytes', async () => {
    const other = join(dir, 'reordered.txt');
    writeFileSync(
      other,
      `${[...words]
        .reverse()
        .map((w, i) => (i % 7 === 0 ? `  ${w}\t` : w))
        .join('\r\n')}\r\n# end\r\n`,
    );
    const r = await cli(['compile', ...GAME(other), '--out', join(dir, 'again.gtree')], { trees: empty });
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, 'again.gtree')).equals(readFileSync(tree))).toBe(true);
  });

  it('--budget below the worst case: one line with the optimum and the budget, status 6, the tree still written', async () => {
    const { worst } = checkPaths(words, paths);
    const out = join(dir, 'budget.gtree');
    const r = await cli(['compile', ...GAME(list), '--budget', String(worst - 1), '--out', out], { trees: empty });
    expect(r.code).toBe(6);
    expect(lines(r.stderr)).toEqual([
      `guesstree: ${list}: needs ${worst} guesses in the worst case (proven optimal), more than --budget ${worst - 1}; the tree was written to ${out}`,
    ]);
    expect(readFileSync(out).length).toBeGreaterThan(0);
    const v = await cli(['verify', '--tree', out, '--wordlist', list], { trees: empty });
    expect(v.code).toBe(0);
    const ok = await cli(
      ['compile', ...GAME(list), '--budget', String(worst), '--out', join(dir, 'exact-budget.gtree')],
      { trees: empty },
    );
    expect(ok.code).toBe(0);
  });

  it('play: the guesses follow the tree as a person types the match counts', async () => {
    const secrets = [...paths.keys()]
      .sort((a, b) => (paths.get(b)?.length ?? 0) - (paths.get(a)?.length ?? 0))
      .slice(0, 3);
    const runs = await Promise.all(
      secrets.map((secret) => {
        const p = paths.get(secret) as string[];
        const input = p.map((g) => `${matches(g, secret)}\n`).join('');
        return cli(['play', '--tree', tree, '--wordlist', list], { trees: empty, input });
      }),
    );
    runs.forEach((r, i) => {
      const p = paths.get(secrets[i]) as string[];
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
      const out = lines(r.stdout);
      expect(out[0]).toMatch(
        /^reply with the number of positions that match, 0 to 6; \d+ secrets are possible; undo \(or u\) takes back the last reply$/,
      );
      // Each guess, then (but after the last) how many secrets are still possible.
      expect(out.filter((l) => !/still possible/.test(l)).slice(1)).toEqual([
        ...p.map((g, k) => `guess ${k + 1}: ${g}`),
        `solved in ${p.length} guess${p.length === 1 ? '' : 'es'}`,
      ]);
      expect(out.filter((l) => /^\d+ secrets? still possible/.test(l))).toHaveLength(p.length - 1);
    });
    const opener = paths.get(words[0])?.[0] as string;
    const replies = new Set(words.map((w) => matches(opener, w)));
    const impossible = [0, 1, 2, 3, 4, 5].find((k) => !replies.has(k)) as number;
    const [bad, high, imp] = await Promise.all([
      cli(['play', '--tree', tree, '--wordlist', list], { trees: empty, input: 'x\n' }),
      cli(['play', '--tree', tree, '--wordlist', list], { trees: empty, input: '7\n' }),
      cli(['play', '--tree', tree, '--wordlist', list], { trees: empty, input: `${impossible}\n` }),
    ]);
    for (const r of [bad, high, imp]) {
      expect(r.code).toBe(5);
      expect(lines(r.stderr)).toHaveLength(1);
      expect(lines(r.stdout).slice(1)).toEqual([`guess 1: ${opener}`]);
    }
    expect(imp.stderr).toContain('impossible');
  });

  it('bad input: one line on stderr and a non-zero status', async () => {
    const dup = writeList(join(dir, 'dup.txt'), ['abcdef', 'ghijkl', 'abcdef']);
    const upper = writeList(join(dir, 'upper.txt'), ['abcdef', 'ABCDEF']);
    const mixed = writeList(join(dir, 'mixed.txt'), ['abcdef', 'abcdefg']);
    const none = writeList(join(dir, 'none.txt'), ['# nothing']);
    const o = ['--out', join(dir, 'x.gtree')];
    const runs = await Promise.all([
      cli(['compile', ...GAME(dup), ...o], { trees: empty }),
      cli(['compile', ...GAME(upper), ...o], { trees: empty }),
      cli(['compile', ...GAME(mixed), ...o], { trees: empty }),
      cli(['compile', ...GAME(none), ...o], { trees: empty }),
      cli(['compile', ...GAME(list), '--budget', '0', ...o], { trees: empty }),
      cli(['compile', ...GAME(list), '--budget', '2.5', ...o], { trees: empty }),
      cli(['compile', '--game', 'matchcount', ...o], { trees: empty }),
      cli(['compile', ...GAME(list), '--len', '6', ...o], { trees: empty }),
      cli(['compile', ...GAME(list), '--effort', 'extreme', ...o], { trees: empty }),
      cli(['export', '--format', 'leetcode', '--game', 'lingo'], { trees: empty }),
    ]);
    const expected: Array<[number, RegExp]> = [
      [3, /dup\.txt:3: "abcdef" is listed twice/],
      [3, /upper\.txt:2: .*upper case/],
      [3, /mixed\.txt:2: "abcdefg" has 7 letters/],
      [3, /none\.txt: the list is empty/],
      [2, /--budget 0: expected a whole number/],
      [2, /--budget 2\.5: expected a whole number/],
      [2, /matchcount needs --wordlist/],
      [2, /--len is not an option of matchcount \(matchcount takes --wordlist, --budget\)/],
      [2, /extreme/],
      [2, /--format leetcode is not a format of lingo \(paths, json, html\)/],
    ];
    runs.forEach((r, i) => {
      const [status, re] = expected[i] as [number, RegExp];
      expect({ i, code: r.code, lines: lines(r.stderr).length, stdout: r.stdout }).toEqual({
        i,
        code: status,
        lines: 1,
        stdout: '',
      });
      expect(r.stderr).toMatch(re);
    });
    expect(existsSync(join(dir, 'x.gtree'))).toBe(false);
  });

  it('--help names the options and the leetcode format', async () => {
    const [c, e] = await Promise.all([
      cli(['compile', '--help'], { trees: empty }),
      cli(['export', '--help'], { trees: empty }),
    ]);
    expect(c.stdout).toContain('--wordlist');
    expect(c.stdout).toContain('--budget');
    expect(e.stdout).toContain('leetcode');
  });
});

/** The exported solution, compiled by tsc (strict) and loaded fresh for each list. */
type Solve = (words: string[], master: { guess(word: string): number }) => void;

interface Played {
  worst: number;
  lost: number;
  firstMs: number;
  overBudget: number;
}

/** Every secret of a list against a Master emulator: counts calls, -1 for unknown words and past allowedGuesses. */
function playAll(js: string, words: readonly string[], allowed: number): Played {
  const solve = new Function(`${js}\nreturn findSecretWord;`)() as Solve;
  let worst = 0;
  let lost = 0;
  let firstMs = 0;
  let overBudget = 0;
  const known = new Set(words);
  words.forEach((secret, i) => {
    let calls = 0;
    let found = false;
    const master = {
      guess(word: string): number {
        calls++;
        if (calls > allowed) return -1;
        if (!known.has(word)) return -1;
        const k = matches(word, secret);
        if (k === secret.length) found = true;
        return k;
      },
    };
    const t = performance.now();
    solve([...words], master);
    if (i === 0) firstMs = performance.now() - t;
    if (!found) lost++;
    if (calls > allowed) overBudget++;
    worst = Math.max(worst, calls);
  });
  return { worst, lost, firstMs, overBudget };
}

describe('export --format leetcode', () => {
  let dir: string;
  let js: string;
  beforeAll(async () => {
    dir = tempDir('mc-leetcode');
    const file = join(dir, 'solution.ts');
    const r = await cli(['export', '--format', 'leetcode', '--game', 'matchcount', '--out', file], {
      trees: join(dir, 'trees'),
    });
    expect(r.code).toBe(0);
    const c = spawnSync(
      join(ROOT, 'node_modules', '.bin', 'tsc'),
      ['--strict', '--target', 'es2020', '--lib', 'es2020', '--outDir', join(dir, 'out'), file],
      { cwd: dir, encoding: 'utf8' },
    );
    expect(c.stdout + c.stderr, 'the solution type-checks under --strict').toBe('');
    js = readFileSync(join(dir, 'out', 'solution.js'), 'utf8');
  });
  afterAll(() => removeDir(dir));

  it("is one self-contained file with LeetCode's signature and no imports or exports", () => {
    const text = readFileSync(join(dir, 'solution.ts'), 'utf8');
    expect(text).toMatch(/^function findSecretWord\(words: string\[\], master: Master\): void \{$/m);
    expect(text).toMatch(/^interface Master \{$/m);
    expect(text).not.toMatch(/^\s*(import|export)\s/m);
    expect(text).toContain('class WorstCaseSearch');
  });

  it('finds every secret of generated 100-word lists within 10 guesses wherever a tree does, in under 200 ms a list', () => {
    const rand = rng(1843);
    const times: number[] = [];
    for (let i = 0; i < 8; i++) {
      const words = randomWords(rand, 100, 6, AZ);
      // A tree for the same list, from a short search: its worst case bounds the optimum.
      const r = proveWorstCase(gameOf(words), {
        ...QUICK,
        proofNodes: 0,
        upperNodes: 20_000,
        totalNodes: 0,
        widths: [1],
      });
      const played = playAll(js, words, 10);
      expect(played.lost).toBe(0);
      if (r.worstCase <= 10) expect(played.worst, `list ${i}`).toBeLessThanOrEqual(10);
      times.push(played.firstMs);
    }
    console.log(
      `matchcount: the LeetCode solution's first call on 100-word lists: ${times.map((t) => t.toFixed(0)).join(', ')} ms`,
    );
    times.sort((a, b) => a - b);
    expect(times[times.length >> 1]).toBeLessThan(200);
  });

  it('never loops: past allowedGuesses it stops, and small or odd lists work', () => {
    const words = [...'abcdefghijklmnop'].map((c) => c.repeat(5));
    const p = playAll(js, words, 10);
    expect(p.overBudget).toBe(6); // 16 words that differ everywhere: 6 secrets need more than 10
    expect(p.worst).toBe(11); // the 11th call gets -1 and the solution returns
    expect(playAll(js, words, 16)).toMatchObject({ lost: 0, worst: 16 });
    expect(playAll(js, ['abc'], 10)).toMatchObject({ lost: 0, worst: 1 });
    expect(playAll(js, ['ab', 'ba', 'aa', 'bb'], 10)).toMatchObject({ lost: 0 });
  });
});

describe.skipIf(!sharedPresent)(
  "shared lists (../shared/matchcount): the issue's acceptance, from export --format paths",
  () => {
    let dir: string;
    const results = new Map<string, { run: Run; paths: Map<string, string[]>; words: string[]; allowed: number }>();
    const names = sharedPresent
      ? readdirSync(SHARED)
          .filter((f) => f.endsWith('.txt'))
          .sort()
      : [];

    beforeAll(async () => {
      dir = tempDir('mc-shared');
      await Promise.all(
        names.map(async (name) => {
          const path = join(SHARED, name);
          const out = join(dir, `${name}.gtree`);
          const run = await cli(['compile', '--game', 'matchcount', '--wordlist', path, '--out', out], {
            trees: join(dir, 'trees'),
            timeoutMs: 120_000,
          });
          const ex = await cli(['export', '--tree', out, '--wordlist', path, '--format', 'paths'], {
            trees: join(dir, 'trees'),
          });
          const words = [...loadMatchCountList(path).words];
          const allowed = Number(/^#\s*\S+\s+(\d+)/.exec(readFileSync(path, 'utf8'))?.[1] ?? 10);
          results.set(name, { run, paths: parsePaths(ex.stdout), words, allowed });
        }),
      );
    }, 180_000);
    afterAll(() => removeDir(dir));

    const get = (name: string) => {
      const r = results.get(name);
      if (!r) throw new Error(`${name} was not compiled`);
      return { ...r, ...checkPaths(r.words, r.paths) };
    };

    it('the statement examples: every secret within 2 guesses (optimal), exit 0', () => {
      for (const name of ['example1.txt', 'example2.txt']) {
        const r = get(name);
        expect(r.run.code).toBe(0);
        expect(r.worst).toBe(2);
        expect(r.run.stdout).toContain('worst case 2 guesses, proven optimal');
      }
    });

    it('all-distinct-26.txt is proven to need 26 guesses; over the default budget: status 6', () => {
      const r = get('all-distinct-26.txt');
      expect(r.worst).toBe(26);
      expect(r.run.stdout).toContain('worst case 26 guesses, proven optimal');
      expect(r.run.code).toBe(6);
      expect(lines(r.run.stderr)).toHaveLength(1);
      expect(r.run.stderr).toContain('needs 26 guesses in the worst case (proven optimal), more than --budget 10');
    });

    it('random-100-1 and random-100-2: worst case at most 8, proven optimal', () => {
      for (const name of ['random-100-1.txt', 'random-100-2.txt']) {
        const r = get(name);
        expect(r.run.code).toBe(0);
        expect(r.worst).toBeLessThanOrEqual(8);
        expect(r.run.stdout).toContain(`worst case ${r.worst} guesses, proven optimal`);
      }
    });

    it('random-100-3: 9 guesses, proven optimal (8 cannot be reached: the issue asks for at most 8)', () => {
      const r = get('random-100-3.txt');
      expect(r.run.code).toBe(0);
      expect(r.worst).toBe(9);
      expect(r.run.stdout).toContain('worst case 9 guesses, proven optimal');
    });

    it("shared-prefix.txt: below the editorial heuristic's 16, proven optimal", () => {
      const r = get('shared-prefix.txt');
      expect(r.worst).toBeLessThan(16);
      expect(r.run.stdout).toContain(`worst case ${r.worst} guesses, proven optimal`);
      expect(r.run.code).toBe(r.worst > 10 ? 6 : 0);
    });

    it('the LeetCode solution on every secret: within allowedGuesses wherever the tree is, and never worse than 10 where the tree is within 10', async () => {
      const d = tempDir('mc-shared-lc');
      try {
        const file = join(d, 'solution.ts');
        await cli(['export', '--format', 'leetcode', '--game', 'matchcount', '--out', file], {
          trees: join(d, 'trees'),
        });
        const c = spawnSync(
          join(ROOT, 'node_modules', '.bin', 'tsc'),
          ['--strict', '--target', 'es2020', '--lib', 'es2020', '--outDir', join(d, 'out'), file],
          { cwd: d, encoding: 'utf8' },
        );
        expect(c.status).toBe(0);
        const js = readFileSync(join(d, 'out', 'solution.js'), 'utf8');
        for (const name of names) {
          const r = get(name);
          const p = playAll(js, r.words, r.allowed);
          if (r.worst <= r.allowed)
            expect({ name, lost: p.lost, over: p.overBudget }).toEqual({ name, lost: 0, over: 0 });
          if (r.worst <= 10) expect(p.worst, name).toBeLessThanOrEqual(10);
          // With room for every guess, it finds every secret, and never loops.
          const full = playAll(js, r.words, r.words.length);
          expect({ name, lost: full.lost }).toEqual({ name, lost: 0 });
          expect(full.worst).toBeLessThanOrEqual(r.words.length);
        }
      } finally {
        removeDir(d);
      }
    });
  },
);
