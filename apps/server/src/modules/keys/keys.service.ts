import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { AppError } from '../../errors.ts';
import { StartupError, type Config, type KeyStoreConfig } from '../../config.ts';
import { createDatabase, type Database, type Db } from '../../db/client.ts';
import { deriveUserKeys, newDataKey, unwrapDataKey, wrapDataKey, type UserKeys } from './keys.crypto.ts';
import { moveKeysIntoStore } from './keys.migrate.ts';
import { createKeyStoreTable, hasAuthUsersTable, hasSealedData, usersWithSealedData } from './keys.repository.ts';
import { createDatabaseKeyStore, createFileKeyStore, type KeyStore } from './keys.store.ts';

/**
 * The one place that handles users' keys. Every module that encrypts or searches a user's data asks here.
 * `forUser` never runs inside a caller's transaction: a key created in a transaction that then rolled back would
 * stay in the cache while its row vanished, and the next dream would be sealed under a key nobody can find again.
 */
export interface KeyRing {
  /** The user's derived keys; the data key is created (race-safe) on first use. */
  forUser(userId: string): Promise<UserKeys>;
  /** Drops the cached keys of a user (`destroy` does it too; alone, it makes a changed store take effect at once). */
  forget(userId: string): void;
  /**
   * Crypto-shredding: deletes the user's data key from the key store and forgets it, so everything sealed under it
   * is unreadable, backups included. Idempotent. `insideMainTransaction`: the caller runs inside a main-database
   * transaction that deletes the user's public.user_keys row itself; a store in the main database is then left to
   * that transaction (it deletes the key atomically with the account, and a second connection would wait on it).
   */
  destroy(userId: string, options?: { insideMainTransaction?: boolean }): Promise<void>;
}

const KEY_CACHE_CAPACITY = 1_000;

/** A user has sealed data but the store has no key for it: the wrong key store is configured, or it was lost. */
export class MissingKeyError extends AppError {
  constructor() {
    super(
      503,
      'data_key_missing',
      'The data key of a user with encrypted data is missing from the key store (check DATA_DIR/keystore or KEYSTORE settings)',
    );
  }
}

export function createKeyRing(options: { store: KeyStore; db: Db; masterKey: Buffer; capacity?: number }): KeyRing {
  const { store, db, masterKey } = options;
  const cache = new LRUCache<string, UserKeys>({ max: options.capacity ?? KEY_CACHE_CAPACITY });
  const loading = new Map<string, Promise<UserKeys>>();

  async function load(userId: string): Promise<UserKeys> {
    let wrapped = await store.get(userId);
    if (!wrapped) {
      // A fresh key for someone whose dreams are sealed under a key we cannot find would split the journal in two
      // (old dreams unreadable, new ones under a key another instance does not have): refuse instead.
      if (await hasSealedData(db, userId)) throw new MissingKeyError();
      // Insert-or-keep, then read back: whoever inserted first, every caller ends up with the same key.
      await store.putIfAbsent(userId, wrapDataKey(masterKey, newDataKey(), userId));
      wrapped = await store.get(userId);
      if (!wrapped) throw new Error('user key missing right after it was stored');
    }
    return deriveUserKeys(unwrapDataKey(masterKey, wrapped, userId));
  }

  function forget(userId: string) {
    cache.delete(userId);
    loading.delete(userId);
  }

  return {
    async forUser(userId) {
      const cached = cache.get(userId);
      if (cached) return cached;
      let pending = loading.get(userId);
      if (!pending) {
        const started = load(userId);
        pending = started;
        loading.set(userId, started);
        started.then(
          // Cache only if forget() did not run meanwhile (it clears `loading`).
          (keys) => {
            if (loading.get(userId) === started) {
              loading.delete(userId);
              cache.set(userId, keys);
            }
          },
          () => {
            if (loading.get(userId) === started) loading.delete(userId);
          },
        );
      }
      return pending;
    },
    forget,
    async destroy(userId, destroyOptions = {}) {
      forget(userId);
      if (!(destroyOptions.insideMainTransaction && store.isMainDatabase)) await store.delete(userId);
      forget(userId);
    },
  };
}

