// A compile whose memory estimate is over --max-memory is refused before any search, with one
// line naming the estimate and the limit, status 7 (the estimate's terms: test/unit/memory-estimate).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileEstimateMiB } from '../compiler/commands/memory-estimate.js';
import { findModule } from '../compiler/games/registry.js';
import { EXIT_STATUS } from '../runtime/errors.js';
import { cli, lines, removeDir, tempDir } from './support/e2e.js';

let dir: string;
beforeAll(() => {
  dir = tempDir('memory-estimate');
});
afterAll(() => removeDir(dir));

describe('a compile over --max-memory', () => {
  for (const limit of ['1', '100']) {
    it(`is refused before any search with --max-memory ${limit}: one line naming the estimate, status 7`, async () => {
      const out = join(dir, `refused-${limit}.gtree`);
      const r = await cli(
        ['compile', '--game', 'mastermind', '--pegs', '5', '--colors', '6', '--effort', 'quick'].concat([
          '--workers',
          '2',
          '--max-memory',
          limit,
          '--out',
          out,
        ]),
        { trees: join(dir, 'trees') },
      );
      expect(r.code).toBe(EXIT_STATUS.limit);
      expect(r.stdout).toBe('');
      expect(lines(r.stderr)).toHaveLength(1);
      const estimate = compileEstimateMiB(findModule('mastermind').load({ pegs: 5, colors: 6 }), 'quick', 2);
      expect(r.stderr).toBe(
        `guesstree: mastermind-p5c6: this compile needs about ${estimate} MiB with 2 workers, over the limit of ${limit} MiB (--max-memory); use fewer workers or a smaller list\n`,
      );
    });
  }
});
