import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { dreams, userTags } from '../../db/schema/dreams.ts';
import { readBytea } from '../../db/schema/user-keys.ts';

/**
 * The charts' aggregates, computed from the live dreams with indexed SQL (docs/decisions/029): every query reads
 * one user's rows through the journal's list index (user_id, dreamt_on) and groups them in the database; no text is
 * read, only the plain columns (dates, scales, emotions) and the blind tag tokens.
 */

export type BucketUnit = 'week' | 'month';

/** A period of nights: `from` and `to` are dates in the user's zone (inclusive); no `from` is the whole journal. */
export interface NightRange {
  from: string | null;
  to: string;
}

const num = (value: number | string | null) => (value === null ? null : Number(value));

/** Live dreams of the user in the range. */
function inRange(userId: string, range: NightRange): SQL {
  const lower = range.from === null ? sql`true` : sql`${dreams.dreamtOn} >= ${range.from}::date`;
  return sql`${dreams.userId} = ${userId}::uuid and ${dreams.deletedAt} is null
    and ${lower} and ${dreams.dreamtOn} <= ${range.to}::date`;
}

/** The bucket's first day: ISO weeks begin on Monday. The date is cast to a timestamp without zone, so no zone applies. */
const bucketOf = (unit: BucketUnit) =>
  unit === 'week'
    ? sql`date_trunc('week', ${dreams.dreamtOn}::timestamp)::date::text`
    : sql`date_trunc('month', ${dreams.dreamtOn}::timestamp)::date::text`;

export interface BasicCounts {
  dreams: number;
  lucid: number;
  nightmares: number;
  monthDreams: number;
  monthLucid: number;
  monthNightmares: number;
}

/** The live journal's totals, and those of the nights from `monthStart` (inclusive) to `monthEnd` (exclusive). */
export async function countBasics(
  db: DbOrTx,
  userId: string,
  month: { start: string; end: string },
): Promise<BasicCounts> {
  const inMonth = sql`${dreams.dreamtOn} >= ${month.start}::date and ${dreams.dreamtOn} < ${month.end}::date`;
  const result = await db.execute<Record<keyof BasicCounts, number | string>>(sql`
    select count(*)::int as "dreams",
      count(*) filter (where ${dreams.lucidity} > 0)::int as "lucid",
      count(*) filter (where ${dreams.isNightmare})::int as "nightmares",
      count(*) filter (where ${inMonth})::int as "monthDreams",
      count(*) filter (where ${inMonth} and ${dreams.lucidity} > 0)::int as "monthLucid",
      count(*) filter (where ${inMonth} and ${dreams.isNightmare})::int as "monthNightmares"
    from ${dreams} where ${dreams.userId} = ${userId}::uuid and ${dreams.deletedAt} is null`);
  const row = result.rows[0];
  return {
    dreams: Number(row?.dreams ?? 0),
    lucid: Number(row?.lucid ?? 0),
    nightmares: Number(row?.nightmares ?? 0),
    monthDreams: Number(row?.monthDreams ?? 0),
    monthLucid: Number(row?.monthLucid ?? 0),
    monthNightmares: Number(row?.monthNightmares ?? 0),
  };
}

export interface BucketRow {
  start: string;
  dreams: number;
  lucid: number;
  meanLucidity: number | null;
  nightmares: number;
  meanMood: number | null;
  meanVividness: number | null;
}

