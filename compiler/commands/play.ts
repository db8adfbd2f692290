/**
 * `play`: for a person. Shows the next guess, reads the reply they type, rejects impossible
 * replies with a reason. Walks the tree; when a reply leaves it, goes on with a one-step
 * search over the secrets still consistent. `undo` (or `u`) takes back the last reply and shows
 * the guess before it again, as it was. At a terminal a bad line is answered and asked again;
 * from a pipe it ends the run with a one-line error and a non-zero status.
 */
import { fail, isGuesstreeError } from '../../runtime/errors.js';
import { readLines } from '../../runtime/line-reader.js';
import type { TreeArrays } from '../../runtime/tree-format.js';
import { writeStdout } from '../../runtime/stdout.js';
import { childOf, NO_CHILD } from '../../runtime/tree-walker.js';
import type { Game } from '../game.js';
import type { PlayStreams } from '../games/module.js';
import { isUndo, UNDO_HELP } from '../games/undo.js';

/** One-step fallback: the consistent secret whose guess splits the others into the most groups. */
function onlineGuess(game: Game, candidates: Uint32Array): number {
  if (candidates.length <= 2) return game.guessOfSecret(candidates[0]);
  const codes = new Uint32Array(candidates.length);
  let best = game.guessOfSecret(candidates[0]);
  let bestGroups = 0;
  const limit = Math.min(candidates.length, 300);
  for (let i = 0; i < limit; i++) {
    const g = game.guessOfSecret(candidates[i]);
    game.partitionCodes(g, candidates, candidates.length, codes);
    const groups = new Set(codes).size;
    if (groups > bestGroups) {
      bestGroups = groups;
      best = g;
    }
  }
  return best;
}

/** Secrets in one line: the first few names, and how many more. */
function some(game: Game, set: Uint32Array, max = 8): string {
  const names = Array.from(set.slice(0, max), (s) => game.secretName(s)).join(' ');
  return set.length > max ? `${names} …` : names;
}

/** Why a reply is impossible: word games have a list of secrets, code games (no list) codes. */
function noSecretGivesIt(game: Game): string {
  return game.lists.length === 0 ? 'no code gives it' : 'no secret in the list gives it';
}

/** Where a game stands before a guess: enough to show that guess again after an undo. */
interface PlayState {
  readonly attempt: number;
  readonly node: number;
  readonly candidates: Uint32Array;
  readonly guess: number;
  readonly historyLength: number;
}

export async function runPlay(game: Game, tree: TreeArrays, streams: PlayStreams): Promise<number> {
  const { input, out, err } = streams;
  const interactive = (input as { isTTY?: boolean }).isTTY === true;
  const lines = readLines(input);
  const history: string[] = [];
  // The states before each reply taken, so that undo can go back one.
  const before: PlayState[] = [];
  const first = Uint32Array.from({ length: game.secretCount }, (_, i) => i);
  let state: PlayState = { attempt: 1, node: 0, candidates: first, guess: tree.guess[0], historyLength: 0 };
  out(
    `${game.replyHelp}; ${game.secretCount.toLocaleString('en-US')} secrets are possible; ${UNDO_HELP}${interactive ? '; Ctrl-D stops' : ''}`,
  );
  try {
    while (state.attempt <= game.maxAttempts) {
      const { attempt, node, candidates, guess } = state;
      // At a terminal the reply is typed on the guess's line.
      if (interactive) writeStdout(`guess ${attempt}: ${game.guessName(guess)}   reply> `);
      else out(`guess ${attempt}: ${game.guessName(guess)}`);
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
        code = game.parseCode(next.value.trim());
      } catch (e) {
        if (interactive && isGuesstreeError(e)) {
          err(e.message);
          continue;
        }
        throw e;
      }
      // "Solved" is a reply like any other: only a guess that can still be the secret gets it.
      const kept =
        code === game.solvedCode
          ? candidates.filter((s) => s === game.secretOfGuess(guess))
          : candidates.filter((s) => game.feedback(guess, s) === code);
      if (kept.length === 0) {
        reject(
          `impossible reply ${game.codeName(code)} to ${game.guessName(guess)}: ${noSecretGivesIt(game)}${history.length ? ` after ${history.join(', ')}` : ''}`,
        );
        continue;
      }
      if (code === game.solvedCode) {
        out(`solved in ${attempt} guess${attempt === 1 ? '' : 'es'}`);
        return 0;
      }
      history.push(`${game.guessName(guess)} ${game.codeName(code)}`);
      out(
        `${kept.length.toLocaleString('en-US')} secret${kept.length === 1 ? '' : 's'} still possible${kept.length <= 8 ? `: ${some(game, kept)}` : ''}`,
      );
      let child = node;
      if (child !== NO_CHILD) {
        child = childOf(tree, child, code);
        if (child === NO_CHILD && attempt < game.maxAttempts)
          err('the tree has no branch for this reply; searching among the consistent secrets');
      }
      before.push(state);
      state = {
        attempt: attempt + 1,
        node: child,
        candidates: kept,
        guess: child !== NO_CHILD ? tree.guess[child] : onlineGuess(game, kept),
        historyLength: history.length,
      };
    }
    out(
      `out of guesses; ${state.candidates.length.toLocaleString('en-US')} secret${state.candidates.length === 1 ? '' : 's'} still possible: ${some(game, state.candidates, 10)}`,
    );
    return 0;
  } finally {
    await lines.return();
  }
}
