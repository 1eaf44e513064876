import {
  BILLING_RULES,
  PAID_PLANS,
  PLAN_RANK,
  SUBSCRIPTION_STATUSES,
  type BillingRedirect,
  type BillingStatus,
  type ExportBilling,
  type PaidPlanId,
  type PlanPrice,
  type SubscriptionStatus,
  type SubscriptionSummary,
} from '@sonhario/contracts/billing';
import { PLAN_NAMES } from '@sonhario/contracts/credits';
import type { PlanId } from '@sonhario/contracts/profile';
import Stripe from 'stripe';
import { withTransaction, type RequestContext } from '../../context.ts';
import { AppError, ConflictError } from '../../errors.ts';
import { escapeHtml } from '../../lib/html.ts';
import { PRODUCT_NAME } from '../../product.ts';
import { findUserById } from '../auth/auth.repository.ts';
import type { Mailer, OutgoingEmail } from '../auth/auth.mailer.ts';
import { getCreditsSummary } from '../credits/credits.service.ts';
import { changePlan, getProfile } from '../profile/profile.service.ts';
import {
  ENDED_STATUSES,
  findCustomer,
  findCustomerByStripeId,
  findSubscription,
  insertCustomer,
  insertEvent,
  listInvoices,
  listLiveSubscriptions,
  listPlanChanges,
  listSubscriptions,
  markTrialUsed,
  setPendingCheckout,
  upsertInvoice,
  upsertSubscription,
  type SubscriptionRow,
} from './billing.repository.ts';
import { providerFailed, type BillingProvider } from './billing.stripe.ts';

/**
 * Billing (docs/decisions/027). The plan is derived from subscriptions as read back from Stripe, never from what a
 * webhook's payload says: an event only names which subscription to read again, so duplicates, replays and events
 * out of order all end in the same state.
 */
export interface BillingDeps {
  /** null: billing is off (no STRIPE_SECRET_KEY). */
  provider: BillingProvider | null;
  mailer: Mailer;
  siteUrl: string;
}

type Ctx = Pick<RequestContext, 'db' | 'userId' | 'now' | 'log'>;

const DAY_MS = 86_400_000;
const disabled = () =>
  new ConflictError('billing_disabled', 'Os planos são gerenciados pelo administrador desta instalação.');
const iso = (at: Date | null) => (at ? at.toISOString() : null);
const fromUnix = (seconds: number | null | undefined) => (seconds == null ? null : new Date(seconds * 1000));
const isEnded = (status: string) => (ENDED_STATUSES as readonly string[]).includes(status);

/** Runs a Stripe call; any failure becomes 502 billing_provider_failed. */
async function callStripe<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw providerFailed(error);
  }
}

// --- the plan from a subscription ----------------------------------------------------------------------------------

function graceEnd(row: SubscriptionRow): Date | null {
  return row.status === 'past_due' && row.pastDueSince
    ? new Date(row.pastDueSince.getTime() + BILLING_RULES.pastDueGraceDays * DAY_MS)
    : null;
}

/** trialing/active → its plan; past_due → its plan until the grace ends; anything else → Dreamer. */
function derivePlan(row: SubscriptionRow | undefined, now: Date): PlanId {
  if (!row) return 'dreamer';
  if (row.status === 'trialing' || row.status === 'active') return row.plan as PaidPlanId;
  const end = graceEnd(row);
  if (end && now < end) return row.plan as PaidPlanId;
  return 'dreamer';
}

/** The subscription that decides the plan: the newest live one, else the newest of all. */
function decidingSubscription(rows: SubscriptionRow[]): SubscriptionRow | undefined {
  return rows.find((row) => !isEnded(row.status)) ?? rows[0];
}

/**
 * Brings the profile's plan in line with the user's subscriptions (only for users who have one: an operator's plan
 * for a user who never subscribed is left alone). Written through profile's changePlan, source `stripe`.
 */
