import { Coins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { useCredits } from '@/features/credits/api/use-credits';

/**
 * How the next analysis would be paid, from GET /credits: the plan's quota or credits. When neither covers it the
 * line only states the numbers: the server has the last word (the button stays, its 402 says why).
 */
export function AnalysisPayment() {
  const { t } = useTranslation();
  const credits = useCredits();
  if (credits.isPending) return <Skeleton className="h-4 w-64 max-w-full" />;
  if (!credits.data) return null;
  const { balance, quota, analysisCost, nextCharge } = credits.data;
  const text =
    nextCharge === 'quota'
      ? quota.limit === null
        ? t('analyses.payment.unlimited')
        : t('analyses.payment.quota', { used: quota.used, limit: quota.limit })
      : nextCharge === 'credits'
        ? t('analyses.payment.credits', { cost: analysisCost, balance })
        : quota.limit === null
          ? null
          : t(balance === 1 ? 'analyses.payment.exhaustedOne' : 'analyses.payment.exhausted', {
              used: quota.used,
              limit: quota.limit,
              balance,
            });
  if (!text) return null;
  return (
    <p data-testid="analysis-payment" className="flex items-start gap-2 text-sm text-pretty text-muted-foreground">
      <Coins aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary/80" />
      {text}
    </p>
  );
}
