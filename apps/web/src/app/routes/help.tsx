import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AppPage } from '@/components/app-page';
import { useDreams } from '@/features/dreams/api/use-dreams';
import { HelpOverview } from '@/features/support/components/help-overview';

/** `/app/help` ('Ajuda'): write to support and read the answers (protected layout; docs/decisions/027). */
export function HelpRoute() {
  const { t } = useTranslation();
  // The 'Sobre um sonho' choices: the journal's first page (the most recent nights), composed here because a
  // feature does not import another.
  const { data } = useDreams({});
  const dreams = useMemo(
    () =>
      (data?.pages[0]?.items ?? []).map((dream) => ({ id: dream.id, title: dream.title, dreamtOn: dream.dreamtOn })),
    [data],
  );
  return (
    <AppPage
      pageTitle={t('support.pageTitle')}
      backLabel={t('support.back')}
      title={t('support.title')}
      subtitle={t('support.subtitle')}
    >
      <HelpOverview dreams={dreams} />
    </AppPage>
  );
}

export { HelpRoute as Component };
