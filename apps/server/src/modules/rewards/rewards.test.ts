import { DELETE_ACCOUNT_CONFIRMATION } from '@sonhario/contracts/account';
import { REWARD_RULES, type RewardsResponse } from '@sonhario/contracts/rewards';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { exportJson } from '../account/account.data.testing.ts';
import { PASSWORD } from '../auth/auth.testing.ts';
import { api, queryRows } from '../dreams/dreams.testing.ts';
import { creditsOfAchievement, rewardsUser, testClock } from './rewards.testing.ts';

// Rewards through the API, with the app's clock placed at chosen instants (docs/decisions/026).
describe('rewards of journaling', () => {
  let t: TestApp;
  const clock = testClock('2026-05-01T12:00:00Z');

  beforeAll(async () => {
    t = await createTestApp({ AUTH_AUTOCONFIRM: 'true' }, undefined, { now: clock.now });
  });
  afterAll(() => t.close());

  const ledgerDetails = async (userAt: ReturnType<typeof api>) =>
    (await userAt.get('/credits/ledger?limit=100'))
      .json<{ items: { reason: string; amount: number; detail: string | null }[] }>()
      .items.filter((row) => row.reason !== 'welcome_bonus')
      .map((row) => [row.reason, row.amount, row.detail]);

  it('grants +1 for the first dream of a day, once, even after deleting and writing it again', async () => {
    const u = await rewardsUser(t, clock, { timeZone: 'America/Sao_Paulo' });
    const first = await u.dream('2026-05-01T12:00:00Z');
    expect(first.rewards).toEqual({
      credits: REWARD_RULES.firstDreamOfDay + creditsOfAchievement('first_dream'),
      isFirstDreamOfDay: true,
      milestone: null,
      achievements: ['first_dream'], // a starter achievement: Dreamer earns it too (decision 078)
      isFreezeEarned: false,
      streak: 1,
    });
    const second = await u.dream('2026-05-01T13:00:00Z');
    expect(second.rewards).toMatchObject({ credits: 0, isFirstDreamOfDay: false, streak: 1 });
    expect((await u.at('2026-05-01T13:01:00Z').delete(`/dreams/${first.id}`)).statusCode).toBe(200);
    expect((await u.at('2026-05-01T13:02:00Z').delete(`/dreams/${second.id}`)).statusCode).toBe(200);
    const again = await u.dream('2026-05-01T14:00:00Z');
    expect(again.rewards).toMatchObject({ credits: 0, isFirstDreamOfDay: false, streak: 1 });
    // (The day's credit and the achievement's share an instant: their order in the ledger is not asserted.)
    expect((await ledgerDetails(u.at('2026-05-01T14:00:00Z'))).sort()).toEqual([
      ['achievement', creditsOfAchievement('first_dream'), 'first_dream'],
      ['first_dream_of_day', 1, '2026-05-01'],
    ]);

    // A retry with the same key answers the dream again, earning nothing.
    const key = { 'idempotency-key': 'retry-key-1' };
    const created = await u.at('2026-05-02T12:00:00Z').post('/dreams', { content: 'x', emotions: [] }, key);
    expect(created.statusCode).toBe(201);
    expect(created.json().rewards).toMatchObject({ credits: 1, isFirstDreamOfDay: true, streak: 2 });
    const retried = await u.at('2026-05-02T12:00:01Z').post('/dreams', { content: 'x', emotions: [] }, key);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().rewards).toEqual({
      credits: 0,
      isFirstDreamOfDay: false,
      milestone: null,
      achievements: [],
      isFreezeEarned: false,
      streak: 2,
    });
  });

  it('gives backdated and imported dreams no reward and no streak', async () => {
    const u = await rewardsUser(t, clock, { timeZone: 'America/Sao_Paulo', plan: 'lucid' });
    const backdated = await u.dream('2026-05-10T12:00:00Z', { dreamtOn: '2026-05-07' });
    expect(backdated.rewards).toMatchObject({ isFirstDreamOfDay: false, streak: 0, milestone: null });
    // Yesterday's night and today's count.
    expect((await u.dream('2026-05-10T12:05:00Z', { dreamtOn: '2026-05-09' })).rewards.isFirstDreamOfDay).toBe(true);

    const source = await rewardsUser(t, clock, { timeZone: 'America/Sao_Paulo' });
    for (const day of ['01', '02', '03', '04', '05', '06', '07', '08']) await source.dream(`2026-04-${day}T12:00:00Z`);
    const exported = await source.at('2026-05-10T12:00:00Z').get('/me/export?format=json');
    const target = await rewardsUser(t, clock, { timeZone: 'America/Sao_Paulo', plan: 'lucid' });
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/import',
      headers: { ...target.user.headers, 'content-type': 'application/json' },
      payload: exported.body,
    });
    expect(imported.json()).toEqual({ imported: 8, skipped: 0 });
    const rewards = await target.rewards('2026-05-10T12:00:00Z');
    expect(rewards.streak).toMatchObject({ current: 0, longest: 0 });
    expect(rewards.calendar.days).toEqual([]);
    // Countable achievements: yes (first dream); streak ones: never from an import.
    const earned = rewards.achievements.filter((a) => a.earnedAt).map((a) => a.id);
    expect(earned).toEqual(['first_dream']);
    expect(rewards.achievements.find((a) => a.id === 'dreams_10')).toMatchObject({ progress: 8, target: 10 });
    expect((await target.ledger()).map((row) => row.reason)).toEqual(['achievement']);
  });

  it('grants milestones 3 and 7 on consecutive days, once per account', async () => {
    const u = await rewardsUser(t, clock, { timeZone: 'UTC' });
    const outcomes = [];
    for (let day = 1; day <= 7; day += 1) outcomes.push((await u.dream(`2026-06-0${day}T08:00:00Z`)).rewards);
    expect(outcomes.map((o) => o.streak)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(outcomes.map((o) => o.milestone)).toEqual([null, null, 3, null, null, null, 7]);
    expect(outcomes[0]).toMatchObject({
      credits: 1 + creditsOfAchievement('first_dream'),
      achievements: ['first_dream'],
    });
    expect(outcomes[2]).toMatchObject({ credits: 1 + 5 });
    expect(outcomes[6]).toMatchObject({ credits: 1 + 10, achievements: ['streak_7'] });
    // Dreamer: no freeze.
    expect(outcomes[6]?.isFreezeEarned).toBe(false);
    // Broken, then built again: nothing new.
    for (let day = 10; day <= 17; day += 1) {
      const outcome = (await u.dream(`2026-06-${day}T08:00:00Z`)).rewards;
      expect(outcome.milestone).toBeNull();
      expect(outcome.achievements).toEqual([]);
    }
    const rows = await u.ledger();
    expect(rows.filter((r) => r.reason === 'streak_milestone').map((r) => r.amount)).toEqual([5, 10]);
    expect(rows.filter((r) => r.reason === 'first_dream_of_day')).toHaveLength(15);
    const rewards = await u.rewards('2026-06-17T09:00:00Z');
    expect(rewards.streak).toMatchObject({ current: 8, longest: 8, isTodayRecorded: true });
    expect(rewards.streak.nextMilestone).toEqual({ days: 14, credits: 20 });
    expect(rewards.level).toBeNull();
    expect(rewards.freezes).toEqual({ isAvailable: false, held: 0, max: 2 });
    const locked = rewards.achievements.filter((a) => a.isLocked).map((a) => a.id);
    // Dreamer: the streak and starter achievements are open, the rest need Lucid.
    expect(rewards.achievements.filter((a) => !a.isLocked).map((a) => a.id)).toEqual([
      'first_dream',
      'first_lucid',
      'streak_7',
      'streak_30',
      'streak_100',
      'first_analysis',
    ]);
    expect(locked).toContain('dreams_10');
    expect(rewards.achievements.find((a) => a.id === 'streak_7')?.earnedAt).toBe('2026-06-07T08:00:00.000Z');
    expect(rewards.achievements.find((a) => a.id === 'first_dream')).toMatchObject({
      earnedAt: '2026-06-01T08:00:00.000Z',
      progress: 1,
    });
    expect(rewards.achievements.find((a) => a.id === 'dreams_10')).toMatchObject({ earnedAt: null, progress: 10 });
  });

  it('places days by the local midnight, across DST changes and the date line', async () => {
    // São Paulo, 4 November 2018: clocks jumped from 00:00 to 01:00.
    const sp = await rewardsUser(t, clock, { timeZone: 'America/Sao_Paulo' });
    expect((await sp.dream('2018-11-04T02:59:00Z')).rewards.isFirstDreamOfDay).toBe(true); // 23:59 on the 3rd
    const after = await sp.dream('2018-11-04T03:00:00Z'); // 01:00 (DST) on the 4th
    expect(after.rewards).toMatchObject({ isFirstDreamOfDay: true, streak: 2 });
    const spDays = (await sp.ledger()).filter((r) => r.reason === 'first_dream_of_day');
    expect(spDays.map((r) => r.key.slice(-10))).toEqual(['2018-11-03', '2018-11-04']);

    // New York: 8 March 2026 (a 23-hour day) and 1 November 2026 (25 hours: 01:30 happens twice).
    const ny = await rewardsUser(t, clock, { timeZone: 'America/New_York' });
    expect((await ny.dream('2026-03-08T04:59:00Z')).rewards.isFirstDreamOfDay).toBe(true); // 23:59 EST, 7 March
    expect((await ny.dream('2026-03-08T05:00:00Z')).rewards.isFirstDreamOfDay).toBe(true); // 00:00, 8 March
    expect((await ny.dream('2026-03-09T03:59:00Z')).rewards).toMatchObject({ isFirstDreamOfDay: false, streak: 2 });
    expect((await ny.dream('2026-03-09T04:00:00Z')).rewards).toMatchObject({ isFirstDreamOfDay: true, streak: 3 });
    const fall = await rewardsUser(t, clock, { timeZone: 'America/New_York' });
    expect((await fall.dream('2026-11-01T05:30:00Z')).rewards.isFirstDreamOfDay).toBe(true); // 01:30 EDT
    expect((await fall.dream('2026-11-01T06:30:00Z')).rewards.isFirstDreamOfDay).toBe(false); // 01:30 EST
    expect((await fall.dream('2026-11-02T04:59:00Z')).rewards.isFirstDreamOfDay).toBe(false); // 23:59 EST
    expect((await fall.dream('2026-11-02T05:00:00Z')).rewards).toMatchObject({ isFirstDreamOfDay: true, streak: 2 });

    // The same instant is the 11th in Kiritimati (UTC+14) and the 10th in Pago Pago (UTC-11).
    const east = await rewardsUser(t, clock, { timeZone: 'Pacific/Kiritimati' });
    const west = await rewardsUser(t, clock, { timeZone: 'Pacific/Pago_Pago' });
    await east.dream('2026-05-10T12:00:00Z');
    await west.dream('2026-05-10T12:00:00Z');
    const dayKeys = async (u: typeof east) =>
      (await u.ledger()).filter((r) => r.reason === 'first_dream_of_day').map((r) => r.key.slice(-10));
    expect(await dayKeys(east)).toEqual(['2026-05-11']);
    expect(await dayKeys(west)).toEqual(['2026-05-10']);
    expect((await east.rewards('2026-05-10T12:00:00Z')).today).toBe('2026-05-11');
    expect((await west.rewards('2026-05-10T12:00:00Z')).today).toBe('2026-05-10');
  });

  it('grants one milestone when saves of the milestone day run at once', async () => {
    const u = await rewardsUser(t, clock, { timeZone: 'UTC', plan: 'lucid' });
    await u.dream('2026-07-01T08:00:00Z');
    await u.dream('2026-07-02T08:00:00Z');
    clock.set('2026-07-03T08:00:00Z');
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) => api(t, u.user).post('/dreams', { content: `sonho ${n}`, emotions: [] })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 201]);
    const outcomes = answers.map((res) => res.json<{ rewards: { milestone: number | null } }>().rewards);
    expect(outcomes.filter((o) => o.milestone === 3)).toHaveLength(1);
    const rows = await u.ledger();
    expect(rows.filter((r) => r.reason === 'streak_milestone')).toHaveLength(1);
    expect(rows.filter((r) => r.reason === 'first_dream_of_day')).toHaveLength(3);
  });
});

