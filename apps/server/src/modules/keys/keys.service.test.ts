import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { userKeys } from '../../db/schema/user-keys.ts';
import { createTestDatabase } from '../../test/harness.ts';
import { DecryptionError, openText, sealText, unwrapDataKey } from './keys.crypto.ts';
import { createKeyRing } from './keys.service.ts';

describe('the key ring', () => {
  let database: Database;
  const masterKey = randomBytes(32);

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  async function newUserId(): Promise<string> {
    const [user] = await database.db
      .insert(authUsers)
      .values({ email: `keys-${randomBytes(5).toString('hex')}@example.com` })
      .returning({ id: authUsers.id });
    return user!.id;
  }

  const storedKey = async (userId: string) =>
    (await database.db.select().from(userKeys).where(eq(userKeys.userId, userId)))[0]?.wrappedKey;

  it('creates a wrapped data key on first use and returns the same keys afterwards', async () => {
    const userId = await newUserId();
    const ring = createKeyRing({ db: database.db, masterKey });
    const first = await ring.forUser(userId);
    expect(first.encryption).toHaveLength(32);
    expect(first.index).toHaveLength(32);
    expect(first.encryption.equals(first.index)).toBe(false);
    const wrapped = await storedKey(userId);
    expect(wrapped).toBeInstanceOf(Buffer);
    // The row holds the key sealed, never the key itself.
    expect(wrapped!.includes(first.encryption)).toBe(false);
    // Another process (another ring on the same database) derives the same keys from the stored row.
    const other = await createKeyRing({ db: database.db, masterKey }).forUser(userId);
    expect(other.encryption.equals(first.encryption)).toBe(true);
    expect(other.index.equals(first.index)).toBe(true);
  });

  it('ends with one key when several instances race to create it', async () => {
    const userId = await newUserId();
    const rings = Array.from({ length: 5 }, () => createKeyRing({ db: database.db, masterKey }));
    const keys = await Promise.all(rings.flatMap((ring) => [ring.forUser(userId), ring.forUser(userId)]));
    for (const k of keys) expect(k.encryption.equals(keys[0]!.encryption)).toBe(true);
    const rows = await database.db.select().from(userKeys).where(eq(userKeys.userId, userId));
    expect(rows).toHaveLength(1);
  });

  it('serves cached keys without reading the database again', async () => {
    const userId = await newUserId();
    const ring = createKeyRing({ db: database.db, masterKey });
    const keys = await ring.forUser(userId);
    // With the row gone, only the cache can answer with the old key.
    await database.db.delete(userKeys).where(eq(userKeys.userId, userId));
    expect((await ring.forUser(userId)).encryption.equals(keys.encryption)).toBe(true);
    // Forgetting drops the cache: the next use finds no row and starts a new key (what account deletion relies on).
    ring.forget(userId);
    expect((await ring.forUser(userId)).encryption.equals(keys.encryption)).toBe(false);
  });

  it('evicts the least recently used user beyond its capacity', async () => {
    const [a, b, c] = [await newUserId(), await newUserId(), await newUserId()];
    const ring = createKeyRing({ db: database.db, masterKey, capacity: 2 });
    const keyA = await ring.forUser(a);
    await ring.forUser(b);
    await ring.forUser(a); // a is now the most recent
    await ring.forUser(c); // evicts b
    await database.db.delete(userKeys).where(eq(userKeys.userId, a));
    await database.db.delete(userKeys).where(eq(userKeys.userId, b));
    expect((await ring.forUser(a)).encryption.equals(keyA.encryption)).toBe(true);
    const keyB = await storedKey(b);
    await ring.forUser(b);
    // b was evicted, so it was looked up again and (its row being gone) created anew.
    expect(keyB).toBeUndefined();
    expect(await storedKey(b)).toBeInstanceOf(Buffer);
  });

  it('cannot unwrap a user key under another master key', async () => {
    const userId = await newUserId();
    const keys = await createKeyRing({ db: database.db, masterKey }).forUser(userId);
    const blob = sealText(keys.encryption, 'sonhei com o mar', `dream:x:content|user:${userId}`);
    const otherRing = createKeyRing({ db: database.db, masterKey: randomBytes(32) });
    await expect(otherRing.forUser(userId)).rejects.toBeInstanceOf(DecryptionError);
    const wrapped = (await storedKey(userId))!;
    expect(() => unwrapDataKey(randomBytes(32), wrapped, userId)).toThrow(DecryptionError);
    // Nor is a wrapped key usable for another user (it is bound to its user id).
    expect(() => unwrapDataKey(masterKey, wrapped, randomBytes(16).toString('hex'))).toThrow(DecryptionError);
    expect(unwrapDataKey(masterKey, wrapped, userId)).toHaveLength(32);
    expect(openText(keys.encryption, blob, `dream:x:content|user:${userId}`)).toBe('sonhei com o mar');
  });
});
