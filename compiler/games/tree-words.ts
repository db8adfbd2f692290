/**
 * The words a tree file carries (runtime/tree-format.ts, version 2), for the game modules: what
 * a compiled tree embeds, and the word list a module rebuilds its game from when `--tree FILE`
 * is given without the lists.
 */
import { fail } from '../../runtime/errors.js';
import { safeText } from '../../runtime/messages.js';
import type { TreeFile, TreeWords } from '../../runtime/tree-format.js';
import { makeWordList, type WordList } from '../../runtime/wordlist.js';

/** A tree file that carries its words. */
export type TreeFileWithWords = TreeFile & { readonly words: TreeWords };

/**
 * The tree's secrets list, as the module's loader takes lists: words of one length (`length`
 * when given, the header's), as every game with lists plays them, else a `tree-file` error.
 */
export function carriedSecrets(file: TreeFileWithWords, where: string, length?: number): WordList {
  const words = file.words.secrets;
  const want = length ?? words[0]?.length;
  const odd = words.findIndex((w) => w.length !== want);
  if (odd >= 0)
    throw fail(
      'tree-file',
      `${where}: corrupt tree file: the words it carries are not all of ${want} letters (word ${odd + 1}, ${safeText(words[odd], 40)}, has ${words[odd].length})`,
    );
  return makeWordList(`${where} (the list it carries)`, words);
}

/** The tree's table of the guesses it plays; a tree of a game with a guesses list must have one. */
export function carriedGuesses(
  file: TreeFileWithWords,
  where: string,
): { readonly index: Uint32Array; readonly words: readonly string[] } {
  const g = file.words.guesses;
  if (!g) throw fail('tree-file', `${where}: corrupt tree file: it carries no table of its guesses`);
  return g;
}

/** The guesses the tree plays (each node's guess index, once, ascending) and their words. */
export function guessTable(guess: Uint32Array, nameOf: (g: number) => string): { index: Uint32Array; words: string[] } {
  const index = Uint32Array.from(new Set(guess)).sort();
  return { index, words: Array.from(index, (g) => nameOf(g)) };
}
