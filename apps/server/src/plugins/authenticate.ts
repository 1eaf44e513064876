import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RequestAuth } from '../modules/auth/auth.context.ts';
import { authenticateAccessToken } from '../modules/auth/auth.sessions.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, set by the /api/v1 authentication hook on every route it does not skip. */
    auth: RequestAuth;
  }
}

/**
 * The /api/v1 routes the user authentication skips, as `METHOD /path` (the path as registered, relative to
 * /api/v1). Everything else requires a signed-in user, so a route added without being listed is protected.
 * `public`: anyone may call them. `serviceRole`: operator routes, which check the service-role key themselves
 * (an onRequest hook calling assertServiceRole) because that key is not a user's token.
 */
export const UNAUTHENTICATED_API_ROUTES = {
  public: ['GET /health', 'GET /privacy-info', 'GET /openapi.json', 'POST /billing/webhook'],
  serviceRole: ['PUT /admin/users/:id/plan'],
} as const;

const API_PREFIX = '/api/v1';
const skipped: ReadonlySet<string> = new Set(
  [...UNAUTHENTICATED_API_ROUTES.public, ...UNAUTHENTICATED_API_ROUTES.serviceRole].map((route) =>
    route.replace(' /', ` ${API_PREFIX}/`),
  ),
);

/** Whether the user authentication skips this request's route (HEAD follows its GET route). */
function isSkipped(request: FastifyRequest): boolean {
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  return skipped.has(`${method} ${request.routeOptions.url ?? ''}`);
}

/**
 * Authentication for the /api/v1 scope, as an onRequest hook: it runs before the body is read or validated, so an
 * anonymous request is answered 401 whatever it sends, and no route can forget it. It verifies the bearer access
 * token the web app got from /auth/v1 (HS256, audience "authenticated") and that its session still exists, so
 * signing out takes effect at once. Errors use the auth contract's codes: 401 no_authorization, 403 bad_jwt,
 * 403 session_not_found. Registered inside the /api/v1 scope (fastify-plugin lets the hook reach the scope's routes).
 */
export const apiAuthenticationPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('auth', null as unknown as RequestAuth);
    app.addHook('onRequest', async (request) => {
      // Preflights are answered by CORS; unknown paths by the not-found handler.
      if (request.method === 'OPTIONS' || request.is404 || isSkipped(request)) return;
      request.auth = await authenticateAccessToken(
        { db: app.deps.database.db, secrets: app.deps.secrets },
        request.headers.authorization,
      );
    });
  },
  { name: 'api-authentication' },
);
