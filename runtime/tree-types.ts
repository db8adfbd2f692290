/**
 * A tree file's data, declared once: the runtime reads and writes it, the compiler builds it, and
 * the library publishes these types as its own (compiler/library.ts re-exports them). Their
 * declarations ship beside the library's, so this file imports nothing.
 */

/** A header value: a number, a string or a boolean. */
export type ParamValue = number | string | boolean;

/** A list a tree was compiled from, known by its hash. */
export interface ListRef {
  /** What the list is to the game: 'words', 'answers', 'guesses'. */
  readonly role: string;
  readonly count: number;
  readonly sha256: string;
}

/** A tree file's header: the game, its parameters and lists (hashed), the exact objective, the search's settings. */
export interface TreeHeader {
  readonly game: string;
  readonly params: Readonly<Record<string, ParamValue>>;
  readonly lists: readonly ListRef[];
  /** The exact objective of the tree over every secret, as `verify` recomputes it. */
  readonly objective: Readonly<Record<string, ParamValue>>;
  readonly settings: Readonly<Record<string, ParamValue>>;
  readonly tool: { readonly name: string; readonly version: string };
}

/** A tree as four flat arrays: node v plays guess[v]; its edges are edgeStart[v]..edgeStart[v+1]-1, sorted by reply code. */
export interface TreeArrays {
  readonly guess: Uint32Array;
  readonly edgeStart: Uint32Array;
  readonly edgeCode: Uint32Array;
  readonly edgeChild: Uint32Array;
}
