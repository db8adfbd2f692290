/**
 * The `--queue` URL: `redis://[user:password@]host:port[/db]`, parsed here (no dependencies, so
 * the CLI loads the queue's libraries only when a queue is used). The password is never printed.
 */
import { fail } from '../../runtime/errors.js';

/** A parsed `--queue` URL: the connection settings and the URL as it may be printed. */
export interface QueueTarget {
  /** `redis://user:***@host:port/db`: the password is never printed. */
  readonly shown: string;
  readonly host: string;
  readonly port: number;
  readonly db: number;
  readonly username?: string | undefined;
  readonly password?: string | undefined;
}

const URL_FORM = 'expected redis://[user:password@]host:port[/db]';

/**
 * `redis://[user:password@]host:port[/db]`, or a one-line usage error naming `origin` (the option
 * or the variable it came from) and the text as `maskQueueText` shows it.
 */
export function parseQueueUrl(text: string, origin = '--queue'): QueueTarget {
  const m =
    /^redis:\/\/(?:([^:@/]*):([^@/]*)@)?(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9._-]+):(\d{1,5})(?:\/(\d{1,5}))?\/?$/.exec(text);
  // The text may hold a password anywhere: only what cannot be one is printed, parsed or not.
  const masked = `${origin} ${maskQueueText(text)}`;
  if (!m) throw fail('usage', `${masked}: ${URL_FORM}`);
  const [, user, pass, hostRaw, portText, dbText] = m as unknown as [
    string,
    string | undefined,
    string | undefined,
    string,
    string,
    string | undefined,
  ];
  const port = Number(portText);
  if (port < 1 || port > 65535) throw fail('usage', `${masked}: port ${portText} is out of range (1 to 65535)`);
  const db = dbText === undefined ? 0 : Number(dbText);
  // Redis numbers its databases from 0 to `databases` - 1 (16 by default); a larger one is
  // refused by the server when the queue is checked.
  if (db > MAX_DB) throw fail('usage', `${masked}: database ${dbText} is out of range (0 to ${MAX_DB})`);
  let username: string | undefined;
  let password: string | undefined;
  try {
    username = user ? decodeURIComponent(user) : undefined;
    password = pass !== undefined ? decodeURIComponent(pass) : undefined;
  } catch {
    throw fail('usage', `${masked}: bad %-escape in the user or password; ${URL_FORM}`);
  }
  const host = hostRaw.startsWith('[') ? hostRaw.slice(1, -1) : hostRaw;
  const auth = pass !== undefined || user !== undefined ? '***@' : '';
  return {
    shown: `redis://${auth}${hostRaw}:${port}${dbText === undefined ? '' : `/${db}`}`,
    host,
    port,
    db,
    username,
    password,
  };
}

/** The highest database number a URL may name (Redis's own limit is its `databases` setting). */
const MAX_DB = 9999;

/** What of a host, port and database may be printed: a name or address, digits. */
const PRINTABLE_TAIL = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9._-]+)(:[0-9]*)?(\/[0-9]*)?\/?$/;
const NOT_SHOWN = '(the rest is not shown: it may hold a password)';

/**
 * The queue text as it may be printed: what comes before the last '@' becomes `***`, a query
 * or fragment `?…`, and whatever is not plainly a host, port and database is not shown (text
 * that is not a redis:// URL at all may be a password pasted alone).
 */
export function maskQueueText(text: string): string {
  const scheme = 'redis://';
  if (!text.startsWith(scheme)) return '(not shown: it is not a redis:// URL and may hold a password)';
  const rest = text.slice(scheme.length);
  const at = rest.lastIndexOf('@');
  const auth = at >= 0 ? '***@' : '';
  // An '@' after a '?' or '#' may be a password's own: what follows it is not a host.
  if (/[?#\s]/.test(rest.slice(0, Math.max(at, 0)))) return `${scheme}${NOT_SHOWN}`;
  let tail = rest.slice(at + 1);
  let query = '';
  const q = tail.search(/[?#]/);
  if (q >= 0) {
    query = `${tail[q]}…`;
    tail = tail.slice(0, q);
  }
  if (!PRINTABLE_TAIL.test(tail)) return `${scheme}${auth}${NOT_SHOWN}`;
  return `${scheme}${auth}${tail}${query}`;
}

/** The environment variable that holds the queue's URL, so that its password never shows in `ps`. */
export const QUEUE_ENV = 'GUESSTREE_QUEUE';

/**
 * The queue a verb uses: `--queue URL`; `--queue env` (compile) or no `--queue` (worker) read
 * GUESSTREE_QUEUE. Undefined: no queue (compile without `--queue`).
 */
export function queueFromArgs(verb: 'worker', given: unknown, env?: NodeJS.ProcessEnv): QueueTarget;
export function queueFromArgs(verb: 'compile', given: unknown, env?: NodeJS.ProcessEnv): QueueTarget | undefined;
export function queueFromArgs(
  verb: 'compile' | 'worker',
  given: unknown,
  env: NodeJS.ProcessEnv = process.env,
): QueueTarget | undefined {
  const fromEnv = verb === 'worker' ? given === undefined || given === 'env' : given === 'env';
  if (!fromEnv) return given === undefined ? undefined : parseQueueUrl(String(given));
  const url = env[QUEUE_ENV];
  if (url === undefined || url.trim() === '')
    throw fail(
      'usage',
      verb === 'worker'
        ? `worker: no queue: give --queue URL or set ${QUEUE_ENV}`
        : `--queue env: ${QUEUE_ENV} is not set`,
    );
  return parseQueueUrl(url.trim(), QUEUE_ENV);
}
