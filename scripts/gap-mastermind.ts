/**
 * `npm run gap:mastermind`: how far the shipped MM(p,c) tree is from optimal where that can be
 * measured. Two parts:
 *
 * 1. Its nodes, by the size of their candidate sets: a sample of the nodes in each size range
 *    is solved exactly (branch and bound over every guess) and compared with the subtree the
 *    tree has there. A node's gain includes the gains of the nodes below it, so the ranges
 *    overlap; "whole range" multiplies the mean gain by the number of nodes in the range.
 * 2. Small games whose optimum is known: the settings the large games use at the default and
 *    thorough efforts, against the optimum (the literature's for MM(4,6) and MM(4,7), the exact
 *    search's for MM(3,8), MM(4,5), MM(5,4) and MM(5,5)) and against the one-step entropy tree.
 *
 * `-- --pegs 5 --colors 8 --ranges 13-30,31-50,51-100 --every 6 --workers N --no-small`
 * (`--ranges ''`: no part 1; `--no-small`: no part 2).
 */
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { findTree } from '../runtime/manifest.js';
import { checkTreeMatches, readTreeFile, type TreeArrays } from '../runtime/tree-format.js';
import { childOf } from '../runtime/tree-walker.js';
import { SearchEngine } from '../compiler/engine/search.js';
import type { History } from '../compiler/engine/code-ranker.js';
import { MastermindGame } from '../compiler/games/mastermind/game.js';
import { runPlan, searchDriver } from '../compiler/pool/driver.js';
import {
  mastermindEffort,
  mastermindParts,
  searchMastermind,
  type MastermindEffort,
} from '../compiler/games/mastermind/module.js';

const { values } = parseArgs({
  options: {
    pegs: { type: 'string', default: '5' },
    colors: { type: 'string', default: '8' },
    ranges: { type: 'string', default: '13-30,31-50,51-100' },
    every: { type: 'string', default: '6' },
    workers: { type: 'string', default: String(availableParallelism()) },
    'no-small': { type: 'boolean', default: false },
  },
  strict: true,
});

const LARGE_CODES = 32768; // any size above the one that defaults to the exact search

interface InnerNode {
  readonly size: number;
  readonly total: number;
  readonly history: number[];
  readonly set: Uint32Array;
}

/** Every inner node of `tree` with its candidates, the guesses above it and its subtree total. */
function innerNodes(game: MastermindGame, search: SearchEngine<History>, tree: TreeArrays): InnerNode[] {
  const out: InnerNode[] = [];
  const walk = (node: number, set: Uint32Array, history: number[]): number => {
    const g = tree.guess[node];
    if (tree.edgeStart[node + 1] === tree.edgeStart[node]) return set.length;
    let total = set.length;
    const below = [...history, g];
    const sp = search.partitioner.split(g, set);
    for (let k = 0; k < sp.codes.length; k++) {
      const code = sp.codes[k];
      if (code === game.solvedCode) continue;
      const child = childOf(tree, node, code);
      if (child < 0)
        throw new Error(
          `the tree has no branch for reply ${game.codeName(code)} after ${below.map((x) => game.codeText(x)).join(' ')}`,
        );
      total += walk(child, sp.items.slice(sp.starts[k], sp.starts[k + 1]), below);
    }
    out.push({ size: set.length, total, history, set });
    return total;
  };
  walk(
    0,
    Uint32Array.from({ length: game.secretCount }, (_, i) => i),
    [],
  );
  return out;
}

