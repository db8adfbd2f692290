// Input echoed in errors is escaped and cut (safeText), file-system errors are said in words
// (describeFsError), and the word-list and tree-file messages use both.
import {
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GuesstreeError } from '../../runtime/errors.js';
import { maskToCode } from '../../runtime/lingo-feedback.js';
import { describeFsError, escapeControls, groupDigits, safeText } from '../../runtime/messages.js';
import { readTreeFile } from '../../runtime/tree-format.js';
import { loadUniformWordList, parseWordList, readTextFile } from '../../runtime/wordlist.js';

/** Code points that must never appear raw in a message. */
function isUnsafe(cp: number): boolean {
  return (
    cp < 0x20 ||
    (cp >= 0x7f && cp <= 0x9f) ||
    cp === 0x061c ||
    cp === 0x200e ||
    cp === 0x200f ||
    (cp >= 0x2028 && cp <= 0x202e) ||
    (cp >= 0x2066 && cp <= 0x2069) ||
    (cp >= 0xd800 && cp <= 0xdfff)
  );
}

/** The unsafe code points of `s`, lone surrogates included. */
function unsafeIn(s: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        i++;
        continue;
      }
    }
    if (isUnsafe(c)) out.push(c);
  }
  return out;
}

/** The inverse of safeText for text that was not cut: proves the escaping is unambiguous. */
function unquote(shown: string): string {
  expect(shown.startsWith('"') && shown.endsWith('"')).toBe(true);
  const body = shown.slice(1, -1);
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch === '"') throw new Error(`unescaped quote at ${i} in ${shown}`);
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const next = body[++i];
    if (next === '\\' || next === '"') out += next;
    else if (next === 'n') out += '\n';
    else if (next === 't') out += '\t';
    else if (next === 'r') out += '\r';
    else if (next === 'x') {
      out += String.fromCharCode(parseInt(body.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (next === 'u') {
      const end = body.indexOf('}', i);
      out += String.fromCodePoint(parseInt(body.slice(i + 2, end), 16));
      i = end;
    } else throw new Error(`unknown escape \\${next} in ${shown}`);
  }
  return out;
}

function caught(f: () => unknown): GuesstreeError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(GuesstreeError);
    const err = e as GuesstreeError;
    expect(err.message).not.toMatch(/[\n\r]/);
    expect(unsafeIn(err.message)).toEqual([]);
    return err;
  }
  throw new Error('expected a GuesstreeError, nothing was thrown');
}

