/**
 * The CLI's help pages, `guesstree [help] [VERB] [--help | -h]`, written from the game modules and
 * the verbs' own options: the usage line with --game first, then one section per game (its
 * options, with numbers shown as numbers, its efforts for compile, its reply syntax for play),
 * then the verb's options, then examples, each on its own line and never wrapped. Also the
 * "did you mean …?" of a misspelt command or option.
 */
import type { GameModule, OptionSpec } from '../games/module.js';
import { GAMES, GAME_IDS } from '../games/registry.js';
import { count } from '../games/options.js';
import { effortHelp } from '../games/efforts.js';
import type { Verb } from './options.js';

export { closest } from '../../runtime/messages.js';

export type AnyVerb = Verb | 'worker';

/** An option of a verb itself (not of a game). */
export interface VerbOption {
  readonly name: string;
  readonly type: 'number' | 'text' | 'file' | 'folder' | 'url' | 'boolean' | 'choice';
  readonly describe: string;
  readonly choices?: readonly string[];
  readonly required?: boolean;
  /** A number's range (whole numbers only). */
  readonly min?: number;
  readonly max?: number;
  /** Another option of the verb this one needs (`resume` needs `checkpoint`). */
  readonly requires?: string;
}

export interface VerbInfo {
  readonly name: AnyVerb;
  readonly summary: string;
  /** Takes --game / --tree and the game options. */
  readonly games: boolean;
  readonly options: readonly VerbOption[];
  readonly examples: ReadonlyArray<readonly [command: string, note: string]>;
}

const QUEUE_URL = 'redis://[user:password@]host:port[/db]';
export const MAX_WORKERS = 256;
/** The largest --max-memory, MiB. */
export const MAX_MEMORY_MIB = 2 ** 31;

const JSON_OPTION: VerbOption = {
  name: 'json',
  type: 'boolean',
  describe: 'print the result as one JSON object (objective, histogram, failures) instead of text',
};
const TREE_OPTION: VerbOption = {
  name: 'tree',
  type: 'file',
  describe: 'a tree file (its header names the game); else the shipped tree matching the game options',
};

function formatNames(): string[] {
  return ['paths', 'json', 'html', ...new Set(GAMES.flatMap((m) => (m.exportFormats ?? []).map((f) => f.name)))];
}

/** The `compile` verb: its options (besides the game's) and examples. */
function compileVerb(): VerbInfo {
  return {
    name: 'compile',
    summary: 'compile a tree; writes --out FILE, else into trees/ with a manifest entry',
    games: true,
    options: [
      { name: 'out', type: 'file', describe: 'write the tree here instead of trees/' },
      {
        name: 'effort',
        type: 'text',
        describe: "search effort: one of the game's efforts, listed in its section above (default: default)",
      },
      {
        name: 'workers',
        type: 'number',
        min: 1,
        max: MAX_WORKERS,
        describe: `worker threads, 1 to ${MAX_WORKERS} (default: the core count; the tree does not depend on it)`,
      },
      { name: 'checkpoint', type: 'folder', describe: 'save finished subtrees in this folder as the compile goes' },
      {
        name: 'resume',
        type: 'boolean',
        requires: 'checkpoint',
        describe: 'reuse the subtrees saved in --checkpoint (same bytes as an uninterrupted run)',
      },
      {
        name: 'max-memory',
        type: 'number',
        min: 1,
        max: MAX_MEMORY_MIB,
        describe: 'MiB the compile may use (default: 3/4 of the machine); larger compiles are refused up front',
      },
      {
        name: 'skip-estimate',
        type: 'boolean',
        describe:
          'start even when the memory estimate is over --max-memory (the compile still stops at the limit, status 7)',
      },
      {
        name: 'force',
        type: 'boolean',
        describe:
          "write the tree into trees/ even when the one there or shipped is better (for the very same tree: record this compile's settings, e.g. a proof)",
      },
      {
        name: 'queue',
        type: 'url',
        describe: `run the work as jobs on this BullMQ queue (${QUEUE_URL}, or env: the URL in GUESSTREE_QUEUE, recommended) for \`guesstree worker\` processes; same tree`,
      },
    ],
    examples: [
      ['guesstree compile --game lingo --len 5', 'the main job, on the default dictionary'],
      [
        'guesstree compile --game wordle --answers answers.txt --guesses allowed.txt --hard',
        'Wordle in hard mode, from your two lists',
      ],
      ['guesstree compile --game mastermind --pegs 4 --colors 6 --exact', 'proves the optimum, 5,625 guesses'],
    ],
  };
}

/** The `verify` verb. */
function verifyVerb(): VerbInfo {
  return {
    name: 'verify',
    summary: 'replay a tree against every secret and print the exact metric',
    games: true,
    options: [TREE_OPTION, JSON_OPTION],
    examples: [
      [
        'guesstree verify --game lingo --len 9 --wordlist ../shared/lingo/wordlist.txt',
        'the shipped 9-letter tree of that list',
      ],
      [
        'guesstree verify --game mastermind --pegs 5 --colors 8 --contest mm58.txt',
        'a contest string: N, depth, coverage',
      ],
      ['guesstree verify --tree trees/mastermind-p4c6.gtree --json', 'the result as JSON'],
    ],
  };
}

