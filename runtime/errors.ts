/**
 * One error type for every expected failure (bad input, corrupt files, impossible feedback).
 * The CLI and the players print `message` as a single line on stderr and exit non-zero;
 * anything that is not a GuesstreeError is a bug and keeps its stack.
 */
export type ErrorKind =
  | 'usage'
  | 'input'
  | 'wordlist'
  | 'tree-file'
  | 'manifest'
  // A checkpoint folder of another compile, or of an older guesstree (`--resume`).
  | 'checkpoint'
  | 'feedback'
  | 'budget'
  | 'limit'
  | 'interrupted'
  | 'worker'
  | 'worse'
  // The job queue of `--queue URL` cannot be reached, or was lost during the compile.
  | 'queue'
  // A result that cannot be delivered: stdout failed (a full device, an I/O error).
  | 'io';

/** Exit status per kind, so scripts can tell them apart. */
export const EXIT_STATUS: Readonly<Record<ErrorKind, number>> = {
  usage: 2,
  /** An input file that cannot be read: missing, unreadable, a folder (any kind of file). */
  input: 3,
  wordlist: 3,
  'tree-file': 4,
  manifest: 4,
  checkpoint: 4,
  feedback: 5,
  budget: 6,
  limit: 7,
  interrupted: 130,
  worker: 8,
  io: 9,
  /** A compile into trees/ that would replace a tree by a worse one (without --force). */
  worse: 10,
  /** `--queue URL`: the queue cannot be reached (or the connection was lost); a bad URL is `usage`. */
  queue: 11,
};

export class GuesstreeError extends Error {
  readonly kind: ErrorKind;
  /** The exit status of its kind: the CLI exits with it, the library's callers read it. */
  readonly status: number;
  constructor(kind: ErrorKind, message: string) {
    super(message);
    this.name = 'GuesstreeError';
    this.kind = kind;
    this.status = EXIT_STATUS[kind];
  }
}

/** The single factory: `fail('wordlist', 'words.txt:3: upper case in "Apple"')`. */
export function fail(kind: ErrorKind, message: string): GuesstreeError {
  return new GuesstreeError(kind, message);
}

export function isGuesstreeError(e: unknown): e is GuesstreeError {
  return e instanceof GuesstreeError;
}
