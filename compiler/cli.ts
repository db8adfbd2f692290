#!/usr/bin/env node
/**
 * The guesstree CLI: compile, verify, stats, export, play (and worker, for compiles on a job queue). Its options come from the game
 * modules (compiler/games/registry.ts): each verb knows every option some game takes, and once
 * the game is known refuses, by name, any option that game does not take. Results go to stdout;
 * progress and logs to stderr (the bar only on a terminal); every expected failure is one line
 * on stderr and a non-zero exit status.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import yargs, { type Argv } from 'yargs';
import { hideBin } from 'yargs/helpers';
import { writeFileAtomic } from '../runtime/atomic-write.js';
import { fail, isGuesstreeError } from '../runtime/errors.js';
import { escapeControls } from '../runtime/messages.js';
import { writeStderr, writeStdout } from '../runtime/stdout.js';
import { runCompile, compileInMemory } from './commands/compile.js';
import { compileSetupOf, executorOf } from './commands/compile-setup.js';
import { verbOptionsOf } from './commands/verb-options.js';
import { exportJson, exportPaths, runStats, runVerify, statsJson, verifyJson } from './commands/inspect.js';
import { knownOptions, gameOptionsOf, type RawArgs, type Verb } from './commands/options.js';
import { checkVerbArgs, readSpecialInputs, refuseMissingValues, typedUnknown } from './commands/verb-args.js';
import { importGameFile } from './games/file/contract.js';
import { recheckedCertificate } from './games/code-proof.js';
import { reportTo } from './commands/format.js';
import { runPlay } from './commands/play.js';
import { closest, optionNamesOf, topHelp, VERB_NAMES, verbHelp, verbInfo, type AnyVerb } from './commands/help.js';
import { queueFromArgs } from './pool/queue-url.js';
import { moduleOf, resolveTree, type ResolvedTree } from './commands/resolve.js';
import { GAMES, GAME_IDS, withGameFile } from './games/registry.js';
import { renderExplorer } from './emit/explorer.js';
import { explorerInputOf } from './emit/explorer-input.js';
import { TOOL_VERSION } from './version.js';

const INTERNAL_ERROR_STATUS = 1;
const VERBS = VERB_NAMES;

/** Where a run's results, messages and replies go: the process's own streams, or a caller's (runCli). */
export interface CliIo {
  /** Results (stdout). */
  write(text: string): void;
  /** One message line, without its newline (stderr). */
  err(line: string): void;
  /** Replies for `play`. */
  readonly stdin: NodeJS.ReadableStream;
}

// Results go to stdout synchronously: a closed pipe (`| head`) ends the program quietly, a full
// device is one line and status 9 (runtime/stdout.ts).
const PROCESS_IO: CliIo = {
  write: (text) => writeStdout(text),
  err: (line) => writeStderr(`${line}\n`),
  get stdin() {
    return process.stdin;
  },
};

/** The streams of the run under way (runCli runs one at a time). */
let io: CliIo = PROCESS_IO;
const out = (line: string): void => {
  io.write(`${line}\n`);
};
// Every message line has its control characters escaped, whatever it echoes (a reply, a name).
const err = (line: string): void => {
  io.err(escapeControls(line));
};

/** --game, --tree and every game option a verb knows (the help pages are commands/help.ts). */
function gameOptions<T>(y: Argv<T>, verb: Verb) {
  let a = y.option('game', { type: 'string' });
  for (const o of knownOptions(verb))
    a = a.option(o.name, { type: o.type === 'boolean' ? 'boolean' : 'string', hidden: o.deprecatedOf !== undefined });
  return verbOptions(a, verb);
}

/** A verb's own options, as commands/help.ts lists them. */
function verbOptions<T>(y: Argv<T>, verb: AnyVerb) {
  let a = y;
  for (const o of verbInfo(verb).options) {
    a = a.option(o.name, {
      type: o.type === 'boolean' ? 'boolean' : 'string',
      ...(o.type === 'boolean' ? { default: false } : {}),
      // Choices and required options are checked by checkVerbArgs, in the tool's words.
    }) as unknown as Argv<T>;
  }
  return a;
}

/**
 * The parsed arguments with yargs' own keys (camel-case copies, $0, _) left out, the verb's own
 * options checked. `--game PATH` (a game from the user's module file) is `--game file --module
 * PATH`; that module is imported here, ahead of the synchronous load.
 */
async function rawArgs(a: Record<string, unknown>, verb: Verb): Promise<RawArgs> {
  checkVerbArgs(a, verb);
  const args = withGameFile(a);
  await readSpecialInputs(args, verb);
  if (args.game === 'file' && typeof args.module === 'string' && args.module.trim() !== '')
    await importGameFile(args.module);
  return args;
}

