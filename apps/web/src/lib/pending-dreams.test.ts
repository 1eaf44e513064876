import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import {
  clearPendingDreams,
  listPendingDreams,
  markPendingDream,
  onPendingDreamsChange,
  queuePendingDream,
  removePendingDream,
} from './pending-dreams';

// The queue's edge cases, on an in-memory IndexedDB (fake-indexeddb) with Node's WebCrypto; the browser journey
// (e2e/offline.e2e.ts) runs the same code in Chromium.
const ANA = 'user-ana';
const BRUNO = 'user-bruno';
let counter = 0;
const key = () => `draft-test-${String((counter += 1))}`;
const dream = (content: string) => ({ content, title: null, emotions: ['alegria' as const], tags: ['mar'] });

async function rawEntries() {
  const db = await openDB('sonhario-offline');
  const entries = (await db.getAll('dreams')) as { idempotencyKey: string; userId: string; sealed: ArrayBuffer }[];
  db.close();
  return entries;
}

describe('the offline queue of dreams', () => {
  it("lists a user's queued dreams, oldest first, and never another user's", async () => {
    const first = key();
    const second = key();
    await queuePendingDream(ANA, first, dream('Um barco de papel no céu'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await queuePendingDream(ANA, second, dream('Uma escada sem fim'));
    await queuePendingDream(BRUNO, key(), dream('O sonho do Bruno'));

    const ana = await listPendingDreams(ANA);
    expect(ana.map((d) => [d.idempotencyKey, d.input.content])).toEqual([
      [first, 'Um barco de papel no céu'],
      [second, 'Uma escada sem fim'],
    ]);
    expect(ana[0]).toMatchObject({ userId: ANA, error: null, input: { emotions: ['alegria'], tags: ['mar'] } });
    expect((await listPendingDreams(BRUNO)).map((d) => d.input.content)).toEqual(['O sonho do Bruno']);
    expect(await listPendingDreams('user-nobody')).toEqual([]);

    // Another user can neither remove nor mark Ana's entry.
    await removePendingDream(BRUNO, first);
    await markPendingDream(BRUNO, first, { status: 422, code: 'validation_failed' });
    expect((await listPendingDreams(ANA)).map((d) => [d.idempotencyKey, d.error])).toEqual([
      [first, null],
      [second, null],
    ]);
    await clearPendingDreams(ANA);
    await clearPendingDreams(BRUNO);
  });

  it('keeps the text sealed at rest: the stored entry holds no plain word of it', async () => {
    await queuePendingDream(ANA, key(), dream('Girassóis enormes cantavam baixinho'));
    const [entry] = await rawEntries();
    const bytes = new TextDecoder('latin1').decode(entry?.sealed);
    expect(bytes).not.toContain('Girass');
    expect(bytes).not.toContain('cantavam');
    expect(JSON.stringify(entry)).not.toContain('cantavam');
    await clearPendingDreams(ANA);
  });

  it("does not open a sealed entry moved under another user's id", async () => {
    const moved = key();
    await queuePendingDream(ANA, moved, dream('Segredo da Ana'));
    await queuePendingDream(BRUNO, key(), dream('Do Bruno'));
    const db = await openDB('sonhario-offline');
    const entry = (await db.get('dreams', moved)) as { userId: string };
    await db.put('dreams', { ...entry, userId: BRUNO });
    db.close();
    expect((await listPendingDreams(BRUNO)).map((d) => d.input.content)).toEqual(['Do Bruno']);
    await clearPendingDreams(ANA);
    await clearPendingDreams(BRUNO);
  });

  it('replaces an entry queued again with the same key, keeps a refusal until cleared, and removes it once sent', async () => {
    const same = key();
    await queuePendingDream(ANA, same, dream('Primeira versão'));
    await queuePendingDream(ANA, same, dream('Segunda versão'));
    expect((await listPendingDreams(ANA)).map((d) => d.input.content)).toEqual(['Segunda versão']);

    const refusal = { status: 422, code: 'validation_failed', details: [{ path: 'content', message: 'x' }] };
    await markPendingDream(ANA, same, refusal);
    expect((await listPendingDreams(ANA))[0]?.error).toEqual(refusal);
    await markPendingDream(ANA, same, null);
    expect((await listPendingDreams(ANA))[0]?.error).toBeNull();

    await removePendingDream(ANA, same);
    expect(await listPendingDreams(ANA)).toEqual([]);
    expect(await rawEntries()).toEqual([]);
  });

  it("erases a user's entries and key with the account, and tells listeners each time the queue changes", async () => {
    let changes = 0;
    const stop = onPendingDreamsChange(() => {
      changes += 1;
    });
    await queuePendingDream(ANA, key(), dream('Vai embora com a conta'));
    await queuePendingDream(BRUNO, key(), dream('Fica'));
    await clearPendingDreams(ANA);
    stop();
    expect(changes).toBeGreaterThanOrEqual(3);
    expect(await listPendingDreams(ANA)).toEqual([]);
    expect((await listPendingDreams(BRUNO)).map((d) => d.input.content)).toEqual(['Fica']);
    const db = await openDB('sonhario-offline');
    expect(await db.get('keys', ANA)).toBeUndefined();
    expect(await db.get('keys', BRUNO)).toBeDefined();
    db.close();
    await clearPendingDreams(BRUNO);
  });
});
