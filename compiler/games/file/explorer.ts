/**
 * A file game's replies on the explorer page (a reply kind, games/explorer-rules.ts):
 * the reply table the compile built, carried as text. `replies[code]` names a reply (the last:
 * solved); `rows[guess]` holds one character per secret (in `secrets` order), its code + 48.
 */
import type { ExplorerRules } from '../explorer-rules.js';

export interface TablePageData {
  readonly replies: readonly string[];
  readonly secrets: readonly string[];
  readonly rows: Readonly<Record<string, string>>;
}

export function tableRules(data: TablePageData, attempts: number): ExplorerRules<TablePageData> {
  return {
    name: 'table',
    attempts,
    data,
    fns: {
      codes: (d) => d.replies.length,
      solved: (d) => d.replies.length - 1,
      reply: (d, guess, secret) => {
        // The secrets' places, found once per page (the data is the page's own copy).
        const t = d as TablePageData & { at?: Record<string, number> };
        if (!t.at) {
          const at: Record<string, number> = {};
          t.secrets.forEach((n, i) => {
            at[n] = i;
          });
          t.at = at;
        }
        const row = t.rows[guess];
        const i = t.at[secret];
        if (row === undefined || i === undefined) return guess === secret ? t.replies.length - 1 : -1;
        return row.charCodeAt(i) - 48;
      },
      name: (d, code) => d.replies[code] ?? `#${code}`,
    },
  };
}