/** The `stats` verb. */
function statsVerb(): VerbInfo {
  return {
    name: 'stats',
    summary: 'depth histogram, hardest secrets, node count and file size',
    games: true,
    options: [
      TREE_OPTION,
      {
        name: 'hardest',
        type: 'number',
        min: 0,
        max: 1_000_000,
        describe: 'how many of the hardest secrets to list (default 10)',
      },
      JSON_OPTION,
    ],
    examples: [
      ['guesstree stats --tree trees/mastermind-p4c6.gtree', ''],
      ['guesstree stats --game lingo --len 5 --json', 'the result as JSON'],
    ],
  };
}

/** The `export` verb (its formats: the generic ones and the games'). */
function exportVerb(): VerbInfo {
  return {
    name: 'export',
    summary: 'write a tree as paths (SECRET<TAB>GUESS1 GUESS2 ...), JSON, or a game format',
    games: true,
    options: [
      TREE_OPTION,
      {
        name: 'format',
        type: 'choice',
        choices: formatNames(),
        required: true,
        describe: `output format (paths: SECRET<TAB>GUESS1 GUESS2 ...; json: the nested tree; html: the tree explorer, one self-contained page; ${GAMES.flatMap((m) => (m.exportFormats ?? []).map((f) => `${f.name}: ${m.id}, ${f.describe}`)).join('; ')})`,
      },
      { name: 'out', type: 'file', describe: 'write to this file (atomically) instead of stdout' },
    ],
    examples: [
      ['guesstree export --format paths --game lingo --len 5', ''],
      [
        'guesstree export --format html --game mastermind --pegs 5 --colors 8 --out mm58.html',
        'the tree explorer: open it in a browser',
      ],
      ['guesstree export --format leetcode --game matchcount --out solution.ts', ''],
    ],
  };
}

/** The `play` verb. */
function playVerb(): VerbInfo {
  return {
    name: 'play',
    summary: 'play against a secret you hold: shows each guess, reads the reply you type',
    games: true,
    options: [TREE_OPTION],
    examples: [
      ['guesstree play --game lingo --len 5', 'type masks such as OX?XX'],
      ['guesstree play --game mastermind --pegs 4 --colors 6', 'type blacks then whites, such as 21'],
      ['guesstree play --game hangman --len 6', 'type the positions holding the letter (1 3), or - for none'],
    ],
  };
}

/** The `worker` verb (a job queue's worker). */
function workerVerb(): VerbInfo {
  return {
    name: 'worker',
    summary: 'run compile jobs from a job queue (compile --queue URL) until SIGTERM',
    games: false,
    options: [
      {
        name: 'queue',
        type: 'url',
        describe: `the queue (${QUEUE_URL}); default: the URL in GUESSTREE_QUEUE (recommended: it keeps the password out of ps)`,
      },
      {
        name: 'concurrency',
        type: 'number',
        min: 1,
        max: MAX_WORKERS,
        describe: 'jobs run at once, each in a thread (default 1)',
      },
      {
        name: 'games',
        type: 'folder',
        describe:
          'a folder whose game module files (compile --game FILE) this worker may load; repeat it for more, or list them in GUESSTREE_GAMES (a:b); without any, file games are refused',
      },
    ],
    examples: [
      [
        'guesstree worker --queue redis://:secret@10.0.0.5:6379 --concurrency 4',
        'on each machine; then compile ... --queue with the same URL',
      ],
    ],
  };
}

/** Every verb's help: what it does, its options and examples. */
export function verbInfos(): readonly VerbInfo[] {
  return [compileVerb(), verifyVerb(), statsVerb(), exportVerb(), playVerb(), workerVerb()];
}

export const VERB_NAMES: readonly AnyVerb[] = ['compile', 'verify', 'stats', 'export', 'play', 'worker'];

export function verbInfo(verb: AnyVerb): VerbInfo {
  const info = verbInfos().find((v) => v.name === verb);
  if (!info) throw new Error(`no help for the verb ${verb}`);
  return info;
}

/** How a value is written in help: `<number>`, `<file>`, `<misses|win>`; nothing for a flag. */
function metavar(type: OptionSpec['type'] | VerbOption['type'], choices?: readonly string[]): string {
  switch (type) {
    case 'boolean':
      return '';
    case 'integer':
    case 'number':
      return ' <number>';
    case 'file':
      return ' <file>';
    case 'folder':
      return ' <folder>';
    case 'url':
      return ' <url>';
    default:
      return choices && choices.length <= 4 ? ` <${choices.join('|')}>` : choices ? ' <name>' : ' <text>';
  }
}

/** Words of `text` in lines of at most `width`, the first after `lead`, the others indented to it. */
function wrap(lead: string, text: string, width: number): string[] {
  const indent = ' '.repeat(lead.length);
  const out: string[] = [];
  let line = lead;
  let bare = true;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (!bare && line.length + 1 + word.length > width) {
      out.push(line);
      line = indent + word;
    } else line = bare ? line + word : `${line} ${word}`;
    bare = false;
  }
  out.push(line);
  return out;
}

