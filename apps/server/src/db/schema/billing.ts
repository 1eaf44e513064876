import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { authUsers } from './auth.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A user's Stripe customer (modules/billing, docs/decisions/027). Created at the first checkout and kept: the trial
 * is once per account, so `trialUsedAt` outlives every subscription. No card data is ever stored (Stripe holds it).
 */
export const billingCustomers = pgTable('billing_customers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => authUsers.id, { onDelete: 'cascade' }),
  stripeCustomerId: text('stripe_customer_id').notNull().unique(),
  /** When a subscription with a trial was first created for this account: no second trial after it. */
  trialUsedAt: at('trial_used_at'),
  /** A checkout session that came back completed while its subscription's webhook is not processed yet. */
  pendingCheckoutId: text('pending_checkout_id'),
  pendingCheckoutAt: at('pending_checkout_at'),
  createdAt: at('created_at').notNull(),
});

/**
 * Subscriptions as last read back from Stripe (never as an event said): the plan is derived from these rows.
 * Kept after cancellation for the export's plan history.
 */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    /** Stripe's subscription id (sub_…). */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    /** The paid plan of the subscription's current price (lucid or oracle). */
    plan: text('plan').notNull(),
    priceId: text('price_id').notNull(),
    /** One of SUBSCRIPTION_STATUSES. */
    status: text('status').notNull(),
    trialEnd: at('trial_end'),
    currentPeriodStart: at('current_period_start'),
    currentPeriodEnd: at('current_period_end'),
    isCancelledAtPeriodEnd: boolean('is_cancelled_at_period_end').notNull().default(false),
    /** A downgrade that takes effect at the period's end (its plan), or null. */
    pendingPlan: text('pending_plan'),
    /** When the subscription turned past_due (the grace period counts from here); null when not past_due. */
    pastDueSince: at('past_due_since'),
    /** Stripe's `created` of the subscription: the newest one decides when a user has several. */
    stripeCreatedAt: at('stripe_created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('billing_subscriptions_user_idx').on(t.userId, t.stripeCreatedAt.desc())],
);

/** Webhook events by Stripe's id: each processed once, whatever Stripe retries or replays. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: at('received_at').notNull(),
  processedAt: at('processed_at'),
});

/** Invoices: dates and amounts only, for the user's export. */
export const billingInvoices = pgTable(
  'billing_invoices',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    periodStart: at('period_start'),
    periodEnd: at('period_end'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('billing_invoices_user_idx').on(t.userId, t.createdAt)],
);

/** Every change of a user's plan and why (Stripe or the operator): the export's plan history. */
export const planChanges = pgTable(
  'plan_changes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    plan: text('plan').notNull(),
    /** The subscription's status that led to it, or `operator`. */
    status: text('status').notNull(),
    source: text('source').notNull(),
    at: at('at').notNull(),
  },
  (t) => [index('plan_changes_user_idx').on(t.userId, t.at)],
);