async function settlePlan(ctx: Ctx): Promise<void> {
  const rows = await listSubscriptions(ctx.db, ctx.userId);
  const deciding = decidingSubscription(rows);
  if (!deciding) return;
  const plan = derivePlan(deciding, ctx.now());
  const profile = await getProfile(ctx as RequestContext);
  if (profile.plan !== plan) await changePlan(ctx, plan, { source: 'stripe', status: deciding.status });
}

/**
 * The one change no event announces: a past_due subscription's grace running out. Applied when the plan is read,
 * and only then (an operator's set-plan since the last event is left alone until Stripe says something new).
 */
async function settleEndedGrace(ctx: Ctx): Promise<void> {
  const deciding = decidingSubscription(await listSubscriptions(ctx.db, ctx.userId));
  if (deciding?.status !== 'past_due' || derivePlan(deciding, ctx.now()) !== 'dreamer') return;
  const profile = await getProfile(ctx as RequestContext);
  if (profile.plan === deciding.plan) await changePlan(ctx, 'dreamer', { source: 'stripe', status: 'past_due' });
}

// --- reading Stripe ------------------------------------------------------------------------------------------------

/** What a scheduled change turns the subscription into at the period's end, when it is a downgrade. */
async function pendingDowngrade(
  provider: BillingProvider,
  subscription: Stripe.Subscription,
  plan: PaidPlanId,
): Promise<PlanId | null> {
  const schedule = subscription.schedule;
  if (!schedule) return null;
  const full = typeof schedule === 'string' ? await provider.stripe.subscriptionSchedules.retrieve(schedule) : schedule;
  if (full.status !== 'active' && full.status !== 'not_started') return null;
  const periodEnd = subscription.items.data[0]?.current_period_end ?? 0;
  const next = full.phases.find((phase) => phase.start_date >= periodEnd);
  const price = next?.items[0]?.price;
  if (!price) return null;
  const nextPlan = await provider.planOfPrice(
    typeof price === 'string'
      ? { id: price, lookup_key: null }
      : { id: price.id, lookup_key: 'lookup_key' in price ? price.lookup_key : null },
  );
  return nextPlan && PLAN_RANK[nextPlan] < PLAN_RANK[plan] ? nextPlan : null;
}

/**
 * Reads one subscription from Stripe and records it for its user (found by the Stripe customer), then settles the
 * user's plan. Unknown customers (an account deleted since) and prices that are not ours are ignored.
 */
async function syncSubscription(
  ctx: Omit<Ctx, 'userId'>,
  deps: BillingDeps & { provider: BillingProvider },
  subscriptionId: string,
): Promise<void> {
  const subscription = await deps.provider.stripe.subscriptions.retrieve(subscriptionId);
  const customerId = typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
  const customer = await findCustomerByStripeId(ctx.db, customerId);
  if (!customer) {
    ctx.log.warn({ subscriptionId }, 'billing: a subscription of no known customer, ignored');
    return;
  }
  const item = subscription.items.data[0];
  const plan = item ? await deps.provider.planOfPrice(item.price) : null;
  if (!item || !plan) {
    ctx.log.warn({ subscriptionId }, 'billing: a subscription to a price that is no plan of ours, ignored');
    return;
  }
  const status = (SUBSCRIPTION_STATUSES as readonly string[]).includes(subscription.status)
    ? (subscription.status as SubscriptionStatus)
    : 'incomplete';
  const pendingPlan = await pendingDowngrade(deps.provider, subscription, plan);
  const userCtx = { ...ctx, userId: customer.userId };
  const isPastDueNew = await withTransaction(userCtx, async (tx) => {
    const now = tx.now();
    const existing = await findSubscription(tx.db, subscription.id);
    await upsertSubscription(tx.db, {
      id: subscription.id,
      userId: customer.userId,
      plan,
      priceId: item.price.id,
      status,
      trialEnd: fromUnix(subscription.trial_end),
      currentPeriodStart: fromUnix(item.current_period_start),
      currentPeriodEnd: fromUnix(item.current_period_end),
      isCancelledAtPeriodEnd: subscription.cancel_at_period_end,
      pendingPlan,
      pastDueSince: status === 'past_due' ? (existing?.pastDueSince ?? now) : null,
      stripeCreatedAt: new Date(subscription.created * 1000),
      updatedAt: now,
    });
    if (subscription.trial_end != null) await markTrialUsed(tx.db, customer.userId, now);
    if (customer.pendingCheckoutId) await setPendingCheckout(tx.db, customer.userId, null);
    await settlePlan(tx);
    return status === 'past_due' && existing?.status !== 'past_due';
  });
  if (isPastDueNew) await sendPastDueEmail(userCtx, deps, plan);
}

