/**
 * Plain references the tests check the games against, written out here once: the published
 * test vectors and the textbook Mastermind reply.
 */

/** The Lingo harness's test vectors (../shared/lingo/README.md): secret, guess, mask. */
export const LINGO_VECTORS: ReadonlyArray<readonly [string, string, string]> = [
  ['flower', 'flower', 'OOOOOO'],
  ['flower', 'rewolf', '??????'],
  ['flower', 'floflo', 'OOOXXX'],
  ['flower', 'florqe', 'OOO?X?'],
  ['flower', 'kittis', 'XXXXXX'],
  ['elephant', 'eeeeeeee', 'OXOXXXXX'],
  ['elephant', 'zezeeeee', 'X?X?XXXX'],
  ['elephant', 'zrzeeeee', 'XXX??XXX'],
  ['stories', 'element', '?XXXXX?'],
  ['cozies', 'tosses', 'XOXXOO'],
  ['apathetic', 'arbitrate', 'OXX??X???'],
  ['essentially', 'pedestaling', 'X?XO?O????X'],
];

/** Bulls and Cows test vectors (../shared/bullscows/README.md): secret, guess, bulls, cows. */
export const BULLSCOWS_VECTORS: ReadonlyArray<readonly [string, string, number, number]> = [
  ['1234', '1234', 4, 0],
  ['1234', '4321', 0, 4],
  ['1234', '3241', 1, 3],
  ['5046', '3456', 1, 2],
  ['1234', '5678', 0, 0],
  ['0123', '1230', 0, 4],
];

/** The textbook Mastermind reply: blacks by position, whites from the colour counts. */
export function mastermindReference(guess: string, secret: string): [number, number] {
  let blacks = 0;
  const cg = new Map<string, number>();
  const cs = new Map<string, number>();
  for (let i = 0; i < guess.length; i++) {
    if (guess[i] === secret[i]) blacks++;
    cg.set(guess[i], (cg.get(guess[i]) ?? 0) + 1);
    cs.set(secret[i], (cs.get(secret[i]) ?? 0) + 1);
  }
  let common = 0;
  for (const [k, v] of cg) common += Math.min(v, cs.get(k) ?? 0);
  return [blacks, common - blacks];
}
