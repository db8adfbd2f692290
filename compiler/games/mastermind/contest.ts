/**
 * The MM(p,c) contest grammar (../shared/mastermind/README.md):
 *
 *   strategy  : '{' guess ':' branches '}' | guess
 *   branches  : '{' branch (',' branch)* '}'
 *   branch    : reply ':' strategy
 *   reply     : blacks whites        (one digit each; "p0", the right guess, is implicit)
 *
 * `parseContest` reads a string written by anyone into tree arrays, with one-line errors that
 * name the byte offset; `checkContest` replays every secret through it (coverage, leaves that
 * are not the secret, missing branches); `emitContest` writes a tree in the grammar.
 */
import { fail } from '../../../runtime/errors.js';
import type { TreeArrays } from '../../../runtime/tree-format.js';
import { edgeCount } from '../../../runtime/tree-walker.js';
import type { MastermindGame } from './game.js';

/** Deeper nesting than this is refused (no real strategy comes close; it keeps the parser's stack small). */
export const CONTEST_MAX_NESTING = 2000;

export interface ParsedContest {
  readonly tree: TreeArrays;
  /** Byte offset of each node's guess in the text. */
  readonly offsets: Uint32Array;
}

interface ParseNode {
  guess: number;
  offset: number;
  codes: number[];
  children: ParseNode[];
}

function describe(ch: string | undefined): string {
  if (ch === undefined) return 'the end of the text';
  const code = ch.charCodeAt(0);
  return code >= 0x21 && code < 0x7f ? `"${ch}"` : `byte 0x${code.toString(16).padStart(2, '0')}`;
}

/** Parse a contest string (surrounding whitespace allowed) into a tree; `source` names it in errors. */
export function parseContest(game: MastermindGame, text: string, source: string): ParsedContest {
  const p = game.pegs;
  let pos = 0;
  let end = text.length;
  while (pos < end && /\s/.test(text[pos])) pos++;
  while (end > pos && /\s/.test(text[end - 1])) end--;
  const err = (at: number, what: string) => fail('tree-file', `${source}: byte ${at}: ${what}`);
  const expect = (ch: string, context: string) => {
    if (text[pos] !== ch || pos >= end)
      throw err(pos, `expected "${ch}" ${context}, found ${describe(pos < end ? text[pos] : undefined)}`);
    pos++;
  };
  const readGuess = (): number => {
    const at = pos;
    let code = 0;
    for (let i = 0; i < p; i++) {
      const ch = pos < end ? text[pos] : undefined;
      const d = ch === undefined ? -1 : ch.charCodeAt(0) - 65;
      if (ch === undefined || d < 0 || d >= 26 || ch.length !== 1 || !/[A-Z]/.test(ch)) {
        if (i === 0)
          throw err(
            pos,
            `expected a guess (${p} colours A..${String.fromCharCode(64 + game.colors)}), found ${describe(ch)}`,
          );
        throw err(at, `guess "${text.slice(at, pos)}" has ${i} colours, expected ${p}`);
      }
      if (d >= game.colors)
        throw err(
          pos,
          `unknown colour "${ch}" (MM(${p},${game.colors}) has A..${String.fromCharCode(64 + game.colors)})`,
        );
      code = code * game.colors + d;
      pos++;
    }
    const next = pos < end ? text[pos] : undefined;
    if (next !== undefined && /[A-Z]/.test(next))
      throw err(at, `guess "${text.slice(at, pos + 1)}…" is longer than ${p} colours`);
    return code;
  };
  const readReply = (): number => {
    const at = pos;
    const a = pos < end ? text[pos] : undefined;
    const b = pos + 1 < end ? text[pos + 1] : undefined;
    if (a === undefined || !/[0-9]/.test(a))
      throw err(at, `expected a reply (blacks then whites, two digits), found ${describe(a)}`);
    if (b === undefined || !/[0-9]/.test(b)) throw err(at, `reply "${a}" needs two digits (blacks then whites)`);
    pos += 2;
    const blacks = Number(a);
    const whites = Number(b);
    if (blacks + whites > p)
      throw err(at, `reply "${a}${b}": ${blacks} blacks and ${whites} whites are more than ${p} pegs`);
    if (blacks === p) throw err(at, `reply "${a}${b}" is the right guess, which the grammar leaves implicit`);
    if (blacks === p - 1 && whites === 1) throw err(at, `reply "${a}${b}" cannot happen`);
    return game.replyCode(blacks, whites);
  };
  const strategy = (depth: number): ParseNode => {
    if (depth > CONTEST_MAX_NESTING) throw err(pos, `nested deeper than ${CONTEST_MAX_NESTING} guesses`);
    if (pos < end && text[pos] === '{') {
      pos++;
      const offset = pos;
      const guess = readGuess();
      expect(':', 'after the guess');
      expect('{', 'to open the branches');
      const node: ParseNode = { guess, offset, codes: [], children: [] };
      const seen = new Map<number, number>();
      for (;;) {
        const at = pos;
        const reply = readReply();
        const first = seen.get(reply);
        if (first !== undefined)
          throw err(at, `reply "${game.codeName(reply)}" appears twice in one node (first at byte ${first})`);
        seen.set(reply, at);
        expect(':', 'after the reply');
        node.codes.push(reply);
        node.children.push(strategy(depth + 1));
        if (pos < end && text[pos] === ',') {
          pos++;
          continue;
        }
        if (pos < end && text[pos] === '}') {
          pos++;
          break;
        }
        throw err(pos, `expected "," or "}" after a branch, found ${describe(pos < end ? text[pos] : undefined)}`);
      }
      expect('}', 'to close the guess');
      return node;
    }
    const offset = pos;
    return { guess: readGuess(), offset, codes: [], children: [] };
  };
  if (pos >= end) throw err(pos, 'empty strategy');
  const root = strategy(0);
  if (pos < end) throw err(pos, `trailing text after the strategy: ${describe(text[pos])}`);
  return flatten(root);
}

