import { useTranslation } from 'react-i18next';
import { AppPage } from '@/components/app-page';
import { PlansOverview } from '@/features/billing/components/plans-overview';

/** `/app/plans` ('Planos'): the current plan, this month's use and the three plans; buying through Stripe (protected). */
export function PlansRoute() {
  const { t } = useTranslation();
  return (
    <AppPage
      pageTitle={t('billing.pageTitle')}
      backLabel={t('billing.back')}
      title={t('billing.title')}
      subtitle={t('billing.subtitle')}
      isWide
    >
      <PlansOverview />
    </AppPage>
  );
}

export { PlansRoute as Component };
