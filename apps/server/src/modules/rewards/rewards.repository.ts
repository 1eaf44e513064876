import { and, asc, count, desc, eq, gt, gte, isNull, like, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { creditLedger, dreamAnalyses } from '../../db/schema/analyses.ts';
import { dreams, userTags } from '../../db/schema/dreams.ts';
import { userRecordedDays } from '../../db/schema/journal-stats.ts';
import { userAchievements, userStreakDays, userStreakFreezes } from '../../db/schema/rewards.ts';

// The rewards' own rows (achievements, streak days, freezes) and the bounded facts the achievements count. Every
// write here runs in a transaction that took the user's aggregates row lock first (modules/journal-stats).

export type StreakDayKind = 'no_recall' | 'freeze';

// --- streak days ---------------------------------------------------------------------------------------------------

/** Marks a day; false when it already was (whatever its kind). */
export async function insertStreakDay(
  db: DbOrTx,
  userId: string,
  day: { day: string; kind: StreakDayKind; createdAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(userStreakDays)
    .values({ userId, ...day })
    .onConflictDoNothing()
    .returning({ day: userStreakDays.day });
  return rows.length > 0;
}

/** Unmarks a day of this kind; true when it was marked. */
export async function deleteStreakDay(db: DbOrTx, userId: string, day: string, kind: StreakDayKind): Promise<boolean> {
  const rows = await db
    .delete(userStreakDays)
    .where(and(eq(userStreakDays.userId, userId), eq(userStreakDays.day, day), eq(userStreakDays.kind, kind)))
    .returning({ day: userStreakDays.day });
  return rows.length > 0;
}

export async function findStreakDayKind(db: DbOrTx, userId: string, day: string): Promise<StreakDayKind | undefined> {
  const [row] = await db
    .select({ kind: userStreakDays.kind })
    .from(userStreakDays)
    .where(and(eq(userStreakDays.userId, userId), eq(userStreakDays.day, day)));
  return row?.kind as StreakDayKind | undefined;
}

/** The marked days from `from` on (all of them without it), oldest first. */
export async function listStreakDayRows(db: DbOrTx, userId: string, from?: string) {
  const rows = await db
    .select({ day: userStreakDays.day, kind: userStreakDays.kind })
    .from(userStreakDays)
    .where(and(eq(userStreakDays.userId, userId), from === undefined ? undefined : gte(userStreakDays.day, from)))
    .orderBy(asc(userStreakDays.day));
  return rows.map((row) => ({ day: row.day, kind: row.kind as StreakDayKind }));
}

/** The recorded days from `from` on, oldest first (the calendar: a year at most). */
export async function listRecordedDaysFrom(db: DbOrTx, userId: string, from: string): Promise<string[]> {
  const rows = await db
    .select({ day: userRecordedDays.day })
    .from(userRecordedDays)
    .where(and(eq(userRecordedDays.userId, userId), gte(userRecordedDays.day, from)))
    .orderBy(asc(userRecordedDays.day));
  return rows.map((row) => row.day);
}

export async function countRecordedDays(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(userRecordedDays).where(eq(userRecordedDays.userId, userId));
  return row?.n ?? 0;
}

/** The latest streak day (recorded or marked) before `day`, if any: two index lookups. */
export async function findLatestStreakDayBefore(db: DbOrTx, userId: string, day: string): Promise<string | undefined> {
  const [recorded] = await db
    .select({ day: userRecordedDays.day })
    .from(userRecordedDays)
    .where(and(eq(userRecordedDays.userId, userId), lt(userRecordedDays.day, day)))
    .orderBy(desc(userRecordedDays.day))
    .limit(1);
  const [marked] = await db
    .select({ day: userStreakDays.day })
    .from(userStreakDays)
    .where(and(eq(userStreakDays.userId, userId), lt(userStreakDays.day, day)))
    .orderBy(desc(userStreakDays.day))
    .limit(1);
  const days = [recorded?.day, marked?.day].filter((d): d is string => d !== undefined).sort();
  return days.at(-1);
}

// --- freezes -------------------------------------------------------------------------------------------------------

/** The freezes held (not spent), oldest first. */
export async function listHeldFreezes(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ earnedOn: userStreakFreezes.earnedOn })
    .from(userStreakFreezes)
    .where(and(eq(userStreakFreezes.userId, userId), isNull(userStreakFreezes.spentOn)))
    .orderBy(asc(userStreakFreezes.earnedOn));
  return rows.map((row) => row.earnedOn);
}

/** A freeze earned on `day`; false when one already was that day. */
export async function insertFreeze(db: DbOrTx, userId: string, day: string): Promise<boolean> {
  const rows = await db
    .insert(userStreakFreezes)
    .values({ userId, earnedOn: day })
    .onConflictDoNothing()
    .returning({ earnedOn: userStreakFreezes.earnedOn });
  return rows.length > 0;
}

export async function spendFreeze(db: DbOrTx, userId: string, earnedOn: string, spentOn: string): Promise<void> {
  await db
    .update(userStreakFreezes)
    .set({ spentOn })
    .where(and(eq(userStreakFreezes.userId, userId), eq(userStreakFreezes.earnedOn, earnedOn)));
}

