import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { dreams } from '../../db/schema/dreams.ts';
import { userJournalStats } from '../../db/schema/journal-stats.ts';
import { readBytea, readNullableBytea } from '../../db/schema/user-keys.ts';
import { SEARCH_INDEX_VERSION } from './dreams.search.ts';

// The search reindex's queries (dreams.reindex.ts, decision 079): the ones that span users on purpose, like the purge
// sweeper's. They read ids, owners and sealed text, and write tokens; never a word in the clear.

/**
 * A row whose tokens are older than SEARCH_INDEX_VERSION. The bound is written into the SQL as a literal, the same as
 * `dreams_search_reindex_idx`'s predicate: with a parameter the planner could not use that index.
 */
const isStale = sql`${dreams.searchVersion} < ${sql.raw(String(SEARCH_INDEX_VERSION))}`;

/** The next `limit` rows left to rewrite after `afterId`, in id order (through the partial index). */
export function listStaleDreams(db: DbOrTx, afterId: string, limit: number) {
  return db
    .select({ id: dreams.id, userId: dreams.userId })
    .from(dreams)
    .where(and(isStale, gt(dreams.id, afterId)))
    .orderBy(asc(dreams.id))
    .limit(limit);
}

/**
 * Locks those of `ids` that are still stale and that no other transaction holds (`skip locked`: another instance or
 * the owner's edit has them), with their sealed text. Stale is checked again under the lock, on the row as it is
 * now: a row another instance rewrote meanwhile is not rewritten twice.
 */
export function lockStaleDreams(tx: DbOrTx, ids: string[]) {
  return tx
    .select({
      id: dreams.id,
      userId: dreams.userId,
      titleEnc: readBytea(dreams.titleEnc),
      contentEnc: readBytea(dreams.contentEnc),
      notesEnc: readNullableBytea(dreams.notesEnc),
    })
    .from(dreams)
    .where(and(inArray(dreams.id, ids), isStale))
    .for('update', { skipLocked: true });
}

export async function writeSearchTokens(tx: DbOrTx, id: string, tokens: string[]): Promise<void> {
  await tx.update(dreams).set({ searchTokens: tokens, searchVersion: SEARCH_INDEX_VERSION }).where(eq(dreams.id, id));
}

/**
 * Moves the users' journal signatures (patterns/similar.repository.ts), so every instance computes again what it kept
 * from their old tokens: rarity samples, pattern answers.
 */
export async function touchJournalSignatures(db: DbOrTx, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .update(userJournalStats)
    .set({ updatedAt: sql`now()` })
    .where(inArray(userJournalStats.userId, userIds));
}
