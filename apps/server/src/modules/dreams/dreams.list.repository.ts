// The journal's list queries: a page of live dreams newest night first, filtered by words, a tag and attributes
// (decision 055 for the prepared reads), and the latest dreams an analysis compares with.

import { and, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedRead } from '../../db/prepared.ts';
import { dreams } from '../../db/schema/dreams.ts';
import { readBytea } from '../../db/schema/user-keys.ts';
import { isLive, ownedBy } from './dreams.repository.ts';

/** What a list item needs: the sealed summary and the plain metadata. */
export interface DreamListRow {
  id: string;
  summaryEnc: Buffer;
  dreamtOn: string;
  recordedAt: Date;
  mood: number | null;
  emotions: string[];
  lucidity: number;
  isNightmare: boolean;
  isRecurring: boolean;
}

type PackedListRow = [
  summary: string,
  dreamtOn: string,
  recordedAt: string,
  mood: number | null,
  emotions: string[],
  lucidity: number,
  isNightmare: boolean,
  isRecurring: boolean,
];

function unpackListRow(row: { id: string; packed: PackedListRow }): DreamListRow {
  const [summary, dreamtOn, recordedAt, mood, emotions, lucidity, isNightmare, isRecurring] = row.packed;
  return {
    id: row.id,
    summaryEnc: Buffer.from(summary, 'base64'),
    dreamtOn,
    recordedAt: new Date(recordedAt),
    mood,
    emotions,
    lucidity,
    isNightmare,
    isRecurring,
  };
}

export interface DreamFilters {
  /** One group per query word: a dream matches when it holds a token of every group. */
  tokenGroups: string[][];
  tagToken?: string;
  from?: string;
  to?: string;
  emotion?: string;
  isLucid?: boolean;
  isNightmare?: boolean;
  isRecurring?: boolean;
}

/** Position in the list order (dreamt_on desc, recorded_at desc, id desc): the page starts after it. */
export interface ListPosition {
  dreamtOn: string;
  recordedAt: Date;
  id: string;
}

const bigintArray = (tokens: string[]) => sql`${`{${tokens.join(',')}}`}::bigint[]`;

/** The columns a list query reads, from the table itself or from a subquery over it. */
const sourceColumns = {
  id: dreams.id,
  userId: dreams.userId,
  deletedAt: dreams.deletedAt,
  summaryEnc: dreams.summaryEnc,
  dreamtOn: dreams.dreamtOn,
  recordedAt: dreams.recordedAt,
  mood: dreams.mood,
  emotions: dreams.emotions,
  lucidity: dreams.lucidity,
  isNightmare: dreams.isNightmare,
  isRecurring: dreams.isRecurring,
  searchTokens: dreams.searchTokens,
  tagTokens: dreams.tagTokens,
};
type Source = { [K in keyof typeof sourceColumns]: SQLWrapper };

// A list row travels as two values: the id and one JSON array of the rest. PGlite converts every value of a
// result in JavaScript, with a fixed cost per value (a third of a page's query time with ten columns); JSON.parse
// is native. On PostgreSQL this costs nothing measurable.
const packedList = (src: Source) =>
  sql`json_build_array(encode(${src.summaryEnc}, 'base64'), ${src.dreamtOn}, ${src.recordedAt}, ${src.mood}, ${src.emotions}, ${src.lucidity}, ${src.isNightmare}, ${src.isRecurring})::text`;
const listSelection = (src: Source) => ({
  id: sql<string>`${src.id}`,
  packed: packedList(src).mapWith((value: string) => JSON.parse(value) as PackedListRow),
});

/** The source columns under a CTE's name, for queries drizzle cannot build (a MATERIALIZED CTE). */
function aliasOf(name: string): Source {
  return Object.fromEntries(
    Object.entries(sourceColumns).map(([key, column]) => [key, sql.raw(`"${name}"."${column.name}"`)]),
  ) as unknown as Source;
}

const newestFirst = (src: Source) => [sql`${src.dreamtOn} desc`, sql`${src.recordedAt} desc`, sql`${src.id} desc`];

