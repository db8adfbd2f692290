/**
 * `npm run bound:mastermind -- --pegs 5 --colors 8 [--levels 2] [--write]`: a proven lower
 * bound on MM(p,c)'s total guesses (compiler/engine/code-bound.ts): no strategy needs fewer.
 * Prints each opener class's bound and the least. `--write` records it in the shipped tree's
 * header (settings `totalLowerBound`, `totalLowerBoundMethod`) and manifest entry, in the trees
 * folder (GUESSTREE_TREES or trees/); the tree's arrays are kept as they are, so it plays
 * exactly as before, and `stats` prints the bound beside the total.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { writeFileAtomic } from '../runtime/atomic-write.js';
import { findEntry, readManifest, treesDir, updateManifest, withEntry } from '../runtime/manifest.js';
import { decodeTreeFile, encodeTreeFile } from '../runtime/tree-format.js';
import { codeTotalLowerBound } from '../compiler/engine/code-bound.js';
import { MastermindGame } from '../compiler/games/mastermind/game.js';

const { values } = parseArgs({
  options: {
    pegs: { type: 'string', default: '5' },
    colors: { type: 'string', default: '8' },
    levels: { type: 'string', default: '2' },
    write: { type: 'boolean', default: false },
  },
  strict: true,
});
const pegs = Number(values.pegs);
const colors = Number(values.colors);
const levels = Number(values.levels);
const game = new MastermindGame(pegs, colors);
const fmt = (x: number): string => x.toLocaleString('en-US');
const started = process.hrtime.bigint();
const elapsed = (): string => (Number(process.hrtime.bigint() - started) / 1e9).toFixed(1);
const r = codeTotalLowerBound(game, levels, (done, of) => process.stderr.write(`bound:mastermind: ${done} of ${of} opener classes bounded (${elapsed()} s)\n`));
const cpu = process.cpuUsage();
console.log(`MM(${pegs},${colors}): ${fmt(game.secretCount)} codes; ${r.method}`);
for (const o of r.openers) console.log(`  ${game.codeText(o.opener)}\t>=${o.bound}`);
console.log(`no strategy needs fewer than ${fmt(r.bound)} guesses (mean ${(r.bound / game.secretCount).toFixed(4)}); ${elapsed()} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU`);

if (values.write) {
  const dir = treesDir();
  const entry = findEntry(readManifest(dir), 'mastermind', { pegs, colors }, []);
  if (!entry) {
    console.error(`bound:mastermind: ${join(dir, 'manifest.json')} lists no MM(${pegs},${colors}) tree; nothing written`);
    process.exit(1);
  }
  const path = join(dir, entry.file);
  const file = decodeTreeFile(readFileSync(path), path);
  const total = Number(file.header.objective['totalGuesses']);
  if (r.bound > total) throw new Error(`the bound ${r.bound} is above the tree's total ${total}: the bound is wrong`);
  const header = { ...file.header, settings: { ...file.header.settings, totalLowerBound: r.bound, totalLowerBoundMethod: r.method } };
  const bytes = encodeTreeFile({ header, tree: file.tree });
  writeFileAtomic(path, bytes);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  updateManifest(dir, (m) => withEntry(m, { ...entry, settings: header.settings, bytes: bytes.length, sha256 }));
  console.log(`recorded in ${path} and its manifest entry (total ${fmt(total)}, gap ${fmt(total - r.bound)})`);
}
