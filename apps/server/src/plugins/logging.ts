import type { FastifyError, FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';

/**
 * What a request line says about the URL: the route's template (`/api/v1/dreams/:id`) and the names of the query's
 * parameters, never a value. A value may be a search word, a tag, a token or anything a client sends (`?search=`
 * is no parameter of ours and was logged as sent), so no list of sensitive names can be complete. A request no
 * route took (404, the SPA's pages) is logged as `(no route)`: its path is whatever the client typed.
 */
function describeUrl(request: { url: string; routeOptions?: { url?: string } }): string {
  const route = request.routeOptions?.url ?? '(no route)';
  const q = request.url.indexOf('?');
  if (q === -1) return route;
  const names = [...new Set(new URLSearchParams(request.url.slice(q + 1)).keys())].map((name) =>
    /^[\w.-]{1,40}$/.test(name) ? name : '(other)',
  );
  return names.length ? `${route}?${names.join('&')}` : route;
}

/**
 * An error as pino writes it, without the values of a failed query: Drizzle's `Failed query: … params: …` carries
 * the statement's parameters (an e-mail, a user's name, a search's tokens) in its message, its stack and `params`,
 * and PostgreSQL's `detail` quotes the values of a violated key. The statement's text, the cause's message and the
 * stack stay, so a failure can still be told.
 */
function serializeError(error: FastifyError) {
  const serialized = stdSerializers.err(error);
  // Not an error (a plain value logged under `err`): pino gives it back as it came.
  if ((serialized as unknown) === error || typeof serialized !== 'object') return serialized;
  const params: unknown = (error as { params?: unknown }).params;
  if (Array.isArray(params)) {
    const spelled = `\nparams: ${params.join(',')}`;
    const redact = (text: unknown) =>
      typeof text === 'string' ? text.split(spelled).join('\nparams: [REDACTED]') : text;
    serialized.message = redact(serialized.message) as string;
    serialized.stack = redact(serialized.stack) as string;
    delete serialized.params;
  }
  delete serialized.detail;
  return serialized;
}

const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers.apikey',
  'res.headers["set-cookie"]',
  'password',
  'access_token',
  'refresh_token',
  'token',
  '*.password',
  '*.new_password',
  '*.access_token',
  '*.refresh_token',
  '*.token',
  '*.token_hash',
  '*.code_verifier',
  '*.content',
  '*.title',
];

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    serializers: {
      err: serializeError,
      req(request: {
        method: string;
        url: string;
        routeOptions?: { url?: string };
        ip?: string;
        headers: Record<string, unknown>;
      }) {
        return {
          method: request.method,
          url: describeUrl(request),
          remoteAddress: request.ip,
          userAgent: request.headers['user-agent'],
        };
      },
    },
  };
}
