/**
 * `play`: for a person. Shows the next guess, reads the reply they type, rejects impossible
 * replies with a reason. Walks the tree; when a reply leaves it, goes on with a one-step
 * search over the secrets still consistent. At a terminal a bad line is answered and asked
 * again; from a pipe it ends the run with a one-line error and a non-zero status.
 */
import { fail, isGuesstreeError } from '../../runtime/errors.js';
import { readLines } from '../../runtime/line-reader.js';
import type { TreeArrays } from '../../runtime/tree-format.js';
import { writeStdout } from '../../runtime/stdout.js';
import { childOf, NO_CHILD } from '../../runtime/tree-walker.js';
import type { Game } from '../game.js';

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

export async function runPlay(
  game: Game,
  tree: TreeArrays,
  input: NodeJS.ReadableStream,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  const interactive = (input as { isTTY?: boolean }).isTTY === true;
  const lines = readLines(input);
  let candidates = Uint32Array.from({ length: game.secretCount }, (_, i) => i);
  let node = 0;
  const history: string[] = [];
  out(
    `${game.replyHelp}; ${game.secretCount.toLocaleString('en-US')} secrets are possible${interactive ? '; Ctrl-D stops' : ''}`,
  );
  try {
    for (let attempt = 1; attempt <= game.maxAttempts; attempt++) {
      const guess = node !== NO_CHILD ? tree.guess[node] : onlineGuess(game, candidates);
      for (;;) {
        // At a terminal the reply is typed on the guess's line.
        if (interactive) writeStdout(`guess ${attempt}: ${game.guessName(guess)}   reply> `);
        else out(`guess ${attempt}: ${game.guessName(guess)}`);
        const next = await lines.next();
        if (next.done) {
          err('end of input: the game is left unfinished');
          return 0;
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
          const why = `impossible reply ${game.codeName(code)} to ${game.guessName(guess)}: ${noSecretGivesIt(game)}${history.length ? ` after ${history.join(', ')}` : ''}`;
          if (interactive) {
            err(why);
            continue;
          }
          throw fail('feedback', why);
        }
        if (code === game.solvedCode) {
          out(`solved in ${attempt} guess${attempt === 1 ? '' : 'es'}`);
          return 0;
        }
        candidates = kept;
        history.push(`${game.guessName(guess)} ${game.codeName(code)}`);
        out(
          `${kept.length.toLocaleString('en-US')} secret${kept.length === 1 ? '' : 's'} still possible${kept.length <= 8 ? `: ${some(game, kept)}` : ''}`,
        );
        if (node !== NO_CHILD) {
          node = childOf(tree, node, code);
          if (node === NO_CHILD && attempt < game.maxAttempts)
            err('the tree has no branch for this reply; searching among the consistent secrets');
        }
        break;
      }
    }
    out(
      `out of guesses; ${candidates.length.toLocaleString('en-US')} secret${candidates.length === 1 ? '' : 's'} still possible: ${some(game, candidates, 10)}`,
    );
    return 0;
  } finally {
    await lines.return();
  }
}
