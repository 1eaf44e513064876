import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { userTags } from '../../db/schema/dreams.ts';
import { dreamSignPins } from '../../db/schema/patterns.ts';
import { readBytea } from '../../db/schema/user-keys.ts';

// Dream signs and co-occurrence (docs/decisions/031): plain columns and blind tokens in SQL; sealed rows are read
// only for the few dreams, tags and analyses an answer names.

const bigintArray = (tokens: readonly string[]) => sql`${`{${tokens.join(',')}}`}::bigint[]`;
const textArray = (values: readonly string[]) => sql`${`{${values.map((v) => `"${v}"`).join(',')}}`}::text[]`;
const uuidArray = (values: readonly string[]) => sql`${`{${values.join(',')}}`}::uuid[]`;
const fromBase64 = (value: string) => Buffer.from(value, 'base64');

/**
 * An item of a dream for the co-occurrence: `t<token>` (a tag, by its blind token), `e<emotion>` or `n` (a
 * nightmare); `*` is the dreams read, `r` the recurring ones.
 */
export interface JournalItems {
  /** The dreams read (the newest `window` live ones). */
  dreamCount: number;
  recurringCount: number;
  /** Item → dreams holding it. */
  counts: Map<string, number>;
  /** Pairs of items held together by at least `minTogether` dreams (a < b). */
  pairs: { a: string; b: string; together: number }[];
}

/**
 * One statement over the plain columns of the user's newest `window` live dreams (the list index, backwards): how
 * many hold each tag token, emotion and the nightmare flag, and the pairs of those held together by at least
 * `minTogether` dreams (counted among the items that alone reach `minTogether`, so the pairs' join stays small).
 */
export async function countRecentItems(
  db: DbOrTx,
  userId: string,
  window: number,
  minTogether: number,
): Promise<JournalItems> {
  const result = await db.execute<{ a: string; b: string | null; n: number | string }>(sql`
    with d as materialized (
      select id, tag_tokens, emotions, is_nightmare, is_recurring from dreams
      where user_id = ${userId}::uuid and deleted_at is null
      order by dreamt_on desc, recorded_at desc, id desc
      limit ${window}
    ), items as materialized (
      select d.id, 't' || t.token::text as item from d cross join lateral unnest(d.tag_tokens) as t(token)
      union all
      select d.id, 'e' || e.emotion from d cross join lateral unnest(d.emotions) as e(emotion)
      union all
      select d.id, 'n' from d where d.is_nightmare
    ), counts as materialized (
      select item, count(*)::int as n from items group by item
    ), frequent as materialized (
      select i.id, i.item from items i join counts c on c.item = i.item and c.n >= ${minTogether}
    )
    select '*' as a, null as b, count(*)::int as n from d
    union all
    select 'r', null, count(*)::int from d where d.is_recurring
    union all
    select item, null, n from counts
    union all
    select x.item, y.item, count(*)::int from frequent x join frequent y on x.id = y.id and x.item < y.item
    group by x.item, y.item having count(*) >= ${minTogether}`);
  const items: JournalItems = { dreamCount: 0, recurringCount: 0, counts: new Map(), pairs: [] };
  for (const row of result.rows) {
    const n = Number(row.n);
    if (row.b !== null) items.pairs.push({ a: row.a, b: row.b, together: n });
    else if (row.a === '*') items.dreamCount = n;
    else if (row.a === 'r') items.recurringCount = n;
    else items.counts.set(row.a, n);
  }
  return items;
}

