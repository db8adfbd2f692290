/**
 * Games from a user's file (`--game ./my-game.mjs`, or `--game file --module FILE`): the ES
 * module's default export follows the contract of contract.ts; its reply table is built once
 * (game.ts) and the search is Wordle's: the candidate ranker over every guess, the objective the
 * least total number of guesses (with `maxGuesses`: every secret found within it when possible,
 * then the least total). A normal game module: the CLI, the pool and the verbs know it only
 * through the boundary (../module.ts).
 *
 * Workers get the table in shared memory. A worker on a job queue (`--queue`) gets no table:
 * it loads the module file named in the job and refuses the job, in one line, when the file is
 * missing or its hash differs from the compiling machine's.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fail } from '../../../runtime/errors.js';
import { escapeControls, safeText } from '../../../runtime/messages.js';
import type { ParamValue, TreeHeader } from '../../../runtime/tree-format.js';
import { AttemptObjective } from '../../engine/attempt-objective.js';
import { CandidateRanker } from '../../engine/candidate-ranker.js';
import type { EngineParts } from '../../engine/search.js';
import { EFFORT_DEFAULTS, type Moves } from '../../engine/types.js';
import { describeGuessTotals } from '../../objective.js';
import { budgeted, type CompileControl, type PoolPlan } from '../compile-api.js';
import type { CompileOutcome, GameModule, GameOptions, LoadedGame } from '../module.js';
import { stringOption } from '../options.js';
import { ALL, widthEffort, widthsText, type WidthEffort } from '../width-efforts.js';
import { badJob, jobChoice, jobIndices, jobRecord, jobWhole } from '../job-check.js';
import { fileSha256, loadGameFile, MAX_GUESSES_LIMIT, MAX_LIST, type CheckedGame } from './contract.js';
import { tableRules } from './explorer.js';
import { FileGame, type FileGameSpec } from './game.js';

export const FILE_EFFORTS: readonly WidthEffort[] = [
  { name: 'greedy', describe: 'one step deep: the best-ranked guess everywhere', widths: [1] },
  {
    name: 'default',
    describe: 'the top 8 openers and the top 8 guesses at the next two levels, compared by their subtrees',
    widths: [8, 8, 8],
  },
  {
    name: 'exact',
    describe: 'every guess at every node: the optimum, proven (small games only)',
    widths: [ALL],
    exact: true,
  },
];

export function fileEffort(name: string): WidthEffort {
  return widthEffort(FILE_EFFORTS, name, 'a game from a file');
}

export interface FileSetup {
  readonly effort: string;
  readonly probes: Uint32Array;
  /** The game's hash and guess limit: a checkpoint of one game is never resumed for another. */
  readonly game: string;
  readonly maxGuesses: number;
}

/** Every guess, by how many reply groups it splits all the secrets into, then its index. */
export function fileProbes(game: FileGame): Uint32Array {
  const G = game.guessCount;
  const K = game.codeCount;
  const t = game.replyTable.codes;
  const groups = new Int32Array(G);
  const seen = new Uint8Array(G * K);
  for (let s = 0; s < game.secretCount; s++) {
    const row = s * G;
    for (let g = 0; g < G; g++) {
      const at = g * K + t[row + g];
      if (!seen[at]) {
        seen[at] = 1;
        groups[g] = groups[g] + 1;
      }
    }
  }
  const order = Array.from({ length: G }, (_, i) => i);
  order.sort((a, b) => groups[b] - groups[a] || a - b);
  return Uint32Array.from(order);
}

export function fileParts(game: FileGame, setup: FileSetup): EngineParts<string> {
  const effort = fileEffort(setup.effort);
  const S = game.secretCount;
  const m = game.spec.maxGuesses;
  const capped = m > 0;
  const objective = new AttemptObjective<string>(
    capped
      ? {
          attempts: m,
          costs: Array.from({ length: m + 1 }, (_, a) => a),
          unsolved: m * S + 1,
          branches: Infinity,
          depthTieBreak: false,
          secretCount: S,
        }
      : {
          attempts: Infinity,
          perAttempt: 1,
          unsolved: Infinity,
          branches: Infinity,
          depthTieBreak: false,
          secretCount: S,
        },
    (s) => game.guessOfSecret(s),
  );
  const exact = effort.exact === true;
  const ranker = new CandidateRanker(game, objective, {
    probes: setup.probes,
    candidatePoolMax: Number.MAX_SAFE_INTEGER,
    candidateShortcut: true,
    exact,
    exactOrder: 'mixed',
  });
  const moves: Moves<string> = { root: '', after: (s) => s, key: (s) => s };
  return {
    game,
    objective,
    moves,
    ranker,
    effort: {
      ...EFFORT_DEFAULTS,
      // Exact: every guess at every depth a tree can reach.
      widthsByUsed: exact ? new Array<number>(game.maxAttempts + 1).fill(ALL) : effort.widths,
      lookaheadMinSet: 1,
      memoMinSet: 3,
      memoMaxEntries: 2_000_000,
      groupOrder: exact ? 'smallest-first' : 'largest-first',
      prepass: true,
    },
  };
}

