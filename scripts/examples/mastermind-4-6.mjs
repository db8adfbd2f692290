// Mastermind MM(4,6) re-stated through guesstree's game contract, for the benchmark
// (npm run bench:filegame) against the built-in `--game mastermind --pegs 4 --colors 6`: codes of
// 4 pegs in 6 colours A..F, the reply is blacks then whites ("21").
const COLORS = 'ABCDEF';
const codes = [];
for (let i = 0; i < 6 ** 4; i++) {
  let c = '';
  for (let p = 0, r = i; p < 4; p++, r = Math.floor(r / 6)) c = COLORS[r % 6] + c;
  codes.push(c);
}

export default {
  name: 'mm-4-6',
  secrets: codes,
  reply(guess, secret) {
    let blacks = 0;
    const g = [0, 0, 0, 0, 0, 0];
    const s = [0, 0, 0, 0, 0, 0];
    for (let p = 0; p < 4; p++) {
      if (guess[p] === secret[p]) blacks++;
      else {
        g[guess.charCodeAt(p) - 65]++;
        s[secret.charCodeAt(p) - 65]++;
      }
    }
    let whites = 0;
    for (let c = 0; c < 6; c++) whites += Math.min(g[c], s[c]);
    return `${blacks}${whites}`;
  },
};
