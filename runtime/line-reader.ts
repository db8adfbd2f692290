/**
 * Lines from a stream, with a cap on a line's length: the one reader of replies on stdin (`play`,
 * Hangman's play, the pit player). Linear: the text of an unfinished line is kept as a list of
 * pieces and only new text is scanned for '\n', so a long line costs its length once; a line
 * past the cap is a one-line `feedback` error (status 5) as soon as the cap is passed, however
 * much more input follows (`/dev/zero`, a harness that never sends '\n').
 */
import { fail } from './errors.js';
import { groupDigits } from './messages.js';

/** The longest reply line taken (a reply is a few characters; a guess's name at most a few hundred). */
export const REPLY_LINE_MAX = 64 * 1024;

export class LineSplitter {
  private readonly max: number;
  private readonly where: string;
  private pieces: string[] = [];
  private pending = 0;
  private lineNo = 0;

  /** `where` names the input in errors: `stdin` gives `stdin line 3: …`. */
  constructor(where = 'stdin', max = REPLY_LINE_MAX) {
    this.where = where;
    this.max = max;
  }

  /** Lines read so far (the number of the last line returned). */
  get lines(): number {
    return this.lineNo;
  }

  /**
   * Hand `each` the lines `chunk` completes, in order, without their '\n' (a CR before it is
   * kept), until it returns false (the rest of the chunk is then dropped). A line past the cap
   * throws once the lines before it are handed on.
   */
  push(chunk: string, each: (line: string) => boolean | undefined): void {
    let at = 0;
    for (;;) {
      const nl = chunk.indexOf('\n', at);
      const end = nl < 0 ? chunk.length : nl;
      if (this.pending + (end - at) > this.max) throw this.tooLong();
      if (nl < 0) {
        if (end > at) {
          this.pieces.push(chunk.slice(at));
          this.pending += end - at;
        }
        return;
      }
      const piece = chunk.slice(at, nl);
      const line = this.pieces.length === 0 ? piece : this.pieces.join('') + piece;
      this.pieces = [];
      this.pending = 0;
      this.lineNo++;
      at = nl + 1;
      if (each(line) === false) return;
    }
  }

  /** At the end of input: the last line when it had no '\n', else null. */
  end(): string | null {
    if (this.pieces.length === 0) return null;
    const line = this.pieces.join('');
    this.pieces = [];
    this.pending = 0;
    this.lineNo++;
    return line;
  }

  private tooLong(): Error {
    return fail(
      'feedback',
      `${this.where} line ${groupDigits(this.lineNo + 1)}: longer than ${groupDigits(this.max)} characters, the limit of a reply line`,
    );
  }
}

function withoutCr(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

/** The lines of a stream (UTF-8) without '\n' or '\r\n', capped as LineSplitter caps them; stops reading when the caller stops. */
export async function* readLines(
  input: NodeJS.ReadableStream,
  where = 'stdin',
  max = REPLY_LINE_MAX,
): AsyncGenerator<string, void, undefined> {
  const split = new LineSplitter(where, max);
  const decoder = new TextDecoder('utf-8');
  // The lines before a line past the cap are still given; the error comes after them.
  const lines = function* (text: string): Generator<string> {
    const done: string[] = [];
    let error: unknown = null;
    try {
      split.push(text, (line) => {
        done.push(withoutCr(line));
      });
    } catch (e) {
      error = e;
    }
    yield* done;
    if (error !== null) throw error;
  };
  for await (const chunk of input as AsyncIterable<string | Uint8Array>)
    yield* lines(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
  const tail = decoder.decode();
  if (tail) yield* lines(tail);
  const last = split.end();
  if (last !== null) yield withoutCr(last);
}