/** The help width: the terminal's, at most 100 (and 100 into a pipe). */
function helpWidth(): number {
  return Math.max(60, Math.min(100, process.stdout.columns ?? 100));
}

function isVerb(word: string | undefined): word is AnyVerb {
  return word !== undefined && (VERBS as readonly string[]).includes(word);
}

function unknownCommand(word: string): never {
  const near = closest(word, [...VERBS, 'help']);
  throw fail(
    'usage',
    `unknown command "${word}"${near ? ` (did you mean ${near}?)` : ''} (the commands are ${VERBS.join(', ')}; see --help)`,
  );
}

/** Unknown options, each with the nearest name the verb knows when there is one. */
function unknownOptions(names: readonly string[], verb: AnyVerb | undefined): never {
  const known = verb ? optionNamesOf(verb) : [...new Set(VERBS.flatMap((v) => optionNamesOf(v)))];
  const parts = names.map((n) => {
    const near = closest(n, known);
    return `--${n}${near ? ` (did you mean --${near}?)` : ''}`;
  });
  const where = verb ? ` of ${verb}` : '';
  throw fail(
    'usage',
    `unknown option${names.length === 1 ? '' : 's'}${where}: ${parts.join(', ')} (see guesstree ${verb ? `${verb} ` : ''}--help)`,
  );
}

/** Flags: options that take no value (every other `--name` takes the next word). */
const FLAGS = new Set([
  'help',
  'version',
  ...VERBS.flatMap((v) =>
    verbInfo(v)
      .options.filter((o) => o.type === 'boolean')
      .map((o) => o.name),
  ),
  ...GAMES.flatMap((m) => m.options.filter((o) => o.type === 'boolean').map((o) => o.name)),
]);

/** Every option name some verb knows. */
const ALL_OPTION_NAMES: ReadonlySet<string> = new Set(VERBS.flatMap((v) => optionNamesOf(v)));

/** The first word that is not an option or an option's value: the command. */
function commandWord(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') return undefined;
    if (!a.startsWith('-')) return a;
    if (a.startsWith('--') && !a.includes('=') && !FLAGS.has(a.slice(2).replace(/^no-/, ''))) i++;
  }
  return undefined;
}

/** The option names typed before `--` (without dashes or values), in order. */
function typedOptions(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (const a of argv) {
    if (a === '--') break;
    const m = /^--?(?:no-)?([^=]+)/.exec(a);
    if (m && !/^-\d/.test(a)) out.push(m[1]);
  }
  return out;
}

/**
 * What yargs is not asked: the help pages (`help [VERB]`, `--help`, `-h`), the version, and a
 * command line without a command (a misspelt option is named, with the nearest one).
 */
function beforeParse(argv: readonly string[]): boolean {
  const head = argv.indexOf('--') < 0 ? argv : argv.slice(0, argv.indexOf('--'));
  const first = commandWord(head);
  const wantsHelp = head.includes('--help') || head.includes('-h');
  if (first === 'help') {
    const rest = head.filter((a) => !a.startsWith('-') && a !== 'help');
    if (rest[0] !== undefined && !isVerb(rest[0])) unknownCommand(rest[0]);
    io.write(rest[0] ? verbHelp(rest[0] as AnyVerb, helpWidth()) : topHelp(helpWidth()));
    return true;
  }
  if (first !== undefined && !isVerb(first)) unknownCommand(first);
  if (!wantsHelp) refuseMissingValues(head, (name) => !FLAGS.has(name) && ALL_OPTION_NAMES.has(name));
  if (wantsHelp) {
    io.write(first ? verbHelp(first as AnyVerb, helpWidth()) : topHelp(helpWidth()));
    return true;
  }
  if (first === undefined) {
    if (head.includes('--version')) {
      out(TOOL_VERSION);
      return true;
    }
    // Options some command takes, but no command: say to name one; a misspelt option: name it.
    const known = new Set(VERBS.flatMap((v) => optionNamesOf(v)));
    const typed = typedOptions(head).filter((n) => !known.has(n));
    if (typed.length) unknownOptions(typed, undefined);
    throw fail('usage', `name a command: ${VERBS.join(', ')} (see guesstree --help)`);
  }
  return false;
}

/** The parsed arguments yargs hands a verb. */
type VerbArgs = Record<string, unknown>;