/** Opens the configured key store (creating its table when it is a database of its own). */
async function openKeyStore(config: KeyStoreConfig, main: Database): Promise<KeyStore> {
  if (config.kind === 'files') return createFileKeyStore(config.dir);
  if (!config.url)
    return createDatabaseKeyStore(main.db, {
      isMainDatabase: true,
      description: 'the main database (public.user_keys)',
    });
  const own = await createDatabase({ kind: 'postgres', url: config.url });
  try {
    if (await hasAuthUsersTable(own.db)) {
      throw new Error(
        'KEYSTORE_DATABASE_URL points at a database holding Sonhário tables: give the keys a database of their own',
      );
    }
    await createKeyStoreTable(own.db);
  } catch (error) {
    await own.close();
    throw error;
  }
  return createDatabaseKeyStore(own.db, {
    isMainDatabase: false,
    description: 'the key store database (KEYSTORE_DATABASE_URL)',
    close: () => own.close(),
  });
}

/**
 * The app's key ring: opens the configured store, moves keys still kept elsewhere into it (legacy rows of the main
 * database's user_keys, or DATA_DIR/keystore files when KEYSTORE changed to database), and closes the store with
 * the app.
 */
/** How many users with sealed dreams the start-up check looks up in the key store. */
const STARTUP_KEY_CHECK = 20;

/**
 * Refuses to start when none of the most recent users with sealed dreams has a key in the store: a DATA_DIR/keystore
 * that is missing, unreadable or another install's. Starting anyway would answer their reads with errors and cut
 * their exports short. Some keys missing among present ones is what a restored backup looks like after accounts were
 * deleted (their keys were shredded on purpose): a warning, not a refusal.
 */
async function checkKeysPresent(store: KeyStore, db: Db, log: FastifyBaseLogger): Promise<void> {
  const users = await usersWithSealedData(db, STARTUP_KEY_CHECK);
  let missing = 0;
  for (const userId of users) {
    try {
      if (!(await store.get(userId))) missing += 1;
    } catch (error) {
      throw new StartupError(
        `The key store (${store.description}) cannot be read: ${(error as Error).message}. Check its permissions.`,
        { cause: error },
      );
    }
  }
  if (missing > 0 && missing === users.length) {
    throw new StartupError(
      `None of the ${String(users.length)} most recent users with encrypted dreams has a key in the key store ` +
        `(${store.description}): it is missing or belongs to another install. Restore DATA_DIR/keystore (and ` +
        'secrets.json or MASTER_KEY) from your backup; the server does not start without them.',
    );
  }
  if (missing > 0) {
    log.warn(
      { missing, checked: users.length, keyStore: store.description },
      'some users with encrypted dreams have no key (deleted accounts in a restored backup, or a damaged key store)',
    );
  }
}

export async function openKeyRing(
  app: { log: FastifyBaseLogger; addHook(name: 'onClose', hook: () => Promise<void>): unknown },
  options: { config: Config; database: Database; masterKey: Buffer },
): Promise<KeyRing> {
  const { config, database, masterKey } = options;
  const store = await openKeyStore(config.keyStore, database);
  app.addHook('onClose', () => store.close());
  if (store.isMainDatabase) {
    app.log.warn(
      "KEYSTORE=database without KEYSTORE_DATABASE_URL: users' wrapped keys live in the main database, so its backups hold them " +
        'and deleting an account cannot make a backup taken earlier unreadable. Prefer KEYSTORE_DATABASE_URL (docs/decisions/009).',
    );
  } else if (config.keyStore.kind === 'files' && config.database.kind === 'postgres') {
    app.log.info(
      { keyStore: store.description },
      "users' keys are kept in this instance's DATA_DIR/keystore: with several instances on one database, use KEYSTORE=database with KEYSTORE_DATABASE_URL",
    );
  }
  const filesDir = config.keyStore.kind === 'database' ? path.join(config.dataDir, 'keystore') : null;
  await moveKeysIntoStore({ store, main: database.db, filesDir, log: app.log });
  await checkKeysPresent(store, database.db, app.log);
  return createKeyRing({ store, db: database.db, masterKey });
}