/** Word and tag conditions: the ones the GIN indexes can answer. `&&` per word, ANDed. */
const tokenConditions = (filters: DreamFilters, src: Source) => [
  ...filters.tokenGroups.map((group) => sql`${src.searchTokens} && ${bigintArray(group)}`),
  filters.tagToken !== undefined ? sql`${src.tagTokens} @> ${bigintArray([filters.tagToken])}` : undefined,
];

const attributeConditions = (filters: DreamFilters, src: Source) => [
  filters.from !== undefined ? sql`${src.dreamtOn} >= ${filters.from}::date` : undefined,
  filters.to !== undefined ? sql`${src.dreamtOn} <= ${filters.to}::date` : undefined,
  filters.emotion !== undefined ? sql`${src.emotions} @> array[${filters.emotion}::text]` : undefined,
  filters.isLucid === undefined ? undefined : filters.isLucid ? sql`${src.lucidity} > 0` : sql`${src.lucidity} = 0`,
  filters.isNightmare === undefined ? undefined : sql`${src.isNightmare} = ${filters.isNightmare}`,
  filters.isRecurring === undefined ? undefined : sql`${src.isRecurring} = ${filters.isRecurring}`,
];

/** A list position as query values, or as a prepared read's placeholders. */
interface PositionValues {
  dreamtOn: string | Placeholder;
  recordedAt: string | Placeholder;
  id: string | Placeholder;
}

const positionValues = (at: ListPosition) => ({
  dreamtOn: at.dreamtOn,
  recordedAt: at.recordedAt.toISOString(),
  id: at.id,
});

/** The rows after `at` in the list order. */
const olderThan = (src: Source, at: PositionValues) =>
  sql`(${src.dreamtOn}, ${src.recordedAt}, ${src.id}) < (${at.dreamtOn}::date, ${at.recordedAt}::timestamptz, ${at.id}::uuid)`;

const afterPosition = (after: ListPosition | undefined, src: Source) =>
  after ? olderThan(src, positionValues(after)) : undefined;

/**
 * How many of the newest dreams a word or tag search reads in journal order before it turns to the GIN index.
 * Common words fill a page within a few rows; rare ones (or a typo that matches nothing) would otherwise walk
 * the whole journal, since the planner cannot tell a rare token from a common one (PGlite has no statistics).
 */
export const SEARCH_WINDOW = 400;

/** What the rare-term path keeps of each match: the order and the attribute filters, nothing wide. */
const MATCH_COLUMNS = [
  'id',
  'userId',
  'deletedAt',
  'dreamtOn',
  'recordedAt',
  'emotions',
  'lucidity',
  'isNightmare',
  'isRecurring',
] as const satisfies readonly (keyof typeof sourceColumns)[];

/** A page of the user's live dreams in list order, read through the list index; `conditions` narrow it. */
const newestPage = (
  db: DbOrTx,
  page: {
    userId: string | Placeholder;
    limit: number | Placeholder;
    after?: PositionValues;
    conditions?: (SQL | undefined)[];
  },
) =>
  db
    .select(listSelection(dreams))
    .from(dreams)
    .where(and(ownedBy(page.userId), isLive, ...(page.conditions ?? []), page.after && olderThan(dreams, page.after)))
    .orderBy(...newestFirst(dreams))
    .limit(page.limit);

type ListRowPacked = { id: string; packed: PackedListRow };

/**
 * The journal's pages without a search or a filter: the dashboard's latest dreams, the list as it opens and as it
 * scrolls. Prepared reads (decision 055).
 */
const selectNewest = preparedRead<{ userId: string; limit: number }, ListRowPacked>('dreams_newest', (db) =>
  newestPage(db, { userId: sql.placeholder('userId'), limit: sql.placeholder('limit') }),
);
const selectNewestAfter = preparedRead<
  { userId: string; limit: number } & ReturnType<typeof positionValues>,
  ListRowPacked
