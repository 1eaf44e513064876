import { ArrowRight, FlaskConical, Languages, MoonStar } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { lazyPart } from '@/components/lazy-part';
import { NightSky } from '@/components/night-sky';
import { RetryAlert } from '@/components/retry-alert';
import { SkipLink } from '@/components/skip-link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { PRODUCT_NAME } from '@/lib/brand';
import { browserTimeZone } from '@/lib/dates';
import { applyLanguage } from '@/lib/preferences';
import { demoJournalFor } from './demo/demo-journal';
import { DemoJournalSection } from './demo/demo-journal-section';
import { DemoOverview } from './demo/demo-overview';

// The chart brings recharts (the analytics screen's chunk): it follows the rest, which paints without waiting for it.
const DemoPatterns = lazyPart(() =>
  import('./demo/demo-patterns').then((module) => ({ default: module.DemoPatterns })),
);

/** Sign-up: the login page opened on its 'Cadastro' tab. */
const SIGN_UP = '/login?tab=signup';

/**
 * `/demo`: what 'Watch Demo' on the landing page opens (docs/decisions/039-demo.md). A sample journal with no account:
 * the dashboard's numbers, streak and credits, the dreams, an analysis written out on timers, a pattern chart, all
 * from fixture data in this lazy chunk, in the app's language. It makes no request to the API or to auth.
 */
export function DemoRoute() {
  const { t, i18n } = useTranslation();
  const journal = demoJournalFor(i18n.language);
  const timeZone = browserTimeZone();
  const otherLanguage = i18n.language === 'en' ? 'pt-BR' : 'en';

  return (
    <div className="relative flex min-h-dvh flex-col overflow-x-clip">
      <title>{`${t('demo.pageTitle')} · ${PRODUCT_NAME}`}</title>
      <NightSky />
      <SkipLink label={t('common.skipToContent')} />
      <header className="sticky top-0 z-40 border-b border-border/60 bg-background/70 backdrop-blur-lg supports-[backdrop-filter]:bg-background/55">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:px-6">
          <Link
            to="/"
            aria-label={t('common.homeLink', { product: PRODUCT_NAME })}
            className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-offset-2 focus-visible:ring-offset-background"
          >
            <BrandMark className="[&>span:last-child]:max-[440px]:sr-only" />
          </Link>
          <Badge
            variant="outline"
            className="rounded-full border-amber-300/40 bg-amber-300/10 px-2.5 py-1 text-amber-800 dark:text-amber-100"
          >
            <FlaskConical aria-hidden="true" />
            {t('demo.badge')}
          </Badge>
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            <Button
              variant="ghost"
              size="sm"
              lang={otherLanguage}
              aria-label={t('demo.switchLanguageLabel')}
              onClick={() => void applyLanguage(otherLanguage)}
            >
              <Languages aria-hidden="true" />
              {t('demo.switchLanguage')}
            </Button>
            <Button asChild size="sm" className="max-sm:hidden">
              <Link to={SIGN_UP}>{t('demo.signUp')}</Link>
            </Button>
          </div>
        </div>
      </header>

      <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
        <div className="mx-auto flex w-full max-w-6xl flex-col gap-10 px-4 py-8 sm:px-6 sm:py-12">
          <div
            role="note"
            aria-labelledby="demo-banner-title"
            className="flex items-start gap-3 rounded-xl border border-amber-300/30 bg-amber-300/[0.07] px-4 py-3.5 sm:px-5"
          >
            <FlaskConical aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-200" />
            <div className="grid gap-0.5">
              <p id="demo-banner-title" className="font-medium text-amber-900 dark:text-amber-50">
                {t('demo.banner.title')}
              </p>
              <p className="text-sm text-pretty text-amber-900/80 dark:text-amber-50/80">
                {t('demo.banner.text', { name: journal.dreamerName })}
              </p>
            </div>
          </div>

          <div className="-mt-2 flex flex-col gap-2">
            <h1 className="font-display text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
              {t('dashboard.greeting', { name: journal.dreamerName })}
            </h1>
            <p className="text-base text-pretty text-muted-foreground sm:text-lg">{t('demo.intro')}</p>
          </div>

          <DemoOverview timeZone={timeZone} />
          <DemoJournalSection dreams={journal.dreams} timeZone={timeZone} />
          <DemoPatterns
            journal={journal}
            timeZone={timeZone}
            loading={<Skeleton className="h-96 w-full rounded-xl bg-card/60" />}
            failed={(retry) => <RetryAlert message={t('demo.patterns.loadError')} onRetry={retry} />}
          />

          <section
            aria-labelledby="demo-cta-title"
            className="relative overflow-hidden rounded-3xl border border-primary/25 bg-gradient-to-br from-primary/20 via-card/80 to-card/80 px-6 py-12 text-center shadow-[0_0_90px_-30px_var(--glow)] sm:px-12 sm:py-16"
          >
            <div
              aria-hidden="true"
              className="absolute -top-40 left-1/2 size-96 -translate-x-1/2 bg-[radial-gradient(circle,var(--glow),transparent_65%)]"
            />
            <MoonStar aria-hidden="true" className="relative mx-auto size-9 text-primary" />
            <h2
              id="demo-cta-title"
              className="relative mt-5 font-display text-3xl font-semibold tracking-tight text-balance sm:text-4xl"
            >
              {t('demo.cta.title')}
            </h2>
            <p className="relative mx-auto mt-4 max-w-xl text-pretty text-muted-foreground sm:text-lg">
              {t('demo.cta.text')}
            </p>
            <div className="relative mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
              <Button asChild size="lg" className="shadow-[0_0_40px_-8px_var(--glow)] max-sm:w-full">
                <Link to={SIGN_UP}>
                  {t('demo.cta.button')}
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
              <Button asChild variant="ghost" size="lg" className="max-sm:w-full">
                <Link to="/">{t('demo.cta.back')}</Link>
              </Button>
            </div>
          </section>
        </div>
      </main>
    </div>
  );
}

export { DemoRoute as Component };
