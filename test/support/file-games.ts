/**
 * Games written through the file-game contract, as module source text for the suites to write
 * into their temp folders (so a test can rename or edit the file).
 */

/** Mastermind with 3 pegs and 5 colours: 125 codes, a compile of well under a second in several batches; `extra` adds members. */
export function mm35Source(extra = ''): string {
  return `const codes = [];
for (let i = 0; i < 125; i++) codes.push('ABCDE'[Math.floor(i / 25)] + 'ABCDE'[Math.floor(i / 5) % 5] + 'ABCDE'[i % 5]);
export default {
  name: 'mm-3-5',
  secrets: codes,
  reply(guess, secret) {
    let blacks = 0, common = 0;
    for (let p = 0; p < 3; p++) if (guess[p] === secret[p]) blacks++;
    for (const c of 'ABCDE') common += Math.min(guess.split(c).length - 1, secret.split(c).length - 1);
    return String(blacks) + String(common - blacks);
  },${extra}
};
`;
}
