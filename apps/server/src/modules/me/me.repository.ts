import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedRead } from '../../db/prepared.ts';
import { authUsers } from '../../db/schema/auth.ts';

interface UserRow {
  id: string;
  email: string;
  metadata: typeof authUsers.$inferSelect.rawUserMetaData;
}

const selectUser = preparedRead<{ userId: string }, UserRow>('me_find_user', (db) =>
  db
    .select({ id: authUsers.id, email: authUsers.email, metadata: authUsers.rawUserMetaData })
    .from(authUsers)
    .where(eq(authUsers.id, sql.placeholder('userId')))
    .limit(1),
);

export async function findProfile(db: DbOrTx, userId: string) {
  const [row] = await selectUser(db, { userId });
  return row;
}
