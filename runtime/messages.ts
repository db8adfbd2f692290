/**
 * Words for one-line error messages: input echoed safely (control characters escaped, long
 * text cut), file-system error codes turned into plain words, never a stack, and the "did you
 * mean" of a misspelt name.
 */

/** Characters cut text is measured in: code points, so an emoji counts once. */
function codePointCount(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** 5000000 -> "5,000,000" (fixed format, whatever the locale). */
export function groupDigits(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Code points that must not reach a terminal or a log line raw: C0 (with ESC), DEL, C1, the
 * line and paragraph separators, the bidi embeddings, overrides and isolates, and the bidi
 * marks (LRM, RLM, ALM), which can make a line read differently from what it holds.
 */
function isUnsafe(cp: number): boolean {
  return (
    cp < 0x20 ||
    (cp >= 0x7f && cp <= 0x9f) ||
    cp === 0x061c ||
    cp === 0x200e ||
    cp === 0x200f ||
    (cp >= 0x2028 && cp <= 0x202e) ||
    (cp >= 0x2066 && cp <= 0x2069) ||
    (cp >= 0xd800 && cp <= 0xdfff) // a lone surrogate (pairs are decoded before this test)
  );
}

function escapeCodePoint(cp: number): string {
  if (cp === 0x0a) return '\\n';
  if (cp === 0x09) return '\\t';
  if (cp === 0x0d) return '\\r';
  if (cp <= 0xff) return `\\x${cp.toString(16).toUpperCase().padStart(2, '0')}`;
  return `\\u{${cp.toString(16).toUpperCase()}}`;
}

/** Each code point of `s` in turn, lone surrogates included, with its UTF-16 text. */
function* codePoints(s: string): Generator<[number, string]> {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        yield [(c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000, s.slice(i, i + 2)];
        i++;
        continue;
      }
    }
    yield [c, s[i]];
  }
}

/**
 * `s` with its unsafe characters escaped (`\n`, `\t`, `\r`, `\x1B`, `\u{202E}`), nothing else
 * changed and nothing cut: for paths and other names printed bare in a message.
 */
export function escapeControls(s: string): string {
  let out = '';
  for (const [cp, text] of codePoints(s)) out += isUnsafe(cp) ? escapeCodePoint(cp) : text;
  return out;
}

/**
 * Input echoed in a one-line message, in double quotes: unsafe characters escaped as in
 * escapeControls, `\` and `"` escaped too, and text longer than about `max` characters cut
 * with an ellipsis and its length: `"abc…" (5,000,000 characters)`. Never holds a newline.
 */
export function safeText(s: string, max = 80): string {
  const limit = Math.max(1, Math.floor(max));
  let out = '';
  for (const [cp, text] of codePoints(s)) {
    const piece = isUnsafe(cp) ? escapeCodePoint(cp) : cp === 0x5c ? '\\\\' : cp === 0x22 ? '\\"' : text;
    if (out.length + piece.length > limit) {
      return `"${out}…" (${groupDigits(codePointCount(s))} characters)`;
    }
    out += piece;
  }
  return `"${out}"`;
}

/** What the caller was doing when the error came: the words for ENOENT differ. */
export type FsAction = 'read' | 'write';

const FS_REASONS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'read-only file system',
  // "is a directory" is what the word-list messages have always said (tests assert it).
  EISDIR: 'is a directory, not a file',
  ENOTDIR: 'a part of the path is a file, not a folder',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'file too large',
  EEXIST: 'already exists',
  EMFILE: 'too many open files in this process',
  ENFILE: 'too many open files on the system',
  ENAMETOOLONG: 'the name is too long',
  ELOOP: 'too many symbolic links (a loop?)',
  EBUSY: 'busy (in use by the system or another program)',
  ETXTBSY: 'busy (a running program)',
  EXDEV: 'cannot move a file to another file system',
  EINVAL: 'invalid argument (the file system refused the operation)',
  EIO: 'input/output error',
  EPIPE: 'the reader closed the pipe',
  EAGAIN: 'resource temporarily unavailable',
  EBADF: 'the file is not open',
  ENXIO: 'no such device',
  ENODEV: 'no such device',
  ENOTEMPTY: 'the folder is not empty',
};

/**
 * A Node file-system error in words, for `PATH: cannot read ...: REASON`. Unknown codes give
 * the code and Node's text; anything else its message. Always one line, never a stack.
 */
export function describeFsError(e: unknown, action: FsAction = 'read'): string {
  const err = e as Partial<NodeJS.ErrnoException> | null | undefined;
  const code = typeof err?.code === 'string' ? err.code : undefined;
  if (code === 'ENOENT') return action === 'write' ? 'folder does not exist' : 'no such file or folder';
  if (code !== undefined && FS_REASONS[code] !== undefined) return FS_REASONS[code];
  const message = e instanceof Error ? e.message : String(e);
  // Node's messages start with the code again ("EXYZ: text, open 'path'").
  const text = code !== undefined && message.startsWith(`${code}: `) ? message.slice(code.length + 2) : message;
  const oneLine = escapeControls(text);
  const shown = oneLine.length > 200 ? `${oneLine.slice(0, 199)}…` : oneLine;
  return code !== undefined ? `${code}: ${shown}` : shown;
}

/** Edit distance (insertions, deletions, substitutions, adjacent swaps). */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i];
      const up = d[i - 1];
      row[j] = Math.min(up[j] + 1, row[j - 1] + 1, up[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** The closest of `names` to `typed`, when close enough to be a slip (else undefined). */
export function closest(typed: string, names: readonly string[]): string | undefined {
  // A slip is short: a long typed text is compared with nothing (the table grows as the product).
  if (typed.length > 64) return undefined;
  let best: string | undefined;
  let bestD = Infinity;
  for (const n of names) {
    const dd = distance(typed.toLowerCase(), n);
    if (dd < bestD) {
      bestD = dd;
      best = n;
    }
  }
  return best !== undefined && bestD <= Math.max(1, Math.floor(Math.min(typed.length, best.length) / 3))
    ? best
    : undefined;
}
