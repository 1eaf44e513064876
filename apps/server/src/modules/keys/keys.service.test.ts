import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { userTags } from '../../db/schema/dreams.ts';
import { createEmptyTestDatabase, createTestDatabase } from '../../test/harness.ts';
import { DecryptionError, openText, sealText, unwrapDataKey } from './keys.crypto.ts';
import { createKeyStoreTable } from './keys.repository.ts';
import { createKeyRing, MissingKeyError } from './keys.service.ts';
import { createDatabaseKeyStore, createFileKeyStore, type KeyStore } from './keys.store.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

// The key ring over each key store: files in a folder (the default), the main database's user_keys, and a
// database of its own (here a second, empty database on the run's PostgreSQL).
describe.each(['files', 'main database', 'own database'] as const)('the key ring with the %s store', (kind) => {
  let own: Database | undefined;
  let dir: string;
  const masterKey = randomBytes(32);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sonhario-keys-'));
    if (kind === 'own database') {
      own = await createEmptyTestDatabase();
      await createKeyStoreTable(own.db);
    }
  });
  afterAll(async () => {
    await own?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** A new handle on the same store, as another process (or instance) would open it. */
  async function openStore(): Promise<KeyStore> {
    if (kind === 'files') return createFileKeyStore(path.join(dir, 'keystore'));
    if (kind === 'main database')
      return createDatabaseKeyStore(database.db, { isMainDatabase: true, description: 'main' });
    return createDatabaseKeyStore(own!.db, { isMainDatabase: false, description: 'own' });
  }
  const newRing = async (options: { masterKey?: Buffer; capacity?: number } = {}) =>
    createKeyRing({
      store: await openStore(),
      db: database.db,
      masterKey: options.masterKey ?? masterKey,
      capacity: options.capacity,
    });

  async function newUserId(): Promise<string> {
    const [user] = await database.db
      .insert(authUsers)
      .values({ email: `keys-${randomBytes(5).toString('hex')}@example.com` })
      .returning({ id: authUsers.id });
    return user!.id;
  }

  const storedKey = async (userId: string) => (await openStore()).get(userId);

  it('creates a wrapped data key on first use and returns the same keys afterwards', async () => {
    const userId = await newUserId();
    const ring = await newRing();
    const first = await ring.forUser(userId);
    expect(first.encryption).toHaveLength(32);
    expect(first.index).toHaveLength(32);
    expect(first.encryption.equals(first.index)).toBe(false);
    const wrapped = await storedKey(userId);
    expect(wrapped).toBeInstanceOf(Buffer);
    // The store holds the key sealed, never the key itself.
    expect(wrapped!.includes(first.encryption)).toBe(false);
    // Another process (another ring on the same store) derives the same keys from the stored key.
    const other = await (await newRing()).forUser(userId);
    expect(other.encryption.equals(first.encryption)).toBe(true);
    expect(other.index.equals(first.index)).toBe(true);
  });

  it('ends with one key when several instances race to create it', async () => {
    const userId = await newUserId();
    const rings = await Promise.all(Array.from({ length: 5 }, () => newRing()));
    const keys = await Promise.all(rings.flatMap((ring) => [ring.forUser(userId), ring.forUser(userId)]));
    for (const k of keys) expect(k.encryption.equals(keys[0]!.encryption)).toBe(true);
    expect(unwrapDataKey(masterKey, (await storedKey(userId))!, userId)).toHaveLength(32);
  });

  it('serves cached keys without reading the store again', async () => {
    const userId = await newUserId();
    const ring = await newRing();
    const keys = await ring.forUser(userId);
    // With the key gone from the store, only the cache can answer with the old key.
    await (await openStore()).delete(userId);
    expect((await ring.forUser(userId)).encryption.equals(keys.encryption)).toBe(true);
    // Forgetting drops the cache: the next use finds no key and, the user having no sealed data, starts a new one.
    ring.forget(userId);
    expect((await ring.forUser(userId)).encryption.equals(keys.encryption)).toBe(false);
  });

  it('destroys a key: gone from the store and the cache, and the next use starts a new one', async () => {
    const userId = await newUserId();
    const ring = await newRing();
    const keys = await ring.forUser(userId);
    const blob = sealText(keys.encryption, 'sonhei com o mar', `dream:x:content|user:${userId}`);
    await ring.destroy(userId);
    expect(await storedKey(userId)).toBeUndefined();
    await ring.destroy(userId); // idempotent
    const fresh = await ring.forUser(userId);
    expect(() => openText(fresh.encryption, blob, `dream:x:content|user:${userId}`)).toThrow(DecryptionError);
  });

  it('leaves a key in the main database to the transaction that deletes the account', async () => {
    const userId = await newUserId();
    const ring = await newRing();
    await ring.forUser(userId);
    await ring.destroy(userId, { insideMainTransaction: true });
    // Only the store in the main database is left alone: the caller's transaction deletes that row.
    expect(await storedKey(userId)).toEqual(kind === 'main database' ? expect.any(Buffer) : undefined);
  });

  it('refuses to start a new key for a user whose data is sealed under a missing one', async () => {
    const userId = await newUserId();
    const ring = await newRing();
    await ring.forUser(userId);
    await database.db
      .insert(userTags)
      .values({ userId, tagToken: '42', nameEnc: randomBytes(40), useCount: 1, updatedAt: new Date() });
    await (await openStore()).delete(userId);
    ring.forget(userId);
    await expect(ring.forUser(userId)).rejects.toBeInstanceOf(MissingKeyError);
    expect(await storedKey(userId)).toBeUndefined();
  });

  it('evicts the least recently used user beyond its capacity', async () => {
    const [a, b, c] = [await newUserId(), await newUserId(), await newUserId()];
    const ring = await newRing({ capacity: 2 });
    const store = await openStore();
    const keyA = await ring.forUser(a);
    await ring.forUser(b);
    await ring.forUser(a); // a is now the most recent
    await ring.forUser(c); // evicts b
    await store.delete(a);
    await store.delete(b);
    expect((await ring.forUser(a)).encryption.equals(keyA.encryption)).toBe(true);
    await ring.forUser(b);
    // b was evicted, so it was looked up again and (its key being gone) created anew.
    expect(await storedKey(a)).toBeUndefined();
    expect(await storedKey(b)).toBeInstanceOf(Buffer);
  });

  it('cannot unwrap a user key under another master key', async () => {
    const userId = await newUserId();
    const keys = await (await newRing()).forUser(userId);
    const blob = sealText(keys.encryption, 'sonhei com o mar', `dream:x:content|user:${userId}`);
    const otherRing = await newRing({ masterKey: randomBytes(32) });
    await expect(otherRing.forUser(userId)).rejects.toBeInstanceOf(DecryptionError);
    const wrapped = (await storedKey(userId))!;
    expect(() => unwrapDataKey(randomBytes(32), wrapped, userId)).toThrow(DecryptionError);
    // Nor is a wrapped key usable for another user (it is bound to its user id).
    expect(() => unwrapDataKey(masterKey, wrapped, randomBytes(16).toString('hex'))).toThrow(DecryptionError);
    expect(unwrapDataKey(masterKey, wrapped, userId)).toHaveLength(32);
    expect(openText(keys.encryption, blob, `dream:x:content|user:${userId}`)).toBe('sonhei com o mar');
  });
});