async function recordInvoice(
  ctx: Omit<Ctx, 'userId'>,
  provider: BillingProvider,
  invoiceId: string,
): Promise<string | null> {
  const invoice = await provider.stripe.invoices.retrieve(invoiceId);
  const customerId = typeof invoice.customer === 'string' ? invoice.customer : invoice.customer?.id;
  const customer = customerId ? await findCustomerByStripeId(ctx.db, customerId) : undefined;
  const line = invoice.lines.data[0];
  if (customer && invoice.id) {
    await upsertInvoice(ctx.db, {
      id: invoice.id,
      userId: customer.userId,
      amount: invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_due,
      currency: invoice.currency,
      status: invoice.status ?? 'draft',
      periodStart: fromUnix(line?.period.start ?? invoice.period_start),
      periodEnd: fromUnix(line?.period.end ?? invoice.period_end),
      createdAt: new Date(invoice.created * 1000),
    });
  }
  const subscription = invoice.parent?.subscription_details?.subscription;
  return typeof subscription === 'string' ? subscription : (subscription?.id ?? null);
}

// --- e-mail --------------------------------------------------------------------------------------------------------

function pastDueEmail(to: string, siteUrl: string, plan: PaidPlanId, graceEndsAt: Date): OutgoingEmail {
  const link = `${siteUrl}/app/plans`;
  const until = new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    graceEndsAt,
  );
  const name = PLAN_NAMES[plan];
  const subject = `Não conseguimos cobrar seu plano ${name}`;
  const intro =
    `A cobrança do seu plano ${name} no ${PRODUCT_NAME} não foi aprovada. Você continua com o plano até ${until}; ` +
    'atualize a forma de pagamento para não voltar ao plano Dreamer.';
  return {
    to,
    subject,
    text: `${intro}\n\nAtualizar pagamento: ${link}\n`,
    html: `<p>${escapeHtml(intro)}</p>` + `<p><a href="${escapeHtml(link)}">Atualizar forma de pagamento</a></p>`,
    links: [link],
  };
}

async function sendPastDueEmail(ctx: Ctx, deps: BillingDeps, plan: PaidPlanId): Promise<void> {
  try {
    const user = await findUserById(ctx.db, ctx.userId);
    if (!user?.email) return;
    const graceEndsAt = new Date(ctx.now().getTime() + BILLING_RULES.pastDueGraceDays * DAY_MS);
    await deps.mailer.send(pastDueEmail(user.email, deps.siteUrl, plan, graceEndsAt));
  } catch (error) {
    // The plan is already recorded; a lost e-mail must not make Stripe retry the event.
    ctx.log.error({ err: error }, 'billing: the payment-failed e-mail could not be sent');
  }
}

// --- GET /billing --------------------------------------------------------------------------------------------------

async function readPrices(ctx: Ctx, provider: BillingProvider | null): Promise<PlanPrice[]> {
  if (!provider) return [];
  try {
    const prices = await provider.prices();
    return PAID_PLANS.map((plan) => ({
      plan,
      amount: prices[plan].unit_amount ?? 0,
      currency: prices[plan].currency,
      interval: (prices[plan].recurring?.interval ?? 'month') as PlanPrice['interval'],
    }));
  } catch (error) {
    ctx.log.warn({ err: error }, 'billing: prices could not be read from Stripe');
    return [];
  }
}

/**
 * A checkout session the browser came back from (`?checkout=`): when it is this user's and complete, its
 * subscription is read from Stripe at once, so the page shows the plan without waiting for the webhook. A session
 * of someone else, unknown or not complete is ignored (nothing recorded).
 */
