/**
 * The foreign benchmark's statistic: the ratio of the two players' sums of per-length means,
 * and its standard error over the sampled words, paired by word.
 */
import { describe, expect, it } from 'vitest';
import { pairedRatio } from '../../scripts/bench-pit.js';

describe('pairedRatio', () => {
  it('a hand-worked case: one length, two words', () => {
    // Means 350 and 300; residuals 400 − 350 and 300 − 350 (ratio 7/6); their variance
    // 5000 over 1 degree of freedom, over 2 words: 2500; error √2500 / 300.
    const r = pairedRatio([[400, 300]], [[300, 300]], 1.05);
    expect(r.ours).toBe(350);
    expect(r.peer).toBe(300);
    expect(r.ratio).toBeCloseTo(7 / 6, 12);
    expect(r.standardError).toBeCloseTo(50 / 300, 12);
    expect(r.zFromTarget).toBeCloseTo((7 / 6 - 1.05) / (50 / 300), 12);
  });

  it('no error when every word scores the same ratio, whatever the spread of the words', () => {
    const r = pairedRatio(
      [
        [440, 330, 220],
        [110, 550],
      ],
      [
        [400, 300, 200],
        [100, 500],
      ],
      1.05,
    );
    expect(r.ratio).toBeCloseTo(1.1, 12);
    expect(r.standardError).toBeCloseTo(0, 12);
  });

  it("sums per-length means (not games), and adds the lengths' variances", () => {
    const one = pairedRatio([[500, 300, 400, 300]], [[400, 400, 300, 300]], 1);
    const other = pairedRatio([[200, 100]], [[100, 200]], 1);
    const both = pairedRatio(
      [
        [500, 300, 400, 300],
        [200, 100],
      ],
      [
        [400, 400, 300, 300],
        [100, 200],
      ],
      1,
    );
    expect(both.ours).toBe(375 + 150);
    expect(both.peer).toBe(350 + 150);
    // The residuals at the pooled ratio: their per-length variances of the mean add.
    const residualVar = (x: number[], y: number[], ratio: number): number => {
      const d = x.map((v, i) => v - ratio * y[i]);
      const m = d.reduce((s, v) => s + v, 0) / d.length;
      return d.reduce((s, v) => s + (v - m) ** 2, 0) / (d.length - 1) / d.length;
    };
    const rho = both.ratio;
    const expected =
      Math.sqrt(
        residualVar([500, 300, 400, 300], [400, 400, 300, 300], rho) + residualVar([200, 100], [100, 200], rho),
      ) / both.peer;
    expect(both.standardError).toBeCloseTo(expected, 12);
    expect(both.standardError).toBeGreaterThan(0);
    expect(one.ratio).toBeCloseTo(375 / 350, 12);
    expect(other.ratio).toBe(1);
  });

  it('more words of the same spread: the error falls as one over the square root', () => {
    const x = [500, 300, 400, 300, 200, 400];
    const y = [400, 400, 300, 300, 300, 200];
    const small = pairedRatio([x], [y], 1);
    const rep = (a: number[], k: number): number[] => Array.from({ length: k }, () => a).flat();
    const big = pairedRatio([rep(x, 16)], [rep(y, 16)], 1);
    expect(big.ratio).toBeCloseTo(small.ratio, 12);
    // n − 1 degrees of freedom: 6 words against 96 of the same values.
    const factor = Math.sqrt((((6 - 1) / 6) * (96 / (96 - 1))) / 16);
    expect(big.standardError).toBeCloseTo(small.standardError * factor, 12);
  });

  it('rejects unpaired lists', () => {
    expect(() => pairedRatio([[1, 2]], [[1]], 1)).toThrow(/length 0 has 2 and 1 games/);
    expect(() => pairedRatio([[1]], [], 1)).toThrow(/different lengths/);
  });
});
