import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { dreamAnalyses } from '../../db/schema/analyses.ts';
import { dreams } from '../../db/schema/dreams.ts';
import { readBytea } from '../../db/schema/user-keys.ts';

export type NewAnalysisRow = typeof dreamAnalyses.$inferInsert;

const analysisColumns = {
  id: dreamAnalyses.id,
  dreamId: dreamAnalyses.dreamId,
  dreamVersion: dreamAnalyses.dreamVersion,
  provider: dreamAnalyses.provider,
  model: dreamAnalyses.model,
  language: dreamAnalyses.language,
  charge: dreamAnalyses.charge,
  resultEnc: readBytea<Buffer>(dreamAnalyses.resultEnc),
  createdAt: dreamAnalyses.createdAt,
};
export type AnalysisRow = Omit<typeof dreamAnalyses.$inferSelect, 'userId' | 'idempotencyKey'>;

// Analyses are shown only while their dream is live: a deleted dream takes its analyses out of every list.
const ofLiveDream = and(eq(dreams.id, dreamAnalyses.dreamId), eq(dreams.userId, dreamAnalyses.userId), isNull(dreams.deletedAt));
const ownedBy = (userId: string) => eq(dreamAnalyses.userId, userId);
const newestFirst = [desc(dreamAnalyses.createdAt), desc(dreamAnalyses.id)];

export async function insertAnalysis(db: DbOrTx, row: NewAnalysisRow): Promise<void> {
  await db.insert(dreamAnalyses).values(row);
}

export async function findAnalysisByIdempotencyKey(db: DbOrTx, userId: string, key: string): Promise<AnalysisRow | undefined> {
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

export interface AnalysisPosition {
  createdAt: Date;
  id: string;
}

/** Newest first, across the user's live dreams, with what the list shows of each dream. */
export async function listAnalysisRows(db: DbOrTx, userId: string, page: { after?: AnalysisPosition; limit: number }) {
  const { after } = page;
  return db
    .select({ ...analysisColumns, dreamSummaryEnc: readBytea<Buffer>(dreams.summaryEnc), dreamtOn: dreams.dreamtOn })
    .from(dreamAnalyses)
    .innerJoin(dreams, ofLiveDream)
    .where(
      and(
        ownedBy(userId),
        after
          ? or(lt(dreamAnalyses.createdAt, after.createdAt), and(eq(dreamAnalyses.createdAt, after.createdAt), lt(dreamAnalyses.id, after.id)))
          : undefined,
      ),
    )
    .orderBy(...newestFirst)
    .limit(page.limit);
}

export async function countLiveAnalyses(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(dreamAnalyses).innerJoin(dreams, ofLiveDream).where(ownedBy(userId));
  return row?.n ?? 0;
}
