import type { PatternChartsResponse } from '@sonhario/contracts/pattern-charts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { exportJson, importBody } from '../account/account.data.testing.ts';
import { rewardsUser, testClock } from '../rewards/rewards.testing.ts';

// GET /patterns/charts through the API, with the app's clock placed at chosen instants (docs/decisions/029).
describe('pattern charts', () => {
  let t: TestApp;
  const clock = testClock('2026-05-20T15:00:00Z');
  const NOW = '2026-05-20T15:00:00Z'; // Wednesday 20 May, 12:00 in São Paulo

  beforeAll(async () => {
    t = await createTestApp({ AUTH_AUTOCONFIRM: 'true' }, undefined, { now: clock.now });
  });
  afterAll(() => t.close());

  type User = Awaited<ReturnType<typeof rewardsUser>>;
  const lucidUser = () => rewardsUser(t, clock, { timeZone: 'America/Sao_Paulo', plan: 'lucid' });

  async function charts(u: User, period: string, at = NOW): Promise<PatternChartsResponse> {
    const res = await u.at(at).get(`/patterns/charts?period=${period}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PatternChartsResponse>();
  }

  /**
   * The maintained buckets (docs/decisions/030) against a rebuild from the dreams: every period read, the buckets
   * dropped and marked unbuilt, read again.
   */
  async function expectSameAsRebuilt(u: User) {
    const periods = ['30d', '3m', '12m', 'all'];
    const kept = await Promise.all(periods.map((period) => charts(u, period)));
    await t.database.db.execute(
      sql`update user_journal_stats set are_buckets_built = false, updated_at = clock_timestamp() where user_id = ${u.user.id}::uuid`,
    );
    await t.database.db.execute(sql`delete from user_dream_buckets where user_id = ${u.user.id}::uuid`);
    const rebuilt = await Promise.all(periods.map((period) => charts(u, period)));
    expect(kept).toEqual(rebuilt);
  }

  const bucket = (body: PatternChartsResponse, start: string) => body.charts?.buckets.find((b) => b.start === start);

  /** Two dreams a week apart: a lucid one and a nightmare, sharing the tag "voo" (in two spellings). */
  async function writeTwoDreams(u: User) {
    const lucid = await u.dream(NOW, {
      dreamtOn: '2026-05-18',
      lucidity: 2,
      mood: 4,
      vividness: 5,
      sleepQuality: 3,
      emotions: ['alegria', 'medo'],
      tags: ['Voo', 'mar'],
    });
    const nightmare = await u.dream(NOW, {
      dreamtOn: '2026-05-11',
      mood: 2,
      sleepQuality: 3,
      emotions: ['medo'],
      isNightmare: true,
      tags: ['voo'],
    });
    return { lucid, nightmare };
  }

  const expectedAfterTwo = {
    '2026-05-18': {
      start: '2026-05-18',
      dreams: 1,
      lucid: 1,
      meanLucidity: 2,
      nightmares: 0,
      meanMood: 4,
      meanVividness: 5,
      emotions: { alegria: 1, medo: 1 },
    },
    '2026-05-11': {
      start: '2026-05-11',
      dreams: 1,
      lucid: 0,
      meanLucidity: 0,
      nightmares: 1,
      meanMood: 2,
      meanVividness: null,
      emotions: { medo: 1 },
    },
  };

  it('counts a new dream in its week: counts, means, emotions, mood against sleep and named tags', async () => {
    const u = await lucidUser();
    await writeTwoDreams(u);
    const body = await charts(u, '30d');
    expect(body.basics).toEqual({
      totals: { dreams: 2, lucid: 1, nightmares: 1 },
      month: '2026-05',
      thisMonth: { dreams: 2, lucid: 1, nightmares: 1 },
    });
    const c = body.charts!;
    expect(c).toMatchObject({ period: '30d', granularity: 'week', from: '2026-04-20', to: '2026-05-20' });
    expect(c.buckets.map((b) => b.start)).toEqual([
      '2026-04-20',
      '2026-04-27',
      '2026-05-04',
      '2026-05-11',
      '2026-05-18',
    ]);
    expect(bucket(body, '2026-05-18')).toEqual(expectedAfterTwo['2026-05-18']);
    expect(bucket(body, '2026-05-11')).toEqual(expectedAfterTwo['2026-05-11']);
    expect(bucket(body, '2026-05-04')).toMatchObject({ dreams: 0, meanMood: null, emotions: {} });
    expect(c.moodBySleep).toEqual([
      { sleepQuality: 3, mood: 2, count: 1 },
      { sleepQuality: 3, mood: 4, count: 1 },
    ]);
    // The stored spelling is the latest one used; a tag is counted per dream, accents and case aside.
    expect(c.tags.map((tag) => [tag.name, tag.total, tag.counts])).toEqual([
      ['voo', 2, [0, 0, 0, 1, 1]],
      ['mar', 1, [0, 0, 0, 0, 1]],
    ]);
    expect(c.dreamCount).toBe(2);
    expect(c.isTooLittleData).toBe(true);
  });

  it('follows an edit, a delete and a restore', async () => {
    const u = await lucidUser();
    // Read first: the (empty) buckets are built, so every write below keeps them in step.
    expect((await charts(u, '30d')).charts?.dreamCount).toBe(0);
    const { lucid, nightmare } = await writeTwoDreams(u);
    const edit = await u.at(NOW).patch(`/dreams/${lucid.id}`, { lucidity: 0, mood: 1, dreamtOn: '2026-05-12' });
    expect(edit.statusCode, edit.body).toBe(200);
    let body = await charts(u, '30d');
    expect(bucket(body, '2026-05-18')).toMatchObject({ dreams: 0, lucid: 0, emotions: {} });
    expect(bucket(body, '2026-05-11')).toMatchObject({
      dreams: 2,
      lucid: 0,
      meanLucidity: 0,
      nightmares: 1,
      meanMood: 1.5,
      meanVividness: 5,
      emotions: { alegria: 1, medo: 2 },
    });
    expect(body.basics.totals).toEqual({ dreams: 2, lucid: 0, nightmares: 1 });

    expect((await u.at(NOW).delete(`/dreams/${nightmare.id}`)).statusCode).toBe(200);
    body = await charts(u, '30d');
    expect(bucket(body, '2026-05-11')).toMatchObject({ dreams: 1, nightmares: 0, meanMood: 1 });
    // The tag keeps the latest spelling written; ties go by name.
    expect(body.charts!.tags.map((tag) => [tag.name, tag.total])).toEqual([
      ['mar', 1],
      ['voo', 1],
    ]);
    expect(body.basics.totals).toEqual({ dreams: 1, lucid: 0, nightmares: 0 });

    expect((await u.at(NOW).post(`/dreams/${nightmare.id}/restore`)).statusCode).toBe(200);
    body = await charts(u, '30d');
    expect(bucket(body, '2026-05-11')).toMatchObject({ dreams: 2, nightmares: 1, meanMood: 1.5 });
    expect(body.basics.totals).toEqual({ dreams: 2, lucid: 0, nightmares: 1 });
    await expectSameAsRebuilt(u);
  });

  it('keeps the buckets equal to a rebuild through a run of writes of every kind, and rebuilds an old journal', async () => {
    const u = await lucidUser();
    await charts(u, 'all');
    const nights = ['2026-01-31', '2026-02-01', '2026-03-30', '2026-03-31', '2026-05-17', '2026-05-18', '2026-05-20'];
    const written = [];
    for (const [i, dreamtOn] of nights.entries()) {
      written.push(
        await u.dream(NOW, {
          dreamtOn,
          lucidity: i % 4,
          mood: i % 2 === 0 ? (i % 5) + 1 : null,
          vividness: (i % 5) + 1,
          sleepQuality: i % 3 === 0 ? 2 : null,
          emotions: i % 2 === 0 ? ['medo'] : ['alegria', 'paz'],
          isNightmare: i % 3 === 1,
          tags: i % 2 === 0 ? ['casa'] : ['mar', 'casa'],
        }),
      );
    }
    await expectSameAsRebuilt(u);
    // Across a week and a month boundary, and details only.
    const moved = await u.at(NOW).patch(`/dreams/${written[1]!.id}`, { dreamtOn: '2026-03-29', tags: ['voo'] });
    expect(moved.statusCode, moved.body).toBe(200);
    const retouched = await u.at(NOW).patch(`/dreams/${written[4]!.id}`, { emotions: [], mood: 5, isNightmare: true });
    expect(retouched.statusCode, retouched.body).toBe(200);
    expect((await u.at(NOW).delete(`/dreams/${written[5]!.id}`)).statusCode).toBe(200);
    await expectSameAsRebuilt(u);
    expect((await u.at(NOW).post(`/dreams/${written[5]!.id}/restore`)).statusCode).toBe(200);
    expect((await u.at(NOW).delete(`/dreams/${written[0]!.id}`)).statusCode).toBe(200);
    await expectSameAsRebuilt(u);
    const all = await charts(u, 'all');
    // January's dream deleted and February's moved to March: the journal now starts in March.
    expect(all.charts!.buckets.map((b) => [b.start, b.dreams])).toEqual([
      ['2026-03-01', 3],
      ['2026-04-01', 0],
      ['2026-05-01', 3],
    ]);
    expect(all.basics.totals.dreams).toBe(6);
  });

  it('counts imported dreams like written ones', async () => {
    const from = await lucidUser();
    await writeTwoDreams(from);
    clock.set(NOW);
    const exported = await exportJson(t, from.user);
    const to = await lucidUser();
    await charts(to, '30d');
    clock.set(NOW);
    const res = await importBody(t, to.user, exported.text);
    expect(res.statusCode, res.body).toBe(200);
    const body = await charts(to, '30d');
    expect(bucket(body, '2026-05-18')).toEqual(expectedAfterTwo['2026-05-18']);
    expect(bucket(body, '2026-05-11')).toEqual(expectedAfterTwo['2026-05-11']);
    // The file's order decides which spelling is the latest.
    expect(body.charts!.tags.map((tag) => [tag.name.toLowerCase(), tag.total])).toEqual([
      ['voo', 2],
      ['mar', 1],
    ]);
    await expectSameAsRebuilt(to);
  });

  it("places a dream of 23:30 in São Paulo on a month's last day in that month", async () => {
    const lastNight = '2026-06-01T02:30:00Z'; // 31 May, 23:30 in São Paulo; already 1 June in UTC
    const u = await lucidUser();
    await u.dream(lastNight, { dreamtOn: '2026-05-31' });
    const body = await charts(u, '12m', lastNight);
    expect(body.basics).toMatchObject({ month: '2026-05', thisMonth: { dreams: 1 } });
    const c = body.charts!;
    expect(c).toMatchObject({ granularity: 'month', from: '2025-06-01', to: '2026-05-31' });
    expect(c.buckets).toHaveLength(12);
    expect(c.buckets.at(-1)).toMatchObject({ start: '2026-05-01', dreams: 1 });

    // The same instant for a user in UTC is June already: the dream of 31 May is last month's.
    const utc = await rewardsUser(t, clock, { timeZone: 'UTC', plan: 'oracle' });
    await utc.dream(lastNight, { dreamtOn: '2026-05-31' });
    const inUtc = await charts(utc, '12m', lastNight);
    expect(inUtc.basics).toMatchObject({ month: '2026-06', thisMonth: { dreams: 0 }, totals: { dreams: 1 } });
    expect(inUtc.charts!.buckets.map((b) => [b.start, b.dreams]).slice(-2)).toEqual([
      ['2026-05-01', 1],
      ['2026-06-01', 0],
    ]);
  });

  it("covers the whole journal from its first month with 'all', and leaves the flag once there is enough", async () => {
    const u = await lucidUser();
    for (const dreamtOn of ['2025-11-03', '2026-01-10', '2026-03-01', '2026-05-02', '2026-05-19']) {
      await u.dream(NOW, { dreamtOn, lucidity: 1 });
    }
    const body = await charts(u, 'all');
    const c = body.charts!;
    expect(c).toMatchObject({ granularity: 'month', from: '2025-11-01', dreamCount: 5, isTooLittleData: false });
    expect(c.buckets.map((b) => [b.start, b.dreams])).toEqual([
      ['2025-11-01', 1],
      ['2025-12-01', 0],
      ['2026-01-01', 1],
      ['2026-02-01', 0],
      ['2026-03-01', 1],
      ['2026-04-01', 0],
      ['2026-05-01', 2],
    ]);
    // The 3 months reach back to the Monday of 19 February's week: one dream less.
    const threeMonths = (await charts(u, '3m')).charts!;
    expect(threeMonths).toMatchObject({
      granularity: 'week',
      from: '2026-02-16',
      dreamCount: 3,
      isTooLittleData: true,
    });
  });

  it("never counts another user's dreams", async () => {
    const mine = await lucidUser();
    const other = await lucidUser();
    await writeTwoDreams(other);
    const body = await charts(mine, 'all');
    expect(body.basics.totals).toEqual({ dreams: 0, lucid: 0, nightmares: 0 });
    expect(body.charts).toMatchObject({ dreamCount: 0, isTooLittleData: true, moodBySleep: [], tags: [] });
    expect(body.charts!.buckets.every((b) => b.dreams === 0)).toBe(true);
  });

  it('gives Dreamer the basic counts and refuses the charts with 403 plan_required', async () => {
    const u = await rewardsUser(t, clock, { timeZone: 'America/Sao_Paulo' });
    await writeTwoDreams(u);
    const basics = await u.at(NOW).get('/patterns/charts');
    expect(basics.statusCode, basics.body).toBe(200);
    expect(basics.json()).toEqual({
      basics: {
        totals: { dreams: 2, lucid: 1, nightmares: 1 },
        month: '2026-05',
        thisMonth: { dreams: 2, lucid: 1, nightmares: 1 },
      },
      charts: null,
    });
    const refused = await u.at(NOW).get('/patterns/charts?period=3m');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'plan_required' });
  });

  it('refuses an unknown period with 400 validation_failed, and an anonymous caller with 401', async () => {
    const u = await lucidUser();
    const res = await u.at(NOW).get('/patterns/charts?period=7d');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/patterns/charts?period=30d' });
    expect(anonymous.statusCode).toBe(401);
  });
});
