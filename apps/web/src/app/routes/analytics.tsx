import { useTranslation } from 'react-i18next';
import { AppPage } from '@/components/app-page';
import { AnalyticsOverview } from '@/features/analyses/components/analytics-overview';

/** `/app/analytics`: what the analyses say together (symbols, themes, emotions, types), then each one (protected layout). */
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
      <AnalyticsOverview />
    </AppPage>
  );
}

export { AnalyticsRoute as Component };
