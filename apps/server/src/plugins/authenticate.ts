import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RequestAuth } from '../modules/auth/auth.context.ts';
import { authenticateAccessToken } from '../modules/auth/auth.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for /api/v1 routes that need a signed-in user; sets `request.auth`. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
  interface FastifyRequest {
    /** The caller, set by `app.authenticate`; only read it in routes that use that preHandler. */
    auth: RequestAuth;
  }
}

/**
 * Verifies the bearer access token the web app got from /auth/v1 (HS256, audience "authenticated") and checks
 * that its session still exists, so signing out takes effect at once. Errors use the auth contract's codes:
 * 401 no_authorization, 403 bad_jwt, 403 session_not_found.
 */
export const authenticatePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('auth', null as unknown as RequestAuth);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      request.auth = await authenticateAccessToken(
        { db: app.deps.database.db, secrets: app.deps.secrets },
        request.headers.authorization,
      );
    });
  },
  { name: 'authenticate' },
);
