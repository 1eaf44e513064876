// Stripe read back: a subscription recorded for its user and the plan settled, an invoice recorded, and the e-mail
// sent when a payment first fails.

import {
  BILLING_RULES,
  PLAN_RANK,
  SUBSCRIPTION_STATUSES,
  type PaidPlanId,
  type SubscriptionStatus,
} from '@sonhario/contracts/billing';
import type { PlanId } from '@sonhario/contracts/profile';
import type Stripe from 'stripe';
import { withTransaction } from '../../context.ts';
import { findUserById } from '../auth/auth.repository.ts';
import { DAY_MS, fromUnix, type BillingDeps, type Ctx } from './billing.deps.ts';
import { pastDueEmail } from './billing.emails.ts';
import { settlePlan } from './billing.plan.service.ts';
import {
  findCustomerByStripeId,
  findSubscription,
  markTrialUsed,
  setPendingCheckout,
  upsertInvoice,
  upsertSubscription,
} from './billing.repository.ts';
import type { BillingProvider } from './billing.stripe.ts';

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
export async function syncSubscription(
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

export async function recordInvoice(
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
