import type { AppInstance } from '../../app.types.ts';
import { authAdminRoutes } from './auth.admin.routes.ts';
import { createGoogleProvider } from './auth.google.ts';
import { assertApiKey, toAuthError, type AuthModuleState } from './auth.http.ts';
import { createMailer } from './auth.mailer.ts';
import { authOAuthRoutes } from './auth.oauth.routes.ts';
import { refuseUnstorableText } from '../../plugins/text-input.ts';
import { createRedirectPolicy } from './auth.redirects.ts';
import { deleteExpiredAuthRows } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Browser navigations (e-mail links, OAuth redirects) cannot carry the apikey header. */
    withoutApiKey?: boolean;
  }
}

const SUPABASE_API_VERSION = '2024-01-01';
const AUTH_BODY_LIMIT = 64 * 1024;
const CLEANUP_INTERVAL_MS = 10 * 60_000;

/**
 * The Supabase Auth (GoTrue) compatible API, mounted at /auth/v1. Encapsulated: its error handler answers in
 * GoTrue's `{code, message}` shape and its hooks only touch auth routes.
 */
export async function authModule(app: AppInstance) {
  const { config } = app.deps;
  const state: AuthModuleState = {
    mailer: createMailer(config, app.log),
    redirects: createRedirectPolicy(config),
    google: createGoogleProvider(config),
  };
  app.addHook('onClose', async () => state.mailer.close());
  // GoTrue's API is documented by Supabase; /api/v1/openapi.json describes the app's own API only.
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });

  // supabase-js sends `Content-Type: application/json` with no body on sign-out; GoTrue accepts that.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: AUTH_BODY_LIMIT },
    (request, body, done) => {
      if (body === '') {
        done(null, undefined);
        return;
      }
      // `parseAs: 'string'` makes the body a string (Fastify's type does not follow the option). Its default JSON
      // parser is the callback kind: it answers through `done` and returns nothing.
      void parseJson(request, body as string, done);
    },
  );

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-supabase-api-version', SUPABASE_API_VERSION);
    // Sessions and tokens must never sit in a shared cache.
    reply.header('cache-control', 'no-store');
    if (request.is404 || request.routeOptions.config.withoutApiKey || request.method === 'OPTIONS') return;
    assertApiKey(app, request);
  });
  refuseUnstorableText(app);

  app.setErrorHandler((error, request, reply) => {
    const { statusCode, body } = toAuthError(error);
    if (statusCode >= 500) request.log.error({ err: error }, 'auth request failed');
    else request.log.info({ code: body.code, statusCode }, 'auth request rejected');
    return reply.status(statusCode).send(body);
  });

  // A catch-all in this scope: @fastify/static's wildcard route would otherwise claim unknown /auth/v1 paths.
  app.all('/*', { config: { withoutApiKey: true } }, async (request, reply) =>
    reply
      .status(404)
      .send({ code: 'not_found', message: `Auth route ${request.method} ${request.url.split('?')[0]} not found` }),
  );

  // Expired e-mail tokens, abandoned flows and long-revoked refresh tokens: swept now and then, off the request path.
  let lastCleanup = 0;
  app.addHook('onResponse', async () => {
    const now = Date.now();
    if (now - lastCleanup < CLEANUP_INTERVAL_MS) return;
    lastCleanup = now;
    deleteExpiredAuthRows(app.deps.database.db, new Date(now)).catch((error: unknown) =>
      app.log.warn({ err: error }, 'auth cleanup failed'),
    );
  });

  await app.register(async (scope: AppInstance) => authRoutes(scope, state));
  await app.register(async (scope: AppInstance) => authOAuthRoutes(scope, state));
  await app.register(async (scope: AppInstance) => authAdminRoutes(scope, state));
}
