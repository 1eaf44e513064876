import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { dreams } from '../../db/schema/dreams.ts';

/**
 * The distinct calendar days, in `timeZone`, on which the user recorded a (live) dream, oldest first. The days
 * are computed by the database (one row per day, not per dream); PostgreSQL's tz data handles DST. Dreams restored
 * from an export file (idempotency key `import:…`, modules/account) count for nothing: a file can be edited, so
 * its dates could forge a streak (docs/export-format.md).
 */
export async function listRecordedDays(db: DbOrTx, userId: string, timeZone: string): Promise<string[]> {
  const day = sql<string>`((${dreams.recordedAt} at time zone ${timeZone}::text)::date)::text`;
  const rows = await db
    .selectDistinct({ day })
    .from(dreams)
    .where(
      and(
        eq(dreams.userId, userId),
        isNull(dreams.deletedAt),
        sql`(${dreams.idempotencyKey} is null or ${dreams.idempotencyKey} not like 'import:%')`,
      ),
    )
    .orderBy(sql`1`);
  return rows.map((row) => row.day);
}
