import { and, asc, count, desc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedRead } from '../../db/prepared.ts';
import {
  authAuditLogEntries,
  authFlowStates,
  authIdentities,
  authOneTimeTokens,
  authRefreshTokens,
  authSessions,
  authUsers,
  type OneTimeTokenType,
} from '../../db/schema/auth.ts';
import { consents } from '../../db/schema/consents.ts';

export type NewUser = typeof authUsers.$inferInsert;
export type UserPatch = Partial<Omit<NewUser, 'id' | 'createdAt'>>;
export type NewIdentity = typeof authIdentities.$inferInsert;
export type SessionRow = typeof authSessions.$inferSelect;
export type NewFlowState = typeof authFlowStates.$inferInsert;

/**
 * The one row of an `insert … returning`, or of an `update … returning` on a row the caller has just read: it is
 * there. If it is not (the row was deleted in between), fail here rather than hand `undefined` on as a row.
 */
function returnedRow<Row>(rows: Row[], table: string): Row {
  const [row] = rows;
  if (!row) throw new Error(`no ${table} row returned`);
  return row;
}

// --- users -------------------------------------------------------------------------------------------------------

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [user] = await db.select().from(authUsers).where(eq(authUsers.email, email)).limit(1);
  return user;
}

export async function findUserById(db: DbOrTx, id: string, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(authUsers).where(eq(authUsers.id, id)).limit(1);
  const [user] = options.forUpdate ? await query.for('update') : await query;
  return user;
}

/** Only createAccount (modules/account) calls this: an account is born with its identity and welcome bonus. */
export async function insertUser(db: DbOrTx, values: NewUser) {
  return returnedRow(await db.insert(authUsers).values(values).returning(), 'users');
}

export async function updateUser(db: DbOrTx, id: string, patch: UserPatch) {
  const rows = await db
    .update(authUsers)
    .set({ ...patch, updatedAt: patch.updatedAt ?? new Date() })
    .where(eq(authUsers.id, id))
    .returning();
  return returnedRow(rows, 'users');
}

export async function listUsers(db: DbOrTx, page: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(authUsers)
      // Newest first, as GoTrue lists them.
      .orderBy(desc(authUsers.createdAt), desc(authUsers.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(authUsers),
  ]);
  return { rows, total: total?.value ?? 0 };
}

// --- identities ----------------------------------------------------------------------------------------------------

export function findIdentitiesOfUsers(db: DbOrTx, userIds: string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(authIdentities)
    .where(inArray(authIdentities.userId, userIds))
    .orderBy(asc(authIdentities.createdAt));
}

export async function findIdentity(db: DbOrTx, provider: string, providerId: string) {
  const [identity] = await db
    .select()
    .from(authIdentities)
    .where(and(eq(authIdentities.provider, provider), eq(authIdentities.providerId, providerId)))
    .limit(1);
  return identity;
}

export async function insertIdentity(db: DbOrTx, values: NewIdentity) {
  return returnedRow(await db.insert(authIdentities).values(values).returning(), 'identities');
}

export async function updateIdentity(db: DbOrTx, id: string, patch: Partial<Omit<NewIdentity, 'id'>>) {
  await db
    .update(authIdentities)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(authIdentities.id, id));
}

/** Keeps the e-mail identity in step when the account's address changes. */
export async function updateEmailIdentity(db: DbOrTx, userId: string, email: string) {
  await db
    .update(authIdentities)
    .set({
      email,
      identityData: sql`jsonb_set(${authIdentities.identityData}, '{email}', to_jsonb(${email}::text))`,
      updatedAt: new Date(),
    })
    .where(and(eq(authIdentities.userId, userId), eq(authIdentities.provider, 'email')));
}

// --- sessions and refresh tokens -----------------------------------------------------------------------------------

export async function insertSession(db: DbOrTx, values: typeof authSessions.$inferInsert) {
  return returnedRow(await db.insert(authSessions).values(values).returning(), 'sessions');
}

