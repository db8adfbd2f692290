// Higher or lower: the secret is a whole number from 1 to 100; the reply to a guess is "higher"
// (the secret is larger) or "lower"; at most 7 guesses. Written only through guesstree's game
// contract:
//   guesstree compile --game scripts/examples/hilo.mjs
export default {
  name: 'hilo-100',
  secrets: Array.from({ length: 100 }, (_, i) => String(i + 1)),
  reply: (guess, secret) => (Number(secret) > Number(guess) ? 'higher' : 'lower'),
  maxGuesses: 7,
  replyHelp: 'reply higher or lower (= when the guess is your number)',
};
