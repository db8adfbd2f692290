// The compile progress bar goes to stderr only, never stdout; without a terminal it is silent.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const CLI = join(import.meta.dirname, '..', 'dist', 'compiler', 'cli.js');

function smallList(): string {
  const letters = 'abcdefghij';
  const words = new Set<string>();
  let x = 7;
  while (words.size < 150) {
    let w = '';
    for (let i = 0; i < 4; i++) {
      x = (x * 1103515245 + 12345) & 0x7fffffff;
      w += letters[x % letters.length];
    }
    words.add(w);
  }
  return `${[...words].join('\n')}\n`;
}

describe('compile progress', () => {
  it('draws the bar on stderr when forced, and keeps stdout to the one result line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'guesstree-progress-'));
    try {
      writeFileSync(join(dir, 'list.txt'), smallList());
      for (const workers of ['1', '2']) {
        const r = spawnSync(
          process.execPath,
          [
            CLI,
            'compile',
            '--game',
            'lingo',
            '--len',
            '4',
            '--wordlist',
            join(dir, 'list.txt'),
            '--out',
            join(dir, `t${workers}.gtree`),
            '--workers',
            workers,
            '--effort',
            'greedy',
          ],
          {
            encoding: 'utf8',
            env: { ...process.env, GUESSTREE_PROGRESS: '1', GUESSTREE_TREES: dir },
          },
        );
        expect(r.status).toBe(0);
        expect(r.stdout.trim().split('\n')).toHaveLength(1);
        expect(r.stdout).toMatch(/^lingo-len4: mean score [\d.]+ a word .* nodes .* bytes/);
        expect(r.stdout).not.toMatch(/\[|=====|ETA/);
        expect(r.stderr).toMatch(/openers' groups settled/);
        expect(r.stderr).toMatch(/100%/);
        expect(r.stderr).toMatch(/search done in/);
      }
      const quiet = spawnSync(
        process.execPath,
        [
          CLI,
          'compile',
          '--game',
          'lingo',
          '--len',
          '4',
          '--wordlist',
          join(dir, 'list.txt'),
          '--out',
          join(dir, 'q.gtree'),
          '--effort',
          'greedy',
        ],
        {
          encoding: 'utf8',
          env: { ...process.env, GUESSTREE_PROGRESS: '', GUESSTREE_TREES: dir },
        },
      );
      expect(quiet.status).toBe(0);
      expect(quiet.stderr).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('Mastermind: the bar counts the reply sets settled, on stderr only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'guesstree-progress-mm-'));
    try {
      for (const workers of ['1', '2']) {
        const r = spawnSync(
          process.execPath,
          [
            CLI,
            'compile',
            '--game',
            'mastermind',
            '--pegs',
            '3',
            '--colors',
            '11',
            '--out',
            join(dir, `m${workers}.gtree`),
            '--workers',
            workers,
          ],
          {
            encoding: 'utf8',
            env: { ...process.env, GUESSTREE_PROGRESS: '1', GUESSTREE_TREES: dir },
          },
        );
        expect(r.status).toBe(0);
        expect(r.stdout.trim().split('\n')).toHaveLength(1);
        expect(r.stdout).toMatch(/^mastermind-p3c11: total guesses [\d,]+, mean [\d.]+ a secret, max depth \d+/);
        expect(r.stderr).toMatch(/reply sets settled/);
        expect(r.stderr).toMatch(/100%/);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
