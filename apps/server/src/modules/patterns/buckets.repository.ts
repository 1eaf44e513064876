import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { dreams, userTags } from '../../db/schema/dreams.ts';
import { userDreamBuckets } from '../../db/schema/patterns.ts';

/**
 * The charts' maintained totals (user_dream_buckets, docs/decisions/030): one row per user, grain (ISO week or
 * calendar month of `dreamt_on`) and bucket. A write does not add or subtract: it recomputes the buckets of the nights
 * it touched from their live dreams (a week's or a month's, through the list index), so the totals are right by
 * construction whatever the write was. The caller holds the user's aggregates row lock (modules/journal-stats).
 */

export type BucketGrain = 'week' | 'month';

/** The sum of two JSON count maps (a row's and the dreams added to it). */
const addCounts = (column: string) =>
  sql.raw(`(select coalesce(jsonb_object_agg(k, n), '{}'::jsonb) from (
    select key as k, sum(value::int)::int as n from (
      select * from jsonb_each_text(user_dream_buckets.${column})
      union all select * from jsonb_each_text(excluded.${column})
    ) as both_maps group by key) as summed)`);

const replaced = sql`
      dreams = excluded.dreams, lucid = excluded.lucid, lucidity_sum = excluded.lucidity_sum,
      nightmares = excluded.nightmares, mood_sum = excluded.mood_sum, mood_count = excluded.mood_count,
      vividness_sum = excluded.vividness_sum, vividness_count = excluded.vividness_count,
      emotions = excluded.emotions, mood_sleep = excluded.mood_sleep, tags = excluded.tags`;

const added = sql`
      dreams = user_dream_buckets.dreams + excluded.dreams, lucid = user_dream_buckets.lucid + excluded.lucid,
      lucidity_sum = user_dream_buckets.lucidity_sum + excluded.lucidity_sum,
      nightmares = user_dream_buckets.nightmares + excluded.nightmares,
      mood_sum = user_dream_buckets.mood_sum + excluded.mood_sum,
      mood_count = user_dream_buckets.mood_count + excluded.mood_count,
      vividness_sum = user_dream_buckets.vividness_sum + excluded.vividness_sum,
      vividness_count = user_dream_buckets.vividness_count + excluded.vividness_count,
      emotions = ${addCounts('emotions')}, mood_sleep = ${addCounts('mood_sleep')}, tags = ${addCounts('tags')}`;

/**
 * Recomputes the rows of the given buckets (`targets` is a SQL relation of `grain, bucket, next`) from their live
 * dreams; or, with `addedIds`, adds those new dreams to the rows (a create: its cost does not grow with the bucket).
 * A bucket left without dreams keeps a row of zeros: the charts show empty buckets as zeros anyway.
 */
