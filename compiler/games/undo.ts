/**
 * `undo` in `play`, the same for every game: the word that takes back the last reply, and how
 * the first line of play says so.
 */

/** The words that take back the last reply, unless the game has a reply spelt so (a file game's). */
const UNDO_WORDS = ['undo', 'u'] as const;

/** How play's first line says undo is there. */
export const UNDO_HELP = 'undo (or u) takes back the last reply';

/** Whether `text` asks to take back the last reply in `game` (a reply of the game spelt the same wins). */
export function isUndo(text: string, parse: (text: string) => unknown): boolean {
  const t = text.trim().toLowerCase();
  if (!(UNDO_WORDS as readonly string[]).includes(t)) return false;
  try {
    parse(text.trim());
    return false;
  } catch {
    return true;
  }
}
