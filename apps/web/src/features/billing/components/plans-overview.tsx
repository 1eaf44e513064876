import type { BillingStatus, PaidPlanId } from '@sonhario/contracts/billing';
import { PLAN_NAMES } from '@sonhario/contracts/credits';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { LoadFailedState } from '@/components/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useTimeZone } from '@/hooks/use-time-zone';
import { clearPlanIntent, paidPlanOf, readPlanIntent } from '@/lib/plan-intent';
import { queryKeys } from '@/lib/query-keys';
import { CHECKOUT_POLL, isAwaitingCheckout, useBilling } from '../api/use-billing';
import { useLeaveForBilling } from '../hooks/use-leave-for-billing';
import { AdminManagedNote } from './admin-managed-note';
import { CheckoutPending } from './checkout-pending';
import { CurrentPlanCard } from './current-plan-card';
import { LeavingNotice } from './leaving-notice';
import { PlanCards } from './plan-cards';

function PlansSkeleton() {
  return (
    <div aria-hidden="true" className="grid gap-6">
      <Skeleton className="h-56 rounded-xl" />
      <div className="grid gap-5 md:grid-cols-3">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-80 rounded-xl" />
        ))}
      </div>
    </div>
  );
}

/**
 * Back from Stripe Checkout (`?checkout=<session>`): asks GET /billing?checkout= until the webhook gave the plan
 * (the query polls), then welcomes the user to it, refreshes what the plan changes (profile, quota, rewards) and
 * drops the parameter, handing the fresh status to the plain query so no stale plan shows in between.
 */
function useCheckoutReturn() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const checkout = params.get('checkout');
  const [pollSince, setPollSince] = useState(() => (checkout ? Date.now() : null));
  const [isSlow, setIsSlow] = useState(false);
  const billing = useBilling({ checkout, pollSince });
  const isAwaiting = isAwaitingCheckout(billing.data, checkout);

  useEffect(() => {
    if (!checkout || pollSince === null || !isAwaiting) return;
    const timer = setTimeout(() => setIsSlow(true), Math.max(0, pollSince + CHECKOUT_POLL.maxMs - Date.now()));
    return () => clearTimeout(timer);
  }, [checkout, pollSince, isAwaiting]);

  const settled = useRef<string | null>(null);
  useEffect(() => {
    const status = billing.data;
    if (!checkout || !status || isAwaiting || settled.current === checkout) return;
    settled.current = checkout;
    if (status.plan !== 'dreamer') {
      toast.success(t('billing.checkout.welcome', { plan: PLAN_NAMES[status.plan] }), {
        description: t('billing.checkout.welcomeText'),
      });
    }
    queryClient.setQueryData<BillingStatus>(queryKeys.billing.status(null), status);
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.profile }),
      queryClient.invalidateQueries({ queryKey: queryKeys.credits.summary }),
      queryClient.invalidateQueries({ queryKey: queryKeys.overview }),
      queryClient.invalidateQueries({ queryKey: queryKeys.rewards }),
    ]);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('checkout');
        return next;
      },
      { replace: true },
    );
  }, [billing.data, checkout, isAwaiting, queryClient, setParams, t]);

  const refresh = () => {
    setIsSlow(false);
    setPollSince(Date.now());
    void billing.refetch();
  };
  return { billing, isAwaiting, isSlow, refresh };
}

/**
 * The plan chosen before signing up (`?subscribe=<plan>`, or kept in localStorage through the e-mail link): with
 * billing on, its checkout starts once, as soon as the status is known; with billing off it is only shown apart.
 * Either way it is used up: the parameter and the stored plan are cleared.
 */
function useChosenPlan(billing: BillingStatus | undefined, onStart: (plan: PaidPlanId) => void) {
  const [params, setParams] = useSearchParams();
  const [chosen] = useState(() => paidPlanOf(params.get('subscribe')) ?? readPlanIntent());
  const isHandled = useRef(false);
  useEffect(() => {
    if (!billing || !chosen || isHandled.current) return;
    isHandled.current = true;
    clearPlanIntent();
    if (params.has('subscribe')) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('subscribe');
          return next;
        },
        { replace: true },
      );
    }
    if (billing.isEnabled && !billing.subscription && billing.plan !== chosen) onStart(chosen);
  }, [billing, chosen, onStart, params, setParams]);
  return chosen;
}

/** The 'Planos' screen's body (docs/decisions/027). */
export function PlansOverview() {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const { billing, isAwaiting, isSlow, refresh } = useCheckoutReturn();
  const { leave, pending, leaving } = useLeaveForBilling();
  const chosen = useChosenPlan(isAwaiting ? undefined : billing.data, (plan) => leave({ kind: 'checkout', plan }));

  if (isAwaiting && !billing.isError) {
    return <CheckoutPending isSlow={isSlow} isRefreshing={billing.isFetching} onRefresh={refresh} />;
  }
  if (billing.isError && !billing.data) {
    return (
      <LoadFailedState title={t('billing.errorTitle')} error={billing.error} onRetry={() => void billing.refetch()} />
    );
  }
  if (!billing.data) return <PlansSkeleton />;
  const data = billing.data;
  const pendingKey = pending ? (pending.kind === 'portal' ? 'portal' : pending.plan) : null;
  const manage = () => leave({ kind: 'portal' });

  return (
    <div className="grid gap-8">
      {leaving ? <LeavingNotice leaving={leaving} /> : null}
      <CurrentPlanCard billing={data} timeZone={timeZone} onManage={manage} isManaging={pendingKey === 'portal'} />
      <PlanCards
        billing={data}
        chosen={leaving ? null : chosen}
        pending={pendingKey}
        onSubscribe={(plan) => leave({ kind: 'checkout', plan })}
        onManage={manage}
      />
      {data.isEnabled ? null : <AdminManagedNote newAccountPlan={data.newAccountPlan} />}
    </div>
  );
}
