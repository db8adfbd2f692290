/**
 * What the game modules' `checkJob` share: a queue worker's checks of a job's game and search
 * settings (plain data from Redis, which anyone who can write to it may have written), before
 * anything is built from them. Each check is one `worker` error naming the field; the numbers
 * a person would type go through the compile's own option checks (GameModule.checkJob's
 * `checkOptions`), the lists through the caps of the list files compile reads.
 */
import { fail } from '../../runtime/errors.js';
import { groupDigits, safeText } from '../../runtime/messages.js';
import { LIST_REF_SCHEMA } from '../../runtime/tree-check.js';
import type { ListRef } from '../../runtime/tree-format.js';
import { WORD_LIST_MAX_BYTES } from '../../runtime/wordlist.js';

/** The compile's option checks, as `compile` runs them on typed options: ranges, then the game's size caps. */
export type CheckOptions = (raw: Readonly<Record<string, unknown>>) => Readonly<Record<string, unknown>>;

export function badJob(field: string, what: string): Error {
  return fail('worker', `the job's ${field}: ${what}`);
}

function isPlain(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v) || ArrayBuffer.isView(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/** A plain object (what msgpack gives for a map). */
export function jobRecord(v: unknown, field: string): Record<string, unknown> {
  if (!isPlain(v)) throw badJob(field, 'expected an object');
  return v;
}

/** What is wrong with `v` as a whole number from `min` to `max` (null: nothing); queue jobs' and tasks' checks. */
export function wholeNumberProblem(v: unknown, min = 0, max = Number.MAX_SAFE_INTEGER): string | null {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= min && v <= max) return null;
  return max === Number.MAX_SAFE_INTEGER
    ? `expected a whole number${min > 0 ? ` of at least ${groupDigits(min)}` : ''}`
    : `expected a whole number from ${groupDigits(min)} to ${groupDigits(max)}`;
}

/** A whole number from `min` to `max`. */
export function jobWhole(v: unknown, field: string, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const problem = wholeNumberProblem(v, min, max);
  if (problem) throw badJob(field, problem);
  return v as number;
}

export function jobBoolean(v: unknown, field: string): boolean {
  if (typeof v !== 'boolean') throw badJob(field, 'expected true or false');
  return v;
}

/** One of `names`. */
export function jobChoice<T extends string>(v: unknown, field: string, names: readonly T[]): T {
  if (typeof v !== 'string' || !(names as readonly string[]).includes(v))
    throw badJob(field, `expected one of ${names.join(', ')}`);
  return v as T;
}

/** The lists' references (role, count, hash), as a tree header holds them. */
export function jobLists(v: unknown, field: string): ListRef[] {
  if (!Array.isArray(v) || v.length > 8) throw badJob(field, 'expected an array of at most 8 list references');
  v.forEach((l, i) => {
    const r = LIST_REF_SCHEMA.check(l, `${field}[${i}]`);
    if (r) throw badJob(r.path, `expected ${r.expected}`);
  });
  return v as ListRef[];
}

/**
 * Words as letter codes (0..25), `length` a word: at most as many as a list file under its cap
 * holds. Returns the word count.
 */
export function jobLetters(v: unknown, field: string, length: number): number {
  if (!(v instanceof Uint8Array)) throw badJob(field, 'expected letter bytes');
  if (v.length === 0 || v.length % length !== 0) throw badJob(field, `expected whole words of ${length} letters`);
  const words = v.length / length;
  if (words * (length + 1) > WORD_LIST_MAX_BYTES)
    throw badJob(field, `${groupDigits(words)} words, more than a list of the word-list cap holds`);
  for (let i = 0; i < v.length; i++) if ((v[i] as number) > 25) throw badJob(field, 'a letter code above 25');
  return words;
}

/** Words of lowercase a-z, all of `length` letters when given, within the word-list cap. */
export function jobWords(v: unknown, field: string, length?: number): string[] {
  if (!Array.isArray(v) || v.length === 0) throw badJob(field, 'expected a non-empty array of words');
  let bytes = 0;
  const len = length ?? (typeof v[0] === 'string' ? v[0].length : 0);
  for (let i = 0; i < v.length; i++) {
    const w = v[i] as unknown;
    if (typeof w !== 'string' || w.length !== len || !/^[a-z]+$/.test(w))
      throw badJob(
        `${field}[${i}]`,
        `expected a word of ${len} letters a-z${typeof w === 'string' ? `, got ${safeText(w, 40)}` : ''}`,
      );
    bytes += w.length + 1;
    if (bytes > WORD_LIST_MAX_BYTES) throw badJob(field, 'more words than a list of the word-list cap holds');
  }
  return v as string[];
}

/** Indices below `limit`, at most `maxLength` of them. */
export function jobIndices(v: unknown, field: string, limit: number, maxLength = limit): Uint32Array {
  if (!(v instanceof Uint32Array) || v.length > maxLength)
    throw badJob(field, `expected at most ${groupDigits(maxLength)} indices`);
  for (let i = 0; i < v.length; i++)
    if ((v[i] as number) >= limit) throw badJob(field, `an index of ${groupDigits(limit)} or more`);
  return v;
}