/** `compile`: the game's options checked, then a compile run (locally or on a job queue). */
async function compileVerb(a: VerbArgs): Promise<void> {
  const args = await rawArgs(a, 'compile');
  if (a.game === undefined)
    throw fail(
      'usage',
      `no game given: use --game (one of ${GAME_IDS.filter((g) => g !== 'file').join(', ')}, or a game module file such as ./my-game.mjs)`,
    );
  const { loaded, request, queue } = compileSetupOf(args, err);
  const done = await runCompile(loaded, request, {
    options: loaded.options,
    executor: await executorOf(queue),
    log: out,
  });
  if (done.written && done.path !== undefined) loaded.afterCompile?.(done.header, done.path, out, done.kept);
}

/** `verify`: the tree replayed; what else a game verifies (a contest string) without a tree or after it. */
async function verifyVerb(a: VerbArgs): Promise<void> {
  const args = await rawArgs(a, 'verify');
  if (a.tree === undefined) {
    const m = moduleOf(args);
    if (m.verifyExtra) {
      const opts = gameOptionsOf(m, args, { verb: 'verify', warn: err });
      const extra = m.verifyExtra.options.find((o) => opts[o.name] !== undefined);
      if (extra && a.json === true) throw fail('usage', `--json reports a tree; it does not go with --${extra.name}`);
      if (m.verifyExtra.run(opts, reportTo(out))) return;
    }
  }
  const r = await resolveTree('verify', args, hooks());
  // With --tree, what else is given to verify (a contest string) is verified too, after the tree.
  const extra = a.tree === undefined ? undefined : r.loaded.module.verifyExtra;
  const given = extra?.options.find((o) => r.loaded.options[o.name] !== undefined);
  if (given && a.json === true) throw fail('usage', `--json reports a tree; it does not go with --${given.name}`);
  // `--recheck N` needs the certificate beside the tree: refused before the report, not after it.
  const recheck = r.loaded.options.recheck;
  if (recheck !== undefined) recheckedCertificate(r.path, Number(recheck));
  if (a.json === true) verifyJson(r, out);
  else runVerify(r, out);
  if (extra && given) extra.run(r.loaded.options, reportTo(out));
}

async function statsVerb(a: VerbArgs): Promise<void> {
  const hardest = (verbOptionsOf('stats', a).hardest as number | undefined) ?? 10;
  const r = await verifiedTree('stats', await rawArgs(a, 'stats'));
  if (a.json === true) statsJson(r, hardest, out);
  else runStats(r, hardest, out);
}

/** `export`: the formats every game has (paths, json, html), or one of the game's own. */
async function exportVerb(a: VerbArgs): Promise<void> {
  const args = await rawArgs(a, 'export');
  const format = String(a.format);
  if (a.out !== undefined && String(a.out).trim() === '') throw fail('usage', '--out "": expected a file name');
  let text: string;
  if (format === 'paths' || format === 'json' || format === 'html') {
    const r = await verifiedTree('export', args);
    const lines: string[] = [];
    if (format === 'paths') exportPaths(r.loaded.game, r.file.tree, (l) => lines.push(l));
    else if (format === 'json') lines.push(exportJson(r.loaded.game, r.file.tree));
    else lines.push(renderExplorer(explorerInputOf(r.loaded, r.file)));
    text = `${lines.join('\n')}\n`;
  } else {
    const header =
      typeof a.tree === 'string' ? (await import('../runtime/tree-format.js')).readTreeFile(a.tree).header : undefined;
    const m = moduleOf(args, header);
    const f = m.exportFormats?.find((x) => x.name === format);
    if (!f)
      throw fail(
        'usage',
        `--format ${format} is not a format of ${m.id} (${['paths', 'json', 'html', ...(m.exportFormats ?? []).map((x) => x.name)].join(', ')})`,
      );
    if (f.needsTree) {
      const r = await verifiedTree('export', args);
      text = f.render(r.loaded, r.file, r.path);
    } else text = f.render(null, null);
  }
  if (a.out !== undefined) writeFileAtomic(String(a.out), text);
  else io.write(text);
}

async function playVerb(a: VerbArgs): Promise<void> {
  const r = await verifiedTree('play', await rawArgs(a, 'play'));
  const streams = { input: io.stdin, out, err };
  if (r.loaded.play) await r.loaded.play(r.file.tree, streams);
  else await runPlay(r.loaded.game, r.file.tree, streams);
}

async function workerVerb(a: VerbArgs): Promise<void> {
  checkVerbArgs(a, 'worker');
  const target = queueFromArgs('worker', a.queue);
  const concurrency = (verbOptionsOf('worker', { concurrency: a.concurrency }).concurrency as number | undefined) ?? 1;
  const { gameFolders } = await import('./commands/worker-jobs.js');
  const games = gameFolders(a.games);
  await (await import('./commands/worker.js')).runWorker({ target, concurrency, games }, err);
}

