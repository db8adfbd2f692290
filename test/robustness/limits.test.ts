// Work too large for the machine is refused up front, with the estimate and the limit.
import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const CLI = join(import.meta.dirname, '..', '..', 'dist', 'compiler', 'cli.js');

function cli(args: string[]) {
  return spawnSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8',
    env: { ...process.env, GUESSTREE_PROGRESS: '' },
  });
}

describe('robustness: limits', () => {
  it('a compile whose estimate is over --max-memory is refused before any search', () => {
    const dir = mkdtempSync(join(tmpdir(), 'guesstree-limits-'));
    try {
      const out = join(dir, 't.gtree');
      const r = cli([
        'compile',
        '--game',
        'lingo',
        '--len',
        '4',
        '--effort',
        'quick',
        '--out',
        out,
        '--workers',
        '2',
        '--max-memory',
        '64',
      ]);
      expect(r.status).toBe(7);
      expect(r.stdout).toBe('');
      const lines = r.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/needs about \d+ MiB with 2 workers, over the limit of 64 MiB \(--max-memory\)/);
      expect(existsSync(out)).toBe(false);
      // The same compile within a generous limit goes through.
      const ok = cli([
        'compile',
        '--game',
        'lingo',
        '--len',
        '4',
        '--effort',
        'quick',
        '--out',
        out,
        '--workers',
        '1',
        '--max-memory',
        '4096',
      ]);
      expect(ok.status).toBe(0);
      expect(existsSync(out)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a word list too large for memory is refused before it is read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'guesstree-limits-'));
    try {
      const huge = join(dir, 'huge.txt');
      writeFileSync(huge, '');
      truncateSync(huge, 600 * 2 ** 20); // sparse: no disk used
      const r = cli(['compile', '--game', 'lingo', '--len', '5', '--wordlist', huge, '--out', join(dir, 't.gtree')]);
      expect(r.status).toBe(3);
      const lines = r.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/huge\.txt: word list is 600 MiB, over the limit of 64 MiB; refused before reading/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
