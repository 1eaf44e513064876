import type { Config } from '../../config.ts';
import type { RequestContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Metadata } from '../../db/schema/auth.ts';
import type { Secrets } from '../../secrets.ts';
import type { Mailer } from './auth.mailer.ts';
import type { RedirectPolicy } from './auth.redirects.ts';
import { insertAuditEntry } from './auth.repository.ts';

/**
 * The auth module's own context (/auth/v1, GoTrue's protocol), the one exception to RequestContext: most of its
 * callers are nobody yet (sign-up, sign-in, e-mail links carry no user), it reads the real clock rather than the
 * app's (token lifetimes are checked by clients against theirs), and it needs what no other module may touch: the
 * JWT secret, the mailer, the redirect policy, and the caller's address and user agent for sessions and the audit.
 */
export interface AuthContext extends Omit<RequestContext, 'userId' | 'now'> {
  config: Config;
  secrets: Secrets;
  mailer: Mailer;
  redirects: RedirectPolicy;
  ip: string | null;
  userAgent: string | null;
}

/** The caller behind a verified access token. */
export interface RequestAuth {
  userId: string;
  sessionId: string;
  email: string;
}

type LogType = 'account' | 'team' | 'user' | 'token' | 'admin';

/** GoTrue's audit actions. Traits never hold passwords, tokens or e-mail addresses. */
const LOG_TYPES: Record<string, LogType> = {
  user_signedup: 'team',
  user_confirmation_requested: 'user',
  user_repeated_signup: 'user',
  login: 'account',
  logout: 'account',
  token_refreshed: 'token',
  token_revoked: 'token',
  user_recovery_requested: 'user',
  user_updated_password: 'user',
  user_modified: 'user',
  identity_linked: 'account',
  user_deleted: 'admin',
  account_deleted: 'account',
};

/** One audit entry, written with `ctx.db` (inside the caller's transaction when it has one). */
export async function audit(
  ctx: { db: DbOrTx; ip: string | null },
  action: string,
  actorId: string | null,
  traits: Metadata = {},
): Promise<void> {
  await insertAuditEntry(ctx.db, {
    action,
    actorId,
    logType: LOG_TYPES[action] ?? 'admin',
    payload: traits,
    ipAddress: ctx.ip,
  });
}