describe('safeText', () => {
  it('escapes each class of control character', () => {
    const cases: Array<[string, string]> = [
      ['\n', '\\n'],
      ['\t', '\\t'],
      ['\r', '\\r'],
      ['\x00', '\\x00'],
      ['\x1b', '\\x1B'],
      ['\x1f', '\\x1F'],
      ['\x7f', '\\x7F'],
      ['\x80', '\\x80'],
      ['\x9b', '\\x9B'],
      ['\x9f', '\\x9F'],
      ['\u2028', '\\u{2028}'],
      ['\u2029', '\\u{2029}'],
      ['\u202a', '\\u{202A}'],
      ['\u202e', '\\u{202E}'],
      ['\u2066', '\\u{2066}'],
      ['\u2069', '\\u{2069}'],
      ['\u200f', '\\u{200F}'],
      ['\ud800', '\\u{D800}'],
      ['\\', '\\\\'],
      ['"', '\\"'],
    ];
    for (const [raw, escaped] of cases) expect(safeText(`a${raw}b`)).toBe(`"a${escaped}b"`);
  });

  it('leaves letters, accents, emoji and the other printable characters as they are', () => {
    expect(safeText('café 😀 ü ß ~ \u00a0')).toBe('"café 😀 ü ß ~ \u00a0"');
    expect(safeText('')).toBe('""');
  });

  it('an ANSI sequence that would clear the screen is shown, not run', () => {
    expect(safeText('ab\x1b[2J\x1b[31mcd')).toBe('"ab\\x1B[2J\\x1B[31mcd"');
  });

  it('for any string: one line, no raw control character, and reversible when not cut', () => {
    const anyText = fc
      .array(
        fc.oneof(
          fc.integer({ min: 0, max: 0x10ffff }),
          fc.integer({ min: 0, max: 0xa0 }),
          fc.integer({ min: 0x2020, max: 0x2070 }),
        ),
        { maxLength: 40 },
      )
      .map((cps) => cps.map((cp) => String.fromCodePoint(cp)).join(''));
    fc.assert(
      fc.property(anyText, (s) => {
        const shown = safeText(s, 10_000);
        expect(shown).not.toMatch(/[\n\r]/);
        expect(unsafeIn(shown)).toEqual([]);
        expect(unquote(shown)).toBe(s);
      }),
      { numRuns: 500 },
    );
  });

  it('cuts 5,000,000 characters to about max, with an ellipsis and the length', () => {
    const shown = safeText(`${'abc'.repeat(1_666_666)}ab`);
    expect(shown).toBe(`"${'abc'.repeat(26)}ab…" (5,000,000 characters)`);
    expect(shown.length).toBeLessThan(120);
  });

  it('keeps text of exactly max characters whole, and cuts at max + 1', () => {
    expect(safeText('x'.repeat(80))).toBe(`"${'x'.repeat(80)}"`);
    expect(safeText('x'.repeat(81))).toBe(`"${'x'.repeat(80)}…" (81 characters)`);
    expect(safeText('hello world', 5)).toBe('"hello…" (11 characters)');
  });

  it('counts characters, not UTF-16 units, and never cuts through a surrogate pair or an escape', () => {
    const emoji = safeText('😀'.repeat(100), 11);
    expect(emoji).toBe(`"${'😀'.repeat(5)}…" (100 characters)`);
    const escapes = safeText('\x1b'.repeat(100), 10);
    expect(escapes).toBe('"\\x1B\\x1B…" (100 characters)');
  });

  it('escapeControls escapes the same characters, without quotes, and keeps \\ and " as they are', () => {
    expect(escapeControls('dir/a\nb\x1b.txt')).toBe('dir/a\\nb\\x1B.txt');
    expect(escapeControls('C:\\x "y"')).toBe('C:\\x "y"');
    expect(escapeControls('/tmp/plain path.txt')).toBe('/tmp/plain path.txt');
  });

  it('groupDigits', () => {
    expect(groupDigits(0)).toBe('0');
    expect(groupDigits(999)).toBe('999');
    expect(groupDigits(1000)).toBe('1,000');
    expect(groupDigits(5_000_000)).toBe('5,000,000');
    expect(groupDigits(1234567890)).toBe('1,234,567,890');
  });
});

