// What the billing services share: their dependencies, the Stripe call that fails as 502, the dates Stripe gives.

import type { PlanId } from '@sonhario/contracts/profile';
import type { Mailer } from '../auth/auth.mailer.ts';
import type { RequestContext } from '../../context.ts';
import { ConflictError } from '../../errors.ts';
import { ENDED_STATUSES } from './billing.repository.ts';
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
  /** The plan accounts get when they are created (config.newAccountPlan), shown on the plan page. */
  newAccountPlan: PlanId;
}

export type Ctx = Pick<RequestContext, 'db' | 'userId' | 'now' | 'log'>;

export const DAY_MS = 86_400_000;
export const disabled = () =>
  new ConflictError('billing_disabled', 'Os planos são gerenciados pelo administrador desta instalação.');
export const iso = (at: Date | null) => (at ? at.toISOString() : null);
export const fromUnix = (seconds: number | null | undefined) => (seconds == null ? null : new Date(seconds * 1000));
export const isEnded = (status: string) => (ENDED_STATUSES as readonly string[]).includes(status);

/** Runs a Stripe call; any failure becomes 502 billing_provider_failed. */
export async function callStripe<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw providerFailed(error);
  }
}
