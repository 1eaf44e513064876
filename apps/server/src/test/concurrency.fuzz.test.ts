import { randomUUID } from 'node:crypto';
import type { LedgerEntry, ListLedgerResponse } from '@sonhario/contracts/credits';
import type { Dream, ListDreamsResponse } from '@sonhario/contracts/dreams';
import { PLANS, type PlanId } from '@sonhario/contracts/profile';
import type { RemindersResponse, ReminderSettings } from '@sonhario/contracts/reminders';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { getApiKeys } from '../modules/auth/auth.tokens.ts';
import { JOURNAL_TEST_ENV, queryRows, signUpUser, type TestUser } from '../modules/dreams/dreams.testing.ts';
import { startFakePushService, type FakePushService } from './fake-push-service.ts';
import { createTestApp, createTestDatabase, type TestApp } from './harness.ts';

/**
 * The concurrency fuzzer (issue 32): random sequences of one user's requests, each round sent at once (Promise.all)
 * to two app instances on one database — reminders, push devices, the profile's time zone and plan, dreams, pins,
 * chat threads, analyses and the daily bonus — then the invariants checked: no answer 5xx; the reminder schedule at
 * the configured local times in the zone saved; one row per device, at most 10, each readable (the test notification
 * reaches exactly the devices the round left subscribed); the credit ledger's balance is the sum of its rows; the
 * dreams and threads are exactly those created and not deleted; another user's state is untouched.
 *
 * Brief by default (a few rounds, seconds). CONCURRENCY_FUZZ_ROUNDS=<n> runs n rounds (CI runs more on PostgreSQL,
 * where the requests really overlap: PGlite runs one statement at a time); CONCURRENCY_FUZZ_SEED=<seed> replays the
 * same requests (their interleaving is the database's).
 */

const ROUNDS = Number(process.env.CONCURRENCY_FUZZ_ROUNDS ?? 5);
const SEED = process.env.CONCURRENCY_FUZZ_SEED ? Number(process.env.CONCURRENCY_FUZZ_SEED) : undefined;
const MAX_DEVICES = 10;
const DEVICE_POOL = 13;
const ZONES = [
  'America/Sao_Paulo',
  'Europe/Lisbon',
  'Asia/Tokyo',
  'Australia/Sydney',
  'UTC',
  'Asia/Dubai',
  'America/New_York',
  'Pacific/Auckland',
];
const PIN_KEYS = ['casa', 'mar', 'voo', 'escola'];

// --- the requests ----------------------------------------------------------------------------------------------

const hhmm = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);

const settingsArb: fc.Arbitrary<ReminderSettings> = fc
  .record({
    morning: fc.record({ isEnabled: fc.boolean(), time: hhmm }),
    isRealityEnabled: fc.boolean(),
    count: fc.integer({ min: 1, max: 12 }),
    window: fc.tuple(hhmm, hhmm).filter(([from, to]) => from !== to),
  })
  .map(({ morning, isRealityEnabled, count, window }) => {
    const [from, to] = window[0] < window[1] ? window : [window[1], window[0]];
    return { morning, realityChecks: { isEnabled: isRealityEnabled, count, from, to } };
  });

const devicesArb = fc.oneof(
  { weight: 3, arbitrary: fc.nat(DEVICE_POOL - 1).map((device) => [device]) },
  { weight: 1, arbitrary: fc.nat(DEVICE_POOL - 1).map((device) => [device, device]) },
  { weight: 1, arbitrary: fc.array(fc.nat(DEVICE_POOL - 1), { minLength: 3, maxLength: 2 * DEVICE_POOL }) },
);

/** An index into what exists when the round runs (a dream, a pin, a thread), taken modulo their number. */
const pick = fc.nat();

