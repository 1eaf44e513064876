import { randomUUID } from 'node:crypto';
import { withTransaction } from '../../context.ts';
import type { Metadata } from '../../db/schema/auth.ts';
import { createAccount } from '../account/account.service.ts';
import { audit, type AuthContext } from './auth.context.ts';
import { isAppError } from '../../errors.ts';
import { AuthApiError, authErrors } from './auth.errors.ts';
import { OidcError, type OidcClaims, type OidcProvider } from './auth.google.ts';
import { withError, withFragment, withQuery } from './auth.redirects.ts';
import {
  deleteFlowState,
  deleteOneTimeTokensOfUser,
  findFlowState,
  findIdentity,
  findUserByEmail,
  findUserById,
  insertFlowState,
  insertIdentity,
  updateFlowState,
  updateIdentity,
  updateUser,
} from './auth.repository.ts';
import { parsePkce } from './auth.rules.ts';
import type { UserRow } from './auth.serializers.ts';
import { buildSessionAnswer, openSession } from './auth.sessions.service.ts';
import { randomToken, s256Challenge, sha256Hex } from './auth.tokens.ts';

/** How long the round trip through Google's sign-in pages may take (a second factor can be slow). */
const OAUTH_ROUND_TRIP_MS = 10 * 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const OAUTH_STATE_COOKIE = 'sb-oauth-state';

const callbackUrl = (ctx: AuthContext) => `${ctx.config.siteUrl}/auth/v1/callback`;

/**
 * GET /authorize: remembers the client's redirect_to and PKCE challenge in a flow state, then sends the browser to
 * Google with our own PKCE verifier and nonce. The returned state is also set as a cookie and checked at the
 * callback, so a callback link made by someone else cannot sign this browser into their account.
 */
export async function startOAuthSignIn(
  ctx: AuthContext,
  google: OidcProvider | null,
  input: {
    provider?: string;
    redirectTo?: string;
    scopes?: string;
    codeChallenge?: string | null;
    codeChallengeMethod?: string | null;
  },
): Promise<{ url: string; state: string }> {
  const provider = (input.provider ?? '').toLowerCase();
  if (provider !== 'google') throw authErrors.unknownProvider(input.provider ?? '');
  if (!google) throw authErrors.providerDisabled();
  const pkce = parsePkce(input.codeChallenge, input.codeChallengeMethod);
  const redirectTo = ctx.redirects.resolve(input.redirectTo);
  const verifier = randomToken();
  const nonce = randomToken();
  const flow = await insertFlowState(ctx.db, {
    providerType: 'google',
    authenticationMethod: 'oauth',
    codeChallenge: pkce?.challenge ?? null,
    codeChallengeMethod: pkce?.method ?? null,
    redirectTo,
    providerCodeVerifier: verifier,
    providerNonce: nonce,
  });
  try {
    const url = await google.authorizationUrl({
      state: flow.id,
      nonce,
      codeChallenge: s256Challenge(verifier),
      redirectUri: callbackUrl(ctx),
      scopes: input.scopes,
    });
    return { url, state: flow.id };
  } catch (error) {
    await deleteFlowState(ctx.db, flow.id);
    if (error instanceof OidcError) throw new AuthApiError(502, 'unexpected_failure', error.message);
    throw error;
  }
}

/** GET /callback: always answers with a redirect to the client, carrying a session, a PKCE code, or an error. */
export async function completeOAuthSignIn(
  ctx: AuthContext,
  google: OidcProvider | null,
  input: { state?: string; code?: string; error?: string; errorDescription?: string; cookieState?: string },
): Promise<string> {
  const state = input.state ?? '';
  const flow = UUID.test(state) ? await findFlowState(ctx.db, state) : undefined;
  const isUsable =
    flow?.providerType === 'google' &&
    !flow.authCodeHash &&
    Date.now() - flow.createdAt.getTime() <= OAUTH_ROUND_TRIP_MS;
  if (
    !flow ||
    !isUsable ||
    !flow.providerCodeVerifier ||
    !flow.providerNonce ||
    input.cookieState !== state ||
    !google
  ) {
    const error = authErrors.badOAuthState();
    return withError(
      ctx.redirects.fallback,
      { error: 'invalid_request', code: error.code, description: error.message },
      false,
    );
  }
  const redirectTo = ctx.redirects.resolve(flow.redirectTo);
  const isPkce = Boolean(flow.codeChallenge);
  const fail = async (error: string, code: string, description: string) => {
    await deleteFlowState(ctx.db, flow.id);
    return withError(redirectTo, { error, code, description }, isPkce);
  };

  if (input.error) {
    const error = /^[a-z_]{1,64}$/.test(input.error) ? input.error : 'server_error';
    return fail(error, 'bad_oauth_callback', input.errorDescription ?? input.error);
  }
  if (!input.code)
    return fail('invalid_request', 'bad_oauth_callback', 'OAuth callback with missing authorization code');

  let claims: OidcClaims;
  try {
    claims = await google.exchangeCode({
      code: input.code,
      codeVerifier: flow.providerCodeVerifier,
      redirectUri: callbackUrl(ctx),
      nonce: flow.providerNonce,
    });
  } catch (error) {
    if (!(error instanceof OidcError)) throw error;
    ctx.log.warn({ err: error }, 'google sign-in failed at the provider');
    return fail('server_error', 'bad_oauth_callback', error.message);
  }

  const now = new Date();
  try {
    const outcome = await withTransaction(ctx, async (tx) => {
      const user = await resolveGoogleUser(tx, claims, now);
      if (user.bannedUntil && user.bannedUntil > now) throw authErrors.userBanned();
      if (isPkce) {
        const code = randomUUID();
        await updateFlowState(tx.db, flow.id, {
          userId: user.id,
          authCodeHash: sha256Hex(code),
          authCodeIssuedAt: now,
          providerCodeVerifier: null,
          providerNonce: null,
        });
        return { kind: 'code' as const, code };
      }
      await deleteFlowState(tx.db, flow.id);
      return { kind: 'session' as const, opened: await openSession(tx, user, 'oauth') };
    });
    if (outcome.kind === 'code') return withQuery(redirectTo, { code: outcome.code });
    const { user, session, refreshToken } = outcome.opened;
    const answer = await buildSessionAnswer(ctx, user, session, refreshToken);
    return withFragment(redirectTo, {
      access_token: answer.access_token,
      expires_at: String(answer.expires_at),
      expires_in: String(answer.expires_in),
      provider_type: 'google',
      refresh_token: answer.refresh_token,
      token_type: 'bearer',
    });
  } catch (error) {
    if (!isAppError(error) || error.statusCode >= 500) throw error;
    return fail('access_denied', error.code, error.message);
  }
}

