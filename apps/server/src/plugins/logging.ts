import type { FastifyServerOptions } from 'fastify';

// Secrets, and what a user searches their journal for (search words and tags are dream content too).
const SENSITIVE_QUERY =
  /^(token|token_hash|code|code_verifier|access_token|refresh_token|apikey|key|state|password|nonce|q|tag|email)$/i;

/** Strips secrets that may travel in a query string (e-mail links, OAuth callbacks) before a URL is logged. */
function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) if (SENSITIVE_QUERY.test(key)) params.set(key, '[REDACTED]');
  return `${url.slice(0, q)}?${params.toString()}`;
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
      req(request: { method: string; url: string; ip?: string; headers: Record<string, unknown> }) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
          userAgent: request.headers['user-agent'],
        };
      },
    },
  };
}
