import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for Stripe (docs/decisions/027): a real HTTP server speaking Stripe's wire format for the calls
 * the billing module makes (form-encoded bodies, Stripe-shaped JSON objects and errors, Bearer auth, Idempotency-Key),
 * plus hosted Checkout and Customer Portal pages a browser can click through, a clock tests move, and events signed
 * with the SDK's own test-header helper and POSTed to a webhook URL.
 *
 * Scenario controls are plain methods on the returned object and the same as POST /_control/<name> JSON endpoints
 * (body: the method's named arguments), so a browser test in another process can drive it.
 */

/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return, @typescript-eslint/restrict-plus-operands -- Stripe objects are JSON of many shapes, built and read here loosely */
type Obj = Record<string, any>;

const DAY = 86_400;
const API_VERSION = '2026-10-28.endive';

export interface FakeStripeOptions {
  webhookUrl?: string;
  webhookSecret: string;
  /** Port to listen on (0 or absent: a free one). */
  port?: number;
  /** A past_due subscription whose invoice stays unpaid this long is cancelled (Stripe's retries exhausted). */
  cancelPastDueAfterDays?: number;
}

interface Delivery {
  eventId: string;
  status: number | null;
  error?: string;
}

interface SendOptions {
  /** Signature timestamp in unix seconds (default: the real time now): an old one makes a stale signature. */
  timestamp?: number;
  /** Sign with another secret: a forged signature. */
  secret?: string;
}

export interface FakeStripe {
  url: string;
  secretKey: string;
  stripe: Stripe;
  /** The stand-in's clock in unix seconds (the real time plus what `advance` added). */
  now(): number;
  /** The stand-in's clock as a Date (hand it to the app under test as its `now`). */
  nowDate(): Date;
  /** Moves the clock on, running what falls due on the way: trial ends, renewals, scheduled downgrades, endings. */
  advance(seconds: number): Promise<void>;
  completeCheckout(sessionId: string, options?: { paid?: boolean }): Promise<{ subscriptionId: string }>;
  /** The trial ends now: the first charge succeeds (`paid`) or fails (past_due). */
  endTrial(subscriptionId: string, options?: { paid?: boolean }): Promise<void>;
  /** The customer's card is declined from now on and the subscription's next charge happens now (past_due). */
  failPayment(subscriptionId: string): Promise<void>;
  /** The card works again and the open invoice is paid: past_due → active. */
  payInvoice(subscriptionId: string): Promise<void>;
  cancelAtPeriodEnd(subscriptionId: string): Promise<void>;
  /** Upgrade (a dearer price): at once, prorated invoice. Downgrade: scheduled for the period's end. */
  switchPlan(subscriptionId: string, priceId: string): Promise<void>;
  /** Every event made so far, oldest first. */
  events: Stripe.Event[];
  deliveries: Delivery[];
  setWebhookUrl(url: string | undefined): void;
  /** Events made from now on are kept back until `releaseEvents`. */
  holdEvents(): void;
  releaseEvents(options?: { reverse?: boolean }): Promise<Delivery[]>;
  /** POSTs an event again (a replay or a duplicate), freshly signed unless told otherwise. */
  sendEvent(eventId: string, options?: SendOptions): Promise<Delivery>;
  /** The API answers every /v1 request with this HTTP status (a Stripe api_error) until called with null. */
  failRequests(status: number | null): void;
  subscription(id: string): Stripe.Subscription;
  close(): Promise<void>;
}

function id(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

/** Parses Stripe's form encoding (`a[b][0][c]=v`, `expand[]=x`, `expand[0]=x`) into nested objects and arrays. */
export function parseStripeForm(body: string): Obj {
  const root: Obj = {};
  for (const pair of body.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawKey = decodeURIComponent((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' '));
    const value = eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, ' '));
    const first = rawKey.indexOf('[');
    const path =
      first < 0
        ? [rawKey]
        : [rawKey.slice(0, first), ...[...rawKey.slice(first).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '')];
    let node: Obj = root;
    for (let i = 0; i < path.length; i += 1) {
      const key = path[i] as string;
      const isLast = i === path.length - 1;
      const nextKey = path[i + 1];
      const container = (): Obj | unknown[] => (nextKey === '' || /^\d+$/.test(nextKey ?? '') ? [] : {});
      if (Array.isArray(node)) {
        const index = key === '' ? node.length : Number(key);
        if (isLast) node[index] = value;
        else node = (node[index] ??= container()) as Obj;
      } else if (isLast) {
        node[key] = value;
      } else {
        node = (node[key] ??= container()) as Obj;
      }
    }
  }
  return root;
}

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const missing = (kind: string, value: string, param = 'id') =>
  new StripeError(404, 'invalid_request_error', `No such ${kind}: '${value}'`, 'resource_missing', param);
