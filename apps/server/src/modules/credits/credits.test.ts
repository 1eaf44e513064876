import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NIGHT_OWL_BEFORE_HOUR } from '@sonhario/contracts/rewards';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli.ts';
import { createDatabase } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { getApiKeys } from '../auth/auth.tokens.ts';
import { api, JOURNAL_TEST_ENV, postDream, queryRows, signUpUser, type TestUser } from '../dreams/dreams.testing.ts';
import { moneyOf } from '../analyses/analyses.testing.ts';
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
/** A dream of an older night earns no reward (decision 026): the balances here are the welcome bonus and grants. */
const OLD_NIGHT = '2000-01-01';

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
    for (let i = 0; i < 5; i += 1) {
      const res = await analyse(t, user, dream.id);
      expect(res.statusCode).toBe(201);
      expect(res.json().charge).toBe('quota');
    }
    expect((await api(t, user).get('/credits')).json()).toMatchObject({
      balance: 10,
      quota: { used: 5 },
      nextCharge: 'credits',
    });
    const paid = await analyse(t, user, dream.id);
    expect(paid.json().charge).toBe('credits');
    expect((await api(t, user).get('/credits')).json()).toMatchObject({
      balance: 0,
      quota: { used: 5 },
      nextCharge: null,
    });
    const ledger = (await api(t, user).get('/credits/ledger')).json().items;
    expect(
      ledger.map((e: { amount: number; balanceAfter: number; reason: string }) => [e.reason, e.amount, e.balanceAfter]),
    ).toEqual([
      ['analysis', -10, 0],
      ['welcome_bonus', 10, 10],
    ]);
    expect(ledger[0].analysisId).toBe(paid.json().id);

    const refused = await api(t, user).post(`/dreams/${dream.id}/analyses`, {}, { accept: 'text/event-stream' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({
      code: 'analysis_limit_reached',
      message:
        'Você já usou as 5 análises do plano Dreamer deste mês, e cada análise extra custa 10 créditos (seu saldo é de 0). ' +
        'Sua cota se renova em 1 de dezembro; até lá, veja em Créditos como ganhar mais.',
    });
    expect(await moneyOf(t, user.id)).toMatchObject({ balance: 0, analyses: 6 });
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
    expect(await moneyOf(t, user.id)).toMatchObject({ balance: 0 });
  });

  it('deleting dreams does not give quota back', async () => {
    clock.set('2099-11-10T12:00:00Z');
    const user = await signUpUser(t, { isConsenting: true });
    const dream = await postDream(t, user, { content: 'Um sonho curto com um cachorro.' });
    await analyse(t, user, dream.id);
    expect((await api(t, user).delete(`/dreams/${dream.id}`)).statusCode).toBe(200);
    expect((await api(t, user).get('/credits')).json().quota.used).toBe(1);
  });

  it('two analyses at once with credits for one: one is charged, the other refused, the balance never below zero', async () => {
    clock.set('2099-11-10T12:00:00Z');
    const user = await signUpUser(t, { isConsenting: true });
    const dream = await postDream(t, user, {
      content: 'Sonhei que caía de um prédio muito alto.',
      dreamtOn: OLD_NIGHT,
    });
    for (let i = 0; i < 5; i += 1) await analyse(t, user, dream.id);
    for (let round = 0; round < 2; round += 1) {
      const answers = await Promise.all([
        analyse(t, user, dream.id),
        analyse(t, user, dream.id),
        analyse(t, user, dream.id),
      ]);
      const statuses = answers.map((res) => res.statusCode).sort();
      expect(statuses).toEqual(round === 0 ? [201, 402, 402] : [402, 402, 402]);
    }
    const money = await moneyOf(t, user.id);
    expect(money.balance).toBe(0);
    expect(money.usage.map((u) => u.charge)).toEqual(['quota', 'quota', 'quota', 'quota', 'quota', 'credits']);
    expect(money.analyses).toBe(6);
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