describe('describeFsError', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'guesstree-msg-'));
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const errorOf = (f: () => unknown): unknown => {
    try {
      f();
    } catch (e) {
      return e;
    }
    throw new Error('expected an error');
  };

  it('says real errors in words', () => {
    const file = join(dir, 'file.txt');
    writeFileSync(file, 'x');
    const loopA = join(dir, 'loop-a');
    symlinkSync(join(dir, 'loop-b'), loopA);
    symlinkSync(loopA, join(dir, 'loop-b'));

    const missing = errorOf(() => readFileSync(join(dir, 'missing.txt')));
    expect(describeFsError(missing, 'read')).toBe('no such file or folder');
    expect(describeFsError(missing)).toBe('no such file or folder');
    expect(describeFsError(missing, 'write')).toBe('folder does not exist');
    expect(describeFsError(errorOf(() => readFileSync(join(file, 'x'))))).toBe(
      'a part of the path is a file, not a folder',
    );
    expect(describeFsError(errorOf(() => readFileSync(dir)))).toBe('is a directory, not a file');
    expect(describeFsError(errorOf(() => mkdirSync(dir)))).toBe('already exists');
    expect(
      describeFsError(
        errorOf(() => openSync(join(dir, 'n'.repeat(300)), 'w')),
        'write',
      ),
    ).toBe('the name is too long');
    expect(describeFsError(errorOf(() => readFileSync(loopA)))).toBe('too many symbolic links (a loop?)');
  });

  it.skipIf(process.platform !== 'linux')('says a full device in words (/dev/full, linux)', () => {
    const fd = openSync('/dev/full', 'w');
    try {
      expect(
        describeFsError(
          errorOf(() => writeSync(fd, 'x')),
          'write',
        ),
      ).toBe('no space left on the device');
    } finally {
      closeSync(fd);
    }
  });

  it('knows the other codes', () => {
    const words: Record<string, string> = {
      EACCES: 'permission denied',
      EPERM: 'permission denied',
      EROFS: 'read-only file system',
      EMFILE: 'too many open files in this process',
      EBUSY: 'busy (in use by the system or another program)',
      EXDEV: 'cannot move a file to another file system',
      EINVAL: 'invalid argument (the file system refused the operation)',
      EFBIG: 'file too large',
      EIO: 'input/output error',
    };
    for (const [code, text] of Object.entries(words)) {
      expect(describeFsError(Object.assign(new Error(`${code}: raw text, open 'x'`), { code }))).toBe(text);
    }
  });

  it('falls back to the code and the text, one line and without a stack', () => {
    const odd = Object.assign(new Error("EWEIRD: strange thing, open 'x'"), { code: 'EWEIRD' });
    expect(describeFsError(odd)).toBe("EWEIRD: strange thing, open 'x'");
    expect(describeFsError(new Error('line one\nline two'))).toBe('line one\\nline two');
    expect(describeFsError('just a string')).toBe('just a string');
    expect(describeFsError(undefined)).toBe('undefined');
    expect(describeFsError(new Error('y'.repeat(1000))).length).toBeLessThanOrEqual(200);
    expect(describeFsError(odd)).not.toMatch(/\bat /);
  });
});

