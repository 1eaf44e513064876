import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SettingsOverview } from '@/features/settings/components/settings-overview';
import { PRODUCT_NAME } from '@/lib/brand';

/** `/app/settings` ('Configurações' in the user menu): password, sessions, language and theme, privacy, data. */
export function SettingsRoute() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <title>{`${t('settings.pageTitle')} · ${PRODUCT_NAME}`}</title>
      <div className="grid gap-4">
        <Link
          to="/app"
          className="-my-2 inline-flex min-h-10 w-fit items-center gap-1.5 rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('settings.back')}
        </Link>
        <div className="grid gap-1.5">
          <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">{t('settings.title')}</h1>
          <p className="text-muted-foreground">{t('settings.subtitle')}</p>
        </div>
      </div>
      <SettingsOverview />
    </div>
  );
}

export { SettingsRoute as Component };
