import { PLAN_NAMES } from '@sonhario/contracts/credits';
import { CreditCard, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useProfile } from '@/hooks/use-profile';
import { useTimeZone } from '@/hooks/use-time-zone';
import { useBilling } from '../api/use-billing';
import { formatInstantDate } from '../billing-format';
import { useLeaveForBilling } from '../hooks/use-leave-for-billing';

/**
 * Every /app page, while a subscription's payment failed (past_due): the plan is kept until the grace ends, and the
 * portal is where the card is updated. GET /billing is asked only for a paid plan (the profile, which the shell has
 * loaded anyway, says which), so Dreamer accounts pay nothing for it.
 */
export function PastDueBanner() {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const profile = useProfile();
  const billing = useBilling({ isEnabled: Boolean(profile.data && profile.data.plan !== 'dreamer') });
  const { leave, pending, leaving } = useLeaveForBilling();
  const subscription = billing.data?.subscription;
  if (!billing.data?.isEnabled || subscription?.status !== 'past_due') return null;
  const until = subscription.graceEndsAt ?? subscription.currentPeriodEnd;
  return (
    <div role="alert" className="border-b border-amber-400/30 bg-amber-400/10">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 text-sm sm:flex-row sm:items-center sm:px-6">
        <p className="flex flex-1 items-start gap-2.5 text-pretty">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-200" />
          {t('billing.pastDue.text', {
            date: until ? formatInstantDate(until, timeZone) : '',
            plan: PLAN_NAMES[subscription.plan],
          })}
        </p>
        <Button
          variant="outline"
          size="sm"
          className="h-9 shrink-0"
          disabled={pending !== null || leaving !== null}
          onClick={() => leave({ kind: 'portal' })}
        >
          {pending || leaving ? <Spinner /> : <CreditCard aria-hidden="true" />}
          {t('billing.pastDue.action')}
        </Button>
      </div>
    </div>
  );
}
