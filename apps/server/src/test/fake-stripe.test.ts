import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStripeForm, startFakeStripe, type FakeStripe } from './fake-stripe.ts';

const SECRET = 'whsec_fake_stripe_test';
const DAY = 86_400;

describe('the Stripe stand-in, driven by the official SDK', () => {
  let fake: FakeStripe;
  let receiver: Server;
  const received: Stripe.Event[] = [];
  const rejected: string[] = [];

  beforeAll(async () => {
    // A webhook receiver that verifies like a real endpoint: the SDK's constructEvent on the raw body.
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        try {
          received.push(
            fake.stripe.webhooks.constructEvent(Buffer.concat(chunks), String(req.headers['stripe-signature']), SECRET),
          );
          res.writeHead(200).end();
        } catch (error) {
          rejected.push((error as Error).message);
          res.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    fake = await startFakeStripe({
      webhookSecret: SECRET,
      webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
    });
  });
  afterAll(async () => {
    await fake.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  async function seedPrices() {
    const product = await fake.stripe.products.create({ name: 'Sonhário' });
    const lucid = await fake.stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: 999,
      nickname: 'Lucid',
      lookup_key: `lucid_${received.length}_${Date.now()}`,
      recurring: { interval: 'month' },
    });
    const oracle = await fake.stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: 1999,
      nickname: 'Oracle',
      lookup_key: `oracle_${received.length}_${Date.now()}`,
      recurring: { interval: 'month' },
    });
    return { lucid, oracle };
  }

  it('parses form bodies with nested objects, indexed and empty-bracket arrays', () => {
    expect(parseStripeForm('a[b][c]=1&items[0][price]=p&items[1][price]=q&expand[]=x&expand[]=y&m=a+b%26')).toEqual({
      a: { b: { c: '1' } },
      items: [{ price: 'p' }, { price: 'q' }],
      expand: ['x', 'y'],
      m: 'a b&',
    });
  });

  it('refuses a wrong secret key with a 401 in Stripe error shape', async () => {
    const other = new Stripe('sk_test_wrong', {
      host: '127.0.0.1',
      port: Number(new URL(fake.url).port),
      protocol: 'http',
    });
    await expect(other.customers.create({})).rejects.toMatchObject({
      statusCode: 401,
      type: 'StripeAuthenticationError',
    });
  });

  it('answers 404 resource_missing for an unknown object', async () => {
    await expect(fake.stripe.customers.retrieve('cus_nope')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it('honours Idempotency-Key: the same key gives the same object', async () => {
    const a = await fake.stripe.customers.create({ email: 'x@example.com' }, { idempotencyKey: 'k1' });
    const b = await fake.stripe.customers.create({ email: 'x@example.com' }, { idempotencyKey: 'k1' });
    const c = await fake.stripe.customers.create({ email: 'x@example.com' }, { idempotencyKey: 'k2' });
    expect(b.id).toBe(a.id);
    expect(c.id).not.toBe(a.id);
  });

  it('finds prices by lookup key and refuses a taken one', async () => {
    const { lucid } = await seedPrices();
    const found = await fake.stripe.prices.list({ lookup_keys: [lucid.lookup_key as string] });
    expect(found.data.map((p) => p.id)).toEqual([lucid.id]);
    await expect(
      fake.stripe.prices.create({
        product: lucid.product as string,
        currency: 'usd',
        unit_amount: 1,
        lookup_key: lucid.lookup_key as string,
        recurring: { interval: 'month' },
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it('runs a trial checkout through trial end, a failed renewal, payment, an upgrade and a downgrade, with signed events', async () => {
    const { lucid, oracle } = await seedPrices();
    const customer = await fake.stripe.customers.create({ metadata: { user_id: 'u1' } });
    const session = await fake.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: lucid.id, quantity: 1 }],
      success_url: 'http://app.test/ok?c={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/no',
      subscription_data: { trial_period_days: 7 },
    });
    expect(session.url).toBe(`${fake.url}/checkout/${session.id}`);
    const page = await (await fetch(session.url as string)).text();
    expect(page).toContain('Start trial');
    expect(page).toContain('$9.99');

    const first = received.length;
    const { subscriptionId } = await fake.completeCheckout(session.id);
    expect(received.slice(first).map((e) => e.type)).toEqual([
      'customer.subscription.created',
      'invoice.paid',
      'checkout.session.completed',
    ]);
    const done = await fake.stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(done.status).toBe('complete');
    expect((done.subscription as Stripe.Subscription).id).toBe(subscriptionId);

    let sub = await fake.stripe.subscriptions.retrieve(subscriptionId);
    expect(sub.status).toBe('trialing');
    expect(sub.items.data[0]?.price.lookup_key).toBe(lucid.lookup_key);
    expect((sub.trial_end as number) - sub.created).toBe(7 * DAY);

    await fake.endTrial(subscriptionId, { paid: true });
    sub = await fake.stripe.subscriptions.retrieve(subscriptionId);
    expect(sub.status).toBe('active');
    expect(sub.items.data[0]?.current_period_start).toBe(sub.trial_end);

    await fake.failPayment(subscriptionId);
    sub = await fake.stripe.subscriptions.retrieve(subscriptionId);
    expect(sub.status).toBe('past_due');
    expect(received.at(-2)?.type).toBe('invoice.payment_failed');

    await fake.payInvoice(subscriptionId);
    expect((await fake.stripe.subscriptions.retrieve(subscriptionId)).status).toBe('active');

    await fake.switchPlan(subscriptionId, oracle.id);
    sub = await fake.stripe.subscriptions.retrieve(subscriptionId);
    expect(sub.items.data[0]?.price.id).toBe(oracle.id);

    await fake.switchPlan(subscriptionId, lucid.id);
    sub = await fake.stripe.subscriptions.retrieve(subscriptionId, { expand: ['schedule'] });
    expect(sub.items.data[0]?.price.id).toBe(oracle.id);
    expect((sub.schedule as Stripe.SubscriptionSchedule).phases[1]?.items[0]?.price).toBe(lucid.id);
    const end = sub.items.data[0]?.current_period_end as number;
    await fake.advance(end - fake.now() + 1);
    sub = await fake.stripe.subscriptions.retrieve(subscriptionId);
    expect(sub.items.data[0]?.price.id).toBe(lucid.id);
    expect(sub.schedule).toBeNull();

    await fake.cancelAtPeriodEnd(subscriptionId);
    await fake.advance(32 * DAY);
    sub = await fake.stripe.subscriptions.retrieve(subscriptionId);
    expect(sub.status).toBe('canceled');
    expect(received.at(-1)?.type).toBe('customer.subscription.deleted');
    expect(rejected).toEqual([]);

    const invoices = await fake.stripe.invoices.list({ subscription: subscriptionId, limit: 100 });
    expect(invoices.data.map((i) => i.status)).toContain('paid');
    expect(invoices.data[0]?.parent?.subscription_details?.subscription).toBe(subscriptionId);
  });

  it('holds events back and delivers them in reverse; replays, forged and stale signatures reach the endpoint', async () => {
    const { lucid } = await seedPrices();
    const customer = await fake.stripe.customers.create({});
    const session = await fake.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: lucid.id }],
      success_url: 'http://app.test/ok',
    });
    fake.holdEvents();
    const before = received.length;
    await fake.completeCheckout(session.id, { paid: true });
    expect(received.length).toBe(before);
    const deliveries = await fake.releaseEvents({ reverse: true });
    expect(deliveries.every((d) => d.status === 200)).toBe(true);
    expect(received.slice(before).at(0)?.type).toBe('checkout.session.completed');
    const last = received.at(-1) as Stripe.Event;
    expect((await fake.sendEvent(last.id)).status).toBe(200);
    expect((await fake.sendEvent(last.id, { secret: 'whsec_forged' })).status).toBe(400);
    expect((await fake.sendEvent(last.id, { timestamp: Math.floor(Date.now() / 1000) - 600 })).status).toBe(400);
    expect(rejected).toHaveLength(2);
  });

  it('fails every API call when told to, without the SDK retrying', async () => {
    fake.failRequests(500);
    await expect(fake.stripe.customers.create({})).rejects.toMatchObject({ statusCode: 500 });
    fake.failRequests(null);
    await expect(fake.stripe.customers.create({})).resolves.toMatchObject({ object: 'customer' });
  });

  it('runs as its own process: prints its URL and key as JSON, answers the SDK, stops on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./fake-stripe.main.ts', import.meta.url)), '0'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
      const started = JSON.parse(line) as { url: string; secretKey: string };
      const client = new Stripe(started.secretKey, {
        host: '127.0.0.1',
        port: Number(new URL(started.url).port),
        protocol: 'http',
      });
      await expect(client.customers.create({})).resolves.toMatchObject({ object: 'customer' });
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
  });

  it('is driven over HTTP by /_control endpoints', async () => {
    const t = fake.now();
    const res = await fetch(`${fake.url}/_control/advance`, { method: 'POST', body: JSON.stringify({ seconds: DAY }) });
    expect(res.status).toBe(200);
    expect(fake.now() - t).toBeGreaterThanOrEqual(DAY);
  });
});
