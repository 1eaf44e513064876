import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedRead } from '../../db/prepared.ts';
import { profiles } from '../../db/schema/profiles.ts';

export type ProfileRow = typeof profiles.$inferSelect;
export type ProfilePatch = Partial<Pick<ProfileRow, 'timeZone' | 'isTimeZoneSet' | 'locale' | 'theme' | 'plan'>>;

/** The time zone and plan most requests need: a prepared read (decision 055). */
const selectProfile = preparedRead<{ userId: string }, ProfileRow>('profile_find', (db) =>
  db
    .select()
    .from(profiles)
    .where(eq(profiles.userId, sql.placeholder('userId')))
    .limit(1),
);

export async function findProfile(db: DbOrTx, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await selectProfile(db, { userId });
  return row;
}

/**
 * The row with its defaults, unless it exists already (two first requests may race). A new account's comes with the
 * plan the server gives new accounts; a row made later, on first access, is an account's from before that plan was
 * written at sign-up, and keeps the column's Dreamer (decision 077).
 */
export async function insertDefaultProfile(
  db: DbOrTx,
  userId: string,
  options: { plan?: ProfileRow['plan'] } = {},
): Promise<void> {
  await db
    .insert(profiles)
    .values({ userId, ...(options.plan ? { plan: options.plan } : {}) })
    .onConflictDoNothing({ target: profiles.userId });
}

export async function updateProfileRow(
  db: DbOrTx,
  userId: string,
  patch: ProfilePatch,
  now: Date,
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(profiles)
    .set({ ...patch, updatedAt: now })
    .where(eq(profiles.userId, userId))
    .returning();
  return row;
}

/** Whether the database can compute local dates in this zone (its tz data may be older than the runtime's). */
export async function isTimeZoneKnownToDatabase(db: DbOrTx, timeZone: string): Promise<boolean> {
  try {
    await db.execute(sql`select now() at time zone ${timeZone}::text`);
    return true;
  } catch {
    return false;
  }
}
