import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { REINDEX_JOB, reindexSearchTokens } from './dreams.reindex.ts';
import { blindToken, SEARCH_INDEX_VERSION } from './dreams.search.ts';
import { api, JOURNAL_TEST_ENV, postDream, queryRows, signUpUser, type TestUser } from './dreams.testing.ts';

// Dreams indexed with older stems get new tokens once, on whichever instance reaches them first (decision 079).
describe('search reindex', () => {
  let t: TestApp;
  let second: TestApp;
  let user: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await createTestApp(JOURNAL_TEST_ENV);
    // A second instance on the same database (and the same key store).
    second = await createTestApp(JOURNAL_TEST_ENV, t.database);
    user = await signUpUser(t);
    other = await signUpUser(t);
    // The pass each instance starts when ready finds nothing yet; let it end before rows are made stale.
    await t.app.deps.jobs.get(REINDEX_JOB)!();
    await second.app.deps.jobs.get(REINDEX_JOB)!();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  const found = async (u: TestUser, query: string) => {
    const res = await api(t, u).get(`/dreams?limit=50&q=${encodeURIComponent(query)}`);
    expect(res.statusCode).toBe(200);
    return res
      .json<{ items: { id: string }[] }>()
      .items.map((d) => d.id)
      .sort();
  };

  const rowOf = async (id: string) =>
    (
      await queryRows<{ tokens: string; version: number }>(
        t.database.db,
        sql`select search_tokens::text as tokens, search_version as version from dreams where id = ${id}`,
      )
    )[0]!;

  /**
   * Makes a dream look indexed by the stems before version 2: "cão" was "pt:ca" (like "cair"), "coração" was "pt:cor";
   * the English stems were kept for every word.
   */
  async function makeStale(u: TestUser, id: string, terms: string[]) {
    const keys = await t.app.deps.keys.forUser(u.id);
    const tokens = terms.map((term) => blindToken(keys.index, term));
    await t.database.db.execute(
      sql`update dreams set search_tokens = ${`{${tokens.join(',')}}`}::bigint[], search_version = 1 where id = ${id}`,
    );
  }

  it('rewrites the tokens of dreams indexed with the old stems, so search finds them by the new ones', async () => {
    const dog = await postDream(t, user, { content: 'Um cão enorme me seguia pela rua' });
    const fall = await postDream(t, user, { content: 'Eu caí da escada e continuava caindo' });
    const heart = await postDream(t, other, { content: 'Meu coração batia forte' });
    expect((await rowOf(dog.id)).version).toBe(SEARCH_INDEX_VERSION);
    expect(await found(user, 'cão')).toEqual([dog.id]);

    await makeStale(user, dog.id, [
      'pt:ca',
      'en:cao',
      'pt:enorm',
      'en:enorm',
      'pt:segu',
      'en:seguia',
      'pt:rua',
      'en:rua',
    ]);
    await makeStale(user, fall.id, ['pt:ca', 'en:cai', 'pt:escad', 'en:escada', 'pt:continu', 'en:continuava']);
    await makeStale(other, heart.id, ['pt:cor', 'en:coracao', 'pt:bat', 'en:batia', 'pt:fort', 'en:fort']);
    // Before the reindex, the new stems of a query miss the old tokens: the dreams are lost to search.
    expect(await found(user, 'cão')).toEqual([]);
    expect(await found(user, 'caindo')).toEqual([]);
    expect(await found(other, 'coração')).toEqual([]);

    expect(await t.app.deps.jobs.get(REINDEX_JOB)!()).toBe('ok');

    expect(await found(user, 'cão')).toEqual([dog.id]);
    expect(await found(user, 'cães')).toEqual([dog.id]);
    expect(await found(user, 'cair')).toEqual([fall.id]);
    expect(await found(user, 'caiu')).toEqual([fall.id]);
    expect(await found(other, 'corações')).toEqual([heart.id]);
    expect(await found(other, 'cores')).toEqual([]);
    for (const id of [dog.id, fall.id, heart.id]) expect((await rowOf(id)).version).toBe(SEARCH_INDEX_VERSION);
    // Each user's dreams were keyed with that user's key: the other finds nothing of them.
    expect(await found(other, 'cão')).toEqual([]);

    // A second pass has nothing left to do and changes nothing.
    const before = await Promise.all([dog.id, fall.id, heart.id].map(rowOf));
    const again = await reindexSearchTokens({ db: t.database.db, keys: t.app.deps.keys, log: t.app.log });
    expect(again).toEqual({ rewritten: 0, failed: 0 });
    expect(await Promise.all([dog.id, fall.id, heart.id].map(rowOf))).toEqual(before);
  });

  it('can find the rows left through the partial index (a finished reindex reads an empty index, not the table)', async () => {
    // This table is small enough for a scan to be cheaper; the question is whether the index can serve the query.
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(
        sql.raw(
          `explain select id from dreams where search_version < ${SEARCH_INDEX_VERSION} and id > '00000000-0000-0000-0000-000000000000' order by id limit 200`,
        ),
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('dreams_search_reindex_idx');
  });

  it('shares the work between instances running at once: every stale dream rewritten exactly once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 9; i++) {
      const owner = i % 2 === 0 ? user : other;
      const dream = await postDream(t, owner, { content: `O cão número ${i} caiu no rio` });
      await makeStale(owner, dream.id, ['pt:ca', 'en:cao']);
      ids.push(dream.id);
    }
    const passes = await Promise.all(
      [t, second, t].map((app) =>
        reindexSearchTokens({ db: app.database.db, keys: app.app.deps.keys, log: app.app.log, batchSize: 2 }),
      ),
    );
    expect(passes.reduce((sum, pass) => sum + pass.rewritten, 0)).toBe(ids.length);
    expect(passes.every((pass) => pass.failed === 0)).toBe(true);
    for (const id of ids) expect((await rowOf(id)).version).toBe(SEARCH_INDEX_VERSION);
    const userDreams = ids.filter((_, i) => i % 2 === 0).sort();
    expect((await found(user, 'cão rio')).filter((id) => ids.includes(id))).toEqual(userDreams);
  });

  it('goes on from where a stopped pass left off', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const dream = await postDream(t, user, { content: `Voando sobre o mar, noite ${i}` });
      await makeStale(user, dream.id, ['pt:vo', 'en:voando']);
      ids.push(dream.id);
    }
    let batches = 0;
    const stopped = await reindexSearchTokens({
      db: t.database.db,
      keys: t.app.deps.keys,
      log: t.app.log,
      batchSize: 2,
      shouldStop: () => batches++ >= 1,
    });
    expect(stopped.rewritten).toBe(2);
    const rest = await reindexSearchTokens({ db: t.database.db, keys: t.app.deps.keys, log: t.app.log });
    expect(rest.rewritten).toBe(3);
    for (const id of ids) expect((await rowOf(id)).version).toBe(SEARCH_INDEX_VERSION);
  });

  it('runs a pass when an instance starts, without being asked', async () => {
    const dream = await postDream(t, user, { content: 'Um cão preto no portão' });
    await makeStale(user, dream.id, ['pt:ca', 'en:cao']);
    const restarted = await createTestApp(JOURNAL_TEST_ENV, t.database);
    try {
      await restarted.app.ready();
      await vi.waitFor(async () => expect((await rowOf(dream.id)).version).toBe(SEARCH_INDEX_VERSION), {
        timeout: 10_000,
        interval: 50,
      });
      expect(await found(user, 'cão')).toContain(dream.id);
    } finally {
      await restarted.close();
    }
  });
});
