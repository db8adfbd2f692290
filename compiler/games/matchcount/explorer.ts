/**
 * Match-count's replies on the explorer page (a reply kind, games/explorer-rules.ts):
 * the number of positions with the same letter, typed as a number; solved when every position matches.
 */
import type { ExplorerRules } from '../explorer-rules.js';

export interface MatchCountPageData {
  readonly length: number;
}

export function matchCountRules(length: number): ExplorerRules<MatchCountPageData> {
  return {
    name: 'match-count',
    data: { length },
    playHelp: 'Play your own game: the page shows its guess; enter how many positions match, then submit.',
    numberReply: { label: 'Positions of "{guess}" that match', what: 'matching positions' },
    fns: {
      codes: (d) => d.length + 1,
      solved: (d) => d.length,
      reply: (d, guess, secret) => {
        let same = 0;
        for (let p = 0; p < d.length; p++) if (guess[p] === secret[p]) same++;
        return same;
      },
      name: (_d, code) => String(code),
      describe: (d, _guess, code) => `${code} of ${d.length} in place`,
      numberError: (d, guess, n) =>
        n > d.length ? `${n} matching positions: "${guess}" has only ${d.length} letters` : null,
    },
  };
}