/** Part 1: sampled nodes of the shipped tree in each size range, solved exactly. */
function compareNodes(game: MastermindGame, ranges: readonly string[], every: number): void {
  const { pegs, colors } = game;
  const found = findTree({ game: game.id, params: game.params, lists: game.lists });
  if (!found) {
    console.log(`no shipped tree for MM(${pegs},${colors}) in trees/manifest.json: nothing to compare`);
    return;
  }
  const { path } = found;
  const file = readTreeFile(path);
  checkTreeMatches(file, { game: game.id, params: game.params, lists: game.lists }, path);
  const exact = mastermindEffort('exact', game.secretCount, 0);
  const search = new SearchEngine(mastermindParts(game, exact));
  const nodes = innerNodes(game, search, file.tree);
  console.log(
    `shipped ${found.entry.file}: ${nodes.length} inner nodes; each range sampled every ${every}th node in tree order, solved exactly on one core`,
  );
  console.log(
    'size range | nodes | sampled | their total | exact | gain | gain per node | whole range (est.) | s per node | slowest s',
  );
  for (const range of ranges) {
    const [lo, hi] = range.split('-').map(Number) as [number, number];
    const inRange = nodes.filter((x) => x.size >= lo && x.size <= hi);
    let sampled = 0;
    let theirs = 0;
    let best = 0;
    let seconds = 0;
    let slowest = 0;
    for (let i = 0; i < inRange.length; i += every) {
      const x = inRange[i];
      const t = process.hrtime.bigint();
      const v = search.solve(x.set, { used: x.history.length, state: x.history });
      if (!v) throw new Error('gap:mastermind: a node of the tree has no plan');
      const s = Number(process.hrtime.bigint() - t) / 1e9;
      seconds += s;
      slowest = Math.max(slowest, s);
      sampled++;
      theirs += x.total;
      best += v.cost;
    }
    const gain = theirs - best;
    const per = sampled ? gain / sampled : 0;
    console.log(
      [
        range,
        inRange.length,
        sampled,
        theirs,
        best,
        gain,
        per.toFixed(3),
        Math.round(per * inRange.length),
        sampled ? (seconds / sampled).toFixed(2) : '-',
        slowest.toFixed(1),
      ].join(' | '),
    );
  }
}

async function main(): Promise<void> {
  const pegs = Number(values.pegs);
  const colors = Number(values.colors);
  const game = new MastermindGame(pegs, colors);
  console.log(`gap:mastermind MM(${pegs},${colors}) on ${availableParallelism()} cores`);
  const ranges = values.ranges.split(',').filter(Boolean);
  if (ranges.length) compareNodes(game, ranges, Math.max(1, Number(values.every)));
  if (values['no-small']) return;
  console.log('');
  console.log(`the large-game settings on small games (--workers ${values.workers}); "share" is the part of the`);
  console.log('gap between the one-step entropy tree and the optimum that the effort closes');
  console.log('game | one-step | effort | total | optimum | above | share | opener | s');
  for (const [p, c, known] of SMALL_GAMES) {
    const small = new MastermindGame(p, c);
    const all = Uint32Array.from({ length: small.secretCount }, (_, i) => i);
    const oneStep = new SearchEngine(mastermindParts(small, ONE_STEP)).solve(all, { used: 0, state: [] })!.cost;
    // The optimum: the figure proven in the literature, or this tool's exact search when it is quick.
    const optimum =
      known ??
      (
        await runPlan(
          searchMastermind(small, mastermindEffort('exact', small.secretCount, 0)),
          searchDriver({ workers: 1 }),
        )
      ).cost;
    for (const name of ['default', 'thorough'] as const) {
      const effort = mastermindEffort(name, LARGE_CODES, 0);
      const t = process.hrtime.bigint();
      const r = await runPlan(searchMastermind(small, effort), searchDriver({ workers: Number(values.workers) }));
      const s = Number(process.hrtime.bigint() - t) / 1e9;
      const share = oneStep > optimum ? `${Math.round((100 * (oneStep - r.cost)) / (oneStep - optimum))}%` : '-';
      console.log(
        [`MM(${p},${c})`, oneStep, name, r.cost, optimum, r.cost - optimum, share, r.opener ?? '-', s.toFixed(1)].join(
          ' | ',
        ),
      );
    }
  }
}

/** [pegs, colours, proven optimum from the literature or null: computed here by the exact search]. */
const SMALL_GAMES: ReadonlyArray<readonly [number, number, number | null]> = [
  [3, 8, null],
  [4, 5, null],
  [5, 4, null],
  [5, 5, null],
  [4, 6, 5625], // Koyama and Lai, 1993
  [4, 7, 11228], // Ville, 2013
];

/** The one-step tree: the best-ranked guess by entropy at every set (no set solved exactly). */
const ONE_STEP: MastermindEffort = {
  name: 'one-step',
  exact: false,
  openers: 1,
  exactBelow: 0,
  widths: [[Infinity, 1]],
  rank: 'entropy',
  maxDepth: 0,
};

await main();
