import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, sql, type Placeholder } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedRead } from '../../db/prepared.ts';
import { dreams, userTags } from '../../db/schema/dreams.ts';
import { readBytea, readNullableBytea } from '../../db/schema/user-keys.ts';

// The dreams table's rows: inserted, found, changed, deleted and purged, and the user's tag counts. The list
// queries are dreams.list.repository.ts; the export's and import's, dreams.data.repository.ts.

export type NewDreamRow = typeof dreams.$inferInsert;
export type DreamPatch = Partial<Omit<NewDreamRow, 'id' | 'userId' | 'recordedAt' | 'idempotencyKey'>>;

// A dream as GET and PATCH need it: not the search tokens (the largest column, never needed to answer) nor the
// list summary.
export const dreamColumns = {
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
export type DreamRow = Omit<typeof dreams.$inferSelect, 'userId' | 'searchTokens' | 'searchVersion' | 'summaryEnc'>;

export const isLive = isNull(dreams.deletedAt);
/** The user's rows: `userId` a value, or a prepared read's placeholder (decision 055). */
export const ownedBy = (userId: string | Placeholder) => eq(dreams.userId, userId);

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
