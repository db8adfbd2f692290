/**
 * What several game modules share about options: the default dictionary, typed access to
 * checked option values, and the words for a compile's numbers.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import wordListPath from 'word-list';
import { fail } from '../../runtime/errors.js';
import type { GameOptions, OptionSpec } from './module.js';

/** The built-in default dictionary: the npm package `word-list`. */
export const DEFAULT_WORDLIST: string = wordListPath;

/** `--wordlist FILE` of the games whose words default to the built-in dictionary (Lingo, Hangman). */
export const WORDLIST_OPTION: OptionSpec = {
  name: 'wordlist',
  type: 'file',
  describe: 'word list, one word a line (default: the npm package word-list)',
};

export function intOption(opts: GameOptions, name: string): number | undefined {
  const v = opts[name];
  return typeof v === 'number' ? v : undefined;
}

export function stringOption(opts: GameOptions, name: string): string | undefined {
  const v = opts[name];
  return typeof v === 'string' ? v : undefined;
}

export function flagOption(opts: GameOptions, name: string): boolean {
  return opts[name] === true;
}

/** An option the game cannot do without: one line naming it and what it is. */
export function required<T>(value: T | undefined, game: string, what: string): T {
  if (value === undefined) throw fail('usage', `${game} needs ${what}`);
  return value;
}

/** A whole number in words with thousands separators: 178,610. */
export function count(n: number): string {
  return n.toLocaleString('en-US');
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${count(n)} ${n === 1 ? one : many}`;
}

/**
 * `count` distinct words of `length` letters from `alphabet`, the same for the same seed (for
 * the modules' sample instances: the contract tests and `--help` examples).
 */
export function sampleWords(count: number, length: number, alphabet: string, seed: number): string[] {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = new Set<string>();
  while (out.size < count) {
    let w = '';
    for (let i = 0; i < length; i++) w += alphabet[Math.floor(next() * alphabet.length)];
    out.add(w);
  }
  return [...out];
}

/** Write a sample list into `dir` and return its path. */
export function writeSample(dir: string, name: string, words: readonly string[]): string {
  const path = join(dir, name);
  writeFileSync(path, `${words.join('\n')}\n`);
  return path;
}
