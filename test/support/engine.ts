/**
 * Test helpers: the engine's parts of each game built the way its module builds them, so
 * suites can search in this thread (no pool) and compare with brute force.
 */
import type { AttemptObjective } from '../../compiler/engine/attempt-objective.js';
import { CandidateRanker } from '../../compiler/engine/candidate-ranker.js';
import { SearchEngine } from '../../compiler/engine/search.js';
import type { History } from '../../compiler/engine/code-ranker.js';
import type { Effort, SearchNode, Solved } from '../../compiler/engine/types.js';
import type { MastermindGame } from '../../compiler/games/mastermind/game.js';
import { mastermindParts, type MastermindEffort } from '../../compiler/games/mastermind/module.js';
import { type LingoGame, lingoProbes } from '../../compiler/games/lingo/game.js';
import { lingoEffort, lingoParts, LINGO_FULL_SCORE } from '../../compiler/games/lingo/module.js';
import { wordleProbes, type WordleGame } from '../../compiler/games/wordle/game.js';
import { wordleModule, wordleParts, WORDLE_GUESS_COST } from '../../compiler/games/wordle/module.js';
import type { EngineParts } from '../../compiler/engine/search.js';
import { join } from 'node:path';
import { writeList } from './e2e.js';

/** A Wordle game of two lists written into `dir` (a.txt, g.txt) as its module loads it, with its parts and ranker. */
export function wordleRankerOn(
  dir: string,
  lists: { answers: readonly string[]; guesses: readonly string[]; hard: boolean },
  effort = 'default',
): { game: WordleGame; parts: EngineParts<string>; ranker: CandidateRanker } {
  const files = {
    answers: writeList(join(dir, 'a.txt'), lists.answers),
    guesses: writeList(join(dir, 'g.txt'), lists.guesses),
    hard: lists.hard,
  };
  const game = wordleModule.load(files).game as WordleGame;
  const parts = wordleParts(game, { effort, probes: wordleProbes(game) });
  return { game, parts, ranker: parts.ranker as CandidateRanker };
}

/** A Wordle engine with the given widths by guesses used (and cut-offs / candidate shortcut switched). */
export function wordleEngine(
  game: WordleGame,
  widths: readonly number[],
  opts: { cutoffs?: boolean; candidateShortcut?: boolean } = {},
): { engine: SearchEngine<string>; root: SearchNode<string> } {
  const probes = wordleProbes(game);
  const parts = wordleParts(game, { effort: 'default', probes });
  const ranker =
    opts.candidateShortcut === false
      ? new CandidateRanker(
          game,
          parts.objective as AttemptObjective<string>,
          { probes, candidatePoolMax: Number.MAX_SAFE_INTEGER, candidateShortcut: false },
          game.guessFilter,
        )
      : parts.ranker;
  const engine = new SearchEngine({
    ...parts,
    ranker,
    effort: { ...parts.effort, widthsByUsed: widths, cutoffs: opts.cutoffs ?? true },
  });
  return { engine, root: { used: 0, state: parts.moves.root } };
}

/** A Wordle cost as the header's score: minus the guesses, minus 1/4096 per 6th guess. */
export function wordleScore(cost: number): number {
  return -cost / WORDLE_GUESS_COST;
}

export function solveAll<S>(engine: SearchEngine<S>, root: SearchNode<S>): Solved {
  const all = Uint32Array.from({ length: engine.game.secretCount }, (_, i) => i);
  const v = engine.solve(all, root);
  if (!v) throw new Error('no plan');
  return v;
}

/** A Lingo engine of an effort, with optional overrides of the engine's effort. */
export function lingoEngine(
  game: LingoGame,
  effort: string,
  over: Partial<Effort> = {},
): { engine: SearchEngine<string>; root: SearchNode<string>; ranker: CandidateRanker } {
  if (!game.words) throw new Error('lingoEngine needs the words');
  const parts = lingoParts(game, {
    effort,
    probes: lingoProbes(game.words, game.params.length, lingoEffort(effort).probes),
  });
  return {
    engine: new SearchEngine({ ...parts, effort: { ...parts.effort, ...over } }),
    root: { used: 0, state: '' },
    ranker: parts.ranker as CandidateRanker,
  };
}

/** A Lingo cost as the score: 600 a word minus the cost. */
export function lingoScore(cost: number, words: number): number {
  return LINGO_FULL_SCORE * words - cost;
}

/** Mastermind search settings as the tests give them (the effort's search fields). */
export type MastermindTestSettings = Pick<
  MastermindEffort,
  'exactBelow' | 'widths' | 'maxDepth' | 'rank' | 'pilotAbove' | 'pilotWidth' | 'pilotKeep' | 'pilotSlack'
>;

/** A Mastermind engine whose root follows the same width rule as every other set. */
export function mastermindEngine(game: MastermindGame, s: MastermindTestSettings): SearchEngine<History> {
  return new SearchEngine(mastermindParts(game, { name: 'test', exact: true, openers: Infinity, ...s }));
}

/** The non-winning parts of `set` under guess `g`, replies ascending. */
export function partsOf(
  engine: SearchEngine<unknown>,
  g: number,
  set: Uint32Array,
): Array<{ code: number; set: Uint32Array }> {
  const sp = engine.partitioner.split(g, set);
  const out: Array<{ code: number; set: Uint32Array }> = [];
  for (let k = 0; k < sp.codes.length; k++) {
    const code = sp.codes[k];
    if (code !== engine.game.solvedCode) out.push({ code, set: sp.items.slice(sp.starts[k], sp.starts[k + 1]) });
  }
  return out;
}
