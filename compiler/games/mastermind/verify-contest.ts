/** `verify --strategy FILE` for Mastermind: a contest string written by anyone, replayed against every secret. */
import { readTextFile, WORD_LIST_MAX_BYTES } from '../../../runtime/wordlist.js';
import type { MastermindGame } from './game.js';
import { checkContest, parseContest } from './contest.js';
import type { ReportOut } from '../module.js';

export function runVerifyContest(game: MastermindGame, path: string, out: ReportOut): void {
  // One line, however long, within the size cap of every text input.
  const text = readTextFile(path, 'the strategy', WORD_LIST_MAX_BYTES, WORD_LIST_MAX_BYTES, 'latin1');
  const parsed = parseContest(game, text, path);
  const check = checkContest(game, parsed, path);
  out(`strategy: ${path}`);
  out(
    `game: MM(${game.pegs},${game.colors}); ${game.secretCount.toLocaleString('en-US')} secrets; ${parsed.tree.guess.length.toLocaleString('en-US')} guesses written`,
  );
  out(`N (total guesses): ${check.total}`);
  out(`mean guesses per secret: ${(check.total / game.secretCount).toFixed(4)}`);
  out(`max depth: ${check.maxDepth}`);
  out('depth histogram:');
  const rows = [];
  for (let d = 1; d < check.histogram.length; d++)
    rows.push({ label: `${d} guess${d === 1 ? '' : 'es'}`, count: check.histogram[d] });
  out({ chart: rows });
  if (check.unreachableBranches > 0)
    out(
      `note: ${check.unreachableBranches} branch${check.unreachableBranches === 1 ? '' : 'es'} that no secret reaches`,
    );
  out(`covered: every one of the ${game.secretCount} secrets is found`);
}