/** Every `/api/v1` request's session check reads this: a prepared read (decision 055). */
const selectSession = preparedRead<{ id: string }, typeof authSessions.$inferSelect>('auth_find_session', (db) =>
  db
    .select()
    .from(authSessions)
    .where(eq(authSessions.id, sql.placeholder('id')))
    .limit(1),
);

export async function findSession(db: DbOrTx, id: string) {
  const [session] = await selectSession(db, { id });
  return session;
}

export async function touchSession(
  db: DbOrTx,
  id: string,
  values: { at: Date; userAgent: string | null; ip: string | null },
) {
  await db
    .update(authSessions)
    .set({ refreshedAt: values.at, updatedAt: values.at, userAgent: values.userAgent, ip: values.ip })
    .where(eq(authSessions.id, id));
}

export async function endSession(db: DbOrTx, id: string, at: Date) {
  await db.update(authSessions).set({ notAfter: at, updatedAt: at }).where(eq(authSessions.id, id));
}

export async function deleteSession(db: DbOrTx, userId: string, id: string) {
  await db.delete(authSessions).where(and(eq(authSessions.userId, userId), eq(authSessions.id, id)));
}

export async function deleteUserSessions(db: DbOrTx, userId: string, options: { exceptSessionId?: string } = {}) {
  await db
    .delete(authSessions)
    .where(
      options.exceptSessionId
        ? and(eq(authSessions.userId, userId), ne(authSessions.id, options.exceptSessionId))
        : eq(authSessions.userId, userId),
    );
}

export async function insertRefreshToken(db: DbOrTx, values: typeof authRefreshTokens.$inferInsert) {
  return returnedRow(await db.insert(authRefreshTokens).values(values).returning(), 'refresh_tokens');
}

/** Locks the token row, so two refreshes of the same token run one after the other. */
export async function findRefreshTokenForUpdate(db: DbOrTx, tokenHash: string) {
  const [token] = await db
    .select()
    .from(authRefreshTokens)
    .where(eq(authRefreshTokens.tokenHash, tokenHash))
    .limit(1)
    .for('update');
  return token;
}

export async function findActiveChildToken(db: DbOrTx, parentId: number) {
  const [token] = await db
    .select()
    .from(authRefreshTokens)
    .where(and(eq(authRefreshTokens.parentId, parentId), isNull(authRefreshTokens.revokedAt)))
    .limit(1);
  return token;
}

export async function revokeRefreshToken(db: DbOrTx, id: number, at: Date) {
  await db.update(authRefreshTokens).set({ revokedAt: at, updatedAt: at }).where(eq(authRefreshTokens.id, id));
}

export async function revokeSessionTokens(db: DbOrTx, sessionId: string, at: Date) {
  await db
    .update(authRefreshTokens)
    .set({ revokedAt: at, updatedAt: at })
    .where(and(eq(authRefreshTokens.sessionId, sessionId), isNull(authRefreshTokens.revokedAt)));
}

// --- e-mail tokens and PKCE flow state -----------------------------------------------------------------------------

/** A new token of a kind replaces the user's previous one: only the latest link works. */
export async function upsertOneTimeToken(
  db: DbOrTx,
  values: {
    userId: string;
    tokenType: OneTimeTokenType;
    tokenHash: string;
    relatesTo: string;
    flowStateId: string | null;
    expiresAt: Date;
    createdAt: Date;
  },
) {
  await db
    .insert(authOneTimeTokens)
    .values(values)
    .onConflictDoUpdate({
      target: [authOneTimeTokens.userId, authOneTimeTokens.tokenType],
      set: {
        tokenHash: values.tokenHash,
        relatesTo: values.relatesTo,
        flowStateId: values.flowStateId,
        expiresAt: values.expiresAt,
        createdAt: values.createdAt,
      },
    });
}

