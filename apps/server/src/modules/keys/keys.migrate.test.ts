import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../db/client.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { userKeys } from '../../db/schema/user-keys.ts';
import { createTestApp, createTestDatabase, LogCapture, type TestApp } from '../../test/harness.ts';
import { api, JOURNAL_TEST_ENV, postDream, signUpUser } from '../dreams/dreams.testing.ts';
import { deriveUserKeys, newDataKey, openText, sealText, wrapDataKey } from './keys.crypto.ts';
import { moveKeysIntoStore } from './keys.migrate.ts';
import { insertUserKeyIfAbsent } from './keys.repository.ts';
import { createKeyRing } from './keys.service.ts';
import { createDatabaseKeyStore, createFileKeyStore } from './keys.store.ts';

// Installs from before the key store kept wrapped keys in the main database's user_keys: at start they move out.
describe('moving keys into the key store', () => {
  let database: Database;
  let dir: string;
  const masterKey = randomBytes(32);
  const logs = new LogCapture();
  const log = pino({ level: 'info' }, logs) as unknown as FastifyBaseLogger;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    await database.db.delete(userKeys);
  });

  async function legacyUser(): Promise<{ id: string; wrapped: Buffer; blob: Buffer; aad: string }> {
    const [user] = await database.db
      .insert(authUsers)
      .values({ email: `legacy-${randomBytes(5).toString('hex')}@example.com` })
      .returning({ id: authUsers.id });
    const dataKey = newDataKey();
    const wrapped = wrapDataKey(masterKey, dataKey, user!.id);
    await insertUserKeyIfAbsent(database.db, user!.id, wrapped);
    const aad = `dream:legacy:content|user:${user!.id}`;
    return { id: user!.id, wrapped, blob: sealText(deriveUserKeys(dataKey).encryption, 'um sonho antigo', aad), aad };
  }
  const mainRows = async () => database.db.select().from(userKeys);
  const filesStore = async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sonhario-move-'));
    return createFileKeyStore(path.join(dir, 'keystore'));
  };

  it('moves every legacy row into the file store, then removes it from the main database; old dreams still open', async () => {
    const users = [await legacyUser(), await legacyUser(), await legacyUser()];
    const store = await filesStore();
    await moveKeysIntoStore({ store, main: database.db, filesDir: null, log });
    expect(await mainRows()).toEqual([]);
    const ring = createKeyRing({ store, db: database.db, masterKey });
    for (const user of users) {
      expect((await store.get(user.id))?.equals(user.wrapped)).toBe(true);
      expect(openText((await ring.forUser(user.id)).encryption, user.blob, user.aad)).toBe('um sonho antigo');
    }
    expect(logs.text).toContain('"moved":3');
    // Nothing left to move the second time.
    await moveKeysIntoStore({ store, main: database.db, filesDir: null, log });
    expect((await readdir(path.join(dir, 'keystore'))).sort()).toEqual(users.map((u) => `${u.id}.key`).sort());
  });

  it('finishes a move that a crash cut between copying and removing', async () => {
    const user = await legacyUser();
    const store = await filesStore();
    await store.putIfAbsent(user.id, user.wrapped);
    await moveKeysIntoStore({ store, main: database.db, filesDir: null, log });
    expect(await mainRows()).toEqual([]);
    expect((await store.get(user.id))?.equals(user.wrapped)).toBe(true);
  });

  it('keeps both keys, and says so, when the store already holds a different key for the user', async () => {
    const user = await legacyUser();
    const store = await filesStore();
    const other = wrapDataKey(masterKey, newDataKey(), user.id);
    await store.putIfAbsent(user.id, other);
    await moveKeysIntoStore({ store, main: database.db, filesDir: null, log });
    expect((await mainRows()).map((r) => r.userId)).toEqual([user.id]);
    expect((await store.get(user.id))?.equals(other)).toBe(true);
    expect(logs.text).toContain('hold different keys');
  });

  it('leaves the rows where they are when the store is the main database', async () => {
    const user = await legacyUser();
    dir = await mkdtemp(path.join(tmpdir(), 'sonhario-move-'));
    const store = createDatabaseKeyStore(database.db, { isMainDatabase: true, description: 'main' });
    await moveKeysIntoStore({ store, main: database.db, filesDir: null, log });
    expect((await mainRows()).map((r) => r.userId)).toEqual([user.id]);
  });

  it('moves DATA_DIR/keystore files into a database store when KEYSTORE becomes database; a key whose user is gone stays a file', async () => {
    const files = await filesStore();
    const [a, b] = [await legacyUser(), await legacyUser()];
    await moveKeysIntoStore({ store: files, main: database.db, filesDir: null, log });
    const orphan = randomUUID();
    await files.putIfAbsent(orphan, randomBytes(61));
    const store = createDatabaseKeyStore(database.db, { isMainDatabase: true, description: 'main' });
    await moveKeysIntoStore({ store, main: database.db, filesDir: path.join(dir, 'keystore'), log });
    expect((await store.get(a.id))?.equals(a.wrapped)).toBe(true);
    expect((await store.get(b.id))?.equals(b.wrapped)).toBe(true);
    expect(await readdir(path.join(dir, 'keystore'))).toEqual([`${orphan}.key`]);
  });
});

