import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileKeyStore } from './keys.store.ts';

// The default key store: one file per user in DATA_DIR/keystore.
describe('the file key store', () => {
  let root: string;
  let dir: string;

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'sonhario-keystore-'));
    dir = path.join(root, 'keystore');
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  const wrappedKey = () => randomBytes(61);

  it('keeps each key in its own 0600 file, in a 0700 folder, and reads it back', async () => {
    const store = await createFileKeyStore(dir);
    const userId = randomUUID();
    const key = wrappedKey();
    expect(await store.get(userId)).toBeUndefined();
    await store.putIfAbsent(userId, key);
    expect((await store.get(userId))?.equals(key)).toBe(true);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    const file = path.join(dir, `${userId}.key`);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64').equals(key)).toBe(true);
    // Nothing else is left in the folder: no temp file, no second copy.
    expect(await readdir(dir)).toEqual([`${userId}.key`]);
    expect(await store.listUserIds()).toEqual([userId]);
  });

  it('never replaces a stored key: the first one stays', async () => {
    const store = await createFileKeyStore(dir);
    const userId = randomUUID();
    const first = wrappedKey();
    await store.putIfAbsent(userId, first);
    await store.putIfAbsent(userId, wrappedKey());
    expect((await store.get(userId))?.equals(first)).toBe(true);
  });

  it('keeps exactly one key when many writers race, and readers never see a partial file', async () => {
    const userId = randomUUID();
    const stores = await Promise.all(Array.from({ length: 12 }, () => createFileKeyStore(dir)));
    const candidates = stores.map(() => wrappedKey());
    const seen: (Buffer | undefined)[] = [];
    const writing = new AbortController();
    const reader = (async () => {
      while (!writing.signal.aborted) {
        seen.push(await stores[0]!.get(userId));
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await Promise.all(stores.map((store, i) => store.putIfAbsent(userId, candidates[i]!)));
    writing.abort();
    await reader;
    const winner = (await stores[5]!.get(userId))!;
    expect(candidates.filter((c) => c.equals(winner))).toHaveLength(1);
    for (const store of stores) expect((await store.get(userId))?.equals(winner)).toBe(true);
    // Whatever a reader saw mid-race was nothing or the whole winning key, never a torn or different one.
    for (const read of seen) if (read) expect(read.equals(winner)).toBe(true);
    expect(await readdir(dir)).toEqual([`${userId}.key`]);
  });

  it('deletes a key by removing its file, idempotently', async () => {
    const store = await createFileKeyStore(dir);
    const [a, b] = [randomUUID(), randomUUID()];
    await store.putIfAbsent(a, wrappedKey());
    await store.putIfAbsent(b, wrappedKey());
    await store.delete(a);
    await store.delete(a);
    expect(await store.get(a)).toBeUndefined();
    expect(await store.get(b)).toBeInstanceOf(Buffer);
    expect(await readdir(dir)).toEqual([`${b}.key`]);
  });

  it('refuses a user id that is not a UUID (it becomes a file name)', async () => {
    const store = await createFileKeyStore(dir);
    for (const id of ['../secrets', 'a/b', '', `${randomUUID()}/..`]) {
      await expect(store.get(id)).rejects.toThrow('UUID');
      await expect(store.putIfAbsent(id, wrappedKey())).rejects.toThrow('UUID');
      await expect(store.delete(id)).rejects.toThrow('UUID');
    }
  });

  it('ignores and later sweeps temp files a crash left behind, keeping a fresh one a writer may still use', async () => {
    const store = await createFileKeyStore(dir);
    const userId = randomUUID();
    await store.putIfAbsent(userId, wrappedKey());
    const stale = path.join(dir, '.tmp-stale');
    const fresh = path.join(dir, '.tmp-fresh');
    await writeFile(stale, 'half a k');
    await writeFile(fresh, 'half a k');
    const old = new Date(Date.now() - 2 * 3600_000);
    await utimes(stale, old, old);
    expect(await store.listUserIds()).toEqual([userId]);
    await createFileKeyStore(dir);
    expect((await readdir(dir)).sort()).toEqual(['.tmp-fresh', `${userId}.key`]);
  });
});
