import type { AnalysisStats } from '@sonhario/contracts/analyses';
import { DELETE_ACCOUNT_CONFIRMATION } from '@sonhario/contracts/account';
import type { OverviewResponse } from '@sonhario/contracts/overview';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../lib/local-time.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { PASSWORD } from '../auth/auth.testing.ts';
import { openResult } from '../analyses/analyses.sealing.ts';
import {
  api,
  contextFor,
  JOURNAL_TEST_ENV,
  postDream,
  queryRows,
  signUpUser,
  type TestUser,
} from '../dreams/dreams.testing.ts';
import { setPlan } from '../profile/profile.service.ts';
import { computeStreaks } from '../streaks/streaks.ts';
import { applyResult, emptyTally, statsOf } from './journal-stats.tally.ts';

// The journal's maintained aggregates (docs/decisions/021) against a full recount from the rows, after every kind of
// write, over the real API on a real database: they must never drift, never show another user's data, and go with
// the account.

const ENV = { ...JOURNAL_TEST_ENV, AI_BUILTIN_REVEAL_MS: '0' };

/** Words the builtin reader turns into symbols, themes and emotions, and a seeded random source (runs repeat). */
const WORDS = ['mar', 'água', 'casa', 'cobra', 'voando', 'escola', 'medo', 'morte', 'dentes', 'porta', 'chave', 'fogo'];
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

