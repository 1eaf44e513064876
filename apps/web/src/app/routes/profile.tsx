import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProfileOverview } from '@/features/profile/components/profile-overview';
import { PRODUCT_NAME } from '@/lib/brand';

/** `/app/profile` ('Perfil' in the user menu): name, e-mail, time zone, member since and plan (protected layout). */
export function ProfileRoute() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <title>{`${t('profile.pageTitle')} · ${PRODUCT_NAME}`}</title>
      <div className="grid gap-4">
        <Link
          to="/app"
          className="-my-2 inline-flex min-h-10 w-fit items-center gap-1.5 rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('profile.back')}
        </Link>
        <div className="grid gap-1.5">
          <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">{t('profile.title')}</h1>
          <p className="text-muted-foreground">{t('profile.subtitle')}</p>
        </div>
      </div>
      <ProfileOverview />
    </div>
  );
}

export { ProfileRoute as Component };