function googleIdentityData(claims: OidcClaims): Metadata {
  return {
    iss: claims.issuer,
    sub: claims.sub,
    provider_id: claims.sub,
    email: claims.email,
    email_verified: claims.isEmailVerified,
    phone_verified: false,
    name: claims.name,
    full_name: claims.name,
    given_name: claims.givenName,
    family_name: claims.familyName,
    picture: claims.picture,
    avatar_url: claims.picture,
  };
}

const withProvider = (appMetadata: Metadata, provider: string): Metadata => {
  const providers = Array.isArray(appMetadata.providers) ? (appMetadata.providers as string[]) : [];
  return { ...appMetadata, providers: providers.includes(provider) ? providers : [...providers, provider] };
};

/**
 * A returning Google identity signs in its user. A new one is linked to the account with the same address only
 * when Google says the address is verified; otherwise anyone could claim an address at a provider and take over
 * the account. Linking to an account whose address was never confirmed also drops that account's password: it
 * could have been set by someone squatting the address.
 */
async function resolveGoogleUser(tx: AuthContext, claims: OidcClaims, now: Date): Promise<UserRow> {
  const identityData = googleIdentityData(claims);
  const known = await findIdentity(tx.db, 'google', claims.sub);
  if (known) {
    const user = await findUserById(tx.db, known.userId, { forUpdate: true });
    if (!user) throw authErrors.userNotFound();
    await updateIdentity(tx.db, known.id, { identityData, email: claims.email ?? known.email, lastSignInAt: now });
    await audit(tx, 'login', user.id, { provider: 'google' });
    return user;
  }
  if (!claims.email || !claims.isEmailVerified) throw authErrors.providerEmailNeedsVerification();

  const existing = await findUserByEmail(tx.db, claims.email);
  if (existing) {
    await insertIdentity(tx.db, {
      providerId: claims.sub,
      userId: existing.id,
      provider: 'google',
      email: claims.email,
      identityData,
      lastSignInAt: now,
      createdAt: now,
      updatedAt: now,
    });
    const wasConfirmed = Boolean(existing.emailConfirmedAt);
    if (!wasConfirmed) await deleteOneTimeTokensOfUser(tx.db, existing.id, 'confirmation_token');
    const user = await updateUser(tx.db, existing.id, {
      rawAppMetaData: withProvider(existing.rawAppMetaData, 'google'),
      ...(wasConfirmed ? {} : { emailConfirmedAt: now, encryptedPassword: null }),
    });
    await audit(tx, 'identity_linked', user.id, {
      provider: 'google',
      dropped_unconfirmed_password: !wasConfirmed,
    });
    await audit(tx, 'login', user.id, { provider: 'google' });
    return user;
  }

  const id = randomUUID();
  const user = await createAccount(tx, {
    user: {
      id,
      email: claims.email,
      emailConfirmedAt: now,
      rawAppMetaData: { provider: 'google', providers: ['google'] },
      // first_name/last_name are the names the app reads; the rest mirrors what GoTrue stores for Google users.
      rawUserMetaData: Object.fromEntries(
        Object.entries({ ...identityData, first_name: claims.givenName, last_name: claims.familyName }).filter(
          ([, v]) => v !== undefined,
        ),
      ),
      createdAt: now,
      updatedAt: now,
    },
    identity: {
      providerId: claims.sub,
      provider: 'google',
      email: claims.email,
      identityData,
      lastSignInAt: now,
      createdAt: now,
      updatedAt: now,
    },
  });
  await audit(tx, 'user_signedup', id, { provider: 'google' });
  return user;
}
