import { DELETE_ACCOUNT_CONFIRMATION } from '@sonhario/contracts/account';
import { BILLING_RULES } from '@sonhario/contracts/billing';
import { PLAN_QUOTAS } from '@sonhario/contracts/credits';
import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, lastEmailTo, type TestApp } from '../../test/harness.ts';
import {
  JOURNAL_TEST_ENV,
  api,
  contextFor,
  postDream,
  queryRows,
  signUpUser,
  type TestUser,
} from '../dreams/dreams.testing.ts';
import { setPlan } from '../profile/profile.service.ts';
import { PASSWORD } from '../auth/auth.testing.ts';
import {
  DAY,
  billingStatus,
  startBillingWorld,
  startCheckout,
  subscribedUser,
  type BillingWorld,
} from './billing.testing.ts';

/** The user's plan_changes rows, oldest first. */
async function planHistory(t: TestApp, userId: string) {
  return queryRows<{ plan: string; status: string; source: string }>(
    t.database.db,
    sql`select plan, status, source from plan_changes where user_id = ${userId} order by at, plan`,
  );
}

async function eventCount(t: TestApp): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from billing_events`);
  return row?.n ?? 0;
}

async function analyse(t: TestApp, user: TestUser) {
  const dream = await postDream(t, user, { content: 'Eu voava sobre um mar de vidro', emotions: [] });
  const res = await api(t, user).post(`/dreams/${dream.id}/analyses`, {});
  if (res.statusCode !== 201 && res.statusCode !== 200)
    throw new Error(`analysis failed: ${res.statusCode} ${res.body}`);
}

describe('billing with Stripe (the local stand-in, the official SDK)', () => {
  let world: BillingWorld;
  let t: TestApp;

  beforeAll(async () => {
    world = await startBillingWorld({ AI_BUILTIN_REVEAL_MS: '0' });
    t = world.t;
  });
  afterAll(async () => world.close());

  it('shows the prices read from Stripe and the trial before any purchase', async () => {
    const user = await signUpUser(t);
    const status = await billingStatus(t, user);
    expect(status).toMatchObject({
      isEnabled: true,
      plan: 'dreamer',
      subscription: null,
      isTrialAvailable: true,
      trialDays: BILLING_RULES.trialDays,
      isCheckoutPending: false,
    });
    expect(status.prices).toEqual([
      { plan: 'lucid', amount: 999, currency: 'usd', interval: 'month' },
      { plan: 'oracle', amount: 1999, currency: 'usd', interval: 'month' },
    ]);
  });

  it('checkout → trialing Lucid (quota 100) → the trial ends paid → active, with the plan history and invoices', async () => {
    const user = await signUpUser(t);
    const sessionId = await startCheckout(t, user, 'lucid');
    const session = await world.fake.stripe.checkout.sessions.retrieve(sessionId);
    expect(session).toMatchObject({ mode: 'subscription', client_reference_id: user.id, status: 'open' });
    expect(session.success_url).toBe(`${t.config.siteUrl}/app/plans?checkout={CHECKOUT_SESSION_ID}`);
    const customer = await world.fake.stripe.customers.retrieve(session.customer as string);
    expect((customer as Stripe.Customer).metadata).toEqual({ user_id: user.id });
    // The hosted page offers the trial.
    expect(await (await fetch(session.url as string)).text()).toContain('Start trial');

    const { subscriptionId } = await world.fake.completeCheckout(sessionId);
    let status = await billingStatus(t, user);
    expect(status.plan).toBe('lucid');
    expect(status.quota).toMatchObject({ plan: 'lucid', limit: PLAN_QUOTAS.lucid });
    expect(status.subscription).toMatchObject({ plan: 'lucid', status: 'trialing', isCancelledAtPeriodEnd: false });
    expect(status.subscription?.trialEndsAt).not.toBeNull();
    expect(status.subscription?.nextCharge).toMatchObject({ amount: 999, currency: 'usd' });
    expect(status.isTrialAvailable).toBe(false);

    await world.fake.endTrial(subscriptionId, { paid: true });
    status = await billingStatus(t, user);
    expect(status.plan).toBe('lucid');
    expect(status.subscription).toMatchObject({ status: 'active', trialEndsAt: null, graceEndsAt: null });
    expect(await planHistory(t, user.id)).toEqual([{ plan: 'lucid', status: 'trialing', source: 'stripe' }]);
    const invoices = await queryRows<{ amount: number; status: string }>(
      t.database.db,
      sql`select amount, status from billing_invoices where user_id = ${user.id} order by created_at, amount`,
    );
    expect(invoices).toEqual([
      { amount: 0, status: 'paid' },
      { amount: 999, status: 'paid' },
    ]);
  });

  it('a trial that ends unpaid goes past_due: the plan stays with a banner and a pt-BR e-mail, then Dreamer after the grace', async () => {
    const { user, subscriptionId } = await subscribedUser(world, 'oracle');
    await world.fake.endTrial(subscriptionId, { paid: false });
    let status = await billingStatus(t, user);
    expect(status.plan).toBe('oracle');
    expect(status.subscription?.status).toBe('past_due');
    expect(status.subscription?.graceEndsAt).not.toBeNull();
    expect(status.subscription?.nextCharge).toBeNull();
    const graceEndsAt = new Date(status.subscription?.graceEndsAt as string).getTime();
    expect(graceEndsAt - world.fake.nowDate().getTime()).toBeGreaterThan(
      (BILLING_RULES.pastDueGraceDays - 1) * DAY * 1000,
    );

    const email = await lastEmailTo(t.dataDir, user.email);
    expect(email?.subject).toBe('Não conseguimos cobrar seu plano Oracle');
    expect(email?.text).toContain('atualize a forma de pagamento');
    expect(email?.links).toEqual([`${t.config.siteUrl}/app/plans`]);

    // A day before the grace ends: still Oracle. After it: Dreamer, though Stripe still says past_due.
    await world.fake.advance((BILLING_RULES.pastDueGraceDays - 1) * DAY);
    expect((await billingStatus(t, user)).plan).toBe('oracle');
    await world.fake.advance(DAY + 60);
    status = await billingStatus(t, user);
    expect(status.plan).toBe('dreamer');
    expect(status.quota.limit).toBe(PLAN_QUOTAS.dreamer);
    expect(status.subscription?.status).toBe('past_due');
    expect(world.fake.subscription(subscriptionId).status).toBe('past_due');

    // Stripe gives up (retries exhausted): canceled, still Dreamer, no live subscription.
    await world.fake.advance(8 * DAY);
    status = await billingStatus(t, user);
    expect(status.plan).toBe('dreamer');
    expect(status.subscription).toBeNull();
    expect(await planHistory(t, user.id)).toEqual([
      { plan: 'oracle', status: 'trialing', source: 'stripe' },
      { plan: 'dreamer', status: 'past_due', source: 'stripe' },
    ]);

    // A second checkout: no trial any more (the hosted page says Subscribe; the subscription starts active).
    expect(status.isTrialAvailable).toBe(false);
    const sessionId = await startCheckout(t, user, 'lucid');
    expect(await (await fetch(`${world.fake.url}/checkout/${sessionId}`)).text()).toContain('>Subscribe<');
    const { subscriptionId: second } = await world.fake.completeCheckout(sessionId, { paid: true });
    expect(world.fake.subscription(second).trial_end).toBeNull();
    status = await billingStatus(t, user);
    expect(status.plan).toBe('lucid');
    expect(status.subscription?.status).toBe('active');
  });

  it('paying the failed invoice during the grace brings the subscription back to active', async () => {
    const { user, subscriptionId } = await subscribedUser(world, 'lucid');
    await world.fake.endTrial(subscriptionId, { paid: false });
    expect((await billingStatus(t, user)).subscription?.status).toBe('past_due');
    await world.fake.payInvoice(subscriptionId);
    const status = await billingStatus(t, user);
    expect(status.plan).toBe('lucid');
    expect(status.subscription).toMatchObject({ status: 'active', graceEndsAt: null });
  });

  it('duplicate, replayed and out-of-order events leave the plan Stripe holds', async () => {
    const user = await signUpUser(t);
    const sessionId = await startCheckout(t, user, 'lucid');
    world.fake.holdEvents();
    const { subscriptionId } = await world.fake.completeCheckout(sessionId);
    await world.fake.endTrial(subscriptionId, { paid: true });
    await world.fake.switchPlan(subscriptionId, world.prices.oracle.id);
    expect((await billingStatus(t, user)).plan).toBe('dreamer');

    // Newest first: the first event read already finds the subscription as Stripe holds it now (active Oracle).
    const before = await eventCount(t);
    const deliveries = await world.fake.releaseEvents({ reverse: true });
    expect(deliveries.map((d) => d.status).every((s) => s === 200)).toBe(true);
    expect(await eventCount(t)).toBe(before + deliveries.length);
    let status = await billingStatus(t, user);
    expect(status.plan).toBe('oracle');
    expect(status.subscription?.status).toBe('active');

    // The subscription's creation (trialing Lucid), replayed and sent twice at once: recorded already, nothing done.
    const created = world.fake.events.find(
      (e) => e.type === 'customer.subscription.created' && e.data.object.id === subscriptionId,
    ) as Stripe.Event;
    const twice = await Promise.all([world.fake.sendEvent(created.id), world.fake.sendEvent(created.id)]);
    expect(twice.map((d) => d.status)).toEqual([200, 200]);
    expect(await eventCount(t)).toBe(before + deliveries.length);
    status = await billingStatus(t, user);
    expect(status.plan).toBe('oracle');
    expect(await planHistory(t, user.id)).toEqual([{ plan: 'oracle', status: 'active', source: 'stripe' }]);
  });

  it('a forged signature and a timestamp more than 5 minutes old or ahead are refused (400) with nothing recorded', async () => {
    const user = await signUpUser(t);
    const sessionId = await startCheckout(t, user, 'oracle');
    world.fake.holdEvents();
    await world.fake.completeCheckout(sessionId);
    const held = world.fake.events.at(-1) as Stripe.Event;
    const before = await eventCount(t);

    const forged = await world.fake.sendEvent(held.id, { secret: 'whsec_someone_else' });
    const stale = await world.fake.sendEvent(held.id, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    // Signed with the right secret, but for a time still to come (to be replayed later): refused as well.
    const future = await world.fake.sendEvent(held.id, { timestamp: Math.floor(Date.now() / 1000) + 301 });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(held),
    });
    expect([forged.status, stale.status, future.status, unsigned.statusCode]).toEqual([400, 400, 400, 400]);
    expect(unsigned.json()).toMatchObject({ code: 'webhook_signature_invalid' });
    expect(await eventCount(t)).toBe(before);
    expect((await billingStatus(t, user)).plan).toBe('dreamer');

    // The same event, properly signed, is taken.
    await world.fake.releaseEvents();
    expect((await billingStatus(t, user)).plan).toBe('oracle');
  });

  it('an upgrade mid-month gives the new quota at once and keeps the analyses used; a downgrade waits for the period end', async () => {
    const { user, subscriptionId } = await subscribedUser(world, 'lucid');
    await world.fake.endTrial(subscriptionId, { paid: true });
    await world.fake.advance(3 * DAY);
    await analyse(t, user);
    await analyse(t, user);
    let status = await billingStatus(t, user);
    expect(status.quota).toMatchObject({ plan: 'lucid', limit: 100, used: 2 });

    await world.fake.switchPlan(subscriptionId, world.prices.oracle.id);
    status = await billingStatus(t, user);
    expect(status.plan).toBe('oracle');
    expect(status.quota).toMatchObject({ plan: 'oracle', limit: null, used: 2 });
    // The proration was charged at once.
    const invoices = await queryRows<{ amount: number }>(
      t.database.db,
      sql`select amount from billing_invoices where user_id = ${user.id} and status = 'paid' and amount > 0 and amount < 999`,
    );
    expect(invoices).toHaveLength(1);

    await world.fake.switchPlan(subscriptionId, world.prices.lucid.id);
    status = await billingStatus(t, user);
    expect(status.plan).toBe('oracle');
    expect(status.subscription).toMatchObject({ plan: 'oracle', pendingPlan: 'lucid' });
    expect(status.subscription?.nextCharge?.amount).toBe(999);

    const periodEnd = new Date(status.subscription?.currentPeriodEnd as string).getTime() / 1000;
    await world.fake.advance(periodEnd - world.fake.now() - 60);
    expect((await billingStatus(t, user)).plan).toBe('oracle');
    await world.fake.advance(120);
    status = await billingStatus(t, user);
    expect(status.plan).toBe('lucid');
    expect(status.subscription).toMatchObject({ plan: 'lucid', pendingPlan: null, status: 'active' });
  });

  it('a cancellation at the period end keeps the plan until then, then Dreamer', async () => {
    const { user, subscriptionId } = await subscribedUser(world, 'oracle');
    await world.fake.endTrial(subscriptionId, { paid: true });
    await world.fake.cancelAtPeriodEnd(subscriptionId);
    let status = await billingStatus(t, user);
    expect(status.plan).toBe('oracle');
    expect(status.subscription).toMatchObject({ isCancelledAtPeriodEnd: true, nextCharge: null });

    const periodEnd = new Date(status.subscription?.currentPeriodEnd as string).getTime() / 1000;
    await world.fake.advance(periodEnd - world.fake.now() - 60);
    expect((await billingStatus(t, user)).plan).toBe('oracle');
    await world.fake.advance(120);
    status = await billingStatus(t, user);
    expect(status.plan).toBe('dreamer');
    expect(status.subscription).toBeNull();

    // The operator's plan for a former subscriber stays: reading the plan page does not undo it.
    await setPlan(contextFor(t, user.id), 'lucid');
    expect((await billingStatus(t, user)).plan).toBe('lucid');
  });

  it('refuses a second checkout while a subscription is live (409 already_subscribed) and opens the portal', async () => {
    const { user } = await subscribedUser(world, 'lucid');
    const again = await api(t, user).post('/billing/checkout', { plan: 'oracle' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'already_subscribed' });
    const portal = await api(t, user).post('/billing/portal');
    expect(portal.statusCode).toBe(200);
    const url = portal.json<{ url: string }>().url;
    expect(url.startsWith(`${world.fake.url}/portal/`)).toBe(true);
    const page = await (await fetch(url)).text();
    expect(page).toContain('Cancel plan');
    expect(page).toContain('Switch to Oracle');
  });

  it('the portal needs a customer (409 no_subscription); bad input is a 400', async () => {
    const user = await signUpUser(t);
    const portal = await api(t, user).post('/billing/portal');
    expect(portal.statusCode).toBe(409);
    expect(portal.json()).toMatchObject({ code: 'no_subscription' });
    for (const body of [{ plan: 'dreamer' }, { plan: 'gold' }, {}, { plan: 'lucid', extra: 1 }]) {
      const res = await api(t, user).post('/billing/checkout', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
    const query = await api(t, user).get('/billing?checkout=not-a-session');
    expect(query.statusCode).toBe(400);
  });

  it('a checkout that Stripe fails answers 502 billing_provider_failed and stores nothing', async () => {
    const user = await signUpUser(t);
    world.fake.failRequests(500);
    try {
      const res = await api(t, user).post('/billing/checkout', { plan: 'lucid' });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'billing_provider_failed' });
    } finally {
      world.fake.failRequests(null);
    }
    const rows = await queryRows(t.database.db, sql`select * from billing_customers where user_id = ${user.id}`);
    expect(rows).toEqual([]);
  });

  it('the return from checkout (?checkout=) shows the plan at once, before any webhook', async () => {
    const user = await signUpUser(t);
    const sessionId = await startCheckout(t, user, 'lucid');
    world.fake.holdEvents();
    await world.fake.completeCheckout(sessionId);
    expect((await billingStatus(t, user)).plan).toBe('dreamer');
    const status = await billingStatus(t, user, `?checkout=${sessionId}`);
    expect(status.plan).toBe('lucid');
    expect(status.subscription?.status).toBe('trialing');
    await world.fake.releaseEvents();
    expect((await billingStatus(t, user)).plan).toBe('lucid');
  });

  it('deleting the account cancels its live subscription at Stripe first; a failing Stripe refuses the deletion', async () => {
    const { user, subscriptionId } = await subscribedUser(world, 'lucid');
    await world.fake.endTrial(subscriptionId, { paid: true });
    const confirm = { confirmation: DELETE_ACCOUNT_CONFIRMATION, password: PASSWORD };

    world.fake.failRequests(500);
    let res: Awaited<ReturnType<ReturnType<typeof api>['post']>>;
    try {
      res = await api(t, user).post('/me/delete', confirm);
    } finally {
      world.fake.failRequests(null);
    }
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json()).toMatchObject({ code: 'billing_provider_failed' });
    expect(world.fake.subscription(subscriptionId).status).toBe('active');
    expect((await billingStatus(t, user)).plan).toBe('lucid');

    res = await api(t, user).post('/me/delete', confirm);
    expect(res.statusCode, res.body).toBe(204);
    expect(world.fake.subscription(subscriptionId).status).toBe('canceled');
    const rows = await queryRows(t.database.db, sql`select * from billing_subscriptions where user_id = ${user.id}`);
    expect(rows).toEqual([]);
  });

  it('the export holds the plan history and the invoices, no card data', async () => {
    const { user, subscriptionId } = await subscribedUser(world, 'lucid');
    await world.fake.endTrial(subscriptionId, { paid: true });
    const res = await api(t, user).get('/me/export');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const file = res.json<{ billing?: { planHistory: unknown[]; invoices: { amount: number; status: string }[] } }>();
    expect(file.billing?.planHistory).toEqual([
      expect.objectContaining({ plan: 'lucid', source: 'stripe', status: 'trialing' }),
    ]);
    expect(file.billing?.invoices.map((i) => [i.amount, i.status])).toEqual([
      [0, 'paid'],
      [999, 'paid'],
    ]);
    const html = await api(t, user).get('/me/export?format=html');
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('<section id="pagamentos">');
    expect(html.body).toMatch(/US\$\s9,99/);
    expect(html.body).toContain('Assinatura (Stripe)');
  });
});

describe('billing off (no STRIPE_SECRET_KEY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(JOURNAL_TEST_ENV);
  });
  afterAll(async () => t.close());

  it('GET says disabled with no prices; checkout and portal answer 409 billing_disabled; the webhook verifies nothing', async () => {
    const user = await signUpUser(t);
    const status = await billingStatus(t, user);
    expect(status).toMatchObject({
      isEnabled: false,
      plan: 'dreamer',
      prices: [],
      subscription: null,
      isTrialAvailable: false,
    });
    for (const [url, body] of [
      ['/billing/checkout', { plan: 'lucid' }],
      ['/billing/portal', undefined],
    ] as const) {
      const res = await api(t, user).post(url, body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'billing_disabled' });
    }
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': `t=1,v1=${'0'.repeat(64)}` },
      payload: '{"id":"evt_1","type":"invoice.paid"}',
    });
    expect(hook.statusCode).toBe(400);
    expect(hook.json()).toMatchObject({ code: 'webhook_signature_invalid' });
  });

  it("the operator's set-plan is recorded in the plan history (source operator)", async () => {
    const user = await signUpUser(t);
    await setPlan(contextFor(t, user.id), 'oracle');
    await setPlan(contextFor(t, user.id), 'dreamer');
    expect(await planHistory(t, user.id)).toEqual([
      { plan: 'oracle', status: 'operator', source: 'operator' },
      { plan: 'dreamer', status: 'operator', source: 'operator' },
    ]);
  });
});
