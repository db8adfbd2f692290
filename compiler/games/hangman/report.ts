/**
 * Hangman's `verify`, `stats` (the word difficulty report) and `play`. A Hangman secret is
 * never "found" by a guess that names it: it ends once every letter is revealed, and what
 * counts is the number of misses.
 */
import { fail, isGuesstreeError } from '../../../runtime/errors.js';
import { readLines } from '../../../runtime/line-reader.js';
import type { TreeArrays, TreeFile } from '../../../runtime/tree-format.js';
import { childOf, edgeCount, NO_CHILD } from '../../../runtime/tree-walker.js';
import { writeStdout } from '../../../runtime/stdout.js';
import { replayAll, type ReplaySummary } from '../../replay.js';
import { checkHeaderFigures } from '../../objective.js';
import type { LoadedGame, PlayStreams, ReportOut } from '../module.js';
import { isUndo, UNDO_HELP } from '../undo.js';
import type { HangmanGame } from './game.js';
import { ALPHABET_SIZE, HangmanRanker } from './ranker.js';

const count = (n: number): string => n.toLocaleString('en-US');
const plural = (n: number, one: string, many = `${one}s`): string => `${count(n)} ${n === 1 ? one : many}`;

/** Rows of the misses distribution, 0 to the most misses. */
function missRows(s: ReplaySummary): Array<{ label: string; count: number }> {
  const counts: number[] = [];
  for (const o of s.outcomes) {
    const m = o.misses ?? 0;
    while (counts.length <= m) counts.push(0);
    counts[m] = counts[m] + 1;
  }
  return counts.map((count, m) => ({ label: plural(m, 'miss', 'misses'), count }));
}

export function summaryLines(game: HangmanGame, s: ReplaySummary): string[] {
  const o = game.objectiveOf(s);
  const wins = Number(o.wins);
  return [
    `mean misses: ${Number(o.meanMisses).toFixed(4)} per word (total ${count(Number(o.totalMisses))}, most ${String(o.maxMisses)})`,
    `win rate with ${plural(game.spec.lives, 'life', 'lives')} (fewer than ${plural(game.spec.lives, 'miss', 'misses')}): ${count(wins)} of ${count(s.secrets)} words, ${((100 * wins) / s.secrets).toFixed(2)}%`,
  ];
}

/** Hangman's own `verify` and `stats` of `game`'s trees. */
export function hangmanReports(game: HangmanGame): Required<Pick<LoadedGame, 'verify' | 'stats'>> {
  return {
    /** Every word replayed until revealed, the misses histogram, every figure of the header checked. */
    verify(file: TreeFile, path: string, out: ReportOut): ReplaySummary {
      const s = replayAll(game, file.tree);
      out(`tree: ${path}`);
      out(
        `game: hangman ${Object.entries(game.params)
          .map(([k, v]) => `${k}=${String(v)}`)
          .join(' ')}; ${count(s.secrets)} words`,
      );
      out('misses histogram:');
      out({ chart: missRows(s) });
      for (const line of summaryLines(game, s)) out(line);
      if (s.missingBranches > 0) throw fail('tree-file', `${path}: tree has no branch for ${s.missingBranches} words`);
      const unrevealed = s.histogram[0];
      if (unrevealed > 0) throw fail('tree-file', `${path}: ${plural(unrevealed, 'word')} never fully revealed`);
      checkHeaderFigures(game, s, { header: file.header, where: path });
      out('verify: ok (every word replayed until revealed; every figure of the header matches)');
      return s;
    },
    /** The difficulty report (after the command's `tree:` line): summary, the hardest words with their letters, the misses distribution. */
    stats(file: TreeFile, hardest: number, out: ReportOut): void {
      const tree = file.tree;
      const s = replayAll(game, tree);
      let leaves = 0;
      for (let v = 0; v < tree.guess.length; v++) if (edgeCount(tree, v) === 0) leaves++;
      out(
        `game: hangman ${Object.entries(game.params)
          .map(([k, v]) => `${k}=${String(v)}`)
          .join(' ')}; ${count(s.secrets)} words`,
      );
      out(
        `nodes: ${count(tree.guess.length)} (${count(leaves)} leaves), edges: ${count(tree.edgeCode.length)}; first letter: ${game.guessName(tree.guess[0])}`,
      );
      for (const line of summaryLines(game, s)) out(line);
      const order = s.outcomes
        .map((o, i) => ({ i, misses: o.misses ?? 0, guesses: o.guesses.length }))
        .sort((a, b) => b.misses - a.misses || b.guesses - a.guesses || a.i - b.i)
        .slice(0, hardest);
      out(`hardest ${plural(order.length, 'word')} (misses; letters guessed in order, misses in brackets):`);
      const w = Math.max(0, ...order.map(({ i }) => game.secretName(i).length));
      for (const { i, misses } of order) {
        const o = s.outcomes[i];
        const letters = o.guesses
          .map((g) => (game.mask(i, g) === 0 ? `[${game.guessName(g)}]` : game.guessName(g)))
          .join(' ');
        out(`  ${game.secretName(i).padEnd(w)}  ${plural(misses, 'miss', 'misses').padStart(9)}: ${letters}`);
      }
      out('misses distribution:');
      out({ chart: missRows(s) });
    },
  };
}

