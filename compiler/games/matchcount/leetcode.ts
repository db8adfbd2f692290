/**
 * `export --format leetcode`: one self-contained TypeScript file for LeetCode 843 ("Guess the
 * Word") that defines `findSecretWord(words, master)`. The list is only known at run time
 * there, so the file carries the project's exact worst-case search (prover-core.ts,
 * embedded at build time, verbatim but for its `export` keywords) and a small driver:
 *   - the reply table of the list, packings and the root lower bound;
 *   - with a node budget: the least D it can show solvable, trying D = 10 (LeetCode's least
 *     allowedGuesses) downwards while the answers are "yes", or, when 10 is proven too few,
 *     upwards from the lower bound; without any "yes", the editorial heuristic;
 *   - then plays the proven strategy: each guess solves what is left within the guesses left.
 * Solvers are cached per list, so the judge's many secrets on one list search once.
 */
import { TOOL_VERSION } from '../../version.js';
import { PROVER_SOURCE } from './prover-source.generated.js';

/** Search nodes to find a first strategy (within 10 guesses, or the least above a proven bound). */
export const LEETCODE_FIRST_NODES = 3000;
/** Search nodes for each try of one guess fewer once a strategy is found. */
export const LEETCODE_LOWER_NODES = 200;

/** The prover's source without module syntax (embedded at build time; it has no imports). */
export function embeddedCore(): string {
  return PROVER_SOURCE;
}

const DRIVER = `
// ---------------------------------------------------------------- LeetCode driver

/** LeetCode's API (its own declaration merges with this one). */
interface Master {
  guess(word: string): number;
}

/** Search nodes to find a first strategy, and for each try of one guess fewer. */
const GT_FIRST_NODES = ${LEETCODE_FIRST_NODES};
const GT_LOWER_NODES = ${LEETCODE_LOWER_NODES};
/** LeetCode's least allowedGuesses: the worst case the driver first tries to reach. */
const GT_TARGET = 10;

interface GtSolver {
  key: string;
  search: WorstCaseSearch;
  /** The proven worst case of the strategy played, or 0: play the editorial heuristic. */
  depth: number;
}

const gtSolvers: GtSolver[] = [];

function gtPackBound(search: WorstCaseSearch, p: Packing): number {
  const m = search.size(p.bits);
  return m <= 1 ? m : 1 + Math.ceil((m - 1) / p.t);
}

function gtSolver(words: string[]): GtSolver {
  const key = words.join(',');
  for (const s of gtSolvers) if (s.key === key) return s;
  const n = words.length;
  const len = words[0].length;
  const reply = new Uint8Array(n * n);
  for (let g = 0; g < n; g++) {
    const a = words[g];
    for (let s = 0; s < n; s++) {
      const b = words[s];
      let k = 0;
      for (let p = 0; p < len; p++) if (a.charCodeAt(p) === b.charCodeAt(p)) k++;
      reply[g * n + s] = k;
    }
  }
  const search = new WorstCaseSearch({ guesses: n, secrets: n, codes: len + 1, solved: len, reply }, 1 << 20);
  const all = search.allSecrets();
  // A packing (t = 1) only where it can beat the capacities: the quick one first, the
  // thorough one when the quick one is promising (lists of near-identical words).
  const capsBound = search.lowerBound(all);
  let packs: Packing[] = [];
  if (n > 2) {
    let p = search.conflictPacking(all);
    if (gtPackBound(search, p) >= capsBound) {
      const q = search.findPacking(all, 1);
      if (search.size(q.bits) > search.size(p.bits)) p = q;
    }
    packs = [p];
  }
  search.setPackings(packs);
  const lb = search.lowerBound(all);
  // As the compiler does: a packing earns its cost only where it gives the best bound.
  const useful = packs.filter((p) => gtPackBound(search, p) >= lb && gtPackBound(search, p) > 2);
  search.setPackings(useful, useful.map(() => true));
  let depth = 0;
  if (lb <= GT_TARGET) {
    for (let d = Math.min(GT_TARGET, n); d >= lb; d--) {
      search.nodeLimit = search.nodes + (depth === 0 ? GT_FIRST_NODES : GT_LOWER_NODES);
      if (search.solve(all, d) !== SOLVABLE) break;
      depth = d;
    }
  } else {
    search.nodeLimit = search.nodes + GT_FIRST_NODES;
    for (let d = lb; d <= n; d++) {
      const r = search.solve(all, d);
      if (r === SOLVABLE) depth = d;
      if (r !== NOT_SOLVABLE) break;
    }
  }
  search.nodeLimit = Infinity;
  const solver: GtSolver = { key, search, depth };
  gtSolvers.push(solver);
  if (gtSolvers.length > 8) gtSolvers.shift();
  return solver;
}

function findSecretWord(words: string[], master: Master): void {
  if (words.length === 0) return;
  const { search, depth } = gtSolver(words);
  const len = words[0].length;
  let set = search.allSecrets();
  for (let used = 0; used < words.length; used++) {
    let g: number;
    if (search.size(set) === 1) g = search.members(set)[0];
    else if (depth > 0) g = search.guessWithin(set, depth - used);
    else g = search.greedyGuess(set);
    if (g < 0) return;
    const r = master.guess(words[g]);
    if (r === len || r < 0 || r > len) return;
    set = search.group(set, g, r);
    if (search.size(set) === 0) return;
  }
}
`;

export function leetcodeSolution(): string {
  const header = [
    `// LeetCode 843 "Guess the Word": findSecretWord(words, master).`,
    `// Written by guesstree ${TOOL_VERSION} (export --format leetcode): its exact worst-case search`,
    `// and a driver that plays a strategy proven to finish within the fewest guesses it can show.`,
    `// Self-contained: no imports.`,
    '',
  ].join('\n');
  return header + embeddedCore() + DRIVER;
}
