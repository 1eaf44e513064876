import { BookOpen, Brain } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState, LoadFailedState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { useTimeZone } from '@/hooks/use-time-zone';
import { useAnalyses } from '../api/use-analyses';
import { useAnalysisStats } from '../api/use-analysis-stats';
import { AnalysisList, AnalysisListSkeleton } from './analysis-list';
import { AnalysisStats, AnalysisStatsSkeleton } from './analysis-stats';

/**
 * The analytics screen's body: the aggregates, then every analysis. Both queries load together; a failed
 * first load of either shows one error with one retry, and no analyses at all shows the empty state.
 */
export function AnalyticsOverview() {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const stats = useAnalysisStats();
  const analyses = useAnalyses();
  const isStatsFailed = stats.isError && !stats.data;
  const isListFailed = analyses.isError && !analyses.data;
  const items = analyses.data?.pages.flatMap((page) => page.items) ?? [];

  if (isStatsFailed || isListFailed) {
    return (
      <LoadFailedState
        title={t('analytics.errorTitle')}
        error={isStatsFailed ? stats.error : analyses.error}
        onRetry={() => {
          if (isStatsFailed) void stats.refetch();
          if (isListFailed) void analyses.refetch();
        }}
      />
    );
  }

  if (!stats.data || analyses.isPending) {
    return (
      <div className="grid gap-8" role="status" aria-label={t('common.loading')}>
        <AnalysisStatsSkeleton />
        <AnalysisListSkeleton />
      </div>
    );
  }

  if (items.length === 0) {
    return (
      <EmptyState
        icon={Brain}
        title={t('analytics.emptyTitle')}
        text={t('analytics.emptyText')}
        action={
          <Button asChild>
            <Link to="/app/dreams">
              <BookOpen aria-hidden="true" />
              {t('analytics.emptyCta')}
            </Link>
          </Button>
        }
      />
    );
  }

  return (
    <div className="grid gap-10">
      <AnalysisStats stats={stats.data} />
      <AnalysisList analyses={analyses} timeZone={timeZone} />
    </div>
  );
}
