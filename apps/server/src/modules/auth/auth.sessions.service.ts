import type { AuthSession, AuthUser } from '@sonhario/contracts/auth';
import type { DbOrTx } from '../../db/client.ts';
import type { AuthContext } from './auth.context.ts';
import {
  findIdentitiesOfUsers,
  insertRefreshToken,
  insertSession,
  updateUser,
  type SessionRow,
} from './auth.repository.ts';
import { toAuthSession, toAuthUser, type UserRow } from './auth.serializers.ts';
import { randomToken, sha256Hex, signAccessToken } from './auth.tokens.ts';

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
