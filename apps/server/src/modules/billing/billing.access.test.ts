import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.ts';
import { api, queryRows, signUpUser } from '../dreams/dreams.testing.ts';
import {
  billingStatus,
  startBillingWorld,
  startCheckout,
  subscribedUser,
  type BillingWorld,
} from './billing.testing.ts';

describe('billing: who may read and change what', () => {
  let world: BillingWorld;
  let t: TestApp;

  beforeAll(async () => {
    world = await startBillingWorld();
    t = world.t;
  });
  afterAll(async () => world.close());

  it('answers 401 to every endpoint without a session, except the webhook (public, verified by signature)', async () => {
    const anonymous = api(t, null);
    for (const res of [
      await anonymous.get('/billing'),
      await anonymous.get('/billing?checkout=cs_test_x'),
      await anonymous.post('/billing/checkout', { plan: 'lucid' }),
      await anonymous.post('/billing/portal'),
    ]) {
      expect(res.statusCode).toBe(401);
    }
    const hook = await anonymous.post('/billing/webhook', { id: 'evt_x' });
    expect(hook.statusCode).toBe(400);
    expect(hook.json()).toMatchObject({ code: 'webhook_signature_invalid' });
  });

  it("another user's completed checkout session in ?checkout= is not recorded for the caller", async () => {
    const owner = await signUpUser(t);
    const sessionId = await startCheckout(t, owner, 'oracle');
    world.fake.holdEvents();
    await world.fake.completeCheckout(sessionId);
    const intruder = await signUpUser(t);
    // An intruder with a customer of their own (a past checkout), and one without any.
    await startCheckout(t, intruder, 'lucid');
    const stranger = await signUpUser(t);

    for (const caller of [intruder, stranger]) {
      const status = await billingStatus(t, caller, `?checkout=${sessionId}`);
      expect(status.plan).toBe('dreamer');
      expect(status.subscription).toBeNull();
      expect(status.isCheckoutPending).toBe(false);
    }
    const rows = await queryRows(
      t.database.db,
      sql`select user_id from billing_subscriptions where user_id in (${intruder.id}, ${stranger.id})`,
    );
    expect(rows).toEqual([]);
    const pending = await queryRows(
      t.database.db,
      sql`select pending_checkout_id from billing_customers where user_id = ${intruder.id}`,
    );
    expect(pending).toEqual([{ pending_checkout_id: null }]);

    await world.fake.releaseEvents();
    expect((await billingStatus(t, owner)).plan).toBe('oracle');
    expect((await billingStatus(t, intruder)).plan).toBe('dreamer');
  });

  it("one user's subscription never shows in another's GET /billing, and the portal opens only one's own customer", async () => {
    const a = await subscribedUser(world, 'oracle');
    const b = await subscribedUser(world, 'lucid');
    const other = await signUpUser(t);
    const statusA = await billingStatus(t, a.user);
    const statusB = await billingStatus(t, b.user);
    expect(statusA.subscription?.plan).toBe('oracle');
    expect(statusB.subscription?.plan).toBe('lucid');
    expect(await billingStatus(t, other)).toMatchObject({
      plan: 'dreamer',
      subscription: null,
      isTrialAvailable: true,
    });

    const portal = await api(t, b.user).post('/billing/portal');
    const page = await (await fetch(portal.json<{ url: string }>().url)).text();
    expect(page).toContain('Lucid');
    expect(page).not.toContain(a.subscriptionId);
    expect(page).toContain(b.subscriptionId);
  });
});