function* compileFile(loaded: LoadedGame, game: FileGame, control: CompileControl): PoolPlan<CompileOutcome> {
  const effort = fileEffort(control.effort);
  const setup: FileSetup = {
    effort: effort.name,
    probes: fileProbes(game),
    game: game.spec.gameSha256,
    maxGuesses: game.spec.maxGuesses,
  };
  const parts = fileParts(game, setup);
  // A job queue's workers load the module file themselves (named in the job, checked by hash).
  const gameSpec: FileGameSpec = control.remoteWorkers ? { ...game.spec, table: null } : game.spec;
  if (control.remoteWorkers && !game.spec.file)
    throw fail('usage', `${loaded.slug}: --queue needs the game as a module file (the workers load it)`);
  const N = game.secretCount;
  const job = {
    module: 'file',
    gameSpec,
    setup,
    parts,
    label: loaded.slug,
    bestText: (cost: number) => `mean ${(cost / N).toFixed(4)} guesses`,
    nameSecret: (s: number) => game.secretName(s),
    nameGuess: (g: number) => game.guessName(g),
  };
  const r = yield* budgeted(job, { width: effort.exact ? Infinity : effort.widths[0], unit: 'openers' });
  if (!r) throw new Error(`${loaded.slug} compile: no plan`);
  const settings: Record<string, ParamValue> = {
    effort: effort.name,
    widths: widthsText(effort.widths),
    ranking: 'reply groups, then sum of squared group sizes',
    cutoffs: true,
    candidateShortcut: true,
    ...(effort.exact ? { provenOptimal: true } : {}),
  };
  return { tree: r.tree, settings };
}

/** The loaded game of a checked definition (from a file, or an object given to the library). */
export function loadedOf(
  def: CheckedGame,
  opts: GameOptions,
  file: { path: string; sha256: string } | null,
): LoadedGame {
  const game = FileGame.fromDefinition(def, file);
  const loaded: LoadedGame = {
    module: fileModule,
    game,
    slug: def.name,
    options: opts,
    cheap: game.secretCount * game.guessCount <= 250_000,
    compile: (control) => compileFile(loaded, game, control),
    describe: describeGuessTotals,
    merit: (h) => Number(h.objective.total),
    explorerRules: () =>
      tableRules(
        {
          replies: [...game.spec.replies, game.spec.solvedReply],
          secrets: [...def.secrets],
          rows: explorerRows(game, tableGuesses(game)),
        },
        game.maxAttempts,
      ),
  };
  return loaded;
}

/** The guesses the explorer tables: every one (the page replays any secret and plays off the tree). */
function tableGuesses(game: FileGame): number[] {
  return Array.from({ length: game.guessCount }, (_, g) => g);
}

/** The explorer's reply rows: for each guess of `guesses`, one character per secret (code + 48). */
function explorerRows(game: FileGame, guesses: readonly number[]): Record<string, string> {
  const rows: Record<string, string> = {};
  const G = game.guessCount;
  const t = game.replyTable.codes;
  for (const g of guesses) {
    let row = '';
    for (let s = 0; s < game.secretCount; s++) row += String.fromCharCode(48 + t[s * G + g]);
    rows[game.guessName(g)] = row;
  }
  return rows;
}

function gameOfSpec(spec: FileGameSpec): FileGame {
  if (spec.table) return new FileGame(spec, [], null);
  // A queue worker: the module file named in the job, the same bytes, the same game.
  const path = spec.file as string;
  if (!existsSync(path))
    throw fail(
      'worker',
      `${spec.name}: this worker has no ${path} (the game's module file named in the job); copy it to the same path`,
    );
  const sha = fileSha256(path);
  // The message names no hash: the file's bytes are nobody's business but this machine's.
  if (sha !== spec.fileSha256)
    throw fail('worker', `${spec.name}: ${path} differs from the compiling machine's (its SHA-256 differs)`);
  const game = FileGame.fromDefinition(loadGameFile(path).game, { path, sha256: sha });
  if (
    game.spec.gameSha256 !== spec.gameSha256 ||
    game.guessCount !== spec.guessCount ||
    game.secretCount !== spec.secretCount
  )
    throw fail('worker', `${spec.name}: ${path} gives another game here (its secrets, guesses or replies differ)`);
  return game;
}

