/**
 * Word lists: parsing, validation and normalization. Pure functions over text; the
 * file-reading wrappers at the bottom are the only IO.
 *
 * Policy (documented in the README): a CR before the newline is dropped, blank lines
 * (including lines of only spaces or tabs) are skipped, surrounding spaces and tabs are
 * trimmed, a byte-order mark opening the file is dropped, and a word that appears twice
 * counts once. Anything else that is not lowercase
 * a-z is rejected with the file, the line number and the problem.
 */
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { fail } from './errors.js';
import { describeFsError, escapeControls, groupDigits, safeText } from './messages.js';
import { takeSpooled } from './spool.js';

export interface ParseOptions {
  /** Name used in error messages (usually the path). */
  readonly source: string;
  /** Only keep words of this length (others are accepted and ignored). */
  readonly length?: number;
  /** Lines starting with this prefix are comments (the match-count lists use '#'). */
  readonly commentPrefix?: string;
}

const CHAR_a = 97;
const CHAR_z = 122;
const CHAR_A = 65;
const CHAR_Z = 90;
const BYTE_ORDER_MARK = 0xfeff;
const CHAR_CR = 13;
const CHAR_SPACE = 32;
const CHAR_TAB = 9;
/** About how many characters of a bad line an error message echoes. */
const SHOWN_MAX = 80;

/** Only spaces and tabs are trimmed; any other character outside a-z is an error. */
function trimSpacesAndTabs(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && (s[a] === ' ' || s[a] === '\t')) a++;
  while (b > a && (s[b - 1] === ' ' || s[b - 1] === '\t')) b--;
  return s.slice(a, b);
}

/** The problem with a line holding a character outside a-z; the line is echoed escaped and cut. */
function describeBadChar(line: string): string {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c >= CHAR_a && c <= CHAR_z) continue;
    // Past the excerpt safeText shows, say where the character is.
    const at = line.length > SHOWN_MAX ? ` at character ${groupDigits(i + 1)}` : '';
    const shownLine = safeText(line, SHOWN_MAX);
    if (c >= CHAR_A && c <= CHAR_Z)
      return `upper case letter '${line[i]}'${at} in ${shownLine} (words must be lowercase a-z)`;
    const cp = line.codePointAt(i) as number;
    const shown = cp < 32 || cp > 126 ? `U+${cp.toString(16).toUpperCase().padStart(4, '0')}` : `'${line[i]}'`;
    return `character ${shown}${at} in ${shownLine} is not a-z`;
  }
  return `bad word ${safeText(line, SHOWN_MAX)}`;
}

/**
 * Parse word-list text. Returns the words in file order, deduplicated, filtered by length
 * when `length` is given. Throws a one-line `wordlist` error on the first bad line.
 */
export function parseWordList(text: string, options: ParseOptions): string[] {
  const { source, length, commentPrefix } = options;
  const comment = commentPrefix ?? '';
  const out: string[] = [];
  // Duplicates: while the kept words are in ascending order a repeat can only be the last
  // word kept; a Set is built only once the order breaks (pit lists are sorted).
  let seen: Set<string> | null = null;
  let last = '';
  let lineStart = 0;
  let lineNo = 0;
  const n = text.length;
  while (lineStart <= n) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = n;
    lineNo++;
    // Trim a CR, spaces and tabs (and a byte-order mark opening the file) by index.
    let a = lineStart;
    let b = lineEnd;
    lineStart = lineEnd + 1;
    if (lineNo === 1 && text.charCodeAt(a) === BYTE_ORDER_MARK) a++;
    if (b > a && text.charCodeAt(b - 1) === CHAR_CR) b--;
    while (a < b && (text.charCodeAt(a) === CHAR_SPACE || text.charCodeAt(a) === CHAR_TAB)) a++;
    while (b > a && (text.charCodeAt(b - 1) === CHAR_SPACE || text.charCodeAt(b - 1) === CHAR_TAB)) b--;
    if (a === b) {
      if (lineEnd === n) break;
      continue;
    }
    if (comment !== '' && text.startsWith(comment, a)) continue;
    let ok = true;
    for (let i = a; i < b; i++) {
      const c = text.charCodeAt(i);
      if (c < CHAR_a || c > CHAR_z) {
        ok = false;
        break;
      }
    }
    if (!ok) throw fail('wordlist', `${escapeControls(source)}:${lineNo}: ${describeBadChar(text.slice(a, b))}`);
    if (length !== undefined && b - a !== length) continue;
    const word = text.slice(a, b);
    if (seen === null) {
      if (word > last) {
        out.push(word);
        last = word;
        continue;
      }
      if (word === last) continue;
      seen = new Set(out);
    }
    if (seen.has(word)) continue;
    seen.add(word);
    out.push(word);
  }
  return out;
}

