/**
 * Pit benchmark: the wall time of a pit game (spawn to exit) against a bare `node -e 0`
 * start spawned the same way (shell, own process group, piped stdio, length appended, same
 * working directory). The two are interleaved, one bare start after each game, so drift
 * affects both alike.
 *
 *   npm run bench:pit [-- --rounds N --lengths 4-13 --player "CMD" --seed S --wordlist PATH]
 *
 * Target: mean game / mean bare start ≤ 2.0.
 */
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { fail } from '../runtime/errors.js';
import {
  DEFAULT_GAME_TIMEOUT_MS,
  absolutizeCommand,
  PIT_MAX_LENGTH,
  PIT_MIN_LENGTH,
  defaultWordListPath,
  isEntryPoint,
  loadPitWords,
  parseCommandLine,
  parseCount,
  parseLengths,
  pitSecrets,
  playGame,
  progressReporter,
  repoRoot,
  reportAndExit,
  roundScore,
  shellQuote,
  withPitDir,
} from './pit.js';

export const TARGET_RATIO = 2.0;
export const BARE_COMMAND = 'node -e 0';

function mean(xs: readonly number[]): number {
  return xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length;
}

function median(xs: readonly number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

const USAGE = `usage: npm run bench:pit [-- --rounds N] [--lengths 4-13|4,5,9] [--player "CMD"] [--seed S]
         [--wordlist PATH] [--no-split] [--quiet]

  --rounds N      words per length (default 10)
  --lengths SPEC  word lengths (default 4-13)
  --player CMD    player command (default: node <repo>/dist/runtime/lingo-player.js)
  --seed S        seed of the word draw (default 1)
`;

async function main(argv: readonly string[]): Promise<void> {
  const values = parseCommandLine(argv, {
    player: { type: 'string' },
    rounds: { type: 'string' },
    seed: { type: 'string' },
    wordlist: { type: 'string' },
    lengths: { type: 'string' },
    'no-split': { type: 'boolean' },
    quiet: { type: 'boolean' },
    help: { type: 'boolean' },
  });
  if (values.help === true) {
    process.stdout.write(USAGE);
    return;
  }
  let player = values.player as string | undefined;
  if (player === undefined) {
    const script = join(repoRoot(), 'dist', 'runtime', 'lingo-player.js');
    if (!existsSync(script)) throw fail('usage', `${script} does not exist (run npm run build, or give --player)`);
    player = `node ${shellQuote(script)}`;
  }
  const command = absolutizeCommand(player);
  const rounds = parseCount(values.rounds as string | undefined, '--rounds', 10);
  const seed = parseCount(values.seed as string | undefined, '--seed', 1, 0);
  const lengths = parseLengths((values.lengths as string | undefined) ?? `${PIT_MIN_LENGTH}-${PIT_MAX_LENGTH}`);
  const wordlistArg = values.wordlist as string | undefined;
  const words = loadPitWords(wordlistArg !== undefined ? resolve(wordlistArg) : defaultWordListPath());
  const split = values['no-split'] !== true;
  const stderr = values.quiet === true ? 'ignore' : 'inherit';
  const secrets = pitSecrets(words, lengths, rounds, seed);

  const gameMs: number[] = [];
  const bareMs: number[] = [];
  let score = 0;
  let abnormal = 0;
  const progress = progressReporter('bench:pit');
  const total = rounds * lengths.length;
  await withPitDir(words, split, lengths, async (dir) => {
    // One warm-up of each, not counted (file cache, shell lookup).
    const firstLen = lengths[0] as number;
    const firstSecret = (secrets.get(firstLen) ?? [])[0] as string;
    await playGame(command, firstLen, firstSecret, dir, words.sets.get(firstLen) ?? new Set(), { stderr });
    await playGame(BARE_COMMAND, firstLen, firstSecret, dir, new Set(), { stderr });
    for (const len of lengths) {
      const set = words.sets.get(len) ?? new Set<string>();
      for (const secret of secrets.get(len) ?? []) {
        const g = await playGame(command, len, secret, dir, set, { stderr, timeoutMs: DEFAULT_GAME_TIMEOUT_MS });
        gameMs.push(g.wallMs);
        score += roundScore(g.attempts, g.found);
        if (g.timedOut || g.exitCode !== 0) abnormal++;
        const b = await playGame(BARE_COMMAND, len, secret, dir, new Set(), { stderr });
        bareMs.push(b.wallMs);
        progress.onGame(gameMs.length, total, len);
      }
    }
  });
  progress.clear();

  const g = mean(gameMs);
  const b = mean(bareMs);
  const ratio = b > 0 ? g / b : Number.POSITIVE_INFINITY;
  const out = [
    `bench:pit  player: ${player}`,
    `games:              ${gameMs.length} (${rounds} per length, lengths ${lengths.join(',')}, seed ${seed})`,
    `cores:              ${availableParallelism()}`,
    `mean game:          ${g.toFixed(1)} ms   (median ${median(gameMs).toFixed(1)} ms)`,
    `mean bare node:     ${b.toFixed(1)} ms   (median ${median(bareMs).toFixed(1)} ms, "${BARE_COMMAND}")`,
    `ratio game / bare:  ${ratio.toFixed(2)}   target <= ${TARGET_RATIO.toFixed(1)}: ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'}`,
    `pit score:          ${score} (mean ${(gameMs.length > 0 ? score / gameMs.length : 0).toFixed(2)} per word)` +
      (abnormal > 0 ? `, ${abnormal} games ended abnormally` : ''),
  ];
  process.stdout.write(out.join('\n') + '\n');
}

if (isEntryPoint(import.meta.url)) {
  main(process.argv.slice(2)).catch((e: unknown) => reportAndExit('bench:pit', e));
}
