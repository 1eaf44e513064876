// The plan a user's subscriptions give (a past_due one keeps its plan for the grace days), and the profile kept in
// line with it.

import { BILLING_RULES, type PaidPlanId } from '@sonhario/contracts/billing';
import type { PlanId } from '@sonhario/contracts/profile';
import type { RequestContext } from '../../context.ts';
import { changePlan, getProfile } from '../profile/profile.service.ts';
import { DAY_MS, isEnded, type Ctx } from './billing.deps.ts';
import { listSubscriptions, type SubscriptionRow } from './billing.repository.ts';

export function graceEnd(row: SubscriptionRow): Date | null {
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
export async function settlePlan(ctx: Ctx): Promise<void> {
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
export async function settleEndedGrace(ctx: Ctx): Promise<void> {
  const deciding = decidingSubscription(await listSubscriptions(ctx.db, ctx.userId));
  if (deciding?.status !== 'past_due' || derivePlan(deciding, ctx.now()) !== 'dreamer') return;
  const profile = await getProfile(ctx as RequestContext);
  if (profile.plan === deciding.plan) await changePlan(ctx, 'dreamer', { source: 'stripe', status: 'past_due' });
}
