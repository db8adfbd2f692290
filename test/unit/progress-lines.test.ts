// Off a terminal a compile writes a progress line now and then, with an ETA from this run's own
// rate (units read back with --resume do not count towards it).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROGRESS_LINE_MS, progressLineMs, progressLines } from '../../compiler/commands/progress.js';

afterEach(() => vi.useRealTimers());

describe('progress lines off a terminal', () => {
  it('writes nothing before the interval, then the units settled and an ETA from this run', () => {
    vi.useFakeTimers();
    const out: string[] = [];
    const view = progressLines('wordle-worst-case', 60_000, {
      write: (s: string) => out.push(s),
    } as unknown as NodeJS.WritableStream);
    view.update({ done: 0, total: 0, unit: 'openers', best: null });
    vi.advanceTimersByTime(59_000);
    expect(out).toHaveLength(0);
    vi.advanceTimersByTime(1_000);
    expect(out).toEqual(['wordle-worst-case: 0 openers | 01:00 elapsed\n']);
    // 100 blocks, 40 read back from a checkpoint, then 6 settled in 60 s: 54 left at 0.1 a second.
    view.update({ done: 40, total: 100, unit: 'blocks of first guesses', best: null });
    vi.advanceTimersByTime(30_000);
    view.update({ done: 46, total: 100, unit: 'blocks of first guesses', best: null });
    vi.advanceTimersByTime(30_000);
    expect(out[1]).toBe('wordle-worst-case: 46 of 100 blocks of first guesses settled | 02:00 elapsed | ETA 09:00\n');
    view.stop();
    vi.advanceTimersByTime(600_000);
    expect(out).toHaveLength(2);
  });

  it('says what a task that counts nothing is doing, and the sets searched when the pool counts them', () => {
    vi.useFakeTimers();
    const out: string[] = [];
    const view = progressLines('matchcount-len5', 1_000, {
      write: (s: string) => out.push(s),
    } as unknown as NodeJS.WritableStream);
    view.update({ done: 3, total: 0, unit: 's', best: null });
    vi.advanceTimersByTime(1_000);
    view.update({ done: 12_288, total: 0, unit: 'sets searched', best: null });
    vi.advanceTimersByTime(1_000);
    view.update({ done: 1_200, total: 12_972, unit: 'openers', best: 'mean 3.4 guesses', searched: 2_457_600 });
    vi.advanceTimersByTime(1_000);
    view.stop();
    expect(out).toEqual([
      'matchcount-len5: searching | 00:01 elapsed\n',
      'matchcount-len5: 12,288 sets searched | 00:02 elapsed\n',
      'matchcount-len5: 1,200 of 12,972 openers settled | best mean 3.4 guesses | 2,457,600 sets searched | 00:03 elapsed | ETA --:--\n',
    ]);
  });
});

describe('the interval of the progress lines', () => {
  it('is 5 minutes unless GUESSTREE_PROGRESS_MS gives whole milliseconds in range', () => {
    expect(progressLineMs({})).toBe(PROGRESS_LINE_MS);
    expect(PROGRESS_LINE_MS).toBe(300_000);
    expect(progressLineMs({ GUESSTREE_PROGRESS_MS: '' })).toBe(PROGRESS_LINE_MS);
    expect(progressLineMs({ GUESSTREE_PROGRESS_MS: '250' })).toBe(250);
    for (const bad of ['9', '-5', '2.5', ' 100', '0x10', '86400001', 'soon\u001b[2J'])
      expect(() => progressLineMs({ GUESSTREE_PROGRESS_MS: bad })).toThrow(
        /^GUESSTREE_PROGRESS_MS=.*: expected whole milliseconds from 10 to 86,400,000$/,
      );
    expect(() => progressLineMs({ GUESSTREE_PROGRESS_MS: 'soon\u001b[2J' })).toThrow(/="soon\\x1B\[2J":/);
  });
});
