import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CREDIT_RULES } from '@sonhario/contracts/credits';
import { NIGHT_OWL_BEFORE_HOUR } from '@sonhario/contracts/rewards';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli.ts';
import { createDatabase } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { getApiKeys } from '../auth/auth.tokens.ts';
import { api, JOURNAL_TEST_ENV, postDream, queryRows, signUpUser, type TestUser } from '../dreams/dreams.testing.ts';
import { moneyOf } from '../analyses/analyses.testing.ts';
import { creditsOfAchievement } from '../rewards/rewards.testing.ts';
import { grantWelcomeBonus } from './credits.service.ts';

const ENV = { ...JOURNAL_TEST_ENV, AI_BUILTIN_REVEAL_MS: '0' };

/** A clock the test moves. */
function testClock(start: string) {
  let now = new Date(start);
  return { now: () => now, set: (iso: string) => (now = new Date(iso)) };
}

async function analyse(t: TestApp, user: TestUser, dreamId: string) {
  return api(t, user).post(`/dreams/${dreamId}/analyses`, {});
}

// Accounts are created at the real time (auth does not read the test clock) and so is their welcome bonus; the
// clock here is set in 2099 so that everything else happens after it, in ledger order too.
/**
 * A dream of an older night earns no daily reward (decision 026). On every plan a first dream and a first analysis
 * earn their starter achievements (decision 078): a Dreamer's balance, once the quota is used, is all of them.
 */
const OLD_NIGHT = '2000-01-01';
const BALANCE_AFTER_STARTERS =
  CREDIT_RULES.welcomeBonus + creditsOfAchievement('first_dream') + creditsOfAchievement('first_analysis');

