import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { consents } from '../../db/schema/consents.ts';

export type ConsentRow = typeof consents.$inferSelect;

/** The latest answer per purpose (a later grant supersedes an earlier withdrawal, and so on). */
export async function findLatestConsents(db: DbOrTx, userId: string): Promise<ConsentRow[]> {
  return db
    .selectDistinctOn([consents.purpose])
    .from(consents)
    .where(eq(consents.userId, userId))
    .orderBy(consents.purpose, desc(consents.grantedAt), desc(consents.isGranted));
}

export async function insertConsentRows(db: DbOrTx, rows: (typeof consents.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(consents).values(rows);
}

/** Takes back a standing consent; the row stays as proof of what was agreed and when. */
export async function markConsentWithdrawn(db: DbOrTx, userId: string, id: string, at: Date): Promise<void> {
  await db
    .update(consents)
    .set({ withdrawnAt: at })
    .where(and(eq(consents.userId, userId), eq(consents.id, id), isNull(consents.withdrawnAt)));
}
