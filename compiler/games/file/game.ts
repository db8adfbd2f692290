/**
 * A game from a user's file as the engine sees it: the checked definition's reply function is
 * called once per (guess, secret) pair to build a byte table, secret-major like Wordle's
 * (`codes[secret * guesses + guess]`), in shared memory, so the search reads replies at the
 * speed of the built-in games and the pool's workers never call the user's code. Replies are
 * numbered in the order they first occur; the solved reply (the guess names the secret) is the
 * last code. Size limit: guesses × secrets ≤ MAX_TABLE (64 Mi pairs) and at most 255 distinct
 * replies.
 */
import { createHash } from 'node:crypto';
import { fail } from '../../../runtime/errors.js';
import { safeText } from '../../../runtime/messages.js';
import type { ListRef } from '../../../runtime/tree-format.js';
import type { Game, ScoreByAttempt } from '../../game.js';
import type { ReplyTable } from '../../engine/types.js';
import type { CheckedGame } from './contract.js';

/** Most (guess, secret) pairs a table holds: 64 Mi (a byte each). */
export const MAX_TABLE = 64 * 2 ** 20;
/** Distinct replies besides the solved one. */
export const MAX_REPLIES = 255;

/** A file game as workers receive it (plain data; the table in shared memory). */
export interface FileGameSpec {
  readonly kind: 'file';
  readonly name: string;
  readonly secretCount: number;
  readonly guessCount: number;
  readonly maxGuesses: number;
  readonly replies: readonly string[];
  readonly solvedReply: string;
  /** The guess index of each secret. */
  readonly secretGuess: Uint32Array;
  /** null: rebuild it from the module file (a worker on a job queue). */
  readonly table: Uint8Array | null;
  /** The module file, its sha256 and the game's hash, for a worker that loads the file itself. */
  readonly file: string | null;
  readonly fileSha256: string | null;
  readonly gameSha256: string;
}

export interface BuiltTable {
  readonly table: Uint8Array;
  readonly replies: string[];
  readonly secretGuess: Uint32Array;
}

