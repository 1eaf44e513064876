import { useTranslation } from 'react-i18next';
import { AppPage } from '@/components/app-page';
import { ProfileOverview } from '@/features/profile/components/profile-overview';

/** `/app/profile` ('Perfil' in the user menu): name, e-mail, time zone, member since and plan (protected layout). */
export function ProfileRoute() {
  const { t } = useTranslation();
  return (
    <AppPage
      pageTitle={t('profile.pageTitle')}
      backLabel={t('profile.back')}
      title={t('profile.title')}
      subtitle={t('profile.subtitle')}
    >
      <ProfileOverview />
    </AppPage>
  );
}

export { ProfileRoute as Component };
