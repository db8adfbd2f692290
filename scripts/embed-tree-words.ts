/**
 * `node dist/scripts/embed-tree-words.js [--write] [--list FILE]... [FILE.gtree]...`: re-encode
 * shipped trees (trees/, or GUESSTREE_TREES) as tree files that carry their words (format
 * version 2), so that `--tree FILE` alone reads them. The lists are found by hash among the
 * files given with --list, the built-in dictionary, and ../shared's Lingo and Wordle lists when
 * present. Each tree is checked before it is replaced: the decoded arrays hash the same and
 * `export --format paths` gives the same lines with the lists and without them. Prints one
 * row per tree (bytes before and after); without --write nothing is written. The manifest's
 * bytes and sha256 are updated for each file written.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { writeFileAtomic } from '../runtime/atomic-write.js';
import { isGuesstreeError } from '../runtime/errors.js';
import { readManifest, treesDir, updateManifest, type ManifestEntry } from '../runtime/manifest.js';
import {
  decodeTreeFile,
  encodeTreeFile,
  type ListRef,
  type TreeArrays,
  type TreeFile,
} from '../runtime/tree-format.js';
import { makeWordList, parseWordList, readTextFile } from '../runtime/wordlist.js';
import { exportPaths } from '../compiler/commands/inspect.js';
import { gameOfTree } from '../compiler/commands/resolve.js';
import { DEFAULT_WORDLIST } from '../compiler/games/options.js';
import { findModule } from '../compiler/games/registry.js';
import type { GameOptions } from '../compiler/games/module.js';

const SHARED = resolve(import.meta.dirname, '..', '..', '..', 'shared');

function arraysHash(t: TreeArrays): string {
  const h = createHash('sha256');
  for (const a of [t.guess, t.edgeStart, t.edgeCode, t.edgeChild])
    h.update(new Uint8Array(a.buffer, a.byteOffset, a.byteLength)).update('|');
  return h.digest('hex');
}

/** Candidate list files: by the hash of each word length's list (Lingo, Hangman) and of the whole list (Wordle, match-count). */
function listFiles(extra: readonly string[]): Map<string, string> {
  const byHash = new Map<string, string>();
  const files = [
    ...extra,
    DEFAULT_WORDLIST,
    join(SHARED, 'lingo', 'wordlist.txt'),
    join(SHARED, 'wordle', 'answers.txt'),
    join(SHARED, 'wordle', 'allowed.txt'),
  ];
  for (const path of files) {
    if (!existsSync(path)) continue;
    const words = parseWordList(readTextFile(path), { source: path });
    byHash.set(makeWordList(path, words).sha256, path);
    const byLength = new Map<number, string[]>();
    for (const w of words) (byLength.get(w.length) ?? byLength.set(w.length, []).get(w.length)!).push(w);
    for (const ws of byLength.values()) byHash.set(makeWordList(path, ws).sha256, path);
  }
  return byHash;
}

/** Wordle's guesses are hashed as the union of the answers and the allowed guesses. */
function wordleGuesses(byHash: Map<string, string>, answers: string, lists: readonly ListRef[]): string | undefined {
  const want = lists.find((l) => l.role === 'guesses')?.sha256;
  const a = parseWordList(readTextFile(answers), { source: answers });
  for (const path of new Set(byHash.values())) {
    const g = parseWordList(readTextFile(path), { source: path });
    if (makeWordList(path, [...g, ...a]).sha256 === want) return path;
  }
  return undefined;
}

function optionsFor(file: TreeFile, byHash: Map<string, string>): GameOptions | string {
  const { header } = file;
  const m = findModule(header.game);
  const find = (role: string) => {
    const ref = header.lists.find((l) => l.role === role);
    return ref ? byHash.get(ref.sha256) : undefined;
  };
  if (header.game === 'wordle') {
    const answers = find('answers');
    if (!answers) return 'no answers list of this hash found';
    const guesses = wordleGuesses(byHash, answers, header.lists);
    if (!guesses) return 'no guesses list of this hash found';
    return m.optionsFromHeader(header, { answers, guesses });
  }
  const wordlist = find('words');
  if (!wordlist) return 'no word list of this hash found';
  return m.optionsFromHeader(header, { wordlist });
}

function pathsOf(file: TreeFile, opts: GameOptions, where: string): string[] {
  const m = findModule(file.header.game);
  const { loaded, file: read } = gameOfTree(m, opts, { file, where });
  const lines: string[] = [];
  exportPaths(loaded.game, read.tree, (l) => lines.push(l));
  return lines;
}

function main(argv: string[]): number {
  const write = argv.includes('--write');
  const extra: string[] = [];
  const only: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--write') continue;
    if (a === '--list') extra.push(argv[++i]);
    else only.push(a);
  }
  const dir = treesDir();
  const byHash = listFiles(extra);
  const manifest = readManifest(dir);
  let before = 0;
  let after = 0;
  let failed = 0;
  const changed: ManifestEntry[] = [];
  console.log(['file', 'bytes before', 'bytes after', 'growth', 'arrays sha256', 'paths'].join('\t'));
  for (const entry of manifest.trees) {
    if (entry.lists.length === 0 || (only.length && !only.includes(entry.file))) continue;
    const path = join(dir, entry.file);
    const bytes = readFileSync(path);
    const file = decodeTreeFile(bytes, path);
    if (file.words) {
      console.log(`${entry.file}\t${bytes.length}\t${bytes.length}\t0\t(carries its words already)`);
      continue;
    }
    const opts = optionsFor(file, byHash);
    if (typeof opts === 'string') {
      console.log(`${entry.file}\t${bytes.length}\t-\t-\tskipped: ${opts}`);
      continue;
    }
    try {
      const m = findModule(file.header.game);
      const { loaded } = gameOfTree(m, opts, { file, where: path });
      const words = loaded.wordsOf?.(file.tree);
      if (!words) throw new Error(`${file.header.game} trees carry no words`);
      const next = encodeTreeFile({ header: file.header, tree: file.tree, words });
      const reread = decodeTreeFile(next, `${path} (re-encoded)`);
      const same = arraysHash(reread.tree) === arraysHash(file.tree);
      const bare = findModule(file.header.game).optionsFromHeader(reread.header, {});
      const samePaths =
        pathsOf(file, opts, path).join('\n') === pathsOf(reread, bare, `${path} (re-encoded)`).join('\n');
      console.log(
        `${entry.file}\t${bytes.length}\t${next.length}\t${next.length - bytes.length}\t${same ? 'same' : 'DIFFERENT'}\t${samePaths ? 'same' : 'DIFFERENT'}`,
      );
      if (!same || !samePaths) {
        failed++;
        continue;
      }
      before += bytes.length;
      after += next.length;
      if (write) {
        writeFileAtomic(path, next);
        changed.push({ ...entry, bytes: next.length, sha256: createHash('sha256').update(next).digest('hex') });
      }
    } catch (e) {
      failed++;
      console.log(`${entry.file}\t${bytes.length}\t-\t-\tfailed: ${isGuesstreeError(e) ? e.message : String(e)}`);
    }
  }
  if (changed.length) {
    updateManifest(dir, (m) => ({ trees: m.trees.map((e) => changed.find((c) => c.file === e.file) ?? e) }));
  }
  console.log(
    `total\t${before}\t${after}\t${after - before}\t${write ? `${changed.length} written` : 'dry run (--write writes)'}`,
  );
  return failed ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