const invalid = (message: string, param?: string) =>
  new StripeError(400, 'invalid_request_error', message, 'parameter_invalid', param);

function addMonth(unix: number): number {
  const d = new Date(unix * 1000);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return Math.floor(d.getTime() / 1000);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function money(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeStripe(options: FakeStripeOptions): Promise<FakeStripe> {
  const secretKey = `sk_test_${randomBytes(16).toString('hex')}`;
  let webhookUrl = options.webhookUrl;
  const cancelPastDueAfter = (options.cancelPastDueAfterDays ?? 14) * DAY;
  let offset = 0;
  const now = () => Math.floor(Date.now() / 1000) + offset;

  const objects = new Map<string, Obj>();
  const idempotent = new Map<string, { status: number; body: string }>();
  /** Customers whose card is declined. */
  const decliningCustomers = new Set<string>();
  const events: Stripe.Event[] = [];
  const deliveries: Delivery[] = [];
  let held: Stripe.Event[] | null = null;
  let failingStatus: number | null = null;
  let baseUrl = '';

  const all = (object: string) => [...objects.values()].filter((o) => o.object === object);
  const get = (kind: string, object: string, key: string): Obj => {
    const found = objects.get(key);
    if (!found || found.object !== object) throw missing(kind, key);
    return found;
  };
  const put = (o: Obj) => {
    objects.set(o.id as string, o);
    return o;
  };
  const list = (data: Obj[], url: string, query: Obj) => {
    const limit = Math.min(Math.max(Number(query.limit ?? 10) || 10, 1), 100);
    let rows = data.sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : -1));
    if (query.starting_after) {
      const at = rows.findIndex((r) => r.id === query.starting_after);
      rows = at < 0 ? [] : rows.slice(at + 1);
    }
    return { object: 'list', data: rows.slice(0, limit), has_more: rows.length > limit, url };
  };
  /** Replaces ids by the objects they name for each `expand` path (dotted paths, `data.` inside lists). */
  const expand = (o: Obj, paths: unknown): Obj => {
    const copy = structuredClone(o);
    const expandPath = (node: any, parts: string[]): any => {
      if (node == null || parts.length === 0) return node;
      const [head, ...rest] = parts as [string, ...string[]];
      if (head === 'data' && Array.isArray(node.data)) {
        node.data = node.data.map((item: any) => expandPath(item, rest));
        return node;
      }
      let value = node[head];
      if (typeof value === 'string' && objects.has(value)) value = structuredClone(objects.get(value));
      node[head] = expandPath(value, rest);
      return node;
    };
    for (const p of Array.isArray(paths) ? paths : []) expandPath(copy, String(p).split('.'));
    return copy;
  };

  // ---- events -------------------------------------------------------------------------------------------------
  const sign = (payload: string, sendOptions: SendOptions = {}) =>
    stripe.webhooks.generateTestHeaderString({
      payload,
      secret: sendOptions.secret ?? options.webhookSecret,
      ...(sendOptions.timestamp === undefined ? {} : { timestamp: sendOptions.timestamp }),
    });
  const send = async (event: Stripe.Event, sendOptions: SendOptions = {}): Promise<Delivery> => {
    if (!webhookUrl) return { eventId: event.id, status: null, error: 'no webhook URL' };
    const payload = JSON.stringify(event, null, 2);
    let delivery: Delivery;
    try {
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': sign(payload, sendOptions) },
        body: payload,
      });
      await res.arrayBuffer();
      delivery = { eventId: event.id, status: res.status };
    } catch (error) {
      delivery = { eventId: event.id, status: null, error: (error as Error).message };
    }
    deliveries.push(delivery);
    return delivery;
  };
  const emit = async (type: string, object: Obj, previous?: Obj) => {
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: webhookUrl ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    } as unknown as Stripe.Event;
    events.push(event);
    if (held) held.push(event);
    else await send(event);
  };

  // ---- the billing model ----------------------------------------------------------------------------------------
  const itemOf = (sub: Obj): Obj => sub.items.data[0];
  const priceOf = (sub: Obj): Obj => get('price', 'price', itemOf(sub).price.id);
  const setPeriod = (sub: Obj, start: number, end: number) => {
    itemOf(sub).current_period_start = start;
    itemOf(sub).current_period_end = end;
  };
  const makeInvoice = (sub: Obj, amount: number, reason: string, start: number, end: number): Obj => {
    const price = priceOf(sub);
    const invoiceId = id('in');
    return put({
      id: invoiceId,
      object: 'invoice',
      customer: sub.customer,
      currency: price.currency,
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      attempt_count: 0,
      attempted: false,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      status: 'open',
      period_start: start,
      period_end: end,
      created: now(),
      livemode: false,
      metadata: {},
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: sub.metadata ?? {} },
      },
      lines: {
        object: 'list',
        data: [
          {
            id: id('il'),
            object: 'line_item',
            amount,
            currency: price.currency,
            period: { start, end },
            pricing: { price_details: { price: price.id, product: price.product }, type: 'price_details' },
            quantity: 1,
          },
        ],
        has_more: false,
        url: `/v1/invoices/${invoiceId}/lines`,
      },
    });
  };
  /** Charges an invoice with the customer's card: paid, or a failed attempt. */
  const charge = async (invoice: Obj): Promise<boolean> => {
    invoice.attempt_count += 1;
    invoice.attempted = true;
    const isPaid = invoice.amount_due === 0 || !decliningCustomers.has(invoice.customer);
    if (isPaid) {
      invoice.status = 'paid';
      invoice.amount_paid = invoice.amount_due;
      invoice.amount_remaining = 0;
      invoice.status_transitions = { paid_at: now() };
      await emit('invoice.paid', invoice);
    } else {
      invoice.next_payment_attempt = now() + 3 * DAY;
      await emit('invoice.payment_failed', invoice);
    }
    return isPaid;
  };
  const updateSub = async (sub: Obj, change: (sub: Obj) => void) => {
    const before = structuredClone(sub);
    change(sub);
    const previous: Obj = {};
    for (const key of Object.keys(sub)) {
      if (JSON.stringify(before[key]) !== JSON.stringify(sub[key])) previous[key] = before[key] ?? null;
    }
    if (sub.status === 'canceled' && before.status !== 'canceled') await emit('customer.subscription.deleted', sub);
    else if (Object.keys(previous).length > 0) await emit('customer.subscription.updated', sub, previous);
  };
  const isLive = (sub: Obj) => !['canceled', 'incomplete_expired'].includes(sub.status);

  const createSubscription = async (session: Obj): Promise<Obj> => {
    const price = get('price', 'price', session.line_items[0].price);
    const trialDays = Number(session.subscription_data?.trial_period_days ?? 0);
    const t = now();
    const trialEnd = trialDays > 0 ? t + trialDays * DAY : null;
    const subId = id('sub');
    const sub = put({
      id: subId,
      object: 'subscription',
      customer: session.customer,
      status: trialEnd ? 'trialing' : 'incomplete',
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            created: t,
            price: structuredClone(price),
            quantity: 1,
            subscription: subId,
            current_period_start: t,
            current_period_end: trialEnd ?? addMonth(t),
            metadata: {},
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${subId}`,
      },
      billing_cycle_anchor: trialEnd ?? t,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      collection_method: 'charge_automatically',
      created: t,
      currency: price.currency,
      ended_at: null,
      latest_invoice: null,
      livemode: false,
      metadata: { ...(session.subscription_data?.metadata ?? {}) },
      schedule: null,
      start_date: t,
      trial_start: trialEnd ? t : null,
      trial_end: trialEnd,
    });
    const invoice = makeInvoice(
      sub,
      trialEnd ? 0 : price.unit_amount,
      'subscription_create',
      t,
      trialEnd ?? addMonth(t),
    );
    sub.latest_invoice = invoice.id;
    await emit('customer.subscription.created', sub);
    const isPaid = await charge(invoice);
    if (!trialEnd) await updateSub(sub, (s) => (s.status = isPaid ? 'active' : 'incomplete'));
    return sub;
  };

  /** What falls due at `at` for one subscription; returns whether anything happened. */
  const runDue = async (sub: Obj, at: number): Promise<boolean> => {
    if (!isLive(sub)) return false;
    const periodEnd = itemOf(sub).current_period_end as number;
    if (sub.status === 'incomplete' && at >= sub.created + DAY) {
      await updateSub(sub, (s) => {
        s.status = 'incomplete_expired';
        s.ended_at = s.created + DAY;
      });
      return true;
    }
    if (sub.status === 'past_due') {
      const invoice = objects.get(sub.latest_invoice) as Obj;
      if (at >= invoice.created + cancelPastDueAfter) {
        invoice.status = 'void';
        await updateSub(sub, (s) => {
          s.status = 'canceled';
          s.canceled_at = invoice.created + cancelPastDueAfter;
          s.ended_at = s.canceled_at;
        });
        return true;
      }
      return false;
    }
    if (at < periodEnd || !['trialing', 'active'].includes(sub.status)) return false;
    if (sub.cancel_at_period_end) {
      await updateSub(sub, (s) => {
        s.status = 'canceled';
        s.ended_at = periodEnd;
        s.canceled_at ??= periodEnd;
      });
      return true;
    }
    if (sub.schedule) {
      const schedule = objects.get(sub.schedule) as Obj;
      const next = get('price', 'price', schedule.phases[1].items[0].price);
      schedule.status = 'released';
      schedule.released_at = periodEnd;
      itemOf(sub).price = structuredClone(next);
      sub.schedule = null;
    }
    const newEnd = addMonth(periodEnd);
    const invoice = makeInvoice(sub, priceOf(sub).unit_amount, 'subscription_cycle', periodEnd, newEnd);
    const isPaid = await charge(invoice);
    await updateSub(sub, (s) => {
      setPeriod(s, periodEnd, newEnd);
      s.latest_invoice = invoice.id;
      s.status = isPaid ? 'active' : 'past_due';
    });
    return true;
  };

  const advanceTo = async (target: number) => {
    // Step through the boundaries in time order, so a renewal made on the way falls due too.
    for (;;) {
      const due: number[] = [];
      for (const sub of all('subscription')) {
        if (!isLive(sub)) continue;
        if (sub.status === 'incomplete') due.push(sub.created + DAY);
        else if (sub.status === 'past_due')
          due.push((objects.get(sub.latest_invoice) as Obj).created + cancelPastDueAfter);
        else due.push(itemOf(sub).current_period_end);
      }
      const next = Math.min(...due.filter((d) => d <= target));
      if (!Number.isFinite(next)) break;
      offset += Math.max(0, next - now());
      let changed = false;
      for (const sub of all('subscription')) changed = (await runDue(sub, next)) || changed;
      if (!changed) break;
    }
    offset += Math.max(0, target - now());
  };

  const completeCheckout = async (sessionId: string, opts: { paid?: boolean } = {}) => {
    const session = get('checkout session', 'checkout.session', sessionId);
    if (session.status !== 'open') throw invalid(`This Checkout Session is no longer open (${session.status}).`);
    if (opts.paid === false) decliningCustomers.add(session.customer);
    else if (opts.paid === true) decliningCustomers.delete(session.customer);
    const sub = await createSubscription(session);
    session.status = 'complete';
    session.subscription = sub.id;
    session.payment_status = sub.trial_end ? 'no_payment_required' : sub.status === 'active' ? 'paid' : 'unpaid';
    await emit('checkout.session.completed', session);
    return { subscriptionId: sub.id as string };
  };
  const subOf = (subscriptionId: string) => get('subscription', 'subscription', subscriptionId);
  const nextChargeAt = (sub: Obj) =>
    (sub.status === 'trialing' ? sub.trial_end : itemOf(sub).current_period_end) as number;
  const endTrial = async (subscriptionId: string, opts: { paid?: boolean } = {}) => {
    const sub = subOf(subscriptionId);
    if (sub.status !== 'trialing') throw invalid('This subscription is not trialing.');
    if (opts.paid === false) decliningCustomers.add(sub.customer);
    else decliningCustomers.delete(sub.customer);
    await advanceTo(Math.max(now(), sub.trial_end));
  };
  const failPayment = async (subscriptionId: string) => {
    const sub = subOf(subscriptionId);
    decliningCustomers.add(sub.customer);
    if (sub.status === 'trialing' || sub.status === 'active') await advanceTo(Math.max(now(), nextChargeAt(sub)));
  };
  const payInvoice = async (subscriptionId: string) => {
    const sub = subOf(subscriptionId);
    decliningCustomers.delete(sub.customer);
    const invoice = objects.get(sub.latest_invoice);
    if (!invoice || invoice.status !== 'open') throw invalid('This subscription has no open invoice.');
    await charge(invoice);
    await updateSub(sub, (s) => (s.status = 'active'));
  };
  const cancelAtPeriodEnd = async (subscriptionId: string) => {
    const sub = subOf(subscriptionId);
    await updateSub(sub, (s) => {
      s.cancel_at_period_end = true;
      s.cancel_at = itemOf(s).current_period_end;
      s.canceled_at = now();
    });
  };
  const changePrice = async (sub: Obj, price: Obj) => {
    const old = priceOf(sub);
    const t = now();
    const { current_period_start: start, current_period_end: end } = itemOf(sub);
    const prorated = Math.round(
      ((price.unit_amount - old.unit_amount) * Math.max(0, end - t)) / Math.max(1, end - start),
    );
    await updateSub(sub, (s) => {
      itemOf(s).price = structuredClone(price);
    });
    if (sub.status === 'active' && prorated > 0) {
      const invoice = makeInvoice(sub, prorated, 'subscription_update', t, end);
      await charge(invoice);
      await updateSub(sub, (s) => (s.latest_invoice = invoice.id));
    }
  };
  const switchPlan = async (subscriptionId: string, priceId: string) => {
    const sub = subOf(subscriptionId);
    if (!isLive(sub)) throw invalid('A canceled subscription cannot be updated.');
    const price = get('price', 'price', priceId);
    if (price.unit_amount >= priceOf(sub).unit_amount) {
      if (sub.schedule) (objects.get(sub.schedule) as Obj).status = 'released';
      await updateSub(sub, (s) => (s.schedule = null));
      await changePrice(sub, price);
      return;
    }
    const { current_period_start: start, current_period_end: end } = itemOf(sub);
    const schedule = put({
      id: id('sub_sched'),
      object: 'subscription_schedule',
      customer: sub.customer,
      subscription: sub.id,
      status: 'active',
      created: now(),
      end_behavior: 'release',
      livemode: false,
      metadata: {},
      released_at: null,
      current_phase: { start_date: start, end_date: end },
      phases: [
        { start_date: start, end_date: end, items: [{ price: priceOf(sub).id, quantity: 1 }] },
        { start_date: end, end_date: addMonth(end), items: [{ price: price.id, quantity: 1 }] },
      ],
    });
    await emit('subscription_schedule.created', schedule);
    await updateSub(sub, (s) => (s.schedule = schedule.id));
  };

  // ---- the API ---------------------------------------------------------------------------------------------------
  const requireString = (params: Obj, name: string): string => {
    const value = params[name];
    if (typeof value !== 'string' || value === '') {
      throw new StripeError(
        400,
        'invalid_request_error',
        `Missing required param: ${name}.`,
        'parameter_missing',
        name,
      );
    }
    return value;
  };

  const api = async (method: string, path: string, params: Obj, query: Obj): Promise<Obj> => {
    const parts = path.split('/').filter(Boolean).slice(1); // drop "v1"
    const [a, b, c] = parts;
    const t = now();
    switch (true) {
      case method === 'POST' && a === 'customers' && !b:
        return put({
          id: id('cus'),
          object: 'customer',
          created: t,
          email: params.email ?? null,
          name: params.name ?? null,
          description: params.description ?? null,
          livemode: false,
          metadata: params.metadata ?? {},
        });
      case method === 'GET' && a === 'customers' && !b:
        return list(
          all('customer').filter((c2) => !query.email || c2.email === query.email),
          '/v1/customers',
          query,
        );
      case a === 'customers' && !!b && !c: {
        const customer = get('customer', 'customer', b);
        if (method === 'POST')
          Object.assign(customer, { ...params, metadata: { ...customer.metadata, ...params.metadata } });
        return customer;
      }
      case method === 'POST' && a === 'products' && !b:
        return put({
          id: id('prod'),
          object: 'product',
          active: true,
          created: t,
          name: requireString(params, 'name'),
          description: params.description ?? null,
          livemode: false,
          metadata: params.metadata ?? {},
        });
      case method === 'GET' && a === 'products' && !!b:
        return get('product', 'product', b);
      case method === 'POST' && a === 'prices' && !b: {
        const product = get('product', 'product', requireString(params, 'product'));
        const amount = Number(requireString(params, 'unit_amount'));
        if (!Number.isInteger(amount) || amount < 0) throw invalid('Invalid integer: unit_amount', 'unit_amount');
        const lookupKey = params.lookup_key ?? null;
        if (lookupKey && all('price').some((p) => p.lookup_key === lookupKey)) {
          if (params.transfer_lookup_key !== 'true') {
            throw invalid(`A price (\`${lookupKey}\`) already uses that lookup key.`, 'lookup_key');
          }
          for (const p of all('price')) if (p.lookup_key === lookupKey) p.lookup_key = null;
        }
        return put({
          id: id('price'),
          object: 'price',
          active: true,
          created: t,
          currency: requireString(params, 'currency').toLowerCase(),
          unit_amount: amount,
          lookup_key: lookupKey,
          nickname: params.nickname ?? null,
          product: product.id,
          recurring: params.recurring
            ? {
                interval: params.recurring.interval ?? 'month',
                interval_count: Number(params.recurring.interval_count ?? 1),
                usage_type: 'licensed',
              }
            : null,
          type: params.recurring ? 'recurring' : 'one_time',
          livemode: false,
          metadata: params.metadata ?? {},
        });
      }
      case method === 'GET' && a === 'prices' && !b: {
        const keys: unknown[] = Array.isArray(query.lookup_keys) ? query.lookup_keys : [];
        const rows = all('price').filter(
          (p) =>
            (keys.length === 0 || keys.includes(p.lookup_key)) &&
            (query.active === undefined || String(p.active) === query.active),
        );
        return list(rows, '/v1/prices', query);
      }
      case method === 'GET' && a === 'prices' && !!b:
        return get('price', 'price', b);
      case method === 'POST' && a === 'checkout' && b === 'sessions' && !c: {
        const mode = requireString(params, 'mode');
        if (mode !== 'subscription') throw invalid('This stand-in only makes subscription-mode sessions.', 'mode');
        const lineItems: Obj[] = Array.isArray(params.line_items) ? params.line_items : [];
        if (lineItems.length !== 1) throw invalid('line_items must hold exactly one price.', 'line_items');
        const price = get('price', 'price', requireString(lineItems[0] as Obj, 'price'));
        if (!price.recurring) throw invalid('A subscription needs a recurring price.', 'line_items[0][price]');
        const customer = params.customer
          ? get('customer', 'customer', params.customer).id
          : put({
              id: id('cus'),
              object: 'customer',
              created: t,
              email: params.customer_email ?? null,
              livemode: false,
              metadata: {},
            }).id;
        const successUrl = requireString(params, 'success_url');
        const trialDays = params.subscription_data?.trial_period_days;
        if (trialDays !== undefined && !(Number(trialDays) >= 1 && Number(trialDays) <= 730)) {
          throw invalid('trial_period_days must be between 1 and 730.', 'subscription_data[trial_period_days]');
        }
        const sessionId = id('cs_test');
        return put({
          id: sessionId,
          object: 'checkout.session',
          mode,
          status: 'open',
          payment_status: 'unpaid',
          customer,
          client_reference_id: params.client_reference_id ?? null,
          success_url: successUrl,
          cancel_url: params.cancel_url ?? null,
          url: `${baseUrl}/checkout/${sessionId}`,
          subscription: null,
          currency: price.currency,
          amount_total: trialDays ? 0 : price.unit_amount,
          metadata: params.metadata ?? {},
          created: t,
          expires_at: t + DAY,
          livemode: false,
          line_items: lineItems.map((item) => ({ price: item.price, quantity: Number(item.quantity ?? 1) })),
          subscription_data: params.subscription_data ?? {},
        });
      }
      case method === 'GET' && a === 'checkout' && b === 'sessions' && !!c: {
        const {
          line_items: _items,
          subscription_data: _data,
          ...session
        } = get('checkout session', 'checkout.session', c);
        return session;
      }
      case method === 'POST' && a === 'billing_portal' && b === 'sessions' && !c: {
        const customer = get('customer', 'customer', requireString(params, 'customer'));
        const portalId = id('bps');
        return put({
          id: portalId,
          object: 'billing_portal.session',
          customer: customer.id,
          return_url: params.return_url ?? null,
          url: `${baseUrl}/portal/${portalId}`,
          created: t,
          livemode: false,
        });
      }
      case method === 'GET' && a === 'subscriptions' && !b: {
        const status = query.status;
        const rows = all('subscription').filter(
          (s) =>
            (!query.customer || s.customer === query.customer) &&
            (status === 'all' ||
              (status ? s.status === status : s.status !== 'canceled' && s.status !== 'incomplete_expired')),
        );
        return list(rows, '/v1/subscriptions', query);
      }
      case method === 'GET' && a === 'subscriptions' && !!b && !c:
        return subOf(b);
      case method === 'POST' && a === 'subscriptions' && !!b && !c: {
        const sub = subOf(b);
        if (!isLive(sub))
          throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
        if (params.metadata) await updateSub(sub, (s) => (s.metadata = { ...s.metadata, ...params.metadata }));
        if (params.cancel_at_period_end === 'true') await cancelAtPeriodEnd(sub.id);
        if (params.cancel_at_period_end === 'false') {
          await updateSub(sub, (s) => {
            s.cancel_at_period_end = false;
            s.cancel_at = null;
            s.canceled_at = null;
          });
        }
        const item = Array.isArray(params.items) ? (params.items[0] as Obj | undefined) : undefined;
        if (item?.price) await changePrice(sub, get('price', 'price', item.price));
        return sub;
      }
      case method === 'DELETE' && a === 'subscriptions' && !!b && !c: {
        const sub = subOf(b);
        if (!isLive(sub)) throw invalid('This subscription is already canceled.');
        await updateSub(sub, (s) => {
          s.status = 'canceled';
          s.canceled_at = t;
          s.ended_at = t;
        });
        return sub;
      }
      case method === 'GET' && a === 'subscription_schedules' && !!b:
        return get('subscription schedule', 'subscription_schedule', b);
      case method === 'GET' && a === 'invoices' && !b: {
        const rows = all('invoice').filter(
          (i) =>
            (!query.subscription || i.parent?.subscription_details?.subscription === query.subscription) &&
            (!query.customer || i.customer === query.customer),
        );
        return list(rows, '/v1/invoices', query);
      }
      case method === 'GET' && a === 'invoices' && !!b:
        return get('invoice', 'invoice', b);
      case method === 'GET' && a === 'events' && !!b: {
        const event = events.find((e) => e.id === b);
        if (!event) throw missing('event', b);
        return event;
      }
      default:
        throw new StripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
    }
  };

  // ---- hosted pages ---------------------------------------------------------------------------------------------
  const page = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
    `<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 2rem auto; padding: 0 1rem">` +
    `<p>Test mode — local Stripe stand-in</p>${body}</body></html>`;
  const planName = (price: Obj) =>
    price.nickname ?? (objects.get(price.product)?.name as string | undefined) ?? price.id;
  const checkoutPage = (session: Obj) => {
    const price = get('price', 'price', session.line_items[0].price);
    const trialDays = Number(session.subscription_data?.trial_period_days ?? 0);
    if (session.status !== 'open') return page('Checkout', `<h1>This checkout is ${escapeHtml(session.status)}</h1>`);
    return page(
      `Checkout — ${planName(price)}`,
      `<h1>${escapeHtml(planName(price))}</h1>` +
        `<p>${escapeHtml(money(price.unit_amount, price.currency))} per ${escapeHtml(price.recurring.interval)}</p>` +
        (trialDays ? `<p>${trialDays} days free trial</p>` : '') +
        `<form method="post" action="/checkout/${session.id}/complete">` +
        `<button type="submit">${trialDays ? 'Start trial' : 'Subscribe'}</button></form>` +
        (session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel and go back</a></p>` : ''),
    );
  };
  const portalPage = (portal: Obj) => {
    const subs = all('subscription').filter((s) => s.customer === portal.customer && isLive(s));
    const prices = all('price').filter((p) => p.active && p.recurring);
    const blocks = subs.map((sub) => {
      const price = priceOf(sub);
      const schedule = sub.schedule ? (objects.get(sub.schedule) as Obj) : null;
      const end = new Date(itemOf(sub).current_period_end * 1000).toISOString().slice(0, 10);
      return (
        `<section><h2>${escapeHtml(planName(price))}</h2>` +
        `<p>${escapeHtml(money(price.unit_amount, price.currency))} per ${escapeHtml(price.recurring.interval)} — status: ${escapeHtml(sub.status)}</p>` +
        (sub.cancel_at_period_end ? `<p>Cancels on ${end}</p>` : `<p>Renews on ${end}</p>`) +
        (schedule
          ? `<p>Changes to ${escapeHtml(planName(get('price', 'price', schedule.phases[1].items[0].price)))} on ${end}</p>`
          : '') +
        (sub.cancel_at_period_end
          ? ''
          : `<form method="post" action="/portal/${portal.id}/cancel"><input type="hidden" name="subscription" value="${sub.id}"><button type="submit">Cancel plan</button></form>`) +
        prices
          .filter((p) => p.id !== price.id)
          .map(
            (p) =>
              `<form method="post" action="/portal/${portal.id}/switch"><input type="hidden" name="subscription" value="${sub.id}">` +
              `<input type="hidden" name="price" value="${p.id}"><button type="submit">Switch to ${escapeHtml(planName(p))}</button></form>`,
          )
          .join('') +
        `</section>`
      );
    });
    return page(
      'Billing portal',
      `<h1>Your subscription</h1>${blocks.join('') || '<p>No active subscription.</p>'}` +
        `<form method="post" action="/portal/${portal.id}/return"><button type="submit">Return</button></form>`,
    );
  };

  // ---- controls over HTTP -------------------------------------------------------------------------------------
  const controls: Record<string, (body: Obj) => Promise<unknown>> = {
    completeCheckout: (body) => completeCheckout(body.sessionId, { paid: body.paid }),
    endTrial: (body) => endTrial(body.subscriptionId, { paid: body.paid }),
    failPayment: (body) => failPayment(body.subscriptionId),
    payInvoice: (body) => payInvoice(body.subscriptionId),
    cancelAtPeriodEnd: (body) => cancelAtPeriodEnd(body.subscriptionId),
    switchPlan: (body) => switchPlan(body.subscriptionId, body.priceId),
    advance: (body) => advanceTo(now() + Number(body.seconds)),
    holdEvents: async () => void (held ??= []),
    releaseEvents: (body) => fake.releaseEvents({ reverse: body.reverse === true }),
    sendEvent: (body) => fake.sendEvent(body.eventId, body),
    setWebhookUrl: async (body) => void (webhookUrl = body.url ?? undefined),
    failRequests: async (body) => void (failingStatus = body.status ?? null),
    state: async () => ({
      now: now(),
      events: events.map((e) => ({ id: e.id, type: e.type })),
      subscriptions: all('subscription'),
      customers: all('customer'),
    }),
  };

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    const text = JSON.stringify(body, null, 2);
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), ...headers });
    res.end(text);
    return text;
  };
  const redirect = (res: ServerResponse, location: string) => {
    res.writeHead(303, { location });
    return res.end();
  };
  const html = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    return res.end(body);
  };
  const stripeError = (res: ServerResponse, error: StripeError, headers: Record<string, string> = {}) =>
    json(
      res,
      error.status,
      {
        error: {
          type: error.type,
          message: error.message,
          ...(error.code ? { code: error.code } : {}),
          ...(error.param ? { param: error.param } : {}),
        },
      },
      headers,
    );

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', baseUrl);
    const method = req.method ?? 'GET';
    const raw = await readBody(req);
    const segments = url.pathname.split('/').filter(Boolean);

    // Browsers ask every origin for an icon: none here, and no 404 in the page's console.
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204);
      return res.end();
    }
    if (segments[0] === '_control') {
      const control = controls[segments[1] ?? ''];
      if (!control) return json(res, 404, { error: 'unknown control' });
      try {
        return json(res, 200, (await control(raw ? (JSON.parse(raw) as Obj) : {})) ?? { ok: true });
      } catch (error) {
        return json(res, error instanceof StripeError ? error.status : 500, { error: (error as Error).message });
      }
    }

    if (segments[0] === 'checkout' || segments[0] === 'portal') {
      const form = parseStripeForm(raw);
      try {
        if (segments[0] === 'checkout') {
          const session = get('checkout session', 'checkout.session', segments[1] ?? '');
          if (method === 'GET' && segments.length === 2) return html(res, 200, checkoutPage(session));
          if (method === 'POST' && segments[2] === 'complete') {
            await completeCheckout(session.id);
            return redirect(res, String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id));
          }
        } else {
          const portal = get('portal session', 'billing_portal.session', segments[1] ?? '');
          const back = `/portal/${portal.id}`;
          if (method === 'GET' && segments.length === 2) return html(res, 200, portalPage(portal));
          if (method === 'POST' && segments[2] === 'return') return redirect(res, portal.return_url ?? back);
          const sub = subOf(String(form.subscription ?? ''));
          if (sub.customer !== portal.customer) throw missing('subscription', sub.id);
          if (method === 'POST' && segments[2] === 'cancel') {
            await cancelAtPeriodEnd(sub.id);
            return redirect(res, back);
          }
          if (method === 'POST' && segments[2] === 'switch') {
            await switchPlan(sub.id, String(form.price ?? ''));
            return redirect(res, back);
          }
        }
        return html(res, 404, page('Not found', '<h1>Not found</h1>'));
      } catch (error) {
        if (error instanceof StripeError)
          return html(res, error.status, page('Error', `<h1>${escapeHtml(error.message)}</h1>`));
        throw error;
      }
    }

    if (segments[0] !== 'v1') return stripeError(res, new StripeError(404, 'invalid_request_error', 'Not found'));
    const auth = req.headers.authorization ?? '';
    if (auth !== `Bearer ${secretKey}`) {
      return stripeError(
        res,
        new StripeError(
          401,
          'invalid_request_error',
          `Invalid API Key provided: ${auth.replace(/^Bearer /, '').slice(0, 8)}****`,
          'api_key_invalid',
        ),
      );
    }
    if (failingStatus !== null) {
      return stripeError(res, new StripeError(failingStatus, 'api_error', 'The stand-in was told to fail.'), {
        'stripe-should-retry': 'false',
      });
    }
    const key = method === 'POST' ? req.headers['idempotency-key'] : undefined;
    const cacheKey = typeof key === 'string' ? `${url.pathname}|${key}` : undefined;
    const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
    if (cached) {
      res.writeHead(cached.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
      return res.end(cached.body);
    }
    const query = parseStripeForm(url.search.slice(1));
    const params = method === 'GET' ? query : parseStripeForm(raw);
    let status = 200;
    let text: string;
    try {
      const result = await api(method, url.pathname, params, query);
      text = json(res, 200, expand(result, params.expand));
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      status = error.status;
      text = stripeError(res, error);
    }
    if (cacheKey && status < 500) idempotent.set(cacheKey, { status, body: text });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) {
        stripeError(res, new StripeError(500, 'api_error', `Stand-in failure: ${(error as Error).message}`), {
          'stripe-should-retry': 'false',
        });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  const stripe = new Stripe(secretKey, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });

  const fake: FakeStripe = {
    url: baseUrl,
    secretKey,
    stripe,
    now,
    nowDate: () => new Date(Date.now() + offset * 1000),
    advance: (seconds) => advanceTo(now() + seconds),
    completeCheckout,
    endTrial,
    failPayment,
    payInvoice,
    cancelAtPeriodEnd,
    switchPlan,
    events,
    deliveries,
    setWebhookUrl: (url) => void (webhookUrl = url),
    holdEvents: () => void (held ??= []),
    releaseEvents: async ({ reverse = false } = {}) => {
      const queue = held ?? [];
      held = null;
      const out: Delivery[] = [];
      for (const event of reverse ? [...queue].reverse() : queue) out.push(await send(event));
      return out;
    },
    sendEvent: async (eventId, sendOptions) => {
      const event = events.find((e) => e.id === eventId);
      if (!event) throw missing('event', eventId);
      return send(event, sendOptions);
    },
    failRequests: (status) => void (failingStatus = status),
    subscription: (subscriptionId) => structuredClone(subOf(subscriptionId)) as unknown as Stripe.Subscription,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return fake;
}
