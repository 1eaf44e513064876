import { and, asc, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { dreamAnalyses } from '../../db/schema/analyses.ts';
import { dreams } from '../../db/schema/dreams.ts';
import { monthlyReports } from '../../db/schema/patterns.ts';
import { readBytea } from '../../db/schema/user-keys.ts';

/** The most dreams one report reads (a month of 1,000 dreams is already 33 a night). */
const REPORT_DREAMS_MAX = 1000;

export type MonthlyReportRow = Omit<typeof monthlyReports.$inferSelect, 'userId'>;

const reportColumns = {
  id: monthlyReports.id,
  month: monthlyReports.month,
  provider: monthlyReports.provider,
  model: monthlyReports.model,
  language: monthlyReports.language,
  dreamCount: monthlyReports.dreamCount,
  resultEnc: readBytea(monthlyReports.resultEnc),
  createdAt: monthlyReports.createdAt,
};

export async function findReportRow(db: DbOrTx, userId: string, month: string): Promise<MonthlyReportRow | undefined> {
  const [row] = await db
    .select(reportColumns)
    .from(monthlyReports)
    .where(and(eq(monthlyReports.userId, userId), eq(monthlyReports.month, month)))
    .limit(1);
  return row;
}

/** Stores the month's report, replacing the one before (one row per user and month). */
export async function upsertReportRow(db: DbOrTx, userId: string, row: MonthlyReportRow): Promise<void> {
  await db
    .insert(monthlyReports)
    .values({ ...row, userId })
    .onConflictDoUpdate({
      target: [monthlyReports.userId, monthlyReports.month],
      set: {
        id: row.id,
        provider: row.provider,
        model: row.model,
        language: row.language,
        dreamCount: row.dreamCount,
        resultEnc: row.resultEnc,
        createdAt: row.createdAt,
      },
    });
}

/** Every report of the user, oldest month first (the data export). */
export async function listReportRows(db: DbOrTx, userId: string): Promise<MonthlyReportRow[]> {
  return db
    .select(reportColumns)
    .from(monthlyReports)
    .where(eq(monthlyReports.userId, userId))
    .orderBy(asc(monthlyReports.month));
}

/** Erases the user's reports (with "delete past analyses"); returns how many. */
export async function deleteReportRows(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .delete(monthlyReports)
    .where(eq(monthlyReports.userId, userId))
    .returning({ id: monthlyReports.id });
  return rows.length;
}

/** The months ('YYYY-MM') with live dreams and how many, newest first. */
export async function listDreamMonths(db: DbOrTx, userId: string): Promise<{ month: string; dreamCount: number }[]> {
  const month = sql<string>`to_char(${dreams.dreamtOn}, 'YYYY-MM')`;
  return db
    .select({ month, dreamCount: sql<number>`count(*)::int` })
    .from(dreams)
    .where(and(eq(dreams.userId, userId), isNull(dreams.deletedAt)))
    .groupBy(month)
    .orderBy(desc(month));
}

export async function listReportMonths(db: DbOrTx, userId: string): Promise<{ month: string; createdAt: Date }[]> {
  return db
    .select({ month: monthlyReports.month, createdAt: monthlyReports.createdAt })
    .from(monthlyReports)
    .where(eq(monthlyReports.userId, userId));
}

const inNights = (from: string, to: string) => and(gte(dreams.dreamtOn, from), lt(dreams.dreamtOn, to));

export interface ReportDreamRow {
  id: string;
  titleEnc: Buffer;
  contentEnc: Buffer;
  tagsEnc: Buffer;
  dreamtOn: string;
  mood: number | null;
  emotions: string[];
  lucidity: number;
  vividness: number | null;
  isNightmare: boolean;
  isRecurring: boolean;
}

/** The live dreams dreamt in [from, to), oldest night first, at most REPORT_DREAMS_MAX. */
export async function listMonthDreamRows(
  db: DbOrTx,
  userId: string,
  range: { from: string; to: string },
): Promise<ReportDreamRow[]> {
  return db
    .select({
      id: dreams.id,
      titleEnc: readBytea(dreams.titleEnc),
      contentEnc: readBytea(dreams.contentEnc),
      tagsEnc: readBytea(dreams.tagsEnc),
      dreamtOn: dreams.dreamtOn,
      mood: dreams.mood,
      emotions: dreams.emotions,
      lucidity: dreams.lucidity,
      vividness: dreams.vividness,
      isNightmare: dreams.isNightmare,
      isRecurring: dreams.isRecurring,
    })
    .from(dreams)
    .where(and(eq(dreams.userId, userId), isNull(dreams.deletedAt), inNights(range.from, range.to)))
    .orderBy(asc(dreams.dreamtOn), asc(dreams.recordedAt), asc(dreams.id))
    .limit(REPORT_DREAMS_MAX);
}

/** The counts of the live dreams dreamt in [from, to) (the month before, for the comparison). */
export async function countMonthDreams(db: DbOrTx, userId: string, range: { from: string; to: string }) {
  const [row] = await db
    .select({
      dreams: sql<number>`count(*)::int`,
      nightmares: sql<number>`(count(*) filter (where ${dreams.isNightmare}))::int`,
      lucid: sql<number>`(count(*) filter (where ${dreams.lucidity} > 0))::int`,
      recurring: sql<number>`(count(*) filter (where ${dreams.isRecurring}))::int`,
    })
    .from(dreams)
    .where(and(eq(dreams.userId, userId), isNull(dreams.deletedAt), inNights(range.from, range.to)));
  return row ?? { dreams: 0, nightmares: 0, lucid: 0, recurring: 0 };
}

/** The newest analysis of each live dream dreamt in [from, to). */
export async function listMonthAnalysisRows(
  db: DbOrTx,
  userId: string,
  range: { from: string; to: string },
): Promise<{ id: string; dreamId: string; resultEnc: Buffer }[]> {
  return db
    .selectDistinctOn([dreamAnalyses.dreamId], {
      id: dreamAnalyses.id,
      dreamId: dreamAnalyses.dreamId,
      resultEnc: readBytea(dreamAnalyses.resultEnc),
    })
    .from(dreamAnalyses)
    .innerJoin(dreams, and(eq(dreams.id, dreamAnalyses.dreamId), eq(dreams.userId, dreamAnalyses.userId)))
    .where(and(eq(dreamAnalyses.userId, userId), isNull(dreams.deletedAt), inNights(range.from, range.to)))
    .orderBy(dreamAnalyses.dreamId, desc(dreamAnalyses.createdAt), desc(dreamAnalyses.id))
    .limit(REPORT_DREAMS_MAX);
}
