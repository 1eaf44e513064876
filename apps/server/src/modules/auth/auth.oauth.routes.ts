import { authorizeQuerySchema, callbackQuerySchema } from '@sonhario/contracts/auth';
import type { AppInstance } from '../../app.types.ts';
import { isAppError } from '../../errors.ts';
import { contextOf, enforceRateLimit, readCookie, type AuthModuleState } from './auth.http.ts';
import { completeOAuthSignIn, OAUTH_STATE_COOKIE, startOAuthSignIn } from './auth.oauth.service.ts';
import { withError } from './auth.redirects.ts';

/** Sign-in with Google: browser navigations, so no apikey, and errors go back to the app as redirects. */
export async function authOAuthRoutes(app: AppInstance, state: AuthModuleState) {
  const isSecure = app.deps.config.siteUrl.startsWith('https:');
  const cookie = (value: string, maxAge: number) =>
    `${OAUTH_STATE_COOKIE}=${value}; Path=/auth/v1/callback; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${isSecure ? '; Secure' : ''}`;

  app.get(
    '/authorize',
    { schema: { querystring: authorizeQuerySchema }, config: { withoutApiKey: true } },
    async (request, reply) => {
      const context = contextOf(app, state, request);
      const { query } = request;
      const isJson = query.skip_http_redirect === 'true';
      let started: Awaited<ReturnType<typeof startOAuthSignIn>>;
      try {
        // Starting a Google sign-in writes a flow state: it has a budget of its own (not the password sign-in's).
        await enforceRateLimit(app, request, reply, 'authorize');
        started = await startOAuthSignIn(context, state.google, {
          provider: query.provider,
          redirectTo: query.redirect_to,
          scopes: query.scopes,
          codeChallenge: query.code_challenge,
          codeChallengeMethod: query.code_challenge_method,
        });
      } catch (error) {
        if (isJson || !isAppError(error)) throw error;
        const isPkce = Boolean(query.code_challenge);
        const error_ =
          error.statusCode >= 500 ? 'server_error' : error.statusCode === 429 ? 'access_denied' : 'invalid_request';
        const target = withError(
          context.redirects.resolve(query.redirect_to),
          { error: error_, code: error.code, description: error.message },
          isPkce,
        );
        return reply.redirect(target, 302);
      }
      reply.header('set-cookie', cookie(started.state, 600));
      return isJson ? reply.send({ url: started.url }) : reply.redirect(started.url, 302);
    },
  );

  app.get(
    '/callback',
    { schema: { querystring: callbackQuerySchema }, config: { withoutApiKey: true } },
    async (request, reply) => {
      const { query } = request;
      const target = await completeOAuthSignIn(contextOf(app, state, request), state.google, {
        state: query.state,
        code: query.code,
        error: query.error,
        errorDescription: query.error_description,
        cookieState: readCookie(request, OAUTH_STATE_COOKIE),
      });
      reply.header('set-cookie', cookie('', 0));
      return reply.redirect(target, 302);
    },
  );
}
