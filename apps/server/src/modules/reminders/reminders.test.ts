import { DELETE_ACCOUNT_CONFIRMATION } from '@sonhario/contracts/account';
import type { PushPayload, RemindersResponse, ReminderSettings } from '@sonhario/contracts/reminders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestApp, createTestDatabase, type TestApp } from '../../test/harness.ts';
import { startFakePushService, verifyVapid, type FakePushService } from '../../test/fake-push-service.ts';
import { findEverywhere } from '../account/account.testing.ts';
import { PASSWORD } from '../auth/auth.testing.ts';
import { api, JOURNAL_TEST_ENV, queryRows, signUpUser, type TestUser } from '../dreams/dreams.testing.ts';

// Reminders by Web Push (issue 18, docs/decisions/037) against a local push service that records each message; the
// test plays the browser (its own ECDH key pair and auth secret) and decrypts what the server sent (RFC 8291).

const settingsWith = (patch: {
  morning?: Partial<ReminderSettings['morning']>;
  realityChecks?: Partial<ReminderSettings['realityChecks']>;
}): ReminderSettings => ({
  morning: { isEnabled: false, time: '07:00', ...patch.morning },
  realityChecks: { isEnabled: false, count: 3, from: '10:00', to: '20:00', ...patch.realityChecks },
});

