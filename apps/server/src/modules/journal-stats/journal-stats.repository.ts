import { and, asc, count, desc, eq, gt, isNull, lte, sql, type Placeholder } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedRead } from '../../db/prepared.ts';
import { dreamAnalyses } from '../../db/schema/analyses.ts';
import { dreams } from '../../db/schema/dreams.ts';
import { userJournalStats, userRecordedDays } from '../../db/schema/journal-stats.ts';
import { userStreakDays } from '../../db/schema/rewards.ts';
import { readBytea, readNullableBytea } from '../../db/schema/user-keys.ts';

/** The user's stats row: `userId` a value, or a prepared read's placeholder (decision 055). */
const statsOf = (userId: string | Placeholder) => eq(userJournalStats.userId, userId);

/** What the readers need of the stats row, without the sealed tally. */
const statsColumns = {
  isBuilt: userJournalStats.isBuilt,
  dreamCount: userJournalStats.dreamCount,
  detailedDreamCount: userJournalStats.detailedDreamCount,
  analysisCount: userJournalStats.analysisCount,
  daysTimeZone: userJournalStats.daysTimeZone,
  longestStreak: userJournalStats.longestStreak,
  lastDay: userJournalStats.lastDay,
  lastRunStart: userJournalStats.lastRunStart,
  isTallyBuilt: sql<boolean>`${userJournalStats.analysisTallyEnc} is not null`,
  tallyVersion: userJournalStats.tallyVersion,
  areBucketsBuilt: userJournalStats.areBucketsBuilt,
};
export interface StatsRow {
  isBuilt: boolean;
  dreamCount: number;
  detailedDreamCount: number;
  analysisCount: number;
  daysTimeZone: string;
  longestStreak: number;
  lastDay: string | null;
  lastRunStart: string | null;
  isTallyBuilt: boolean;
  tallyVersion: number;
  areBucketsBuilt: boolean;
}

/**
 * The stats row, and whether a dream is recorded on `recordedDay` (null when no day is asked) in the same statement:
 * the dashboard asks both on every visit. A prepared read (decision 055).
 */
const selectStats = preparedRead<
  { userId: string; recordedDay: string | null },
  StatsRow & { isRecordedDay: boolean | null }
>('journal_stats_find', (db) => {
  const recordedDay = sql.placeholder('recordedDay');
  const isRecorded = db
    .select({ day: userRecordedDays.day })
    .from(userRecordedDays)
    .where(and(eq(userRecordedDays.userId, sql.placeholder('userId')), eq(userRecordedDays.day, recordedDay)));
  return db
    .select({
      ...statsColumns,
      isRecordedDay: sql<
        boolean | null
      >`case when ${recordedDay}::date is null then null else exists (${isRecorded}) end`,
    })
    .from(userJournalStats)
    .where(statsOf(sql.placeholder('userId')));
});

export async function findStats(
  db: DbOrTx,
  userId: string,
  options: { recordedDay?: string } = {},
): Promise<(StatsRow & { isRecordedDay: boolean | null }) | undefined> {
  const [row] = await selectStats(db, { userId, recordedDay: options.recordedDay ?? null });
  return row;
}

/** The row with the sealed tally (null until built). */
export async function findStatsWithTally(
  db: DbOrTx,
  userId: string,
): Promise<(StatsRow & { tally: Buffer | null }) | undefined> {
  const [row] = await db
    .select({ ...statsColumns, tally: readNullableBytea(userJournalStats.analysisTallyEnc) })
    .from(userJournalStats)
    .where(statsOf(userId));
  return row;
}

/**
 * Adds to the counts (and returns the sealed tally when wanted), creating the row when the user has none (then not built: the next read recounts), and returns
 * the row. Takes the row's lock until the transaction ends: every write of the user's aggregates goes through here
 * first, so they take turns, and a read that rebuilds waits for them.
 */