>('dreams_newest_after', (db) =>
  newestPage(db, {
    userId: sql.placeholder('userId'),
    limit: sql.placeholder('limit'),
    after: {
      dreamtOn: sql.placeholder('dreamtOn'),
      recordedAt: sql.placeholder('recordedAt'),
      id: sql.placeholder('id'),
    },
  }),
);

/** One page of the user's live dreams, newest night first. */
export async function listDreamRows(
  db: DbOrTx,
  userId: string,
  filters: DreamFilters,
  page: { after?: ListPosition; limit: number },
): Promise<DreamListRow[]> {
  const { after, limit } = page;
  const hasTokens = filters.tokenGroups.length > 0 || filters.tagToken !== undefined;
  if (!hasTokens) {
    const conditions = attributeConditions(filters, dreams).filter((condition) => condition !== undefined);
    const rows =
      conditions.length > 0
        ? await newestPage(db, { userId, limit, after: after && positionValues(after), conditions })
        : after
          ? await selectNewestAfter(db, { userId, limit, ...positionValues(after) })
          : await selectNewest(db, { userId, limit });
    return rows.map(unpackListRow);
  }

  // Fast path: the newest SEARCH_WINDOW dreams, read in index order and filtered as they stream by (no sort).
  const recent = db
    .select(sourceColumns)
    .from(dreams)
    .where(and(ownedBy(userId), isLive, afterPosition(after, dreams)))
    .orderBy(...newestFirst(dreams))
    .limit(SEARCH_WINDOW)
    .as('recent');
  const first = await db
    .select(listSelection(recent))
    .from(recent)
    .where(and(...tokenConditions(filters, recent), ...attributeConditions(filters, recent)))
    .orderBy(...newestFirst(recent))
    .limit(limit);
  if (first.length === limit) return first.map(unpackListRow);

  // Rare terms: every match from the GIN indexes, then ordered. The CTE is MATERIALIZED so the planner cannot
  // merge it into the outer query and walk the list index again. It holds only what ordering and the filters need
  // (not the token arrays nor the sealed summary, the widest columns), so each match costs a narrow row; the page's
  // rows are then read by id. Tokens are keyed per user, so the matches are this user's already; the user filter
  // still applies, as everywhere.
  const matches = aliasOf('matches');
  const result = await db.execute<{ id: string; packed: string }>(sql`
    with matches as materialized (
      select ${sql.join(
        MATCH_COLUMNS.map((key) => sourceColumns[key]),
        sql`, `,
      )} from ${dreams} where ${and(...tokenConditions(filters, dreams))}
    ), page as (
      select ${matches.id} as id from matches
      where ${and(
        sql`${matches.userId} = ${userId}::uuid`,
        sql`${matches.deletedAt} is null`,
        ...attributeConditions(filters, matches),
        afterPosition(after, matches),
      )}
      order by ${sql.join(newestFirst(matches), sql`, `)}
      limit ${limit}
    )
    select ${dreams.id} as id, ${packedList(dreams)} as packed from page join ${dreams} on ${dreams.id} = page.id
    where ${dreams.userId} = ${userId}::uuid
    order by ${sql.join(newestFirst(dreams), sql`, `)}`);
  return result.rows.map((row) => unpackListRow({ id: row.id, packed: JSON.parse(row.packed) as PackedListRow }));
}

/** The user's latest live dreams in journal order (newest night first), their sealed title and content only. */
export async function listLatestDreamRows(
  db: DbOrTx,
  userId: string,
  options: { excludeId: string; limit: number },
): Promise<{ id: string; version: number; titleEnc: Buffer; contentEnc: Buffer }[]> {
  return db
    .select({
      id: dreams.id,
      version: dreams.version,
      titleEnc: readBytea(dreams.titleEnc),
      contentEnc: readBytea(dreams.contentEnc),
    })
    .from(dreams)
    .where(and(ownedBy(userId), isLive, sql`${dreams.id} <> ${options.excludeId}`))
    .orderBy(...newestFirst(dreams))
    .limit(options.limit);
}