describe('plan quotas and the credit ledger', () => {
  const clock = testClock('2099-11-10T12:00:00Z');
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(ENV, undefined, { now: clock.now });
  });
  afterAll(() => t.close());

  it('every new account gets the welcome bonus once, however often it is granted', async () => {
    const user = await signUpUser(t);
    expect(await grantWelcomeBonus({ db: t.database.db, userId: user.id, now: () => new Date() })).toBe(false);
    const ledger = (await api(t, user).get('/credits/ledger')).json();
    expect(ledger).toEqual({
      items: [
        {
          id: expect.any(String),
          amount: 10,
          reason: 'welcome_bonus',
          analysisId: null,
          detail: null,
          balanceAfter: 10,
          createdAt: expect.any(String),
        },
      ],
      nextCursor: null,
    });
    expect((await api(t, user).get('/credits')).json()).toEqual({
      balance: 10,
      quota: { plan: 'dreamer', limit: 5, used: 0, month: '2099-11', resetsOn: '2099-12-01' },
      analysisCost: 10,
      nextCharge: 'quota',
    });
  });

  it('uses the dreamer quota (5), then 10 credits, then refuses in pt-BR without calling the provider', async () => {
    clock.set('2099-11-10T12:00:00Z');
    const user = await signUpUser(t, { isConsenting: true });
    const dream = await postDream(t, user, {
      content: 'Sonhei que estava atrasado para uma prova na escola.',
      dreamtOn: OLD_NIGHT,
    });
    // A minute apart each, so the ledger's order (newest first) is the order of the requests.
    for (let i = 0; i < 5; i += 1) {
      clock.set(`2099-11-10T12:0${i + 1}:00Z`);
      const res = await analyse(t, user, dream.id);
      expect(res.statusCode).toBe(201);
      expect(res.json().charge).toBe('quota');
    }
    expect((await api(t, user).get('/credits')).json()).toMatchObject({
      balance: BALANCE_AFTER_STARTERS,
      quota: { used: 5 },
      nextCharge: 'credits',
    });
    // Credits pay while the balance covers an analysis; then it is refused.
    const paidCount = Math.floor(BALANCE_AFTER_STARTERS / CREDIT_RULES.analysisCost);
    const left = BALANCE_AFTER_STARTERS - paidCount * CREDIT_RULES.analysisCost;
    const paid: string[] = [];
    for (let i = 0; i < paidCount; i += 1) {
      clock.set(`2099-11-10T12:1${i}:00Z`);
      const res = await analyse(t, user, dream.id);
      expect(res.json().charge).toBe('credits');
      paid.unshift(res.json().id);
    }
    expect((await api(t, user).get('/credits')).json()).toMatchObject({
      balance: left,
      quota: { used: 5 },
      nextCharge: null,
    });
    // Newest first: each paid analysis, the starter achievements (the first dream's and the first analysis'), the
    // welcome bonus; every balanceAfter is the sum of the rows up to it.
    const ledger = (await api(t, user).get('/credits/ledger')).json().items;
    type Entry = { amount: number; balanceAfter: number; reason: string; detail: string | null; analysisId: string };
    const rows = (ledger as Entry[]).map((e) => [e.reason, e.detail, e.amount]);
    expect(rows).toEqual([
      ...paid.map(() => ['analysis', null, -CREDIT_RULES.analysisCost]),
      ['achievement', 'first_analysis', creditsOfAchievement('first_analysis')],
      ['achievement', 'first_dream', creditsOfAchievement('first_dream')],
      ['welcome_bonus', null, CREDIT_RULES.welcomeBonus],
    ]);
    const entries = ledger as Entry[];
    entries.forEach((e, i) => {
      expect(e.balanceAfter).toBe(entries.slice(i).reduce((sum, row) => sum + row.amount, 0));
    });
    expect(entries[0]?.balanceAfter).toBe(left);
    expect(entries.slice(0, paidCount).map((e) => e.analysisId)).toEqual(paid);

    const refused = await api(t, user).post(`/dreams/${dream.id}/analyses`, {}, { accept: 'text/event-stream' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({
      code: 'analysis_limit_reached',
      message:
        `Você já usou as 5 análises do plano Dreamer deste mês, e cada análise extra custa 10 créditos (seu saldo é de ${left}). ` +
        'Sua cota se renova em 1 de dezembro; até lá, veja em Créditos como ganhar mais.',
    });
    expect(await moneyOf(t, user.id)).toMatchObject({ balance: left, analyses: 5 + paidCount });
  });

  it('counts the month in the user time zone: 23:30 in São Paulo on Nov 30 is still November', async () => {
    const user = await signUpUser(t, { isConsenting: true });
    expect((await api(t, user).patch('/me/profile', { timeZone: 'America/Sao_Paulo' })).statusCode).toBe(200);
    clock.set('2099-11-20T12:00:00Z');
    const dream = await postDream(t, user, {
      content: 'Sonhei com uma casa antiga cheia de portas.',
      dreamtOn: OLD_NIGHT,
    });
    for (let i = 0; i < 5; i += 1) expect((await analyse(t, user, dream.id)).json().charge).toBe('quota');

    clock.set('2099-12-01T02:30:00Z'); // 23:30 on Nov 30 in São Paulo (UTC−3): December in UTC, November there
    expect((await api(t, user).get('/credits')).json().quota).toMatchObject({ month: '2099-11', used: 5 });
    expect((await analyse(t, user, dream.id)).json().charge).toBe('credits');

    clock.set('2099-12-01T03:30:00Z'); // 00:30 on Dec 1 in São Paulo: a new month, a new quota
    expect((await api(t, user).get('/credits')).json().quota).toMatchObject({
      month: '2099-12',
      used: 0,
      resetsOn: '2100-01-01',
    });
    expect((await analyse(t, user, dream.id)).json().charge).toBe('quota');
    // One analysis paid with credits, out of the welcome bonus and the starter achievements.
    expect(await moneyOf(t, user.id)).toMatchObject({ balance: BALANCE_AFTER_STARTERS - CREDIT_RULES.analysisCost });
  });

  it('deleting dreams does not give quota back', async () => {
    clock.set('2099-11-10T12:00:00Z');
    const user = await signUpUser(t, { isConsenting: true });
    const dream = await postDream(t, user, { content: 'Um sonho curto com um cachorro.' });
    await analyse(t, user, dream.id);
    expect((await api(t, user).delete(`/dreams/${dream.id}`)).statusCode).toBe(200);
    expect((await api(t, user).get('/credits')).json().quota.used).toBe(1);
  });

  it('three analyses at once with credits for fewer: as many as the balance covers are charged, the rest refused, the balance never below zero', async () => {
    clock.set('2099-11-10T12:00:00Z');
    const user = await signUpUser(t, { isConsenting: true });
    const dream = await postDream(t, user, {
      content: 'Sonhei que caía de um prédio muito alto.',
      dreamtOn: OLD_NIGHT,
    });
    for (let i = 0; i < 5; i += 1) await analyse(t, user, dream.id);
    expect((await moneyOf(t, user.id)).balance).toBe(BALANCE_AFTER_STARTERS);
    const paidCount = Math.floor(BALANCE_AFTER_STARTERS / CREDIT_RULES.analysisCost);
    expect(paidCount).toBeLessThan(3); // so the round below must refuse at least one
    for (let round = 0; round < 2; round += 1) {
      const answers = await Promise.all([
        analyse(t, user, dream.id),
        analyse(t, user, dream.id),
        analyse(t, user, dream.id),
      ]);
      const statuses = answers.map((res) => res.statusCode).sort();
      const charged = round === 0 ? paidCount : 0;
      expect(statuses).toEqual([...Array<number>(charged).fill(201), ...Array<number>(3 - charged).fill(402)]);
    }
    const money = await moneyOf(t, user.id);
    expect(money.balance).toBe(BALANCE_AFTER_STARTERS - paidCount * CREDIT_RULES.analysisCost);
    expect(money.usage.map((u) => u.charge)).toEqual([
      ...Array<string>(5).fill('quota'),
      ...Array<string>(paidCount).fill('credits'),
    ]);
    expect(money.analyses).toBe(5 + paidCount);
  });

  it('the ledger refuses updates and zero amounts at the database level', async () => {
    const user = await signUpUser(t);
    await expect(
      t.database.db.execute(sql`update credit_ledger set amount = 1000 where user_id = ${user.id}`),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(
        sql`insert into credit_ledger (user_id, amount, reason, idempotency_key) values (${user.id}, 0, 'operator_grant', 'zero')`,
      ),
    ).rejects.toThrow();
    expect((await moneyOf(t, user.id)).balance).toBe(10);
  });

  it('pages through the ledger newest first without gaps', async () => {
    const user = await signUpUser(t);
    for (let i = 1; i <= 4; i += 1) {
      clock.set(`2099-11-1${i}T12:00:00Z`);
      await t.database.db.execute(
        sql`insert into credit_ledger (user_id, amount, reason, idempotency_key, created_at) values (${user.id}, ${i}, 'operator_grant', ${`grant:${user.id}:${i}`}, ${clock.now().toISOString()})`,
      );
    }
    const first = (await api(t, user).get('/credits/ledger?limit=2')).json();
    const second = (await api(t, user).get(`/credits/ledger?limit=2&cursor=${first.nextCursor}`)).json();
    const third = (await api(t, user).get(`/credits/ledger?limit=2&cursor=${second.nextCursor}`)).json();
    const all = [...first.items, ...second.items, ...third.items];
    expect(all.map((e: { amount: number }) => e.amount)).toEqual([4, 3, 2, 1, 10]);
    expect(all.map((e: { balanceAfter: number }) => e.balanceAfter)).toEqual([20, 16, 13, 11, 10]);
    expect(third.nextCursor).toBeNull();
    expect((await api(t, user).get('/credits/ledger?cursor=garbage')).statusCode).toBe(400);
    expect((await api(t, user).get('/credits/ledger?limit=0')).statusCode).toBe(400);
  });
});