async function syncReturningCheckout(ctx: Ctx, deps: BillingDeps & { provider: BillingProvider }, sessionId: string) {
  const customer = await findCustomer(ctx.db, ctx.userId);
  if (!customer) return;
  let session: Stripe.Checkout.Session;
  try {
    session = await deps.provider.stripe.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    ctx.log.info({ err: error }, 'billing: a returning checkout session could not be read');
    return;
  }
  const owner = typeof session.customer === 'string' ? session.customer : session.customer?.id;
  if (owner !== customer.stripeCustomerId || session.status !== 'complete') return;
  const subscriptionId = typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
  if (!subscriptionId) return;
  if (await findSubscription(ctx.db, subscriptionId)) return;
  try {
    await syncSubscription(ctx, deps, subscriptionId);
  } catch (error) {
    // Stripe answered the session but not the subscription: show the pending state until the webhook comes.
    ctx.log.warn({ err: error }, 'billing: a returning checkout could not be synced; pending');
    await setPendingCheckout(ctx.db, ctx.userId, { id: sessionId, at: ctx.now() });
  }
}

function toSummary(row: SubscriptionRow, prices: PlanPrice[], now: Date): SubscriptionSummary {
  const grace = graceEnd(row);
  const chargedPlan = (row.pendingPlan && row.pendingPlan !== 'dreamer' ? row.pendingPlan : row.plan) as PaidPlanId;
  const price = prices.find((p) => p.plan === chargedPlan);
  const chargeAt = row.status === 'trialing' ? (row.trialEnd ?? row.currentPeriodEnd) : row.currentPeriodEnd;
  const isCharging =
    (row.status === 'trialing' || row.status === 'active') &&
    !row.isCancelledAtPeriodEnd &&
    row.pendingPlan !== 'dreamer';
  return {
    plan: row.plan as PaidPlanId,
    status: row.status as SubscriptionStatus,
    trialEndsAt: row.status === 'trialing' ? iso(row.trialEnd) : null,
    currentPeriodEnd: iso(row.currentPeriodEnd),
    isCancelledAtPeriodEnd: row.isCancelledAtPeriodEnd,
    pendingPlan: (row.pendingPlan as PlanId | null) ?? null,
    graceEndsAt: grace && grace > now ? grace.toISOString() : null,
    nextCharge:
      isCharging && price && chargeAt
        ? { amount: price.amount, currency: price.currency, at: chargeAt.toISOString() }
        : null,
  };
}

export async function getBillingStatus(
  ctx: RequestContext,
  deps: BillingDeps,
  input: { checkout?: string | undefined } = {},
): Promise<BillingStatus> {
  const { provider } = deps;
  if (provider && input.checkout) await syncReturningCheckout(ctx, { ...deps, provider }, input.checkout);
  // The grace of a past_due subscription ends without any event: applied when the plan is read.
  await withTransaction(ctx, (tx) => settleEndedGrace(tx));
  const [credits, rows, customer, prices] = await Promise.all([
    getCreditsSummary(ctx),
    listSubscriptions(ctx.db, ctx.userId),
    findCustomer(ctx.db, ctx.userId),
    readPrices(ctx, provider),
  ]);
  const live = rows.find((row) => !isEnded(row.status));
  return {
    isEnabled: provider !== null,
    plan: credits.quota.plan,
    quota: credits.quota,
    subscription: live ? toSummary(live, prices, ctx.now()) : null,
    prices,
    isTrialAvailable: provider !== null && !customer?.trialUsedAt,
    trialDays: BILLING_RULES.trialDays,
    isCheckoutPending: !live && customer?.pendingCheckoutId != null,
  };
}

// --- checkout and portal -------------------------------------------------------------------------------------------