const opArb = fc.oneof(
  { weight: 3, arbitrary: fc.record({ op: fc.constant('putReminders' as const), settings: settingsArb }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('getReminders' as const) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('setZone' as const), zone: fc.constantFrom(...ZONES) }) },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('setLocale' as const), locale: fc.constantFrom('pt-BR', 'en') }),
  },
  // Devices by their index in the pool, each sent at once: one device twice (a browser resubscribing while the page
  // sends it too), or a burst of many (past the limit of 10).
  { weight: 4, arbitrary: fc.record({ op: fc.constant('subscribe' as const), devices: devicesArb }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('unsubscribe' as const), devices: devicesArb }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('testPush' as const) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('createDream' as const), twice: fc.boolean() }) },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('editDream' as const), dream: pick, isVersioned: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('deleteDream' as const), dream: pick }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('analyse' as const), dream: pick }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('dailyBonus' as const) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('pin' as const), key: fc.constantFrom(...PIN_KEYS) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('unpin' as const), pin: pick }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('createThread' as const) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('renameThread' as const), thread: pick }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('deleteThread' as const), thread: pick }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('setPlan' as const), plan: fc.constantFrom(...PLANS) }) },
);
type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never;

const roundArb = fc.array(opArb, { minLength: 2, maxLength: 10 });

/** What the tests read of an injected answer. */
interface InjectResponse {
  statusCode: number;
  body: string;
  json<T = unknown>(): T;
}

// --- the world -------------------------------------------------------------------------------------------------

interface World {
  /** The devices (indexes into the browser pool) the server holds, as last seen. */
  devices: Set<number>;
  /** Live dreams by id, with their last version seen. */
  dreams: Map<string, number>;
  threads: Set<string>;
  /** What a DELETE was sent for: the only dreams and threads that may leave the lists. */
  deletions: Set<string>;
}

const localTime = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);

const elementOf = <T>(items: readonly T[], index: number): T | undefined =>
  items.length === 0 ? undefined : items[index % items.length];

