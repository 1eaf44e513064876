import { useTranslation } from 'react-i18next';
import { AppPage } from '@/components/app-page';
import { CreditsOverview } from '@/features/credits/components/credits-overview';

/** `/app/credits`: balance, this month's quota, the credit history and how credits work (protected layout). */
export function CreditsRoute() {
  const { t } = useTranslation();
  return (
    <AppPage
      pageTitle={t('credits.pageTitle')}
      backLabel={t('credits.back')}
      title={t('credits.title')}
      subtitle={t('credits.subtitle')}
      isWide
    >
      <CreditsOverview />
    </AppPage>
  );
}

export { CreditsRoute as Component };
