import { stat } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { deleteUserKey, listUserKeys, userExists } from './keys.repository.ts';
import { createFileKeyStore, type KeyStore } from './keys.store.ts';

const PAGE = 500;

type Outcome = 'moved' | 'conflict' | 'skipped';

/**
 * Copies one key into the store, then drops the source only once the store holds the very same bytes. Run again
 * after a crash, it finds the key already there and finishes the move. A store holding a different key for the user
 * is a conflict nobody can settle automatically (one of the two may be sealing dreams): both stay, and it is logged.
 */
async function moveOne(
  store: KeyStore,
  userId: string,
  wrapped: Buffer,
  dropSource: () => Promise<void>,
): Promise<Outcome> {
  await store.putIfAbsent(userId, wrapped);
  const held = await store.get(userId);
  if (!held?.equals(wrapped)) return 'conflict';
  await dropSource();
  return 'moved';
}

/**
 * Moves keys kept where the configured store is not: rows of the main database's public.user_keys (installs from
 * before the key store, or after KEYSTORE=database without KEYSTORE_DATABASE_URL), and files in DATA_DIR/keystore
 * once KEYSTORE is database. Runs at start, before any request.
 */
export async function moveKeysIntoStore(options: {
  store: KeyStore;
  main: Db;
  /** DATA_DIR/keystore: read when the store is a database, so switching KEYSTORE from files keeps every key. */
  filesDir: string | null;
  log: FastifyBaseLogger;
}): Promise<void> {
  const { store, main, log } = options;
  const counts: Record<Outcome, number> = { moved: 0, conflict: 0, skipped: 0 };

  if (!store.isMainDatabase) {
    let after: string | undefined;
    for (;;) {
      const rows = await listUserKeys(main, { afterUserId: after, limit: PAGE });
      for (const row of rows) {
        const outcome = await moveOne(store, row.userId, row.wrappedKey, () => deleteUserKey(main, row.userId));
        if (outcome === 'conflict')
          log.error({ userId: row.userId }, 'main database and key store hold different keys for a user; both kept');
        counts[outcome] += 1;
      }
      const last = rows.at(-1);
      if (rows.length < PAGE || !last) break;
      after = last.userId;
    }
  }

  if (
    options.filesDir &&
    (await stat(options.filesDir).then(
      (s) => s.isDirectory(),
      () => false,
    ))
  ) {
    const files = await createFileKeyStore(options.filesDir);
    for (const userId of await files.listUserIds()) {
      const wrapped = await files.get(userId);
      if (!wrapped) continue;
      // public.user_keys of the main database references auth.users; a key whose user is gone stays a file.
      if (store.isMainDatabase && !(await userExists(main, userId))) {
        counts.skipped += 1;
        continue;
      }
      const outcome = await moveOne(store, userId, wrapped, () => files.delete(userId));
      if (outcome === 'conflict')
        log.error({ userId }, 'DATA_DIR/keystore and the key store hold different keys for a user; both kept');
      counts[outcome] += 1;
    }
  }

  if (counts.moved + counts.conflict + counts.skipped > 0) {
    log.info({ keyStore: store.description, ...counts }, "moved users' keys into the key store");
  }
}