function flatten(root: ParseNode): ParsedContest {
  let nodes = 0;
  let edges = 0;
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    nodes++;
    edges += n.children.length;
    for (const c of n.children) stack.push(c);
  }
  const guess = new Uint32Array(nodes);
  const offsets = new Uint32Array(nodes);
  const edgeStart = new Uint32Array(nodes + 1);
  const edgeCode = new Uint32Array(edges);
  const edgeChild = new Uint32Array(edges);
  let nextNode = 0;
  let nextEdge = 0;
  const visit = (n: ParseNode): number => {
    const id = nextNode++;
    guess[id] = n.guess;
    offsets[id] = n.offset;
    edgeStart[id] = nextEdge;
    const first = nextEdge;
    nextEdge += n.children.length;
    // Edges ascending by reply, as tree files keep them.
    const order = n.codes.map((c, i) => ({ c, i })).sort((a, b) => a.c - b.c);
    order.forEach(({ c, i }, k) => {
      edgeCode[first + k] = c;
      edgeChild[first + k] = visit(n.children[i] as ParseNode);
    });
    return id;
  };
  visit(root);
  edgeStart[nodes] = edges;
  return { tree: { guess, edgeStart, edgeCode, edgeChild }, offsets };
}

export interface ContestCheck {
  /** Sum over all secrets of the guesses made. */
  readonly total: number;
  readonly maxDepth: number;
  /** histogram[d]: secrets found with d guesses. */
  readonly histogram: number[];
  /** Branches that no secret reaches (allowed by the grammar, useless). */
  readonly unreachableBranches: number;
}

/**
 * Replays every secret through a parsed strategy. A secret that reaches a leaf that is not
 * itself, or a reply with no branch, is a one-line error naming the node's byte offset.
 */
export function checkContest(game: MastermindGame, parsed: ParsedContest, source: string): ContestCheck {
  const { tree, offsets } = parsed;
  const histogram: number[] = [0];
  let total = 0;
  let maxDepth = 0;
  let unreachable = 0;
  const all = new Uint32Array(game.secretCount);
  for (let i = 0; i < all.length; i++) all[i] = i;
  const replies = new Uint32Array(game.secretCount);
  const stack: Array<{ node: number; set: Uint32Array; depth: number }> = [{ node: 0, set: all, depth: 1 }];
  while (stack.length) {
    const { node, set, depth } = stack.pop()!;
    const g = tree.guess[node];
    const at = offsets[node];
    if (set.length === 0) {
      unreachable++;
      continue;
    }
    if (edgeCount(tree, node) === 0) {
      const other = set.find((s) => s !== g);
      if (other !== undefined) {
        throw fail(
          'tree-file',
          `${source}: byte ${at}: leaf ${game.codeText(g)} is not the secret ${game.codeText(other)}, which reaches it${set.length > 1 ? ` (${set.length} secrets reach it)` : ''}`,
        );
      }
    }
    game.partitionCodes(g, set, set.length, replies);
    const groups = new Map<number, number[]>();
    for (let i = 0; i < set.length; i++) {
      const r = replies[i];
      if (r === game.solvedCode) {
        total += depth;
        while (histogram.length <= depth) histogram.push(0);
        histogram[depth]++;
        if (depth > maxDepth) maxDepth = depth;
        continue;
      }
      let list = groups.get(r);
      if (!list) {
        list = [];
        groups.set(r, list);
      }
      list.push(set[i]);
    }
    const a = tree.edgeStart[node];
    const b = tree.edgeStart[node + 1];
    const present = new Set<number>();
    for (let e = a; e < b; e++) present.add(tree.edgeCode[e]);
    for (const [r, list] of groups) {
      if (!present.has(r)) {
        throw fail(
          'tree-file',
          `${source}: byte ${at}: guess ${game.codeText(g)} has no branch for reply "${game.codeName(r)}", which secret ${game.codeText(list[0])} gives`,
        );
      }
    }
    for (let e = a; e < b; e++) {
      const r = tree.edgeCode[e];
      stack.push({ node: tree.edgeChild[e], set: Uint32Array.from(groups.get(r) ?? []), depth: depth + 1 });
    }
  }
  return { total, maxDepth, histogram, unreachableBranches: unreachable };
}

/** A tree in the contest grammar: every inner node braced, replies ascending, "p0" implicit. */
export function emitContest(game: MastermindGame, tree: TreeArrays): string {
  const parts: string[] = [];
  const visit = (node: number) => {
    const g = game.codeText(tree.guess[node]);
    const a = tree.edgeStart[node];
    const b = tree.edgeStart[node + 1];
    if (a === b) {
      parts.push(g);
      return;
    }
    parts.push('{', g, ':{');
    for (let e = a; e < b; e++) {
      if (e > a) parts.push(',');
      parts.push(game.codeName(tree.edgeCode[e]), ':');
      visit(tree.edgeChild[e]);
    }
    parts.push('}}');
  };
  visit(0);
  return parts.join('');
}