/** Sorted (code-unit order), unique copy. Skips the sort when the input is already sorted. */
export function normalizeWords(words: readonly string[]): string[] {
  let sorted = true;
  for (let i = 1; i < words.length; i++) {
    if (words[i - 1] >= words[i]) {
      sorted = false;
      break;
    }
  }
  if (sorted) return words.slice();
  const copy = Array.from(new Set(words)).sort();
  return copy;
}

/** SHA-256 (hex) of a normalized list: the words joined by '\n', with a final '\n'. */
export function listHash(normalized: readonly string[]): string {
  const h = createHash('sha256');
  h.update(normalized.join('\n'));
  h.update('\n');
  return h.digest('hex');
}

/** A normalized list of one word length, with its hash: the unit trees refer to. */
export interface WordList {
  readonly source: string;
  readonly words: readonly string[];
  readonly sha256: string;
  readonly index: ReadonlyMap<string, number>;
}

export function makeWordList(source: string, words: readonly string[]): WordList {
  const normalized = normalizeWords(words);
  let index: Map<string, number> | null = null;
  return {
    source,
    words: normalized,
    sha256: listHash(normalized),
    // Built on first use: the pit player never needs it.
    get index(): ReadonlyMap<string, number> {
      if (index === null) {
        index = new Map<string, number>();
        normalized.forEach((w, i) => {
          index!.set(w, i);
        });
      }
      return index;
    },
  };
}

/** A word list's caps: its size (a list of every a-z word up to 13 letters fits many times over) and a line's length. */
export const WORD_LIST_MAX_BYTES = 64 * 2 ** 20;
export const WORD_LIST_MAX_LINE_BYTES = 4096;

const READ_CHUNK = 1 << 16;

/** How many '\n' bytes `b[0..end)` holds. */
function newlines(b: Uint8Array, end: number): number {
  let count = 0;
  for (let i = b.indexOf(10); i >= 0 && i < end; i = b.indexOf(10, i + 1)) count++;
  return count;
}

function mib(bytes: number): string {
  return `${groupDigits(Math.round(bytes / 2 ** 20))} MiB`;
}

/**
 * A text file read whole, within caps: at most `maxBytes` in all and `maxLineBytes` per line,
 * else a one-line `wordlist` error (status 3) as soon as a cap is passed, so endless input
 * (`/dev/zero`, `yes`) stops at once. Reads in chunks, so pipes, `/dev/stdin` and `<(...)` work;
 * a regular file over the size cap is refused before reading.
 */
