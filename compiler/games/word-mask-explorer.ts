/**
 * Word masks on the explorer page (Lingo and Wordle; a reply kind, games/explorer-rules.ts):
 * guesses and secrets are words; the reply code is the base-3 number of the mask, first letter
 * most significant, X=0 ?=1 O=2 (Wordle's rule for repeated letters: greens first, then
 * yellows left to right while the secret has unused copies); solved is all O. Drawn as coloured
 * tiles; played by pressing each tile to its colour.
 */
import type { ExplorerRules } from './explorer-rules.js';

/** The page's letter tiles: word masks' coloured ones, and the plain ones Bulls and Cows draws its codes with. */
export const TILE_CSS = `.tiles{--n:5;display:inline-flex;flex-wrap:wrap;gap:2px;font-size:min(1rem,calc((100vw - 5rem) / var(--n) / 2.2))}
.tile{display:inline-flex;align-items:center;justify-content:center;width:1.9em;height:1.9em;font-weight:700;text-transform:uppercase;color:#fff;background:var(--grey);border-radius:3px;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.tiles.plain .tile{background:#fff;color:var(--fg);border:2px solid #999}
`;

const WORD_MASK_CSS = `${TILE_CSS}.t0{background:var(--grey)}.t1{background:var(--yellow)}.t2{background:var(--green)}
.tiles.small{font-size:min(.75rem,calc((100vw - 9rem) / var(--n) / 2.2))}
.play-tiles{font-size:min(1.25rem,calc((100vw - 4rem) / var(--n) / 2.1))}
button.tile{border:2px solid #0003;padding:0;font-size:inherit;cursor:pointer}
`;

export interface WordMaskData {
  readonly length: number;
}

export function wordMaskRules(length: number, attempts: number): ExplorerRules<WordMaskData> {
  return {
    name: 'word-mask',
    data: { length },
    attempts,
    fixedAttempts: true,
    css: WORD_MASK_CSS,
    playHelp:
      'Play your own game: the page shows its guess; press each letter to set the colour your game gave it, then submit.',
    distributionTitle: 'Attempts per secret',
    fns: {
      codes: (d) => 3 ** d.length,
      solved: (d) => 3 ** d.length - 1,
      reply: (d, guess, secret) => {
        // Greens first; then, left to right, a yellow while an unused copy remains in the secret.
        const n = d.length;
        const left: Record<string, number> = {};
        const green: boolean[] = [];
        for (let p = 0; p < n; p++) {
          const c = secret[p];
          green.push(guess[p] === c);
          if (guess[p] !== c) left[c] = (left[c] ?? 0) + 1;
        }
        let code = 0;
        for (let p = 0; p < n; p++) {
          let digit = 0;
          if (green[p]) digit = 2;
          else {
            const c = guess[p];
            const k = left[c] ?? 0;
            if (k > 0) {
              digit = 1;
              left[c] = k - 1;
            }
          }
          code = code * 3 + digit;
        }
        return code;
      },
      name: (d, code) => {
        let s = '';
        let rest = code;
        for (let p = 0; p < d.length; p++) {
          s = 'X?O'.charAt(rest % 3) + s;
          rest = Math.floor(rest / 3);
        }
        return s;
      },
      view: (d, guess, code, at, ui) => {
        const text = ui.name(code);
        const words = ['absent', 'elsewhere', 'in place'];
        const tiles = ui.h('span', {
          class: `tiles${at.small ? ' small' : ''}`,
          style: `--n:${d.length}`,
          role: 'img',
          'aria-label': '',
        });
        const said: string[] = [];
        for (let p = 0; p < d.length; p++) {
          const digit = 'X?O'.indexOf(text.charAt(p));
          tiles.append(ui.h('span', { class: `tile t${digit}`, 'aria-hidden': 'true' }, guess.charAt(p)));
          said.push(`${guess.charAt(p)} ${words[digit]}`);
        }
        tiles.setAttribute('aria-label', `${guess}: ${said.join(', ')} (${text})`);
        return tiles;
      },
      replyInputs: (d, guess, _board, ui) => {
        const names = ['not in the word (grey)', 'elsewhere (yellow)', 'in place (green)'];
        const tiles = ui.h('div', { class: 'tiles play-tiles', style: `--n:${d.length}` });
        for (let p = 0; p < d.length; p++) {
          // Each tile keeps its colour in data-state (X, ? or O); readReply reads them back.
          const b = ui.h(
            'button',
            { type: 'button', class: 'tile t0', id: `play-tile-${p + 1}`, 'data-pos': p + 1, 'data-state': 'X' },
            guess.charAt(p),
          );
          const digit = () => 'X?O'.indexOf(b.getAttribute('data-state') ?? 'X');
          const label = () =>
            b.setAttribute(
              'aria-label',
              `letter ${guess.charAt(p)}, position ${p + 1}: ${names[digit()]}; press to change`,
            );
          label();
          b.addEventListener('click', () => {
            const next = (digit() + 1) % 3;
            b.className = `tile t${next}`;
            b.setAttribute('data-state', 'X?O'.charAt(next));
            label();
          });
          tiles.append(b);
        }
        return [ui.h('p', { class: 'hint' }, 'Press a letter to cycle grey (X), yellow (?), green (O).'), tiles];
      },
      readReply: (d, _guess, _board, ui) => {
        let code = 0;
        for (let p = 0; p < d.length; p++)
          code = code * 3 + 'X?O'.indexOf(ui.byId(`play-tile-${p + 1}`).getAttribute('data-state') ?? 'X');
        return code;
      },
    },
  };
}
