import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { startPurgeSweeper } from './dreams.plugin.ts';
import { contextFor, JOURNAL_TEST_ENV, queryRows, signUpUser, type TestUser } from './dreams.testing.ts';
import { createDream, deleteDream, getDream, listTags, restoreDream } from './dreams.service.ts';

// Deleted dreams stay restorable for ten minutes, then the sweeper removes the rows for good.
describe('purging deleted dreams', () => {
  let t: TestApp;
  let user: TestUser;
  let other: TestUser;
  let clock = new Date('2026-07-01T10:00:00Z');
  const now = () => clock;

  beforeAll(async () => {
    t = await createTestApp(JOURNAL_TEST_ENV, undefined, { now });
    user = await signUpUser(t);
    other = await signUpUser(t);
  });
  afterAll(() => t.close());

  const rowCount = async (id: string) =>
    (await queryRows(t.database.db, sql`select id from dreams where id = ${id}`)).length;
  const create = async (u: TestUser, content: string, tags: string[] = []) =>
    (
      await createDream(contextFor(t, u.id, now), {
        body: { content, tags, emotions: [], lucidity: 0, isNightmare: false, isRecurring: false },
      })
    ).dream;

  it('removes only rows past purge_after, of every user', async () => {
    const sweeper = startPurgeSweeper({ db: t.database.db, now, log: t.app.log, intervalMs: 3_600_000 });
    try {
      const expired = [
        await create(user, 'velho 1'),
        await create(user, 'velho 2'),
        await create(other, 'velho do outro'),
      ];
      for (const d of expired.slice(0, 2)) await deleteDream(contextFor(t, user.id, now), d.id);
      await deleteDream(contextFor(t, other.id, now), expired[2]!.id);
      clock = new Date(clock.getTime() + 5 * 60_000);
      const recent = await create(user, 'recente');
      await deleteDream(contextFor(t, user.id, now), recent.id);
      const live = await create(user, 'vivo');

      clock = new Date(clock.getTime() + 5 * 60_000); // the first three are now exactly at purge_after
      await sweeper.sweep();
      for (const d of expired) expect(await rowCount(d.id)).toBe(0);
      expect(await rowCount(recent.id)).toBe(1);
      expect(await rowCount(live.id)).toBe(1);
      // Still restorable: its window has five minutes left.
      expect((await restoreDream(contextFor(t, user.id, now), recent.id)).content).toBe('recente');
    } finally {
      await sweeper.stop();
    }
  });

  it('runs on its own timer and stops cleanly', async () => {
    const d = await create(user, 'some sozinho');
    await deleteDream(contextFor(t, user.id, now), d.id);
    clock = new Date(clock.getTime() + 11 * 60_000);
    const sweeper = startPurgeSweeper({ db: t.database.db, now, log: t.app.log, intervalMs: 20 });
    try {
      await expect.poll(() => rowCount(d.id), { timeout: 5000, interval: 20 }).toBe(0);
    } finally {
      await sweeper.stop();
    }
  });

  it('purges the caller expired dreams lazily on delete, without waiting for the sweeper', async () => {
    const old = await create(user, 'antigo');
    await deleteDream(contextFor(t, user.id, now), old.id);
    clock = new Date(clock.getTime() + 11 * 60_000);
    const another = await create(user, 'outro');
    await deleteDream(contextFor(t, user.id, now), another.id);
    expect(await rowCount(old.id)).toBe(0);
    expect(await rowCount(another.id)).toBe(1);
  });

  it('keeps tag counts right through delete, restore and purge', async () => {
    const d = await create(user, 'com etiqueta', ['lua']);
    const ctx = contextFor(t, user.id, now);
    expect((await listTags(ctx)).tags).toContainEqual({ name: 'lua', count: 1 });
    await deleteDream(ctx, d.id);
    expect((await listTags(ctx)).tags.map((x) => x.name)).not.toContain('lua');
    await restoreDream(ctx, d.id);
    expect((await listTags(ctx)).tags).toContainEqual({ name: 'lua', count: 1 });
    await deleteDream(ctx, d.id);
    clock = new Date(clock.getTime() + 11 * 60_000);
    await expect(restoreDream(ctx, d.id)).rejects.toMatchObject({ statusCode: 404, message: 'Sonho não encontrado' });
    await expect(getDream(ctx, d.id)).rejects.toMatchObject({ statusCode: 404 });
    expect((await listTags(ctx)).tags.map((x) => x.name)).not.toContain('lua');
  });
});
