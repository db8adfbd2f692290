/** Building Mastermind from the CLI's options (the registry's entry for `--game mastermind`). */
import { fail } from '../../runtime/errors.js';
import type { ParamValue } from '../../runtime/tree-format.js';
import { checkGameOnlyOptions } from './game-options.js';
import type { GameOptions, LoadedGame } from './registry.js';
import { MastermindGame, mastermindCodeCount } from './mastermind.js';
import { emitContest } from './mastermind-contest.js';
import { compileMastermind, mastermindEffort, MASTERMIND_EFFORTS } from './mastermind-compile.js';

export function mastermindGameOf(opts: GameOptions): MastermindGame {
  if (opts.pegs === undefined || opts.colors === undefined) throw fail('usage', 'mastermind needs --pegs P and --colors C (e.g. --pegs 5 --colors 8)');
  if (opts.len !== undefined || opts.wordlist !== undefined) throw fail('usage', `mastermind takes --pegs and --colors, not ${opts.len !== undefined ? '--len' : '--wordlist'}`);
  // `verify --strategy` builds the game here without the registry: the same option check.
  checkGameOnlyOptions({ ...opts, game: 'mastermind' });
  mastermindCodeCount(opts.pegs, opts.colors);
  return new MastermindGame(opts.pegs, opts.colors);
}

function maxDepthOf(opts: GameOptions): number {
  const d = opts.maxDepth;
  if (d === undefined) return 0;
  if (!Number.isInteger(d) || d < 1) throw fail('usage', `--max-depth ${String(d)}: expected a whole number of guesses, at least 1`);
  return d;
}

export function loadMastermind(opts: GameOptions): LoadedGame {
  if (opts.strategy !== undefined) throw fail('usage', '--strategy FILE (a contest string) is read by verify; to compile, use --effort or --exact');
  const game = mastermindGameOf(opts);
  const maxDepth = maxDepthOf(opts);
  return {
    game,
    slug: `mastermind-p${game.pegs}c${game.colors}`,
    efforts: [...MASTERMIND_EFFORTS],
    progressUnit: 'the reply sets',
    async compile(req) {
      const name = opts.exact === true ? 'exact' : req.effort;
      const effort = mastermindEffort(name, game.secretCount, maxDepth);
      if (!effort) throw fail('usage', `--effort ${req.effort}: unknown effort for mastermind (choose ${MASTERMIND_EFFORTS.join(', ')})`);
      const r = await compileMastermind(game, effort, { workers: req.workers, onProgress: req.onProgress, signal: req.signal });
      const settings: Record<string, ParamValue> = {
        effort: effort.name,
        exactBelow: Number.isFinite(effort.exactBelow) ? effort.exactBelow : 'all',
        widths: effort.widths.map(([size, w]) => `${w} up to ${Number.isFinite(size) ? size : 'any size'}`).join(', '),
        openers: effort.openerPilot ? 'every class, by its one-step tree' : Number.isFinite(effort.openers) ? effort.openers : 'all',
        ...(r.opener ? { opener: r.opener } : {}),
        rank: effort.rank,
        pilotKeep: effort.pilotKeep ?? 1,
        ...(effort.pilotSlack !== undefined ? { pilotSlack: effort.pilotSlack } : {}),
        pilot: effort.pilotAbove !== undefined && Number.isFinite(effort.pilotAbove) ? `sets over ${effort.pilotAbove}: best of ${effort.pilotWidth ?? 1} by one-step trees` : 'none',
        maxDepth: effort.maxDepth,
        symmetry: 'colour and position permutations fixing the guesses so far',
        provenOptimal: r.proven,
      };
      return { tree: r.tree, settings };
    },
    companions(tree) {
      return [{ kind: 'contest', extension: '.contest.txt', text: emitContest(game, tree) + '\n' }];
    },
  };
}