/** The live dreams of the user: the maintained aggregates row (decision 021), else counted. */
export async function countJournalDreams(db: DbOrTx, userId: string): Promise<number> {
  const result = await db.execute<{ n: number | string }>(sql`
    select dream_count as n from user_journal_stats where user_id = ${userId}::uuid and is_built
    union all
    select count(*) from dreams
    where user_id = ${userId}::uuid and deleted_at is null
      and not exists (select 1 from user_journal_stats where user_id = ${userId}::uuid and is_built)`);
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * The user's tags with their use counts (user_tags, kept in step with the dreams): those used at least `minUses`
 * times, the `limit` most used, and the `also` tokens whatever their count (pinned ones).
 */
export async function listTagUses(
  db: DbOrTx,
  userId: string,
  minUses: number,
  limit: number,
  also: readonly string[],
): Promise<{ token: string; uses: number }[]> {
  const result = await db.execute<{ token: string; uses: number | string }>(sql`
    (select tag_token::text as token, use_count as uses from user_tags
      where user_id = ${userId}::uuid and use_count >= ${minUses}
      order by use_count desc, tag_token limit ${limit})
    union
    select tag_token::text, use_count from user_tags
      where user_id = ${userId}::uuid and tag_token = any(${bigintArray(also)})`);
  return result.rows.map((row) => ({ token: row.token, uses: Number(row.uses) }));
}

export interface WindowAnalysisRow {
  id: string;
  dreamId: string;
  dreamtOn: string;
  emotions: string[];
  isNightmare: boolean;
}

/**
 * The latest analysis of each live dream among the user's newest `window` analyses (through the user's
 * created-at index), with the dream's night, emotions and nightmare flag; not the sealed results (see
 * listAnalysisResults).
 */
export async function listWindowAnalyses(db: DbOrTx, userId: string, window: number): Promise<WindowAnalysisRow[]> {
  const result = await db.execute<{
    id: string;
    dream_id: string;
    dreamt_on: string;
    emotions: string[] | string;
    is_nightmare: boolean;
  }>(sql`
    with newest as (
      select id, dream_id, created_at from dream_analyses
      where user_id = ${userId}::uuid
      order by created_at desc, id desc
      limit ${window}
    ), latest as (
      select distinct on (dream_id) id, dream_id from newest order by dream_id, created_at desc, id desc
    )
    select l.id, l.dream_id, d.dreamt_on::text as dreamt_on, d.emotions, d.is_nightmare
      from latest l join dreams d on d.id = l.dream_id and d.user_id = ${userId}::uuid and d.deleted_at is null`);
  return result.rows.map((row) => ({
    id: row.id,
    dreamId: row.dream_id,
    dreamtOn: row.dreamt_on,
    emotions: Array.isArray(row.emotions)
      ? row.emotions
      : row.emotions
          .replace(/^\{|\}$/g, '')
          .split(',')
          .filter(Boolean),
    isNightmare: row.is_nightmare,
  }));
}

/** The sealed results of these analyses of the user. */
export async function listAnalysisResults(db: DbOrTx, userId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const result = await db.execute<{ id: string; dream_id: string; result_b64: string }>(sql`
    select id, dream_id, encode(result_enc, 'base64') as result_b64 from dream_analyses
    where user_id = ${userId}::uuid and id = any(${uuidArray(ids)})`);
  return result.rows.map((row) => ({ id: row.id, dreamId: row.dream_id, resultEnc: fromBase64(row.result_b64) }));
}

interface SignDreamRow {
  /** The tag token, the emotion, or 'recurring' the dream was found by. */
  by: string;
  id: string;
  dreamtOn: string;
}

/**
 * The newest `perSign` live dreams carrying each tag token, feeling each emotion, and (when asked) marked recurring
 * (its partial index). Frequent tags (`commonTags`, in a good share of the journal) walk the list index backwards
 * and stop at the `perSign`-th dream holding them (the GIN index would find all their thousands of dreams, then sort
 * them); rare ones (`rareTags`, pinned below the threshold) go through the GIN index.
 */
export async function listSignDreams(
  db: DbOrTx,
  userId: string,
  wanted: {
    commonTags: readonly string[];
    rareTags: readonly string[];
    emotions: readonly string[];
    recurring: boolean;
  },
  perSign: number,
): Promise<SignDreamRow[]> {
  const live = sql`user_id = ${userId}::uuid and deleted_at is null`;
  const order = sql`order by dreamt_on desc, recorded_at desc, id desc limit ${perSign}`;
  const result = await db.execute<{ by: string; id: string; dreamt_on: string }>(sql`
    select t.token::text as by, d.id, d.dreamt_on::text as dreamt_on
      from unnest(${bigintArray(wanted.commonTags)}) as t(token)
      cross join lateral (
        select id, dreamt_on from dreams
        where ${live} and (tag_tokens || '{}'::bigint[]) @> array[t.token] ${order}
      ) as d
    union all
    select t.token::text as by, d.id, d.dreamt_on::text as dreamt_on
      from unnest(${bigintArray(wanted.rareTags)}) as t(token)
      cross join lateral (
        select id, dreamt_on from dreams where ${live} and tag_tokens @> array[t.token] ${order}
      ) as d
    union all
    select e.emotion, d.id, d.dreamt_on::text
      from unnest(${textArray(wanted.emotions)}) as e(emotion)
      cross join lateral (
        select id, dreamt_on from dreams where ${live} and emotions @> array[e.emotion] ${order}
      ) as d
    union all
    select 'recurring', d.id, d.dreamt_on::text from (
      select id, dreamt_on from dreams where ${live} and is_recurring and ${wanted.recurring} ${order}
    ) as d`);
  return result.rows.map((row) => ({ by: row.by, id: row.id, dreamtOn: row.dreamt_on }));
}

/** The sealed summaries (titles) of these live dreams of the user. */
export async function listDreamSummaries(db: DbOrTx, userId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const result = await db.execute<{ id: string; summary_b64: string }>(sql`
    select id, encode(summary_enc, 'base64') as summary_b64 from dreams
    where user_id = ${userId}::uuid and deleted_at is null and id = any(${uuidArray(ids)})`);
  return result.rows.map((row) => ({ id: row.id, summaryEnc: fromBase64(row.summary_b64) }));
}

/** The sealed names of these tag tokens of the user. */
export async function listTagNames(db: DbOrTx, userId: string, tokens: readonly string[]) {
  if (tokens.length === 0) return [];
  return db
    .select({ token: userTags.tagToken, nameEnc: readBytea(userTags.nameEnc) })
    .from(userTags)
    .where(and(eq(userTags.userId, userId), inArray(userTags.tagToken, [...tokens])));
}

// --- pins -----------------------------------------------------------------------------------------------------------

export async function listPinRows(db: DbOrTx, userId: string) {
  return db
    .select({
      id: dreamSignPins.id,
      signHash: dreamSignPins.signHash,
      signEnc: readBytea(dreamSignPins.signEnc),
      createdAt: dreamSignPins.createdAt,
    })
    .from(dreamSignPins)
    .where(eq(dreamSignPins.userId, userId))
    .orderBy(desc(dreamSignPins.createdAt), asc(dreamSignPins.id));
}

/** Serializes the user's pin writes until the transaction ends, so two at once cannot both pass the limit. */
export async function lockPins(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`dream_sign_pins:${userId}`}))`);
}

export async function countPins(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(dreamSignPins).where(eq(dreamSignPins.userId, userId));
  return row?.n ?? 0;
}

/** The new pin, or undefined when the user already pinned this sign (the unique hash). */
export async function insertPin(
  db: DbOrTx,
  row: { id: string; userId: string; signHash: string; signEnc: Buffer; createdAt: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(dreamSignPins)
    .values(row)
    .onConflictDoNothing({ target: [dreamSignPins.userId, dreamSignPins.signHash] })
    .returning({ id: dreamSignPins.id });
  return inserted.length > 0;
}

/** Whether the user's pin was there to delete. */
export async function deletePin(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(dreamSignPins)
    .where(and(eq(dreamSignPins.userId, userId), eq(dreamSignPins.id, id)))
    .returning({ id: dreamSignPins.id });
  return deleted.length > 0;
}
