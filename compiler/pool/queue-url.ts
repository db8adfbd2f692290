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
  const m = /^redis:\/\/(?:([^:@/]*):([^@/]*)@)?(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9._-]+):(\d{1,5})(?:\/(\d{1,5}))?\/?$/.exec(text);
  // The text may hold a password: print it masked even when it does not parse.
  const masked = text.replace(/^([a-z]+:\/\/[^:@/]*:)[^@/]*@/i, '$1***@');
  if (!m) throw fail('usage', `--queue ${masked}: ${URL_FORM}`);
  const [, user, pass, hostRaw, portText, dbText] = m as unknown as [string, string | undefined, string | undefined, string, string, string | undefined];
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
  const auth = pass !== undefined ? `${user ?? ''}:***@` : '';
  return { shown: `redis://${auth}${hostRaw}:${port}${dbText === undefined ? '' : `/${db}`}`, host, port, db, username, password };
}
