/**
 * The words a tree file carries (runtime/tree-format.ts, version 2), for the game modules: what
 * a compiled tree embeds, and the word list a module rebuilds its game from when `--tree FILE`
 * is given without the lists.
 */
import { fail } from '../../runtime/errors.js';
import type { TreeFile, TreeWords } from '../../runtime/tree-format.js';
import { makeWordList, type WordList } from '../../runtime/wordlist.js';

/** A tree file that carries its words. */
export type TreeFileWithWords = TreeFile & { readonly words: TreeWords };

/** The tree's secrets list, as the module's loader takes lists. */
export function carriedSecrets(file: TreeFileWithWords, where: string): WordList {
  return makeWordList(`${where} (the list it carries)`, file.words.secrets);
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
