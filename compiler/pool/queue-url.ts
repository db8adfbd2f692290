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

/** `redis://[user:password@]host:port[/db]`, or a one-line usage error (the password masked). */
export function parseQueueUrl(text: string): QueueTarget {
  const m =
    /^redis:\/\/(?:([^:@/]*):([^@/]*)@)?(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9._-]+):(\d{1,5})(?:\/(\d{1,5}))?\/?$/.exec(text);
  // The text may hold a password: nothing between '//' and the last '@' is ever printed, parsed or not.
  const masked = maskQueueText(text);
  if (!m) throw fail('usage', `--queue ${masked}: ${URL_FORM}`);
  const [, user, pass, hostRaw, portText, dbText] = m as unknown as [
    string,
    string | undefined,
    string | undefined,
    string,
    string,
    string | undefined,
  ];
  const port = Number(portText);
  if (port < 1 || port > 65535) throw fail('usage', `--queue ${masked}: port ${portText} is out of range (1 to 65535)`);
  let username: string | undefined;
  let password: string | undefined;
  try {
    username = user ? decodeURIComponent(user) : undefined;
    password = pass !== undefined ? decodeURIComponent(pass) : undefined;
  } catch {
    throw fail('usage', `--queue ${masked}: bad %-escape in the user or password; ${URL_FORM}`);
  }
  const host = hostRaw.startsWith('[') ? hostRaw.slice(1, -1) : hostRaw;
  const db = dbText === undefined ? 0 : Number(dbText);
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

/** The URL text with everything between '//' and the last '@' replaced by '***'. */
export function maskQueueText(text: string): string {
  const start = text.indexOf('//');
  const at = text.lastIndexOf('@');
  if (at < 0) return text;
  return start >= 0 && start < at ? `${text.slice(0, start + 2)}***${text.slice(at)}` : `***${text.slice(at)}`;
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
  return parseQueueUrl(url.trim());
}
