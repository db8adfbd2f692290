#!/usr/bin/env node
/**
 * The guesstree CLI: compile, verify, stats, export, play (and worker, for compiles on a job queue). Its options come from the game
 * modules (compiler/games/registry.ts): each verb knows every option some game takes, and once
 * the game is known refuses, by name, any option that game does not take. Results go to stdout;
 * progress and logs to stderr (the bar only on a terminal); every expected failure is one line
 * on stderr and a non-zero exit status.
 */
import { availableParallelism } from 'node:os';
import yargs, { type Argv } from 'yargs';
import { hideBin } from 'yargs/helpers';
import { writeFileAtomic } from '../runtime/atomic-write.js';
import { fail, isGuesstreeError } from '../runtime/errors.js';
import { writeStdout } from '../runtime/stdout.js';
import { runCompile, compileInMemory } from './commands/compile.js';
import { exportJson, exportPaths, runStats, runVerify } from './commands/inspect.js';
import { knownOptions, parseWhole, gameOptionsOf, type RawArgs, type Verb } from './commands/options.js';
import { runPlay } from './commands/play.js';
import { parseQueueUrl } from './pool/queue-url.js';
import { moduleOf, resolveTree } from './commands/resolve.js';
import { GAMES, GAME_IDS } from './games/registry.js';
import { looksLikePath } from './games/file/contract.js';
import { renderExplorer } from './emit/explorer.js';
import { explorerInputOf } from './emit/explorer-input.js';
import { TOOL_VERSION } from './version.js';

const INTERNAL_ERROR_STATUS = 1;
const VERBS = ['compile', 'verify', 'stats', 'export', 'play', 'worker'] as const;
const MAX_WORKERS = 256;
const QUEUE_URL = 'redis://[user:password@]host:port[/db]';

// Results go to stdout synchronously: a closed pipe (`| head`) ends the program quietly, a full
// device is one line and status 9 (runtime/stdout.ts).
const out = (line: string): void => {
  writeStdout(line + '\n');
};
const err = (line: string): void => {
  process.stderr.write(line + '\n');
};

/** The games that declare an option, for --help groups. */
function gamesOf(name: string, verb: Verb): string[] {
  return GAMES.filter((m) => m.options.some((o) => o.name === name && (verb === 'compile' || !o.compileOnly)) || (verb === 'verify' && m.verifyExtra?.options.some((o) => o.name === name))).map((m) => m.id);
}

/** --game, --tree and every game option a verb knows, grouped by game in --help. */
function gameOptions<T>(y: Argv<T>, verb: Verb) {
  let a = y.option('game', { type: 'string', describe: `the game (${GAME_IDS.join(', ')})` });
  if (verb !== 'compile') a = a.option('tree', { type: 'string', describe: 'a tree file (else the shipped tree matching the game options)' });
  const groups = new Map<string, string[]>();
  for (const o of knownOptions(verb)) {
    a = a.option(o.name, { type: o.type === 'boolean' ? 'boolean' : 'string', describe: o.describe, hidden: o.deprecatedOf !== undefined });
    if (o.deprecatedOf) continue;
    const g = gamesOf(o.name, verb).join(', ');
    groups.set(g, [...(groups.get(g) ?? []), o.name]);
  }
  for (const [g, names] of groups) a = a.group(names, `${g}:`);
  return a.group(verb === 'compile' ? ['game'] : ['game', 'tree'], 'what:');
}

/**
 * The parsed arguments with yargs' own keys (camel-case copies, $0, _) left out. `--game PATH`
 * (a game from the user's ES module file) is `--game file --module PATH`.
 */
function rawArgs(a: Record<string, unknown>): RawArgs {
  const g = a['game'];
  if (typeof g === 'string' && !GAME_IDS.includes(g) && looksLikePath(g)) {
    if (a['module'] !== undefined) throw fail('usage', `--game ${g} names the module already; give --game FILE or --game file --module FILE, not both`);
    return { ...a, game: 'file', module: g };
  }
  return a;
}

function effortNote(): string {
  return GAMES.map((m) => `${m.id}: ${m.efforts.map((e) => e.name).join(', ')}`).join('; ');
}

