import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, open, readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/client.ts';
import { deleteUserKey, findWrappedUserKey, insertUserKeyIfAbsent } from './keys.repository.ts';

/**
 * Where users' wrapped data keys live, outside the main database by default so that a backup of that database holds
 * no key: deleting the key then makes the user's dreams unreadable in every copy ever taken (docs/decisions/009).
 * Used only by modules/keys.
 */
export interface KeyStore {
  /** For logs: where the keys are. */
  readonly description: string;
  /**
   * The keys are rows of the main database's public.user_keys: a main-database transaction deleting the user's
   * rows deletes the key with them, and touching the store from outside that transaction would wait on its locks.
   */
  readonly isMainDatabase: boolean;
  get(userId: string): Promise<Buffer | undefined>;
  /** Stores the key unless one is already there; a caller must read back (`get`) which one won. */
  putIfAbsent(userId: string, wrapped: Buffer): Promise<void>;
  /** Idempotent. */
  delete(userId: string): Promise<void>;
  close(): Promise<void>;
}

const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const KEY_SUFFIX = '.key';
const TEMP_PREFIX = '.tmp-';
/** Temp files older than this are leftovers of a crash (a write takes milliseconds). */
const STALE_TEMP_MS = 3600_000;

function fileNameOf(userId: string): string {
  const id = userId.toLowerCase();
  // The id becomes a file name: only a UUID may, never a path.
  if (!USER_ID.test(id)) throw new Error('a key store user id must be a UUID');
  return `${id}${KEY_SUFFIX}`;
}

function isErrno(error: unknown, ...codes: string[]): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    codes.includes(error.code)
  );
}

/** A file store that can also list its keys (to move them into a database store when KEYSTORE changes). */
export interface FileKeyStore extends KeyStore {
  readonly dir: string;
  listUserIds(): Promise<string[]>;
}

/**
 * One file per user, `<user id>.key` (the wrapped key in base64), mode 0600 in a 0700 folder. A key is written to a
 * temp file, fsynced, then hard-linked to its name: link() fails if the name exists, so of two processes creating a
 * key at once exactly one wins, and a reader never sees a partial file (rename would silently replace the winner's
 * key, whose data key may already be sealing dreams). Deleting unlinks the file; both fsync the folder, so the
 * change survives a power cut.
 */
export async function createFileKeyStore(dir: string): Promise<FileKeyStore> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  await removeStaleTempFiles(dir);

  async function syncDir() {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  return {
    description: `files in ${dir}`,
    isMainDatabase: false,
    dir,
    async get(userId) {
      try {
        const text = await readFile(path.join(dir, fileNameOf(userId)), 'utf8');
        return Buffer.from(text.trim(), 'base64');
      } catch (error) {
        if (isErrno(error, 'ENOENT')) return undefined;
        throw error;
      }
    },
    async putIfAbsent(userId, wrapped) {
      const target = path.join(dir, fileNameOf(userId));
      const temp = path.join(dir, `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`);
      const handle = await open(temp, 'wx', 0o600);
      try {
        await handle.writeFile(`${wrapped.toString('base64')}\n`, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      try {
        await link(temp, target);
      } catch (error) {
        if (isErrno(error, 'EEXIST')) return; // another writer won; the caller reads its key back
        if (!isErrno(error, 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS')) throw error;
        // A file system without hard links: rename when absent (a narrow race between two processes remains).
        if (
          !(await stat(target).then(
            () => true,
            () => false,
          ))
        )
          await rename(temp, target);
      } finally {
        await unlink(temp).catch(() => {});
      }
      await syncDir();
    },
    async delete(userId) {
      try {
        await unlink(path.join(dir, fileNameOf(userId)));
      } catch (error) {
        if (isErrno(error, 'ENOENT')) return;
        throw error;
      }
      await syncDir();
    },
    async listUserIds() {
      return (await readdir(dir))
        .filter((name) => name.endsWith(KEY_SUFFIX))
        .map((name) => name.slice(0, -KEY_SUFFIX.length))
        .filter((id) => USER_ID.test(id));
    },
    close: async () => {},
  };
}

async function removeStaleTempFiles(dir: string) {
  const now = Date.now();
  for (const name of await readdir(dir)) {
    if (!name.startsWith(TEMP_PREFIX)) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && now - info.mtimeMs > STALE_TEMP_MS) await unlink(file).catch(() => {});
  }
}

/** public.user_keys of a database: the main one (`isMainDatabase`), or one that holds nothing but keys. */
export function createDatabaseKeyStore(
  db: Db,
  options: { isMainDatabase: boolean; description: string; close?: () => Promise<void> },
): KeyStore {
  return {
    description: options.description,
    isMainDatabase: options.isMainDatabase,
    get: (userId) => findWrappedUserKey(db, userId),
    putIfAbsent: (userId, wrapped) => insertUserKeyIfAbsent(db, userId, wrapped),
    delete: (userId) => deleteUserKey(db, userId),
    close: options.close ?? (async () => {}),
  };
}
