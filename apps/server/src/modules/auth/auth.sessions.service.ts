import type { AuthSession, AuthUser } from '@sonhario/contracts/auth';
import { withTransaction } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { audit, type AuthContext, type RequestAuth } from './auth.context.ts';
import { authErrors, type AuthApiError } from './auth.errors.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './auth.passwords.ts';
import {
  deleteFlowState,
  deleteSession,
  deleteUserSessions,
  endSession,
  findActiveChildToken,
  findFlowStateByAuthCodeForUpdate,
  findIdentitiesOfUsers,
  findRefreshTokenForUpdate,
  findSession,
  findUserByEmail,
  findUserById,
  insertRefreshToken,
  insertSession,
  revokeRefreshToken,
  revokeSessionTokens,
  touchSession,
  updateUser,
  type SessionRow,
} from './auth.repository.ts';
import { AUTH_RULES } from './auth.rules.ts';
import { toAuthSession, toAuthUser, type UserRow } from './auth.serializers.ts';
import {
  childRefreshToken,
  isValidCodeVerifier,
  JwtError,
  randomToken,
  sha256Hex,
  signAccessToken,
  verifyJwt,
  type CodeChallengeMethod,
} from './auth.tokens.ts';

/**
 * Sessions and their tokens: opening a session and the answer supabase-js stores (shared by every flow that signs
 * someone in), POST /token (password, refresh_token and pkce grants), verifying an access token, POST /logout.
 */

/** How the session was opened, as GoTrue names it in the `amr` claim. */
export type SignInMethod = 'password' | 'otp' | 'recovery' | 'email/signup' | 'email_change' | 'oauth';

