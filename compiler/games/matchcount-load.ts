/** Building the match-count game from the CLI's options (the registry's entry for `--game matchcount`). */
import { fail } from '../../runtime/errors.js';
import type { TreeHeader } from '../../runtime/tree-format.js';
import { flattenPlan } from '../engine/plan.js';
import type { GameOptions, LoadedGame } from './registry.js';
import {
  compileMatchCount,
  describeProof,
  loadMatchCountList,
  MATCHCOUNT_DEFAULT_BUDGET,
  MATCHCOUNT_EFFORTS,
  MatchCountGame,
  matchCountSettings,
} from './matchcount.js';

/** --budget: allowedGuesses, a whole number of at least 1 (default 10). */
export function budgetOf(opts: GameOptions): number {
  const b = opts.budget;
  if (b === undefined) return MATCHCOUNT_DEFAULT_BUDGET;
  if (!Number.isInteger(b) || b < 1) throw fail('usage', `--budget ${String(b)}: expected a whole number of guesses, at least 1`);
  return b;
}

export function loadMatchCount(opts: GameOptions): LoadedGame {
  if (opts.words === undefined) throw fail('usage', 'matchcount needs --words FILE (one word a line, all of one length; # starts a comment)');
  if (opts.wordlist !== undefined || opts.len !== undefined) {
    throw fail('usage', `matchcount takes --words FILE, not ${opts.wordlist !== undefined ? '--wordlist' : '--len'} (the length is the words')`);
  }
  const budget = budgetOf(opts);
  const game = MatchCountGame.fromList(loadMatchCountList(opts.words));
  return {
    game,
    slug: `matchcount-len${game.length}`,
    efforts: Object.keys(MATCHCOUNT_EFFORTS),
    async compile(req) {
      const effort = MATCHCOUNT_EFFORTS[req.effort];
      if (!effort) throw fail('usage', `--effort ${req.effort}: unknown effort for matchcount (choose ${Object.keys(MATCHCOUNT_EFFORTS).join(', ')})`);
      const r = compileMatchCount(game, effort);
      return { tree: flattenPlan(r.plan), settings: matchCountSettings(effort, budget, r) };
    },
  };
}

/**
 * After a match-count compile has written its tree: one line saying what was proven, and a
 * `budget` error when the worst case (proven or best found) is more than --budget.
 */
export function matchCountVerdict(header: TreeHeader, path: string, words: string | undefined, log: (line: string) => void): void {
  const worst = Number(header.objective['maxAttempts']);
  const lower = Number(header.settings['lowerBound']);
  const proven = header.settings['provenOptimal'] === true;
  const budget = Number(header.settings['budget']);
  const total = Number(header.objective['totalGuesses']);
  log(`matchcount-len${String(header.params['length'])}: ${describeProof(worst, lower, proven)}; total ${total} guess${total === 1 ? '' : 'es'} (least found, not proven); budget ${budget}`);
  if (worst > budget) {
    const what = proven ? `needs ${worst} guesses in the worst case (proven optimal)` : `needs ${worst} guesses in the worst case with the best tree found (proven lower bound ${lower})`;
    throw fail('budget', `${words ?? path}: ${what}, more than --budget ${budget}; the tree was written to ${path}`);
  }
}
