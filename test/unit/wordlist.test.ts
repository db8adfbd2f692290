import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GuesstreeError } from '../../runtime/errors.js';
import {
  listHash,
  loadUniformWordList,
  loadWordListOfLength,
  makeWordList,
  normalizeWords,
  parseWordList,
  readTextFile,
} from '../../runtime/wordlist.js';

/** Run `f`, which must throw a GuesstreeError; return it. */
function caught(f: () => unknown): GuesstreeError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(GuesstreeError);
    const err = e as GuesstreeError;
    expect(err.message).not.toContain('\n');
    return err;
  }
  throw new Error('expected a GuesstreeError, nothing was thrown');
}

const parse = (text: string, extra: { length?: number; commentPrefix?: string } = {}) =>
  parseWordList(text, { source: 'words.txt', ...extra });

describe('parseWordList: accepted input', () => {
  it('reads LF lines in file order, with or without a final newline', () => {
    expect(parse('dcba\nabcd\nbcda\n')).toEqual(['dcba', 'abcd', 'bcda']);
    expect(parse('dcba\nabcd\nbcda')).toEqual(['dcba', 'abcd', 'bcda']);
    expect(parse('')).toEqual([]);
    expect(parse('\n')).toEqual([]);
  });

  it('accepts CRLF lines', () => {
    expect(parse('abcd\r\nefgh\r\nijkl\r\n')).toEqual(['abcd', 'efgh', 'ijkl']);
    expect(parse('abcd\r\nefgh')).toEqual(['abcd', 'efgh']);
    expect(parse('abcd\r\n\r\nefgh\r\n')).toEqual(['abcd', 'efgh']);
    // Mixed endings in one file.
    expect(parse('abcd\nefgh\r\nijkl')).toEqual(['abcd', 'efgh', 'ijkl']);
  });

  it('skips blank and whitespace-only lines', () => {
    expect(parse('\n\nabcd\n   \n\t\n \t \r\nefgh\n\n\n')).toEqual(['abcd', 'efgh']);
    expect(parse('   \n\t\t\n')).toEqual([]);
  });

  it('trims surrounding spaces and tabs', () => {
    expect(parse('  abcd  \n\tefgh\t\n \t ijkl \t\r\n')).toEqual(['abcd', 'efgh', 'ijkl']);
  });

  it('counts a duplicate once, keeping the first occurrence', () => {
    expect(parse('zeta\nalfa\nzeta\nbeta\nalfa\n  zeta \r\n')).toEqual(['zeta', 'alfa', 'beta']);
  });

  it('keeps only words of the requested length (others are accepted and ignored)', () => {
    const text = 'abc\nabcd\nabcde\nbcde\nabcdef\nabcd\n';
    expect(parse(text, { length: 4 })).toEqual(['abcd', 'bcde']);
    expect(parse(text, { length: 5 })).toEqual(['abcde']);
    expect(parse(text, { length: 3 })).toEqual(['abc']);
    expect(parse(text, { length: 7 })).toEqual([]);
    expect(parse(text)).toEqual(['abc', 'abcd', 'abcde', 'bcde', 'abcdef']);
  });

  it("skips comment lines when a commentPrefix is given (the match-count lists use '#')", () => {
    const text = '# header comment\nabcd\n  # indented comment\n#\nefgh\n';
    expect(parse(text, { commentPrefix: '#' })).toEqual(['abcd', 'efgh']);
    // Without the option a '#' line is just a bad line.
    expect(caught(() => parse(text)).message).toMatch(/^words\.txt:1: /);
  });

  it('line numbers count blank, comment and CRLF lines', () => {
    const text = '# c\r\n\r\nabcd\r\n   \r\nefgh\r\nAbcd\r\n';
    expect(caught(() => parse(text, { commentPrefix: '#' })).message).toMatch(/^words\.txt:6: /);
  });
});

