// Jotto: the secret is a 5-letter word with five different letters; the reply to a guess is how
// many letters it shares with the secret (positions do not count), 0 to 5. The words are every
// 16th of the default dictionary's (the npm package word-list) 5-letter words with five
// different letters, in its order: 505 words. Written only through guesstree's game contract:
//   guesstree compile --game scripts/examples/jotto.mjs
import { readFileSync } from 'node:fs';
import wordListPath from 'word-list';

const words = readFileSync(wordListPath, 'utf8')
  .split('\n')
  .filter((w) => /^[a-z]{5}$/.test(w) && new Set(w).size === 5)
  .filter((_, i) => i % 16 === 0);

export default {
  name: 'jotto',
  secrets: words,
  reply(guess, secret) {
    let common = 0;
    for (const c of guess) if (secret.includes(c)) common++;
    return String(common);
  },
  replyHelp: 'reply with the number of letters your word shares with the guess, 0 to 5 (= when it is your word)',
};
