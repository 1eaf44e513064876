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
  lucid: number;
  nightmares: number;
  monthDreams: number;
  monthLucid: number;
  monthNightmares: number;
}

/**
 * The live journal's lucid dreams and nightmares (each through its partial index), and the counts of the nights
 * from `month.start` (inclusive) to `month.end` (exclusive, through the list index). The dream total is the
 * aggregates row's (modules/journal-stats).
 */
export async function countBasics(
  db: DbOrTx,
  userId: string,
  month: { start: string; end: string },
): Promise<BasicCounts> {
  const live = sql`${dreams.userId} = ${userId}::uuid and ${dreams.deletedAt} is null`;
  const result = await db.execute<Record<keyof BasicCounts, number | string>>(sql`
    select
      (select count(*) from ${dreams} where ${live} and ${dreams.lucidity} > 0)::int as "lucid",
      (select count(*) from ${dreams} where ${live} and ${dreams.isNightmare})::int as "nightmares",
      count(*)::int as "monthDreams",
      count(*) filter (where ${dreams.lucidity} > 0)::int as "monthLucid",
      count(*) filter (where ${dreams.isNightmare})::int as "monthNightmares"
    from ${dreams}
    where ${live} and ${dreams.dreamtOn} >= ${month.start}::date and ${dreams.dreamtOn} < ${month.end}::date`);
  const row = result.rows[0];
  return {
    lucid: Number(row?.lucid ?? 0),
    nightmares: Number(row?.nightmares ?? 0),
    monthDreams: Number(row?.monthDreams ?? 0),
    monthLucid: Number(row?.monthLucid ?? 0),
    monthNightmares: Number(row?.monthNightmares ?? 0),
  };
}

interface BucketRow {
  start: string;
  dreams: number;
  lucid: number;
  meanLucidity: number | null;
  nightmares: number;
  meanMood: number | null;
  meanVividness: number | null;
}

export interface RangeAggregates {
  /** Per bucket, oldest first: counts and means (avg skips the dreams that leave a scale empty). */
  buckets: BucketRow[];
  /** How many dreams of each bucket felt each emotion. */
  emotions: { start: string; emotion: string; count: number }[];
  /** How many dreams noted each (sleep quality, mood) pair. */
  moodBySleep: { sleepQuality: number; mood: number; count: number }[];
  /** How many dreams of each bucket carry each tag (by its blind token: the names stay sealed). */
  tags: { start: string; token: string; count: number }[];
}

type AggregateRow = {
  kind: 'bucket' | 'emotion' | 'mood' | 'tag';
  key: string;
  sub: string | null;
  n: number | string;
  lucid: number | string | null;
  nightmares: number | string | null;
  meanLucidity: number | string | null;
  meanMood: number | string | null;
  meanVividness: number | string | null;
};

/**
 * Every aggregate of the charts in one statement: the range's rows are read once (through the list index) into a
 * materialized set of plain columns, which the four groupings then read.
 */
export async function aggregateRange(
  db: DbOrTx,
  userId: string,
  unit: BucketUnit,
  range: NightRange,
): Promise<RangeAggregates> {
  const result = await db.execute<AggregateRow>(sql`
    with picked as materialized (
      select ${bucketOf(unit)} as b, ${dreams.lucidity} as lucidity, ${dreams.isNightmare} as nightmare,
        ${dreams.mood} as mood, ${dreams.vividness} as vividness, ${dreams.sleepQuality} as sleep,
        ${dreams.emotions} as emotions, ${dreams.tagTokens} as tags
      from ${dreams} where ${inRange(userId, range)}
    )
    select 'bucket' as "kind", b as "key", null as "sub", count(*)::int as "n",
      count(*) filter (where lucidity > 0)::int as "lucid", count(*) filter (where nightmare)::int as "nightmares",
      avg(lucidity)::float8 as "meanLucidity", avg(mood)::float8 as "meanMood", avg(vividness)::float8 as "meanVividness"
      from picked group by b
    union all
    select 'emotion', b, felt.emotion, count(*)::int, null, null, null, null, null
      from picked cross join lateral unnest(emotions) as felt(emotion) group by b, felt.emotion
    union all
    select 'mood', sleep::text, mood::text, count(*)::int, null, null, null, null, null
      from picked where sleep is not null and mood is not null group by sleep, mood
    union all
    select 'tag', b, carried.token::text, count(*)::int, null, null, null, null, null
      from picked cross join lateral unnest(tags) as carried(token) group by b, carried.token`);
  const aggregates: RangeAggregates = { buckets: [], emotions: [], moodBySleep: [], tags: [] };
  for (const row of result.rows) {
    const n = Number(row.n);
    if (row.kind === 'bucket') {
      aggregates.buckets.push({
        start: row.key,
        dreams: n,
        lucid: Number(row.lucid),
        meanLucidity: num(row.meanLucidity),
        nightmares: Number(row.nightmares),
        meanMood: num(row.meanMood),
        meanVividness: num(row.meanVividness),
      });
    } else if (row.kind === 'emotion') {
      aggregates.emotions.push({ start: row.key, emotion: String(row.sub), count: n });
    } else if (row.kind === 'mood') {
      aggregates.moodBySleep.push({ sleepQuality: Number(row.key), mood: Number(row.sub), count: n });
    } else {
      aggregates.tags.push({ start: row.key, token: String(row.sub), count: n });
    }
  }
  aggregates.buckets.sort((a, b) => (a.start < b.start ? -1 : 1));
  aggregates.moodBySleep.sort((a, b) => a.sleepQuality - b.sleepQuality || a.mood - b.mood);
  return aggregates;
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