export async function findOneTimeTokenForUpdate(db: DbOrTx, tokenHash: string, tokenType: OneTimeTokenType) {
  const [token] = await db
    .select()
    .from(authOneTimeTokens)
    .where(and(eq(authOneTimeTokens.tokenHash, tokenHash), eq(authOneTimeTokens.tokenType, tokenType)))
    .limit(1)
    .for('update');
  return token;
}

export async function deleteOneTimeToken(db: DbOrTx, id: string) {
  await db.delete(authOneTimeTokens).where(eq(authOneTimeTokens.id, id));
}

export async function deleteOneTimeTokensOfUser(db: DbOrTx, userId: string, tokenType: OneTimeTokenType) {
  await db
    .delete(authOneTimeTokens)
    .where(and(eq(authOneTimeTokens.userId, userId), eq(authOneTimeTokens.tokenType, tokenType)));
}

export async function insertFlowState(db: DbOrTx, values: NewFlowState) {
  return returnedRow(await db.insert(authFlowStates).values(values).returning(), 'flow_state');
}

export async function findFlowState(db: DbOrTx, id: string) {
  const [flow] = await db.select().from(authFlowStates).where(eq(authFlowStates.id, id)).limit(1);
  return flow;
}

export async function findFlowStateByAuthCodeForUpdate(db: DbOrTx, authCodeHash: string) {
  const [flow] = await db
    .select()
    .from(authFlowStates)
    .where(eq(authFlowStates.authCodeHash, authCodeHash))
    .limit(1)
    .for('update');
  return flow;
}

export async function updateFlowState(db: DbOrTx, id: string, patch: Partial<Omit<NewFlowState, 'id'>>) {
  await db
    .update(authFlowStates)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(authFlowStates.id, id));
}

/** Single use: deleting returns whether this caller was the one that consumed it. */
export async function deleteFlowState(db: DbOrTx, id: string): Promise<boolean> {
  const deleted = await db.delete(authFlowStates).where(eq(authFlowStates.id, id)).returning({ id: authFlowStates.id });
  return deleted.length > 0;
}

/**
 * The audit entries about a user: the ones they made (actor_id) and any whose payload names them (an operator's
 * action on the account). What the data export lists is exactly what account deletion removes.
 */
export const auditEntriesAbout = (userId: string) =>
  or(eq(authAuditLogEntries.actorId, userId), sql`strpos(${authAuditLogEntries.payload}::text, ${userId}) > 0`);

// --- consents, audit, housekeeping ----------------------------------------------------------------------------------

export async function insertConsents(db: DbOrTx, rows: (typeof consents.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(consents).values(rows);
}

export async function insertAuditEntry(db: DbOrTx, values: typeof authAuditLogEntries.$inferInsert) {
  await db.insert(authAuditLogEntries).values(values);
}

/** When the user last did `action` (by the audit log), or null. */
export async function findLatestAuditEntryAt(db: DbOrTx, actorId: string, action: string): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: authAuditLogEntries.createdAt })
    .from(authAuditLogEntries)
    .where(and(eq(authAuditLogEntries.actorId, actorId), eq(authAuditLogEntries.action, action)))
    .orderBy(desc(authAuditLogEntries.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

export async function deleteAuditEntry(db: DbOrTx, id: string) {
  await db.delete(authAuditLogEntries).where(eq(authAuditLogEntries.id, id));
}

/**
 * Drops what can no longer be used: expired e-mail tokens, abandoned PKCE flows, refresh tokens revoked long ago
 * (kept for a day so reuse of a rotated token is still recognized as reuse), and sessions ended by reuse detection.
 */
export async function deleteExpiredAuthRows(db: DbOrTx, now: Date) {
  const dayAgo = new Date(now.getTime() - 24 * 3600 * 1000);
  await db.delete(authOneTimeTokens).where(lt(authOneTimeTokens.expiresAt, now));
  await db.delete(authFlowStates).where(lt(authFlowStates.createdAt, dayAgo));
  await db.delete(authRefreshTokens).where(lt(authRefreshTokens.revokedAt, dayAgo));
  await db.delete(authSessions).where(lt(authSessions.notAfter, dayAgo));
}
