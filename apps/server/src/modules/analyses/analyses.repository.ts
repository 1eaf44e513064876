import { and, asc, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { dreamAnalyses } from '../../db/schema/analyses.ts';
import { dreams } from '../../db/schema/dreams.ts';
import { readBytea } from '../../db/schema/user-keys.ts';
import type { InstantPosition } from '../../pagination.ts';

export type NewAnalysisRow = typeof dreamAnalyses.$inferInsert;

const analysisColumns = {
  id: dreamAnalyses.id,
  dreamId: dreamAnalyses.dreamId,
  dreamVersion: dreamAnalyses.dreamVersion,
  provider: dreamAnalyses.provider,
  model: dreamAnalyses.model,
  language: dreamAnalyses.language,
  charge: dreamAnalyses.charge,
  resultEnc: readBytea(dreamAnalyses.resultEnc),
  createdAt: dreamAnalyses.createdAt,
};
export type AnalysisRow = Omit<typeof dreamAnalyses.$inferSelect, 'userId' | 'idempotencyKey'>;

// Analyses are shown only while their dream is live: a deleted dream takes its analyses out of every list.
const ofLiveDream = and(
  eq(dreams.id, dreamAnalyses.dreamId),
  eq(dreams.userId, dreamAnalyses.userId),
  isNull(dreams.deletedAt),
);
const ownedBy = (userId: string) => eq(dreamAnalyses.userId, userId);
const newestFirst = [desc(dreamAnalyses.createdAt), desc(dreamAnalyses.id)];

export async function insertAnalysis(db: DbOrTx, row: NewAnalysisRow): Promise<void> {
  await db.insert(dreamAnalyses).values(row);
}

export async function findAnalysisByIdempotencyKey(
  db: DbOrTx,
  userId: string,
  key: string,
): Promise<AnalysisRow | undefined> {
  const [row] = await db
    .select(analysisColumns)
    .from(dreamAnalyses)
    .where(and(ownedBy(userId), eq(dreamAnalyses.idempotencyKey, key)))
    .limit(1);
  return row;
}

export async function listDreamAnalysisRows(db: DbOrTx, userId: string, dreamId: string): Promise<AnalysisRow[]> {
  return db
    .select(analysisColumns)
    .from(dreamAnalyses)
    .where(and(ownedBy(userId), eq(dreamAnalyses.dreamId, dreamId)))
    .orderBy(...newestFirst);
}

/**
 * Newest first, across the user's live dreams, with what the list shows of each dream. The page's ids are picked
 * first, so the sort never drags the sealed blobs along (they are ~3.5 KB each; bench/analyses.ts).
 */
export async function listAnalysisRows(db: DbOrTx, userId: string, page: { after?: InstantPosition; limit: number }) {
  const { after } = page;
  const picked = db
    .select({ id: dreamAnalyses.id })
    .from(dreamAnalyses)
    .innerJoin(dreams, ofLiveDream)
    .where(
      and(
        ownedBy(userId),
        after
          ? or(
              lt(dreamAnalyses.createdAt, after.createdAt),
              and(eq(dreamAnalyses.createdAt, after.createdAt), lt(dreamAnalyses.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(...newestFirst)
    .limit(page.limit)
    .as('picked');
  return db
    .select({ ...analysisColumns, dreamSummaryEnc: readBytea(dreams.summaryEnc), dreamtOn: dreams.dreamtOn })
    .from(picked)
    .innerJoin(dreamAnalyses, eq(dreamAnalyses.id, picked.id))
    .innerJoin(dreams, ofLiveDream)
    .where(ownedBy(userId))
    .orderBy(...newestFirst);
}

/** Every analysis of these dreams of the user (live or deleted dreams), oldest first: for the data export. */
export async function listAnalysisRowsOfDreams(db: DbOrTx, userId: string, dreamIds: string[]): Promise<AnalysisRow[]> {
  if (dreamIds.length === 0) return [];
  return db
    .select(analysisColumns)
    .from(dreamAnalyses)
    .where(and(ownedBy(userId), inArray(dreamAnalyses.dreamId, dreamIds)))
    .orderBy(asc(dreamAnalyses.createdAt), asc(dreamAnalyses.id));
}

/** Erases every analysis of the user (live or deleted dreams alike); returns how many. */
export async function deleteAnalysisRows(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db.delete(dreamAnalyses).where(ownedBy(userId)).returning({ id: dreamAnalyses.id });
  return rows.length;
}

/**
 * The user's live dreams among these ids (what an interpretation's citations may still link to, decision 064): a
 * dream of another user, or one deleted since, is not returned.
 */
export async function listLiveCitedDreams(db: DbOrTx, userId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: dreams.id, dreamtOn: dreams.dreamtOn, summaryEnc: readBytea(dreams.summaryEnc) })
    .from(dreams)
    .where(and(eq(dreams.userId, userId), isNull(dreams.deletedAt), inArray(dreams.id, ids)));
}