describe('word-list messages echo lines safely', () => {
  const parse = (text: string, source = 'words.txt') => parseWordList(text, { source });

  it('an escape sequence in a line is shown escaped, with its code point', () => {
    const err = caught(() => parse('abcd\nab\x1b[2Jcd\n'));
    expect(err.message).toBe('words.txt:2: character U+001B in "ab\\x1B[2Jcd" is not a-z');
    expect(err.kind).toBe('wordlist');
  });

  it('bidi overrides and line separators are escaped', () => {
    expect(caught(() => parse('ab\u202ecd')).message).toBe(
      'words.txt:1: character U+202E in "ab\\u{202E}cd" is not a-z',
    );
    expect(caught(() => parse('ab\u2028cd')).message).toBe(
      'words.txt:1: character U+2028 in "ab\\u{2028}cd" is not a-z',
    );
    expect(caught(() => parse('ab\tcd')).message).toBe('words.txt:1: character U+0009 in "ab\\tcd" is not a-z');
  });

  it('a character outside the BMP is named by its code point, not half of it', () => {
    expect(caught(() => parse('ab😀cd')).message).toBe('words.txt:1: character U+1F600 in "ab😀cd" is not a-z');
  });

  it('a 5,000,001-character line is cut, and says where the bad character is', () => {
    const err = caught(() => parse(`abcd\n${'a'.repeat(5_000_000)}B\n`));
    expect(err.message).toBe(
      `words.txt:2: upper case letter 'B' at character 5,000,001 in "${'a'.repeat(80)}…" (5,000,001 characters) (words must be lowercase a-z)`,
    );
  });

  it('the messages the other suites assert keep their shape', () => {
    expect(caught(() => parse('abcd\nApple\n')).message).toBe(
      `words.txt:2: upper case letter 'A' in "Apple" (words must be lowercase a-z)`,
    );
    expect(caught(() => parse('café')).message).toBe('words.txt:1: character U+00E9 in "café" is not a-z');
    expect(caught(() => parse("don't")).message).toBe(`words.txt:1: character ''' in "don't" is not a-z`);
  });

  it('a source name with a newline stays on one line', () => {
    expect(caught(() => parse('Abc', 'odd\nname.txt')).message).toMatch(/^odd\\nname\.txt:1: upper case/);
  });

  describe('files', () => {
    let dir = '';
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'guesstree-msg-files-'));
    });
    afterAll(() => {
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('a very long word of the wrong length is cut in loadUniformWordList', () => {
      const p = join(dir, 'long.txt');
      writeFileSync(p, `abcd\n${'q'.repeat(4_000)}\n`);
      const err = caught(() => loadUniformWordList(p));
      expect(err.message).toBe(
        `${p}:2: "${'q'.repeat(80)}…" (4,000 characters) has 4,000 letters, the first word has 4`,
      );
      // Past the line cap (4 KiB) the line is refused as it is read.
      writeFileSync(p, `abcd\n${'q'.repeat(10_000)}\n`);
      expect(caught(() => loadUniformWordList(p)).message).toBe(
        `${p}:2: line longer than 4,096 bytes, the limit of a word list's line`,
      );
      // A regular file is read in one piece: a long line far into it is still found, on its line.
      writeFileSync(p, `${'abcd\n'.repeat(30_000)}${'q'.repeat(5_000)}\n`);
      expect(caught(() => loadUniformWordList(p)).message).toBe(
        `${p}:30001: line longer than 4,096 bytes, the limit of a word list's line`,
      );
    });

    it('readTextFile says why it cannot read, in words', () => {
      const file = join(dir, 'plain.txt');
      writeFileSync(file, 'abcd\n');
      const missing = join(dir, 'nope', 'missing.txt');
      expect(caught(() => readTextFile(missing)).message).toBe(
        `${missing}: cannot read word list: no such file or folder`,
      );
      expect(caught(() => readTextFile(join(file, 'x'))).message).toBe(
        `${join(file, 'x')}: cannot read word list: a part of the path is a file, not a folder`,
      );
      expect(caught(() => readTextFile(dir)).message).toBe(`${dir}: cannot read word list: is a directory, not a file`);
      expect(caught(() => readTextFile(dir)).kind).toBe('wordlist');
    });

    it('readTreeFile says why it cannot read, in words (a folder was "EISDIR")', () => {
      const err = (() => {
        try {
          readTreeFile(dir);
        } catch (e) {
          return e as GuesstreeError;
        }
        throw new Error('expected an error');
      })();
      expect(err.kind).toBe('input');
      expect(err.status).toBe(3);
      expect(err.message).toBe(`${dir}: cannot read tree file: is a directory, not a file`);
    });
  });
});

describe('mask messages echo the mask safely', () => {
  it('a control character in a mask is escaped, in the mask and in the character named', () => {
    expect(caught(() => maskToCode('OO\x1bX', 4)).message).toBe(
      `mask: "OO\\x1BX" has '\\x1B' at position 3; only O, ? and X are allowed`,
    );
    expect(caught(() => maskToCode('O\u202eOX', 4, 'line 3')).message).toBe(
      `line 3: "O\\u{202E}OX" has '\\u{202E}' at position 2; only O, ? and X are allowed`,
    );
  });

  it('a huge mask is cut', () => {
    const err = caught(() => maskToCode('O'.repeat(1_000_000), 5));
    expect(err.message).toBe(
      `mask: "${'O'.repeat(80)}…" (1,000,000 characters) has 1,000,000 characters, expected 5 (O, ? or X)`,
    );
    expect(err.kind).toBe('feedback');
  });
});