describe('one user’s requests in parallel (concurrency fuzzer)', () => {
  let database: Database;
  let push: FakePushService;
  const clock = new Date('2026-06-01T12:00:00Z');
  const now = () => clock;
  let a: TestApp;
  let b: TestApp;
  let serviceRoleKey: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    push = await startFakePushService();
    const env = { ...JOURNAL_TEST_ENV, AI_BUILTIN_REVEAL_MS: '0' };
    a = await createTestApp(env, database, { now });
    b = await createTestApp(env, database, { now });
    serviceRoleKey = getApiKeys(a.app.deps.secrets).serviceRoleKey;
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await database.close();
    await push.close();
  });

  /** A request as `user` to one of the two instances; each from an address of its own (per-address budgets). */
  const send = (
    user: TestUser | { headers: Record<string, string> },
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<InjectResponse> =>
    (Math.random() < 0.5 ? a : b).app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...user.headers, ...headers },
      remoteAddress: `10.${String(Math.floor(Math.random() * 250))}.${String(Math.floor(Math.random() * 250))}.7`,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** Never a 5xx, and one of the answers the request may get; returns it. */
  const ok = (res: InjectResponse, what: string, statuses: number[]): InjectResponse => {
    expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
    expect(statuses, `${what}: ${String(res.statusCode)} ${res.body}`).toContain(res.statusCode);
    return res;
  };

  const setPlan = (user: TestUser, plan: PlanId) =>
    send({ headers: { authorization: `Bearer ${serviceRoleKey}` } }, 'PUT', `/admin/users/${user.id}/plan`, {
      plan,
    });

  /** What a user holds, as they read it: compared before and after another user's rounds. */
  async function snapshotOf(user: TestUser) {
    const read = async (url: string) => {
      const res = await send(user, 'GET', url);
      expect(res.statusCode, url).toBe(200);
      return res.json();
    };
    return {
      reminders: await read('/reminders'),
      profile: await read('/me/profile'),
      dreams: await read('/dreams?limit=50'),
      credits: await read('/credits'),
      ledger: await read('/credits/ledger?limit=100'),
      pins: await queryRows(
        database.db,
        sql`select id, sign_hash, sign_enc from dream_sign_pins where user_id = ${user.id} order by id`,
      ),
      threads: await read('/chat/threads'),
      schedule: await queryRows(
        database.db,
        sql`select kind, slot, fire_at from reminder_schedule where user_id = ${user.id} order by kind, slot`,
      ),
      devices: await queryRows(
        database.db,
        sql`select id, endpoint_hash, subscription_enc from push_subscriptions where user_id = ${user.id} order by id`,
      ),
    };
  }

  async function runOp(user: TestUser, world: World, browsers: ReturnType<FakePushService['subscribe']>[], op: Op) {
    const dreamIds = [...world.dreams.keys()];
    switch (op.op) {
      case 'putReminders': {
        const res = await send(user, 'PUT', '/reminders', op.settings);
        ok(res, op.op, [200]);
        // It answers the state it wrote: its own settings, at their local time in the zone it read.
        const state = res.json<RemindersResponse>();
        expect(state.settings).toEqual(op.settings);
        if (state.nextMorningAt) {
          expect(localTime(new Date(state.nextMorningAt), state.timeZone)).toBe(op.settings.morning.time);
        }
        return;
      }
      case 'getReminders':
        return ok(await send(user, 'GET', '/reminders'), op.op, [200]);
      case 'setZone':
        return ok(await send(user, 'PATCH', '/me/profile', { timeZone: op.zone }), op.op, [200]);
      case 'setLocale':
        return ok(await send(user, 'PATCH', '/me/profile', { locale: op.locale }), op.op, [200]);
      case 'subscribe':
      case 'unsubscribe': {
        const answers = await Promise.all(
          op.devices.map((device) => {
            const browser = browsers[device]!;
            return op.op === 'subscribe'
              ? send(user, 'POST', '/push/subscriptions', { endpoint: browser.endpoint, keys: browser.keys })
              : send(user, 'DELETE', '/push/subscriptions', { endpoint: browser.endpoint });
          }),
        );
        for (const res of answers) ok(res, op.op, op.op === 'subscribe' ? [204, 400] : [204, 404]);
        return answers.map((res, i) => ({ device: op.devices[i]!, status: res.statusCode }));
      }
      case 'testPush': {
        const res = await send(user, 'POST', '/reminders/test');
        ok(res, op.op, [200]);
        return;
      }
      case 'createDream': {
        const key = `fuzz-${randomUUID()}`;
        const body = { content: `Sonhei com o mar ${randomUUID()}`, tags: [PIN_KEYS[0]] };
        const answers = await Promise.all(
          Array.from({ length: op.twice ? 2 : 1 }, () =>
            send(user, 'POST', '/dreams', body, { 'idempotency-key': key }),
          ),
        );
        for (const res of answers) ok(res, op.op, [200, 201, 409]);
        const created = answers.filter((res) => res.statusCode < 300).map((res) => res.json<Dream>());
        // One dream per key, whichever answer made it.
        expect(new Set(created.map((dream) => dream.id)).size).toBeLessThanOrEqual(1);
        expect(answers.filter((res) => res.statusCode === 201).length).toBeLessThanOrEqual(1);
        for (const dream of created) world.dreams.set(dream.id, dream.version);
        return;
      }
      case 'editDream': {
        const id = elementOf(dreamIds, op.dream);
        if (!id) return;
        const version = op.isVersioned ? { version: world.dreams.get(id) } : {};
        const res = await send(user, 'PATCH', `/dreams/${id}`, { notes: `nota ${randomUUID()}`, ...version });
        ok(res, op.op, [200, 404, 409]);
        if (res.statusCode === 200) world.dreams.set(id, res.json<Dream>().version);
        return;
      }
      case 'deleteDream': {
        const id = elementOf(dreamIds, op.dream);
        if (!id) return;
        world.deletions.add(id);
        const res = await send(user, 'DELETE', `/dreams/${id}`);
        ok(res, op.op, [200, 404]);
        return;
      }
      case 'analyse': {
        const id = elementOf(dreamIds, op.dream);
        if (!id) return;
        const res = await send(
          user,
          'POST',
          `/dreams/${id}/analyses`,
          {},
          {
            'idempotency-key': `fuzz-${randomUUID()}`,
          },
        );
        // Paid from the quota or the credits, or refused: out of both (402), the dream gone (404), or one at a time.
        ok(res, op.op, [200, 201, 402, 404, 409, 429]);
        return;
      }
      case 'dailyBonus':
        return ok(await send(user, 'POST', '/rewards/daily-bonus'), op.op, [201, 403, 409]);
      case 'pin':
        return ok(
          await send(user, 'POST', '/patterns/signs/pins', { kind: 'tag', key: op.key }),
          op.op,
          [201, 400, 403, 409],
        );
      case 'unpin': {
        const pins = await queryRows<{ id: string }>(
          database.db,
          sql`select id from dream_sign_pins where user_id = ${user.id} order by id`,
        );
        const pin = elementOf(pins, op.pin);
        if (!pin) return;
        return ok(await send(user, 'DELETE', `/patterns/signs/pins/${pin.id}`), op.op, [204, 403, 404]);
      }
      case 'createThread': {
        const res = await send(user, 'POST', '/chat/threads', { kind: 'journal' });
        ok(res, op.op, [201, 403, 429]);
        if (res.statusCode === 201) world.threads.add(res.json<{ id: string }>().id);
        return;
      }
      case 'renameThread': {
        const id = elementOf([...world.threads], op.thread);
        if (!id) return;
        return ok(await send(user, 'PATCH', `/chat/threads/${id}`, { title: 'Outro título' }), op.op, [200, 404]);
      }
      case 'deleteThread': {
        const id = elementOf([...world.threads], op.thread);
        if (!id) return;
        world.deletions.add(id);
        const res = await send(user, 'DELETE', `/chat/threads/${id}`);
        ok(res, op.op, [204, 404]);
        return;
      }
      case 'setPlan':
        return ok(await setPlan(user, op.plan), op.op, [200]);
    }
  }

  async function checkReminders(user: TestUser) {
    const res = await send(user, 'GET', '/reminders');
    ok(res, 'GET /reminders', [200]);
    const state = res.json<RemindersResponse>();
    const { settings, timeZone } = state;
    const rows = await queryRows<{ kind: string; slot: number; fire_at: Date | string }>(
      database.db,
      sql`select kind, slot, fire_at from reminder_schedule where user_id = ${user.id} order by kind, slot`,
    );
    const expected = [
      ...(settings.morning.isEnabled ? ['morning:0'] : []),
      ...(settings.realityChecks.isEnabled
        ? Array.from({ length: settings.realityChecks.count }, (_, slot) => `reality:${String(slot)}`)
        : []),
    ];
    expect(rows.map((row) => `${row.kind}:${String(row.slot)}`)).toEqual(expected);
    for (const row of rows) {
      const at = new Date(row.fire_at);
      const local = localTime(at, timeZone);
      // The next occurrence, in the zone saved, at the time (or in the window) set.
      expect(at.getTime()).toBeGreaterThan(clock.getTime());
      if (row.kind === 'morning') {
        expect(local, `morning in ${timeZone}`).toBe(settings.morning.time);
        expect(at.getTime()).toBeLessThanOrEqual(clock.getTime() + 24 * 3600_000);
      } else {
        // A random minute of its part of the window: today's, or tomorrow's once today's part has begun.
        expect(at.getTime()).toBeLessThan(clock.getTime() + 48 * 3600_000);
        expect(local >= settings.realityChecks.from && local < settings.realityChecks.to, local).toBe(true);
      }
    }
    if (settings.morning.isEnabled) {
      expect(localTime(new Date(state.nextMorningAt!), timeZone)).toBe(settings.morning.time);
    } else expect(state.nextMorningAt).toBeNull();
    return state;
  }

  /**
   * The devices after a round: at most 10, one row per device, each readable. A device only subscribed to in the
   * round (and accepted) must be there, one only unsubscribed from must not, one refused must be as it was.
   */
  async function checkDevices(
    user: TestUser,
    world: World,
    browsers: ReturnType<FakePushService['subscribe']>[],
    outcomes: Map<number, { subscribed: number[]; unsubscribed: number[] }>,
  ) {
    const [counts] = await queryRows<{ n: number; distinct: number }>(
      database.db,
      sql`select count(*)::int as n, count(distinct endpoint_hash)::int as distinct from push_subscriptions where user_id = ${user.id}`,
    );
    expect(counts!.n).toBeLessThanOrEqual(MAX_DEVICES);
    expect(counts!.distinct).toBe(counts!.n);
    const before = browsers.map((browser) => push.received(browser).length);
    const test = await send(user, 'POST', '/reminders/test');
    ok(test, 'POST /reminders/test', [200]);
    // Every row opens and reaches its device: none dropped as unreadable.
    expect(test.json()).toEqual({ sent: counts!.n, removed: 0 });
    const present = new Set(browsers.flatMap((browser, i) => (push.received(browser).length > before[i]! ? [i] : [])));
    expect(present.size).toBe(counts!.n);
    for (const [device, outcome] of outcomes) {
      const isSubscribedOnly = outcome.unsubscribed.length === 0;
      const isUnsubscribedOnly = outcome.subscribed.length === 0;
      if (isSubscribedOnly && outcome.subscribed.includes(204))
        expect(present.has(device), `device ${device}`).toBe(true);
      if (isSubscribedOnly && !outcome.subscribed.includes(204)) {
        // Refused (the limit): a device already held is refreshed, never refused.
        expect(world.devices.has(device), `device ${device} refused though held`).toBe(false);
        expect(present.has(device)).toBe(false);
      }
      if (isUnsubscribedOnly) expect(present.has(device), `device ${device}`).toBe(false);
      if (isUnsubscribedOnly) {
        // A 204 for a device held, only 404s for one that was not.
        expect(world.devices.has(device), `device ${device}`).toBe(outcome.unsubscribed.includes(204));
      }
    }
    world.devices = present;
  }

  async function checkLedger(user: TestUser) {
    const credits = await send(user, 'GET', '/credits');
    ok(credits, 'GET /credits', [200]);
    const { balance } = credits.json<{ balance: number }>();
    const rows: LedgerEntry[] = [];
    for (let cursor: string | null = null, first = true; first || cursor; first = false) {
      const page = await send(user, 'GET', `/credits/ledger?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
      ok(page, 'GET /credits/ledger', [200]);
      const body: ListLedgerResponse = page.json<ListLedgerResponse>();
      rows.push(...body.items);
      cursor = body.nextCursor;
    }
    expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(balance);
    expect(rows[0]?.balanceAfter ?? 0).toBe(balance);
    rows.forEach((row, i) => {
      const older = rows[i + 1];
      expect(row.balanceAfter).toBe((older?.balanceAfter ?? 0) + row.amount);
    });
    const [stored] = await queryRows<{ sum: string | number }>(
      database.db,
      sql`select coalesce(sum(amount), 0) as sum from credit_ledger where user_id = ${user.id}`,
    );
    expect(Number(stored!.sum)).toBe(balance);
    // One daily bonus per local day, whatever the zone did meanwhile.
    const bonusDays = rows.filter((row) => row.reason === 'daily_bonus').map((row) => row.detail);
    expect(new Set(bonusDays).size).toBe(bonusDays.length);
  }

  async function listDreams(user: TestUser) {
    const items: ListDreamsResponse['items'] = [];
    for (let cursor: string | null = null, first = true; first || cursor; first = false) {
      const page = await send(user, 'GET', `/dreams?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      ok(page, 'GET /dreams', [200]);
      const body: ListDreamsResponse = page.json<ListDreamsResponse>();
      items.push(...body.items);
      cursor = body.nextCursor;
    }
    return items;
  }

  async function checkJournal(user: TestUser, world: World) {
    const dreams = await listDreams(user);
    const listed = new Set(dreams.map((dream) => dream.id));
    expect(listed.size, 'a dream listed twice').toBe(dreams.length);
    // Exactly the dreams created and not deleted: none unknown, none lost, none doubled by a retried create.
    for (const id of listed) expect(world.dreams.has(id), 'a dream nobody created').toBe(true);
    for (const id of world.dreams.keys()) {
      if (!listed.has(id)) expect(world.deletions.has(id), 'a dream lost').toBe(true);
    }
    world.dreams = new Map(dreams.map((dream) => [dream.id, world.dreams.get(dream.id) ?? 1]));
    // One pin per sign (a unique key, and the limit under the pins' lock).
    const [pins] = await queryRows<{ n: number; distinct: number }>(
      database.db,
      sql`select count(*)::int as n, count(distinct sign_hash)::int as distinct from dream_sign_pins where user_id = ${user.id}`,
    );
    expect(pins!.distinct).toBe(pins!.n);
    expect(pins!.n).toBeLessThanOrEqual(20);
    const threads = await send(user, 'GET', '/chat/threads');
    ok(threads, 'GET /chat/threads', [200]);
    const threadIds = new Set(threads.json<{ items: { id: string }[] }>().items.map((thread) => thread.id));
    for (const id of threadIds) expect(world.threads.has(id), 'a thread nobody created').toBe(true);
    for (const id of world.threads) {
      if (!threadIds.has(id)) expect(world.deletions.has(id), 'a thread lost').toBe(true);
    }
    world.threads = threadIds;
  }

  it(
    'answers no 5xx and keeps every invariant after each round of parallel requests',
    async () => {
      const other = await signUpUser(a, { isConsenting: true });
      ok(await setPlan(other, 'lucid'), 'setPlan', [200]);
      const othersBrowser = push.subscribe();
      ok(
        await send(other, 'POST', '/push/subscriptions', {
          endpoint: othersBrowser.endpoint,
          keys: othersBrowser.keys,
        }),
        'subscribe',
        [204],
      );
      ok(
        await send(other, 'PUT', '/reminders', {
          morning: { isEnabled: true, time: '06:30' },
          realityChecks: { isEnabled: true, count: 3, from: '09:00', to: '18:00' },
        }),
        'PUT /reminders',
        [200],
      );
      ok(await send(other, 'POST', '/dreams', { content: 'O sonho de outra pessoa', tags: ['casa'] }), 'dream', [201]);
      ok(await send(other, 'POST', '/patterns/signs/pins', { kind: 'tag', key: 'casa' }), 'pin', [201]);
      ok(await send(other, 'POST', '/chat/threads', { kind: 'journal' }), 'thread', [201]);
      const othersBefore = await snapshotOf(other);

      await fc.assert(
        fc.asyncProperty(fc.array(roundArb, { minLength: ROUNDS, maxLength: ROUNDS }), async (rounds) => {
          const user = await signUpUser(a, { isConsenting: true });
          const browsers = Array.from({ length: DEVICE_POOL }, () => push.subscribe());
          const world: World = { devices: new Set(), dreams: new Map(), threads: new Set(), deletions: new Set() };
          for (const round of rounds) {
            const outcomes = new Map<number, { subscribed: number[]; unsubscribed: number[] }>();
            const results = await Promise.all(round.map((op) => runOp(user, world, browsers, op)));
            round.forEach((op, i) => {
              if (op.op !== 'subscribe' && op.op !== 'unsubscribe') return;
              for (const { device, status } of results[i] as { device: number; status: number }[]) {
                const outcome = outcomes.get(device) ?? { subscribed: [], unsubscribed: [] };
                (op.op === 'subscribe' ? outcome.subscribed : outcome.unsubscribed).push(status);
                outcomes.set(device, outcome);
              }
            });
            await checkReminders(user);
            await checkDevices(user, world, browsers, outcomes);
            await checkLedger(user);
            await checkJournal(user, world);
          }
          // The other user's state is as it was: nothing of theirs read or changed by these requests.
          expect(await snapshotOf(other)).toEqual(othersBefore);
          expect(push.received(othersBrowser)).toEqual([]);
        }),
        { numRuns: 1, endOnFailure: true, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
    },
    60_000 + ROUNDS * 10_000,
  );
});
