/** Text helpers for reports: bar charts, file sizes and number formatting. */
import { statSync } from 'node:fs';
import type { ReportLine, ReportOut } from '../games/module.js';

export function barChart(rows: ReadonlyArray<{ label: string; count: number }>, width = 40): string[] {
  const max = Math.max(1, ...rows.map((r) => r.count));
  const total = rows.reduce((a, r) => a + r.count, 0) || 1;
  const labelW = Math.max(...rows.map((r) => r.label.length));
  const countW = Math.max(...rows.map((r) => r.count.toLocaleString('en-US').length));
  return rows.map((r) => {
    const bar = '#'.repeat(Math.round((r.count / max) * width));
    const pct = ((100 * r.count) / total).toFixed(1).padStart(5);
    return `${r.label.padStart(labelW)} | ${r.count.toLocaleString('en-US').padStart(countW)} ${pct}% ${bar}`;
  });
}

/** A game's report drawn as lines: its bar charts indented under their heading. */
export function reportTo(out: (line: string) => void): ReportOut {
  return (line: ReportLine) => {
    if (typeof line === 'string') out(line);
    else for (const row of barChart(line.chart)) out(`  ${row}`);
  };
}

export function fixed(x: number, digits = 4): string {
  return x.toFixed(digits);
}

/** A tree file's size in words, or nothing for a tree compiled in memory. */
export function sizeOf(path: string): string {
  try {
    return ` (${statSync(path).size.toLocaleString('en-US')} bytes)`;
  } catch {
    return '';
  }
}