describe('plans are set by operators', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(ENV);
  });
  afterAll(() => t.close());

  const setPlan = (auth: string, id: string, body: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${id}/plan`,
      headers: { authorization: `Bearer ${auth}` },
      payload: body as object,
    });

  it('with the service-role key only; oracle is unlimited', async () => {
    const user = await signUpUser(t, { isConsenting: true });
    const { serviceRoleKey, anonKey } = getApiKeys(t.app.deps.secrets);
    expect((await setPlan(anonKey, user.id, { plan: 'oracle' })).statusCode).toBe(403);
    expect((await setPlan(user.accessToken, user.id, { plan: 'oracle' })).statusCode).toBe(403);
    expect((await setPlan(serviceRoleKey, user.id, { plan: 'platinum' })).statusCode).toBe(400);
    expect((await setPlan(serviceRoleKey, '00000000-0000-4000-8000-000000000000', { plan: 'lucid' })).statusCode).toBe(
      404,
    );
    const res = await setPlan(serviceRoleKey, user.id, { plan: 'oracle' });
    expect(res.statusCode).toBe(200);
    expect(res.json().plan).toBe('oracle');
    const dream = await postDream(t, user, { content: 'Voei por cima do mar.', dreamtOn: OLD_NIGHT });
    for (let i = 0; i < 7; i += 1) expect((await analyse(t, user, dream.id)).json().charge).toBe('quota');
    // Recorded between midnight and 5 a.m. in the user's zone, the dream also earns 'night_owl' (+5): CI runs then too.
    const { timeZone } = (await api(t, user).get('/me/profile')).json<{ timeZone: string }>();
    const hour = Number(
      new Intl.DateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone }).format(
        new Date(dream.recordedAt),
      ),
    );
    expect((await api(t, user).get('/credits')).json()).toMatchObject({
      // The welcome bonus, and Oracle's achievements 'first_dream' (+5) and 'first_analysis' (+5).
      balance: hour < NIGHT_OWL_BEFORE_HOUR ? 25 : 20,
      quota: { plan: 'oracle', limit: null, used: 7 },
      nextCharge: 'quota',
    });
    expect((await api(t, user).get('/me/profile')).json().plan).toBe('oracle');
  });
});

describe('npm run admin -- set-plan / grant-credits', () => {
  it('changes a plan and grants credits once, by e-mail', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sonhario-cli-'));
    const env: Record<string, string> = { DATA_DIR: dataDir };
    try {
      // The CLI opens the same database the server uses: here the embedded PostgreSQL in DATA_DIR, which the
      // server started and still runs (the CLI connects to it rather than starting a second one).
      const database = await createDatabase({ kind: 'embedded', dataDir });
      await database.migrate();
      const t = await createTestApp({ ...ENV, DATA_DIR: dataDir }, database);
      const user = await signUpUser(t);

      const lines: string[] = [];
      const out = (line: string) => lines.push(line);
      expect(await runCli(['set-plan', user.email, 'lucid'], out, env)).toBe(0);
      expect(await runCli(['set-plan', user.email, 'gold'], out, env)).toBe(2);
      expect(await runCli(['set-plan', 'nobody@example.com', 'lucid'], out, env)).toBe(1);
      expect(await runCli(['grant-credits', user.email, '25', 'apology-2026-11'], out, env)).toBe(0);
      await t.close();
      await database.close();
      // With the server stopped, the CLI starts the embedded PostgreSQL itself, and stops it again.
      expect(await runCli(['grant-credits', user.email, '25', 'apology-2026-11'], out, env)).toBe(0);
      expect(await runCli(['grant-credits', user.email, '-5', 'x'], out, env)).toBe(2);
      expect(lines.join('\n')).toContain('already granted');

      const reopened = await createDatabase({ kind: 'embedded', dataDir });
      const [profile] = await queryRows<{ plan: string }>(
        reopened.db,
        sql`select plan from profiles where user_id = ${user.id}`,
      );
      const [balance] = await queryRows<{ sum: string }>(
        reopened.db,
        sql`select sum(amount) from credit_ledger where user_id = ${user.id}`,
      );
      await reopened.close();
      expect(profile!.plan).toBe('lucid');
      expect(Number(balance!.sum)).toBe(35);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
