/**
 * `npm run bound:lingo -- --lengths 9 [--target 311] [--workers N] [--queue URL]`: can any Lingo tree reach a
 * mean score of T a word? Every opener's one-step bound is computed; each opener that reaches T
 * is then bounded one level deeper (compiler/engine/two-level-bound.ts), until its bound falls
 * below T or every reply group is bounded. When no opener is left, no tree reaches T: a proof,
 * not an estimate. The target defaults to the issue's for each length.
 */
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { loadWordListOfLength } from '../runtime/wordlist.js';
import { LingoGame } from '../compiler/games/lingo/game.js';
import { twoLevelCheck } from '../compiler/games/lingo/two-level.js';
import { withSignals } from '../compiler/commands/compile.js';
import { runPlan, searchDriver } from '../compiler/pool/driver.js';
import { queueExecutor } from '../compiler/pool/queue.js';
import { parseQueueUrl } from '../compiler/pool/queue-url.js';
import { PIT_LIST, pitListOrSkip, TARGET } from './lingo-targets.js';

const { values } = parseArgs({
  options: {
    lengths: { type: 'string', default: '9' },
    target: { type: 'string' },
    workers: { type: 'string', default: String(availableParallelism()) },
    wordlist: { type: 'string', default: PIT_LIST },
    queue: { type: 'string' },
  },
  strict: true,
});
const wordlist = pitListOrSkip('bound:lingo', values.wordlist);
const workers = Number(values.workers);
const executor = values.queue === undefined ? undefined : queueExecutor(parseQueueUrl(values.queue));
const fmt = (x: number): string => x.toLocaleString('en-US');
console.log(`bound:lingo on ${availableParallelism()} cores, --workers ${workers}; list ${wordlist}`);
for (const len of values.lengths.split(',').map(Number)) {
  const target = values.target !== undefined ? Number(values.target) : TARGET[len];
  if (target === undefined || !Number.isFinite(target)) throw new Error(`no target for length ${len}: give --target`);
  const game = LingoGame.fromList(loadWordListOfLength(wordlist, len), len);
  const N = game.secretCount;
  const goal = target * N;
  const started = process.hrtime.bigint();
  const tty = process.stderr.isTTY === true;
  const onProgress = (done: number, total: number): void => {
    if (tty) process.stderr.write(`\rlength ${len}: ${done} of ${total} openers bounded two levels deep`);
  };
  const report = await withSignals(`bound:lingo length ${len}`, (signal) =>
    runPlan(twoLevelCheck(game, { goal, workers, onProgress }), searchDriver({ workers, signal, executor })),
  );
  if (tty) process.stderr.write('\n');
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const left = report.checked.filter((c) => c.bound >= goal);
  const highest = [...report.checked].sort((a, b) => b.bound - a.bound || a.opener - b.opener)[0];
  const bounded = report.checked.reduce((a, c) => a + c.groupsBounded, 0);
  console.log(`length ${len}: ${fmt(N)} words; target mean ${target} (total ${fmt(goal)})`);
  console.log(
    `  one-step bound: ${(report.oneStepBest / N).toFixed(3)} a word; ${fmt(report.checked.length)} of ${fmt(report.openers)} openers reach ${target}`,
  );
  if (highest) {
    console.log(
      `  two-level bound: ${fmt(report.checked.length - left.length)} ruled out, ${fmt(left.length)} left; ${fmt(bounded)} reply groups bounded in all; the highest bound when its opener stopped: ${fmt(highest.bound)} (${game.guessName(highest.opener)}, ${highest.groupsBounded} of ${highest.groups} groups bounded)`,
    );
  }
  console.log(`  ${seconds.toFixed(1)} s`);
  if (left.length === 0) console.log(`  proven: no tree for length ${len} reaches a mean of ${target}`);
  else
    console.log(
      `  not proven: ${left
        .slice(0, 20)
        .map((c) => `${game.guessName(c.opener)} ${(c.bound / N).toFixed(3)}`)
        .join(', ')}${left.length > 20 ? ', …' : ''} may still reach ${target}`,
    );
}
