import { asc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { dreamAnalyses } from '../../db/schema/analyses.ts';
import { dreams, userTags } from '../../db/schema/dreams.ts';
import { userKeys } from '../../db/schema/user-keys.ts';

// public.user_keys: the `database` key store (in the main database, or in a database of its own with the same
// table), and where keys lived before the key store existed (moved out at start, docs/decisions/009).

/** Stores a wrapped key unless the user already has one (a concurrent request may have won the race). */
export async function insertUserKeyIfAbsent(db: DbOrTx, userId: string, wrappedKey: Buffer): Promise<void> {
  await db.insert(userKeys).values({ userId, wrappedKey }).onConflictDoNothing({ target: userKeys.userId });
}

export async function findWrappedUserKey(db: DbOrTx, userId: string): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ wrappedKey: userKeys.wrappedKey })
    .from(userKeys)
    .where(eq(userKeys.userId, userId))
    .limit(1);
  return row?.wrappedKey;
}

export async function deleteUserKey(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(userKeys).where(eq(userKeys.userId, userId));
}

/** One page of stored keys in user-id order, after `afterUserId`. */
export function listUserKeys(db: DbOrTx, options: { afterUserId?: string; limit: number }) {
  return db
    .select({ userId: userKeys.userId, wrappedKey: userKeys.wrappedKey })
    .from(userKeys)
    .where(options.afterUserId ? gt(userKeys.userId, options.afterUserId) : undefined)
    .orderBy(asc(userKeys.userId))
    .limit(options.limit);
}

/** The key store's own table in a database of its own: no auth.users there, hence no foreign key. */
export async function createKeyStoreTable(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    create table if not exists public.user_keys (
      user_id uuid primary key,
      wrapped_key bytea not null,
      created_at timestamp with time zone not null default now()
    )`);
}

/** Whether a database holds Sonhário's own tables (a key store must not be the main database under another name). */
export async function hasAuthUsersTable(db: DbOrTx): Promise<boolean> {
  const result = await db.execute<{ present: boolean }>(sql`select to_regclass('auth.users') is not null as present`);
  return result.rows[0]?.present === true;
}

/** Whether anything is sealed under the user's key in the main database (dreams, tag names, analyses). */
export async function hasSealedData(db: DbOrTx, userId: string): Promise<boolean> {
  const result = await db.execute<{ sealed: boolean }>(sql`
    select exists (select 1 from ${dreams} where ${dreams.userId} = ${userId})
        or exists (select 1 from ${userTags} where ${userTags.userId} = ${userId})
        or exists (select 1 from ${dreamAnalyses} where ${dreamAnalyses.userId} = ${userId}) as sealed`);
  return result.rows[0]?.sealed === true;
}

export async function userExists(db: DbOrTx, userId: string): Promise<boolean> {
  const result = await db.execute<{ present: boolean }>(
    sql`select exists (select 1 from auth.users where id = ${userId}) as present`,
  );
  return result.rows[0]?.present === true;
}

/**
 * Up to `limit` users with sealed data, the most recently active first: the start-up check asks the key store for
 * their keys (a missing or foreign DATA_DIR/keystore shows on the first of them).
 */
export async function usersWithSealedData(db: DbOrTx, limit: number): Promise<string[]> {
  const result = await db.execute<{ user_id: string }>(sql`
    select ${dreams.userId} as user_id from ${dreams}
     group by ${dreams.userId} order by max(${dreams.recordedAt}) desc limit ${limit}`);
  return result.rows.map((row) => row.user_id);
}