// Decision 078: 'Primeiro sonho', 'Primeiro sonho lúcido' and 'Primeira análise' are open to Dreamer, credits included.
describe('starter achievements on Dreamer', () => {
  let t: TestApp;
  const clock = testClock('2026-09-01T12:00:00Z');

  beforeAll(async () => {
    t = await createTestApp({ AUTH_AUTOCONFIRM: 'true' }, undefined, { now: clock.now });
  });
  afterAll(() => t.close());

  const achievementRows = async (userId: string) =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from user_achievements where user_id = ${userId}`,
      )
    )[0]?.n;

  /** The state a Dreamer was left in before decision 078: dreams, and no achievement held or paid for them. */
  async function asBefore078(userId: string) {
    await t.database.db.execute(sql`delete from user_achievements where user_id = ${userId}`);
    await t.database.db.execute(sql`delete from credit_ledger where user_id = ${userId} and reason = 'achievement'`);
  }

  it('first dreams saved at the same moment unlock "Primeiro sonho" once and pay it once', async () => {
    const u = await rewardsUser(t, clock, { timeZone: 'UTC' });
    clock.set('2026-09-01T08:00:00Z');
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) => api(t, u.user).post('/dreams', { content: `sonho ${n}`, emotions: [] })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 201]);
    const earned = answers.flatMap((res) => res.json<{ rewards: { achievements: string[] } }>().rewards.achievements);
    expect(earned).toEqual(['first_dream']);
    expect((await u.ledger()).filter((r) => r.reason === 'achievement').map((r) => r.amount)).toEqual([
      creditsOfAchievement('first_dream'),
    ]);
    expect(await achievementRows(u.user.id)).toBe(1);
    // Read again, and again: nothing more.
    await u.rewards('2026-09-01T09:00:00Z');
    await u.rewards('2026-09-01T09:01:00Z');
    expect((await u.ledger()).filter((r) => r.reason === 'achievement')).toHaveLength(1);
  });

  it('a Dreamer who had dreams before gets "Primeiro sonho" on the next visit, once, however many visits run at once', async () => {
    const u = await rewardsUser(t, clock, { timeZone: 'UTC' });
    await u.dream('2026-09-02T08:00:00Z', { lucidity: 1 });
    await asBefore078(u.user.id);
    expect(await achievementRows(u.user.id)).toBe(0);
    const balanceBefore = (await u.at('2026-09-02T09:00:00Z').get('/credits')).json<{ balance: number }>().balance;

    clock.set('2026-09-02T10:00:00Z');
    const visits = await Promise.all([1, 2, 3, 4, 5, 6].map(() => api(t, u.user).get('/rewards')));
    expect(visits.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    for (const visit of visits) {
      const earned = visit
        .json<RewardsResponse>()
        .achievements.filter((a) => a.earnedAt)
        .map((a) => a.id);
      expect(earned).toEqual(['first_dream', 'first_lucid']);
    }
    expect(await achievementRows(u.user.id)).toBe(2);
    const paid = (await u.ledger()).filter((r) => r.reason === 'achievement');
    expect(paid.map((r) => r.amount)).toEqual([
      creditsOfAchievement('first_dream'),
      creditsOfAchievement('first_lucid'),
    ]);
    const balanceAfter = (await u.at('2026-09-02T11:00:00Z').get('/credits')).json<{ balance: number }>().balance;
    expect(balanceAfter - balanceBefore).toBe(
      creditsOfAchievement('first_dream') + creditsOfAchievement('first_lucid'),
    );
  });

  it('a Dreamer who had dreams before gets "Primeiro sonho" with the next dream', async () => {
    const u = await rewardsUser(t, clock, { timeZone: 'UTC' });
    await u.dream('2026-09-03T08:00:00Z');
    await asBefore078(u.user.id);
    const next = await u.dream('2026-09-04T08:00:00Z');
    expect(next.rewards).toMatchObject({
      achievements: ['first_dream'],
      credits: REWARD_RULES.firstDreamOfDay + creditsOfAchievement('first_dream'),
    });
    const rewards = await u.rewards('2026-09-04T09:00:00Z');
    expect(rewards.achievements.find((a) => a.id === 'first_dream')).toMatchObject({
      earnedAt: '2026-09-04T08:00:00.000Z',
      isLocked: false,
    });
    expect((await u.ledger()).filter((r) => r.reason === 'achievement')).toHaveLength(1);
  });
});

describe('the daily bonus', () => {
  let t: TestApp;
  const clock = testClock('2026-05-01T12:00:00Z');

  beforeAll(async () => {
    t = await createTestApp({ AUTH_AUTOCONFIRM: 'true' }, undefined, { now: clock.now });
  });
  afterAll(() => t.close());

  it('is refused on Dreamer (403 plan_required)', async () => {
    const u = await rewardsUser(t, clock, { timeZone: 'UTC' });
    const res = await u.at('2026-05-01T12:00:00Z').post('/rewards/daily-bonus');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('plan_required');
    expect((await u.rewards('2026-05-01T12:00:00Z')).dailyBonus).toEqual({
      isAvailable: false,
      amount: 5,
      canClaim: false,
      nextClaimAt: null,
    });
  });

  it('is claimed once per local day and never twice within 20 hours, whatever the zone', async () => {
    const u = await rewardsUser(t, clock, { timeZone: 'America/Sao_Paulo', plan: 'lucid' });
    expect((await u.rewards('2026-05-01T12:00:00Z')).dailyBonus.canClaim).toBe(true);
    const claim = await u.at('2026-05-01T12:00:00Z').post('/rewards/daily-bonus');
    expect(claim.statusCode).toBe(201);
    // Next local midnight is 03:00Z on the 2nd, but 20 hours after the claim is later.
    expect(claim.json()).toEqual({ amount: 5, balance: 15, nextClaimAt: '2026-05-02T08:00:00.000Z' });
    const again = await u.at('2026-05-01T20:00:00Z').post('/rewards/daily-bonus');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('daily_bonus_claimed');
    expect((await u.rewards('2026-05-01T20:00:00Z')).dailyBonus).toMatchObject({
      canClaim: false,
      nextClaimAt: '2026-05-02T08:00:00.000Z',
    });
    // Past local midnight, but within 20 hours; then in a zone where it is already the next day: still refused.
    expect((await u.at('2026-05-02T04:00:00Z').post('/rewards/daily-bonus')).statusCode).toBe(409);
    expect((await u.at('2026-05-02T04:00:00Z').patch('/me/profile', { timeZone: 'Asia/Tokyo' })).statusCode).toBe(200);
    expect((await u.at('2026-05-02T05:00:00Z').post('/rewards/daily-bonus')).statusCode).toBe(409);
    const next = await u.at('2026-05-02T08:00:00Z').post('/rewards/daily-bonus');
    expect(next.statusCode).toBe(201);
    // Tokyo: the next midnight after 17:00 on the 2nd is 15:00Z on the 2nd… then 20 hours rule: 04:00Z on the 3rd.
    expect(next.json()).toMatchObject({ balance: 20, nextClaimAt: '2026-05-03T04:00:00.000Z' });
    expect((await u.ledger()).filter((r) => r.reason === 'daily_bonus').map((r) => r.key.slice(-10))).toEqual([
      '2026-05-01',
      '2026-05-02',
    ]);
  });

  it('grants one of two claims at once', async () => {
    const u = await rewardsUser(t, clock, { timeZone: 'UTC', plan: 'oracle' });
    clock.set('2026-05-05T12:00:00Z');
    const answers = await Promise.all([1, 2, 3].map(() => api(t, u.user).post('/rewards/daily-bonus')));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409, 409]);
    expect((await u.ledger()).filter((r) => r.reason === 'daily_bonus')).toHaveLength(1);
  });
});

describe('streak protection', () => {
  let t: TestApp;
  const clock = testClock('2026-05-01T12:00:00Z');

  beforeAll(async () => {
    t = await createTestApp({ AUTH_AUTOCONFIRM: 'true' }, undefined, { now: clock.now });
  });
  afterAll(() => t.close());

  it('keeps the streak with a no-recall night, earns nothing with it, refuses it on a recorded day and undoes it', async () => {
    const u = await rewardsUser(t, clock, { timeZone: 'UTC' });
    await u.dream('2026-08-01T08:00:00Z');
    const marked = await u.at('2026-08-02T08:00:00Z').post('/rewards/no-recall');
    expect(marked.statusCode).toBe(201);
    expect(marked.json()).toEqual({ day: '2026-08-02', isMarked: true, streak: 2 });
    expect((await u.at('2026-08-02T09:00:00Z').post('/rewards/no-recall')).statusCode).toBe(200);
    const today = await u.rewards('2026-08-02T10:00:00Z');
    expect(today.streak).toMatchObject({ current: 2, isTodayRecorded: false, isTodayNoRecall: true });
    // The dashboard says the same: the streak runs through today, but today holds no dream.
    const overview = (await u.at('2026-08-02T10:00:00Z').get('/me/overview')).json();
    expect(overview).toMatchObject({ currentStreak: 2, isTodayRecorded: false });
    expect(today.calendar.days).toEqual([
      { day: '2026-08-01', kind: 'recorded' },
      { day: '2026-08-02', kind: 'no_recall' },
    ]);
    // The third day reaches the milestone, paid to the dream; the marked night earned nothing.
    const third = await u.dream('2026-08-03T08:00:00Z');
    expect(third.rewards).toMatchObject({ streak: 3, milestone: 3, credits: 1 + 5 });
    expect((await u.ledger()).map((r) => r.reason)).toEqual([
      'achievement', // 'Primeiro sonho', on the first day (decision 078)
      'first_dream_of_day',
      'first_dream_of_day',
      'streak_milestone',
    ]);
    const refused = await u.at('2026-08-03T09:00:00Z').post('/rewards/no-recall');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('day_already_recorded');
    // Undone: the streak breaks at the unmarked day.
    const marked4 = await u.at('2026-08-04T08:00:00Z').post('/rewards/no-recall');
    expect(marked4.json()).toMatchObject({ streak: 4 });
    const undone = await u.at('2026-08-04T09:00:00Z').delete('/rewards/no-recall');
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({ day: '2026-08-04', isMarked: false, streak: 3 });
    expect((await u.rewards('2026-08-05T09:00:00Z')).streak.current).toBe(0);
  });

  it('earns a freeze at 7 days on Lucid and spends it on a missed day', async () => {
    const u = await rewardsUser(t, clock, { timeZone: 'UTC', plan: 'lucid' });
    const outcomes = [];
    for (let day = 1; day <= 7; day += 1) outcomes.push((await u.dream(`2026-09-0${day}T08:00:00Z`)).rewards);
    expect(outcomes.map((o) => o.isFreezeEarned)).toEqual([false, false, false, false, false, false, true]);
    expect((await u.rewards('2026-09-07T09:00:00Z')).freezes).toEqual({ isAvailable: true, held: 1, max: 2 });
    // The 8th is missed; on the 9th the freeze covers it before the dream counts.
    const ninth = await u.dream('2026-09-09T08:00:00Z');
    expect(ninth.rewards.streak).toBe(9);
    const rewards = await u.rewards('2026-09-09T09:00:00Z');
    expect(rewards.freezes.held).toBe(0);
    expect(rewards.calendar.days.find((d) => d.day === '2026-09-08')).toEqual({ day: '2026-09-08', kind: 'freeze' });
    expect(rewards.streak).toMatchObject({ current: 9, longest: 9 });
    // Two days missed with no freeze held: broken, nothing spent.
    expect((await u.dream('2026-09-12T08:00:00Z')).rewards.streak).toBe(1);
  });

  it('the dashboard shows a streak a freeze covers, before any rewards read or save', async () => {
    const u = await rewardsUser(t, clock, { timeZone: 'UTC', plan: 'lucid' });
    for (let day = 1; day <= 7; day += 1) await u.dream(`2026-11-0${day}T08:00:00Z`);
    // The 8th is missed: on the 9th, before any dream, the overview spends the freeze and the streak holds.
    const overview = await u.at('2026-11-09T07:00:00Z').get('/me/overview');
    expect(overview.statusCode).toBe(200);
    expect(overview.json()).toMatchObject({ currentStreak: 8, isTodayRecorded: false });
    const rewards = await u.rewards('2026-11-09T07:05:00Z');
    expect(rewards.freezes.held).toBe(0);
    expect(rewards.calendar.days.find((d) => d.day === '2026-11-08')).toEqual({ day: '2026-11-08', kind: 'freeze' });
  });

  it('spends no freeze when more days were missed than held, and Dreamer earns none', async () => {
    const u = await rewardsUser(t, clock, { timeZone: 'UTC', plan: 'oracle' });
    for (let day = 1; day <= 7; day += 1) await u.dream(`2026-10-0${day}T08:00:00Z`);
    const later = await u.rewards('2026-10-10T08:00:00Z'); // the 8th and the 9th missed, one freeze held
    expect(later.freezes.held).toBe(1);
    expect(later.streak.current).toBe(0);
    expect(later.calendar.days.filter((d) => d.kind === 'freeze')).toEqual([]);

    const dreamer = await rewardsUser(t, clock, { timeZone: 'UTC' });
    for (let day = 1; day <= 7; day += 1) await dreamer.dream(`2026-10-0${day}T08:00:00Z`);
    expect((await dreamer.rewards('2026-10-07T09:00:00Z')).freezes.held).toBe(0);
  });
});

describe('achievements and levels', () => {
  let t: TestApp;
  const clock = testClock('2026-05-01T12:00:00Z');

  beforeAll(async () => {
    t = await createTestApp({ AUTH_AUTOCONFIRM: 'true' }, undefined, { now: clock.now });
  });
  afterAll(() => t.close());

  const earnedIds = (rewards: RewardsResponse) => rewards.achievements.filter((a) => a.earnedAt).map((a) => a.id);

  it('earns the countable ones after an upgrade, and keeps them after a downgrade', async () => {
    const u = await rewardsUser(t, clock, { timeZone: 'UTC' });
    await u.dream('2026-05-01T08:00:00Z', { lucidity: 2, isNightmare: true, isRecurring: true });
    // Dreamer: the starter ones only (decision 078); the nightmare and the recurring dream wait for Lucid.
    const dreamer = await u.rewards('2026-05-01T09:00:00Z');
    expect(earnedIds(dreamer)).toEqual(['first_dream', 'first_lucid']);
    expect(dreamer.achievements.find((a) => a.id === 'first_nightmare')).toMatchObject({ isLocked: true, progress: 1 });
    await u.setPlan('lucid');
    const upgraded = await u.rewards('2026-05-01T10:00:00Z');
    expect(earnedIds(upgraded)).toEqual(['first_dream', 'first_lucid', 'first_nightmare', 'recurring_marked']);
    const amounts = (await u.ledger()).filter((r) => r.reason === 'achievement').map((r) => r.amount);
    expect(amounts.sort()).toEqual([2, 5, 5, 5]);
    const ledger = (await u.at('2026-05-01T10:00:00Z').get('/credits/ledger')).json<{
      items: { reason: string; detail: string | null }[];
    }>();
    expect(ledger.items.filter((r) => r.reason === 'achievement').map((r) => r.detail)).toEqual(
      expect.arrayContaining(['first_dream', 'first_lucid', 'first_nightmare', 'recurring_marked']),
    );
    await u.setPlan('dreamer');
    const downgraded = await u.rewards('2026-05-01T11:00:00Z');
    expect(earnedIds(downgraded)).toEqual(['first_dream', 'first_lucid', 'first_nightmare', 'recurring_marked']);
    expect(downgraded.achievements.find((a) => a.id === 'first_dream')?.isLocked).toBe(false);
    expect(downgraded.achievements.find((a) => a.id === 'first_nightmare')).toMatchObject({
      isLocked: true,
      earnedAt: '2026-05-01T10:00:00.000Z',
    });
    // Each paid once, whatever the plan did.
    expect((await u.ledger()).filter((r) => r.reason === 'achievement')).toHaveLength(4);
  });

  it('earns achievements as the dream is saved, edited and analysed', async () => {
    const u = await rewardsUser(t, clock, { timeZone: 'UTC', plan: 'oracle' });
    const saved = await u.dream('2026-05-02T03:00:00Z'); // 03:00: a night owl
    expect(saved.rewards.achievements).toEqual(['first_dream', 'night_owl']);
    expect(saved.rewards.credits).toBe(1 + 5 + 5);
    const edited = await u.at('2026-05-02T04:00:00Z').patch(`/dreams/${saved.id}`, { isNightmare: true });
    expect(edited.statusCode).toBe(200);
    const analysed = await u.at('2026-05-02T05:00:00Z').post(`/dreams/${saved.id}/analyses`, {});
    expect(analysed.statusCode).toBe(201);
    const rewards = await u.rewards('2026-05-02T06:00:00Z');
    expect(earnedIds(rewards)).toEqual(
      expect.arrayContaining(['first_nightmare', 'nightmare_analysed', 'first_analysis']),
    );
    const byLedger = (await u.ledger()).filter((r) => r.reason === 'achievement');
    expect(byLedger).toHaveLength(5);
  });

  it('computes XP and the level from the journal', async () => {
    const u = await rewardsUser(t, clock, { timeZone: 'UTC', plan: 'lucid' });
    const detailed = { mood: 3, vividness: 4, sleepQuality: 2, emotions: ['alegria' as const], tags: ['mar'] };
    await u.dream('2026-05-03T08:00:00Z', detailed);
    await u.dream('2026-05-04T08:00:00Z');
    await u.dream('2026-05-04T09:00:00Z', { dreamtOn: '2026-04-01' }); // backdated: a dream, no recorded day
    const level = (await u.rewards('2026-05-04T10:00:00Z')).level;
    // 3 dreams × 10 + 1 detailed × 5 + 2 recorded days × 3
    expect(level).toEqual({ level: 1, xp: 41, levelStartXp: 0, nextLevelXp: 100 });
    for (let n = 0; n < 6; n += 1) await u.dream(`2026-05-04T1${n}:30:00Z`, detailed);
    // 9 × 10 + 7 × 5 + 2 × 3 = 131
    expect((await u.rewards('2026-05-04T18:00:00Z')).level).toEqual({
      level: 2,
      xp: 131,
      levelStartXp: 100,
      nextLevelXp: 300,
    });
  });
});

describe('privacy and access', () => {
  let t: TestApp;
  const clock = testClock('2026-05-01T12:00:00Z');

  beforeAll(async () => {
    t = await createTestApp({ AUTH_AUTOCONFIRM: 'true' }, undefined, { now: clock.now });
  });
  afterAll(() => t.close());

  /** A Lucid user with a week of dreams (a freeze, streak_7), a no-recall night and a daily bonus. */
  async function activeUser() {
    const u = await rewardsUser(t, clock, { timeZone: 'UTC', plan: 'lucid' });
    for (let day = 1; day <= 7; day += 1) await u.dream(`2026-05-0${day}T08:00:00Z`);
    expect((await u.at('2026-05-08T08:00:00Z').post('/rewards/no-recall')).statusCode).toBe(201);
    expect((await u.at('2026-05-08T09:00:00Z').post('/rewards/daily-bonus')).statusCode).toBe(201);
    return u;
  }

  it('exports achievements, streak days, freezes and the ledger details', async () => {
    const u = await activeUser();
    const { file } = await exportJson(t, u.user);
    expect(file.rewards).toEqual({
      achievements: expect.arrayContaining([
        { id: 'first_dream', earnedAt: '2026-05-01T08:00:00.000Z' },
        { id: 'streak_7', earnedAt: '2026-05-07T08:00:00.000Z' },
      ]),
      streakDays: [{ day: '2026-05-08', kind: 'no_recall' }],
      freezes: [{ earnedOn: '2026-05-07', spentOn: null }],
    });
    expect(file.creditLedger.map((row) => [row.reason, row.detail])).toEqual(
      expect.arrayContaining([
        ['welcome_bonus', null],
        ['first_dream_of_day', '2026-05-01'],
        ['streak_milestone', '7'],
        ['daily_bonus', '2026-05-08'],
        ['achievement', 'first_dream'],
      ]),
    );
    const html = await u.at('2026-05-08T10:00:00Z').get('/me/export?format=html');
    expect(html.body).toContain('id="recompensas"');
    expect(html.body).toContain('streak_7');
    expect(html.body).toContain('Noite sem lembrança');
    // The achievement ids are blind tokens in the database, the details sealed.
    const rows = await queryRows<{ token: string }>(
      t.database.db,
      sql`select achievement_token as token from user_achievements where user_id = ${u.user.id}`,
    );
    expect(rows.map((r) => r.token).join(' ')).not.toMatch(/first_dream|streak/);
    const details = await queryRows<{ detail: string | null }>(
      t.database.db,
      sql`select encode(detail_enc, 'escape') as detail from credit_ledger where user_id = ${u.user.id}`,
    );
    expect(details.map((r) => r.detail ?? '').join(' ')).not.toMatch(/first_dream|2026-05-0/);
  });

  it('erases the rewards with the account', async () => {
    const u = await activeUser();
    clock.set('2026-05-08T10:00:00Z');
    const res = await api(t, u.user).post('/me/delete', {
      confirmation: DELETE_ACCOUNT_CONFIRMATION,
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(204);
    for (const table of ['user_achievements', 'user_streak_days', 'user_streak_freezes', 'credit_ledger']) {
      const [row] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${u.user.id}`,
      );
      expect(row?.n, table).toBe(0);
    }
  });

  it("never reads or changes another user's rewards", async () => {
    const alice = await activeUser();
    const bob = await rewardsUser(t, clock, { timeZone: 'UTC', plan: 'lucid' });
    const bobs = await bob.rewards('2026-05-08T12:00:00Z');
    expect(bobs.streak).toMatchObject({ current: 0, longest: 0, isTodayNoRecall: false });
    expect(bobs.calendar.days).toEqual([]);
    expect(bobs.achievements.filter((a) => a.earnedAt)).toEqual([]);
    expect(bobs.freezes.held).toBe(0);
    expect(bobs.dailyBonus.canClaim).toBe(true);
    expect((await bob.at('2026-05-08T12:00:00Z').post('/rewards/daily-bonus')).statusCode).toBe(201);
    expect((await bob.at('2026-05-08T12:00:00Z').delete('/rewards/no-recall')).json()).toMatchObject({
      isMarked: false,
    });
    const alices = await alice.rewards('2026-05-08T12:00:00Z');
    expect(alices.streak).toMatchObject({ current: 8, isTodayNoRecall: true });
    expect(alices.dailyBonus.canClaim).toBe(false);
    expect((await alice.ledger()).filter((r) => r.reason === 'daily_bonus')).toHaveLength(1);
  });

  it('refuses bad input and anonymous requests with a code', async () => {
    const u = await rewardsUser(t, clock, { timeZone: 'UTC', plan: 'lucid' });
    const unknownKey = await u.at('2026-05-09T12:00:00Z').post('/rewards/no-recall', { day: '2026-05-01' });
    expect(unknownKey.statusCode).toBe(400);
    expect(unknownKey.json().code).toBe('validation_failed');
    const bonusKey = await u.at('2026-05-09T12:00:00Z').post('/rewards/daily-bonus', { amount: 500 });
    expect(bonusKey.statusCode).toBe(400);
    for (const [method, url] of [
      ['GET', '/rewards'],
      ['POST', '/rewards/daily-bonus'],
      ['POST', '/rewards/no-recall'],
      ['DELETE', '/rewards/no-recall'],
    ] as const) {
      const res = await t.app.inject({ method, url: `/api/v1${url}` });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe('no_authorization');
    }
    expect((await u.ledger()).filter((r) => r.reason === 'daily_bonus')).toEqual([]);
  });
});
