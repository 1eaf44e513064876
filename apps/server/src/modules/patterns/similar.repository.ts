import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { dreamAnalyses } from '../../db/schema/analyses.ts';
import { dreams } from '../../db/schema/dreams.ts';
import { userJournalStats } from '../../db/schema/journal-stats.ts';
import { readBytea, readNullableBytea } from '../../db/schema/user-keys.ts';

const bigintArray = (tokens: readonly string[]) => sql`${`{${tokens.join(',')}}`}::bigint[]`;
const floatArray = (values: readonly number[]) => sql`${`{${values.join(',')}}`}::float8[]`;
const isLiveOf = (userId: string) => and(eq(dreams.userId, userId), isNull(dreams.deletedAt));

/** The dream similar dreams are looked for: its tokens and its sealed words (the shared words are read from them). */
export async function findSourceDream(db: DbOrTx, userId: string, id: string) {
  const [row] = await db
    .select({
      id: dreams.id,
      titleEnc: readBytea(dreams.titleEnc),
      contentEnc: readBytea(dreams.contentEnc),
      notesEnc: readNullableBytea(dreams.notesEnc),
      searchTokens: dreams.searchTokens,
      tagTokens: dreams.tagTokens,
    })
    .from(dreams)
    .where(and(isLiveOf(userId), eq(dreams.id, id)))
    .limit(1);
  return row;
}

/**
 * What changes whenever the user's journal does: every journal write bumps the aggregates row
 * (modules/journal-stats) in its transaction. Null when the user has no such row yet (nothing to cache).
 */
export async function findJournalSignature(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ signature: sql<string>`${userJournalStats.dreamCount} || ':' || ${userJournalStats.updatedAt}::text` })
    .from(userJournalStats)
    .where(eq(userJournalStats.userId, userId));
  return row?.signature ?? null;
}

/**
 * How many of the user's newest `sampleSize` live dreams hold each token they hold, and how many dreams the sample
 * has: the rarity of a word in the journal, estimated from a bounded read of the list index.
 */
export async function countSampleTokens(
  db: DbOrTx,
  userId: string,
  sampleSize: number,
): Promise<{ size: number; counts: Map<string, number> }> {
  const result = await db.execute<{ token: string | null; n: number | string }>(sql`
    with sample as materialized (
      select ${dreams.searchTokens} as tokens from ${dreams}
      where ${dreams.userId} = ${userId}::uuid and ${dreams.deletedAt} is null
      order by ${dreams.dreamtOn} desc, ${dreams.recordedAt} desc, ${dreams.id} desc
      limit ${sampleSize}
    )
    select held.token::text as token, count(*)::int as n
      from sample cross join lateral unnest(sample.tokens) as held(token)
      group by held.token
    union all
    select null, count(*)::int from sample`);
  const counts = new Map<string, number>();
  let size = 0;
  for (const row of result.rows) {
    if (row.token === null) size = Number(row.n);
    else counts.set(row.token, Number(row.n));
  }
  return { size, counts };
}

/**
 * The user's live dreams (not `excludedId`) that hold any of `tokens` or `tags`, with the summed weight of those they
 * hold, heaviest first. One GIN lookup per token (tokens are keyed per user, so they only find this user's dreams;
 * the user filter still applies), at most `perTokenLimit` dreams each, so the rows read are bounded whatever the
 * journal's size.
 */
export async function accumulateCandidates(
  db: DbOrTx,
  userId: string,
  excludedId: string,
  query: { tokens: readonly string[]; weights: readonly number[]; tags: readonly string[]; tagWeight: number },
  limit: number,
  perTokenLimit: number,
): Promise<{ id: string; weight: number }[]> {
  const result = await db.execute<{ id: string; weight: number | string }>(sql`
    with hits as (
      select d.id, w.weight
        from unnest(${bigintArray(query.tokens)}, ${floatArray(query.weights)}) as w(token, weight)
        cross join lateral (
          select ${dreams.id} as id from ${dreams}
          where ${dreams.searchTokens} @> array[w.token]
            and ${dreams.userId} = ${userId}::uuid and ${dreams.deletedAt} is null and ${dreams.id} <> ${excludedId}::uuid
          limit ${perTokenLimit}
        ) as d
      union all
      select d.id, ${query.tagWeight}::float8
        from unnest(${bigintArray(query.tags)}) as t(token)
        cross join lateral (
          select ${dreams.id} as id from ${dreams}
          where ${dreams.tagTokens} @> array[t.token]
            and ${dreams.userId} = ${userId}::uuid and ${dreams.deletedAt} is null and ${dreams.id} <> ${excludedId}::uuid
          limit ${perTokenLimit}
        ) as d
    )
    select id, sum(weight)::float8 as weight from hits group by id order by weight desc, id limit ${limit}`);
  return result.rows.map((row) => ({ id: row.id, weight: Number(row.weight) }));
}

/** The candidates' tokens and what the answer shows of them (the sealed summary). */
export async function listCandidateRows(db: DbOrTx, userId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: dreams.id,
      dreamtOn: dreams.dreamtOn,
      summaryEnc: readBytea(dreams.summaryEnc),
      searchTokens: dreams.searchTokens,
      tagTokens: dreams.tagTokens,
    })
    .from(dreams)
    .where(and(isLiveOf(userId), inArray(dreams.id, ids)));
}

/** The newest analysis of each of these dreams of the user (sealed), for their symbols. */
export async function listLatestAnalysisRows(db: DbOrTx, userId: string, dreamIds: string[]) {
  if (dreamIds.length === 0) return [];
  return db
    .selectDistinctOn([dreamAnalyses.dreamId], {
      id: dreamAnalyses.id,
      dreamId: dreamAnalyses.dreamId,
      resultEnc: readBytea(dreamAnalyses.resultEnc),
    })
    .from(dreamAnalyses)
    .where(and(eq(dreamAnalyses.userId, userId), inArray(dreamAnalyses.dreamId, dreamIds)))
    .orderBy(dreamAnalyses.dreamId, sql`${dreamAnalyses.createdAt} desc`, sql`${dreamAnalyses.id} desc`);
}
