import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CreditsOverview } from '@/features/credits/components/credits-overview';
import { PRODUCT_NAME } from '@/lib/brand';

/** `/app/credits`: balance, this month's quota, the credit history and how credits work (protected layout). */
export function CreditsRoute() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <title>{`${t('credits.pageTitle')} · ${PRODUCT_NAME}`}</title>
      <div className="grid gap-4">
        <Link
          to="/app"
          className="-my-2 inline-flex min-h-10 w-fit items-center gap-1.5 rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('credits.back')}
        </Link>
        <div className="grid gap-1.5">
          <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">{t('credits.title')}</h1>
          <p className="text-muted-foreground">{t('credits.subtitle')}</p>
        </div>
      </div>
      <CreditsOverview />
    </div>
  );
}

export { CreditsRoute as Component };