export async function listFreezeRows(db: DbOrTx, userId: string) {
  return db
    .select({ earnedOn: userStreakFreezes.earnedOn, spentOn: userStreakFreezes.spentOn })
    .from(userStreakFreezes)
    .where(eq(userStreakFreezes.userId, userId))
    .orderBy(asc(userStreakFreezes.earnedOn));
}

// --- achievements --------------------------------------------------------------------------------------------------

export async function listAchievementRows(db: DbOrTx, userId: string) {
  return db
    .select({ token: userAchievements.achievementToken, earnedAt: userAchievements.earnedAt })
    .from(userAchievements)
    .where(eq(userAchievements.userId, userId))
    .orderBy(asc(userAchievements.earnedAt), asc(userAchievements.achievementToken));
}

/** Records an achievement; false when the user already held it. */
export async function insertAchievement(db: DbOrTx, userId: string, token: string, earnedAt: Date): Promise<boolean> {
  const rows = await db
    .insert(userAchievements)
    .values({ userId, achievementToken: token, earnedAt })
    .onConflictDoNothing()
    .returning({ token: userAchievements.achievementToken });
  return rows.length > 0;
}

// --- the achievements' facts, each bounded --------------------------------------------------------------------------

const liveOf = (userId: string) => and(eq(dreams.userId, userId), isNull(dreams.deletedAt));

/** Live dreams matching `where`, counted up to `limit` (a partial index of each kind keeps it short). */
async function countDreamsUpTo(db: DbOrTx, userId: string, where: ReturnType<typeof sql>, limit: number) {
  const matching = db
    .select({ one: sql`1`.as('one') })
    .from(dreams)
    .where(and(liveOf(userId), where))
    .limit(limit)
    .as('matching');
  const [row] = await db.select({ n: count() }).from(matching);
  return row?.n ?? 0;
}

export const countLucidDreamsUpTo = (db: DbOrTx, userId: string, limit: number) =>
  countDreamsUpTo(db, userId, sql`${dreams.lucidity} > 0`, limit);

export const countNightmaresUpTo = (db: DbOrTx, userId: string, limit: number) =>
  countDreamsUpTo(db, userId, sql`${dreams.isNightmare}`, limit);

export const countRecurringDreamsUpTo = (db: DbOrTx, userId: string, limit: number) =>
  countDreamsUpTo(db, userId, sql`${dreams.isRecurring}`, limit);

/** Whether a live nightmare has an analysis. */
export async function hasAnalysedNightmare(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(dreams)
    .innerJoin(dreamAnalyses, and(eq(dreamAnalyses.dreamId, dreams.id), eq(dreamAnalyses.userId, userId)))
    .where(and(liveOf(userId), sql`${dreams.isNightmare}`))
    .limit(1);
  return rows.length > 0;
}

/** Tags on live dreams, counted up to `limit`. */
export async function countTagsUpTo(db: DbOrTx, userId: string, limit: number): Promise<number> {
  const tags = db
    .select({ one: sql`1`.as('one') })
    .from(userTags)
    .where(and(eq(userTags.userId, userId), gt(userTags.useCount, 0)))
    .limit(limit)
    .as('tags');
  const [row] = await db.select({ n: count() }).from(tags);
  return row?.n ?? 0;
}

/** How many distinct nights of [from, to] hold a live dream (a month: 31 at most, through the journal's index). */
export async function countDreamtNights(db: DbOrTx, userId: string, from: string, to: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${dreams.dreamtOn})::int` })
    .from(dreams)
    .where(and(liveOf(userId), gte(dreams.dreamtOn, from), lte(dreams.dreamtOn, to)));
  return row?.n ?? 0;
}

// --- the ledger's rewards ------------------------------------------------------------------------------------------

/** The idempotency keys of the user's ledger rows that start with `prefix` (the milestones earned: six at most). */
export async function listLedgerKeys(db: DbOrTx, userId: string, prefix: string): Promise<string[]> {
  const rows = await db
    .select({ key: creditLedger.idempotencyKey })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), like(creditLedger.idempotencyKey, `${prefix}%`)));
  return rows.map((row) => row.key);
}

/** The latest daily bonus claimed, if any. */
export async function findLastDailyBonus(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ key: creditLedger.idempotencyKey, createdAt: creditLedger.createdAt })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.reason, 'daily_bonus')))
    .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
    .limit(1);
  return row;
}

/** The instant a local day begins in a zone (the database knows the zones' rules, DST included). */
export async function startOfLocalDay(db: DbOrTx, day: string, timeZone: string): Promise<Date> {
  const result = await db.execute<{ ms: string | number }>(
    sql`select (extract(epoch from (${day}::date::timestamp at time zone ${timeZone}::text)) * 1000)::float8 as ms`,
  );
  const [row] = result.rows;
  if (!row) throw new Error('no answer for the start of a local day');
  return new Date(Number(row.ms));
}
