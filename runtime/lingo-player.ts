#!/usr/bin/env node
/**
 * The Lingo pit player: `node dist/runtime/lingo-player.js LEN`.
 * Reads wordlistLEN.txt (else wordlist.txt) in the working directory, finds the shipped tree
 * whose list hash matches, and plays the harness protocol: a guess and '\n' on stdout per
 * turn, a mask per line on stdin (any case; blank lines skipped), until an all-O mask or end of
 * input. stdout carries guesses only; reasons and errors go to stderr, once, each line starting
 * with `lingo-player:`.
 */
import { existsSync, writeSync } from 'node:fs';
import { isGuesstreeError, fail } from './errors.js';
import { feedbackCodeCount, maskToCode, solvedCode, upperMask } from './lingo-feedback.js';
import { LineSplitter } from './line-reader.js';
import { findTree } from './manifest.js';
import { LingoSession } from './lingo-session.js';
import { checkTreeLimits } from './tree-check.js';
import { checkTreeMatches, readTreeFile, type TreeArrays } from './tree-format.js';
import { makeWordList, parseWordList, readTextFile } from './wordlist.js';
import { escapeControls, safeText } from './messages.js';

function parseLength(argv: readonly string[]): number {
  const arg = argv[argv.length - 1];
  const len = Number(arg);
  if (arg === undefined || !Number.isInteger(len) || len < 1 || len > 32) {
    throw fail(
      'usage',
      `lingo-player: expected the word length as the last argument, got ${arg === undefined ? 'nothing' : safeText(arg)}`,
    );
  }
  return len;
}

function loadTree(len: number, sha256: string, count: number): { tree: TreeArrays | null; why?: string } {
  const lists = [{ role: 'words', count, sha256 }];
  // A bad entry is skipped with one line; its length is then played by the online search.
  const found = findTree({ game: 'lingo', params: { length: len, attempts: 5 }, lists }, (line) =>
    process.stderr.write(`lingo-player: ${line}\n`),
  );
  if (!found)
    return {
      tree: null,
      why: `no shipped tree for ${len}-letter words of this list (sha256 ${sha256.slice(0, 12)}…); searching online`,
    };
  const { path } = found;
  // The player has its list (wordlist.txt): the words the tree carries are not decoded.
  const file = readTreeFile(path, { skipWords: true });
  checkTreeMatches(file, { game: 'lingo', params: { length: len }, lists }, path);
  // A reply off the tree goes to the online search, so only the tree's numbers need checking.
  checkTreeLimits(
    file.tree,
    { guessCount: count, codeCount: feedbackCodeCount(len), solvedCode: solvedCode(len) },
    path,
  );
  return { tree: file.tree };
}

/** One line on stderr, its control characters escaped whatever it echoes (a manifest's text, a mask). */
function say(line: string): void {
  process.stderr.write(`${escapeControls(line)}\n`);
}

function write(line: string): boolean {
  try {
    writeSync(1, `${line}\n`);
    return true;
  } catch {
    return false; // the harness went away
  }
}

function main(): void {
  const len = parseLength(process.argv.slice(2));
  const split = `wordlist${len}.txt`;
  const path = existsSync(split) ? split : 'wordlist.txt';
  if (!existsSync(path))
    throw fail(
      'wordlist',
      `lingo-player: no word list: looked for ${split} and wordlist.txt in ${escapeControls(process.cwd())} (the working directory)`,
    );
  const list = makeWordList(path, parseWordList(readTextFile(path), { source: path, length: len }));
  if (list.words.length === 0) throw fail('wordlist', `${path}: no words of length ${len}`);
  let tree: TreeArrays | null = null;
  try {
    const found = loadTree(len, list.sha256, list.words.length);
    tree = found.tree;
    if (found.why) say(`lingo-player: ${found.why}`);
  } catch (e) {
    if (!isGuesstreeError(e)) throw e;
    say(`lingo-player: ${e.message}; searching online`);
  }
  const session = new LingoSession({ length: len, tree, words: list.words });
  const words = list.words;
  // The online search's time guard counts the first guess from the process start.
  if (!write(words[session.start(0)])) return;
  let done = false;
  let lineNo = 0;
  const onLine = (raw: string): void => {
    if (done) return;
    lineNo++;
    const mask = raw.trim();
    // A blank line (a harness's stray newline) is not a mask: skipped, still counted for messages.
    if (mask.length === 0) return;
    const where = `lingo-player: stdin line ${lineNo}`;
    const code = maskToCode(upperMask(mask), len, where);
    let step: ReturnType<LingoSession['reply']>;
    try {
      step = session.reply(code);
    } catch (e) {
      throw isGuesstreeError(e) ? fail(e.kind, `${where}: ${e.message}`) : e;
    }
    if (step.kind === 'over') {
      done = true;
      process.stdin.pause();
      return;
    }
    if (step.switchedReason) say(`lingo-player: ${step.switchedReason}`);
    if (!write(words[step.guess])) done = true;
  };
  // Linear and capped: only new text is scanned for '\n'; a line past the cap ends the player (status 5).
  const lines = new LineSplitter('lingo-player: stdin');
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk: string) => {
    try {
      if (done) return;
      lines.push(chunk, (line) => {
        onLine(line);
        return !done;
      });
      if (done) process.stdin.destroy();
    } catch (e) {
      exitWith(e);
    }
  });
  process.stdin.on('end', () => {
    try {
      const last = lines.end();
      if (!done && last !== null && last.trim().length > 0) onLine(last);
    } catch (e) {
      exitWith(e);
    }
  });
}

function exitWith(e: unknown): never {
  if (isGuesstreeError(e)) {
    say(`${e.message.startsWith('lingo-player: ') ? '' : 'lingo-player: '}${e.message}`);
    process.exit(e.status);
  }
  process.stderr.write(`lingo-player: internal error: ${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
}

try {
  main();
} catch (e) {
  exitWith(e);
}
