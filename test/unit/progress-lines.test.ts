// Off a terminal a compile with --checkpoint writes a progress line now and then, with an ETA
// from this run's own rate (units read back with --resume do not count towards it).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { progressLines } from '../../compiler/commands/progress.js';

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
});
