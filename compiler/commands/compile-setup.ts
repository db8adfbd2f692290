/**
 * What a compile is asked, checked as one, for the CLI (`compile --game lingo --len 5 --workers
 * 2`) and the library (`compile({ game: 'lingo', len: 5, workers: 2 })`) alike: the game's own
 * options, the verb's (commands/help.ts: ranges, what one needs), the effort among the game's,
 * the queue's URL, and what the game refuses before it is built (a code table too large).
 */
import { availableParallelism } from 'node:os';
import { fail } from '../../runtime/errors.js';
import { DEFAULT_EFFORT, effortNamed } from '../games/efforts.js';
import type { LoadedGame } from '../games/module.js';
import type { ExecutorFactory } from '../pool/executor.js';
import { type QueueTarget, queueFromArgs } from '../pool/queue-url.js';
import type { CompileRequest } from './compile.js';
import { CLI_STYLE, checkEffortAgrees, gameOptionsOf, inStyle, type OptionStyle, type RawArgs } from './options.js';
import { moduleOf } from './resolve.js';
import { type VerbValues, verbOptionsOf } from './verb-options.js';

export interface CompileSetup {
  readonly loaded: LoadedGame;
  /** What runCompile is asked (effort checked, workers defaulted). */
  readonly request: CompileRequest;
  /** The job queue the searches run on (`--queue`), else undefined: the local pool. */
  readonly queue: QueueTarget | undefined;
}

/**
 * The compile `args` ask for (option names as the CLI's, `max-memory`), every option checked;
 * `given`: a game already built (the library's game object), which takes no game options.
 * Notes (a deprecated option) go to `warn`.
 */
export function compileSetupOf(
  args: RawArgs,
  warn: (line: string) => void,
  { style = CLI_STYLE, given }: { readonly style?: OptionStyle; readonly given?: LoadedGame | undefined } = {},
): CompileSetup {
  let loaded = given;
  let implied: string | undefined;
  let own: VerbValues;
  if (loaded) own = verbOptionsOf('compile', args, style);
  else {
    const m = moduleOf(args);
    const opts = gameOptionsOf(m, args, { verb: 'compile', warn, style });
    checkEffortAgrees(opts, args.effort, style);
    const i = m.impliedEffort?.(opts);
    if (i) warn(`guesstree: note: ${i.note}`);
    implied = i?.effort;
    own = verbOptionsOf('compile', args, style);
    loaded = inStyle(style, () => {
      m.checkCompile?.(opts);
      return m.load(opts);
    });
  }
  const queue = inStyle(style, () => queueFromArgs('compile', own.queue));
  if (queue && given)
    throw fail(
      'usage',
      `${style.name('queue')}: a game given as an object cannot run on a queue (its workers load the game from its file: give the file's path as game)`,
    );
  const effort = effortNamed(loaded.module.efforts, (own.effort as string | undefined) ?? implied ?? DEFAULT_EFFORT, {
    game: loaded.game.id,
    what: style.name('effort'),
  }).name;
  return {
    loaded,
    queue,
    request: {
      out: own.out as string | undefined,
      effort,
      workers: (own.workers as number | undefined) ?? availableParallelism(),
      checkpoint: own.checkpoint as string | undefined,
      resume: own.resume === true,
      maxMemory: own['max-memory'] as number | undefined,
      force: own.force === true,
      skipEstimate: own['skip-estimate'] === true,
      optionName: (o) => style.name(o),
    },
  };
}

/** The executor of a queue (its libraries loaded only then), else undefined: the local pool. */
export async function executorOf(queue: QueueTarget | undefined): Promise<ExecutorFactory | undefined> {
  return queue && (await import('../pool/queue.js')).queueExecutor(queue);
}