export async function main(argv: string[]): Promise<void> {
  await yargs(argv)
    .scriptName('guesstree')
    .usage('$0 <command> [options]\n\nCompile and inspect complete decision trees for guessing games.')
    .command(
      'compile',
      'compile a tree; writes --out FILE, else into trees/ with a manifest entry',
      (y) =>
        gameOptions(y, 'compile')
          .option('out', { type: 'string', describe: 'write the tree here instead of trees/' })
          .option('effort', { type: 'string', describe: `search effort (${effortNote()}); default: default` })
          .option('workers', { type: 'string', describe: `worker threads, 1 to ${MAX_WORKERS} (default: the core count; the tree does not depend on it)` })
          .option('checkpoint', { type: 'string', describe: 'save finished subtrees in this folder as the compile goes' })
          .option('resume', { type: 'boolean', default: false, describe: 'reuse the subtrees saved in --checkpoint (same bytes as an uninterrupted run)' })
          .option('max-memory', { type: 'string', describe: 'MiB the compile may use (default: 3/4 of the machine); larger compiles are refused up front' })
          .option('force', { type: 'boolean', default: false, describe: 'replace the tree in trees/ even by a worse one' })
          .option('queue', { type: 'string', describe: `run the work as jobs on this BullMQ queue (${QUEUE_URL}) for \`guesstree worker\` processes; same tree` })
          .group(['out', 'effort', 'workers', 'checkpoint', 'resume', 'max-memory', 'force', 'queue'], 'compile:')
          .example('$0 compile --game lingo --len 5', 'the main job, on the default dictionary')
          .example('$0 compile --game wordle --answers answers.txt --guesses allowed.txt [--hard]', '')
          .example('$0 compile --game mastermind --pegs 4 --colors 6 --exact', 'proves the optimum, 5625 guesses'),
      async (a) => {
        const args = rawArgs(a);
        const m = moduleOf(args);
        const effortAlias = effortFromDeprecated(m.id, args);
        const opts = gameOptionsOf(m, 'compile', args, err);
        const workers = a.workers === undefined ? availableParallelism() : parseWhole('workers', a.workers, 1, MAX_WORKERS);
        const maxMemory = a['max-memory'] === undefined ? undefined : parseWhole('max-memory', a['max-memory'], 1, 2 ** 31);
        const queue = a.queue === undefined ? undefined : parseQueueUrl(String(a.queue));
        if (a.out !== undefined && String(a.out).trim() === '') throw fail('usage', '--out "": expected a file name');
        const loaded = m.load(opts);
        const effort = a.effort ?? effortAlias ?? m.defaultEffort;
        const done = await runCompile(loaded, { out: a.out, effort, workers, checkpoint: a.checkpoint, resume: a.resume, maxMemory, force: a.force }, { options: opts, executor: queue && (await import('./pool/queue.js')).queueExecutor(queue) }, out);
        if (done.written) loaded.afterCompile?.(done.header, done.path, out);
      },
    )
    .command(
      'verify',
      'replay a tree against every secret and print the exact metric',
      (y) => gameOptions(y, 'verify').example('$0 verify --game lingo --len 9 --wordlist ../shared/lingo/wordlist.txt', '').example('$0 verify --game mastermind --pegs 5 --colors 8 --contest mm58.txt', 'a contest string: N, depth, coverage'),
      async (a) => {
        const args = rawArgs(a);
        if (a.tree === undefined) {
          const m = moduleOf(args);
          if (m.verifyExtra) {
            const opts = gameOptionsOf(m, 'verify', args, err);
            if (m.verifyExtra.run(opts, out)) return;
          }
        }
        runVerify(await resolveTree('verify', args, hooks()), out);
      },
    )
    .command(
      'stats',
      'depth histogram, hardest secrets, node count and file size',
      (y) => gameOptions(y, 'stats').option('hardest', { type: 'string', describe: 'how many of the hardest secrets to list (default 10)' }).example('$0 stats --tree trees/lingo-len5-....gtree', ''),
      async (a) => {
        const hardest = a.hardest === undefined ? 10 : parseWhole('hardest', a.hardest, 0, 1_000_000);
        runStats(await resolveTree('stats', rawArgs(a), hooks()), hardest, out);
      },
    )
    .command(
      'export',
      'write a tree as paths (SECRET<TAB>GUESS1 GUESS2 ...), JSON, or a game format',
      (y) =>
        gameOptions(y, 'export')
          .option('format', { type: 'string', choices: ['paths', 'json', 'html', ...new Set(GAMES.flatMap((m) => (m.exportFormats ?? []).map((f) => f.name)))], demandOption: true, describe: `output format (paths: SECRET<TAB>GUESS1 GUESS2 ...; json: the nested tree; html: the tree explorer, one self-contained page; ${GAMES.flatMap((m) => (m.exportFormats ?? []).map((f) => `${f.name}: ${m.id}, ${f.describe}`)).join('; ')})` })
          .option('out', { type: 'string', describe: 'write to this file (atomically) instead of stdout' })
          .example('$0 export --format paths --game lingo --len 5', '')
          .example('$0 export --format html --game mastermind --pegs 5 --colors 8 --out mm58.html', 'the tree explorer: open it in a browser')
          .example('$0 export --format leetcode --game matchcount --out solution.ts', ''),
      async (a) => {
        const args = rawArgs(a);
        const format = String(a.format);
        if (a.out !== undefined && String(a.out).trim() === '') throw fail('usage', '--out "": expected a file name');
        let text: string;
        if (format === 'paths' || format === 'json' || format === 'html') {
          const r = await resolveTree('export', args, hooks());
          const lines: string[] = [];
          if (format === 'paths') exportPaths(r.loaded.game, r.file.tree, (l) => lines.push(l));
          else if (format === 'json') lines.push(exportJson(r.loaded.game, r.file.tree));
          else lines.push(renderExplorer(explorerInputOf(r.loaded, r.file)));
          text = lines.join('\n') + '\n';
        } else {
          const header = typeof a.tree === 'string' ? (await import('../runtime/tree-format.js')).readTreeFile(a.tree).header : undefined;
          const m = moduleOf(args, header);
          const f = m.exportFormats?.find((x) => x.name === format);
          if (!f) throw fail('usage', `--format ${format} is not a format of ${m.id} (${['paths', 'json', ...(m.exportFormats ?? []).map((x) => x.name)].join(', ')})`);
          if (f.needsTree) {
            const r = await resolveTree('export', args, hooks());
            text = f.render(r.loaded, r.file);
          } else text = f.render(null, null);
        }
        if (a.out !== undefined) writeFileAtomic(a.out, text);
        else writeStdout(text);
      },
    )
    .command(
      'play',
      'play against a secret you hold: shows each guess, reads the reply you type',
      (y) =>
        gameOptions(y, 'play')
          .example('$0 play --game lingo --len 5', 'type masks such as OX?XX')
          .example('$0 play --game matchcount --wordlist words.txt', 'type the number of positions that match')
          .example('$0 play --game hangman --len 6', 'type the positions holding the letter (1 3), or - for none'),
      async (a) => {
        const r = await resolveTree('play', rawArgs(a), hooks());
        if (r.loaded.play) await r.loaded.play(r.file.tree, process.stdin, out, err);
        else await runPlay(r.loaded.game, r.file.tree, process.stdin, out, err);
      },
    )
    .command(
      'worker',
      'run compile jobs from a job queue (compile --queue URL) until SIGTERM',
      (y) =>
        y
          .option('queue', { type: 'string', demandOption: true, describe: `the queue (${QUEUE_URL})` })
          .option('concurrency', { type: 'string', describe: 'jobs run at once, each in a thread (default 1)' })
          .example('$0 worker --queue redis://:secret@10.0.0.5:6379 --concurrency 4', 'on each machine; then compile ... --queue with the same URL'),
      async (a) => {
        const target = parseQueueUrl(String(a.queue));
        const concurrency = a.concurrency === undefined ? 1 : parseWhole('concurrency', a.concurrency, 1, MAX_WORKERS);
        await (await import('./commands/worker.js')).runWorker({ target, concurrency }, err);
      },
    )
    .demandCommand(1, `name a command: ${VERBS.join(', ')}`)
    .strict()
    .strictCommands()
    .version(TOOL_VERSION)
    .help()
    .wrap(Math.min(110, process.stdout.columns ?? 110))
    .fail((msg, e) => {
      if (e) throw e;
      const unknown = /^Unknown command: (.*)$/.exec(msg ?? '');
      if (unknown) throw fail('usage', `unknown command "${unknown[1]}" (the commands are ${VERBS.join(', ')}; see --help)`);
      // yargs may spread one message over several lines; the CLI prints one.
      const oneLine = (msg ?? '').split('\n').map((l) => l.trim()).filter(Boolean).join(' ');
      throw fail('usage', `${oneLine} (see --help)`);
    })
    .parseAsync();
}

/** What resolving a tree may do: warn on stderr, compile a cheap game's tree in memory. */
function hooks() {
  return { warn: err, compileInMemory };
}

/** Hangman's old `--strategy greedy` is `--effort greedy` now. */
function effortFromDeprecated(game: string, args: RawArgs): string | undefined {
  const s = args['strategy'];
  if (s === undefined || game !== 'hangman') return undefined;
  if (s !== 'greedy' && s !== 'search') throw fail('usage', `--strategy ${String(s)}: unknown strategy for hangman (choose search, greedy)`);
  err(`guesstree: note: --strategy ${s} is now --effort ${s === 'greedy' ? 'greedy' : 'default'}`);
  return s === 'greedy' ? 'greedy' : 'default';
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