export async function addToCounts(
  db: DbOrTx,
  userId: string,
  delta: { dreams?: number; detailedDreams?: number; analyses?: number },
  options: { isTallyWanted?: boolean } = {},
): Promise<StatsRow & { tally: Buffer | null }> {
  const dreamDelta = delta.dreams ?? 0;
  const detailedDelta = delta.detailedDreams ?? 0;
  const analysisDelta = delta.analyses ?? 0;
  const [row] = await db
    .insert(userJournalStats)
    .values({ userId, dreamCount: dreamDelta, detailedDreamCount: detailedDelta, analysisCount: analysisDelta })
    .onConflictDoUpdate({
      target: userJournalStats.userId,
      set: {
        dreamCount: sql`${userJournalStats.dreamCount} + ${dreamDelta}`,
        detailedDreamCount: sql`${userJournalStats.detailedDreamCount} + ${detailedDelta}`,
        analysisCount: sql`${userJournalStats.analysisCount} + ${analysisDelta}`,
        updatedAt: sql`now()`,
      },
    })
    .returning({
      ...statsColumns,
      // The sealed tally travels only to the writes that change it.
      tally: options.isTallyWanted ? readNullableBytea(userJournalStats.analysisTallyEnc) : sql<null>`null`,
    });
  if (!row) throw new Error('journal stats row missing after its upsert');
  return row;
}

export async function updateStats(
  db: DbOrTx,
  userId: string,
  patch: Partial<typeof userJournalStats.$inferInsert> & { isTallyChanged?: boolean },
): Promise<void> {
  const { isTallyChanged, ...values } = patch;
  await db
    .update(userJournalStats)
    .set({
      ...values,
      ...(isTallyChanged ? { tallyVersion: sql`${userJournalStats.tallyVersion} + 1` } : {}),
      updatedAt: sql`now()`,
    })
    .where(statsOf(userId));
}

// --- recorded days -------------------------------------------------------------------------------------------------

const dayIn = (instant: Date, timeZone: string) =>
  sql`((${instant.toISOString()}::timestamptz at time zone ${timeZone}::text)::date)`;

/** Counts `dreams` more dreams recorded at `instant` (the day in `timeZone`); true when the day is new. */
export async function addRecordedDay(
  db: DbOrTx,
  userId: string,
  at: { instant: Date; timeZone: string; dreams: number },
): Promise<boolean> {
  const [row] = await db
    .insert(userRecordedDays)
    .values({ userId, day: sql`${dayIn(at.instant, at.timeZone)}`, dreamCount: at.dreams })
    .onConflictDoUpdate({
      target: [userRecordedDays.userId, userRecordedDays.day],
      set: { dreamCount: sql`${userRecordedDays.dreamCount} + excluded.dream_count` },
    })
    .returning({ dreamCount: userRecordedDays.dreamCount });
  return row?.dreamCount === at.dreams;
}

/** One dream fewer recorded at `instant`; a day left without dreams goes. True when the day went. */
export async function removeRecordedDay(
  db: DbOrTx,
  userId: string,
  at: { instant: Date; timeZone: string },
): Promise<boolean> {
  const mine = and(eq(userRecordedDays.userId, userId), eq(userRecordedDays.day, dayIn(at.instant, at.timeZone)));
  const [row] = await db
    .update(userRecordedDays)
    .set({ dreamCount: sql`${userRecordedDays.dreamCount} - 1` })
    .where(mine)
    .returning({ dreamCount: userRecordedDays.dreamCount });
  if (!row || row.dreamCount > 0) return false;
  await db.delete(userRecordedDays).where(mine);
  return true;
}

/**
 * The streak days, oldest first and distinct (up to `upTo` when given): the recorded days and the days that keep
 * a streak without a dream (user_streak_days: no-recall nights, freezes).
 */
export async function listStreakDays(db: DbOrTx, userId: string, upTo?: string): Promise<string[]> {
  const recorded = db
    .select({ day: userRecordedDays.day })
    .from(userRecordedDays)
    .where(and(eq(userRecordedDays.userId, userId), upTo === undefined ? undefined : lte(userRecordedDays.day, upTo)));
  const kept = db
    .select({ day: userStreakDays.day })
    .from(userStreakDays)
    .where(and(eq(userStreakDays.userId, userId), upTo === undefined ? undefined : lte(userStreakDays.day, upTo)));
  const rows = await recorded.union(kept);
  return rows.map((row) => row.day).sort();
}

