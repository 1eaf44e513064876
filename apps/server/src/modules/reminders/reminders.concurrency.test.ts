import { randomUUID } from 'node:crypto';
import type { RemindersResponse, ReminderSettings } from '@sonhario/contracts/reminders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { startFakePushService, type FakePushService } from '../../test/fake-push-service.ts';
import { createTestApp, createTestDatabase, type TestApp } from '../../test/harness.ts';
import { JOURNAL_TEST_ENV, queryRows, signUpUser, type TestUser } from '../dreams/dreams.testing.ts';

// One user's requests on their reminder state at the same moment (issue 32, items 1-3; docs/decisions/067): each
// call is sent in parallel through the real HTTP routes, on two instances sharing the database where it matters.
// The races need a database with real concurrent connections: run with TEST_DATABASE_URL to see them (PGlite, the
// default, runs one statement at a time, and these tests hold there too).

const localTime = (at: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(at),
  );

const morningAt = (time: string): ReminderSettings => ({
  morning: { isEnabled: true, time },
  realityChecks: { isEnabled: true, count: 2, from: '10:00', to: '20:00' },
});

/** A client address of its own per call, so 'Testar notificação''s budget (10 per address) never answers first. */
const someAddress = () => `10.${String(Math.floor(Math.random() * 250))}.${String(Math.floor(Math.random() * 250))}.9`;

describe('reminder and push state under parallel requests of one user', () => {
  let database: Database;
  let push: FakePushService;
  const clock = new Date('2026-06-01T12:00:00Z');
  const now = () => clock;
  let a: TestApp;
  let b: TestApp;

  const call = (
    t: TestApp,
    user: TestUser,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: user.headers,
      remoteAddress: someAddress(),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const reminders = async (user: TestUser) => (await call(a, user, 'GET', '/reminders')).json<RemindersResponse>();
  const devices = async (user: TestUser) =>
    queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from push_subscriptions where user_id = ${user.id}`,
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    push = await startFakePushService();
    a = await createTestApp(JOURNAL_TEST_ENV, database, { now });
    b = await createTestApp(JOURNAL_TEST_ENV, database, { now });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await database.close();
    await push.close();
  });

  it('keeps one readable row when one device subscribes twice at once: the test notification reaches it', async () => {
    for (let round = 0; round < 6; round += 1) {
      const user = await signUpUser(a);
      const browser = push.subscribe();
      const body = { endpoint: browser.endpoint, keys: browser.keys };
      const answers = await Promise.all([
        call(a, user, 'POST', '/push/subscriptions', body),
        call(b, user, 'POST', '/push/subscriptions', body),
        call(a, user, 'POST', '/push/subscriptions', body),
      ]);
      expect(answers.map((res) => res.statusCode)).toEqual([204, 204, 204]);
      expect(await devices(user)).toEqual([{ n: 1 }]);
      const sent = await call(a, user, 'POST', '/reminders/test');
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toEqual({ sent: 1, removed: 0 });
      expect(push.received(browser)).toHaveLength(1);
    }
  });

  it('drops a row that cannot be opened and logs it, never answering 500', async () => {
    const user = await signUpUser(a);
    const kept = push.subscribe();
    const broken = push.subscribe();
    const ids = async () =>
      (
        await queryRows<{ id: string }>(database.db, sql`select id from push_subscriptions where user_id = ${user.id}`)
      ).map((row) => row.id);
    const subscribe = (browser: typeof kept) =>
      call(a, user, 'POST', '/push/subscriptions', { endpoint: browser.endpoint, keys: browser.keys });
    expect((await subscribe(kept)).statusCode).toBe(204);
    const [keptId] = await ids();
    expect((await subscribe(broken)).statusCode).toBe(204);
    const brokenId = (await ids()).find((id) => id !== keptId);
    // The broken one's seal names another row id (what the race of item 1 left behind).
    await database.db.execute(sql`update push_subscriptions set id = ${randomUUID()} where id = ${brokenId!}`);
    const sent = await call(a, user, 'POST', '/reminders/test');
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ sent: 1, removed: 1 });
    expect(await devices(user)).toEqual([{ n: 1 }]);
    expect(a.logs.text).toContain('unreadable push subscription dropped');
    // Subscribing again from that browser works as for a new device.
    expect((await subscribe(broken)).statusCode).toBe(204);
    expect((await call(a, user, 'POST', '/reminders/test')).json()).toEqual({ sent: 2, removed: 0 });
    expect(push.received(kept)).toHaveLength(2);
    expect(push.received(broken)).toHaveLength(1);
  });

  it('holds the 10-device limit under 30 parallel subscriptions on two instances', async () => {
    const user = await signUpUser(a);
    const browsers = Array.from({ length: 30 }, () => push.subscribe());
    const answers = await Promise.all(
      browsers.map((browser, i) =>
        call(i % 2 ? a : b, user, 'POST', '/push/subscriptions', { endpoint: browser.endpoint, keys: browser.keys }),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 204)).toHaveLength(10);
    const refused = answers.filter((res) => res.statusCode !== 204);
    expect(refused).toHaveLength(20);
    for (const res of refused) {
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    expect(await devices(user)).toEqual([{ n: 10 }]);
    expect((await reminders(user)).subscriptions).toBe(10);
  });

  it('changes the time zone in parallel with itself and with PUT /reminders: no 500, the schedule at the local time of the zone saved', async () => {
    const zones = ['Europe/Lisbon', 'Asia/Tokyo', 'America/Sao_Paulo', 'Australia/Sydney', 'UTC', 'Asia/Dubai'];
    for (let round = 0; round < 6; round += 1) {
      const user = await signUpUser(a);
      expect((await call(a, user, 'PUT', '/reminders', morningAt('07:15'))).statusCode).toBe(200);
      const answers = await Promise.all(
        zones.flatMap((timeZone, i) => [
          call(i % 2 ? a : b, user, 'PATCH', '/me/profile', { timeZone: zones[(i + round) % zones.length] }),
          call(i % 2 ? b : a, user, 'PUT', '/reminders', morningAt(i % 3 ? '07:15' : '06:40')),
        ]),
      );
      expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
      // Each PUT answers the state it wrote: its next morning at its time in the zone it read.
      for (const res of answers.filter((_, i) => i % 2 === 1)) {
        const state = res.json<RemindersResponse>();
        expect(localTime(state.nextMorningAt!, state.timeZone)).toBe(state.settings.morning.time);
      }
      const state = await reminders(user);
      expect(zones).toContain(state.timeZone);
      expect(localTime(state.nextMorningAt!, state.timeZone)).toBe(state.settings.morning.time);
      const fireAt = Date.parse(state.nextMorningAt!);
      expect(fireAt).toBeGreaterThan(clock.getTime());
      expect(fireAt).toBeLessThanOrEqual(clock.getTime() + 24 * 3600_000);
      const rows = await queryRows<{ kind: string; fire_at: Date | string }>(
        database.db,
        sql`select kind, fire_at from reminder_schedule where user_id = ${user.id} order by kind, slot`,
      );
      expect(rows.map((row) => row.kind)).toEqual(['morning', 'reality', 'reality']);
      for (const row of rows.filter((r) => r.kind === 'reality')) {
        const local = localTime(new Date(row.fire_at).toISOString(), state.timeZone);
        expect(local >= '10:00' && local < '20:00', local).toBe(true);
      }
    }
  });
});