export async function createCheckout(
  ctx: RequestContext,
  deps: BillingDeps,
  plan: PaidPlanId,
): Promise<BillingRedirect> {
  const { provider } = deps;
  if (!provider) throw disabled();
  if ((await listLiveSubscriptions(ctx.db, ctx.userId)).length > 0) {
    throw new ConflictError('already_subscribed', 'Você já tem uma assinatura: altere-a pelo portal de pagamentos.');
  }
  const user = await findUserById(ctx.db, ctx.userId);
  const customer = await findCustomer(ctx.db, ctx.userId);
  const prices = await callStripe(() => provider.prices());
  const customerId =
    customer?.stripeCustomerId ??
    (
      await callStripe(() =>
        provider.stripe.customers.create(
          { ...(user?.email ? { email: user.email } : {}), metadata: { user_id: ctx.userId } },
          // A retried first checkout finds the customer Stripe made the first time.
          { idempotencyKey: `sonhario-customer-${ctx.userId}` },
        ),
      )
    ).id;
  if (customer) {
    // Stripe may hold a live subscription the webhooks have not told us about yet.
    const atStripe = await callStripe(() => provider.stripe.subscriptions.list({ customer: customerId, limit: 10 }));
    if (atStripe.data.some((s) => !isEnded(s.status))) {
      throw new ConflictError('already_subscribed', 'Você já tem uma assinatura: altere-a pelo portal de pagamentos.');
    }
  }
  const isTrialAvailable = !customer?.trialUsedAt;
  const session = await callStripe(() =>
    provider.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: ctx.userId,
      line_items: [{ price: prices[plan].id, quantity: 1 }],
      success_url: `${deps.siteUrl}/app/plans?checkout={CHECKOUT_SESSION_ID}`,
      cancel_url: `${deps.siteUrl}/app/plans`,
      subscription_data: {
        metadata: { user_id: ctx.userId },
        ...(isTrialAvailable ? { trial_period_days: BILLING_RULES.trialDays } : {}),
      },
      metadata: { user_id: ctx.userId },
    }),
  );
  if (!session.url) throw providerFailed(new Error('checkout session without url'));
  // Stored only once Stripe made the session: a failed checkout leaves nothing behind.
  if (!customer)
    await insertCustomer(ctx.db, { userId: ctx.userId, stripeCustomerId: customerId, createdAt: ctx.now() });
  return { url: session.url };
}

export async function createPortal(ctx: RequestContext, deps: BillingDeps): Promise<BillingRedirect> {
  const { provider } = deps;
  if (!provider) throw disabled();
  const customer = await findCustomer(ctx.db, ctx.userId);
  if (!customer) throw new ConflictError('no_subscription', 'Você ainda não tem uma assinatura.');
  const session = await callStripe(() =>
    provider.stripe.billingPortal.sessions.create({
      customer: customer.stripeCustomerId,
      return_url: `${deps.siteUrl}/app/plans`,
    }),
  );
  return { url: session.url };
}

// --- webhooks ------------------------------------------------------------------------------------------------------

const invalidSignature = () =>
  new AppError(400, 'webhook_signature_invalid', 'Assinatura do webhook ausente, inválida ou antiga demais.');

/** How far a webhook signature's time may be from ours, either way (Stripe's own default tolerance). */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Whether a verified Stripe-Signature's `t=` lies within the tolerance of the real clock (Stripe signs with it),
 * read as the SDK reads it (the last `t`, parseInt), so it is the time the verified signature covers. The SDK refuses
 * only a signature too old; one from the future (a signer's clock far ahead, or one made to be replayed later) is
 * refused here too.
 */
function isSignedNow(header: string): boolean {
  let signedAt = Number.NaN;
  for (const item of header.split(',')) {
    const [key, value = ''] = item.split('=');
    if (key === 't') signedAt = Number.parseInt(value, 10);
  }
  return Number.isFinite(signedAt) && Math.abs(Math.floor(Date.now() / 1000) - signedAt) <= WEBHOOK_TOLERANCE_SECONDS;
}

/** Which subscription (and invoice) an event is about; null for events billing does not follow. */
function subjectOf(event: Stripe.Event): { subscriptionId: string | null; invoiceId: string | null } | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  const idOf = (value: unknown) =>
    typeof value === 'string' ? value : ((value as { id?: string } | null | undefined)?.id ?? null);
  if (event.type.startsWith('customer.subscription.')) return { subscriptionId: idOf(object.id), invoiceId: null };
  if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
    return { subscriptionId: idOf(object.subscription), invoiceId: null };
  }
  if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
    return { subscriptionId: null, invoiceId: idOf(object.id) };
  }
  return null;
}