// The same, through the server's start: an install whose keys are in the main database, restarted with the default.
describe('starting the server', () => {
  const secrets = { JWT_SECRET: randomBytes(48).toString('base64url'), MASTER_KEY: randomBytes(32).toString('base64') };
  let database: Database;
  let dataDir: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'sonhario-start-'));
  });
  afterAll(async () => {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  const start = (env: Record<string, string>) =>
    createTestApp({ ...JOURNAL_TEST_ENV, ...secrets, DATA_DIR: dataDir, ...env }, database);

  it('warns that KEYSTORE=database alone puts the keys into the main database and its backups', async () => {
    const t = await start({ KEYSTORE: 'database' });
    expect(t.logs.text).toContain('KEYSTORE=database without KEYSTORE_DATABASE_URL');
    await t.close();
  });

  it('moves the keys of an install that kept them in the main database out of it, and the journal still opens', async () => {
    const before = await start({ KEYSTORE: 'database' });
    const user = await signUpUser(before);
    const dream = await postDream(before, user, { content: 'Um sonho de antes da mudança' });
    expect(await database.db.select().from(userKeys).where(eq(userKeys.userId, user.id))).toHaveLength(1);
    await before.close();

    const after = await start({});
    expect(await database.db.select().from(userKeys)).toEqual([]);
    expect(await readdir(path.join(dataDir, 'keystore'))).toContain(`${user.id}.key`);
    expect((await api(after, user).get(`/dreams/${dream.id}`)).json().content).toBe('Um sonho de antes da mudança');
    await after.close();

    // And back: KEYSTORE=database takes the files into the main database again.
    const back = await start({ KEYSTORE: 'database' });
    expect(await database.db.select().from(userKeys).where(eq(userKeys.userId, user.id))).toHaveLength(1);
    expect(await readdir(path.join(dataDir, 'keystore'))).not.toContain(`${user.id}.key`);
    expect((await api(back, user).get(`/dreams/${dream.id}`)).json().content).toBe('Um sonho de antes da mudança');
    await back.close();
  });
});

// A key store database of its own (KEYSTORE_DATABASE_URL) needs a PostgreSQL server: run with TEST_DATABASE_URL.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a key store database of its own', () => {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `sonhario_keystore_${process.pid}_${randomBytes(4).toString('hex')}`;
  let keyStoreUrl: string;
  // Unset when the app failed to start: the database made for it must still be dropped.
  let t: TestApp | undefined;

  async function admin(query: string) {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    keyStoreUrl = url.toString();
    t = await createTestApp({ ...JOURNAL_TEST_ENV, KEYSTORE: 'database', KEYSTORE_DATABASE_URL: keyStoreUrl });
  });
  afterAll(async () => {
    await t?.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('keeps the keys there, none in the main database, and deleting one there shreds the journal', async () => {
    const user = await signUpUser(t!);
    const dream = await postDream(t!, user, { content: 'Guardado noutra base' });
    expect(await t!.database.db.select().from(userKeys)).toEqual([]);
    const own = await createDatabase({ kind: 'postgres', url: keyStoreUrl });
    try {
      const rows = await own.db.execute<{ user_id: string }>(sql`select user_id from public.user_keys`);
      expect(rows.rows.map((r) => r.user_id)).toEqual([user.id]);
      await t!.app.deps.keys.destroy(user.id);
      expect(
        (await own.db.execute<{ n: number }>(sql`select count(*)::int as n from public.user_keys`)).rows[0]!.n,
      ).toBe(0);
    } finally {
      await own.close();
    }
    expect((await api(t!, user).get(`/dreams/${dream.id}`)).statusCode).toBe(503); // data_key_missing: the key was shredded
  });

  it('refuses to start when KEYSTORE_DATABASE_URL names a database holding Sonhário tables', async () => {
    const url = new URL(adminUrl);
    const [row] = (await t!.database.db.execute<{ name: string }>(sql`select current_database() as name`)).rows;
    url.pathname = `/${row!.name}`;
    await expect(
      createTestApp({ ...JOURNAL_TEST_ENV, KEYSTORE_DATABASE_URL: url.toString() }, t!.database),
    ).rejects.toThrow('database of their own');
  });
});
