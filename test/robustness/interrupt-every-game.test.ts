// SIGTERM during a one-worker compile of every game, mid-search: status 130, the one-line
// message, no tree and no temporary file. The search runs in the pool's worker, so this thread
// answers the signal at once whatever the game.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomWords, rng } from '../support/e2e.js';

const CLI = join(import.meta.dirname, '..', '..', 'dist', 'compiler', 'cli.js');

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'guesstree-sigterm-'));
  const r = rng(99);
  // Few letters: words that are hard to tell apart, a compile of several seconds.
  const answers = randomWords(r, 3000, 5, 'aeilnorst');
  writeFileSync(join(dir, 'answers.txt'), `${answers.join('\n')}\n`);
  writeFileSync(join(dir, 'guesses.txt'), `${randomWords(r, 8000, 5, 'aeilnorstcdu', new Set(answers)).join('\n')}\n`);
  writeFileSync(join(dir, 'match.txt'), `${randomWords(r, 400, 6, 'abcdefgh').join('\n')}\n`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Compiles of every game that run well past the moment the signal comes (seconds to minutes). */
const COMPILES: ReadonlyArray<readonly [string, () => string[]]> = [
  ['lingo', () => ['--game', 'lingo', '--len', '6']],
  ['wordle', () => ['--game', 'wordle', '--answers', join(dir, 'answers.txt'), '--guesses', join(dir, 'guesses.txt')]],
  ['mastermind', () => ['--game', 'mastermind', '--pegs', '4', '--colors', '7', '--exact']],
  ['matchcount', () => ['--game', 'matchcount', '--wordlist', join(dir, 'match.txt'), '--effort', 'thorough']],
  ['hangman', () => ['--game', 'hangman', '--len', '5']],
];

describe('SIGTERM during a one-worker compile', () => {
  for (const [game, args] of COMPILES) {
    it(`${game}: status 130 within seconds, no tree, no temporary file`, async () => {
      const out = join(dir, `${game}.gtree`);
      const child = spawn(process.execPath, [CLI, 'compile', ...args(), '--workers', '1', '--out', out], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, GUESSTREE_PROGRESS: '1', GUESSTREE_TREES: join(dir, 'trees') },
      });
      let stderr = '';
      let stdout = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      let exitedAt = 0;
      const exited = new Promise<number | null>((resolve) =>
        child.on('exit', (code) => {
          exitedAt = Date.now();
          resolve(code);
        }),
      );
      // The forced bar is drawn once the search starts (the game loaded, the signals taken):
      // wait for it however slow the machine, then a moment more for the worker to be searching.
      const started = Date.now();
      while (stderr === '' && exitedAt === 0 && Date.now() - started < 20_000)
        await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 1000));
      expect(exitedAt, `the ${game} compile ended before the signal: ${stdout}${stderr}`).toBe(0);
      const sentAt = Date.now();
      child.kill('SIGTERM');
      const code = await exited;
      expect(code, stderr).toBe(130);
      expect(exitedAt - sentAt).toBeLessThan(5000);
      expect(stdout).toBe('');
      // After the bar's frames: the two lines, and nothing else.
      const after = stderr.slice(stderr.lastIndexOf('guesstree: SIGTERM received'));
      expect(after).toMatch(
        /^guesstree: SIGTERM received, stopping the workers\nguesstree: \S+: interrupted[^\n]*nothing written\n$/,
      );
      expect(stderr.slice(0, stderr.length - after.length)).not.toMatch(/guesstree:|Error|at /);
      expect(readdirSync(dir).filter((f) => f.startsWith(game) || f.includes('.tmp'))).toEqual([]);
    }, 60_000);
  }
});
