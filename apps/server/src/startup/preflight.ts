// Checks that take a second and fail before the slow steps of a start (initdb, migrations), each with the one
// sentence an operator needs: what is wrong, and which setting or process to change (docs/decisions/033).
import { createServer, Socket } from 'node:net';
import { Redis } from 'ioredis';
import pg from 'pg';
import { StartupError } from '../config.ts';

/** The network or PostgreSQL code of an error, looking through wrappers (AggregateError, `cause`). */
export function errorCode(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  for (let e = error as { code?: unknown; cause?: unknown; errors?: unknown[] } | undefined; e && !seen.has(e);) {
    seen.add(e);
    if (typeof e.code === 'string' && e.code) return e.code;
    if (Array.isArray(e.errors) && e.errors.length > 0) {
      const inner = errorCode(e.errors[0]);
      if (inner) return inner;
    }
    e = e.cause as typeof e;
  }
  return undefined;
}

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'unknown host',
  EAI_AGAIN: 'the host name could not be resolved now',
  ETIMEDOUT: 'timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ECONNRESET: 'connection reset',
};

/**
 * "connection refused (ECONNREFUSED)", or without a known code the innermost cause's first line (an SDK's
 * "Connection error." wraps fetch's "fetch failed", which wraps the reason, e.g. "bad port").
 */
export function networkReason(error: unknown): string {
  const code = errorCode(error);
  if (code && NETWORK_REASONS[code]) return `${NETWORK_REASONS[code]} (${code})`;
  let innermost = error;
  for (let depth = 0; depth < 8 && innermost instanceof Error && innermost.cause !== undefined; depth++) {
    innermost = innermost.cause;
  }
  return code ? `${firstLine(innermost)} (${code})` : firstLine(innermost);
}

export function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.split('\n')[0] ?? '').trim().replace(/[.:]$/, '') || 'unknown error';
}

/** `host:port` of a URL, with the scheme's default port; never the user or password. */
function hostAndPort(url: string, defaultPort: number): string {
  const parsed = new URL(url);
  return `${parsed.hostname || 'localhost'}:${parsed.port || String(defaultPort)}`;
}

/** Why listening on host:port failed, as the sentence main prints; null for an error that is not about the port. */
export function describeListenError(error: unknown, host: string, port: number): string | null {
  switch (errorCode(error)) {
    case 'EADDRINUSE':
      return `Port ${String(port)} is in use (on ${host}); set PORT or stop the other process.`;
    case 'EACCES':
      return `Port ${String(port)} needs root on this system; set PORT above 1023 (a reverse proxy can serve 80 and 443).`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return `HOST ${host} is not an address of this machine; set HOST to one of its addresses (127.0.0.1 or 0.0.0.0).`;
    default:
      return null;
  }
}

/** Refuses at once when the port is taken, rather than after the database started and migrated. */
export async function checkPortFree(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const server = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ host, port, exclusive: true }, resolve);
    });
  } catch (error) {
    const sentence = describeListenError(error, host, port);
    throw sentence ? new StartupError(sentence, { cause: error }) : error;
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

const POSTGRES_CONNECT_TIMEOUT_MS = 10_000;

/** The sentence for a PostgreSQL server that cannot be used at `url` (named by `variable`); no password in it. */
function describePostgresError(error: unknown, url: string, variable: string): string {
  const parsed = new URL(url);
  const socketDir = parsed.searchParams.get('host');
  const where = socketDir ? `${socketDir} (Unix socket)` : hostAndPort(url, 5432);
  const database = decodeURIComponent(parsed.pathname.slice(1)) || decodeURIComponent(parsed.username) || 'postgres';
  const user = decodeURIComponent(parsed.username) || 'the current user';
  const code = errorCode(error);
  switch (code) {
    case '3D000':
      return (
        `The database "${database}" does not exist on the PostgreSQL server at ${where}; create it first ` +
        `(createdb -h ${socketDir ?? (parsed.hostname || 'localhost')} -p ${parsed.port || '5432'} ${database}) or fix ${variable}.`
      );
    case '28P01':
    case '28000':
      return `PostgreSQL at ${where} refused the login of "${user}" to "${database}" (${firstLine(error)}); fix the user or password in ${variable}.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `The host "${parsed.hostname}" in ${variable} cannot be found (${code}); fix ${variable}.`;
    case 'ECONNREFUSED':
      return `Nothing answers at ${where}, the PostgreSQL server in ${variable} (connection refused); start PostgreSQL or fix ${variable}.`;
    default:
      if (/timeout/i.test(firstLine(error)) || code === 'ETIMEDOUT') {
        return (
          `PostgreSQL at ${where} did not answer within ${String(POSTGRES_CONNECT_TIMEOUT_MS / 1000)} s; ` +
          `check that it runs and that this machine may connect, or fix ${variable}.`
        );
      }
      return `Cannot use the PostgreSQL database "${database}" at ${where} (${networkReason(error)}); check ${variable}.`;
  }
}

/** Connects once to the PostgreSQL server at `url` and runs `select 1`; a StartupError naming what to fix if not. */
export async function checkPostgres(url: string, variable: 'DATABASE_URL' | 'KEYSTORE_DATABASE_URL'): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS });
  // An error after connect (the server going away) must not become an unhandled 'error' event.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new StartupError(describePostgresError(error, url, variable), { cause: error });
  } finally {
    await client.end().catch(() => undefined);
  }
}

const REDIS_CONNECT_TIMEOUT_MS = 5000;

/** Pings Redis once (no retries); a StartupError when it cannot be used. Answers the round trip in ms. */
export async function checkRedis(url: string): Promise<number> {
  const where = hostAndPort(url, 6379);
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  // The socket's own error (ECONNREFUSED) comes as an event; connect() then only rejects with "Connection is closed".
  // Without a listener ioredis would also print "[ioredis] Unhandled error event".
  let socketError: unknown;
  redis.on('error', (error: unknown) => {
    socketError ??= error;
  });
  try {
    const started = Date.now();
    await redis.connect();
    await redis.ping();
    return Date.now() - started;
  } catch (caught) {
    const error = socketError ?? caught;
    const reason = firstLine(error);
    const sentence = /NOAUTH|WRONGPASS|invalid password|AUTH/i.test(reason)
      ? `Redis at ${where} refused the login (${reason}); fix the password in REDIS_URL.`
      : `Redis at ${where} (REDIS_URL) cannot be reached (${networkReason(error)}); start Redis or unset REDIS_URL.`;
    throw new StartupError(sentence, { cause: error });
  } finally {
    redis.disconnect();
  }
}

/** Opens (and closes) a TCP connection to the URL's host and port: null when it works, else the reason. */
export async function probeTcp(url: string, timeoutMs = 5000): Promise<string | null> {
  const parsed = new URL(url);
  const port = Number(parsed.port) || (parsed.protocol === 'https:' ? 443 : 80);
  const socket = new Socket();
  try {
    await new Promise<void>((resolve, reject) => {
      socket.setTimeout(timeoutMs, () => reject(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
      socket.once('error', reject);
      socket.connect(port, parsed.hostname.replace(/^\[|\]$/g, ''), resolve);
    });
    return null;
  } catch (error) {
    return networkReason(error);
  } finally {
    socket.destroy();
  }
}