export function readTextFile(
  path: string,
  what = 'word list',
  maxBytes = WORD_LIST_MAX_BYTES,
  maxLineBytes = WORD_LIST_MAX_LINE_BYTES,
  encoding: 'utf8' | 'latin1' = 'utf8',
): string {
  const where = escapeControls(path);
  const cannotRead = (e: unknown) => fail('wordlist', `${where}: cannot read ${what}: ${describeFsError(e, 'read')}`);
  const spool = takeSpooled(path);
  if (spool !== undefined && 'error' in spool) throw cannotRead(spool.error);
  if (spool !== undefined && spool.cutAtLine > 0 && spool.cutAtLine < maxLineBytes)
    throw fail('wordlist', `${where}: ${what}: a line longer than ${groupDigits(spool.cutAtLine)} bytes`);
  const ahead = spool?.bytes;
  let fd = -1;
  let own = ahead === undefined;
  // Bytes of a spooled file still to hand out, as if read from it.
  let aheadAt = 0;
  const readChunk = (buf: Buffer, size: number): number => {
    if (ahead === undefined) return readSync(fd, buf, 0, size, null);
    const n = ahead.copy(buf, 0, aheadAt, aheadAt + size);
    aheadAt += n;
    return n;
  };
  try {
    if (ahead === undefined) fd = openSync(path, 'r');
  } catch (e) {
    // stdin that is a socket (a parent process's pipe) cannot be opened again by name: read it.
    if (path !== '/dev/stdin' || (e as NodeJS.ErrnoException).code !== 'ENXIO') throw cannotRead(e);
    fd = 0;
    own = false;
  }
  try {
    let st: Pick<Stats, 'isDirectory' | 'isFile' | 'size'>;
    try {
      st = ahead === undefined ? fstatSync(fd) : { isDirectory: () => false, isFile: () => false, size: 0 };
    } catch (e) {
      throw cannotRead(e);
    }
    if (st.isDirectory()) throw cannotRead(Object.assign(new Error('is a directory'), { code: 'EISDIR' }));
    if (st.isFile() && st.size > maxBytes)
      throw fail(
        'wordlist',
        `${where}: ${what} is ${mib(st.size)}, over the limit of ${mib(maxBytes)}; refused before reading`,
      );
    const chunks: Buffer[] = [];
    let total = 0;
    // Bytes of the line under way (it began in an earlier chunk or at `at`).
    let lineBytes = 0;
    // A regular file is read in one chunk of its size (and a byte more, to see its end), so the
    // text is decoded from that buffer without copies; other files (pipes, /proc) in small chunks.
    let chunkBytes = st.isFile() ? Math.max(READ_CHUNK, st.size + 1) : READ_CHUNK;
    for (;;) {
      const buf = Buffer.allocUnsafe(chunkBytes);
      let n: number;
      try {
        n = readChunk(buf, chunkBytes);
      } catch (e) {
        // A non-blocking pipe with nothing yet: wait a moment and read again.
        if ((e as NodeJS.ErrnoException).code === 'EAGAIN') {
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
          continue;
        }
        throw cannotRead(e);
      }
      if (n === 0) break;
      if (total + n > maxBytes)
        throw fail('wordlist', `${where}: ${what} is over the limit of ${mib(maxBytes)}; refused`);
      // The line under way must end within the bytes it has left: the last newline of that
      // window ends it and every line before it (each shorter than the window), so the scan
      // takes one search per window, however short the lines.
      let at = 0;
      while (at < n) {
        const limit = Math.min(n, at + (maxLineBytes - lineBytes) + 1);
        const nl = buf.lastIndexOf(10, limit - 1);
        if (nl >= at) {
          lineBytes = 0;
          at = nl + 1;
        } else if (limit === n) {
          lineBytes += n - at;
          at = n;
        } else {
          const lineNo = 1 + chunks.reduce((c, b) => c + newlines(b, b.length), 0) + newlines(buf, at);
          throw fail(
            'wordlist',
            `${where}:${lineNo}: line longer than ${groupDigits(maxLineBytes)} bytes, the limit of a ${what}'s line`,
          );
        }
      }
      chunks.push(n === chunkBytes ? buf : buf.subarray(0, n));
      total += n;
      chunkBytes = READ_CHUNK;
    }
    return chunks.length === 1 ? chunks[0].toString(encoding) : Buffer.concat(chunks, total).toString(encoding);
  } finally {
    if (own) closeSync(fd);
  }
}

/**
 * Read a word list file and keep the words of one length. An empty result is an error that
 * names the file and the length.
 */
export function loadWordListOfLength(path: string, length: number, commentPrefix?: string): WordList {
  const text = readTextFile(path);
  const opts: ParseOptions =
    commentPrefix === undefined ? { source: path, length } : { source: path, length, commentPrefix };
  const words = parseWordList(text, opts);
  if (words.length === 0) throw fail('wordlist', `${escapeControls(path)}: no words of length ${length}`);
  return makeWordList(path, words);
}

/** Read a word list file whose words must all have the same length (match-count lists). */
export function loadUniformWordList(path: string, commentPrefix?: string): WordList {
  const text = readTextFile(path);
  const opts: ParseOptions = commentPrefix === undefined ? { source: path } : { source: path, commentPrefix };
  const words = parseWordList(text, opts);
  if (words.length === 0) throw fail('wordlist', `${escapeControls(path)}: the list is empty`);
  const len = words[0].length;
  const lines = text.split('\n');
  for (const w of words) {
    if (w.length !== len) {
      const lineNo = lines.findIndex((l) => trimSpacesAndTabs(l.replace(/\r$/, '')) === w) + 1;
      throw fail(
        'wordlist',
        `${escapeControls(path)}:${lineNo}: ${safeText(w, SHOWN_MAX)} has ${groupDigits(w.length)} letters, the first word has ${groupDigits(len)}`,
      );
    }
  }
  return makeWordList(path, words);
}
