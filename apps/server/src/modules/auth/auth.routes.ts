import {
  authSessionSchema,
  authSettingsSchema,
  authUserSchema,
  logoutQuerySchema,
  recoverBodySchema,
  redirectQuerySchema,
  resendBodySchema,
  signUpBodySchema,
  tokenBodySchema,
  tokenQuerySchema,
  updateUserBodySchema,
  verifyBodySchema,
  verifyQuerySchema,
} from '@sonhario/contracts/auth';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app.types.ts';
import { isAppError } from '../../errors.ts';
import type { AuthContext } from './auth.context.ts';
import { authErrors } from './auth.errors.ts';
import { contextOf, enforceRateLimit, type AuthModuleState } from './auth.http.ts';
import { withError } from './auth.redirects.ts';
import { requestRecovery } from './auth.recovery.service.ts';
import {
  authenticateAccessToken,
  exchangeAuthCode,
  logout,
  refreshSession,
  signInWithPassword,
} from './auth.sessions.service.ts';
import { resendEmail, signUp, verifyEmailLink, verifyEmailToken } from './auth.signup.service.ts';
import { getUser, updateCurrentUser } from './auth.user.service.ts';

type ContextOf = (request: FastifyRequest) => AuthContext;

/** The endpoints supabase-js calls for a signed-out or signed-in user. */
export async function authRoutes(app: AppInstance, state: AuthModuleState) {
  const ctx: ContextOf = (request) => contextOf(app, state, request);
  registerSessionRoutes(app, state, ctx);
  registerEmailRoutes(app, ctx);
}

/** The settings, signing up and in, the session's refresh and end, the user read and changed. */
function registerSessionRoutes(app: AppInstance, state: AuthModuleState, ctx: ContextOf) {
  const isAutoconfirm = app.deps.config.env.AUTH_AUTOCONFIRM;

  app.get('/settings', { schema: { response: { 200: authSettingsSchema } } }, async () => ({
    external: { email: true, phone: false, google: state.google !== null, anonymous_users: false },
    disable_signup: false,
    mailer_autoconfirm: isAutoconfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  }));

  app.post(
    '/signup',
    {
      schema: {
        querystring: redirectQuerySchema,
        body: signUpBodySchema,
        response: { 200: z.union([authSessionSchema, authUserSchema]) },
      },
      preHandler: async (request, reply) => {
        if (!isAutoconfirm) await enforceRateLimit(app, request, reply, 'email');
      },
    },
    async (request) => {
      const result = await signUp(ctx(request), { body: request.body, redirectTo: request.query.redirect_to });
      return result.kind === 'session' ? result.session : result.user;
    },
  );

  app.post(
    '/token',
    {
      schema: { querystring: tokenQuerySchema, body: tokenBodySchema, response: { 200: authSessionSchema } },
      preHandler: (request, reply) => enforceRateLimit(app, request, reply, 'token'),
    },
    async (request) => {
      const body = request.body ?? {};
      switch (request.query.grant_type) {
        case 'password':
          return signInWithPassword(ctx(request), body);
        case 'refresh_token':
          return refreshSession(ctx(request), body.refresh_token);
        case 'pkce':
          return exchangeAuthCode(ctx(request), { authCode: body.auth_code, codeVerifier: body.code_verifier });
        default:
          throw authErrors.unsupportedGrant();
      }
    },
  );

  app.post('/logout', { schema: { querystring: logoutQuerySchema } }, async (request, reply) => {
    const context = ctx(request);
    const auth = await authenticateAccessToken(context, request.headers.authorization);
    await logout(context, auth, request.query.scope ?? 'global');
    return reply.status(204).send();
  });

  app.get('/user', { schema: { response: { 200: authUserSchema } } }, async (request) => {
    const context = ctx(request);
    return getUser(context, await authenticateAccessToken(context, request.headers.authorization));
  });

  app.put(
    '/user',
    {
      schema: { querystring: redirectQuerySchema, body: updateUserBodySchema, response: { 200: authUserSchema } },
      preHandler: async (request, reply) => {
        if (request.body.email !== undefined) await enforceRateLimit(app, request, reply, 'email');
        // A password change checks the current password: guesses count like sign-in attempts.
        if (request.body.password !== undefined) await enforceRateLimit(app, request, reply, 'token');
      },
    },
    async (request) => {
      const context = ctx(request);
      const auth = await authenticateAccessToken(context, request.headers.authorization);
      return updateCurrentUser(context, auth, { body: request.body, redirectTo: request.query.redirect_to });
    },
  );
}

/** What e-mails start: the password's recovery, a resent message, and the links and codes they carry. */
function registerEmailRoutes(app: AppInstance, ctx: ContextOf) {
  app.post(
    '/recover',
    {
      schema: { querystring: redirectQuerySchema, body: recoverBodySchema },
      preHandler: (request, reply) => enforceRateLimit(app, request, reply, 'email'),
    },
    async (request) => {
      const { body } = request;
      await requestRecovery(ctx(request), {
        email: body.email,
        codeChallenge: body.code_challenge,
        codeChallengeMethod: body.code_challenge_method,
        redirectTo: request.query.redirect_to,
      });
      return {};
    },
  );

  app.post(
    '/resend',
    {
      schema: { querystring: redirectQuerySchema, body: resendBodySchema },
      preHandler: (request, reply) => enforceRateLimit(app, request, reply, 'email'),
    },
    async (request) => {
      const { body } = request;
      await resendEmail(ctx(request), {
        type: body.type,
        email: body.email,
        phone: body.phone,
        codeChallenge: body.code_challenge,
        codeChallengeMethod: body.code_challenge_method,
        redirectTo: request.query.redirect_to,
      });
      return {};
    },
  );

  app.post(
    '/verify',
    {
      schema: { querystring: redirectQuerySchema, body: verifyBodySchema, response: { 200: authSessionSchema } },
      preHandler: (request, reply) => enforceRateLimit(app, request, reply, 'verify'),
    },
    async (request) => {
      const { body } = request;
      return verifyEmailToken(ctx(request), {
        type: body.type,
        token: body.token,
        tokenHash: body.token_hash,
        email: body.email,
        phone: body.phone,
      });
    },
  );

  // A browser following an e-mail link: no apikey, and every outcome is a 303 back to the app.
  app.get(
    '/verify',
    { schema: { querystring: verifyQuerySchema }, config: { withoutApiKey: true } },
    async (request, reply) => {
      const context = ctx(request);
      const { token, type, redirect_to: redirectTo } = request.query;
      try {
        await enforceRateLimit(app, request, reply, 'verify');
      } catch (error) {
        if (!isAppError(error)) throw error;
        const target = withError(
          context.redirects.resolve(redirectTo),
          { error: 'access_denied', code: error.code, description: error.message },
          false,
        );
        return reply.redirect(target, 303);
      }
      return reply.redirect(await verifyEmailLink(context, { token, type, redirectTo }), 303);
    },
  );
}
