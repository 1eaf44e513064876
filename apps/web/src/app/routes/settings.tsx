import { useTranslation } from 'react-i18next';
import { AppPage } from '@/components/app-page';
import { SettingsOverview } from '@/features/settings/components/settings-overview';

/** `/app/settings` ('Configurações' in the user menu): password, sessions, language and theme, privacy, data. */
export function SettingsRoute() {
  const { t } = useTranslation();
  return (
    <AppPage
      pageTitle={t('settings.pageTitle')}
      backLabel={t('settings.back')}
      title={t('settings.title')}
      subtitle={t('settings.subtitle')}
    >
      <SettingsOverview />
    </AppPage>
  );
}

export { SettingsRoute as Component };
