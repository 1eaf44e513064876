import type { CreateDreamInput } from '@sonhario/contracts/dreams';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * Dreams saved while offline (docs/decisions/036): a queue in IndexedDB, on this device only, one per user id. Each
 * entry is the create request's body, sealed with AES-256-GCM under a key made on this device for that user and kept
 * in IndexedDB as a non-extractable CryptoKey (script can use it, never read it out), and the idempotency key the
 * form's draft already carried, so however many times it is sent the server records one dream. An entry leaves the
 * queue only when the server has the dream or the user discards it.
 */

export interface PendingDreamError {
  status: number;
  code: string;
  details?: { path: string; message: string }[];
}

export interface PendingDream {
  idempotencyKey: string;
  userId: string;
  input: CreateDreamInput;
  queuedAt: string;
  /** The server refused it (a 4xx other than a lost session): it waits for the user to edit or discard it. */
  error: PendingDreamError | null;
}

interface SealedEntry {
  idempotencyKey: string;
  userId: string;
  queuedAt: string;
  iv: Uint8Array<ArrayBuffer>;
  sealed: ArrayBuffer;
  error: PendingDreamError | null;
}

interface OfflineDb extends DBSchema {
  keys: { key: string; value: { userId: string; key: CryptoKey } };
  dreams: { key: string; value: SealedEntry; indexes: { byUser: string } };
}

const DB_NAME = 'sonhario-offline';
const CHANGE_EVENT = 'sonhario:pending-dreams-changed';

let database: Promise<IDBPDatabase<OfflineDb>> | undefined;

function db() {
  database ??= openDB<OfflineDb>(DB_NAME, 1, {
    upgrade(upgrading) {
      upgrading.createObjectStore('keys', { keyPath: 'userId' });
      upgrading.createObjectStore('dreams', { keyPath: 'idempotencyKey' }).createIndex('byUser', 'userId');
    },
    // Another tab opened a newer version of the database: let it, and reopen next time.
    blocking() {
      void database?.then((opened) => opened.close());
      database = undefined;
    },
  });
  return database;
}

/** Whether this browser can keep a sealed queue (IndexedDB and WebCrypto, which needs a secure context). */
export function canQueueDreams(): boolean {
  return (
    typeof indexedDB !== 'undefined' && typeof crypto !== 'undefined' && 'subtle' in crypto && window.isSecureContext
  );
}

async function userKey(userId: string): Promise<CryptoKey> {
  const opened = await db();
  const stored = await opened.get('keys', userId);
  if (stored) return stored.key;
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  // Two tabs racing to make the first key: the one written first wins, both use it.
  const tx = opened.transaction('keys', 'readwrite');
  const again = await tx.store.get(userId);
  if (again) {
    await tx.done;
    return again.key;
  }
  await tx.store.put({ userId, key });
  await tx.done;
  return key;
}

/** The entry's additional data: a sealed body moved to another user's or another entry's row does not open. */
const associatedData = (userId: string, idempotencyKey: string) =>
  new TextEncoder().encode(`${userId}\n${idempotencyKey}`);

async function seal(userId: string, idempotencyKey: string, input: CreateDreamInput) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: associatedData(userId, idempotencyKey) },
    await userKey(userId),
    new TextEncoder().encode(JSON.stringify(input)),
  );
  return { iv, sealed };
}

async function open(entry: SealedEntry): Promise<PendingDream | null> {
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: entry.iv, additionalData: associatedData(entry.userId, entry.idempotencyKey) },
      await userKey(entry.userId),
      entry.sealed,
    );
    const input = JSON.parse(new TextDecoder().decode(plain)) as CreateDreamInput;
    return {
      idempotencyKey: entry.idempotencyKey,
      userId: entry.userId,
      input,
      queuedAt: entry.queuedAt,
      error: entry.error,
    };
  } catch {
    // Sealed under a key this device no longer has: nothing can read it, now or later.
    return null;
  }
}

function announceChange() {
  window.dispatchEvent(new Event(CHANGE_EVENT));
  try {
    const channel = new BroadcastChannel(CHANGE_EVENT);
    channel.postMessage('changed');
    channel.close();
  } catch {
    // No BroadcastChannel: other tabs catch up on focus.
  }
}

/** Calls `listener` whenever the queue changes, in this tab or another. Returns the unsubscribe function. */
export function onPendingDreamsChange(listener: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, listener);
  let channel: BroadcastChannel | undefined;
  try {
    channel = new BroadcastChannel(CHANGE_EVENT);
    channel.onmessage = listener;
  } catch {
    channel = undefined;
  }
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    channel?.close();
  };
}

/** Puts a dream in the user's queue (or replaces the entry with the same idempotency key). */
export async function queuePendingDream(userId: string, idempotencyKey: string, input: CreateDreamInput) {
  const { iv, sealed } = await seal(userId, idempotencyKey, input);
  const opened = await db();
  await opened.put('dreams', { idempotencyKey, userId, queuedAt: new Date().toISOString(), iv, sealed, error: null });
  announceChange();
}

/** The user's queued dreams, oldest first. Another user's entries are never read, let alone opened. */
export async function listPendingDreams(userId: string): Promise<PendingDream[]> {
  const opened = await db();
  const entries = await opened.getAllFromIndex('dreams', 'byUser', userId);
  const dreams = await Promise.all(entries.map(open));
  return dreams
    .filter((dream): dream is PendingDream => dream !== null)
    .sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
}

async function ownEntry(userId: string, idempotencyKey: string) {
  const entry = await (await db()).get('dreams', idempotencyKey);
  return entry?.userId === userId ? entry : undefined;
}

/** The server has the dream, or the user discarded it: the entry and its text leave this device. */
export async function removePendingDream(userId: string, idempotencyKey: string) {
  if (!(await ownEntry(userId, idempotencyKey))) return;
  await (await db()).delete('dreams', idempotencyKey);
  announceChange();
}

/** Keeps a refused dream in the queue with why the server refused it (null: clear the mark, try again). */
export async function markPendingDream(userId: string, idempotencyKey: string, error: PendingDreamError | null) {
  const entry = await ownEntry(userId, idempotencyKey);
  if (!entry) return;
  await (await db()).put('dreams', { ...entry, error });
  announceChange();
}

/** The account is gone: its queue and its key leave this device. */
export async function clearPendingDreams(userId: string) {
  const opened = await db();
  const tx = opened.transaction(['dreams', 'keys'], 'readwrite');
  const dreams = tx.objectStore('dreams');
  for (const key of await dreams.index('byUser').getAllKeys(userId)) await dreams.delete(key);
  await tx.objectStore('keys').delete(userId);
  await tx.done;
  announceChange();
}
