import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { analysisUsage, creditLedger } from '../../db/schema/analyses.ts';
import { readNullableBytea } from '../../db/schema/user-keys.ts';
import type { InstantPosition } from '../../pagination.ts';

export type LedgerInsert = typeof creditLedger.$inferInsert;
export type UsageInsert = typeof analysisUsage.$inferInsert;

/**
 * Serializes credit decisions of one user until the transaction ends (an advisory lock: it needs no row to exist).
 * Two analyses finishing at once take turns, so the second sees the first one's charge.
 */
export async function lockUserCredits(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`credits:${userId}`}, 0))`);
}

/** Appends a row unless its idempotency key is already in the ledger; returns whether it was written. */
export async function insertLedgerEntry(db: DbOrTx, entry: LedgerInsert): Promise<boolean> {
  const rows = await db
    .insert(creditLedger)
    .values(entry)
    .onConflictDoNothing({ target: creditLedger.idempotencyKey })
    .returning({ id: creditLedger.id });
  return rows.length > 0;
}

export async function sumBalance(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ balance: sql<string>`coalesce(sum(${creditLedger.amount}), 0)` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return Number(row?.balance ?? 0);
}

/** Newest first, each with the balance right after it (a running sum in ledger order). */
export async function listLedgerRows(db: DbOrTx, userId: string, page: { after?: InstantPosition; limit: number }) {
  const ledger = db
    .select({
      id: creditLedger.id,
      amount: creditLedger.amount,
      reason: creditLedger.reason,
      analysisId: creditLedger.analysisId,
      idempotencyKey: creditLedger.idempotencyKey,
      detailEnc: readNullableBytea(creditLedger.detailEnc).as('detail_enc'),
      createdAt: creditLedger.createdAt,
      balanceAfter:
        sql<string>`sum(${creditLedger.amount}) over (order by ${creditLedger.createdAt}, ${creditLedger.id})`.as(
          'balance_after',
        ),
    })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .as('ledger');
  const { after } = page;
  const rows = await db
    .select()
    .from(ledger)
    .where(
      after
        ? or(lt(ledger.createdAt, after.createdAt), and(eq(ledger.createdAt, after.createdAt), lt(ledger.id, after.id)))
        : undefined,
    )
    .orderBy(desc(ledger.createdAt), desc(ledger.id))
    .limit(page.limit);
  return rows.map((row) => ({ ...row, balanceAfter: Number(row.balanceAfter) }));
}

export async function insertUsage(db: DbOrTx, usage: UsageInsert): Promise<void> {
  await db.insert(analysisUsage).values(usage);
}

/** Analyses paid by the plan's quota in a month (YYYY-MM, user's time zone), counted up to `upTo` when given. */
export async function countQuotaUsage(db: DbOrTx, userId: string, month: string, upTo?: number): Promise<number> {
  const usage = db
    .select({ one: sql`1`.as('one') })
    .from(analysisUsage)
    .where(and(eq(analysisUsage.userId, userId), eq(analysisUsage.month, month), eq(analysisUsage.charge, 'quota')))
    .limit(upTo ?? Number.MAX_SAFE_INTEGER)
    .as('usage');
  const [row] = await db.select({ count: sql<string>`count(*)` }).from(usage);
  return Number(row?.count ?? 0);
}