/** Where a Hangman game stands before a guess: enough to show that guess again after an undo. */
interface HangmanState {
  readonly attempt: number;
  readonly node: number;
  readonly candidates: Uint32Array;
  readonly pattern: readonly string[];
  readonly revealed: number;
  readonly guessed: number;
  readonly misses: number;
  readonly historyLength: number;
}

/**
 * `play`: shows the word so far and the next letter; the person types the positions holding it
 * (1-based, spaces or commas) or `-` for a miss, or `undo` (`u`) to take back the last reply.
 * Replies that no word of the list can give, positions out of range or already revealed are
 * rejected with the reason (asked again at a terminal; from a pipe the run ends with one line
 * and status 5).
 */
export async function hangmanPlay(game: HangmanGame, tree: TreeArrays, streams: PlayStreams): Promise<number> {
  const { input, out, err } = streams;
  const interactive = (input as { isTTY?: boolean }).isTTY === true;
  const lines = readLines(input);
  const helper = new HangmanRanker(game, 0);
  const history: string[] = [];
  const before: HangmanState[] = [];
  let state: HangmanState = {
    attempt: 1,
    node: 0,
    candidates: Uint32Array.from({ length: game.secretCount }, (_, i) => i),
    pattern: new Array<string>(game.length).fill('_'),
    revealed: 0,
    guessed: 0,
    misses: 0,
    historyLength: 0,
  };
  const guessOf = (st: HangmanState): number => {
    if (st.node !== NO_CHILD) return tree.guess[st.node];
    if (st.candidates.length > 1) return helper.greedyLetter(st.candidates);
    const w = st.candidates[0];
    let guess = 0;
    while (guess < ALPHABET_SIZE && (game.mask(w, guess) === 0 || st.guessed & (1 << guess))) guess++;
    return guess;
  };
  out(
    `${game.replyHelp}; ${game.secretCount.toLocaleString('en-US')} words are possible; ${UNDO_HELP}${interactive ? '; Ctrl-D stops' : ''}`,
  );
  try {
    while (state.attempt <= ALPHABET_SIZE) {
      const { attempt, candidates, pattern, revealed, misses } = state;
      const guess = guessOf(state);
      const line = `guess ${attempt}: ${game.guessName(guess)}   word: ${pattern.join(' ')}   misses: ${misses}`;
      // At a terminal the reply is typed on the guess's line.
      if (interactive) writeStdout(`${line}   positions of ${game.guessName(guess)} (1-${game.length}, or -)> `);
      else out(line);
      const next = await lines.next();
      if (next.done) {
        err('end of input: the game is left unfinished');
        return 0;
      }
      const reject = (why: string): void => {
        if (!interactive) throw fail('feedback', why);
        err(why);
      };
      if (isUndo(next.value, (t) => game.parseCode(t))) {
        const back = before.pop();
        if (!back) reject('nothing to undo: no reply has been given yet');
        else {
          state = back;
          history.length = back.historyLength;
        }
        continue;
      }
      let code: number;
      try {
        code = game.parseCode(next.value);
      } catch (e) {
        if (interactive && isGuesstreeError(e)) {
          err(e.message);
          continue;
        }
        throw e;
      }
      const name = game.codeName(code);
      if (code & revealed) {
        const p = Math.log2(code & revealed & -(code & revealed)) + 1;
        reject(
          `impossible reply ${name} to ${game.guessName(guess)}: position ${p} is already revealed (${pattern[p - 1]})`,
        );
        continue;
      }
      const kept = candidates.filter((w) => game.mask(w, guess) === code);
      if (kept.length === 0) {
        reject(
          `impossible reply ${name} to ${game.guessName(guess)}: no word of the list fits ${pattern.join('')}${history.length ? ` after ${history.join(', ')}` : ''} with ${code === 0 ? `no ${game.guessName(guess)}` : `${game.guessName(guess)} exactly at ${name}`}`,
        );
        continue;
      }
      out(
        `${plural(kept.length, 'word')} still possible${kept.length <= 8 ? `: ${Array.from(kept, (w) => game.secretName(w)).join(' ')}` : ''}`,
      );
      history.push(`${game.guessName(guess)} ${name}`);
      const nextPattern = pattern.slice();
      for (let p = 0; p < game.length; p++) if (code & (1 << p)) nextPattern[p] = game.guessName(guess);
      const nextMisses = misses + (code === 0 ? 1 : 0);
      if ((revealed | code) === game.full) {
        out(
          `solved: ${nextPattern.join('')} in ${plural(attempt, 'guess', 'guesses')} with ${plural(nextMisses, 'miss', 'misses')}`,
        );
        return 0;
      }
      let node = state.node;
      if (node !== NO_CHILD) {
        node = childOf(tree, node, code);
        if (node === NO_CHILD) err('the tree has no branch for this reply; going on with the greedy rule');
      }
      before.push(state);
      state = {
        attempt: attempt + 1,
        node,
        candidates: kept,
        pattern: nextPattern,
        revealed: revealed | code,
        guessed: state.guessed | (1 << guess),
        misses: nextMisses,
        historyLength: history.length,
      };
    }
    return 0;
  } finally {
    await lines.return();
  }
}
