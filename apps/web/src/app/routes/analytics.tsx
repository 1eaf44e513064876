import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AnalyticsOverview } from '@/features/analytics/components/analytics-overview';
import { PRODUCT_NAME } from '@/lib/brand';

/** `/app/analytics`: what the analyses say together (symbols, themes, emotions, types), then each one (protected layout). */
export function AnalyticsRoute() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <title>{`${t('analytics.pageTitle')} · ${PRODUCT_NAME}`}</title>
      <div className="grid gap-4">
        <Link
          to="/app"
          className="-my-2 inline-flex min-h-10 w-fit items-center gap-1.5 rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('analytics.back')}
        </Link>
        <div className="grid gap-1.5">
          <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">{t('analytics.title')}</h1>
          <p className="text-muted-foreground">{t('analytics.subtitle')}</p>
        </div>
      </div>
      <AnalyticsOverview />
    </div>
  );
}

export { AnalyticsRoute as Component };
