/**
 * The checks of a command line that the parser (yargs) would otherwise make in its own words, or
 * not at all: an option given twice, an option without its value, a choice not among the choices,
 * a required option missing, the names of unknown options as typed. Each is one line in the
 * tool's voice, status 2. Also the read-ahead of input files that are FIFOs or devices.
 */
import { fail } from '../../runtime/errors.js';
import { closest, escapeControls, safeText } from '../../runtime/messages.js';
import { writeStderr } from '../../runtime/stdout.js';
import { spoolSpecialFile } from '../../runtime/spool.js';
import { TREE_FILE_MAX_BYTES } from '../../runtime/tree-format.js';
import { WORD_LIST_MAX_BYTES, WORD_LIST_MAX_LINE_BYTES } from '../../runtime/wordlist.js';
import { type AnyVerb, verbInfo } from './help.js';
import { knownOptions, type Verb } from './options.js';

/** How a value of each verb option type is named in "needs a value". */
const VALUE_NAMES: Readonly<Record<string, string>> = {
  file: 'a file name',
  folder: 'a folder name',
  url: 'a URL',
  number: 'a number',
  text: 'a value',
  choice: 'a value',
};

/**
 * Options typed without their value: `--tree` last on the line, or followed by another option
 * (`--tree --json`). `takesValue` says which names take one (every known option but the flags).
 */
export function refuseMissingValues(argv: readonly string[], takesValue: (name: string) => boolean): void {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') return;
    if (!a.startsWith('--') || a.includes('=')) continue;
    const name = a.slice(2);
    if (!takesValue(name)) continue;
    const next = argv[i + 1];
    if (next === undefined || (next.startsWith('--') && next.length > 2))
      throw fail(
        'usage',
        `--${escapeControls(name)} needs a value${next === undefined ? '' : ` (before ${escapeControls(next)})`}`,
      );
    i++;
  }
}

/** A verb's own options as parsed: each given once, with a value, among its choices; the required ones present. */
export function checkVerbArgs(a: Readonly<Record<string, unknown>>, verb: AnyVerb): void {
  for (const o of verbInfo(verb).options) {
    const v = a[o.name];
    if (Array.isArray(v))
      throw fail(
        'usage',
        `--${o.name} was given ${v.length} times (${v.map((x) => safeText(String(x), 40)).join(', ')}); give it once`,
      );
    if (v === undefined) {
      if (o.required)
        throw fail(
          'usage',
          `${verb} needs --${o.name}${o.choices ? ` (one of ${o.choices.join(', ')})` : ''} (see guesstree ${verb} --help)`,
        );
      continue;
    }
    if (o.type === 'boolean') continue;
    const text = String(v);
    if (text.trim() === '') throw fail('usage', `--${o.name} "": expected ${VALUE_NAMES[o.type] ?? 'a value'}`);
    if (o.choices && !o.choices.includes(text)) {
      const near = closest(text, o.choices);
      throw fail(
        'usage',
        `--${o.name} ${safeText(text, 40)}: not a ${o.name}${near ? ` (did you mean ${near}?)` : ''} (one of ${o.choices.join(', ')})`,
      );
    }
  }
}

/**
 * The option names typed before `--` that `known` does not hold, as typed (yargs reports some
 * names rewritten: `--__proto__` as `___proto___`). Camel-case spellings of known names count as known.
 */
export function typedUnknown(typed: readonly string[], known: readonly string[]): string[] {
  const names = new Set(known);
  for (const k of known) names.add(k.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()));
  return [...new Set(typed.filter((n) => !names.has(n)))];
}

/** Input options read with a line cap as large as the file's (a contest string). */
const LONG_LINE_OPTIONS: ReadonlySet<string> = new Set(['contest', 'strategy']);

/**
 * The input files among `args` that are FIFOs or devices, the tree file included, read ahead
 * asynchronously (runtime/spool.ts) so that while one waits for its writer, Ctrl-C or SIGTERM ends
 * the run with one line, then by that signal (status 130, 143), where a synchronous read would end
 * the process without a word.
 */
export async function readSpecialInputs(args: Readonly<Record<string, unknown>>, verb: Verb): Promise<void> {
  // The game module is loaded by Node, which reads it itself.
  const inputs = knownOptions(verb)
    .filter((o) => o.type === 'file' && o.name !== 'module')
    .map((o) => ({ name: o.name, path: args[o.name] }))
    .concat([{ name: 'tree', path: args.tree }])
    .filter((v): v is { name: string; path: string } => typeof v.path === 'string' && v.path.trim() !== '');
  if (inputs.length === 0) return;
  const onSignal = (sig: NodeJS.Signals): void => {
    writeStderr(`guesstree: ${sig} received while reading the input files; nothing written\n`);
    // process.exit() would wait for the thread still blocked on the FIFO: the signal itself ends
    // the process instead (its default action, back once no listener is left): 130, 143.
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    process.kill(process.pid, sig);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    // A contest string is one long line: its line cap is its size cap (mastermind/verify-contest.ts).
    // A tree file is binary: its size cap alone (runtime/read-capped.ts applies it).
    for (const { name, path } of inputs) {
      if (name === 'tree') await spoolSpecialFile(path, TREE_FILE_MAX_BYTES);
      else
        await spoolSpecialFile(
          path,
          WORD_LIST_MAX_BYTES,
          LONG_LINE_OPTIONS.has(name) ? WORD_LIST_MAX_BYTES : WORD_LIST_MAX_LINE_BYTES,
        );
    }
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
