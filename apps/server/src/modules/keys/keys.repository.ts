import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { userKeys } from '../../db/schema/user-keys.ts';

/** Stores a wrapped key unless the user already has one (a concurrent request may have won the race). */
export async function insertUserKeyIfAbsent(db: DbOrTx, userId: string, wrappedKey: Buffer): Promise<void> {
  await db.insert(userKeys).values({ userId, wrappedKey }).onConflictDoNothing({ target: userKeys.userId });
}

export async function findWrappedUserKey(db: DbOrTx, userId: string): Promise<Buffer | undefined> {
  const [row] = await db.select({ wrappedKey: userKeys.wrappedKey }).from(userKeys).where(eq(userKeys.userId, userId)).limit(1);
  return row?.wrappedKey;
}
