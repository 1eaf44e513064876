import { useTranslation } from 'react-i18next';
import { AppPage } from '@/components/app-page';
import { RewardsOverview } from '@/features/rewards/components/rewards-overview';

/** `/app/rewards` ('Conquistas'): streak, calendar, level, achievements and the daily bonus (protected layout). */
export function RewardsRoute() {
  const { t } = useTranslation();
  return (
    <AppPage
      pageTitle={t('rewards.pageTitle')}
      backLabel={t('rewards.back')}
      title={t('rewards.title')}
      subtitle={t('rewards.subtitle')}
      isWide
    >
      <RewardsOverview />
    </AppPage>
  );
}

export { RewardsRoute as Component };
