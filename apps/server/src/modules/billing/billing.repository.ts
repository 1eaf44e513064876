import { and, asc, desc, eq, isNull, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  billingCustomers,
  billingEvents,
  billingInvoices,
  billingSubscriptions,
  planChanges,
} from '../../db/schema/billing.ts';

export type CustomerRow = typeof billingCustomers.$inferSelect;
export type SubscriptionRow = typeof billingSubscriptions.$inferSelect;
export type InvoiceRow = typeof billingInvoices.$inferSelect;
export type PlanChangeRow = typeof planChanges.$inferSelect;

/** Statuses after which a subscription never charges again. */
export const ENDED_STATUSES = ['canceled', 'incomplete_expired'] as const;

// --- customers -----------------------------------------------------------------------------------------------------

export async function findCustomer(db: DbOrTx, userId: string): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId)).limit(1);
  return row;
}

export async function findCustomerByStripeId(db: DbOrTx, stripeCustomerId: string): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(billingCustomers)
    .where(eq(billingCustomers.stripeCustomerId, stripeCustomerId))
    .limit(1);
  return row;
}

/** Stores the user's customer unless one is stored already (two first checkouts racing keep the first). */
export async function insertCustomer(
  db: DbOrTx,
  row: { userId: string; stripeCustomerId: string; createdAt: Date },
): Promise<void> {
  await db.insert(billingCustomers).values(row).onConflictDoNothing({ target: billingCustomers.userId });
}

/** The trial is spent: set once, never cleared. */
export async function markTrialUsed(db: DbOrTx, userId: string, at: Date): Promise<void> {
  await db
    .update(billingCustomers)
    .set({ trialUsedAt: at })
    .where(and(eq(billingCustomers.userId, userId), isNull(billingCustomers.trialUsedAt)));
}

export async function setPendingCheckout(
  db: DbOrTx,
  userId: string,
  pending: { id: string; at: Date } | null,
): Promise<void> {
  await db
    .update(billingCustomers)
    .set({ pendingCheckoutId: pending?.id ?? null, pendingCheckoutAt: pending?.at ?? null })
    .where(eq(billingCustomers.userId, userId));
}

// --- subscriptions -------------------------------------------------------------------------------------------------

export async function findSubscription(db: DbOrTx, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, id)).limit(1);
  return row;
}

/** The user's subscriptions, newest first (Stripe's `created`). */
export async function listSubscriptions(db: DbOrTx, userId: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.userId, userId))
    .orderBy(desc(billingSubscriptions.stripeCreatedAt), desc(billingSubscriptions.id));
}

export async function listLiveSubscriptions(db: DbOrTx, userId: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(billingSubscriptions)
    .where(and(eq(billingSubscriptions.userId, userId), notInArray(billingSubscriptions.status, [...ENDED_STATUSES])))
    .orderBy(desc(billingSubscriptions.stripeCreatedAt));
}

/** Writes a subscription as just read from Stripe (the row is only ever what Stripe last said). */
export async function upsertSubscription(db: DbOrTx, row: SubscriptionRow): Promise<void> {
  const { id: _id, userId: _userId, ...changes } = row;
  await db
    .insert(billingSubscriptions)
    .values(row)
    .onConflictDoUpdate({ target: billingSubscriptions.id, set: changes });
}

// --- events and invoices -------------------------------------------------------------------------------------------

/** Records a webhook event by Stripe's id; false when it was recorded before (a duplicate or a replay). */
export async function insertEvent(db: DbOrTx, event: { id: string; type: string; receivedAt: Date }): Promise<boolean> {
  const rows = await db
    .insert(billingEvents)
    .values({ ...event, processedAt: event.receivedAt })
    .onConflictDoNothing({ target: billingEvents.id })
    .returning({ id: billingEvents.id });
  return rows.length > 0;
}

export async function upsertInvoice(db: DbOrTx, row: InvoiceRow): Promise<void> {
  const { id: _id, userId: _userId, createdAt: _createdAt, ...changes } = row;
  await db.insert(billingInvoices).values(row).onConflictDoUpdate({ target: billingInvoices.id, set: changes });
}

export async function listInvoices(db: DbOrTx, userId: string): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(billingInvoices)
    .where(eq(billingInvoices.userId, userId))
    .orderBy(asc(billingInvoices.createdAt), asc(billingInvoices.id));
}

// --- plan history --------------------------------------------------------------------------------------------------

export async function insertPlanChange(
  db: DbOrTx,
  row: { userId: string; plan: string; status: string; source: 'stripe' | 'operator'; at: Date },
): Promise<void> {
  await db.insert(planChanges).values(row);
}

export async function listPlanChanges(db: DbOrTx, userId: string): Promise<PlanChangeRow[]> {
  return db.select().from(planChanges).where(eq(planChanges.userId, userId)).orderBy(asc(planChanges.at));
}

/** Erases the user's billing rows (account deletion; the foreign keys would cascade, this says it out loud). */
export async function deleteBillingRows(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(planChanges).where(eq(planChanges.userId, userId));
  await db.delete(billingInvoices).where(eq(billingInvoices.userId, userId));
  await db.delete(billingSubscriptions).where(eq(billingSubscriptions.userId, userId));
  await db.delete(billingCustomers).where(eq(billingCustomers.userId, userId));
}