describe('journal aggregates', () => {
  let t: TestApp;
  let clock = new Date('2026-06-10T15:00:00Z');

  beforeAll(async () => {
    t = await createTestApp(ENV, undefined, { now: () => clock });
  });
  afterAll(() => t.close());

  /** What the aggregates must equal: counted from the rows, the analyses opened one by one. */
  async function recount(user: TestUser): Promise<{ overview: Partial<OverviewResponse>; stats: AnalysisStats }> {
    const db = t.database.db;
    const [zone] = await queryRows<{ tz: string }>(
      db,
      sql`select coalesce((select time_zone from profiles where user_id = ${user.id}), 'America/Sao_Paulo') as tz`,
    );
    const timeZone = zone?.tz ?? 'America/Sao_Paulo';
    const days = await queryRows<{ day: string }>(
      db,
      sql`select distinct ((recorded_at at time zone ${timeZone}::text)::date)::text as day from dreams
          where user_id = ${user.id} and deleted_at is null
            and (idempotency_key is null or idempotency_key not like 'import:%')
            and dreamt_on >= (recorded_at at time zone ${timeZone}::text)::date - 1`,
    );
    const [dreams] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from dreams where user_id = ${user.id} and deleted_at is null`,
    );
    const analyses = await queryRows<{ id: string; dream_id: string; result: string }>(
      db,
      sql`select a.id, a.dream_id, encode(a.result_enc, 'base64') as result from dream_analyses a
          join dreams d on d.id = a.dream_id and d.deleted_at is null where a.user_id = ${user.id}`,
    );
    const keys = await t.app.deps.keys.forUser(user.id);
    const tally = emptyTally();
    for (const row of analyses) {
      const resultEnc = Buffer.from(row.result, 'base64');
      applyResult(tally, openResult(keys, user.id, { id: row.id, dreamId: row.dream_id, resultEnc }), 1);
    }
    const streaks = computeStreaks(
      days.map((d) => d.day),
      localDate(clock, timeZone),
    );
    return {
      overview: {
        dreamCount: dreams?.n ?? 0,
        analysisCount: analyses.length,
        currentStreak: streaks.current,
        longestStreak: streaks.longest,
        isTodayRecorded: streaks.isTodayRecorded,
      },
      stats: statsOf(tally, analyses.length),
    };
  }

  async function expectInStep(user: TestUser) {
    const expected = await recount(user);
    const overview = await api(t, user).get('/me/overview');
    expect(overview.statusCode).toBe(200);
    expect(overview.json()).toMatchObject(expected.overview);
    const stats = await api(t, user).get('/analyses/stats');
    expect(stats.statusCode).toBe(200);
    expect(stats.json()).toEqual(expected.stats);
  }

  /** A consenting user on the unlimited plan: the quota never gets in the way of counting analyses. */
  async function signUpAnalyst(): Promise<TestUser> {
    const user = await signUpUser(t, { isConsenting: true });
    await setPlan(contextFor(t, user.id), 'oracle');
    return user;
  }

  const analyse = async (user: TestUser, dreamId: string) => {
    const res = await api(t, user).post(`/dreams/${dreamId}/analyses`, {});
    expect(res.statusCode).toBe(201);
  };

  it('stays equal to a recount through random creates, edits, deletes, restores, analyses and erasures', async () => {
    const random = prng(20261124);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const text = () => Array.from({ length: 3 + Math.floor(random() * 5) }, () => pick(WORDS)).join(' ');
    const users = [await signUpAnalyst(), await signUpAnalyst()];
    const live = new Map<TestUser, string[]>(users.map((u) => [u, []]));
    const deleted = new Map<TestUser, string[]>(users.map((u) => [u, []]));
    for (let step = 0; step < 60; step += 1) {
      // The clock walks forward by 0–2 days, so streaks grow, break and restart.
      clock = new Date(clock.getTime() + Math.floor(random() * 3) * 86_400_000 + 3_600_000);
      const user = pick(users);
      const mine = live.get(user) ?? [];
      const gone = deleted.get(user) ?? [];
      const roll = random();
      if (roll < 0.35 || mine.length === 0) {
        mine.push((await postDream(t, user, { content: text(), emotions: [], tags: [pick(WORDS)] })).id);
      } else if (roll < 0.5) {
        const res = await api(t, user).patch(`/dreams/${pick(mine)}`, { content: text() });
        expect(res.statusCode).toBe(200);
      } else if (roll < 0.62) {
        const id = mine.splice(Math.floor(random() * mine.length), 1)[0] as string;
        expect((await api(t, user).delete(`/dreams/${id}`)).statusCode).toBe(200);
        gone.push(id);
      } else if (roll < 0.7 && gone.length > 0) {
        const id = gone.pop() as string;
        const res = await api(t, user).post(`/dreams/${id}/restore`);
        if (res.statusCode === 200) mine.push(id);
      } else if (roll < 0.97) {
        await analyse(user, pick(mine));
      } else {
        expect((await api(t, user).delete('/analyses')).statusCode).toBe(200);
      }
      if (step % 6 === 5) for (const u of users) await expectInStep(u);
    }
    for (const u of users) await expectInStep(u);
  });

  it('stays equal to a recount after concurrent writes of one user', async () => {
    const user = await signUpAnalyst();
    const first = await Promise.all(
      Array.from({ length: 8 }, (_, i) => postDream(t, user, { content: `${WORDS[i] ?? 'mar'} e fogo`, emotions: [] })),
    );
    await expectInStep(user); // builds the tally, so the writes below keep it in step
    // An analysis racing its dream's delete either lands first (and the delete takes it out) or finds no dream.
    const racing = async (dreamId: string) =>
      expect([201, 404]).toContain((await api(t, user).post(`/dreams/${dreamId}/analyses`, {})).statusCode);
    await Promise.all([
      ...first.slice(0, 4).map((d) => racing(d.id)),
      ...first.slice(0, 3).map((d) => api(t, user).delete(`/dreams/${d.id}`)),
      ...Array.from({ length: 4 }, () => postDream(t, user, { content: 'cobra na escola', emotions: [] })),
      ...first.slice(4).map((d) => analyse(user, d.id)),
    ]);
    await expectInStep(user);
  });

  it('counts imported dreams but not for streaks, and never mixes users', async () => {
    clock = new Date('2026-07-01T15:00:00Z');
    const author = await signUpAnalyst();
    for (const word of ['mar', 'cobra', 'fogo']) await postDream(t, author, { content: `um ${word}`, emotions: [] });
    const exported = await api(t, author).get('/me/export?format=json');
    expect(exported.statusCode).toBe(200);

    const reader = await signUpAnalyst();
    const own = await postDream(t, reader, { content: 'uma casa', emotions: [] });
    await analyse(reader, own.id);
    await expectInStep(reader);
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/import',
      headers: { ...reader.headers, 'content-type': 'application/json' },
      payload: exported.body,
    });
    expect(imported.statusCode).toBe(200);
    await expectInStep(reader);
    expect((await api(t, reader).get('/me/overview')).json()).toMatchObject({ dreamCount: 4, currentStreak: 1 });
    expect((await api(t, author).get('/me/overview')).json()).toMatchObject({ dreamCount: 3, analysisCount: 0 });
    await expectInStep(author);
  });

  it('builds the aggregates of a journal written before they existed, and rebuilds days for a new time zone', async () => {
    clock = new Date('2026-08-01T02:30:00Z'); // 23:30 on 31 July in São Paulo, 1 August in UTC
    const user = await signUpAnalyst();
    for (const hour of ['2026-07-30T15:00:00Z', '2026-07-31T15:00:00Z', '2026-08-01T02:30:00Z']) {
      clock = new Date(hour);
      await analyse(user, (await postDream(t, user, { content: 'a água do mar', emotions: [] })).id);
    }
    // As before the migration: no aggregates at all.
    await t.database.db.execute(sql`delete from user_journal_stats where user_id = ${user.id}`);
    await t.database.db.execute(sql`delete from user_recorded_days where user_id = ${user.id}`);
    await postDream(t, user, { content: 'uma cobra', emotions: [] }); // a write before the first read
    await expectInStep(user);
    expect((await api(t, user).get('/me/overview')).json()).toMatchObject({ dreamCount: 4, currentStreak: 2 });

    expect((await api(t, user).patch('/me/profile', { timeZone: 'UTC' })).statusCode).toBe(200);
    await expectInStep(user);
    // In UTC the last two dreams were recorded on 1 August for the night of 30 July (São Paulo's "last night" when
    // they were saved): two nights back, backdated, so they count for no day (docs/decisions/026).
    expect((await api(t, user).get('/me/overview')).json()).toMatchObject({ currentStreak: 2, longestStreak: 2 });
  });

  it('seals the analysis tally and erases the aggregates with the account', async () => {
    const user = await signUpAnalyst();
    const dream = await postDream(t, user, { content: 'Uma serpente venenosa no mar', emotions: [] });
    await analyse(user, dream.id);
    const stats = (await api(t, user).get('/analyses/stats')).json<AnalysisStats>();
    expect(stats.total).toBe(1);
    const names = [...stats.symbols, ...stats.themes].map((s) => s.name);
    expect(names.length).toBeGreaterThan(0);
    const [row] = await queryRows<{ tally: string }>(
      t.database.db,
      sql`select encode(analysis_tally_enc, 'base64') as tally from user_journal_stats where user_id = ${user.id}`,
    );
    const stored = Buffer.from(row?.tally ?? '', 'base64');
    expect(stored.length).toBeGreaterThan(16);
    for (const name of names) {
      expect(stored.includes(Buffer.from(name, 'utf8'))).toBe(false);
      expect(stored.includes(Buffer.from(JSON.stringify(name).slice(1, -1), 'utf8'))).toBe(false);
    }

    const res = await api(t, user).post('/me/delete', {
      password: PASSWORD,
      confirmation: DELETE_ACCOUNT_CONFIRMATION,
    });
    expect(res.statusCode).toBe(204);
    for (const table of ['user_journal_stats', 'user_recorded_days']) {
      const rows = await queryRows(
        t.database.db,
        sql`select 1 from ${sql.identifier(table)} where user_id = ${user.id}`,
      );
      expect(rows).toEqual([]);
    }
  });
});
