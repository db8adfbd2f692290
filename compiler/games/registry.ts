/**
 * Game modules behind the CLI: how to build a game from options or from a tree header, and
 * how to compile it. One entry per game; the CLI knows nothing game-specific beyond this.
 */
import wordListPath from 'word-list';
import { fail } from '../../runtime/errors.js';
import { loadWordListOfLength } from '../../runtime/wordlist.js';
import type { TreeArrays, TreeHeader, ParamValue } from '../../runtime/tree-format.js';
import type { Game } from '../game.js';
import type { CheckpointOptions } from '../pool/checkpoint.js';
import { LingoGame, LINGO_MAX_LENGTH, LINGO_MIN_LENGTH } from './lingo.js';
import { compileLingo, LINGO_EFFORTS, widthsFor } from './lingo-compile.js';
import { loadWordle } from './wordle-load.js';
import { WORDLE_EFFORTS } from './wordle-compile.js';
import { loadMatchCount, matchCountVerdict } from './matchcount-load.js';
import { MATCHCOUNT_EFFORTS } from './matchcount.js';
import { loadMastermind } from './mastermind-load.js';
import { MASTERMIND_EFFORTS } from './mastermind-compile.js';
import { checkGameOnlyOptions } from './game-options.js';
import { hangmanOptionsFromHeader, loadHangman } from './hangman-load.js';
import type { ReplaySummary } from '../replay.js';
import type { ResolvedTree } from '../commands/resolve.js';

export interface GameOptions {
  readonly game?: string | undefined;
  readonly len?: number | undefined;
  readonly wordlist?: string | undefined;
  /** Wordle: the answers list, the allowed guesses list, hard mode. */
  readonly answers?: string | undefined;
  readonly guesses?: string | undefined;
  readonly hard?: boolean | undefined;
  /** Match-count: the word list, and allowedGuesses. */
  readonly words?: string | undefined;
  readonly budget?: number | undefined;
  /** Mastermind: pegs, colours, a cap on the guesses per secret, and the exact search. */
  readonly pegs?: number | undefined;
  readonly colors?: number | undefined;
  readonly maxDepth?: number | undefined;
  readonly exact?: boolean | undefined;
  /** Hangman: the objective (misses, win), the lives of the win objective, the strategy (search, greedy). */
  readonly objective?: string | undefined;
  readonly lives?: number | undefined;
  readonly strategy?: string | undefined;
}

export interface CompileRequest {
  readonly effort: string;
  readonly workers: number;
  readonly onProgress?: (done: number, total: number, best: number) => void;
  readonly checkpoint?: CheckpointOptions | undefined;
  readonly signal?: AbortSignal | undefined;
}

export interface CompileOutcome {
  readonly tree: TreeArrays;
  readonly settings: Readonly<Record<string, ParamValue>>;
  /** A bound on the objective total that no tree can exceed, when the search proved one. */
  readonly upperBound?: number | null;
}

export interface LoadedGame {
  readonly game: Game;
  /** Short name used for shipped files: `lingo-len9`. */
  readonly slug: string;
  readonly efforts: readonly string[];
  compile(req: CompileRequest): Promise<CompileOutcome>;
  /** What the progress bar counts ("the openers' groups" when absent). */
  readonly progressUnit?: string | undefined;
  /** Renderings shipped beside a tree compiled into trees/ (Mastermind: the contest string). */
  companions?(tree: TreeArrays): Array<{ readonly kind: string; readonly extension: string; readonly text: string }>;
  /** Optional: a game with its own report for `verify` and `stats`, and its own `play` (Hangman). */
  readonly verify?: ((r: ResolvedTree, out: (line: string) => void) => ReplaySummary) | undefined;
  readonly stats?: ((r: ResolvedTree, hardest: number, out: (line: string) => void) => void) | undefined;
  readonly play?: ((tree: TreeArrays, input: NodeJS.ReadableStream, out: (line: string) => void, err: (line: string) => void) => Promise<number>) | undefined;
}

export const GAME_IDS = ['lingo', 'wordle', 'matchcount', 'mastermind', 'hangman'] as const;
export const DEFAULT_WORDLIST = wordListPath;