export const fileModule: GameModule<FileGameSpec, FileSetup, string> = {
  id: 'file',
  describe:
    'a game from your own ES module file (--game ./my-game.mjs): secrets, guesses, reply(guess, secret); least total guesses',
  options: [{ name: 'module', type: 'file', describe: "the game's ES module (or give its path as --game FILE)" }],
  efforts: FILE_EFFORTS,
  // Measured (bench:memory; hilo's 100 secrets, Jotto's 505 to 8,079): greedy about 2 KiB a
  // secret; the default's memo grows more slowly than the secrets (505: 36 MiB a worker, 2,020:
  // 45 MiB); the exact search's grows with the work, up to its 2,000,000 sets (about 400 bytes each).
  searchBytes: (size, effort) => {
    const MiB = 2 ** 20;
    const n = size.secretCount;
    if (effort === 'greedy') return 24 * MiB + n * 2048;
    if (effort === 'exact') return Math.min(8 * MiB + n * n * 4096, 768 * MiB);
    return 20 * MiB + 1.5 * MiB * Math.sqrt(n);
  },
  // The reply table (secrets x guesses, a byte each) and each secret's guess, shared; and what
  // loading the module and building the table leave in this thread (measured: about 8 KiB a secret).
  sharedBytes: (game) => game.secretCount * game.guessCount + game.secretCount * (4 + 8192),
  sample(dir) {
    return { module: writeSampleGame(dir) };
  },
  load(opts: GameOptions): LoadedGame {
    const path = stringOption(opts, 'module');
    if (path === undefined)
      throw fail('usage', 'a game from a file needs its module: --game ./my-game.mjs (a file game tree needs it too)');
    const { game, path: abs } = loadGameFile(path);
    return loadedOf(game, opts, { path: abs, sha256: fileSha256(abs) });
  },
  optionsFromHeader(header, opts, where) {
    // A tree holds no reply function: the module that defines its game is needed beside it.
    if (opts.module === undefined) throw fail('usage', needsModule(header, where));
    return { module: opts.module };
  },
  checkJob(gameSpec, setup, checkOptions) {
    checkOptions({});
    const s = jobRecord(gameSpec, 'gameSpec');
    jobChoice(s.kind, 'gameSpec.kind', ['file']);
    // A job queue's compile sends no table: the worker builds it from the module file.
    if (s.table !== null) throw badJob('gameSpec.table', 'expected none (a worker loads the module file)');
    if (typeof s.file !== 'string' || !isAbsolute(s.file)) throw badJob('gameSpec.file', 'expected an absolute path');
    for (const k of ['fileSha256', 'gameSha256'] as const)
      if (typeof s[k] !== 'string' || !/^[0-9a-f]{64}$/.test(s[k] as string))
        throw badJob(`gameSpec.${k}`, 'expected a SHA-256 in hex');
    const guesses = jobWhole(s.guessCount, 'gameSpec.guessCount', 1, MAX_LIST);
    jobWhole(s.secretCount, 'gameSpec.secretCount', 1, MAX_LIST);
    const maxGuesses = jobWhole(s.maxGuesses, 'gameSpec.maxGuesses', 0, MAX_GUESSES_LIMIT);
    const u = jobRecord(setup, 'setup');
    jobChoice(
      u.effort,
      'setup.effort',
      FILE_EFFORTS.map((e) => e.name),
    );
    jobIndices(u.probes, 'setup.probes', guesses);
    if (u.game !== s.gameSha256 || u.maxGuesses !== maxGuesses)
      throw badJob('setup', "not the settings of the job's game");
    return [s.file];
  },
  worker: (gameSpec, setup) => ({ parts: fileParts(gameOfSpec(gameSpec), setup) }),
};

/** Why a file game's tree cannot be read alone, naming the game its header records (and the example that defines it, if one does). */
function needsModule(header: TreeHeader, where = 'the tree'): string {
  const name = typeof header.params.name === 'string' ? header.params.name : '';
  const secrets = header.lists.find((l) => l.role === 'secrets')?.count;
  const example = name ? exampleDefining(name) : undefined;
  return `${escapeControls(where)}: a tree of the game ${safeText(name)}${secrets === undefined ? '' : ` (${secrets.toLocaleString('en-US')} secrets)`} from a module file, and a tree holds no reply function: give the module that defines it (--game ./my-game.mjs, or game: './my-game.mjs' in the library)${example ? `; ${escapeControls(example)} defines a game of that name` : ''}`;
}

/** The module among the package's examples (scripts/examples/) whose game is named `name`. */
function exampleDefining(name: string): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 5; up++, dir = dirname(dir)) {
    const examples = join(dir, 'scripts', 'examples');
    if (!existsSync(join(dir, 'package.json')) || !existsSync(examples)) continue;
    const named = new RegExp(`\\bname:\\s*['"]${name.replace(/[^A-Za-z0-9-]/g, '\\$&')}['"]`);
    try {
      for (const f of readdirSync(examples).sort())
        if (/\.(m?js|cjs)$/.test(f) && named.test(readFileSync(join(examples, f), 'utf8')))
          return relative(process.cwd(), join(examples, f)) || join(examples, f);
    } catch {
      // Examples that cannot be read: no hint.
    }
    return undefined;
  }
  return undefined;
}

/** The contract tests' tiny instance: guess a number 1..12, replies higher / lower. */
function writeSampleGame(dir: string): string {
  const path = join(dir, 'sample-game.mjs');
  const text =
    "export default {\n  name: 'sample-hilo',\n  secrets: Array.from({ length: 12 }, (_, i) => String(i + 1)),\n  reply: (g, s) => (Number(s) > Number(g) ? 'higher' : 'lower'),\n};\n";
  writeFileSync(path, text);
  return path;
}