function upsertBuckets(db: DbOrTx, userId: string, targets: SQL, addedIds?: readonly string[]) {
  const inBucket = sql`d.dreamt_on >= t.bucket and d.dreamt_on < t.next`;
  // The new dreams are read by primary key alone first: with the user and bucket conditions beside it, the planner
  // may prefer the list index and read the user's month (or, on stale statistics, the whole journal) to find them.
  const source = addedIds
    ? sql`with by_id as materialized (
        select * from ${dreams} where id = any(${`{${addedIds.join(',')}}`}::uuid[])
      ), added as materialized (
        select * from by_id where user_id = ${userId}::uuid and deleted_at is null
      )`
    : sql``;
  const from = addedIds ? sql`added d` : sql`${dreams} d`;
  const live = addedIds ? inBucket : sql`d.user_id = ${userId}::uuid and d.deleted_at is null and ${inBucket}`;
  return db.execute(sql`
    ${source}
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
      from ${from} where ${live}
    ) as a
    cross join lateral (
      select coalesce(jsonb_object_agg(e.felt, e.n), '{}'::jsonb) as counts from (
        select felt, count(*)::int as n from ${from} cross join lateral unnest(d.emotions) as felt
        where ${live} group by felt
      ) as e
    ) as em
    cross join lateral (
      select coalesce(jsonb_object_agg(m.cell, m.n), '{}'::jsonb) as counts from (
        select d.sleep_quality || ':' || d.mood as cell, count(*)::int as n from ${from}
        where ${live} and d.sleep_quality is not null and d.mood is not null group by 1
      ) as m
    ) as ms
    cross join lateral (
      select coalesce(jsonb_object_agg(g.token::text, g.n), '{}'::jsonb) as counts from (
        select token, count(*)::int as n from ${from} cross join lateral unnest(d.tag_tokens) as token
        where ${live} group by token
      ) as g
    ) as tg
    on conflict (user_id, grain, bucket) do update set ${addedIds ? added : replaced}`);
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

/** After new dreams were inserted (a create, an import's batch): they are added to their weeks and months. */
export async function addToBuckets(db: DbOrTx, userId: string, created: { id: string; dreamtOn: string }[]) {
  if (created.length === 0) return;
  const list = sql`unnest(${`{${[...new Set(created.map((dream) => dream.dreamtOn))].join(',')}}`}::date[])`;
  await upsertBuckets(
    db,
    userId,
    bucketsOfNights(list),
    created.map((dream) => dream.id),
  );
}

/** Every bucket from the live dreams, for a journal written before the buckets (or one whose rows were lost). */
export async function rebuildBuckets(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(userDreamBuckets).where(eq(userDreamBuckets.userId, userId));
  const nights = sql`(select distinct dreamt_on from ${dreams}
    where ${dreams.userId} = ${userId}::uuid and ${dreams.deletedAt} is null)`;
  await upsertBuckets(db, userId, bucketsOfNights(nights));
}

/** One bucket's totals; `tags` holds only the period's top tags (the others are left in the database). */
export interface BucketRow {
  bucket: string;
  dreams: number;
  lucid: number;
  luciditySum: number;
  nightmares: number;
  moodSum: number;
  moodCount: number;
  vividnessSum: number;
  vividnessCount: number;
  emotions: Record<string, number>;
  moodSleep: Record<string, number>;
}

export interface BucketRead {
  /** From the month rows: the journal's lucid dreams and nightmares, and the given month's counts. */
  totals: { lucid: number; nightmares: number; monthDreams: number; monthLucid: number; monthNightmares: number };
  /** The first month holding a live dream (null for an empty journal). */
  firstMonth: string | null;
  /** The grain's rows with a start in [from, to], oldest first; none when no grain was asked. */
  rows: BucketRow[];
  /** The `tagLimit` tags with most dreams over those rows (ties by token), with their count per bucket start. */
  topTags: { token: string; total: number; counts: Record<string, number> }[];
}

type ReadRow = {
  kind: 'sum' | 'bucket' | 'tag';
  key: string | null;
  n1: number;
  n2: number;
  n3: number;
  n4: number;
  n5: number;
  n6: number;
  n7: number;
  n8: number;
  j1: Record<string, number> | null;
  j2: Record<string, number> | null;
};

/**
 * Everything a charts request reads, in one statement: the month rows' sums (the basics) and, for a period, its
 * grain's rows in [from, to] with only the period's top tags (picked in the database: a long journal's buckets hold
 * hundreds of tag tokens that no chart shows).
 */
export async function readChartBuckets(
  db: DbOrTx,
  userId: string,
  options: {
    month: string;
    grain: BucketGrain | null;
    from: string;
    to: string;
    tagLimit: number;
    /** The whole journal: its top tags are the tag table's most used (use counts of live dreams), not a sum. */
    isWholeJournal?: boolean;
  },
): Promise<BucketRead> {
  const { month, grain, from, to, tagLimit } = options;
  const top = options.isWholeJournal
    ? sql`select tag_token::text as token, use_count as total from ${userTags}
        where user_id = ${userId}::uuid and use_count > 0
        order by use_count desc, tag_token::text collate "C" limit ${tagLimit}`
    : sql`select e.key as token, sum(e.value::int)::int as total
        from picked cross join lateral jsonb_each_text(picked.tags) as e
        group by e.key order by total desc, e.key collate "C" limit ${tagLimit}`;
  const result = await db.execute<ReadRow>(sql`
    with picked as materialized (
      select * from ${userDreamBuckets}
      where user_id = ${userId}::uuid and grain = ${grain ?? 'none'} and bucket >= ${from}::date and bucket <= ${to}::date
    ),
    top as (${top})
    select 'sum' as kind, (min(bucket) filter (where dreams > 0))::text as key,
      coalesce(sum(lucid), 0)::int as n1, coalesce(sum(nightmares), 0)::int as n2,
      coalesce(sum(dreams) filter (where bucket = ${month}::date), 0)::int as n3,
      coalesce(sum(lucid) filter (where bucket = ${month}::date), 0)::int as n4,
      coalesce(sum(nightmares) filter (where bucket = ${month}::date), 0)::int as n5,
      0 as n6, 0 as n7, 0 as n8, null::jsonb as j1, null::jsonb as j2
      from ${userDreamBuckets} where user_id = ${userId}::uuid and grain = 'month'
    union all
    select 'bucket', bucket::text, dreams, lucid, lucidity_sum, nightmares, mood_sum, mood_count, vividness_sum,
      vividness_count, emotions, mood_sleep
      from picked
    union all
    select 'tag', top.token, top.total, 0, 0, 0, 0, 0, 0, 0,
      jsonb_object_agg(picked.bucket::text, (picked.tags ->> top.token)::int), null
      from top join picked on picked.tags ? top.token group by top.token, top.total`);
  const read: BucketRead = {
    totals: { lucid: 0, nightmares: 0, monthDreams: 0, monthLucid: 0, monthNightmares: 0 },
    firstMonth: null,
    rows: [],
    topTags: [],
  };
  for (const row of result.rows) {
    if (row.kind === 'sum') {
      read.firstMonth = row.key;
      read.totals = {
        lucid: row.n1,
        nightmares: row.n2,
        monthDreams: row.n3,
        monthLucid: row.n4,
        monthNightmares: row.n5,
      };
    } else if (row.kind === 'bucket') {
      read.rows.push({
        bucket: String(row.key),
        dreams: row.n1,
        lucid: row.n2,
        luciditySum: row.n3,
        nightmares: row.n4,
        moodSum: row.n5,
        moodCount: row.n6,
        vividnessSum: row.n7,
        vividnessCount: row.n8,
        emotions: row.j1 ?? {},
        moodSleep: row.j2 ?? {},
      });
    } else {
      read.topTags.push({ token: String(row.key), total: row.n1, counts: row.j1 ?? {} });
    }
  }
  read.rows.sort((a, b) => (a.bucket < b.bucket ? -1 : 1));
  read.topTags.sort((a, b) => b.total - a.total || (a.token < b.token ? -1 : 1));
  return read;
}