describe('reminders by Web Push', () => {
  let database: Database;
  let push: FakePushService;
  let clock = new Date('2026-06-01T12:00:00Z');
  const now = () => clock;
  let a: TestApp;
  let b: TestApp;

  const tickBoth = () => Promise.all([a, b].map((t) => t.app.deps.jobs.get('send_reminders')!()));
  const put = (t: TestApp, user: TestUser, settings: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/reminders', headers: user.headers, payload: settings as object });
  const subscribe = async (t: TestApp, user: TestUser) => {
    const browser = push.subscribe();
    const res = await api(t, user).post('/push/subscriptions', { endpoint: browser.endpoint, keys: browser.keys });
    expect(res.statusCode).toBe(204);
    return browser;
  };
  const setZone = async (t: TestApp, user: TestUser, timeZone: string) => {
    const res = await api(t, user).patch('/me/profile', { timeZone });
    expect(res.statusCode).toBe(200);
  };
  const reminders = async (t: TestApp, user: TestUser) =>
    (await api(t, user).get('/reminders')).json<RemindersResponse>();

  beforeAll(async () => {
    database = await createTestDatabase();
    push = await startFakePushService();
    // Two instances on one database, one clock (the services' clock, as in the browser journeys).
    a = await createTestApp(JOURNAL_TEST_ENV, database, { now });
    b = await createTestApp(JOURNAL_TEST_ENV, database, { now });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await database.close();
    await push.close();
  });
  beforeEach(() => {
    clock = new Date('2026-06-01T12:00:00Z');
  });

  it('sends the test notification encrypted for the browser, signed with the server VAPID key', async () => {
    const user = await signUpUser(a);
    const browser = await subscribe(a, user);
    const sent = await api(a, user).post('/reminders/test');
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ sent: 1, removed: 0 });
    expect(push.received(browser)).toEqual([
      {
        kind: 'test',
        title: 'Notificação de teste',
        body: 'Seus lembretes vão chegar assim.',
        url: '/app/dreams/new',
        tag: 'sonhario-test',
      },
    ]);
    const message = push.messages.at(-1)!;
    expect(message.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(message.headers.ttl)).toBeGreaterThan(0);
    const { publicKey } = (await api(a, user).get('/push/public-key')).json<{ publicKey: string }>();
    const vapid = verifyVapid(message.headers.authorization as string, push.url);
    expect(vapid.publicKey).toBe(publicKey);
    expect(vapid.sub).toMatch(/^mailto:/);
    // In English for a user who chose English.
    await api(a, user).patch('/me/profile', { locale: 'en' });
    await api(a, user).post('/reminders/test');
    expect((push.received(browser).at(-1) as PushPayload).title).toBe('Test notification');
  });

  it('keeps the endpoint and keys sealed: neither is in any table', async () => {
    const user = await signUpUser(a);
    const browser = await subscribe(a, user);
    expect(await findEverywhere(database.db, browser.endpoint)).toEqual({});
    expect(await findEverywhere(database.db, browser.keys.p256dh)).toEqual({});
    expect(await findEverywhere(database.db, browser.keys.auth)).toEqual({});
  });

  it('fires the morning reminder once at the local time across two instances, and again the next day after a restart', async () => {
    const user = await signUpUser(a);
    await setZone(a, user, 'Europe/Lisbon');
    const browser = await subscribe(a, user);
    expect((await put(a, user, settingsWith({ morning: { isEnabled: true, time: '07:15' } }))).statusCode).toBe(200);
    // 07:15 in Lisbon in June is 06:15 UTC (WEST, +1).
    expect((await reminders(b, user)).nextMorningAt).toBe('2026-06-02T06:15:00.000Z');

    clock = new Date('2026-06-02T06:14:30Z');
    await tickBoth();
    expect(push.received(browser)).toEqual([]);

    clock = new Date('2026-06-02T06:15:05Z');
    await tickBoth();
    await tickBoth();
    expect(push.received(browser)).toEqual([
      expect.objectContaining({ kind: 'morning', title: 'Registre seu sonho', url: '/app/dreams/new' }),
    ]);
    expect((await reminders(a, user)).nextMorningAt).toBe('2026-06-03T06:15:00.000Z');

    // Instance A restarts (a new process on the same database); B is down. The schedule is in the database.
    await a.close();
    await b.close();
    a = await createTestApp(JOURNAL_TEST_ENV, database, { now });
    clock = new Date('2026-06-03T06:15:10Z');
    await a.app.deps.jobs.get('send_reminders')!();
    b = await createTestApp(JOURNAL_TEST_ENV, database, { now });
    await tickBoth();
    expect(push.received(browser).map((m) => (m as PushPayload).kind)).toEqual(['morning', 'morning']);
  });

  it('sends a reminder missed while the servers were down if under 2 hours late, else skips to the next day', async () => {
    const user = await signUpUser(a);
    await setZone(a, user, 'America/Sao_Paulo');
    const browser = await subscribe(a, user);
    await put(a, user, settingsWith({ morning: { isEnabled: true, time: '06:00' } }));
    // 06:00 in São Paulo (-3, no DST) is 09:00 UTC; found at 10:30 UTC: 1.5 h late, sent.
    clock = new Date('2026-06-02T10:30:00Z');
    await tickBoth();
    expect(push.received(browser)).toHaveLength(1);
    // The next day found at 11:30 UTC: 2.5 h late, not sent; the day after is scheduled.
    clock = new Date('2026-06-03T11:30:00Z');
    await tickBoth();
    expect(push.received(browser)).toHaveLength(1);
    expect((await reminders(a, user)).nextMorningAt).toBe('2026-06-04T09:00:00.000Z');
  });

  it('keeps local time across DST: a time skipped in spring fires when the clocks jump, a repeated one fires once', async () => {
    const user = await signUpUser(a);
    await setZone(a, user, 'America/New_York');
    const browser = await subscribe(a, user);
    // 2026-03-08: clocks go from 02:00 EST to 03:00 EDT; 02:30 does not exist and fires at 03:00 EDT (07:00 UTC).
    clock = new Date('2026-03-07T12:00:00Z');
    await put(a, user, settingsWith({ morning: { isEnabled: true, time: '02:30' } }));
    expect((await reminders(a, user)).nextMorningAt).toBe('2026-03-08T07:00:00.000Z');
    clock = new Date('2026-03-08T07:00:20Z');
    await tickBoth();
    expect(push.received(browser)).toHaveLength(1);
    // The day after, 02:30 EDT is 06:30 UTC: a 23-hour day still has its one reminder.
    expect((await reminders(a, user)).nextMorningAt).toBe('2026-03-09T06:30:00.000Z');

    // 2026-11-01: clocks go from 02:00 EDT back to 01:00 EST; 01:30 happens twice and fires at the first (05:30 UTC).
    clock = new Date('2026-10-31T12:00:00Z');
    await put(a, user, settingsWith({ morning: { isEnabled: true, time: '01:30' } }));
    expect((await reminders(a, user)).nextMorningAt).toBe('2026-11-01T05:30:00.000Z');
    clock = new Date('2026-11-01T05:30:10Z');
    await tickBoth();
    clock = new Date('2026-11-01T06:30:10Z');
    await tickBoth();
    expect(push.received(browser)).toHaveLength(2);
    expect((await reminders(a, user)).nextMorningAt).toBe('2026-11-02T06:30:00.000Z');
  });

  it('moves the reminders when the profile time zone changes', async () => {
    const user = await signUpUser(a);
    await setZone(a, user, 'Europe/Lisbon');
    await put(a, user, settingsWith({ morning: { isEnabled: true, time: '07:00' } }));
    expect((await reminders(a, user)).nextMorningAt).toBe('2026-06-02T06:00:00.000Z');
    await setZone(a, user, 'Asia/Tokyo');
    // 07:00 in Tokyo (+9) on June 2 is 22:00 UTC on June 1 (still ahead of 12:00 UTC).
    expect((await reminders(a, user)).nextMorningAt).toBe('2026-06-01T22:00:00.000Z');
  });

  it('sends the day’s reality checks at random times, one in each part of the window, once a day', async () => {
    const user = await signUpUser(a);
    await setZone(a, user, 'UTC');
    const browser = await subscribe(a, user);
    clock = new Date('2026-06-01T05:00:00Z');
    await put(a, user, settingsWith({ realityChecks: { isEnabled: true, count: 3, from: '10:00', to: '13:00' } }));
    const rows = await queryRows<{ slot: number; fire_at: Date | string }>(
      database.db,
      sql`select slot, fire_at from reminder_schedule where user_id = ${user.id} order by slot`,
    );
    expect(rows.map((row) => row.slot)).toEqual([0, 1, 2]);
    rows.forEach((row, slot) => {
      const at = new Date(row.fire_at).getTime();
      expect(at).toBeGreaterThanOrEqual(Date.parse('2026-06-01T10:00:00Z') + slot * 3600_000);
      expect(at).toBeLessThan(Date.parse('2026-06-01T11:00:00Z') + slot * 3600_000);
    });
    // One at a time, each by the end of its part of the window. Ticked half a minute before the next part: a check
    // drawn at that part's first minute (11:00, one draw in 60) would be due at 11:00 sharp too.
    for (const [time, count] of [
      ['10:59:30', 1],
      ['11:59:30', 2],
      ['12:59:30', 3],
    ] as const) {
      clock = new Date(`2026-06-01T${time}Z`);
      await tickBoth();
      await tickBoth();
      expect(push.received(browser)).toHaveLength(count);
    }
    const received = push.received(browser) as PushPayload[];
    expect(received.map((m) => m.title)).toEqual(['Estou sonhando?', 'Estou sonhando?', 'Estou sonhando?']);
    const next = await queryRows<{ fire_at: Date | string }>(
      database.db,
      sql`select fire_at from reminder_schedule where user_id = ${user.id}`,
    );
    for (const row of next) expect(new Date(row.fire_at).toISOString().slice(0, 10)).toBe('2026-06-02');
    // Turned off: the schedule is emptied.
    await put(a, user, settingsWith({}));
    expect(await queryRows(database.db, sql`select 1 from reminder_schedule where user_id = ${user.id}`)).toEqual([]);
  });

  it('deletes a subscription the push service answers 404 or 410 for', async () => {
    const user = await signUpUser(a);
    const gone = await subscribe(a, user);
    const kept = await subscribe(a, user);
    push.answer(gone.endpoint, 410);
    expect((await api(a, user).post('/reminders/test')).json()).toEqual({ sent: 1, removed: 1 });
    expect((await reminders(a, user)).subscriptions).toBe(1);
    push.answer(kept.endpoint, 404);
    expect((await api(a, user).post('/reminders/test')).json()).toEqual({ sent: 0, removed: 1 });
    expect((await reminders(a, user)).subscriptions).toBe(0);
    // A push service failing for another reason keeps the subscription.
    const flaky = await subscribe(a, user);
    push.answer(flaky.endpoint, 500);
    expect((await api(a, user).post('/reminders/test')).json()).toEqual({ sent: 0, removed: 0 });
    expect((await reminders(a, user)).subscriptions).toBe(1);
    expect(a.logs.text).not.toContain(flaky.endpoint);
  });

  it("keeps each user's subscriptions and settings their own", async () => {
    const alice = await signUpUser(a);
    const bob = await signUpUser(a);
    const alicesBrowser = await subscribe(a, alice);
    await put(a, alice, settingsWith({ morning: { isEnabled: true, time: '06:45' } }));
    // Bob cannot remove Alice's subscription by its endpoint: 404, as for one that does not exist.
    const theirs = await a.app.inject({
      method: 'DELETE',
      url: '/api/v1/push/subscriptions',
      headers: bob.headers,
      payload: { endpoint: alicesBrowser.endpoint },
    });
    expect(theirs.statusCode).toBe(404);
    expect((await reminders(a, alice)).subscriptions).toBe(1);
    // Bob's settings and test are his: Alice's device gets nothing, her settings stay.
    expect((await reminders(a, bob)).settings.morning.isEnabled).toBe(false);
    await put(a, bob, settingsWith({ morning: { isEnabled: true, time: '09:00' } }));
    expect((await api(a, bob).post('/reminders/test')).json()).toEqual({ sent: 0, removed: 0 });
    expect(push.received(alicesBrowser)).toEqual([]);
    expect((await reminders(a, alice)).settings.morning.time).toBe('06:45');
    // Alice removes her own.
    const own = await a.app.inject({
      method: 'DELETE',
      url: '/api/v1/push/subscriptions',
      headers: alice.headers,
      payload: { endpoint: alicesBrowser.endpoint },
    });
    expect(own.statusCode).toBe(204);
    expect((await reminders(a, alice)).subscriptions).toBe(0);
  });

  it('answers 401 without a session on every route', async () => {
    const routes = [
      ['GET', '/push/public-key'],
      ['POST', '/push/subscriptions'],
      ['DELETE', '/push/subscriptions'],
      ['GET', '/reminders'],
      ['PUT', '/reminders'],
      ['POST', '/reminders/test'],
    ] as const;
    for (const [method, url] of routes) {
      expect((await a.app.inject({ method, url: `/api/v1${url}` })).statusCode).toBe(401);
    }
  });

  it('refuses bad settings and subscriptions with 400 validation_failed', async () => {
    const user = await signUpUser(a);
    const bad: unknown[] = [
      settingsWith({ morning: { time: '24:00' } }),
      settingsWith({ morning: { time: '7:00' } }),
      settingsWith({ realityChecks: { count: 0 } }),
      settingsWith({ realityChecks: { count: 13 } }),
      settingsWith({ realityChecks: { from: '18:00', to: '09:00' } }),
      { ...settingsWith({}), extra: true },
      { morning: { isEnabled: true } },
    ];
    for (const body of bad) {
      const res = await put(a, user, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    const browser = push.subscribe();
    const badSubscriptions: unknown[] = [
      { endpoint: 'http://push.example.com/x', keys: browser.keys },
      { endpoint: 'https://10.0.0.8/x', keys: browser.keys },
      { endpoint: 'not a url', keys: browser.keys },
      { endpoint: 'https://push.example.com/x', keys: { p256dh: 'short', auth: browser.keys.auth } },
      { endpoint: 'https://push.example.com/x', keys: { p256dh: browser.keys.p256dh } },
    ];
    for (const body of badSubscriptions) {
      const res = await api(a, user).post('/push/subscriptions', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    expect((await reminders(a, user)).subscriptions).toBe(0);
  });

  it('forgets everything with the account, and the scheduler sends nothing to a deleted user', async () => {
    const user = await signUpUser(a);
    await setZone(a, user, 'UTC');
    const browser = await subscribe(a, user);
    await put(a, user, settingsWith({ morning: { isEnabled: true, time: '13:00' } }));
    const exported = (await api(a, user).get('/me/export')).json<{ reminders: unknown }>();
    expect(exported.reminders).toEqual({
      settings: settingsWith({ morning: { isEnabled: true, time: '13:00' } }),
      devices: [{ createdAt: expect.any(String), lastSentAt: null }],
    });
    expect(JSON.stringify(exported)).not.toContain(browser.endpoint);
    const html = await a.app.inject({ method: 'GET', url: '/api/v1/me/export?format=html', headers: user.headers });
    expect(html.body).toContain('Lembrete da manhã: ativado, às 13:00');
    const deleted = await api(a, user).post('/me/delete', {
      password: PASSWORD,
      confirmation: DELETE_ACCOUNT_CONFIRMATION,
    });
    expect(deleted.statusCode).toBe(204);
    for (const table of ['push_subscriptions', 'reminder_settings', 'reminder_schedule']) {
      expect(
        await queryRows(database.db, sql`select 1 from ${sql.identifier(table)} where user_id = ${user.id}`),
      ).toEqual([]);
    }
    clock = new Date('2026-06-01T13:00:30Z');
    await tickBoth();
    expect(push.received(browser)).toEqual([]);
  });
});
