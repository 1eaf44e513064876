import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  sql,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedRead } from '../../db/prepared.ts';
import { dreams, userTags } from '../../db/schema/dreams.ts';
import { readBytea, readNullableBytea } from '../../db/schema/user-keys.ts';

export type NewDreamRow = typeof dreams.$inferInsert;
export type DreamPatch = Partial<Omit<NewDreamRow, 'id' | 'userId' | 'recordedAt' | 'idempotencyKey'>>;

// A dream as GET and PATCH need it: not the search tokens (the largest column, never needed to answer) nor the
// list summary.
const dreamColumns = {
  id: dreams.id,
  titleEnc: readBytea(dreams.titleEnc),
  isTitleDerived: dreams.isTitleDerived,
  contentEnc: readBytea(dreams.contentEnc),
  notesEnc: readNullableBytea(dreams.notesEnc),
  tagsEnc: readBytea(dreams.tagsEnc),
  tagTokens: dreams.tagTokens,
  dreamtOn: dreams.dreamtOn,
  recordedAt: dreams.recordedAt,
  updatedAt: dreams.updatedAt,
  mood: dreams.mood,
  emotions: dreams.emotions,
  lucidity: dreams.lucidity,
  vividness: dreams.vividness,
  sleepQuality: dreams.sleepQuality,
  isNightmare: dreams.isNightmare,
  isRecurring: dreams.isRecurring,
  version: dreams.version,
  deletedAt: dreams.deletedAt,
  purgeAfter: dreams.purgeAfter,
  idempotencyKey: dreams.idempotencyKey,
};
export type DreamRow = Omit<typeof dreams.$inferSelect, 'userId' | 'searchTokens' | 'summaryEnc'>;

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

const isLive = isNull(dreams.deletedAt);
/** The user's rows: `userId` a value, or a prepared read's placeholder (decision 055). */
const ownedBy = (userId: string | Placeholder) => eq(dreams.userId, userId);

/** Inserts the dreams whose idempotency key the user has not used yet; returns the ids inserted. */
export async function insertDreams(db: DbOrTx, values: NewDreamRow[]): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const rows = await db
    .insert(dreams)
    .values(values)
    .onConflictDoNothing({ target: [dreams.userId, dreams.idempotencyKey] })
    .returning({ id: dreams.id });
  return new Set(rows.map((row) => row.id));
}

/** Inserts the dream unless the user already created one with the same idempotency key; true when inserted. */
export async function insertDream(db: DbOrTx, values: NewDreamRow): Promise<boolean> {
  const rows = await db
    .insert(dreams)
    .values(values)
    .onConflictDoNothing({ target: [dreams.userId, dreams.idempotencyKey] })
    .returning({ id: dreams.id });
  return rows.length > 0;
}

/** A live dream as its page opens it: a prepared read (decision 055). */
const selectLiveDream = preparedRead<{ userId: string; id: string }, DreamRow>('dreams_find_live', (db) =>
  db
    .select(dreamColumns)
    .from(dreams)
    .where(and(ownedBy(sql.placeholder('userId')), eq(dreams.id, sql.placeholder('id')), isLive))
    .limit(1),
);

/** The dream a POST with this idempotency key created, deleted or not: every save from the app asks. */
const selectDreamByIdempotencyKey = preparedRead<{ userId: string; idempotencyKey: string }, DreamRow>(
  'dreams_find_by_idempotency_key',
  (db) =>
    db
      .select(dreamColumns)
      .from(dreams)
      .where(and(ownedBy(sql.placeholder('userId')), eq(dreams.idempotencyKey, sql.placeholder('idempotencyKey'))))
      .limit(1),
);

