/**
 * An ExplorerInput from a tree file's header and the names of its secrets and guesses: the
 * rules, a title and the summary lines, in each game's own words. The caller finds the names
 * (word lists, generated codes); the game modules can take that over later.
 */
import { fail } from '../../runtime/errors.js';
import type { ParamValue, TreeFile, TreeHeader } from '../../runtime/tree-format.js';
import type { ExplorerInput, ExplorerRules } from './explorer.js';

export interface ExplorerNames {
  readonly secrets: readonly string[];
  readonly guesses: readonly string[];
}

const num = (v: ParamValue | undefined): number | undefined => (typeof v === 'number' ? v : undefined);

/** The game's rules from its header. */
export function rulesOfHeader(header: TreeHeader): ExplorerRules {
  const p = header.params;
  const need = (k: string): number => {
    const v = num(p[k]);
    if (v === undefined) throw fail('tree-file', `${header.game} tree header has no numeric parameter ${k}`);
    return v;
  };
  switch (header.game) {
    case 'lingo':
      return { kind: 'word-mask', length: need('length'), attempts: num(p['attempts']) ?? 5 };
    case 'wordle':
      return { kind: 'word-mask', length: need('length'), attempts: num(p['attempts']) ?? 6 };
    case 'mastermind':
      return { kind: 'mastermind', pegs: need('pegs'), colors: need('colors') };
    case 'bullscows':
    case 'bulls-cows':
      return { kind: 'bulls-cows', digits: need('digits'), symbols: need('symbols') };
    case 'hangman':
      return { kind: 'hangman', length: need('length'), lives: num(p['lives']) ?? num(header.objective['lives']) ?? 6 };
    case 'matchcount':
      return { kind: 'match-count', length: need('length') };
    default:
      throw fail('tree-file', `tree is for game "${header.game}", which the explorer does not know`);
  }
}

/** "lingo-len5", "wordle-hard", "MM(5,8)", "hangman-len6-win6", "matchcount-len6". */
export function titleOfHeader(header: TreeHeader): string {
  const p = header.params;
  switch (header.game) {
    case 'lingo':
      return `lingo-len${String(p['length'])}`;
    case 'wordle':
      return p['hard'] === true ? 'wordle-hard' : 'wordle';
    case 'mastermind':
      return `MM(${String(p['pegs'])},${String(p['colors'])})`;
    case 'hangman': {
      const obj = p['objective'] === 'win' ? `win${String(p['lives'])}` : 'misses';
      return `hangman-len${String(p['length'])}-${p['strategy'] === 'greedy' ? 'greedy-' : ''}${obj}`;
    }
    case 'matchcount':
      return `matchcount-len${String(p['length'])}`;
    default:
      return header.game;
  }
}

const fixed = (v: ParamValue | undefined, digits: number): string => (typeof v === 'number' ? v.toFixed(digits) : String(v));
/** A count as people read it: 15,543,400. */
const int = (v: ParamValue | undefined): string => (typeof v === 'number' && Number.isInteger(v) ? v.toLocaleString('en-US') : String(v));
const plural = (k: number, one: string, many: string): string => `${k.toLocaleString('en-US')} ${k === 1 ? one : many}`;

/** The objective in the game's own words, one line each, then what is proven. */
export function summaryOfHeader(header: TreeHeader): string[] {
  const o = header.objective;
  const s = header.settings;
  const secrets = num(o['secrets']);
  const lines: string[] = [];
  switch (header.game) {
    case 'lingo': {
      lines.push(`mean score ${fixed(o['mean'], 2)} per word (total ${int(o['total'])}); found ${int(o['found'])} of ${int(secrets)} within ${String(header.params['attempts'] ?? 5)} guesses; deepest find on guess ${String(o['maxAttempts'])}`);
      const ub = num(o['upperBoundMean']);
      lines.push(ub !== undefined ? `proven: no tree of this list scores above a mean of ${ub.toFixed(2)} (bound of the search)` : 'proven: no bound recorded (not every guess was tried at the root)');
      break;
    }
    case 'wordle':
    case 'mastermind':
    case 'matchcount':
    case 'bullscows':
    case 'bulls-cows': {
      lines.push(`total guesses ${int(o['totalGuesses'])}, mean ${fixed(o['meanGuesses'], 4)}, max depth ${String(o['maxAttempts'])}; found ${int(o['found'])} of ${int(secrets)}`);
      if (header.game === 'matchcount') {
        const lb = num(s['lowerBound']);
        const worst = num(o['maxAttempts']);
        lines.push(s['provenOptimal'] === true ? `proven: worst case ${String(worst)} guesses is optimal (lower bound ${String(lb)}); the total is the least found, not proven` : `proven: lower bound ${String(lb)} on the worst case (the tree needs ${String(worst)})`);
      } else if (s['provenOptimal'] === true) {
        lines.push('proven: optimal (least total guesses)');
      } else {
        const ub = num(o['upperBound']);
        lines.push(ub !== undefined ? `proven: no tree needs fewer than ${int(Math.ceil(-ub))} guesses in total (bound of the search); this tree is not proven optimal` : 'proven: not proven optimal');
      }
      break;
    }
    case 'hangman': {
      const lives = num(o['lives']) ?? 6;
      lines.push(`mean misses ${fixed(o['meanMisses'], 4)} per word (total ${int(o['totalMisses'])}), most misses ${String(o['maxMisses'])}`);
      lines.push(`words won ${int(o['wins'])} of ${int(secrets)} with ${plural(lives, 'life', 'lives')} (fewer than ${lives} misses)`);
      lines.push(`objective: ${header.params['objective'] === 'win' ? `most words won with ${lives} lives, then least misses` : 'least total misses'}${header.params['strategy'] === 'greedy' ? ' (greedy rule, not searched)' : ''}`);
      lines.push(s['provenOptimal'] === true ? 'proven: optimal (exact search at every node)' : `proven: not proven optimal${s['exactStopped'] === true ? ' (the exact search stopped at its node budget)' : ''}`);
      break;
    }
    default:
      lines.push(Object.entries(o).map(([k, v]) => `${k} ${String(v)}`).join(', '));
  }
  return lines;
}

/** Everything the explorer needs for one tree file. */
export function explorerInputFromHeader(file: TreeFile, names: ExplorerNames): ExplorerInput {
  const { header, tree } = file;
  for (const l of header.lists) {
    const have = l.role === 'guesses' ? names.guesses.length : names.secrets.length;
    if (l.count !== have) throw fail('tree-file', `${titleOfHeader(header)}: the tree's ${l.role} list has ${l.count} words, the names given have ${have}`);
  }
  return {
    title: titleOfHeader(header),
    game: header.game,
    params: header.params,
    lists: header.lists,
    summary: summaryOfHeader(header),
    toolVersion: header.tool.version,
    secrets: names.secrets,
    guesses: names.guesses,
    rules: rulesOfHeader(header),
    tree,
  };
}

/** Mastermind's codes in code order: "AAA", "AAB", ... (base `colors`, first peg most significant). */
export function mastermindNames(pegs: number, colors: number): string[] {
  const out: string[] = [];
  const n = colors ** pegs;
  for (let code = 0; code < n; code++) {
    let s = '';
    let rest = code;
    for (let i = 0; i < pegs; i++) {
      s = String.fromCharCode(65 + (rest % colors)) + s;
      rest = Math.floor(rest / colors);
    }
    out.push(s);
  }
  return out;
}

/** Hangman's guesses: the letters a..z. */
export const HANGMAN_LETTERS: readonly string[] = Array.from({ length: 26 }, (_, i) => String.fromCharCode(97 + i));
