/**
 * Wordle's `--max-guesses N` (the limit on guesses, default 6) through the CLI, on seven answers
 * that differ only in their first letter and no other guess: each guess tells exactly one of them
 * apart, so a tree finds min(N, 7) of them, the k-th on guess k. The limit is a game parameter:
 * compile, verify, stats, export and play take it, a tree for 7 guesses is its own shipped tree
 * (own file and manifest entry), and a header that says 6 is left as it was.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceMask } from '../runtime/lingo-feedback.js';
import { readManifest } from '../runtime/manifest.js';
import { decodeTreeFile } from '../runtime/tree-format.js';
import { checkProof, formatProof, parseProof } from '../compiler/games/wordle/proof.js';
import { cli, lines, parsePaths, removeDir, tempDir, writeList } from './support/e2e.js';

const CLUSTER = [...'bcfmptw'].map((c) => `${c}akes`);

describe('wordle --max-guesses', () => {
  let dir: string;
  let trees: string;
  let game: string[];

  beforeAll(() => {
    dir = tempDir('wordle-limit');
    trees = tempDir('wordle-limit-trees');
    const list = writeList(join(dir, 'cluster.txt'), CLUSTER);
    game = ['--game', 'wordle', '--answers', list, '--guesses', list];
  });
  afterAll(() => {
    removeDir(dir);
    removeDir(trees);
  });

  it('N guesses find min(N, 7) answers; the header records N, verify replays within it', async () => {
    for (const limit of [3, 7]) {
      const out = join(dir, `normal-${limit}.gtree`);
      const c = await cli(['compile', ...game, '--max-guesses', String(limit), '--workers', '1', '--out', out], {
        trees,
      });
      expect(c.code, c.stderr).toBe(0);
      const header = decodeTreeFile(readFileSync(out), out).header;
      expect(header.params).toEqual({ length: 5, attempts: limit, hard: false });
      const found = Math.min(limit, CLUSTER.length);
      expect(header.objective.found).toBe(found);
      expect(header.objective.totalGuesses).toBe((found * (found + 1)) / 2);
      const v = await cli(['verify', '--tree', out], { trees });
      expect(v.code, v.stderr).toBe(0);
      expect(v.stdout).toContain(`max depth: ${found}\n`);
      if (found < CLUSTER.length) expect(v.stdout).toContain(`not found within ${limit} guesses: ${7 - found}`);
      else expect(v.stdout).toContain('every secret is found');
      const e = await cli(['export', '--format', 'paths', '--tree', out], { trees });
      expect(e.code, e.stderr).toBe(0);
      for (const [answer, path] of parsePaths(e.stdout)) expect(path.length, answer).toBeLessThanOrEqual(limit);
    }
    // A --max-guesses that contradicts the tree's (the default one too) is refused by name.
    const other = await cli(['stats', '--tree', join(dir, 'normal-3.gtree'), '--max-guesses', '6'], { trees });
    expect(other.code).toBe(2);
    expect(other.stderr).toContain('--max-guesses 6 given, but the tree');
  });

  it('a tree for 7 guesses ships beside the default one, and every verb finds it from the game options', async () => {
    const hard = [...game, '--hard'];
    for (const extra of [[], ['--max-guesses', '7']]) {
      const c = await cli(['compile', ...hard, ...extra, '--workers', '1'], { trees });
      expect(c.code, c.stderr).toBe(0);
    }
    const entries = readManifest(trees).trees.filter((t) => t.game === 'wordle');
    expect(entries.map((t) => [t.file.replace(/-[0-9a-f]{12}\.gtree$/, ''), t.params.attempts]).sort()).toEqual([
      ['wordle-hard', 6],
      ['wordle-hard-g7', 7],
    ]);
    const s7 = await cli(['stats', ...hard, '--max-guesses', '7'], { trees });
    expect(s7.code, s7.stderr).toBe(0);
    expect(s7.stdout).toContain('wordle-hard-g7-');
    expect(s7.stdout).toMatch(/7 guesses \| 1 /);
    const s6 = await cli(['stats', ...hard], { trees });
    expect(s6.code, s6.stderr).toBe(0);
    expect(s6.stdout).toMatch(/not found \| 1 /);
    const v = await cli(['verify', ...hard, '--max-guesses', '7'], { trees });
    expect(v.code, v.stderr).toBe(0);
    const e = await cli(['export', '--format', 'paths', ...hard, '--max-guesses', '7'], { trees });
    expect(e.code, e.stderr).toBe(0);
    const last = CLUSTER.find((w) => parsePaths(e.stdout).get(w)?.length === 7) as string;
    expect(last).toBeDefined();
    const path = parsePaths(e.stdout).get(last) as string[];
    const input = `${path.map((g) => referenceMask(last, g)).join('\n')}\n`;
    const p = await cli(['play', ...hard, '--max-guesses', '7'], { trees, input });
    expect(p.code, p.stderr).toBe(0);
    expect(lines(p.stdout).filter((l) => l.startsWith('guess ') || l.startsWith('solved'))).toEqual([
      ...path.map((g, i) => `guess ${i + 1}: ${g}`),
      'solved in 7 guesses',
    ]);
    // The default limit stops one short of the last answer.
    const p6 = await cli(['play', ...hard], { trees, input: input.split('\n').slice(0, 6).join('\n') });
    expect(p6.code, p6.stderr).toBe(0);
    expect(p6.stdout).toContain(`out of guesses; 1 secret still possible: ${last}`);
    const html = await cli(['export', '--format', 'html', ...hard, '--max-guesses', '7'], { trees });
    expect(html.code, html.stderr).toBe(0);
    expect(html.stdout).toContain('"attempts":7');
  });

  it('refuses a limit out of range in one line', async () => {
    for (const bad of ['1', '21', 'seven']) {
      const r = await cli(['compile', ...game, '--max-guesses', bad, '--out', join(dir, 'x.gtree')], { trees });
      expect(r.code).toBe(2);
      expect(lines(r.stderr)).toHaveLength(1);
      expect(r.stderr).toContain('--max-guesses');
    }
  });

  it('a proof records a limit other than 6 and is refused for a game of another limit', () => {
    const list = { count: 7, sha256: 'a'.repeat(64) };
    const header = {
      mode: 'normal' as const,
      attempts: 7,
      answers: list,
      guesses: list,
      openers: 7,
      best: { word: 'bakes', total: 28 },
      seconds: 1,
      tool: 'guesstree 0.1.0',
    };
    const words = CLUSTER.map((word) => ({ word, value: { kind: 'exact' as const, total: 28 } }));
    const text = formatProof(header, words);
    expect(text.split('\n')[0]).toContain('; mode normal; max guesses 7; answers 7');
    expect(parseProof(text, 'p').header.attempts).toBe(7);
    const six = formatProof({ ...header, attempts: 6 }, words);
    expect(six.split('\n')[0]).toContain('; mode normal; answers 7');
    expect(parseProof(six, 'p').header.attempts).toBe(6);
    const lists = [
      { role: 'answers', ...list },
      { role: 'guesses', ...list },
    ];
    const proof = parseProof(text, 'p');
    expect(checkProof(proof, { hard: false, attempts: 7, lists, guessWords: CLUSTER }, 28, 'p').best.total).toBe(28);
    expect(() => checkProof(proof, { hard: false, lists, guessWords: CLUSTER }, 28, 'p')).toThrow(
      'a proof for 7 guesses at most, the game allows 6',
    );
  });
});