/** A dream of the user: live ones only unless `isDeletedIncluded`. */
export async function findDream(
  db: DbOrTx,
  userId: string,
  id: string,
  options: { isDeletedIncluded?: boolean; forUpdate?: boolean } = {},
): Promise<DreamRow | undefined> {
  if (!options.isDeletedIncluded && !options.forUpdate) {
    const [live] = await selectLiveDream(db, { userId, id });
    return live;
  }
  const query = db
    .select(dreamColumns)
    .from(dreams)
    .where(and(ownedBy(userId), eq(dreams.id, id), options.isDeletedIncluded ? undefined : isLive))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** A live dream's version, its row locked until the transaction ends (FOR UPDATE); undefined when not found. */
export async function lockLiveDreamRow(db: DbOrTx, userId: string, id: string): Promise<number | undefined> {
  const [row] = await db
    .select({ version: dreams.version })
    .from(dreams)
    .where(and(ownedBy(userId), eq(dreams.id, id), isLive))
    .for('update');
  return row?.version;
}

/** The dream a POST with this idempotency key created, deleted or not. */
export async function findDreamByIdempotencyKey(
  db: DbOrTx,
  userId: string,
  idempotencyKey: string,
): Promise<DreamRow | undefined> {
  const [row] = await selectDreamByIdempotencyKey(db, { userId, idempotencyKey });
  return row;
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

export async function updateDreamRow(
  db: DbOrTx,
  userId: string,
  id: string,
  patch: DreamPatch,
): Promise<DreamRow | undefined> {
  const [row] = await db
    .update(dreams)
    .set(patch)
    .where(and(ownedBy(userId), eq(dreams.id, id)))
    .returning(dreamColumns);
  return row;
}

export async function deleteDreamRow(db: DbOrTx, userId: string, id: string): Promise<void> {
  await db.delete(dreams).where(and(ownedBy(userId), eq(dreams.id, id)));
}

/** Removes the user's soft-deleted dreams whose undo window has passed. */
export async function purgeExpiredDreamsOf(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db.delete(dreams).where(and(ownedBy(userId), isNotNull(dreams.purgeAfter), lte(dreams.purgeAfter, now)));
}

/**
 * Takes the sweeper's advisory lock `key` until `tx` ends, unless another transaction holds it (on any instance on
 * the database): false then, and that one is sweeping.
 */
export async function tryTakePurgeLock(tx: DbOrTx, key: string): Promise<boolean> {
  const { rows } = await tx.execute<{ locked: boolean }>(
    sql`select pg_try_advisory_xact_lock(hashtextextended(${key}, 0)) as locked`,
  );
  return rows[0]?.locked === true;
}

/**
 * The sweeper's query, the one that spans users on purpose: it removes rows whose owner already deleted them
 * and whose undo window has passed. Batched so one sweep never holds a long transaction.
 */
export async function purgeExpiredDreams(db: DbOrTx, now: Date, batchSize = 500): Promise<number> {
  const rows = await db
    .delete(dreams)
    .where(
      inArray(
        dreams.id,
        db
          .select({ id: dreams.id })
          .from(dreams)
          .where(and(isNotNull(dreams.purgeAfter), lte(dreams.purgeAfter, now)))
          .limit(batchSize),
      ),
    )
    .returning({ id: dreams.id });
  return rows.length;
}

// --- tags ------------------------------------------------------------------------------------------------------

export interface TagUse {
  token: string;
  nameEnc: Buffer;
  /** How many more live dreams carry it (1 unless a batch of new dreams shares the tag). */
  count?: number;
}

/** The order of the (user_id, tag_token) index: every write takes its tag rows in it, so two never deadlock. */
const byIndexOrder = (a: string, b: string) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0);

/** One more live dream (or `count`) carries each of these tags (distinct tokens); the stored spelling becomes the latest. */
export async function addTagUses(db: DbOrTx, userId: string, tags: TagUse[], now: Date): Promise<void> {
  if (tags.length === 0) return;
  // In the index's order: two dreams written at once with overlapping tags then lock the rows in the same order
  // (unsorted, each waited for the other's row: "deadlock detected", a 500 under 10 connections).
  const ordered = [...tags].sort((a, b) => byIndexOrder(a.token, b.token));
  await db
    .insert(userTags)
    .values(
      ordered.map((tag) => ({
        userId,
        tagToken: tag.token,
        nameEnc: tag.nameEnc,
        useCount: tag.count ?? 1,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [userTags.userId, userTags.tagToken],
      set: {
        useCount: sql`${userTags.useCount} + excluded.use_count`,
        nameEnc: sql`excluded.name_enc`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/** One live dream fewer carries each of these tags; a tag nobody uses any more disappears. */
export async function removeTagUses(db: DbOrTx, userId: string, tokens: string[]): Promise<void> {
  if (tokens.length === 0) return;
  const mine = and(eq(userTags.userId, userId), inArray(userTags.tagToken, tokens));
  await db
    .update(userTags)
    .set({ useCount: sql`${userTags.useCount} - 1` })
    .where(mine);
  await db.delete(userTags).where(and(mine, lte(userTags.useCount, 0)));
}

/**
 * An edit's tags: one live dream fewer carries each of `removed`, one more each of `added` (none of them removed).
 * One tag at a time in the index's order, the ones let go of and the ones taken up together: removing all, then
 * adding, deadlocked with a new dream taking both kinds (the edit held a tag it let go of and waited for one it
 * took up, which the new dream held while it waited for the first; a 500, found by bench:soak).
 */
export async function changeTagUses(
  db: DbOrTx,
  userId: string,
  change: { removed: string[]; added: TagUse[] },
  now: Date,
): Promise<void> {
  const steps = [
    ...change.removed.map((token) => ({ token, added: null })),
    ...change.added.map((tag) => ({ token: tag.token, added: tag })),
  ].sort((a, b) => byIndexOrder(a.token, b.token));
  for (const step of steps) {
    if (step.added) await addTagUses(db, userId, [step.added], now);
    else
      await db
        .update(userTags)
        .set({ useCount: sql`${userTags.useCount} - 1` })
        .where(and(eq(userTags.userId, userId), eq(userTags.tagToken, step.token)));
  }
  // Rows locked above already: a tag nobody uses any more disappears.
  if (change.removed.length === 0) return;
  await db
    .delete(userTags)
    .where(and(eq(userTags.userId, userId), inArray(userTags.tagToken, change.removed), lte(userTags.useCount, 0)));
}

export async function listTagRows(db: DbOrTx, userId: string) {
  return db
    .select({ token: userTags.tagToken, nameEnc: readBytea(userTags.nameEnc), useCount: userTags.useCount })
    .from(userTags)
    .where(and(eq(userTags.userId, userId), gt(userTags.useCount, 0)))
    .orderBy(desc(userTags.useCount), desc(userTags.updatedAt), userTags.tagToken);
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

// --- the data export and import (modules/account) -------------------------------------------------------------------

/**
 * One page of the user's dreams, full rows, oldest night first: the live ones (walking the list index forwards), or
 * the deleted ones still in their undo window. The page starts after `after`.
 */
export async function listDreamRowsOldestFirst(
  db: DbOrTx,
  userId: string,
  page: { isDeleted: boolean; after?: ListPosition; limit: number },
): Promise<DreamRow[]> {
  const { after } = page;
  return db
    .select(dreamColumns)
    .from(dreams)
    .where(
      and(
        ownedBy(userId),
        page.isDeleted ? isNotNull(dreams.deletedAt) : isLive,
        after
          ? sql`(${dreams.dreamtOn}, ${dreams.recordedAt}, ${dreams.id}) > (${after.dreamtOn}::date, ${after.recordedAt.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(dreams.dreamtOn), asc(dreams.recordedAt), asc(dreams.id))
    .limit(page.limit);
}

/** Which of these ids are dreams of the user (live or deleted). */
export async function findOwnDreamIds(db: DbOrTx, userId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: dreams.id })
    .from(dreams)
    .where(and(ownedBy(userId), inArray(dreams.id, ids)));
  return rows.map((row) => row.id);
}

/** Which of these idempotency keys the user's dreams (live or deleted) already carry. */
export async function findOwnIdempotencyKeys(db: DbOrTx, userId: string, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .select({ key: dreams.idempotencyKey })
    .from(dreams)
    .where(and(ownedBy(userId), inArray(dreams.idempotencyKey, keys)));
  return rows.flatMap((row) => (row.key === null ? [] : [row.key]));
}

/** The sealed content of the user's live dreams of these nights. */
export async function listLiveDreamContentsOn(db: DbOrTx, userId: string, dates: string[]) {
  if (dates.length === 0) return [];
  return db
    .select({ id: dreams.id, dreamtOn: dreams.dreamtOn, contentEnc: readBytea(dreams.contentEnc) })
    .from(dreams)
    .where(and(ownedBy(userId), isLive, inArray(dreams.dreamtOn, dates)));
}

/**
 * After a bulk import: when the dreams just added are a tenth or more of what the planner's statistics counted (or
 * the table was never analysed), refresh them now. Autovacuum would in its own time, or never where an operator
 * turned it off; until then the planner took the grown journal for a few rows and sorted all of a user's dreams for
 * a page of five (315 ms at 100,000 dreams, against 0.1 ms with statistics).
 */
export async function refreshDreamStatisticsAfter(db: DbOrTx, added: number): Promise<void> {
  const { rows } = await db.execute<{ counted: number }>(
    sql`select reltuples::float8 as counted from pg_class where oid = 'dreams'::regclass`,
  );
  const counted = rows[0]?.counted ?? -1;
  if (counted >= 0 && added < counted / 10) return;
  await db.execute(sql`analyze ${dreams}`);
}