/**
 * What a command line yargs refuses becomes: one line in the tool's words (an unknown command or
 * option named as typed, with the nearest known name), status 2.
 */
function refuseParse(argv: readonly string[], verb: AnyVerb, msg: string | undefined): never {
  const unknown = /^Unknown command: (.*)$/.exec(msg ?? '');
  if (unknown) unknownCommand(unknown[1]);
  const unknownArgs = /^Unknown arguments?: (.*)$/.exec(msg ?? '');
  if (unknownArgs) {
    // Named as typed (yargs rewrites some names, such as __proto__).
    const typed = typedUnknown(typedOptions(argv), optionNamesOf(verb));
    unknownOptions(typed.length ? typed : unknownArgs[1].split(', ').map((n) => n.replace(/^-+/, '')), verb);
  }
  // yargs may spread one message over several lines; the CLI prints one.
  const oneLine = (msg ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join(' ');
  throw fail('usage', `${oneLine} (see --help)`);
}

export async function main(argv: string[]): Promise<void> {
  if (beforeParse(argv)) return;
  const verb = commandWord(argv) as AnyVerb;
  await yargs(argv)
    .scriptName('guesstree')
    .command('compile', verbInfo('compile').summary, (y) => gameOptions(y, 'compile'), compileVerb)
    .command('verify', verbInfo('verify').summary, (y) => gameOptions(y, 'verify'), verifyVerb)
    .command('stats', verbInfo('stats').summary, (y) => gameOptions(y, 'stats'), statsVerb)
    .command('export', verbInfo('export').summary, (y) => gameOptions(y, 'export'), exportVerb)
    .command('play', verbInfo('play').summary, (y) => gameOptions(y, 'play'), playVerb)
    .command('worker', verbInfo('worker').summary, (y) => verbOptions(y, 'worker'), workerVerb)
    .demandCommand(1, `name a command: ${VERBS.join(', ')}`)
    .strict()
    .strictCommands()
    .version(TOOL_VERSION)
    .help(false)
    .fail((msg, e) => {
      if (e) throw e;
      refuseParse(argv, verb, msg);
    })
    .parseAsync();
}

/** What resolving a tree may do: warn on stderr, compile a cheap game's tree in memory. */
function hooks() {
  return { warn: err, compileInMemory };
}

/**
 * The tree of `stats`, `export` and `play`: resolved, and put through `verify`'s checks quietly
 * (every secret replayed, the guess rule, the header's objective), so no verb uses a tree that
 * `verify` refuses. A tree compiled by this run needs none.
 */
async function verifiedTree(verb: Verb, args: RawArgs): Promise<ResolvedTree> {
  const r = await resolveTree(verb, args, hooks());
  if (r.compiledNow !== true) {
    const quiet = (): void => {};
    if (r.loaded.verify) r.loaded.verify(r.file, r.path, quiet);
    // What ships beside the tree (a Wordle proof) is `verify`'s to check, not the tree's.
    else runVerify({ ...r, loaded: { ...r.loaded, checkBeside: undefined } }, quiet);
  }
  return r;
}

/**
 * One run of the CLI on `argv` (without node and the script) with the given streams; resolves
 * to the exit status. Every expected failure is one line on `io.err`. One run at a time.
 */
export async function runCli(argv: string[], runIo: CliIo = PROCESS_IO): Promise<number> {
  const before = io;
  io = runIo;
  try {
    await main(argv);
    return 0;
  } catch (e: unknown) {
    if (isGuesstreeError(e)) {
      err(`guesstree: ${e.message}`);
      return e.status;
    }
    // A bug: its stack, as it is (not one line).
    let text: string;
    try {
      text = e instanceof Error ? (e.stack ?? e.message) : String(e);
    } catch {
      text = 'a thrown value that cannot be printed';
    }
    io.err(`guesstree: internal error: ${text}`);
    return INTERNAL_ERROR_STATUS;
  } finally {
    io = before;
  }
}

/** Run as the program (the bin, `node dist/compiler/cli.js`), not when imported. */
function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  // A message that cannot be written (`2>/dev/full`) is lost; it does not change the status.
  process.stderr.on('error', () => {});
  void runCli(hideBin(process.argv)).then((status) => {
    // The work is done and every result and message written (synchronously): exit now, even if
    // a game's module left a timer or a handle open that would keep Node running.
    process.exit(status);
  });
}