function sha(parts: readonly (string | Uint8Array)[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest('hex');
}

/** The reply table of a checked game: reply() once per pair (the guess naming the secret is not asked). */
export function buildTable(def: CheckedGame): BuiltTable {
  const S = def.secrets.length;
  const G = def.guesses.length;
  if (S * G > MAX_TABLE)
    throw fail(
      'limit',
      `${def.where}: ${G.toLocaleString('en-US')} guesses × ${S.toLocaleString('en-US')} secrets is over the reply table's limit of ${MAX_TABLE.toLocaleString('en-US')} pairs; use fewer guesses or secrets`,
    );
  const guessIndex = new Map<string, number>();
  def.guesses.forEach((g, i) => {
    guessIndex.set(g, i);
  });
  const secretGuess = new Uint32Array(new SharedArrayBuffer(S * 4));
  for (let s = 0; s < S; s++) secretGuess[s] = guessIndex.get(def.secrets[s]) as number;
  const table = new Uint8Array(new SharedArrayBuffer(S * G));
  const codes = new Map<string, number>();
  const replies: string[] = [];
  const SOLVED_MARK = 255;
  for (let s = 0; s < S; s++) {
    const secret = def.secrets[s];
    const own = secretGuess[s];
    const row = s * G;
    for (let g = 0; g < G; g++) {
      if (g === own) {
        table[row + g] = SOLVED_MARK;
        continue;
      }
      const guess = def.guesses[g];
      const r = def.reply(guess, secret);
      let c = codes.get(r);
      if (c === undefined) {
        if (r === def.solvedReply)
          throw fail(
            'input',
            `${def.where}: reply(${safeText(guess)}, ${safeText(secret)}) returned ${safeText(r)}, the solved reply (solvedReply); a guess that is not the secret needs another reply`,
          );
        c = replies.length;
        if (c >= MAX_REPLIES)
          throw fail(
            'limit',
            `${def.where}: reply: more than ${MAX_REPLIES} distinct replies (the ${MAX_REPLIES + 1}th is ${safeText(r)} for reply(${safeText(guess)}, ${safeText(secret)}))`,
          );
        codes.set(r, c);
        replies.push(r);
      }
      table[row + g] = c;
    }
  }
  checkSameReplies(def, table, replies, secretGuess);
  // The solved reply is the last code.
  const solved = replies.length;
  for (let s = 0; s < S; s++) table[s * G + secretGuess[s]] = solved;
  return { table, replies, secretGuess };
}

/** Pairs asked a second time: every pair of a small table, else this many spread over it. */
export const RECHECKED_PAIRS = 4096;

/**
 * A reply must depend on the guess and the secret only (a tree is a table of them): sampled pairs
 * are asked again, in the reverse order, and must give the same reply, else one line names the pair and both replies
 * (a reply using Math.random(), a counter or the clock).
 */
function checkSameReplies(
  def: CheckedGame,
  table: Uint8Array,
  replies: readonly string[],
  secretGuess: Uint32Array,
): void {
  const S = def.secrets.length;
  const G = def.guesses.length;
  const pairs = S * G;
  const asked = Math.min(pairs, RECHECKED_PAIRS);
  // A stride coprime with the pair count visits `asked` distinct pairs spread over the table.
  let stride = pairs <= RECHECKED_PAIRS ? 1 : Math.floor(pairs / RECHECKED_PAIRS) | 1;
  while (gcd(stride, pairs) !== 1) stride += 2;
  // Asked in the reverse order of the first time, so that a reply alternating with its calls differs.
  for (let k = asked - 1; k >= 0; k--) {
    const at = (k * stride) % pairs;
    const s = Math.floor(at / G);
    const g = at % G;
    if (g === secretGuess[s]) continue;
    const first = replies[table[at]] as string;
    const again = def.reply(def.guesses[g], def.secrets[s]);
    if (again !== first)
      throw fail(
        'input',
        `${def.where}: reply: reply(${safeText(def.guesses[g])}, ${safeText(def.secrets[s])}) gave ${safeText(first)}, then ${safeText(again)} when asked again: a reply must depend only on the guess and the secret (not on Math.random(), a counter or the clock)`,
      );
  }
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/** The lists a tree header records: the secrets, the guesses and the reply table, hashed. */
export function listsOf(def: CheckedGame, built: BuiltTable): ListRef[] {
  return [
    { role: 'secrets', count: def.secrets.length, sha256: sha([def.secrets.join('\n'), '\n']) },
    { role: 'guesses', count: def.guesses.length, sha256: sha([def.guesses.join('\n'), '\n']) },
    {
      role: 'replies',
      count: built.replies.length + 1,
      sha256: sha([[...built.replies, def.solvedReply].join('\n'), '\n', built.table]),
    },
  ];
}

export function fileObjective(maxAttempts: number): ScoreByAttempt {
  const scores = new Float64Array(maxAttempts + 1);
  for (let a = 1; a <= maxAttempts; a++) scores[a] = -a;
  return { name: 'total-guesses', scores, unsolved: -(maxAttempts + 1) };
}

export class FileGame implements Game {
  readonly id = 'file';
  readonly params: { name: string; maxGuesses: number };
  readonly lists: readonly ListRef[];
  readonly secretCount: number;
  readonly guessCount: number;
  readonly codeCount: number;
  readonly solvedCode: number;
  readonly maxAttempts: number;
  readonly objective: ScoreByAttempt;
  readonly replyTable: ReplyTable;
  readonly replyHelp: string;
  readonly spec: FileGameSpec;
  private readonly guessSecret: Int32Array;
  private readonly names: { secrets: readonly string[]; guesses: readonly string[] } | null;
  private readonly replyCode: Map<string, number>;

  /**
   * The game of `spec`; `lists` for its header, and from its definition (null in a worker that got
   * only the spec) the names of its secrets and guesses and its reply help.
   */
  constructor(
    spec: FileGameSpec,
    lists: readonly ListRef[],
    from: {
      readonly names: { secrets: readonly string[]; guesses: readonly string[] };
      readonly replyHelp: string | undefined;
    } | null,
  ) {
    const names = from?.names ?? null;
    const replyHelp = from?.replyHelp;
    if (!spec.table) throw new Error('FileGame: no reply table');
    this.spec = spec;
    this.params = { name: spec.name, maxGuesses: spec.maxGuesses };
    this.lists = lists;
    this.secretCount = spec.secretCount;
    this.guessCount = spec.guessCount;
    this.codeCount = spec.replies.length + 1;
    this.solvedCode = spec.replies.length;
    this.maxAttempts = spec.maxGuesses > 0 ? spec.maxGuesses : spec.secretCount;
    this.objective = fileObjective(this.maxAttempts);
    this.replyTable = { codes: spec.table, stride: spec.guessCount };
    this.guessSecret = new Int32Array(spec.guessCount).fill(-1);
    spec.secretGuess.forEach((g, s) => {
      this.guessSecret[g] = s;
    });
    this.names = names;
    this.replyCode = new Map(spec.replies.map((r, i) => [r, i]));
    this.replyCode.set(spec.solvedReply, this.solvedCode);
    this.replyHelp =
      replyHelp ??
      `reply as your game does: ${[...spec.replies.slice(0, 12), spec.solvedReply].join(' ')}${spec.replies.length > 12 ? ' …' : ''} (${spec.solvedReply} when the guess is the secret)`;
  }

  /** The game of a checked definition: its table built here. */
  static fromDefinition(def: CheckedGame, file: { path: string; sha256: string } | null): FileGame {
    const built = buildTable(def);
    const lists = listsOf(def, built);
    const spec: FileGameSpec = {
      kind: 'file',
      name: def.name,
      secretCount: def.secrets.length,
      guessCount: def.guesses.length,
      maxGuesses: def.maxGuesses,
      replies: built.replies,
      solvedReply: def.solvedReply,
      secretGuess: built.secretGuess,
      table: built.table,
      file: file?.path ?? null,
      fileSha256: file?.sha256 ?? null,
      gameSha256: gameHash(lists),
    };
    return new FileGame(spec, lists, {
      names: { secrets: def.secrets, guesses: def.guesses },
      replyHelp: def.replyHelp,
    });
  }

  secretOfGuess(guess: number): number {
    return this.guessSecret[guess];
  }
  guessOfSecret(secret: number): number {
    return this.spec.secretGuess[secret];
  }
  feedback(guess: number, secret: number): number {
    return this.replyTable.codes[secret * this.guessCount + guess];
  }
  partitionCodes(guess: number, secrets: Uint32Array, n: number, out: Uint32Array): void {
    const t = this.replyTable.codes;
    const G = this.guessCount;
    for (let i = 0; i < n; i++) out[i] = t[secrets[i] * G + guess];
  }
  guessName(guess: number): string {
    return this.names?.guesses[guess] ?? `#${guess}`;
  }
  secretName(secret: number): string {
    return this.names?.secrets[secret] ?? `#${secret}`;
  }
  codeName(code: number): string {
    return code === this.solvedCode ? this.spec.solvedReply : (this.spec.replies[code] ?? `#${code}`);
  }
  parseCode(text: string): number {
    const c = this.replyCode.get(text.trim());
    if (c === undefined)
      throw fail('feedback', `reply ${safeText(text.trim())}: not a reply of ${this.spec.name} (${this.replyHelp})`);
    return c;
  }
}

/** One hash of the game: its secrets, guesses and reply table (the header's three list hashes). */
export function gameHash(lists: readonly ListRef[]): string {
  return sha(lists.map((l) => `${l.role}:${l.count}:${l.sha256}\n`));
}
