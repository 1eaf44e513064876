import { and, asc, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { analysisUsage, creditLedger } from '../../db/schema/analyses.ts';
import { authAuditLogEntries, authIdentities, authSessions, authUsers } from '../../db/schema/auth.ts';
import { consents } from '../../db/schema/consents.ts';
import { readNullableBytea } from '../../db/schema/user-keys.ts';
import { auditEntriesAbout } from '../auth/auth.repository.ts';

// The reads behind the data export and the device list: records of other modules (auth, consents, credits), read
// only, each filtered by the user. Dreams and analyses are read through their services, which hold the keys.

export async function findAccount(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: authUsers.id,
      email: authUsers.email,
      metadata: authUsers.rawUserMetaData,
      createdAt: authUsers.createdAt,
      emailConfirmedAt: authUsers.emailConfirmedAt,
      lastSignInAt: authUsers.lastSignInAt,
    })
    .from(authUsers)
    .where(eq(authUsers.id, userId))
    .limit(1);
  return row;
}

export async function listIdentities(db: DbOrTx, userId: string) {
  return db
    .select({
      provider: authIdentities.provider,
      email: authIdentities.email,
      createdAt: authIdentities.createdAt,
      lastSignInAt: authIdentities.lastSignInAt,
    })
    .from(authIdentities)
    .where(eq(authIdentities.userId, userId))
    .orderBy(asc(authIdentities.createdAt), asc(authIdentities.id));
}

/** Every consent answer, oldest first (the history, withdrawn ones included). */
export async function listConsentRows(db: DbOrTx, userId: string) {
  return db
    .select({
      purpose: consents.purpose,
      text: consents.text,
      textVersion: consents.textVersion,
      grantedAt: consents.grantedAt,
      withdrawnAt: consents.withdrawnAt,
      isGranted: consents.isGranted,
      source: consents.source,
    })
    .from(consents)
    .where(eq(consents.userId, userId))
    .orderBy(asc(consents.grantedAt), asc(consents.id));
}

const lastUsedAt = sql<Date>`coalesce(${authSessions.refreshedAt}, ${authSessions.createdAt})`.mapWith(
  authSessions.createdAt,
);

/** The user's sessions, most recently used first (the last refresh, or the sign-in); never tokens. */
export async function listSessionRows(db: DbOrTx, userId: string, options: { liveAt?: Date } = {}) {
  const { liveAt } = options;
  return (
    db
      .select({
        id: authSessions.id,
        createdAt: authSessions.createdAt,
        lastUsedAt,
        userAgent: authSessions.userAgent,
        ip: authSessions.ip,
        notAfter: authSessions.notAfter,
      })
      .from(authSessions)
      // Live: what the /api/v1 authentication accepts (a session row without an end, or ending later).
      .where(
        and(
          eq(authSessions.userId, userId),
          liveAt ? or(isNull(authSessions.notAfter), gt(authSessions.notAfter, liveAt)) : undefined,
        ),
      )
      .orderBy(desc(lastUsedAt), desc(authSessions.createdAt), desc(authSessions.id))
  );
}

/**
 * The security audit log about the user, oldest first: the entries they made (actor_id) and any whose traits name
 * them (an operator's action on the account). The filter is account deletion's (deleteUserRows in
 * modules/account/account.repository.ts), so the export shows exactly the entries deletion removes: change both
 * together (privacy.export.test.ts checks they agree). The traits go out whole; the service picks what is exported.
 */
export async function listSecurityLogRows(db: DbOrTx, userId: string) {
  return db
    .select({
      id: authAuditLogEntries.id,
      action: authAuditLogEntries.action,
      createdAt: authAuditLogEntries.createdAt,
      ipAddress: authAuditLogEntries.ipAddress,
      payload: authAuditLogEntries.payload,
    })
    .from(authAuditLogEntries)
    .where(auditEntriesAbout(userId))
    .orderBy(asc(authAuditLogEntries.createdAt), asc(authAuditLogEntries.id));
}

/** The credit ledger, oldest first. A few rows per analysis at most, so read at once. */
export async function listLedgerRowsOldestFirst(db: DbOrTx, userId: string) {
  return db
    .select({
      id: creditLedger.id,
      amount: creditLedger.amount,
      reason: creditLedger.reason,
      analysisId: creditLedger.analysisId,
      idempotencyKey: creditLedger.idempotencyKey,
      detailEnc: readNullableBytea(creditLedger.detailEnc),
      createdAt: creditLedger.createdAt,
    })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .orderBy(asc(creditLedger.createdAt), asc(creditLedger.id));
}

/** Analyses charged against the quota or credits, oldest first (one small row per analysis ever made). */
export async function listUsageRows(db: DbOrTx, userId: string) {
  return db
    .select({
      analysisId: analysisUsage.analysisId,
      month: analysisUsage.month,
      charge: analysisUsage.charge,
      provider: analysisUsage.provider,
      model: analysisUsage.model,
      createdAt: analysisUsage.createdAt,
    })
    .from(analysisUsage)
    .where(eq(analysisUsage.userId, userId))
    .orderBy(asc(analysisUsage.createdAt), asc(analysisUsage.id));
}