/** The `--effort` names each game takes (its loader rejects any other). */
export const EFFORTS_BY_GAME: Readonly<Record<(typeof GAME_IDS)[number], readonly string[]>> = {
  lingo: Object.keys(LINGO_EFFORTS),
  wordle: Object.keys(WORDLE_EFFORTS),
  matchcount: Object.keys(MATCHCOUNT_EFFORTS),
  mastermind: MASTERMIND_EFFORTS,
  hangman: ['default'],
};

function loadLingo(opts: GameOptions): LoadedGame {
  const len = opts.len;
  if (len === undefined) throw fail('usage', 'lingo needs --len (word length, 4..13)');
  if (Number.isNaN(len)) throw fail('usage', '--len: expected a whole number from 4 to 13');
  if (!Number.isInteger(len) || len < LINGO_MIN_LENGTH || len > LINGO_MAX_LENGTH) {
    throw fail('usage', `--len ${len}: Lingo word length must be an integer from ${LINGO_MIN_LENGTH} to ${LINGO_MAX_LENGTH}`);
  }
  const path = opts.wordlist ?? DEFAULT_WORDLIST;
  const list = loadWordListOfLength(path, len);
  const game = LingoGame.fromList(list, len);
  return {
    game,
    slug: `lingo-len${len}`,
    efforts: EFFORTS_BY_GAME.lingo,
    async compile(req) {
      const effort = LINGO_EFFORTS[req.effort];
      if (!effort) throw fail('usage', `--effort ${req.effort}: unknown effort for lingo (choose ${Object.keys(LINGO_EFFORTS).join(', ')})`);
      const { tree, upperBound } = await compileLingo(game, effort, { workers: req.workers, onProgress: req.onProgress, checkpoint: req.checkpoint, signal: req.signal });
      const settings: Record<string, ParamValue> = {
        effort: effort.name,
        probes: Math.min(effort.probes, game.guessCount),
        widths: widthsFor(effort, game.secretCount).join('/'),
        lookaheadMinSet: effort.lookaheadMinSet,
        candidatePoolMax: effort.candidatePoolMax,
      };
      return { tree, settings, upperBound };
    },
  };
}

export function loadGame(opts: GameOptions): LoadedGame {
  checkGameOnlyOptions(opts);
  switch (opts.game) {
    case 'lingo':
      return loadLingo(opts);
    case 'wordle':
      return loadWordle(opts);
    case 'matchcount':
      return loadMatchCount(opts);
    case 'mastermind':
      return loadMastermind(opts);
    case 'hangman':
      return loadHangman(opts);
    case undefined:
      throw fail('usage', 'no game given: use --game (one of ' + GAME_IDS.join(', ') + ') or --tree FILE');
    default:
      throw fail('usage', `--game ${opts.game}: unknown game (one of ${GAME_IDS.join(', ')})`);
  }
}

/** The options that rebuild the game a tree header describes (the lists come from `opts`). */
export function optionsFromHeader(header: TreeHeader, opts: GameOptions): GameOptions {
  if (opts.game !== undefined && opts.game !== header.game) {
    throw fail('usage', `--game ${opts.game} given, but the tree is a ${header.game} tree`);
  }
  switch (header.game) {
    case 'lingo':
      return { game: 'lingo', len: Number(header.params['length']), wordlist: opts.wordlist };
    case 'wordle': {
      const hard = header.params['hard'] === true;
      if (opts.hard === true && !hard) throw fail('usage', '--hard given, but the tree is a normal-mode wordle tree');
      return { game: 'wordle', answers: opts.answers, guesses: opts.guesses, hard };
    }
    case 'matchcount':
      return { game: 'matchcount', words: opts.words, budget: opts.budget };
    case 'mastermind':
      return { game: 'mastermind', pegs: Number(header.params['pegs']), colors: Number(header.params['colors']) };
    case 'hangman':
      return hangmanOptionsFromHeader(header, opts);
    default:
      throw fail('tree-file', `tree is for game "${header.game}", which this version does not know`);
  }
}

/**
 * What a game adds once its compiled tree is written: match-count says what the search proved
 * and fails with a `budget` error when the worst case is more than --budget.
 */
export function afterCompile(header: TreeHeader, path: string, opts: GameOptions, log: (line: string) => void): void {
  if (header.game === 'matchcount') matchCountVerdict(header, path, opts.words, log);
}
