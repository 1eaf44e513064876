import { useTranslation } from 'react-i18next';
import { LoadFailedState } from '@/components/empty-state';
import { useTimeZone } from '@/hooks/use-time-zone';
import { useCredits } from '../api/use-credits';
import { useLedger } from '../api/use-ledger';
import { CreditsSummaryCards, CreditsSummarySkeleton } from './credits-summary';
import { HowCreditsWork } from './how-credits-work';
import { LedgerHistory } from './ledger-history';

/**
 * The credits screen's body: balance and quota, the ledger, and the rules. A failed first load of either
 * query shows one error with one retry (not two boxes saying the same thing); the rules stay readable.
 */
export function CreditsOverview() {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const summary = useCredits();
  const ledger = useLedger();
  const isSummaryFailed = summary.isError && !summary.data;
  const isLedgerFailed = ledger.isError && !ledger.data;

  const retry = () => {
    if (isSummaryFailed) void summary.refetch();
    if (isLedgerFailed) void ledger.refetch();
  };

  return (
    <div className="grid gap-6">
      {isSummaryFailed || isLedgerFailed ? (
        <LoadFailedState
          title={t('credits.errorTitle')}
          error={isSummaryFailed ? summary.error : ledger.error}
          onRetry={retry}
        />
      ) : summary.data ? (
        <CreditsSummaryCards summary={summary.data} />
      ) : (
        <CreditsSummarySkeleton />
      )}
      <div className="grid items-start gap-6 lg:grid-cols-5">
        {isSummaryFailed || isLedgerFailed ? null : (
          <div className="lg:col-span-3">
            <LedgerHistory ledger={ledger} timeZone={timeZone} />
          </div>
        )}
        <div className={isSummaryFailed || isLedgerFailed ? 'lg:col-span-5' : 'lg:col-span-2'}>
          <HowCreditsWork currentPlan={summary.data?.quota.plan} />
        </div>
      </div>
    </div>
  );
}