/** Per bucket: counts and means (avg skips the dreams that leave a scale empty). Oldest bucket first. */
export async function listBucketRows(
  db: DbOrTx,
  userId: string,
  unit: BucketUnit,
  range: NightRange,
): Promise<BucketRow[]> {
  const result = await db.execute<Record<keyof BucketRow, number | string | null>>(sql`
    select ${bucketOf(unit)} as "start", count(*)::int as "dreams",
      count(*) filter (where ${dreams.lucidity} > 0)::int as "lucid",
      avg(${dreams.lucidity})::float8 as "meanLucidity",
      count(*) filter (where ${dreams.isNightmare})::int as "nightmares",
      avg(${dreams.mood})::float8 as "meanMood",
      avg(${dreams.vividness})::float8 as "meanVividness"
    from ${dreams} where ${inRange(userId, range)}
    group by 1 order by 1`);
  return result.rows.map((row) => ({
    start: String(row.start),
    dreams: Number(row.dreams),
    lucid: Number(row.lucid),
    meanLucidity: num(row.meanLucidity),
    nightmares: Number(row.nightmares),
    meanMood: num(row.meanMood),
    meanVividness: num(row.meanVividness),
  }));
}

/** How many dreams of each bucket felt each emotion. */
export async function listEmotionRows(
  db: DbOrTx,
  userId: string,
  unit: BucketUnit,
  range: NightRange,
): Promise<{ start: string; emotion: string; count: number }[]> {
  const result = await db.execute<{ start: string; emotion: string; count: number | string }>(sql`
    select ${bucketOf(unit)} as "start", felt.emotion as "emotion", count(*)::int as "count"
    from ${dreams} cross join lateral unnest(${dreams.emotions}) as felt(emotion)
    where ${inRange(userId, range)}
    group by 1, 2`);
  return result.rows.map((row) => ({ start: row.start, emotion: row.emotion, count: Number(row.count) }));
}

/** How many dreams noted each (sleep quality, mood) pair. */
export async function listMoodSleepRows(
  db: DbOrTx,
  userId: string,
  range: NightRange,
): Promise<{ sleepQuality: number; mood: number; count: number }[]> {
  const result = await db.execute<{ sleepQuality: number | string; mood: number | string; count: number | string }>(sql`
    select ${dreams.sleepQuality}::int as "sleepQuality", ${dreams.mood}::int as "mood", count(*)::int as "count"
    from ${dreams}
    where ${inRange(userId, range)} and ${dreams.sleepQuality} is not null and ${dreams.mood} is not null
    group by 1, 2 order by 1, 2`);
  return result.rows.map((row) => ({
    sleepQuality: Number(row.sleepQuality),
    mood: Number(row.mood),
    count: Number(row.count),
  }));
}

/** How many dreams of each bucket carry each tag (by its blind token: the names stay sealed). */
export async function listTagBucketRows(
  db: DbOrTx,
  userId: string,
  unit: BucketUnit,
  range: NightRange,
): Promise<{ start: string; token: string; count: number }[]> {
  const result = await db.execute<{ start: string; token: string | number; count: number | string }>(sql`
    select ${bucketOf(unit)} as "start", carried.token::text as "token", count(*)::int as "count"
    from ${dreams} cross join lateral unnest(${dreams.tagTokens}) as carried(token)
    where ${inRange(userId, range)}
    group by 1, 2`);
  return result.rows.map((row) => ({ start: row.start, token: String(row.token), count: Number(row.count) }));
}

/** The sealed names of these tags (from the tag table the journal keeps). */
export async function listTagNameRows(
  db: DbOrTx,
  userId: string,
  tokens: string[],
): Promise<{ token: string; nameEnc: Buffer }[]> {
  if (tokens.length === 0) return [];
  return db
    .select({ token: userTags.tagToken, nameEnc: readBytea(userTags.nameEnc) })
    .from(userTags)
    .where(and(eq(userTags.userId, userId), inArray(userTags.tagToken, tokens)));
}

/** The night of the user's oldest live dream (null for an empty journal). */
export async function findFirstNight(db: DbOrTx, userId: string): Promise<string | null> {
  const result = await db.execute<{ first: string | null }>(sql`
    select min(${dreams.dreamtOn})::text as "first" from ${dreams}
    where ${dreams.userId} = ${userId}::uuid and ${dreams.deletedAt} is null`);
  return result.rows[0]?.first ?? null;
}