/** Opens a session with its first refresh token and stamps the sign-in on the user. Runs inside the caller's transaction. */
export async function openSession(
  ctx: Pick<AuthContext, 'db' | 'ip' | 'userAgent'>,
  user: UserRow,
  method: SignInMethod,
): Promise<{ session: SessionRow; refreshToken: string; user: UserRow }> {
  const now = new Date();
  const session = await insertSession(ctx.db, {
    userId: user.id,
    amr: [{ method, timestamp: Math.floor(now.getTime() / 1000) }],
    userAgent: ctx.userAgent,
    ip: ctx.ip,
    refreshedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  const refreshToken = randomToken();
  await insertRefreshToken(ctx.db, {
    tokenHash: sha256Hex(refreshToken),
    userId: user.id,
    sessionId: session.id,
    createdAt: now,
    updatedAt: now,
  });
  const signedIn = await updateUser(ctx.db, user.id, { lastSignInAt: now, updatedAt: user.updatedAt });
  return { session, refreshToken, user: signedIn };
}

export async function loadAuthUser(db: DbOrTx, user: UserRow): Promise<AuthUser> {
  return toAuthUser(user, await findIdentitiesOfUsers(db, [user.id]));
}

/** The session answer supabase-js stores: a fresh access token, the refresh token and the user. */
export async function buildSessionAnswer(
  ctx: Pick<AuthContext, 'db' | 'config' | 'secrets'>,
  user: UserRow,
  session: SessionRow,
  refreshToken: string,
): Promise<AuthSession> {
  const expiresIn = ctx.config.env.AUTH_JWT_EXPIRY;
  const { token, expiresAt } = signAccessToken(ctx.secrets.jwtSecret, {
    issuer: `${ctx.config.siteUrl}/auth/v1`,
    expiresIn,
    now: Date.now(),
    claims: {
      sub: user.id,
      aud: user.aud,
      role: user.role,
      email: user.email,
      phone: '',
      app_metadata: user.rawAppMetaData,
      user_metadata: user.rawUserMetaData,
      aal: session.aal,
      amr: session.amr,
      session_id: session.id,
      is_anonymous: false,
    },
  });
  return toAuthSession({
    accessToken: token,
    expiresIn,
    expiresAt,
    refreshToken,
    user: await loadAuthUser(ctx.db, user),
  });
}

// --- sign-in ---------------------------------------------------------------------------------------------------------

export async function signInWithPassword(
  ctx: AuthContext,
  input: { email?: string; phone?: string | null; password?: string },
): Promise<AuthSession> {
  if (!input.email && input.phone) throw authErrors.phoneUnsupported();
  if (!input.email) throw authErrors.validation('missing email or phone');
  const email = (input.email ?? '').trim().toLowerCase();
  const password = input.password ?? '';
  const passwordOptions = { memoryKib: ctx.config.env.AUTH_ARGON2_MEMORY_KIB };
  const user = await findUserByEmail(ctx.db, email);
  if (!user || !user.encryptedPassword || !password) {
    await burnPasswordCheck(password, passwordOptions);
    throw authErrors.invalidCredentials();
  }
  const check = await verifyPassword(user.encryptedPassword, password);
  if (!check.isValid) throw authErrors.invalidCredentials();
  // Only after the password is right: otherwise this would tell strangers which addresses await confirmation.
  if (!user.emailConfirmedAt) throw authErrors.emailNotConfirmed();
  if (user.bannedUntil && user.bannedUntil > new Date()) throw authErrors.userBanned();
  const upgradedHash = check.needsRehash ? await hashPassword(password, passwordOptions) : undefined;

  const opened = await withTransaction(ctx, async (tx) => {
    if (upgradedHash) await updateUser(tx.db, user.id, { encryptedPassword: upgradedHash });
    const opened = await openSession(tx, user, 'password');
    await audit(tx, 'login', user.id, { provider: 'email' });
    return opened;
  });
  return buildSessionAnswer(ctx, opened.user, opened.session, opened.refreshToken);
}

// --- refresh -----------------------------------------------------------------------------------------------------

export async function refreshSession(ctx: AuthContext, presented: string | undefined): Promise<AuthSession> {
  if (!presented) throw authErrors.refreshTokenRequired();
  const now = new Date();
  type Refreshed = { user: UserRow; session: SessionRow; refreshToken: string };
  const outcome = await withTransaction(ctx, async (tx): Promise<Refreshed | { error: AuthApiError }> => {
    const token = await findRefreshTokenForUpdate(tx.db, sha256Hex(presented));
    if (!token) return { error: authErrors.refreshTokenNotFound() };
    const session = await findSession(tx.db, token.sessionId);
    const user = await findUserById(tx.db, token.userId);
    if (!session || !user) return { error: authErrors.refreshTokenNotFound() };
    if (user.bannedUntil && user.bannedUntil > now) return { error: authErrors.userBanned() };
    const isSessionEnded = session.notAfter !== null && session.notAfter <= now;
    const successor = childRefreshToken(ctx.secrets.jwtSecret, presented);

    let issued: string;
    if (token.revokedAt) {
      // Two tabs refreshing at once: the slower one presents the token the faster one just rotated. Within the
      // reuse interval, and only while that rotation's successor is still the live token, both get the same one.
      const child = await findActiveChildToken(tx.db, token.id);
      const isWithinInterval = now.getTime() - token.revokedAt.getTime() <= AUTH_RULES.refreshReuseIntervalMs;
      if (!child || !isWithinInterval || isSessionEnded || child.tokenHash !== sha256Hex(successor)) {
        // Anything else is a replayed token: someone else may hold the family. End the whole session.
        await revokeSessionTokens(tx.db, session.id, now);
        await endSession(tx.db, session.id, now);
        await audit(tx, 'token_revoked', user.id, { reason: 'refresh_token_reuse', session_id: session.id });
        return { error: authErrors.refreshTokenAlreadyUsed() };
      }
      issued = successor;
    } else {
      if (isSessionEnded) return { error: authErrors.sessionExpired() };
      await revokeRefreshToken(tx.db, token.id, now);
      await insertRefreshToken(tx.db, {
        tokenHash: sha256Hex(successor),
        userId: user.id,
        sessionId: session.id,
        parentId: token.id,
        createdAt: now,
        updatedAt: now,
      });
      issued = successor;
    }
    await touchSession(tx.db, session.id, { at: now, userAgent: ctx.userAgent, ip: ctx.ip });
    await audit(tx, 'token_refreshed', user.id, { session_id: session.id });
    return { user, session, refreshToken: issued };
  });
  // Reuse detection must commit its revocation, so the transaction returns the error instead of throwing it.
  if ('error' in outcome) throw outcome.error;
  return buildSessionAnswer(ctx, outcome.user, outcome.session, outcome.refreshToken);
}

// --- PKCE code exchange ------------------------------------------------------------------------------------------------

export async function exchangeAuthCode(
  ctx: AuthContext,
  input: { authCode?: string; codeVerifier?: string },
): Promise<AuthSession> {
  if (!input.authCode || !input.codeVerifier) {
    throw authErrors.pkceInvalid('invalid request: both auth code and code verifier should be non-empty');
  }
  const { authCode, codeVerifier } = input;
  const now = new Date();
  const outcome = await withTransaction(ctx, async (tx) => {
    const flow = await findFlowStateByAuthCodeForUpdate(tx.db, sha256Hex(authCode));
    if (!flow || !flow.userId || !flow.codeChallenge || !flow.codeChallengeMethod)
      return { error: authErrors.flowStateNotFound() };
    const issuedAt = flow.authCodeIssuedAt ?? flow.createdAt;
    if (now.getTime() - issuedAt.getTime() > AUTH_RULES.flowStateLifetimeMs) {
      await deleteFlowState(tx.db, flow.id);
      return { error: authErrors.flowStateExpired() };
    }
    if (!isValidCodeVerifier(codeVerifier, flow.codeChallenge, flow.codeChallengeMethod as CodeChallengeMethod)) {
      return { error: authErrors.badCodeVerifier() };
    }
    const user = await findUserById(tx.db, flow.userId);
    if (!user) return { error: authErrors.flowStateNotFound() };
    if (user.bannedUntil && user.bannedUntil > now) return { error: authErrors.userBanned() };
    await deleteFlowState(tx.db, flow.id);
    const opened = await openSession(tx, user, flow.authenticationMethod as SignInMethod);
    await audit(tx, 'login', user.id, { provider: flow.providerType, flow: 'pkce' });
    return opened;
  });
  if ('error' in outcome) throw outcome.error;
  return buildSessionAnswer(ctx, outcome.user, outcome.session, outcome.refreshToken);
}

// --- access tokens and sign-out ---------------------------------------------------------------------------------------

/**
 * Verifies a bearer access token and that its session still exists: signing out, or reuse detection, ends access
 * at once rather than when the token expires.
 */
export async function authenticateAccessToken(
  ctx: Pick<AuthContext, 'db' | 'secrets'>,
  authorization: string | undefined,
): Promise<RequestAuth> {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (!token) throw authErrors.noAuthorization();
  let claims;
  try {
    claims = await verifyJwt(ctx.secrets.jwtSecret, token, { audience: 'authenticated' });
  } catch (error) {
    if (error instanceof JwtError) throw authErrors.badJwt(error.message);
    throw error;
  }
  if (typeof claims.sub !== 'string' || !claims.sub) throw authErrors.badJwt('invalid claim: missing sub claim');
  const sessionId = claims.session_id;
  if (typeof sessionId !== 'string' || !/^[0-9a-f-]{36}$/i.test(sessionId)) throw authErrors.sessionNotFound();
  const session = await findSession(ctx.db, sessionId);
  if (!session || session.userId !== claims.sub || (session.notAfter && session.notAfter <= new Date())) {
    throw authErrors.sessionNotFound();
  }
  return { userId: claims.sub, sessionId, email: typeof claims.email === 'string' ? claims.email : '' };
}

export async function logout(ctx: AuthContext, auth: RequestAuth, scope: 'global' | 'local' | 'others'): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    if (scope === 'local') await deleteSession(tx.db, auth.userId, auth.sessionId);
    else if (scope === 'others') await deleteUserSessions(tx.db, auth.userId, { exceptSessionId: auth.sessionId });
    else await deleteUserSessions(tx.db, auth.userId);
    await audit(tx, 'logout', auth.userId, { scope });
  });
}
