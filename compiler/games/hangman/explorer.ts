/**
 * Hangman on the explorer page (a reply kind, games/explorer-rules.ts): guesses are letters
 * "a".."z"; the reply code is the mask of the positions that hold the letter (bit p: position
 * p + 1; 0: a miss). The replies reveal the word: it ends when every position is revealed (that
 * last reply is not in the tree). Drawn as the pattern so far; played by ticking positions.
 */
import type { ExplorerRules } from '../explorer-rules.js';

const HANGMAN_CSS = `.pattern{letter-spacing:.1em}
.letter{font-weight:700;font-family:ui-monospace,monospace;min-width:1em}
.miss{color:var(--bad);font-weight:600}
.hit{color:var(--green)}
`;

export interface HangmanPageData {
  readonly length: number;
  readonly lives: number;
}

export function hangmanRules(length: number, lives: number): ExplorerRules<HangmanPageData> {
  return {
    name: 'hangman',
    data: { length, lives },
    attempts: 26,
    revealing: true,
    playHelp:
      'Play your own game: the page names a letter; tick the positions that hold it (none for a miss), then submit.',
    distributionTitle: 'Misses per word',
    endWord: 'revealed',
    css: HANGMAN_CSS,
    fns: {
      codes: (d) => 2 ** d.length,
      solved: (d) => 2 ** d.length - 1,
      reply: (d, guess, secret) => {
        let mask = 0;
        for (let p = 0; p < d.length; p++) if (secret[p] === guess) mask |= 1 << p;
        return mask;
      },
      name: (d, code) => {
        if (code === 0) return '-';
        const ps: number[] = [];
        for (let p = 0; p < d.length; p++) if (code & (1 << p)) ps.push(p + 1);
        return ps.join(',');
      },
      boardStart: (d) => '_'.repeat(d.length),
      boardAfter: (_d, board, letter, code) => {
        let out = '';
        for (let p = 0; p < board.length; p++) out += code & (1 << p) ? letter : board.charAt(p);
        return out;
      },
      view: (_d, guess, code, at, ui) =>
        ui.h(
          'span',
          { class: 'reply hm' },
          ui.h('span', { class: 'letter' }, guess),
          ui.h(
            'code',
            { class: 'pattern', 'aria-label': `pattern ${at.board ?? ''}` },
            (at.board ?? '').split('').join(' '),
          ),
          code === 0 ? ui.h('span', { class: 'miss' }, 'miss') : ui.h('span', { class: 'hit' }, `at ${ui.name(code)}`),
        ),
      replyInputs: (d, guess, board, ui) => {
        const now = board ?? '';
        const out = [
          ui.h(
            'p',
            null,
            `Where is "${guess}"? Word so far: `,
            ui.h('code', { class: 'pattern' }, now.split('').join(' ')),
            '. Tick its positions, none for a miss.',
          ),
        ];
        for (let p = 0; p < d.length; p++) {
          const id = `play-pos-${p + 1}`;
          const taken = now.charAt(p) !== '_';
          out.push(
            ui.h(
              'span',
              { class: 'field' },
              ui.h('input', { type: 'checkbox', id, disabled: taken, 'data-pos': p + 1 }),
              ui.h('label', { for: id }, ` position ${p + 1}${taken ? ` (${now.charAt(p)})` : ''}`),
            ),
          );
        }
        return out.flatMap((e, i) => (i === 0 ? [e] : [e, ' ']));
      },
      readReply: (d, _guess, board, ui) => {
        let code = 0;
        for (let p = 0; p < d.length; p++) {
          const box = ui.byId(`play-pos-${p + 1}`);
          if (box.checked && !box.disabled) code |= 1 << p;
        }
        const pat = board ?? '';
        for (let p = 0; p < d.length; p++)
          if (code & (1 << p) && pat.charAt(p) !== '_') return `position ${p + 1} is already revealed`;
        return code;
      },
      // Off the tree: the letter not yet guessed that the most words still possible hold.
      offTreeGuess: (_d, guesses, possible, played) => {
        const used = new Set(played);
        let best = -1;
        let bestCount = -1;
        guesses.forEach((l, gi) => {
          if (used.has(l)) return;
          const k = possible.filter((s) => s.includes(l)).length;
          if (k > bestCount) {
            best = gi;
            bestCount = k;
          }
        });
        return Math.max(0, best);
      },
      outcome: (d, o) => {
        const plural = (k: number, one: string, many: string) => `${k.toLocaleString('en-US')} ${k === 1 ? one : many}`;
        if (!o.found) return `${o.secret}: the tree has no branch for a reply`;
        return `${o.secret}: revealed after ${plural(o.guesses, 'letter', 'letters')}, ${plural(o.misses, 'miss', 'misses')}${o.misses < d.lives ? ` (won with ${d.lives} lives)` : ` (lost with ${d.lives} lives)`}`;
      },
    },
  };
}
