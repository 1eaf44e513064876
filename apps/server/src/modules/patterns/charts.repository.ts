import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { userTags } from '../../db/schema/dreams.ts';
import { readBytea } from '../../db/schema/user-keys.ts';
import type { BucketGrain } from './buckets.repository.ts';

/**
 * What the charts read besides their maintained buckets (buckets.repository.ts, docs/decisions/030): the sealed
 * names of the few tags they show.
 */

export type BucketUnit = BucketGrain;

/** A period of nights: `from` and `to` are dates in the user's zone (inclusive); no `from` is the whole journal. */
export interface NightRange {
  from: string | null;
  to: string;
}

/** The sealed names of these tags (from the tag table the journal keeps). */
export async function listTagNameRows(
  db: DbOrTx,
  userId: string,
  tokens: string[],
): Promise<{ token: string; nameEnc: Buffer }[]> {
  if (tokens.length === 0) return [];
  return db
    .select({ token: userTags.tagToken, nameEnc: readBytea(userTags.nameEnc) })
    .from(userTags)
    .where(and(eq(userTags.userId, userId), inArray(userTags.tagToken, tokens)));
}
