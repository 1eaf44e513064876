import { timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { AuthError } from '@sonhario/contracts/auth';
import type { AppInstance } from '../../app.types.ts';
import { toApiError } from '../../plugins/errors.ts';
import { InvalidTextError, isStorableText } from '../../plugins/text-input.ts';
import type { AuthContext } from './auth.context.ts';
import { isAppError } from '../../errors.ts';
import { authErrors, WeakPasswordError } from './auth.errors.ts';
import type { OidcProvider } from './auth.google.ts';
import type { Mailer } from './auth.mailer.ts';
import type { RedirectPolicy } from './auth.redirects.ts';
import { getApiKeys, JwtError, verifyJwt } from './auth.tokens.ts';

/** What the auth routes share, built once when the module registers. */
export interface AuthModuleState {
  mailer: Mailer;
  redirects: RedirectPolicy;
  google: OidcProvider | null;
}

export function contextOf(app: AppInstance, state: AuthModuleState, request: FastifyRequest): AuthContext {
  return {
    db: app.deps.database.db,
    config: app.deps.config,
    secrets: app.deps.secrets,
    keys: app.deps.keys,
    mailer: state.mailer,
    redirects: state.redirects,
    log: request.log,
    ip: request.ip,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'].slice(0, 512) : null,
  };
}

/** `{code, message}` as GoTrue answers with X-Supabase-Api-Version 2024-01-01 (plus weak_password's reasons). */
export function toAuthError(error: unknown): { statusCode: number; body: AuthError } {
  if (error instanceof WeakPasswordError) {
    return {
      statusCode: 422,
      body: { code: error.code, message: error.message, weak_password: { reasons: error.reasons } },
    };
  }
  if (error instanceof InvalidTextError) {
    // GoTrue has no code of its own for it: a field it cannot take is validation_failed, named as its fields are.
    const message = (error.details ?? []).map((d) => `${d.path.replace(/^body\./, '')}: ${d.message}`).join('; ');
    return { statusCode: 400, body: { code: 'validation_failed', message } };
  }
  if (isAppError(error)) return { statusCode: error.statusCode, body: { code: error.code, message: error.message } };
  const fastifyError = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fastifyError)) {
    const messages = fastifyError.validation.map((issue) => {
      const field = (issue.instancePath || '').split('/').filter(Boolean).join('.');
      const message = issue.message ?? 'invalid';
      // Our schemas word their own messages ("email must be a string"); zod's generic ones get the field name.
      return field && !message.toLowerCase().includes(field.toLowerCase()) ? `${field}: ${message}` : message;
    });
    return { statusCode: 400, body: { code: 'validation_failed', message: [...new Set(messages)].join('; ') } };
  }
  const { statusCode, body } = toApiError(error);
  if (statusCode >= 500)
    return { statusCode, body: { code: 'unexpected_failure', message: 'Unexpected failure, please try again later' } };
  const code = body.code === 'bad_request' || body.code === 'unsupported_media_type' ? 'validation_failed' : body.code;
  return { statusCode, body: { code, message: body.message } };
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Every call but the browser navigations must carry one of this instance's keys, as Supabase's gateway demands. */
export function assertApiKey(app: AppInstance, request: FastifyRequest): void {
  const header = request.headers.apikey;
  const apikey = Array.isArray(header) ? header[0] : header;
  if (!apikey) throw authErrors.noApiKey();
  const { anonKey, serviceRoleKey } = getApiKeys(app.deps.secrets);
  if (!safeEqual(apikey, anonKey) && !safeEqual(apikey, serviceRoleKey)) throw authErrors.invalidApiKey();
}

/**
 * Admin endpoints want an admin token as the bearer: the service-role key, or any token this server signed with the role
 * `supabase_admin` (GoTrue admits both roles).
 */
export async function assertServiceRole(app: AppInstance, request: FastifyRequest): Promise<void> {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!token) throw authErrors.noAuthorization();
  let role: unknown;
  try {
    role = (await verifyJwt(app.deps.secrets.jwtSecret, token)).role;
  } catch (error) {
    if (error instanceof JwtError) throw authErrors.badJwt(error.message);
    throw error;
  }
  if (role !== 'service_role' && role !== 'supabase_admin') throw authErrors.notAdmin();
}

export type LimitBucket = 'token' | 'authorize' | 'verify' | 'email';

/** Counts this request against the client IP's budget; over it, 429 with Retry-After. */
export async function enforceRateLimit(
  app: AppInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  bucket: LimitBucket,
): Promise<void> {
  if ((await app.rateLimits.consume(`auth:${bucket}`, request, reply)).allowed) return;
  throw bucket === 'email' ? authErrors.emailRateLimit() : authErrors.requestRateLimit();
}

/** A cookie's value; one that is not valid percent-encoding or decodes to text that cannot be stored is no value. */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      const value = decodeURIComponent(rest.join('='));
      return isStorableText(value) ? value : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
