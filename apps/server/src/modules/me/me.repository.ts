import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { authUsers } from '../../db/schema/auth.ts';

export async function findProfile(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: authUsers.id, email: authUsers.email, metadata: authUsers.rawUserMetaData })
    .from(authUsers)
    .where(eq(authUsers.id, userId))
    .limit(1);
  return row;
}
