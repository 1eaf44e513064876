import { billingRedirectSchema, type PaidPlanId } from '@sonhario/contracts/billing';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, isApiError } from '@/lib/api-client';

export type BillingDestination = { kind: 'checkout'; plan: PaidPlanId } | { kind: 'portal' };

/** Where the browser goes next: Stripe's hosted checkout, or its Customer Portal. */
export interface BillingRedirect {
  url: string;
  kind: BillingDestination['kind'];
}

/** POST /billing/portal: Stripe's Customer Portal (card, invoices, change or cancel the plan). */
async function openPortal(): Promise<BillingRedirect> {
  const { data } = await apiRequest('/billing/portal', { method: 'POST', body: {}, schema: billingRedirectSchema });
  return { url: data.url, kind: 'portal' };
}

/**
 * POST /billing/checkout: Stripe Checkout for the plan. A user who already subscribes (409 already_subscribed, e.g.
 * from another tab) changes plans in the portal instead, so they are sent there.
 */
async function startCheckout(plan: PaidPlanId): Promise<BillingRedirect> {
  try {
    const { data } = await apiRequest('/billing/checkout', {
      method: 'POST',
      body: { plan },
      schema: billingRedirectSchema,
    });
    return { url: data.url, kind: 'checkout' };
  } catch (error) {
    if (isApiError(error) && error.code === 'already_subscribed') return openPortal();
    throw error;
  }
}

/** Asks the server where to go (checkout or portal) and resolves to Stripe's hosted page. */
export function useBillingRedirect() {
  return useMutation({
    mutationFn: (destination: BillingDestination) =>
      destination.kind === 'checkout' ? startCheckout(destination.plan) : openPortal(),
  });
}
