// The queries of the data export and import (modules/account): the journal oldest night first, the ids, keys and
// texts an import checks against, and the planner's statistics after a large import.

import { and, asc, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { dreams } from '../../db/schema/dreams.ts';
import { readBytea } from '../../db/schema/user-keys.ts';
import type { ListPosition } from './dreams.list.repository.ts';
import { dreamColumns, isLive, ownedBy, type DreamRow } from './dreams.repository.ts';

/**
 * One page of the user's dreams, full rows, oldest night first: the live ones (walking the list index forwards), or
 * the deleted ones still in their undo window. The page starts after `after`.
 */
export async function listDreamRowsOldestFirst(
  db: DbOrTx,
  userId: string,
  page: { isDeleted: boolean; after?: ListPosition; limit: number },
): Promise<DreamRow[]> {
  const { after } = page;
  return db
    .select(dreamColumns)
    .from(dreams)
    .where(
      and(
        ownedBy(userId),
        page.isDeleted ? isNotNull(dreams.deletedAt) : isLive,
        after
          ? sql`(${dreams.dreamtOn}, ${dreams.recordedAt}, ${dreams.id}) > (${after.dreamtOn}::date, ${after.recordedAt.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(dreams.dreamtOn), asc(dreams.recordedAt), asc(dreams.id))
    .limit(page.limit);
}

/** Which of these ids are dreams of the user (live or deleted). */
export async function findOwnDreamIds(db: DbOrTx, userId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: dreams.id })
    .from(dreams)
    .where(and(ownedBy(userId), inArray(dreams.id, ids)));
  return rows.map((row) => row.id);
}

/** Which of these idempotency keys the user's dreams (live or deleted) already carry. */
export async function findOwnIdempotencyKeys(db: DbOrTx, userId: string, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .select({ key: dreams.idempotencyKey })
    .from(dreams)
    .where(and(ownedBy(userId), inArray(dreams.idempotencyKey, keys)));
  return rows.flatMap((row) => (row.key === null ? [] : [row.key]));
}

/** The sealed content of the user's live dreams of these nights. */
export async function listLiveDreamContentsOn(db: DbOrTx, userId: string, dates: string[]) {
  if (dates.length === 0) return [];
  return db
    .select({ id: dreams.id, dreamtOn: dreams.dreamtOn, contentEnc: readBytea(dreams.contentEnc) })
    .from(dreams)
    .where(and(ownedBy(userId), isLive, inArray(dreams.dreamtOn, dates)));
}

/**
 * After a bulk import: when the dreams just added are a tenth or more of what the planner's statistics counted (or
 * the table was never analysed), refresh them now. Autovacuum would in its own time, or never where an operator
 * turned it off; until then the planner took the grown journal for a few rows and sorted all of a user's dreams for
 * a page of five (315 ms at 100,000 dreams, against 0.1 ms with statistics).
 */
export async function refreshDreamStatisticsAfter(db: DbOrTx, added: number): Promise<void> {
  const { rows } = await db.execute<{ counted: number }>(
    sql`select reltuples::float8 as counted from pg_class where oid = 'dreams'::regclass`,
  );
  const counted = rows[0]?.counted ?? -1;
  if (counted >= 0 && added < counted / 10) return;
  await db.execute(sql`analyze ${dreams}`);
}
