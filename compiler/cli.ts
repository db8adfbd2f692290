#!/usr/bin/env node
/**
 * The guesstree CLI: compile, verify, stats, export, play. Results go to stdout; progress and
 * logs go to stderr only when it is a terminal; every expected failure is one line on stderr
 * and a non-zero exit status.
 */
import { availableParallelism } from 'node:os';
import yargs, { type Argv } from 'yargs';
import { hideBin } from 'yargs/helpers';
import { writeFileAtomic } from '../runtime/atomic-write.js';
import { fail, isGuesstreeError } from '../runtime/errors.js';

const INTERNAL_ERROR_STATUS = 1;
import { runCompile } from './commands/compile.js';
import { exportJson, exportPaths, runStats, runVerify } from './commands/inspect.js';
import { runPlay } from './commands/play.js';
import { resolveTree, type TreeOptions } from './commands/resolve.js';
import { afterCompile, EFFORTS_BY_GAME, GAME_IDS } from './games/registry.js';
import { leetcodeSolution } from './emit/leetcode.js';
import { readTreeFile } from '../runtime/tree-format.js';
import { TOOL_VERSION } from './version.js';
import { MastermindGame } from './games/mastermind.js';
import { emitContest } from './games/mastermind-contest.js';
import { mastermindGameOf } from './games/mastermind-load.js';
import { runVerifyContest } from './commands/contest.js';

const out = (line: string): void => {
  process.stdout.write(line + '\n');
};
const err = (line: string): void => {
  process.stderr.write(line + '\n');
};

function gameOptions<T>(y: Argv<T>) {
  return y
    .option('game', { type: 'string', choices: GAME_IDS as unknown as string[], describe: 'the game' })
    .option('len', { type: 'number', describe: 'word length (lingo: 4..13)' })
    .option('wordlist', { type: 'string', describe: 'word list file, one word a line (default: the npm package word-list)' })
    .option('answers', { type: 'string', describe: 'wordle: the possible secrets, one word a line' })
    .option('guesses', { type: 'string', describe: 'wordle: the allowed guesses (the answers are always allowed too)' })
    .option('hard', { type: 'boolean', describe: 'wordle: hard mode (greens stay in place, revealed letters are reused)' })
    .option('words', { type: 'string', describe: 'matchcount: the word list, one word a line, all of one length (# starts a comment)' })
    .option('budget', { type: 'number', describe: 'matchcount: allowedGuesses (default 10); compile fails with status 6 when the worst case needs more' })
    .option('pegs', { type: 'number', describe: 'mastermind: pegs per code' })
    .option('colors', { type: 'number', describe: 'mastermind: colours (A, B, ...)' })
    .option('objective', { type: 'string', describe: 'hangman: misses (default; least expected misses) or win (most words solved with fewer than --lives misses)' })
    .option('lives', { type: 'number', describe: 'hangman: lives of --objective win (default 6)' })
    .option('strategy', { type: 'string', describe: 'hangman: search (default) or greedy (the letter missing from the fewest candidates); mastermind verify: a strategy FILE in the contest grammar' });
}

function treeOptions<T>(y: Argv<T>) {
  return gameOptions(y).option('tree', { type: 'string', describe: 'a tree file (else the shipped tree matching the game options)' });
}

function treeArgs(a: {
  tree?: string | undefined;
  game?: string | undefined;
  len?: number | undefined;
  wordlist?: string | undefined;
  answers?: string | undefined;
  guesses?: string | undefined;
  hard?: boolean | undefined;
  words?: string | undefined;
  budget?: number | undefined;
  pegs?: number | undefined;
  colors?: number | undefined;
  objective?: string | undefined;
  lives?: number | undefined;
  strategy?: string | undefined;
}): TreeOptions {
  return { tree: a.tree, game: a.game, len: a.len, wordlist: a.wordlist, answers: a.answers, guesses: a.guesses, hard: a.hard, words: a.words, budget: a.budget, pegs: a.pegs, colors: a.colors, objective: a.objective, lives: a.lives, strategy: a.strategy };
}

