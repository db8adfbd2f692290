/**
 * Match-count, LeetCode 843 "Guess the Word" (`--game matchcount --wordlist FILE [--budget 10]`):
 * the least worst-case number of guesses, proven where the node budget allows, then a small
 * total. The search is the game's worst-case prover (prover.ts over the import-free prover-core.ts),
 * run as one task in the pool.
 */
import { fail } from '../../../runtime/errors.js';
import type { TreeArrays, TreeHeader } from '../../../runtime/tree-format.js';
import { flattenPlan } from '../../engine/plan.js';
import { moduleTask, type CompileControl, type PoolPlan } from '../compile-api.js';
import type { CompileOutcome, GameModule, GameOptions, LoadedGame } from '../module.js';
import { defineTask, runs, taskTable } from '../module-tasks.js';
import { effortIn } from '../efforts.js';
import { intOption, required, sampleWords, stringOption, writeSample } from '../options.js';
import {
  describeProof,
  loadMatchCountList,
  MATCHCOUNT_DEFAULT_BUDGET,
  MATCHCOUNT_EFFORTS,
  MatchCountGame,
  matchCountSettings,
  compileMatchCount,
  type MatchCountEffort,
} from './game.js';
import { matchCountRules } from './explorer.js';
import { leetcodeSolution } from './leetcode.js';
import type { WordList } from '../../../runtime/wordlist.js';
import { carriedSecrets } from '../tree-words.js';
import { badJob, jobWords } from '../job-check.js';

/** The prover's tree and what it proved, as one task in the pool (its argument: the effort's name). */
export interface ProveResult {
  readonly tree: TreeArrays;
  readonly lowerBound: number;
  readonly proven: boolean;
}
const proveTask = defineTask<string, ProveResult>('prove');

function effortOf(name: string): MatchCountEffort {
  return effortIn(MATCHCOUNT_EFFORTS, name, 'matchcount');
}

function* compileMatch(loaded: LoadedGame, game: MatchCountGame, control: CompileControl): PoolPlan<CompileOutcome> {
  const effort = effortOf(control.effort);
  if (control.checkpoint)
    throw fail(
      'usage',
      `--checkpoint: the worst-case proof of ${loaded.slug} runs as one piece of work and cannot be checkpointed`,
    );
  const budget = intOption(control.options, 'budget') ?? MATCHCOUNT_DEFAULT_BUDGET;
  // The prover runs as one task in the pool (this thread stays free for signals).
  const r = yield* moduleTask(
    { module: 'matchcount', gameSpec: game.words, setup: null, label: loaded.slug },
    proveTask,
    effort.name,
  );
  return {
    tree: r.tree,
    settings: matchCountSettings(effort, budget, r),
  };
}

function describeMatchCount(header: TreeHeader, recorded = false): string[] {
  const o = header.objective;
  const worst = Number(o.maxAttempts);
  const lines = [
    `${describeProof({ worstCase: worst, lowerBound: Number(header.settings.lowerBound), proven: header.settings.provenOptimal === true }, recorded)}; total ${Number(o.totalGuesses).toLocaleString('en-US')} guesses (least found, not proven), mean ${Number(o.meanGuesses).toFixed(4)}`,
  ];
  return lines;
}

/**
 * After the tree is written: a `budget` error when the worst case (proven or best found) is more
 * than --budget. What was proven is in the compile's result line already (printed once).
 */
function verdict(header: TreeHeader, path: string, list: string): void {
  const worst = Number(header.objective.maxAttempts);
  const lower = Number(header.settings.lowerBound);
  const proven = header.settings.provenOptimal === true;
  const budget = Number(header.settings.budget);
  if (worst > budget) {
    const what = proven
      ? `needs ${worst} guesses in the worst case (proven optimal)`
      : `needs ${worst} guesses in the worst case with the best tree found (proven lower bound ${lower})`;
    throw fail('budget', `${list}: ${what}, more than --budget ${budget}; the tree was written to ${path}`);
  }
}

export const matchcountModule: GameModule<string[], null> = {
  id: 'matchcount',
  describe: 'match-count (LeetCode 843 "Guess the Word"): least worst case, proven where possible',
  replyHelp: 'the number of positions that match, 0 to the word length; the word length when solved',
  options: [
    {
      name: 'wordlist',
      type: 'file',
      describe: 'the word list, one word a line, all of one length (# starts a comment)',
      deprecated: [{ name: 'words', note: '--words FILE is now --wordlist FILE' }],
    },
    {
      name: 'budget',
      type: 'integer',
      min: 1,
      max: 1_000_000,
      compileOnly: true,
      describe: 'allowedGuesses (default 10): compile fails with status 6 when the worst case needs more',
    },
  ],
  efforts: MATCHCOUNT_EFFORTS,
  // The prover, one task: its tables (words squared, bits) and its memo of bitsets (up to 2^21
  // of them), as measured (bench:memory: 600 words, 60 MiB).
  searchBytes: (size) => 8 * 2 ** 20 + size.secretCount * size.secretCount * 192,
  oneSearch: () => true,
  sample: (dir) => ({ wordlist: writeSample(dir, 'matchcount.txt', sampleWords(30, 5, 'abcdefgh', 3)) }),
  exportFormats: [
    {
      name: 'leetcode',
      describe: 'a self-contained TypeScript findSecretWord for LeetCode 843 (needs no tree)',
      needsTree: false,
      render: () => leetcodeSolution(),
    },
  ],
  load(opts: GameOptions) {
    const path = required(
      stringOption(opts, 'wordlist'),
      'matchcount',
      '--wordlist FILE (one word a line, all of one length; # starts a comment)',
    );
    return matchLoaded(opts, loadMatchCountList(path), path);
  },
  loadFromTree(opts, file, where) {
    if (stringOption(opts, 'wordlist') !== undefined) return { loaded: matchcountModule.load(opts), file };
    return { loaded: matchLoaded(opts, carriedSecrets(file, where), where), file };
  },
  optionsFromHeader: (_header, opts) => ({ wordlist: opts.wordlist }),
  checkJob(gameSpec, setup, checkOptions) {
    checkOptions({});
    const words = jobWords(gameSpec, 'gameSpec');
    if (new Set(words).size !== words.length) throw badJob('gameSpec', 'a word listed twice');
    if (setup !== null) throw badJob('setup', 'expected none');
    return undefined;
  },
  worker(gameSpec) {
    const game = new MatchCountGame(gameSpec, []);
    return {
      tasks: taskTable(
        runs(proveTask, (effortName) => {
          const r = compileMatchCount(game, effortOf(effortName));
          return { tree: flattenPlan(r.plan), lowerBound: r.lowerBound, proven: r.proven };
        }),
      ),
    };
  },
};

/** The match-count game of one list (`path` names it in the compile's verdict), loaded. */
function matchLoaded(opts: GameOptions, list: WordList, path: string): LoadedGame {
  const game = MatchCountGame.fromList(list);
  const loaded: LoadedGame = {
    module: matchcountModule,
    game,
    slug: `matchcount-len${game.length}`,
    options: opts,
    // No tree ships for a list of the user's: the proof takes seconds, so verbs make one.
    cheap: true,
    compile: (control) => compileMatch(loaded, game, control),
    describe: describeMatchCount,
    // Least worst case first, then least total.
    merit: (h) => -Number(h.objective.maxAttempts) * 1e12 - Number(h.objective.totalGuesses),
    afterCompile: (header, out) => verdict(header, out, path),
    explorerRules: () => matchCountRules(game.length),
    wordsOf: () => ({ role: 'words', secrets: list.words }),
  };
  return loaded;
}
