import { billingStatusSchema, type BillingStatus } from '@sonhario/contracts/billing';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { retryUnlessClientError } from '@/lib/query-retry';

/** How often the plan page asks again while a completed checkout's webhook is awaited, and for how long. */
export const CHECKOUT_POLL = { intervalMs: 1_500, maxMs: 30_000 } as const;

/**
 * GET /billing: the plan, this month's quota, the subscription and the prices (docs/decisions/027). With `checkout`
 * (the session id Stripe sends the browser back with) the server also says whether that checkout still awaits its
 * webhook; while it does, and for at most `CHECKOUT_POLL.maxMs` from `pollSince`, the query asks again.
 */
export function useBilling(options: { checkout?: string | null; pollSince?: number | null; isEnabled?: boolean } = {}) {
  const checkout = options.checkout ?? null;
  const pollSince = options.pollSince ?? null;
  return useQuery({
    queryKey: queryKeys.billing.status(checkout),
    queryFn: async ({ signal }) =>
      (await apiRequest('/billing', { query: { checkout }, schema: billingStatusSchema, signal })).data,
    retry: retryUnlessClientError,
    enabled: options.isEnabled ?? true,
    refetchInterval: (query) =>
      isAwaitingCheckout(query.state.data, checkout) &&
      pollSince !== null &&
      Date.now() - pollSince < CHECKOUT_POLL.maxMs
        ? CHECKOUT_POLL.intervalMs
        : false,
  });
}

/**
 * A checkout came back (Stripe sends the browser back only once it is paid or its trial started) but its plan is not
 * in yet: the server says it awaits the webhook, or it has no subscription to show yet (it could not read the session).
 */
export const isAwaitingCheckout = (status: BillingStatus | undefined, checkout: string | null) =>
  checkout !== null && (status === undefined || status.isCheckoutPending || (status.isEnabled && !status.subscription));