describe('parseWordList: rejected input', () => {
  it('rejects upper case with source:LINE: and says it is upper case', () => {
    const err = caught(() => parse('abcd\nefgh\nApple\nijkl\n'));
    expect(err.kind).toBe('wordlist');
    expect(err.message).toContain('words.txt:3:');
    expect(err.message).toMatch(/upper case/i);
    expect(err.message).toContain('Apple');
    expect(err.status).toBe(3);

    expect(caught(() => parse('ABCD')).message).toMatch(/^words\.txt:1: .*upper case/);
    expect(caught(() => parseWordList('abcd\r\nabcD\r\n', { source: 'list.txt' })).message).toMatch(
      /^list\.txt:2: .*upper case/,
    );
  });

  const BAD: Array<[string, string, RegExp]> = [
    ['digit', 'ab1d', /'1'/],
    ['apostrophe', "don't", /'''/],
    ['accented letter', 'café', /U\+00E9/],
    ['hyphen', 'co-op', /'-'/],
    ['inner space', 'ab cd', /' '/],
    ['inner tab', 'ab\tcd', /U\+0009/],
    ['period', 'abc.', /'\.'/],
    ['bare CR in the middle', 'ab\rcd', /U\+000D/],
  ];
  for (const [what, word, shown] of BAD) {
    it(`rejects a ${what} with the line number`, () => {
      const err = caught(() => parse(`abcd\n\nefgh\n${word}\nijkl\n`));
      expect(err.kind).toBe('wordlist');
      expect(err.message).toMatch(/^words\.txt:4: /);
      expect(err.message).toMatch(/not a-z/);
      expect(err.message).toMatch(shown);
    });
  }

  it('rejects a bad word even when its length is filtered out', () => {
    expect(caught(() => parse('abcd\nabc1e\n', { length: 4 })).message).toMatch(/^words\.txt:2: /);
    expect(caught(() => parse('abcd\nABCDE\n', { length: 4 })).message).toMatch(/^words\.txt:2: .*upper case/);
  });

  it('reports the first bad line', () => {
    expect(caught(() => parse('abcd\nab-d\nABCD\n')).message).toMatch(/^words\.txt:2: /);
  });

  it('names every non-a-z character it is shown', () => {
    fc.assert(
      fc.property(
        fc
          .string({ minLength: 1, maxLength: 1, unit: 'grapheme' })
          .filter((ch) => !/^[a-z]$/.test(ch) && ch.trim() === ch && ch !== '\n' && ch !== '\r'),
        fc.nat(5),
        (ch, blanks) => {
          const text = `abcd\n${'\n'.repeat(blanks)}ab${ch}cd\n`;
          const err = caught(() => parse(text));
          expect(err.kind).toBe('wordlist');
          expect(err.message.startsWith(`words.txt:${2 + blanks}: `)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('parses any list of valid lines back to its unique words in first-seen order', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'z'), minLength: 1, maxLength: 6 });
    const pad = fc.constantFrom('', ' ', '\t', '  \t');
    const eol = fc.constantFrom('\n', '\r\n');
    const line = fc.oneof(
      fc.tuple(pad, word, pad, eol).map(([a, w, b, e]) => ({ text: a + w + b + e, word: w as string | null })),
      fc.tuple(pad, eol).map(([a, e]) => ({ text: a + e, word: null as string | null })),
    );
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 30 }),
        fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
        (lines, length) => {
          const text = lines.map((l) => l.text).join('');
          const want: string[] = [];
          for (const l of lines) {
            if (l.word === null || (length !== undefined && l.word.length !== length)) continue;
            if (!want.includes(l.word)) want.push(l.word);
          }
          expect(parse(text, length === undefined ? {} : { length })).toEqual(want);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('normalizeWords and listHash', () => {
  it('sorts and dedups', () => {
    expect(normalizeWords(['pear', 'apple', 'fig', 'apple', 'pear'])).toEqual(['apple', 'fig', 'pear']);
    expect(normalizeWords(['a', 'a'])).toEqual(['a']);
    expect(normalizeWords(['a', 'b', 'b', 'c'])).toEqual(['a', 'b', 'c']);
    expect(normalizeWords([])).toEqual([]);
  });

  it('returns a copy, also for an already sorted list', () => {
    const input = ['ab', 'cd', 'ef'];
    const out = normalizeWords(input);
    expect(out).toEqual(input);
    expect(out).not.toBe(input);
    const unsorted = ['cd', 'ab'];
    normalizeWords(unsorted);
    expect(unsorted).toEqual(['cd', 'ab']);
  });

  it('equals the sorted set of its input, and is idempotent', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 4 }), { maxLength: 20 }),
        (words) => {
          const want = [...new Set(words)].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
          const got = normalizeWords(words);
          expect(got).toEqual(want);
          expect(normalizeWords(got)).toEqual(want);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("is the sha256 of the words joined by '\\n' with a final '\\n'", () => {
    const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
    expect(listHash(['abcd', 'efgh'])).toBe(sha('abcd\nefgh\n'));
    expect(listHash(['abcd'])).toBe(sha('abcd\n'));
    expect(listHash([])).toBe(sha('\n'));
    expect(listHash(['abcd', 'efgh'])).not.toBe(listHash(['efgh', 'abcd']));
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: fc.constantFrom('a', 'b', 'q'), minLength: 1, maxLength: 5 }), { maxLength: 15 }),
        (words) => {
          const n = normalizeWords(words);
          expect(listHash(n)).toBe(sha(`${n.join('\n')}\n`));
          expect(listHash(n)).toMatch(/^[0-9a-f]{64}$/);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('makeWordList normalizes, hashes and indexes', () => {
    const wl = makeWordList('src', ['pear', 'apple', 'pear', 'fig']);
    expect(wl.source).toBe('src');
    expect(wl.words).toEqual(['apple', 'fig', 'pear']);
    expect(wl.sha256).toBe(listHash(['apple', 'fig', 'pear']));
    expect([...wl.index.entries()]).toEqual([
      ['apple', 0],
      ['fig', 1],
      ['pear', 2],
    ]);
  });
});

describe('word list files', () => {
  let dir = '';
  const file = (name: string, text: string) => {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  };
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'guesstree-wordlist-'));
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('loadWordListOfLength keeps one length, normalized and hashed', () => {
    const p = file('mixed.txt', 'pear\r\nfig\r\n  kiwi \r\n\r\nlime\r\npear\r\nmango\r\n');
    const wl = loadWordListOfLength(p, 4);
    expect(wl.source).toBe(p);
    expect(wl.words).toEqual(['kiwi', 'lime', 'pear']);
    expect(wl.sha256).toBe(createHash('sha256').update('kiwi\nlime\npear\n').digest('hex'));
    expect(wl.index.get('lime')).toBe(1);
    expect(loadWordListOfLength(p, 3).words).toEqual(['fig']);
  });

  it('loadWordListOfLength honours a comment prefix', () => {
    const p = file('comments.txt', '# fruit\npear\n# kiwi\nlime\n');
    expect(loadWordListOfLength(p, 4, '#').words).toEqual(['lime', 'pear']);
    expect(caught(() => loadWordListOfLength(p, 4)).message).toContain(`${p}:1:`);
  });

  it('a missing file is a wordlist error naming the path and "no such file"', () => {
    const missing = join(dir, 'nope', 'missing.txt');
    const err = caught(() => loadWordListOfLength(missing, 5));
    expect(err.kind).toBe('wordlist');
    expect(err.message).toContain(missing);
    expect(err.message).toContain('no such file');
    expect(caught(() => loadUniformWordList(missing)).message).toContain('no such file');
  });

  it('a directory is a wordlist error, not a crash', () => {
    const err = caught(() => readTextFile(dir));
    expect(err.kind).toBe('wordlist');
    expect(err.message).toContain(dir);
    expect(err.message).toContain('is a directory');
  });

  it('a length with no words is an error naming the file and the length', () => {
    const p = file('fours.txt', 'pear\nlime\n');
    const err = caught(() => loadWordListOfLength(p, 7));
    expect(err.kind).toBe('wordlist');
    expect(err.message).toContain(p);
    expect(err.message).toMatch(/\b7\b/);
    expect(caught(() => loadWordListOfLength(file('empty.txt', ''), 5)).message).toMatch(/\b5\b/);
  });

  it('a bad line in a file is reported with the path and line', () => {
    const p = file('bad.txt', 'pear\nlime\nKiwi\n');
    const err = caught(() => loadWordListOfLength(p, 4));
    expect(err.kind).toBe('wordlist');
    expect(err.message.startsWith(`${p}:3: `)).toBe(true);
    expect(err.message).toMatch(/upper case/);
  });

  it('loadUniformWordList accepts one length and rejects mixed lengths naming the line', () => {
    const ok = file('uniform.txt', '# codes\nabcd\nbcda\r\n\r\nabcd\n');
    expect(loadUniformWordList(ok, '#').words).toEqual(['abcd', 'bcda']);

    const mixed = file('mixed-uniform.txt', 'abcd\nbcda\n\n  cdab \r\nabcde\nabcd\n');
    const err = caught(() => loadUniformWordList(mixed));
    expect(err.kind).toBe('wordlist');
    expect(err.message.startsWith(`${mixed}:5: `)).toBe(true);
    expect(err.message).toContain('abcde');

    const withComments = file('mixed-comments.txt', '# a comment\n# abc\nabcd\n\nabc\n');
    expect(caught(() => loadUniformWordList(withComments, '#')).message.startsWith(`${withComments}:5: `)).toBe(true);

    const err2 = caught(() => loadUniformWordList(file('empty-uniform.txt', '# only a comment\n'), '#'));
    expect(err2.kind).toBe('wordlist');
    expect(err2.message).toMatch(/empty/);
  });
});
