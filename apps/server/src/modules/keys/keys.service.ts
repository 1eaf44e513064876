import type { Db } from '../../db/client.ts';
import { deriveUserKeys, newDataKey, unwrapDataKey, wrapDataKey, type UserKeys } from './keys.crypto.ts';
import { findWrappedUserKey, insertUserKeyIfAbsent } from './keys.repository.ts';

/**
 * The one place that handles users' keys. Every module that encrypts or searches a user's data asks here.
 * `forUser` never runs inside a caller's transaction: a key created in a transaction that then rolled back would
 * stay in the cache while its row vanished, and the next dream would be sealed under a key nobody can find again.
 */
export interface KeyRing {
  /** The user's derived keys; the data key is created (race-safe) on first use. */
  forUser(userId: string): Promise<UserKeys>;
  /** Drops the cached keys of a user (account deletion destroys the row; this makes it take effect at once). */
  forget(userId: string): void;
}

export const KEY_CACHE_CAPACITY = 1_000;

export function createKeyRing(options: { db: Db; masterKey: Buffer; capacity?: number }): KeyRing {
  const { db, masterKey } = options;
  const capacity = options.capacity ?? KEY_CACHE_CAPACITY;
  // A Map keeps insertion order: re-inserting on every hit makes the first entry the least recently used.
  const cache = new Map<string, UserKeys>();
  const loading = new Map<string, Promise<UserKeys>>();

  function remember(userId: string, keys: UserKeys) {
    cache.delete(userId);
    cache.set(userId, keys);
    if (cache.size > capacity) cache.delete(cache.keys().next().value!);
  }

  async function load(userId: string): Promise<UserKeys> {
    let wrapped = await findWrappedUserKey(db, userId);
    if (!wrapped) {
      // Insert-or-keep, then read back: whoever inserted first, every caller ends up with the same key.
      await insertUserKeyIfAbsent(db, userId, wrapDataKey(masterKey, newDataKey(), userId));
      wrapped = await findWrappedUserKey(db, userId);
      if (!wrapped) throw new Error('user key missing right after it was stored');
    }
    return deriveUserKeys(unwrapDataKey(masterKey, wrapped, userId));
  }

  return {
    async forUser(userId) {
      const cached = cache.get(userId);
      if (cached) {
        remember(userId, cached);
        return cached;
      }
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
              remember(userId, keys);
            }
          },
          () => {
            if (loading.get(userId) === started) loading.delete(userId);
          },
        );
      }
      return pending;
    },
    forget(userId) {
      cache.delete(userId);
      loading.delete(userId);
    },
  };
}
