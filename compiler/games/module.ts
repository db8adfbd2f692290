/**
 * The game-module boundary. A game is one folder under compiler/games/<game>/ whose module
 * declares its options (with types and ranges), its efforts, how to build the game from options
 * or from a tree header, how to compile it, how workers rebuild its search, and its own
 * reports, play and export formats. The CLI and the pool know games only through this.
 */
import type { TreeArrays, TreeFile, TreeHeader, TreeWords, ParamValue } from '../../runtime/tree-format.js';
import type { EngineParts } from '../engine/search.js';
import type { Game, ReplaySummary } from '../game.js';
import type { CompileControl, GameOptions, PoolPlan } from './compile-api.js';
import type { GameEffort } from './efforts.js';
import type { CheckOptions } from './job-check.js';
import type { ExplorerMetric, ExplorerRules } from './explorer-rules.js';
import type { ModuleTaskTable } from './module-tasks.js';
import type { TreeFileWithWords } from './tree-words.js';

/** An option a game takes, as typed on the command line. */
export interface OptionSpec {
  /** As typed, without the dashes: `len`, `max-depth`. */
  readonly name: string;
  readonly type: 'integer' | 'string' | 'boolean' | 'file';
  readonly describe: string;
  readonly min?: number;
  readonly max?: number;
  readonly choices?: readonly string[];
  /** The tree header's parameter the option is stored as, when it has another name (`len`: `length`). */
  readonly header?: string;
  /** A search setting: only `compile` takes it (the other options say which game it is). */
  readonly compileOnly?: boolean;
  /** Older names still accepted, each with a one-line deprecation note on stderr. */
  readonly deprecated?: ReadonlyArray<{ readonly name: string; readonly note: string; readonly value?: string }>;
}

export type { GameOptions } from './compile-api.js';

/** A line of a game's report, or a bar chart the command draws (`verify`, `stats`). */
export type ReportLine = string | { readonly chart: ReadonlyArray<{ readonly label: string; readonly count: number }> };
export type ReportOut = (line: ReportLine) => void;

/** An effort a deprecated option implies, and the one-line note saying so (Hangman's `--strategy`). */
export interface ImpliedEffort {
  readonly effort: string;
  readonly note: string;
}

export interface CompileOutcome {
  readonly tree: TreeArrays;
  readonly settings: Readonly<Record<string, ParamValue>>;
  /** Header objective fields the search adds (a proven bound), besides what the replay measures. */
  readonly objectiveExtra?: Readonly<Record<string, ParamValue>>;
}

/** Renderings shipped beside a tree compiled into trees/ (Mastermind: the contest string). */
export interface Companion {
  readonly kind: string;
  readonly extension: string;
  readonly text: string;
}

/** An `export --format` a game adds to paths and json. */
export interface ExportFormat {
  readonly name: string;
  readonly describe: string;
  /** Whether it needs a tree (else the game options are enough). */
  readonly needsTree: boolean;
  render(loaded: LoadedGame | null, file: TreeFile | null, path?: string): string;
}

/** A game's size as the memory estimate reads it. */
export interface GameSize {
  readonly secretCount: number;
  readonly guessCount: number;
  readonly codeCount: number;
}

/** What `play` talks through: the replies typed, the guesses and results (stdout), the messages (stderr). */
export interface PlayStreams {
  readonly input: NodeJS.ReadableStream;
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
}

/** A game built from options: the game for replay and play, and what the verbs do with it. */
export interface LoadedGame {
  readonly module: GameModule;
  readonly game: Game;
  /** Short name used for shipped files and messages: `lingo-len9`. */
  readonly slug: string;
  readonly options: GameOptions;
  /** Its trees compile in seconds: verbs compile one in memory when none is shipped. */
  readonly cheap?: boolean;
  /** Compile: build the search; the plan's pool calls are run by the compile command's pool. */
  compile(control: CompileControl): PoolPlan<CompileOutcome>;
  /**
   * The objective of a tree in the game's own words, one line each (compile, the explorer).
   * `recorded`: the header's figures were replayed, and what its compile proved (a bound, the
   * optimum) is said to be recorded by it, not just proven.
   */
  describe(header: TreeHeader, recorded?: boolean): string[];
  /** A single comparable figure of a tree's objective, higher is better (never replace a tree by a worse one). */
  merit(header: TreeHeader): number;
  companions?(tree: TreeArrays): Companion[];
  /** The words its tree files carry, so that `--tree FILE` alone reads them (games with lists). */
  wordsOf?(tree: TreeArrays): TreeWords;
  /**
   * After the tree is written (match-count: what was proven, and the --budget check); `kept`: the
   * same tree was in the trees folder already and nothing was rewritten.
   */
  afterCompile?(header: TreeHeader, path: string, log: (line: string) => void, kept?: boolean): void;
  /** After the generic `verify` passed: what ships beside the tree, checked (Wordle: the proof file). */
  checkBeside?(file: TreeFile, path: string, out: (line: string) => void): void;
  /** A game's own `verify`, `stats` (after the command's `tree:` line) and `play` (Hangman); absent: the generic ones. */
  verify?(file: TreeFile, path: string, out: ReportOut): ReplaySummary;
  stats?(file: TreeFile, hardest: number, out: ReportOut): void;
  play?(tree: TreeArrays, streams: PlayStreams): Promise<number>;
  /** How the explorer page computes and draws replies. */
  explorerRules(): ExplorerRules;
  /** What the explorer's tree browser counts per secret (default: guesses). */
  readonly explorerMetric?: ExplorerMetric;
}

