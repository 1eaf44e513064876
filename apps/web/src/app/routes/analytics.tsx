import { useTranslation } from 'react-i18next';
import { AppPage } from '@/components/app-page';
import { AnalyticsOverview } from '@/features/analyses/components/analytics-overview';
import { PatternChartsSection } from '@/features/patterns/charts/components/pattern-charts-section';
import { MonthlyReportSection } from '@/features/reports/components/monthly-report-section';
import { DreamSignsSection } from '@/features/patterns/signs/components/dream-signs-section';

/**
 * `/app/analytics`, shown as 'Padrões': the journal's charts over a chosen period, then what the analyses say
 * together (symbols, themes, emotions, types) and each one (protected layout).
 */
export function AnalyticsRoute() {
  const { t } = useTranslation();
  return (
    <AppPage
      pageTitle={t('analytics.pageTitle')}
      backLabel={t('analytics.back')}
      title={t('analytics.title')}
      subtitle={t('analytics.subtitle')}
      isWide
    >
      <div className="grid gap-10">
        <PatternChartsSection />
        <MonthlyReportSection />
        <DreamSignsSection />
        <AnalyticsOverview />
      </div>
    </AppPage>
  );
}

export { AnalyticsRoute as Component };
