import { PLAN_NAMES } from '@sonhario/contracts/credits';
import { ArrowRight, Gem } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { useProfile } from '@/hooks/use-profile';

/** The dashboard's line about the plan (from the profile the shell already loaded) and the way to 'Planos'. */
export function PlanSummaryLink() {
  const { t } = useTranslation();
  const { data, isPending } = useProfile();
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
      <Gem aria-hidden="true" className="size-4 text-primary" />
      {data ? (
        <>
          <span data-testid="dashboard-plan">{t('billing.dashboardLink', { plan: PLAN_NAMES[data.plan] })}</span>
          {/* The dot only separates the plan from the link: without a profile there is nothing to separate. */}
          <span aria-hidden="true">·</span>
        </>
      ) : isPending ? (
        // The plan's place while the profile loads, about as wide as 'Plano Dreamer': the link does not move.
        <>
          <Skeleton aria-hidden="true" className="h-3.5 w-24" />
          <span aria-hidden="true">·</span>
        </>
      ) : null}
      <Link
        to="/app/plans"
        className="inline-flex min-h-10 items-center gap-1 rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
      >
        {t('billing.link')}
        <ArrowRight aria-hidden="true" className="size-3.5" />
      </Link>
    </p>
  );
}