// A reader that closes the pipe early (`| head`) ends the output, not the program with a trace.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

export async function main(argv: string[]): Promise<void> {
  await yargs(argv)
    .scriptName('guesstree')
    .usage('$0 <command> [options]\n\nCompile and inspect complete decision trees for guessing games.')
    .command(
      'compile',
      'compile a tree; writes --out FILE, else into trees/ with a manifest entry',
      (y) =>
        gameOptions(y)
          .option('out', { type: 'string', describe: 'write the tree here instead of trees/' })
          .option('effort', { type: 'string', default: 'default', describe: `search effort (${GAME_IDS.map((g) => `${g}: ${EFFORTS_BY_GAME[g].join(', ')}`).join('; ')})` })
          .option('workers', { type: 'number', default: availableParallelism(), describe: 'worker threads (the tree does not depend on it)' })
          .option('checkpoint', { type: 'string', describe: 'save finished subtrees in this folder as the compile goes' })
          .option('resume', { type: 'boolean', default: false, describe: 'reuse the subtrees saved in --checkpoint (same bytes as an uninterrupted run)' })
          .option('max-memory', { type: 'number', describe: 'MiB the compile may use (default: 3/4 of the machine); larger compiles are refused up front' })
          .option('exact', { type: 'boolean', describe: 'mastermind: branch and bound that proves the optimum (same as --effort exact)' })
          .option('max-depth', { type: 'number', describe: 'mastermind: no secret may need more guesses than this' })
          .example('$0 compile --game lingo --len 5', 'the main job, on the default dictionary')
          .example('$0 compile --game lingo --len 9 --wordlist ../shared/lingo/wordlist.txt --out len9.gtree', '')
          .example('$0 compile --game wordle --answers answers.txt --guesses allowed.txt [--hard]', '')
          .example('$0 compile --game matchcount --words ../shared/matchcount/random-100-1.txt [--budget 10]', 'least worst case, proven when possible')
          .example('$0 compile --game mastermind --pegs 4 --colors 6 --exact', 'proves the optimum, 5625 guesses')
          .example('$0 compile --game hangman --len 6 [--objective misses|win] [--lives 6] [--strategy greedy]', 'letter-guessing tree'),
      async (a) => {
        if (!Number.isInteger(a.workers) || a.workers < 1) throw fail('usage', `--workers ${a.workers}: expected a positive integer`);
        const opts = { game: a.game, len: a.len, wordlist: a.wordlist, answers: a.answers, guesses: a.guesses, hard: a.hard, words: a.words, budget: a.budget, pegs: a.pegs, colors: a.colors, maxDepth: a.maxDepth, exact: a.exact, objective: a.objective, lives: a.lives, strategy: a.strategy };
        const done = await runCompile({ ...opts, out: a.out, effort: a.effort, workers: a.workers, checkpoint: a.checkpoint, resume: a.resume, maxMemory: a.maxMemory }, out);
        afterCompile(done.header, done.path, opts, out);
      },
    )
    .command(
      'verify',
      'replay a tree against every secret and print the exact metric',
      (y) =>
        treeOptions(y)
          .example('$0 verify --game lingo --len 9 --wordlist ../shared/lingo/wordlist.txt', '')
          .example('$0 verify --game mastermind --pegs 5 --colors 8 --strategy mm58.txt', 'N, maximum depth, depth histogram, coverage'),
      (a) => {
        if (a.strategy !== undefined && a.game === 'mastermind') {
          if (a.tree !== undefined) throw fail('usage', 'give --strategy FILE or --tree FILE, not both');
          runVerifyContest(mastermindGameOf(treeArgs(a)), a.strategy, out);
          return;
        }
        runVerify(resolveTree(treeArgs(a)), out);
      },
    )
    .command(
      'stats',
      'depth histogram, hardest secrets, node count and file size',
      (y) => treeOptions(y).option('hardest', { type: 'number', default: 10, describe: 'how many of the hardest secrets to list' }).example('$0 stats --tree trees/lingo-len5-....gtree', ''),
      (a) => {
        if (!Number.isInteger(a.hardest) || a.hardest < 0) throw fail('usage', `--hardest ${String(a.hardest)}: expected a whole number, 0 or more`);
        runStats(resolveTree(treeArgs(a)), a.hardest, out);
      },
    )
    .command(
      'export',
      'write a tree as paths (SECRET<TAB>GUESS1 GUESS2 ...) or JSON; matchcount: a LeetCode 843 solution',
      (y) =>
        treeOptions(y)
          .option('format', { type: 'string', choices: ['paths', 'json', 'leetcode', 'contest'], demandOption: true, describe: 'output format (leetcode: a self-contained TypeScript findSecretWord for --game matchcount, needs no tree; contest: the MM(p,c) contest grammar, mastermind)' })
          .option('out', { type: 'string', describe: 'write to this file (atomically) instead of stdout' })
          .example('$0 export --format paths --game lingo --len 5', '')
          .example('$0 export --format leetcode --game matchcount --out solution.ts', ''),
      (a) => {
        if (a.format === 'leetcode') {
          // The solution searches at run time: it needs no tree and no list.
          const game = a.game ?? (a.tree !== undefined ? readTreeFile(a.tree).header.game : undefined);
          if (game !== 'matchcount') throw fail('usage', `--format leetcode is for --game matchcount${game === undefined ? '' : `, not ${game}`}`);
          const text = leetcodeSolution();
          if (a.out !== undefined) writeFileAtomic(a.out, text);
          else process.stdout.write(text);
          return;
        }
        const r = resolveTree(treeArgs(a));
        const lines: string[] = [];
        if (a.format === 'paths') exportPaths(r.loaded.game, r.file.tree, (l) => lines.push(l));
        else if (a.format === 'contest') {
          if (!(r.loaded.game instanceof MastermindGame)) throw fail('usage', `--format contest is for mastermind trees, not ${r.loaded.game.id}`);
          lines.push(emitContest(r.loaded.game, r.file.tree));
        } else lines.push(exportJson(r.loaded.game, r.file.tree));
        const text = lines.join('\n') + '\n';
        if (a.out !== undefined) writeFileAtomic(a.out, text);
        else process.stdout.write(text);
      },
    )
    .command(
      'play',
      'play against a secret you hold: shows each guess, reads the reply you type',
      (y) =>
        treeOptions(y)
          .example('$0 play --game lingo --len 5', 'type masks such as OX?XX')
          .example('$0 play --game matchcount --words words.txt', 'type the number of positions that match')
          .example('$0 play --game hangman --len 6', 'type the positions holding the letter (1 3), or - for none'),
      async (a) => {
        const r = resolveTree(treeArgs(a));
        if (r.loaded.play) await r.loaded.play(r.file.tree, process.stdin, out, err);
        else await runPlay(r.loaded.game, r.file.tree, process.stdin, out, err);
      },
    )
    .demandCommand(1, 'name a command: compile, verify, stats, export or play')
    .strict()
    .version(TOOL_VERSION)
    .help()
    .wrap(Math.min(110, process.stdout.columns ?? 110))
    .fail((msg, e) => {
      if (e) throw e;
      // yargs may spread one message over several lines; the CLI prints one.
      const oneLine = msg.split('\n').map((l) => l.trim()).filter(Boolean).join(' ');
      throw fail('usage', `${oneLine} (see --help)`);
    })
    .parseAsync();
}

main(hideBin(process.argv)).catch((e: unknown) => {
  if (isGuesstreeError(e)) {
    err(`guesstree: ${e.message}`);
    process.exitCode = e.exitStatus;
    return;
  }
  err(`guesstree: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  process.exitCode = INTERNAL_ERROR_STATUS;
});