function optionLines(rows: ReadonlyArray<{ flag: string; text: string }>, width: number): string[] {
  const col = Math.min(28, Math.max(...rows.map((r) => r.flag.length)) + 4);
  return rows.flatMap((r) =>
    r.flag.length + 2 > col
      ? [`  ${r.flag}`, ...wrap(' '.repeat(col), r.text, width)]
      : wrap(`  ${r.flag}`.padEnd(col), r.text, width),
  );
}

function gameSpecs(m: GameModule, verb: Verb): OptionSpec[] {
  const own = m.options.filter((o) => (verb === 'compile' || !o.compileOnly) && !/^deprecated/.test(o.describe));
  return verb === 'verify' && m.verifyExtra ? [...own, ...m.verifyExtra.options] : own;
}

function gameOptionText(o: OptionSpec): string {
  const range =
    o.min !== undefined
      ? ` (${count(o.min)} to ${o.max === undefined ? 'any' : count(o.max)})`
      : o.choices && o.choices.length > 4
        ? ` (${o.choices.join(', ')})`
        : '';
  return `${o.describe}${range}`;
}

/** The help page of one verb. */
export function verbHelp(verb: AnyVerb, width: number): string {
  const v = verbInfo(verb);
  const lines: string[] = [];
  lines.push(
    v.games ? `Usage: guesstree ${verb} --game <game> [game options] [options]` : `Usage: guesstree ${verb} [options]`,
  );
  if (v.games && verb !== 'compile') lines.push(`   or: guesstree ${verb} --tree <file> [options]`);
  lines.push('', ...wrap('', `${v.summary[0]?.toUpperCase()}${v.summary.slice(1)}.`, width));
  if (v.games) {
    lines.push(
      '',
      ...optionLines(
        [
          {
            flag: '--game <game>',
            text: `the game, required: ${GAME_IDS.join(', ')}${verb === 'compile' ? '' : ' (or --tree <file>, whose header names it)'}`,
          },
        ],
        width,
      ),
    );
    for (const m of GAMES) {
      lines.push('', ...wrap(`${m.id}: `, m.describe, width));
      const rows = gameSpecs(m, verb as Verb).map((o) => ({
        flag: `--${o.name}${metavar(o.type, o.choices)}`,
        text: gameOptionText(o),
      }));
      if (verb === 'compile') rows.push({ flag: '--effort <name>', text: effortHelp(m.efforts) });
      if (verb === 'play') rows.push({ flag: 'reply', text: m.replyHelp ?? 'as the game shows when it starts' });
      if (rows.length) lines.push(...optionLines(rows, width));
      else lines.push('  (no options)');
    }
  }
  const own = v.options.map((o) => ({
    flag: `--${o.name}${metavar(o.type, o.choices)}`,
    text: `${o.describe}${o.required ? ' (required)' : ''}`,
  }));
  own.push({ flag: '--help, -h', text: 'show this page' }, { flag: '--version', text: 'show the version' });
  lines.push('', `Options of ${verb}${v.games ? ' (every game)' : ''}:`, ...optionLines(own, width));
  if (v.examples.length) {
    lines.push('', 'Examples:');
    for (const [command, note] of v.examples) {
      if (note) lines.push(`  # ${note}`);
      // A command is one line, never wrapped: it can be copied as it is.
      lines.push(`  ${command}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The top-level help page. */
export function topHelp(width: number): string {
  const lines = [
    'Usage: guesstree <command> --game <game> [options]',
    '',
    'Compile and inspect complete decision trees for guessing games.',
    '',
    'Commands:',
  ];
  lines.push(
    ...optionLines(
      verbInfos().map((v) => ({ flag: v.name, text: v.summary })),
      width,
    ),
  );
  lines.push(
    '',
    'Games (--game):',
    ...optionLines(
      GAMES.map((m) => ({ flag: m.id, text: m.describe })),
      width,
    ),
  );
  lines.push(
    '',
    'Options:',
    ...optionLines(
      [
        { flag: '--help, -h', text: 'show this page' },
        { flag: '--version', text: 'show the version' },
      ],
      width,
    ),
  );
  lines.push(
    '',
    "guesstree help <command> (or guesstree <command> --help) shows a command's options.",
    '',
    'Examples:',
  );
  lines.push(
    '  # the main job: the Lingo tree of 5-letter words',
    '  guesstree compile --game lingo --len 5',
    '  # play Mastermind against a code you hold',
    '  guesstree play --game mastermind --pegs 4 --colors 6',
  );
  return `${lines.join('\n')}\n`;
}

/** Every option name a verb knows: its own, --game/--tree, every game's, help and version. */
export function optionNamesOf(verb: AnyVerb | undefined): string[] {
  const names = new Set<string>(['help', 'version']);
  const v = verb ? verbInfo(verb) : undefined;
  for (const o of v?.options ?? []) names.add(o.name);
  if (v?.games) {
    names.add('game');
    for (const m of GAMES) for (const o of gameSpecs(m, verb as Verb)) names.add(o.name);
  }
  return [...names];
}