/**
 * POST /billing/webhook: verified on the raw body (signed within 300 s of now, before or after), recorded by event id first (a
 * duplicate or replay does nothing), then the subscription it names is read again from Stripe. A failure to read
 * Stripe rolls the event's record back and answers 5xx, so Stripe retries it.
 */
export async function handleWebhook(
  ctx: Omit<Ctx, 'userId'>,
  deps: BillingDeps,
  raw: Buffer,
  signature: string | undefined,
): Promise<{ received: true }> {
  const { provider } = deps;
  if (!provider?.webhookSecret) {
    // Nothing can be verified without the secret: every event is refused as unverifiable.
    ctx.log.warn('billing: a webhook arrived but STRIPE_WEBHOOK_SECRET (or STRIPE_SECRET_KEY) is not set');
    throw invalidSignature();
  }
  if (!signature) throw invalidSignature();
  let event: Stripe.Event;
  try {
    event = provider.stripe.webhooks.constructEvent(raw, signature, provider.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    throw invalidSignature();
  }
  if (!isSignedNow(signature)) throw invalidSignature();
  const subject = subjectOf(event);
  try {
    await withTransaction(ctx, async (tx) => {
      if (!(await insertEvent(tx.db, { id: event.id, type: event.type, receivedAt: tx.now() }))) return;
      if (!subject) return;
      let subscriptionId = subject.subscriptionId;
      if (subject.invoiceId) subscriptionId = await recordInvoice(tx, provider, subject.invoiceId);
      if (subscriptionId) await syncSubscription(tx, { ...deps, provider }, subscriptionId);
    });
  } catch (error) {
    throw error instanceof Stripe.errors.StripeError ? providerFailed(error) : error;
  }
  return { received: true };
}

// --- account deletion and export -----------------------------------------------------------------------------------

/**
 * Before an account is erased: every live subscription of its customer is cancelled at Stripe (at once, no
 * proration). Any failure refuses the deletion (502) rather than leave a paying subscription behind.
 */
export async function cancelSubscriptionsForDeletion(
  ctx: Pick<RequestContext, 'db' | 'userId' | 'log'>,
  provider: BillingProvider | null,
): Promise<void> {
  const customer = await findCustomer(ctx.db, ctx.userId);
  if (!customer) return;
  if (!provider) {
    const live = await listLiveSubscriptions(ctx.db, ctx.userId);
    if (live.length > 0)
      ctx.log.warn({ count: live.length }, 'billing is off: live subscriptions not cancelled at Stripe');
    return;
  }
  const atStripe = await callStripe(() =>
    provider.stripe.subscriptions.list({ customer: customer.stripeCustomerId, status: 'all', limit: 100 }),
  );
  for (const subscription of atStripe.data.filter((s) => !isEnded(s.status))) {
    await callStripe(() => provider.stripe.subscriptions.cancel(subscription.id, { prorate: false }));
  }
}

export async function exportBilling(ctx: Pick<RequestContext, 'db' | 'userId'>): Promise<ExportBilling> {
  const [changes, invoices] = await Promise.all([
    listPlanChanges(ctx.db, ctx.userId),
    listInvoices(ctx.db, ctx.userId),
  ]);
  return {
    planHistory: changes.map((c) => ({
      plan: c.plan as PlanId,
      status: c.status,
      source: c.source as 'stripe' | 'operator',
      at: c.at.toISOString(),
    })),
    invoices: invoices.map((i) => ({
      id: i.id,
      amount: i.amount,
      currency: i.currency,
      status: i.status,
      periodStart: iso(i.periodStart),
      periodEnd: iso(i.periodEnd),
      createdAt: i.createdAt.toISOString(),
    })),
  };
}