/** What a worker rebuilds once per compile: the engine's parts, and the module's own tasks. */
export interface WorkerSetup<State = unknown> {
  /** Absent for a game searched only by its own tasks (the worst-case prover). */
  readonly parts?: EngineParts<State>;
  /** Its own tasks by name (`taskTable`), each typed once by its kind (games/module-tasks.ts). */
  readonly tasks?: ModuleTaskTable;
}

/**
 * A game module. `Spec` and `Setup` are the plain data its compile sends its workers (the game,
 * the search's settings), `State` its engine's node state; the registry holds them as
 * `GameModule` (every parameter unknown), which the pool's workers call with decoded data.
 */
export interface GameModule<Spec = unknown, Setup = unknown, State = unknown> {
  readonly id: string;
  readonly describe: string;
  readonly options: readonly OptionSpec[];
  /** How a person types a reply in `play`, in one line (its --help; the game's own `replyHelp` once loaded). */
  readonly replyHelp?: string;
  /** Its efforts (names of the one vocabulary, games/efforts.ts; `default` among them), with what each means here. */
  readonly efforts: readonly GameEffort[];
  /** Formats `export` adds for this game besides paths, json and html. */
  readonly exportFormats?: readonly ExportFormat[];
  /** Options `verify` adds for this game (Mastermind: --contest FILE). */
  readonly verifyExtra?: {
    readonly options: readonly OptionSpec[];
    run(opts: GameOptions, out: ReportOut): boolean;
  };
  /** A tiny instance (its lists written into `dir`): the contract tests run every verb on it. */
  sample(dir: string): GameOptions;
  /** The effort a deprecated option implies, used when `--effort` is not given (Hangman's `--strategy`). */
  impliedEffort?(opts: GameOptions): ImpliedEffort | undefined;
  /** Before `compile` builds the game: refuse (a one-line error) options too large to compile. */
  checkCompile?(opts: GameOptions): void;
  /**
   * Why options, each within its range, still make no game `compile` takes (too many codes, one
   * option below another), or undefined: a tree header that claims them is refused with this.
   */
  compileProblem?(opts: GameOptions): string | undefined;
  /**
   * What one worker's search grows to beyond its engine's tables, bytes (its memo up to the
   * memo's limits, scratch, plans and the garbage between collections), for a compile with
   * `effort` and the game's options (commands/memory-estimate.ts; `bench:memory` measures it);
   * absent: 256 MiB and 16 KiB a secret.
   */
  searchBytes?(size: GameSize, effort: string, opts: GameOptions): number;
  /**
   * What the game's tables take once for the whole compile, bytes: those in shared memory (one
   * copy for every thread) and what building them leaves in this thread. Absent: none.
   */
  sharedBytes?(game: Game, opts: GameOptions): number;
  /**
   * The tables each engine of the compile builds before it searches (its rankers' reply tables),
   * bytes: one copy in this thread and one in each worker. Absent: none.
   */
  engineBytes?(game: Game, effort: string, opts: GameOptions): number;
  /** Whether `effort` searches in one task (an exact search of the whole game): one worker's search grows, not each one's. */
  oneSearch?(size: GameSize, effort: string, opts: GameOptions): boolean;
  /** Build the game from its options. */
  load(opts: GameOptions): LoadedGame;
  /**
   * Build the game of a tree file that carries its words: lists given in `opts` are read (and
   * then checked against the header), the others come from the file. The tree is returned
   * renumbered when the game rebuilt holds only the guesses the tree plays (Wordle).
   */
  loadFromTree?(
    opts: GameOptions,
    file: TreeFileWithWords,
    where: string,
  ): { readonly loaded: LoadedGame; readonly file: TreeFile };
  /**
   * The options that say which game a tree header describes (the lists' paths come from `opts`);
   * refuses, naming the tree `where`, when the header cannot say enough (a file game's module).
   */
  optionsFromHeader(header: TreeHeader, opts: GameOptions, where?: string): GameOptions;
  /** In a worker: the search of a game rebuilt from `gameSpec`, with the compile's `setup` (both plain data). */
  worker(gameSpec: Spec, setup: Setup): WorkerSetup<State>;
  /**
   * A queue worker's check of a job's `gameSpec` and `setup` (plain data from Redis, which anyone
   * who can write to it may have written) before `worker` builds anything from them: the numbers
   * through `checkOptions` (the compile's own option ranges and `checkCompile`), the lists within
   * the caps of the list files compile reads, the settings as the compile derives them. Throws
   * one line naming the field; returns the module files the job would load (a game from a file),
   * which the worker loads only from its own folders. Absent: the worker refuses the module's jobs.
   */
  checkJob?(gameSpec: unknown, setup: unknown, checkOptions: CheckOptions): readonly string[] | undefined;
}
