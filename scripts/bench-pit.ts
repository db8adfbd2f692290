/**
 * Pit benchmark: the wall time of a pit game (spawn to exit) against a bare `node -e 0`
 * start spawned the same way (shell, own process group, piped stdio, length appended, same
 * working directory). The two are interleaved, one bare start after each game, so drift
 * affects both alike.
 *
 *   npm run bench:pit [-- --rounds N --lengths 4-13 --player "CMD" --seed S --wordlist PATH]
 *
 * Target: mean game / mean bare start ≤ 2.0.
 *
 * `--foreign [--peer PATH]`: the online fallback on a list no shipped tree matches, the default
 * dictionary (the `word-list` package). Per length, a fresh folder whose `wordlist.txt` holds
 * that length's words (sorted, unique) and nothing else; the same seeded words (100 a length
 * by default) for our player and for the peer (any program playing the harness protocol, run
 * as `PATH LEN`). Prints per length the mean scores, their ratio and the longest wait for a
 * guess (the first from the spawn, so start-up included; each later one from the mask before
 * it), then the totals. Targets: our total ≥ 1.05 × the peer's, no guess over 1 s.
 */
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import wordListPackagePath from 'word-list';
import { fail } from '../runtime/errors.js';
import { safeText } from '../runtime/messages.js';
import {
  DEFAULT_GAME_TIMEOUT_MS,
  absolutizeCommand,
  PIT_MAX_LENGTH,
  PIT_MIN_LENGTH,
  defaultWordListPath,
  isEntryPoint,
  killLivePlayers,
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
  type GameResult,
  type PitWords,
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
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const USAGE = `usage: npm run bench:pit [-- --rounds N] [--lengths 4-13|4,5,9] [--player "CMD"] [--seed S]
         [--wordlist PATH] [--no-split] [--quiet]
       npm run bench:pit -- --foreign [--peer PATH] [--rounds N] [--lengths SPEC] [--seed S] [--wordlist PATH]

  --rounds N      words per length (default 10; 100 with --foreign)
  --lengths SPEC  word lengths (default 4-13)
  --player CMD    player command (default: node <repo>/dist/runtime/lingo-player.js)
  --seed S        seed of the word draw (default 1)
  --foreign       score the online fallback on the default dictionary (no shipped tree matches it),
                  one wordlist.txt per length; the players' stderr is kept
                  only to say why a game ended abnormally
  --peer PATH     with --foreign: also play this program (run as "PATH LEN") on the same words
  --wordlist PATH with --foreign: another list instead of the default dictionary
`;

/** One player's results at one length in the foreign benchmark. */
interface ForeignCell {
  score: number;
  games: number;
  /** Longest wait for a first guess (spawn to line) and for a later one (mask to line), ms. */
  maxFirstMs: number;
  maxLaterMs: number;
  guesses: number;
  /** Guesses that took more than 1 s. */
  slow: number;
  abnormal: number;
  /** Why the abnormal games ended so: secret, status or timeout, the last line of stderr. */
  why: string[];
  /** Each game's score, in the order of the seeded words (the same order for both players). */
  scores: number[];
}

const GUESS_LIMIT_MS = 1000;
export const FOREIGN_TARGET = 1.05;

function emptyCell(): ForeignCell {
  return { score: 0, games: 0, maxFirstMs: 0, maxLaterMs: 0, guesses: 0, slow: 0, abnormal: 0, why: [], scores: [] };
}

/** The ratio of two sums of per-length means, with its standard error over the sampled words. */
export interface PairedRatio {
  /** Σ over lengths of our mean, and of the peer's. */
  readonly ours: number;
  readonly peer: number;
  readonly ratio: number;
  /**
   * The ratio's standard error (delta method, paired by word): each word's residual is
   * ours − ratio · peer, and the ratio moves by the residuals' sum-of-means error over Σ peer.
   */
  readonly standardError: number;
  /** How many standard errors the ratio is from `target` (negative: below). */
  readonly zFromTarget: number;
}

/**
 * The paired ratio of per-length score lists: `ours[k][i]` and `peer[k][i]` are the two
 * players' scores on the same i-th word of the k-th length. A length needs at least two words
 * for its spread; one word contributes no error.
 */
export function pairedRatio(
  ours: readonly (readonly number[])[],
  peer: readonly (readonly number[])[],
  target: number,
): PairedRatio {
  if (ours.length !== peer.length) throw new Error('pairedRatio: the two players have different lengths');
  let a = 0;
  let b = 0;
  for (let k = 0; k < ours.length; k++) {
    const x = ours[k] as readonly number[];
    const y = peer[k] as readonly number[];
    if (x.length !== y.length) throw new Error(`pairedRatio: length ${k} has ${x.length} and ${y.length} games`);
    a += mean(x);
    b += mean(y);
  }
  const ratio = b > 0 ? a / b : NaN;
  // Var(Σ_k mean_k(ours − ratio · peer)) = Σ_k var_k(residual) / n_k, the words drawn independently.
  let variance = 0;
  for (let k = 0; k < ours.length; k++) {
    const x = ours[k] as readonly number[];
    const y = peer[k] as readonly number[];
    const n = x.length;
    if (n < 2) continue;
    let m = 0;
    for (let i = 0; i < n; i++) m += x[i] - ratio * y[i];
    m /= n;
    let ss = 0;
    for (let i = 0; i < n; i++) {
      const d = x[i] - ratio * y[i] - m;
      ss += d * d;
    }
    variance += ss / (n - 1) / n;
  }
  const standardError = b > 0 ? Math.sqrt(variance) / b : NaN;
  return {
    ours: a,
    peer: b,
    ratio,
    standardError,
    zFromTarget: standardError > 0 ? (ratio - target) / standardError : NaN,
  };
}

function addGame(cell: ForeignCell, g: GameResult, len: number, secret: string): void {
  cell.games++;
  const score = roundScore(g.attempts, g.found);
  cell.score += score;
  cell.scores.push(score);
  g.guessMs.forEach((ms, i) => {
    if (i === 0) cell.maxFirstMs = Math.max(cell.maxFirstMs, ms);
    else cell.maxLaterMs = Math.max(cell.maxLaterMs, ms);
    if (ms > GUESS_LIMIT_MS) cell.slow++;
  });
  cell.guesses += g.guessMs.length;
  if (g.timedOut || g.exitCode !== 0) {
    cell.abnormal++;
    const how = g.timedOut
      ? `killed at the ${DEFAULT_GAME_TIMEOUT_MS / 1000} s timeout`
      : g.exitCode === null
        ? `signal ${g.signal}`
        : `status ${g.exitCode}`;
    const last = g.stderrTail.trimEnd().split('\n').pop() ?? '';
    cell.why.push(
      `length ${len} ${secret}: ${how} after ${g.guesses.length} guesses${last ? `; stderr: ${safeText(last).slice(0, 200)}` : ''}`,
    );
  }
}

function padL(s: string, n: number): string {
  return s.length >= n ? s : ' '.repeat(n - s.length) + s;
}

async function foreign(
  values: Record<string, string | boolean | string[] | undefined>,
  player: string,
  command: string,
): Promise<void> {
  const rounds = parseCount(values.rounds as string | undefined, '--rounds', 100);
  const seed = parseCount(values.seed as string | undefined, '--seed', 1, 0);
  const lengths = parseLengths((values.lengths as string | undefined) ?? `${PIT_MIN_LENGTH}-${PIT_MAX_LENGTH}`);
  const wordlistArg = values.wordlist as string | undefined;
  const words: PitWords = loadPitWords(wordlistArg !== undefined ? resolve(wordlistArg) : wordListPackagePath);
  const peerArg = values.peer as string | undefined;
  const peer = peerArg !== undefined ? shellQuote(resolve(peerArg)) : undefined;
  if (peerArg !== undefined && !existsSync(resolve(peerArg)))
    throw fail('usage', `--peer: ${resolve(peerArg)} does not exist`);
  const secrets = pitSecrets(words, lengths, rounds, seed);
  const ours = new Map<number, ForeignCell>();
  const theirs = new Map<number, ForeignCell>();
  const progress = progressReporter('bench:pit --foreign');
  const total = rounds * lengths.length;
  let done = 0;
  const dir = mkdtempSync(join(tmpdir(), 'lingo-foreign-'));
  const cleanup = (): void => {
    killLivePlayers();
    rmSync(dir, { recursive: true, force: true });
  };
  const onSignal = (signal: NodeJS.Signals): void => {
    cleanup();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    for (const len of lengths) {
      const list = words.byLength.get(len) ?? [];
      const set = words.sets.get(len) ?? new Set<string>();
      // The same file, the only one in the folder, for both players.
      writeFileSync(join(dir, 'wordlist.txt'), `${list.join('\n')}\n`);
      const a = emptyCell();
      const b = emptyCell();
      ours.set(len, a);
      theirs.set(len, b);
      for (const secret of secrets.get(len) ?? []) {
        addGame(
          a,
          await playGame(
            { command, len, secret, dir, words: set },
            { stderr: 'keep', timeoutMs: DEFAULT_GAME_TIMEOUT_MS },
          ),
          len,
          secret,
        );
        if (peer !== undefined)
          addGame(
            b,
            await playGame(
              { command: peer, len, secret, dir, words: set },
              { stderr: 'keep', timeoutMs: DEFAULT_GAME_TIMEOUT_MS },
            ),
            len,
            secret,
          );
        progress.onGame(++done, total, len);
      }
    }
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    cleanup();
  }
  progress.clear();

  const mean = (c: ForeignCell): string => (c.games > 0 ? c.score / c.games : 0).toFixed(2);
  const ms = (x: number): string => x.toFixed(0);
  const lines: string[] = [];
  lines.push(
    `bench:pit --foreign  list: ${words.path} (one wordlist.txt per length), seed ${seed}, ${rounds} words per length`,
  );
  lines.push(
    `cores: ${availableParallelism()}   load average at the end: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  lines.push(`  ours: ${player}`);
  if (peer !== undefined) lines.push(`  peer: ${peer}`);
  lines.push('max guess ms: the first guess from the spawn (start-up included) / later guesses from the mask before');
  lines.push('');
  const head =
    `${padL('len', 4)} ${padL('words', 6)} | ${padL('ours mean', 9)} ${padL('peer mean', 9)} ${padL('ratio', 6)} | ` +
    `${padL('ours max ms', 13)} ${padL('peer max ms', 13)}`;
  lines.push(head);
  lines.push('-'.repeat(head.length));
  const sum = { a: emptyCell(), b: emptyCell() };
  for (const len of lengths) {
    const a = ours.get(len) as ForeignCell;
    const b = theirs.get(len) as ForeignCell;
    for (const [acc, c] of [
      [sum.a, a],
      [sum.b, b],
    ] as const) {
      acc.score += c.score;
      acc.games += c.games;
      acc.guesses += c.guesses;
      acc.slow += c.slow;
      acc.abnormal += c.abnormal;
      acc.why.push(...c.why);
      acc.maxFirstMs = Math.max(acc.maxFirstMs, c.maxFirstMs);
      acc.maxLaterMs = Math.max(acc.maxLaterMs, c.maxLaterMs);
    }
    const ratio = peer !== undefined && b.score > 0 ? (a.score / b.score).toFixed(3) : '-';
    lines.push(
      `${padL(String(len), 4)} ${padL(String(words.byLength.get(len)?.length ?? 0), 6)} | ${padL(mean(a), 9)} ${padL(peer !== undefined ? mean(b) : '-', 9)} ${padL(ratio, 6)} | ` +
        `${padL(`${ms(a.maxFirstMs)} / ${ms(a.maxLaterMs)}`, 13)} ${padL(peer !== undefined ? `${ms(b.maxFirstMs)} / ${ms(b.maxLaterMs)}` : '-', 13)}`,
    );
  }
  lines.push('-'.repeat(head.length));
  const sumMeans = (c: ForeignCell): string => (rounds > 0 ? c.score / rounds : 0).toFixed(2);
  // Every length has `rounds` games: the ratio of the sums of means is that of the totals.
  const paired =
    peer !== undefined
      ? pairedRatio(
          lengths.map((len) => (ours.get(len) as ForeignCell).scores),
          lengths.map((len) => (theirs.get(len) as ForeignCell).scores),
          FOREIGN_TARGET,
        )
      : undefined;
  const totalRatio = paired?.ratio ?? NaN;
  lines.push(
    `${padL('sum', 4)} ${padL('', 6)} | ${padL(sumMeans(sum.a), 9)} ${padL(peer !== undefined ? sumMeans(sum.b) : '-', 9)} ${padL(Number.isNaN(totalRatio) ? '-' : totalRatio.toFixed(3), 6)} | ` +
      `${padL(`${ms(sum.a.maxFirstMs)} / ${ms(sum.a.maxLaterMs)}`, 13)} ${padL(peer !== undefined ? `${ms(sum.b.maxFirstMs)} / ${ms(sum.b.maxLaterMs)}` : '-', 13)}`,
  );
  lines.push(`mean: score per word; sum: the sum of the per-length means`);
  lines.push(
    `ours: total ${sum.a.score} over ${sum.a.games} games, ${sum.a.guesses} guesses, ${sum.a.slow} over 1 s` +
      (sum.a.abnormal > 0 ? `, ${sum.a.abnormal} games ended abnormally` : ''),
  );
  for (const w of sum.a.why) lines.push(`  ours abnormal: ${w}`);
  if (paired !== undefined) {
    for (const w of sum.b.why) lines.push(`  peer abnormal: ${w}`);
    lines.push(
      `peer: total ${sum.b.score} over ${sum.b.games} games, ${sum.b.guesses} guesses, ${sum.b.slow} over 1 s` +
        (sum.b.abnormal > 0 ? `, ${sum.b.abnormal} games ended abnormally` : ''),
    );
    lines.push(
      `ratio ${paired.ratio.toFixed(3)}, standard error ${paired.standardError.toFixed(3)} over the sampled words (paired by word): ` +
        `${Math.abs(paired.zFromTarget).toFixed(1)} standard errors ${paired.zFromTarget >= 0 ? 'above' : 'below'} ${FOREIGN_TARGET.toFixed(2)}`,
    );
    const met = totalRatio >= FOREIGN_TARGET && sum.a.slow === 0;
    lines.push(
      `target (ours >= ${FOREIGN_TARGET.toFixed(2)} x peer, no guess over 1 s): ${met ? 'met' : 'NOT met'} (ratio ${totalRatio.toFixed(3)})`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function main(argv: readonly string[]): Promise<void> {
  const values = parseCommandLine(argv, {
    player: { type: 'string' },
    rounds: { type: 'string' },
    seed: { type: 'string' },
    wordlist: { type: 'string' },
    lengths: { type: 'string' },
    'no-split': { type: 'boolean' },
    quiet: { type: 'boolean' },
    foreign: { type: 'boolean' },
    peer: { type: 'string' },
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
  if (values.foreign === true) {
    await foreign(values, player, command);
    return;
  }
  if (values.peer !== undefined) throw fail('usage', '--peer goes with --foreign');
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
    const firstLen = lengths[0];
    const firstSecret = (secrets.get(firstLen) ?? [])[0];
    await playGame(
      { command, len: firstLen, secret: firstSecret, dir, words: words.sets.get(firstLen) ?? new Set() },
      { stderr },
    );
    await playGame({ command: BARE_COMMAND, len: firstLen, secret: firstSecret, dir, words: new Set() }, { stderr });
    for (const len of lengths) {
      const set = words.sets.get(len) ?? new Set<string>();
      for (const secret of secrets.get(len) ?? []) {
        const g = await playGame(
          { command, len, secret, dir, words: set },
          { stderr, timeoutMs: DEFAULT_GAME_TIMEOUT_MS },
        );
        gameMs.push(g.wallMs);
        score += roundScore(g.attempts, g.found);
        if (g.timedOut || g.exitCode !== 0) abnormal++;
        const b = await playGame({ command: BARE_COMMAND, len, secret, dir, words: new Set() }, { stderr });
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
  process.stdout.write(`${out.join('\n')}\n`);
}

if (isEntryPoint(import.meta.url)) {
  main(process.argv.slice(2)).catch((e: unknown) => reportAndExit('bench:pit', e));
}
