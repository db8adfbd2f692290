/**
 * `npm run bench:matchcount-solvers`: match-count's own prover (`prover.ts`) against the engine's
 * least-worst-case solver over the match-count parts (`worst-case-parts.ts`), on the lists of
 * `bench:matchcount` (../shared/matchcount/ and generated lists of 100 random 6-letter words),
 * in this thread. Per list and round the two run one after the other, the first of them
 * alternating by round, so a change of load falls on both; each side's figure is its least user
 * CPU over the rounds (process.cpuUsage: other jobs only ever add to it). Both run the
 * `default` effort's proof budget (4 M sets) with no deadline, so the figures depend on the code
 * alone. Per list: the worst case, the proven lower bound and the user CPU of each; then the sums
 * and the ratio, and whether every worst case and lower bound agree.
 *
 * `-- --random 10 --first 1 --seed 843 --rounds 2 --dir DIR --no-shared --proof-nodes 4000000`
 * (`--first I --random N`: generated lists I .. I + N − 1 of the seed).
 */
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { flattenPlan } from '../compiler/engine/plan.js';
import { MatchCountGame } from '../compiler/games/matchcount/game.js';
import { proveWorstCase, PROVER_DEFAULTS } from '../compiler/games/matchcount/prover.js';
import { solveMatchCountWorstCase } from '../compiler/games/matchcount/worst-case-parts.js';
import { replayAll } from '../compiler/replay.js';
import { listHash } from '../runtime/wordlist.js';
import { generatedList, sharedLists, type BenchList } from './matchcount-lists.js';

const repo = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: join(repo, '..', 'shared', 'matchcount') },
    random: { type: 'string', default: '10' },
    first: { type: 'string', default: '1' },
    'no-shared': { type: 'boolean', default: false },
    seed: { type: 'string', default: '843' },
    rounds: { type: 'string', default: '2' },
    'proof-nodes': { type: 'string', default: String(PROVER_DEFAULTS.proofNodes) },
  },
  strict: true,
});
const rounds = Math.max(1, Number(values.rounds));
const proofNodes = Number(values['proof-nodes']);

interface Outcome {
  worst: number;
  lower: number;
  proven: boolean;
  total: number;
  cpu: number;
}

function measure(f: () => { worst: number; lower: number; proven: boolean; total: number }): Outcome {
  const t0 = process.cpuUsage();
  const r = f();
  const cpu = process.cpuUsage(t0).user / 1e6;
  return { ...r, cpu };
}

function prover(game: MatchCountGame): Outcome {
  return measure(() => {
    const r = proveWorstCase(game, { ...PROVER_DEFAULTS, proofNodes });
    return { worst: r.worstCase, lower: r.lowerBound, proven: r.proven, total: r.total };
  });
}

function solver(game: MatchCountGame): Outcome {
  return measure(() => {
    const r = solveMatchCountWorstCase(game, { ...PROVER_DEFAULTS, proofNodes });
    if (!r.plan) return { worst: Infinity, lower: r.lowerBound, proven: r.proven, total: Infinity };
    const s = replayAll(game, flattenPlan(r.plan));
    if (s.missingBranches > 0 || s.histogram[0] !== 0 || s.maxFound !== r.depth)
      throw new Error("the solver's tree does not replay to its depth");
    return { worst: r.depth, lower: r.lowerBound, proven: r.proven, total: r.total };
  });
}

const lists: BenchList[] = values['no-shared'] ? [] : [...sharedLists(values.dir)];
const first = Number(values.first);
for (let i = first; i < first + Number(values.random); i++)
  lists.push({ name: `random-${values.seed}-${i}`, words: generatedList(Number(values.seed), i), allowed: 10 });

console.log(
  `bench:matchcount-solvers on ${availableParallelism()} cores (one thread; load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')} at start); ${rounds} rounds, proof budget ${proofNodes} sets, least user CPU of each side`,
);
console.log(
  `${'list'.padEnd(20)} | words | prover worst/lower | solver worst/lower | prover total | solver total | prover s | solver s | ratio`,
);
let sumProver = 0;
let sumSolver = 0;
let disagree = 0;
for (const list of lists) {
  const sorted = [...list.words].sort();
  const game = new MatchCountGame(sorted, [{ role: 'words', count: sorted.length, sha256: listHash(sorted) }]);
  let p: Outcome | null = null;
  let s: Outcome | null = null;
  for (let round = 0; round < rounds; round++) {
    const first = round % 2 === 0 ? prover : solver;
    const second = first === prover ? solver : prover;
    const a = first(game);
    const b = second(game);
    const [pr, so] = first === prover ? [a, b] : [b, a];
    if (!p || pr.cpu < p.cpu) p = pr;
    if (!s || so.cpu < s.cpu) s = so;
  }
  if (!p || !s) continue;
  const same = p.worst === s.worst && p.lower === s.lower && p.proven === s.proven;
  if (!same) disagree++;
  sumProver += p.cpu;
  sumSolver += s.cpu;
  console.log(
    [
      list.name.padEnd(20),
      String(sorted.length).padStart(5),
      `${p.worst}/${p.lower}${p.proven ? ' proven' : ''}`.padStart(18),
      `${s.worst}/${s.lower}${s.proven ? ' proven' : ''}`.padStart(18),
      String(p.total).padStart(12),
      String(s.total).padStart(12),
      p.cpu.toFixed(2).padStart(8),
      s.cpu.toFixed(2).padStart(8),
      `${(s.cpu / Math.max(p.cpu, 1e-3)).toFixed(2)}${same ? '' : ' DIFFER'}`.padStart(5),
    ].join(' | '),
  );
}
console.log(
  `sum of user CPU: prover ${sumProver.toFixed(2)} s, solver ${sumSolver.toFixed(2)} s, ratio ${(sumSolver / Math.max(sumProver, 1e-3)).toFixed(2)}; lists whose worst case, lower bound or proof differ: ${disagree} of ${lists.length}`,
);
