/**
 * Bulls and Cows on the explorer page (a reply kind, games/explorer-rules.ts): codes are digit
 * strings like "0123" (distinct symbols); the reply code is bulls × (digits + 1) + cows, solved
 * when every digit is a bull. Drawn as "1A2B" beside the code's tiles; played by typing the two counts.
 */
import { countPairInputs, readCountPair, type CountPairData } from '../count-pair-explorer.js';
import type { ExplorerRules } from '../explorer-rules.js';
import { TILE_CSS } from '../word-mask-explorer.js';

export interface BullsCowsPageData extends CountPairData {
  readonly digits: number;
  readonly symbols: number;
}

export function bullsCowsRules(digits: number, symbols: number): ExplorerRules<BullsCowsPageData> {
  return {
    name: 'bulls-cows',
    data: {
      digits,
      symbols,
      pair: {
        size: digits,
        unit: 'digits',
        names: ['bull', 'cow'],
        fields: [
          ['play-bulls', 'Bulls'],
          ['play-cows', 'Cows'],
        ],
      },
    },
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
        const tiles = ui.h('span', {
          class: 'tiles plain',
          style: `--n:${guess.length}`,
          role: 'img',
          'aria-label': guess,
        });
        for (const c of guess) tiles.append(ui.h('span', { class: 'tile', 'aria-hidden': 'true' }, c));
        return tiles;
      },
      view: (d, guess, code, at, ui) =>
        ui.h(
          'span',
          { class: 'reply bc' },
          at.small ? null : ui.guess(guess),
          ui.h(
            'strong',
            {
              class: 'reply-text',
              'aria-label': `${Math.floor(code / (d.digits + 1))} bulls, ${code % (d.digits + 1)} cows`,
            },
            ui.name(code),
          ),
        ),
      replyInputs: countPairInputs,
      readReply: readCountPair,
    },
  };
}
