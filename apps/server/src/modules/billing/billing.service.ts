import {
  BILLING_RULES,
  PAID_PLANS,
  type BillingRedirect,
  type BillingStatus,
  type ExportBilling,
  type PaidPlanId,
  type PlanPrice,
  type SubscriptionStatus,
  type SubscriptionSummary,
} from '@sonhario/contracts/billing';
import type { PlanId } from '@sonhario/contracts/profile';
import type Stripe from 'stripe';
import { withTransaction, type RequestContext } from '../../context.ts';
import { ConflictError } from '../../errors.ts';
import { findUserById } from '../auth/auth.repository.ts';
import { getCreditsSummary } from '../credits/credits.service.ts';
import { callStripe, disabled, iso, isEnded, type BillingDeps, type Ctx } from './billing.deps.ts';
import { graceEnd, settleEndedGrace } from './billing.plan.service.ts';
import {
  findCustomer,
  findSubscription,
  insertCustomer,
  listInvoices,
  listLiveSubscriptions,
  listPlanChanges,
  listSubscriptions,
  setPendingCheckout,
  type SubscriptionRow,
} from './billing.repository.ts';
import { providerFailed, type BillingProvider } from './billing.stripe.ts';
import { syncSubscription } from './billing.sync.service.ts';

// The billing page's status, checkout and the payments portal, and what an account's deletion and export need.
// The plan from the subscriptions is billing.plan.service.ts; Stripe read back, billing.sync.service.ts; the
// webhook, billing.webhook.service.ts.

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
    newAccountPlan: deps.newAccountPlan,
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
