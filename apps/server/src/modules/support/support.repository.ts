import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { supportMessages } from '../../db/schema/support.ts';

export type SupportMessageRow = typeof supportMessages.$inferSelect;
type NewSupportMessageRow = typeof supportMessages.$inferInsert;

export async function insertSupportMessage(db: DbOrTx, values: NewSupportMessageRow): Promise<SupportMessageRow> {
  const [row] = await db.insert(supportMessages).values(values).returning();
  if (!row) throw new Error('support message not stored');
  return row;
}

/** When the user's messages sent after `since` were sent, oldest first (a day holds SUPPORT_LIMITS.perDay at most). */
export async function listSendingTimesSince(db: DbOrTx, userId: string, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: supportMessages.createdAt })
    .from(supportMessages)
    .where(and(eq(supportMessages.userId, userId), gt(supportMessages.createdAt, since)))
    .orderBy(asc(supportMessages.createdAt));
  return rows.map((row) => row.createdAt);
}

/** The user's messages, newest first (`limit` at most), or oldest first for the export. */
export async function listSupportMessageRows(
  db: DbOrTx,
  userId: string,
  options: { order: 'newest' | 'oldest'; limit?: number },
): Promise<SupportMessageRow[]> {
  const query = db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.userId, userId))
    .orderBy(
      ...(options.order === 'newest'
        ? [desc(supportMessages.createdAt), desc(supportMessages.id)]
        : [asc(supportMessages.createdAt), asc(supportMessages.id)]),
    );
  return options.limit === undefined ? query : query.limit(options.limit);
}

// --- the operator's tool (npm run admin -- support): across users, by design -------------------------------------

/** Open messages of every user with the sender's e-mail, priority first, then oldest (support_messages_open_idx). */
export function listOpenSupportMessageRows(db: DbOrTx) {
  return db
    .select({ row: supportMessages, email: authUsers.email })
    .from(supportMessages)
    .innerJoin(authUsers, eq(authUsers.id, supportMessages.userId))
    .where(eq(supportMessages.status, 'open'))
    .orderBy(desc(supportMessages.isPriority), asc(supportMessages.createdAt), asc(supportMessages.id));
}

/** A message with its sender's e-mail; `forUpdate` locks its row until the transaction ends. */
export async function findSupportMessage(db: DbOrTx, id: string, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select({ row: supportMessages, email: authUsers.email })
    .from(supportMessages)
    .innerJoin(authUsers, eq(authUsers.id, supportMessages.userId))
    .where(eq(supportMessages.id, id));
  const [found] = options.forUpdate ? await query.for('update', { of: supportMessages }) : await query;
  return found;
}

export async function storeSupportAnswer(
  db: DbOrTx,
  userId: string,
  id: string,
  answer: { answerEnc: Buffer; answeredAt: Date },
): Promise<SupportMessageRow | undefined> {
  const [row] = await db
    .update(supportMessages)
    .set({ ...answer, status: 'answered' })
    .where(and(eq(supportMessages.userId, userId), eq(supportMessages.id, id)))
    .returning();
  return row;
}
