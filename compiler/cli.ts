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
import { GAME_IDS } from './games/registry.js';
import { TOOL_VERSION } from './version.js';

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
    .option('hard', { type: 'boolean', describe: 'wordle: hard mode (greens stay in place, revealed letters are reused)' });
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
}): TreeOptions {
  return { tree: a.tree, game: a.game, len: a.len, wordlist: a.wordlist, answers: a.answers, guesses: a.guesses, hard: a.hard };
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
          .option('effort', { type: 'string', default: 'default', describe: 'search effort (lingo: quick, greedy, default; wordle: greedy, default)' })
          .option('workers', { type: 'number', default: availableParallelism(), describe: 'worker threads (the tree does not depend on it)' })
          .option('checkpoint', { type: 'string', describe: 'save finished subtrees in this folder as the compile goes' })
          .option('resume', { type: 'boolean', default: false, describe: 'reuse the subtrees saved in --checkpoint (same bytes as an uninterrupted run)' })
          .example('$0 compile --game lingo --len 5', 'the main job, on the default dictionary')
          .example('$0 compile --game lingo --len 9 --wordlist ../shared/lingo/wordlist.txt --out len9.gtree', '')
          .example('$0 compile --game wordle --answers answers.txt --guesses allowed.txt [--hard]', ''),
      async (a) => {
        if (!Number.isInteger(a.workers) || a.workers < 1) throw fail('usage', `--workers ${a.workers}: expected a positive integer`);
        await runCompile({ game: a.game, len: a.len, wordlist: a.wordlist, answers: a.answers, guesses: a.guesses, hard: a.hard, out: a.out, effort: a.effort, workers: a.workers, checkpoint: a.checkpoint, resume: a.resume }, out);
      },
    )
    .command(
      'verify',
      'replay a tree against every secret and print the exact metric',
      (y) => treeOptions(y).example('$0 verify --game lingo --len 9 --wordlist ../shared/lingo/wordlist.txt', ''),
      (a) => {
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
      'write a tree as paths (SECRET<TAB>GUESS1 GUESS2 ...) or JSON',
      (y) =>
        treeOptions(y)
          .option('format', { type: 'string', choices: ['paths', 'json'], demandOption: true, describe: 'output format' })
          .option('out', { type: 'string', describe: 'write to this file (atomically) instead of stdout' })
          .example('$0 export --format paths --game lingo --len 5', ''),
      (a) => {
        const r = resolveTree(treeArgs(a));
        const lines: string[] = [];
        if (a.format === 'paths') exportPaths(r.loaded.game, r.file.tree, (l) => lines.push(l));
        else lines.push(exportJson(r.loaded.game, r.file.tree));
        const text = lines.join('\n') + '\n';
        if (a.out !== undefined) writeFileAtomic(a.out, text);
        else process.stdout.write(text);
      },
    )
    .command(
      'play',
      'play against a secret you hold: shows each guess, reads the reply you type',
      (y) => treeOptions(y).example('$0 play --game lingo --len 5', 'type masks such as OX?XX'),
      async (a) => {
        const r = resolveTree(treeArgs(a));
        await runPlay(r.loaded.game, r.file.tree, process.stdin, out, err);
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
