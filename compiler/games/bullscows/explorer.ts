/**
 * Bulls and Cows on the explorer page (a reply kind, games/explorer-rules.ts): codes are digit
 * strings like "0123" (distinct symbols); the reply code is bulls × (digits + 1) + cows, solved
 * when every digit is a bull. Drawn as "1A2B" beside the code's tiles; played by typing the two counts.
 */
import type { ExplorerRules } from '../explorer-rules.js';
import { TILE_CSS } from '../word-mask-explorer.js';

export interface BullsCowsPageData {
  readonly digits: number;
  readonly symbols: number;
}

export function bullsCowsRules(digits: number, symbols: number): ExplorerRules<BullsCowsPageData> {
  return {
    name: 'bulls-cows',
    data: { digits, symbols },
    playHelp: 'Play your own game: the page shows its guess; enter the bulls and cows your game gave, then submit.',
    impossibleWhy: 'no code gives it',
    css: TILE_CSS,
    fns: {
      codes: (d) => d.digits * (d.digits + 1) + 1,
      solved: (d) => d.digits * (d.digits + 1),
      reply: (d, guess, secret) => {
        let bulls = 0;
        let common = 0;
        for (let i = 0; i < d.digits; i++) {
          if (guess[i] === secret[i]) bulls++;
          if (secret.includes(guess[i])) common++;
        }
        return bulls * (d.digits + 1) + (common - bulls);
      },
      name: (d, code) => `${Math.floor(code / (d.digits + 1))}A${code % (d.digits + 1)}B`,
      guessView: (_d, guess, ui) => {
        const tiles = ui.h('span', { class: 'tiles plain', style: `--n:${guess.length}`, role: 'img', 'aria-label': guess });
        for (const c of guess) tiles.append(ui.h('span', { class: 'tile', 'aria-hidden': 'true' }, c));
        return tiles;
      },
      view: (d, guess, code, at, ui) =>
        ui.h('span', { class: 'reply bc' }, at.small ? null : ui.guess(guess), ui.h('strong', { class: 'reply-text', 'aria-label': `${Math.floor(code / (d.digits + 1))} bulls, ${code % (d.digits + 1)} cows` }, ui.name(code))),
      replyInputs: (d, guess, _board, ui) => [ui.guess(guess), ' ', ui.numberField('play-bulls', 'Bulls', d.digits), ' ', ui.numberField('play-cows', 'Cows', d.digits)],
      readReply: (d, _guess, _board, ui) => {
        const p = d.digits;
        const n = (k: number, what: string): string => `${k} ${what}${k === 1 ? '' : 's'}`;
        const x = ui.readNumber('play-bulls', 'bulls');
        const y = ui.readNumber('play-cows', 'cows');
        if (typeof x === 'string') return x;
        if (typeof y === 'string') return y;
        if (x + y > p) return `${n(x, 'bull')} and ${n(y, 'cow')} are more than ${p} digits`;
        if (x === p - 1 && y === 1) return `${n(p - 1, 'bull')} and 1 cow cannot happen`;
        return x * (p + 1) + y;
      },
    },
  };
}
