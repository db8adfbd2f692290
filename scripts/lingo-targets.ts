/**
 * What the Lingo scripts share: the pit list's place (../shared/, beside the repository; a fresh
 * machine has none) and the figures the issue measures against, the contest winner's published
 * means and the targets.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The pit list: ../shared/lingo/wordlist.txt next to the repository (this file runs from dist/scripts/). */
export const PIT_LIST = join(
  resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..'),
  '..',
  'shared',
  'lingo',
  'wordlist.txt',
);

/** Ends the script with one line and status 0 when the list is absent (a fresh machine). */
export function pitListOrSkip(script: string, path: string): string {
  if (!existsSync(path)) {
    console.log(`${script}: skipped: the pit list ${path} is absent (it lives in ../shared/)`);
    process.exit(0);
  }
  return path;
}

export const WINNER: Readonly<Record<number, number>> = {
  4: 100.98,
  5: 164.44,
  6: 212.27,
  7: 246.16,
  8: 273.23,
  9: 289.0,
  10: 302.13,
  11: 323.62,
  12: 330.19,
  13: 339.6,
};
export const TARGET: Readonly<Record<number, number>> = {
  4: 128,
  5: 187,
  6: 231,
  7: 264,
  8: 292,
  9: 311,
  10: 327,
  11: 342,
  12: 357,
  13: 369,
};
