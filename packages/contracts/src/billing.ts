import { z } from 'zod';
import { quotaSchema } from './credits.ts';
import { PLANS, type PlanId } from './profile.ts';

/**
 * Plans people buy (docs/decisions/027): Stripe Checkout in subscription mode, the Customer Portal, and webhooks
 * from which the plan is derived. Billing is on only when the operator configures Stripe (STRIPE_SECRET_KEY);
 * otherwise new accounts get the operator's DEFAULT_PLAN, plans are set by the operator (`npm run admin -- set-plan`)
 * and nothing here is offered.
 */

/** The plans sold; Dreamer is free and never bought. */
export const PAID_PLANS = ['lucid', 'oracle'] as const satisfies readonly PlanId[];
export type PaidPlanId = (typeof PAID_PLANS)[number];

export const BILLING_RULES = {
  /** The free trial of a first subscription: once per account, never offered again. */
  trialDays: 7,
  /** A subscription whose payment failed (past_due) keeps its plan this long after the failure, with a banner. */
  pastDueGraceDays: 7,
  /** The lookup keys `npm run admin -- billing-setup` creates the monthly prices under (and finds them by). */
  priceLookupKeys: { lucid: 'sonhario_lucid_monthly', oracle: 'sonhario_oracle_monthly' },
  /** What a price is when the operator has not made one: the spec's amounts (cents) and currency. */
  defaultPrices: { lucid: { amount: 999, currency: 'usd' }, oracle: { amount: 1999, currency: 'usd' } },
} as const;

/** Rank of a plan: an upgrade goes up, a downgrade down. */
export const PLAN_RANK: Record<PlanId, number> = { dreamer: 0, lucid: 1, oracle: 2 };

/** Stripe's subscription statuses, as read back from Stripe. */
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A plan's price as Stripe holds it: what users see comes from here, never from constants. */
export const planPriceSchema = z.object({
  plan: z.enum(PAID_PLANS),
  /** In the currency's smallest unit (cents). */
  amount: z.number().int().nonnegative(),
  currency: z.string().min(3).max(3),
  interval: z.enum(['day', 'week', 'month', 'year']),
});
export type PlanPrice = z.infer<typeof planPriceSchema>;

export const subscriptionSummarySchema = z.object({
  plan: z.enum(PAID_PLANS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** When the free trial ends (null: no trial running). */
  trialEndsAt: z.iso.datetime({ offset: true }).nullable(),
  /** The end of the period paid for: the next charge, or the end of the plan when it is cancelled. */
  currentPeriodEnd: z.iso.datetime({ offset: true }).nullable(),
  /** Cancelled by the user: the plan stays until `currentPeriodEnd`, then Dreamer. */
  isCancelledAtPeriodEnd: z.boolean(),
  /** A downgrade scheduled for the period's end (the plan it becomes), or null. */
  pendingPlan: z.enum(PLANS).nullable(),
  /** past_due: the plan is kept until then; null otherwise. */
  graceEndsAt: z.iso.datetime({ offset: true }).nullable(),
  /** The next charge (null: none due, e.g. cancelled). */
  nextCharge: z
    .object({ amount: z.number().int().nonnegative(), currency: z.string(), at: z.iso.datetime({ offset: true }) })
    .nullable(),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;

/** GET /billing: what the plan page shows. */
export const billingStatusSchema = z.object({
  /** Stripe configured: plans can be bought here. When false the page says the administrator manages plans. */
  isEnabled: z.boolean(),
  plan: z.enum(PLANS),
  /**
   * The plan this server gives an account when it is created: Dreamer with billing, the operator's DEFAULT_PLAN without
   * (docs/decisions/077). Accounts created before keep the plan they had.
   */
  newAccountPlan: z.enum(PLANS),
  /** This month's analyses and the plan's quota. */
  quota: quotaSchema,
  subscription: subscriptionSummarySchema.nullable(),
  /** The prices of Lucid and Oracle (empty when billing is off). */
  prices: z.array(planPriceSchema),
  /** The free trial is still available to this account. */
  isTrialAvailable: z.boolean(),
  trialDays: z.number().int(),
  /** A checkout completed but its webhook not processed yet: the plan page shows a pending state. */
  isCheckoutPending: z.boolean(),
});
export type BillingStatus = z.infer<typeof billingStatusSchema>;

/** POST /billing/checkout. */
export const checkoutRequestSchema = z.object({ plan: z.enum(PAID_PLANS, { error: 'Plano desconhecido' }) }).strict();
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** POST /billing/checkout and POST /billing/portal: where the browser goes next (Stripe's hosted page). */
export const billingRedirectSchema = z.object({ url: z.url() });
export type BillingRedirect = z.infer<typeof billingRedirectSchema>;

/** One change of plan, kept for the user's export (no card data ever reaches the server). */
export const planChangeSchema = z.object({
  plan: z.enum(PLANS),
  status: z.string(),
  source: z.enum(['stripe', 'operator']),
  at: z.iso.datetime({ offset: true }),
});

/** One invoice: dates and amounts only. */
export const invoiceRecordSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  periodStart: z.iso.datetime({ offset: true }).nullable(),
  periodEnd: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});

/** The export's billing part. */
export const exportBillingSchema = z.object({
  planHistory: z.array(planChangeSchema),
  invoices: z.array(invoiceRecordSchema),
});
export type ExportBilling = z.infer<typeof exportBillingSchema>;
