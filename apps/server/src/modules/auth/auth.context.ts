import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Metadata } from '../../db/schema/auth.ts';
import type { Secrets } from '../../secrets.ts';
import type { StatsCache } from '../analyses/analyses.service.ts';
import type { KeyRing } from '../keys/keys.service.ts';
import type { Mailer } from './auth.mailer.ts';
import type { RedirectPolicy } from './auth.redirects.ts';
import { insertAuditEntry } from './auth.repository.ts';

/** What every auth service function needs: the app's dependencies plus who is asking, from where. */
export interface AuthContext {
  db: Db;
  config: Config;
  secrets: Secrets;
  /** Users' keys: deleting a user destroys theirs. */
  keys: KeyRing;
  /** In-memory aggregates of users' analyses: deleting a user forgets theirs. */
  analysisStats: Pick<StatsCache, 'forget'>;
  mailer: Mailer;
  redirects: RedirectPolicy;
  log: FastifyBaseLogger;
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

export async function audit(
  db: DbOrTx,
  ctx: Pick<AuthContext, 'ip'>,
  action: string,
  actorId: string | null,
  traits: Metadata = {},
): Promise<void> {
  await insertAuditEntry(db, {
    action,
    actorId,
    logType: LOG_TYPES[action] ?? 'admin',
    payload: traits,
    ipAddress: ctx.ip,
  });
}
