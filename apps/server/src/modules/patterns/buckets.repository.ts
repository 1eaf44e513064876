import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { dreams } from '../../db/schema/dreams.ts';
import { userDreamBuckets } from '../../db/schema/patterns.ts';

/**
 * The charts' maintained totals (user_dream_buckets, docs/decisions/030): one row per user, grain (ISO week or
 * calendar month of `dreamt_on`) and bucket. A write does not add or subtract: it recomputes the buckets of the nights
 * it touched from their live dreams (a week's or a month's, through the list index), so the totals are right by
 * construction whatever the write was. The caller holds the user's aggregates row lock (modules/journal-stats).
 */

export type BucketGrain = 'week' | 'month';

/** The live dreams of the user in [bucket, next) — `t` is the targets' alias. */
const inBucket = (userId: string) =>
  sql`d.user_id = ${userId}::uuid and d.deleted_at is null and d.dreamt_on >= t.bucket and d.dreamt_on < t.next`;

/**
 * Recomputes the rows of the given buckets (`targets` is a SQL relation of `grain, bucket, next`). A bucket left
 * without dreams keeps a row of zeros: the charts show empty buckets as zeros anyway.
 */
function upsertBuckets(db: DbOrTx, userId: string, targets: SQL) {
  const live = inBucket(userId);
  return db.execute(sql`
    insert into ${userDreamBuckets} (user_id, grain, bucket, dreams, lucid, lucidity_sum, nightmares, mood_sum,
      mood_count, vividness_sum, vividness_count, emotions, mood_sleep, tags)
    select ${userId}::uuid, t.grain, t.bucket, a.dreams, a.lucid, a.lucidity_sum, a.nightmares, a.mood_sum,
      a.mood_count, a.vividness_sum, a.vividness_count, em.counts, ms.counts, tg.counts
    from (${targets}) as t
    cross join lateral (
      select count(*)::int as dreams, count(*) filter (where d.lucidity > 0)::int as lucid,
        coalesce(sum(d.lucidity), 0)::int as lucidity_sum, count(*) filter (where d.is_nightmare)::int as nightmares,
        coalesce(sum(d.mood), 0)::int as mood_sum, count(d.mood)::int as mood_count,
        coalesce(sum(d.vividness), 0)::int as vividness_sum, count(d.vividness)::int as vividness_count
      from ${dreams} d where ${live}
    ) as a
    cross join lateral (
      select coalesce(jsonb_object_agg(e.felt, e.n), '{}'::jsonb) as counts from (
        select felt, count(*)::int as n from ${dreams} d cross join lateral unnest(d.emotions) as felt
        where ${live} group by felt
      ) as e
    ) as em
    cross join lateral (
      select coalesce(jsonb_object_agg(m.cell, m.n), '{}'::jsonb) as counts from (
        select d.sleep_quality || ':' || d.mood as cell, count(*)::int as n from ${dreams} d
        where ${live} and d.sleep_quality is not null and d.mood is not null group by 1
      ) as m
    ) as ms
    cross join lateral (
      select coalesce(jsonb_object_agg(g.token::text, g.n), '{}'::jsonb) as counts from (
        select token, count(*)::int as n from ${dreams} d cross join lateral unnest(d.tag_tokens) as token
        where ${live} group by token
      ) as g
    ) as tg
    on conflict (user_id, grain, bucket) do update set
      dreams = excluded.dreams, lucid = excluded.lucid, lucidity_sum = excluded.lucidity_sum,
      nightmares = excluded.nightmares, mood_sum = excluded.mood_sum, mood_count = excluded.mood_count,
      vividness_sum = excluded.vividness_sum, vividness_count = excluded.vividness_count,
      emotions = excluded.emotions, mood_sleep = excluded.mood_sleep, tags = excluded.tags`);
}

/** The week and the month of each night, with where each ends. */
const bucketsOfNights = (nights: SQL) => sql`
  select distinct g.grain, date_trunc(g.grain, n.night::timestamp)::date as bucket,
    (date_trunc(g.grain, n.night::timestamp) + case g.grain when 'week' then interval '7 days' else interval '1 month' end)::date
      as next
  from ${nights} as n(night) cross join (values ('week'), ('month')) as g(grain)`;

/** After a write: the weeks and months of these nights (a dream's night before and after the write). */
export async function refreshBuckets(db: DbOrTx, userId: string, nights: string[]): Promise<void> {
  const distinct = [...new Set(nights)];
  if (distinct.length === 0) return;
  const list = sql`unnest(${`{${distinct.join(',')}}`}::date[])`;
  await upsertBuckets(db, userId, bucketsOfNights(list));
}

/** Every bucket from the live dreams, for a journal written before the buckets (or one whose rows were lost). */
export async function rebuildBuckets(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(userDreamBuckets).where(eq(userDreamBuckets.userId, userId));
  const nights = sql`(select distinct dreamt_on from ${dreams}
    where ${dreams.userId} = ${userId}::uuid and ${dreams.deletedAt} is null)`;
  await upsertBuckets(db, userId, bucketsOfNights(nights));
}

export type BucketRow = Omit<typeof userDreamBuckets.$inferSelect, 'userId' | 'grain'>;

/** The rows of one grain with a start in [from, to], oldest first (buckets without a row had no dream yet). */
export async function readBuckets(
  db: DbOrTx,
  userId: string,
  grain: BucketGrain,
  range: { from: string; to: string },
): Promise<BucketRow[]> {
  const b = userDreamBuckets;
  return db
    .select({
      bucket: b.bucket,
      dreams: b.dreams,
      lucid: b.lucid,
      luciditySum: b.luciditySum,
      nightmares: b.nightmares,
      moodSum: b.moodSum,
      moodCount: b.moodCount,
      vividnessSum: b.vividnessSum,
      vividnessCount: b.vividnessCount,
      emotions: b.emotions,
      moodSleep: b.moodSleep,
      tags: b.tags,
    })
    .from(userDreamBuckets)
    .where(
      and(
        eq(userDreamBuckets.userId, userId),
        eq(userDreamBuckets.grain, grain),
        gte(userDreamBuckets.bucket, range.from),
        lte(userDreamBuckets.bucket, range.to),
      ),
    )
    .orderBy(asc(userDreamBuckets.bucket));
}

/** The journal's lucid dreams and nightmares, and the month's counts (`month` is its first day), from the months. */
export async function sumMonths(
  db: DbOrTx,
  userId: string,
  month: string,
): Promise<{ lucid: number; nightmares: number; monthDreams: number; monthLucid: number; monthNightmares: number }> {
  const b = userDreamBuckets;
  const thisMonth = sql`${b.bucket} = ${month}::date`;
  const [row] = await db
    .select({
      lucid: sql<number>`coalesce(sum(${b.lucid}), 0)::int`,
      nightmares: sql<number>`coalesce(sum(${b.nightmares}), 0)::int`,
      monthDreams: sql<number>`coalesce(sum(${b.dreams}) filter (where ${thisMonth}), 0)::int`,
      monthLucid: sql<number>`coalesce(sum(${b.lucid}) filter (where ${thisMonth}), 0)::int`,
      monthNightmares: sql<number>`coalesce(sum(${b.nightmares}) filter (where ${thisMonth}), 0)::int`,
    })
    .from(b)
    .where(and(eq(b.userId, userId), eq(b.grain, 'month')));
  return row ?? { lucid: 0, nightmares: 0, monthDreams: 0, monthLucid: 0, monthNightmares: 0 };
}