/** Whether a counted dream was recorded on `day` (one key lookup). */
export async function isDayRecorded(db: DbOrTx, userId: string, day: string): Promise<boolean> {
  const rows = await db
    .select({ day: userRecordedDays.day })
    .from(userRecordedDays)
    .where(and(eq(userRecordedDays.userId, userId), eq(userRecordedDays.day, day)));
  return rows.length > 0;
}

// --- recounting from the rows (a first read, a changed time zone, the tests' reference) --------------------------

/**
 * Dreams that count for streaks (docs/decisions/026; DreamFacts in journal-stats.service.ts says the same): not
 * restored from an export file (idempotency key `import:…`: a file can be edited, so its dates could forge a
 * streak, docs/export-format.md), and dreamt the night just gone or today where and when they were recorded.
 */
const countsForStreaks = (timeZone: string) =>
  sql`(${dreams.idempotencyKey} is null or ${dreams.idempotencyKey} not like 'import:%')
    and ${dreams.dreamtOn} >= (${dreams.recordedAt} at time zone ${timeZone}::text)::date - 1`;

/** Replaces the user's recorded days with a recount from the dreams, in `timeZone`. */
export async function recountRecordedDays(db: DbOrTx, userId: string, timeZone: string): Promise<void> {
  await db.delete(userRecordedDays).where(eq(userRecordedDays.userId, userId));
  await db.execute(sql`
    insert into ${userRecordedDays} (user_id, day, dream_count)
    select ${dreams.userId}, (${dreams.recordedAt} at time zone ${timeZone}::text)::date, count(*)::int
    from ${dreams}
    where ${and(eq(dreams.userId, userId), isNull(dreams.deletedAt), countsForStreaks(timeZone))}
    group by 1, 2`);
}

/** A dream with every detail: mood, vividness, sleep quality, an emotion, a tag (isDetailedDream's rule). */
const isDetailed = sql`${dreams.mood} is not null and ${dreams.vividness} is not null
  and ${dreams.sleepQuality} is not null and cardinality(${dreams.emotions}) > 0
  and cardinality(${dreams.tagTokens}) > 0`;

export async function countLiveDetailedDreams(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(dreams)
    .where(and(eq(dreams.userId, userId), isNull(dreams.deletedAt), isDetailed));
  return row?.n ?? 0;
}

export async function countLiveDreams(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(dreams)
    .where(and(eq(dreams.userId, userId), isNull(dreams.deletedAt)));
  return row?.n ?? 0;
}

const ofLiveDream = and(
  eq(dreams.id, dreamAnalyses.dreamId),
  eq(dreams.userId, dreamAnalyses.userId),
  isNull(dreams.deletedAt),
);

export async function countLiveAnalyses(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(dreamAnalyses)
    .innerJoin(dreams, ofLiveDream)
    .where(eq(dreamAnalyses.userId, userId));
  return row?.n ?? 0;
}

const resultColumns = {
  id: dreamAnalyses.id,
  dreamId: dreamAnalyses.dreamId,
  resultEnc: readBytea(dreamAnalyses.resultEnc),
};

/** A page of the sealed results of the user's analyses of live dreams, by id (a recount walks them all). */
export async function listLiveAnalysisResults(db: DbOrTx, userId: string, page: { afterId?: string; limit: number }) {
  return db
    .select(resultColumns)
    .from(dreamAnalyses)
    .innerJoin(dreams, ofLiveDream)
    .where(
      and(
        eq(dreamAnalyses.userId, userId),
        page.afterId === undefined ? undefined : gt(dreamAnalyses.id, page.afterId),
      ),
    )
    .orderBy(asc(dreamAnalyses.id))
    .limit(page.limit);
}

/** The sealed results of one dream's analyses (a deleted or restored dream takes them out or back). */
export async function listAnalysisResultsOfDream(db: DbOrTx, userId: string, dreamId: string) {
  return db
    .select(resultColumns)
    .from(dreamAnalyses)
    .where(and(eq(dreamAnalyses.userId, userId), eq(dreamAnalyses.dreamId, dreamId)))
    .orderBy(desc(dreamAnalyses.createdAt));
}
