/** Building the Hangman game from the CLI's options (the registry's entry for `--game hangman`). */
import { fail } from '../../runtime/errors.js';
import type { TreeHeader } from '../../runtime/tree-format.js';
import { loadWordListOfLength } from '../../runtime/wordlist.js';
import { hangmanPlay, hangmanStats, hangmanVerify } from '../commands/hangman-report.js';
import { LOSS_WEIGHT } from '../engine/hangman-search.js';
import { replayAll } from '../replay.js';
import type { GameOptions, LoadedGame } from './registry.js';
import { DEFAULT_WORDLIST, EFFORTS_BY_GAME } from './registry.js';
import {
  compileHangman,
  HANGMAN_DEFAULT_LIVES,
  HANGMAN_MAX_LENGTH,
  HANGMAN_MIN_LENGTH,
  HANGMAN_OBJECTIVES,
  HANGMAN_STRATEGIES,
  HangmanGame,
  type HangmanObjective,
  type HangmanSpec,
  type HangmanStrategy,
} from './hangman.js';

/** Check the options and turn them into the game's parameters. */
export function hangmanSpec(opts: GameOptions): HangmanSpec {
  const len = opts.len;
  if (len === undefined) throw fail('usage', `hangman needs --len (word length, ${HANGMAN_MIN_LENGTH}..${HANGMAN_MAX_LENGTH})`);
  if (!Number.isInteger(len) || len < HANGMAN_MIN_LENGTH || len > HANGMAN_MAX_LENGTH) {
    throw fail('usage', `--len ${String(len)}: Hangman word length must be a whole number from ${HANGMAN_MIN_LENGTH} to ${HANGMAN_MAX_LENGTH}`);
  }
  if (opts.words !== undefined || opts.answers !== undefined || opts.guesses !== undefined) {
    throw fail('usage', 'hangman takes --len and --wordlist FILE, not --words, --answers or --guesses');
  }
  const objective = opts.objective ?? 'misses';
  if (!(HANGMAN_OBJECTIVES as readonly string[]).includes(objective)) {
    throw fail('usage', `--objective ${objective}: unknown objective for hangman (choose ${HANGMAN_OBJECTIVES.join(', ')})`);
  }
  const strategy = opts.strategy ?? 'search';
  if (!(HANGMAN_STRATEGIES as readonly string[]).includes(strategy)) {
    throw fail('usage', `--strategy ${strategy}: unknown strategy for hangman (choose ${HANGMAN_STRATEGIES.join(', ')})`);
  }
  if (opts.lives !== undefined && objective !== 'win') {
    throw fail('usage', '--lives is for --objective win (misses trees report the win rate with 6 lives)');
  }
  const lives = opts.lives ?? HANGMAN_DEFAULT_LIVES;
  if (!Number.isInteger(lives) || lives < 1 || lives > 26) throw fail('usage', `--lives ${String(lives)}: expected a whole number from 1 to 26`);
  return { length: len, objective: objective as HangmanObjective, lives, strategy: strategy as HangmanStrategy };
}

function slugOf(spec: HangmanSpec): string {
  const obj = spec.objective === 'win' ? `win${spec.lives}` : 'misses';
  return `hangman-len${spec.length}-${spec.strategy === 'greedy' ? `greedy-${obj}` : obj}`;
}

export function loadHangman(opts: GameOptions): LoadedGame {
  const spec = hangmanSpec(opts);
  const list = loadWordListOfLength(opts.wordlist ?? DEFAULT_WORDLIST, spec.length);
  const game = HangmanGame.fromList(list, spec);
  return {
    game,
    slug: slugOf(spec),
    efforts: EFFORTS_BY_GAME.hangman,
    async compile() {
      const r = compileHangman(game);
      if (spec.strategy === 'search') {
        // The replay must give what the search computed.
        const s = replayAll(game, r.tree);
        const expected = spec.objective === 'win' ? game.secretCount * LOSS_WEIGHT - r.cost : -r.cost;
        if (s.total !== expected) throw new Error(`hangman: the search computed ${expected}, the replay gives ${s.total}`);
      }
      return { tree: r.tree, settings: r.settings };
    },
    verify: hangmanVerify,
    stats: hangmanStats,
    play: (tree, input, out, err) => hangmanPlay(game, tree, input, out, err),
  };
}

/** The options that rebuild the game a Hangman tree header describes. */
export function hangmanOptionsFromHeader(header: TreeHeader, opts: GameOptions): GameOptions {
  const p = header.params;
  if (opts.objective !== undefined && opts.objective !== p['objective']) {
    throw fail('usage', `--objective ${opts.objective} given, but the tree is a hangman ${String(p['objective'])} tree`);
  }
  if (opts.lives !== undefined && opts.lives !== p['lives']) {
    throw fail('usage', `--lives ${opts.lives} given, but the tree ${p['objective'] === 'win' ? `plays for ${String(p['lives'])} lives` : 'is a misses tree'}`);
  }
  return {
    game: 'hangman',
    len: Number(p['length']),
    wordlist: opts.wordlist,
    objective: String(p['objective']),
    lives: p['objective'] === 'win' ? Number(p['lives']) : undefined,
    strategy: p['strategy'] === 'greedy' ? 'greedy' : undefined,
  };
}
