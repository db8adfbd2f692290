/**
 * Mastermind's replies on the explorer page (a reply kind, games/explorer-rules.ts): codes
 * are names like "AABC"; the reply code is blacks × (pegs + 1) + whites, solved when every peg
 * is black. Drawn as coloured pegs beside black and white keys; played by typing the two counts.
 */
import { countPairInputs, readCountPair, type CountPairData } from '../count-pair-explorer.js';
import type { ExplorerRules } from '../explorer-rules.js';

const MASTERMIND_CSS = `.pegs,.keys{display:inline-flex;flex-wrap:wrap;gap:3px;align-items:center}
.peg{display:inline-flex;align-items:center;justify-content:center;width:1.7em;height:1.7em;border-radius:50%;font-size:.75em;font-weight:700;color:#fff;text-shadow:0 0 2px #000;border:1px solid #0008}
.keys{min-width:calc(var(--p,4) * (.8em + 5px))}
.key{display:inline-block;width:.8em;height:.8em;border-radius:50%;border:1px solid #000}
.key.b{background:#000}.key.w{background:#fff}
`;

export interface MastermindPageData extends CountPairData {
  readonly pegs: number;
  readonly colors: number;
}

export function mastermindRules(pegs: number, colors: number): ExplorerRules<MastermindPageData> {
  return {
    name: 'mastermind',
    data: {
      pegs,
      colors,
      pair: {
        size: pegs,
        unit: 'pegs',
        names: ['black', 'white'],
        fields: [
          ['play-blacks', 'Black pegs'],
          ['play-whites', 'White pegs'],
        ],
      },
    },
    playHelp:
      'Play your own game: the page shows its guess; enter the black and white pegs your game gave, then submit.',
    impossibleWhy: 'no code gives it',
    css: MASTERMIND_CSS,
    fns: {
      codes: (d) => d.pegs * (d.pegs + 1) + 1,
      solved: (d) => d.pegs * (d.pegs + 1),
      reply: (d, guess, secret) => {
        const p = d.pegs;
        let blacks = 0;
        const inGuess: Record<string, number> = {};
        const inSecret: Record<string, number> = {};
        for (let i = 0; i < p; i++) {
          const g = guess[i];
          const s = secret[i];
          if (g === s) blacks++;
          inGuess[g] = (inGuess[g] ?? 0) + 1;
          inSecret[s] = (inSecret[s] ?? 0) + 1;
        }
        let common = 0;
        for (const c of Object.keys(inGuess)) common += Math.min(inGuess[c], inSecret[c] ?? 0);
        return blacks * (p + 1) + (common - blacks);
      },
      name: (d, code) => `${Math.floor(code / (d.pegs + 1))}${code % (d.pegs + 1)}`,
      guessView: (_d, guess, ui) => {
        const palette = [
          '#d32f2f',
          '#1976d2',
          '#388e3c',
          '#fbc02d',
          '#f57c00',
          '#7b1fa2',
          '#00acc1',
          '#f06292',
          '#795548',
          '#9e9e9e',
        ];
        const pegs = ui.h('span', { class: 'pegs', role: 'img', 'aria-label': guess });
        for (const c of guess) {
          const i = c.charCodeAt(0) - 65;
          pegs.append(
            ui.h(
              'span',
              {
                class: 'peg',
                style: `background:${palette[i] ?? `hsl(${(i * 47) % 360} 60% 45%)`}`,
                'aria-hidden': 'true',
              },
              c,
            ),
          );
        }
        return pegs;
      },
      view: (d, guess, code, at, ui) => {
        const blacks = Math.floor(code / (d.pegs + 1));
        const whites = code % (d.pegs + 1);
        // As wide as a full row of keys, so that rows with few (or no) keys line up with the others.
        const keys = ui.h('span', { class: 'keys', style: `--p:${d.pegs}`, 'aria-hidden': 'true' });
        for (let i = 0; i < blacks; i++) keys.append(ui.h('span', { class: 'key b' }));
        for (let i = 0; i < whites; i++) keys.append(ui.h('span', { class: 'key w' }));
        return ui.h(
          'span',
          { class: 'reply mm' },
          at.small ? null : ui.guess(guess),
          keys,
          ui.h('span', { class: 'reply-text' }, `${blacks} black, ${whites} white`),
        );
      },
      replyInputs: countPairInputs,
      readReply: readCountPair,
    },
  };
}
