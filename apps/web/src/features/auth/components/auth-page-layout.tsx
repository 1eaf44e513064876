import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { NightSky } from '@/components/night-sky';
import { Spinner } from '@/components/ui/spinner';
import { PRODUCT_NAME } from '@/lib/brand';

/** The frame of the auth pages (/login, /redefinir-senha): the night sky, the brand, one centred column. */
export function AuthPageLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="relative flex min-h-dvh flex-col overflow-x-clip">
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <NightSky />
      <main
        id="main-content"
        className="mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center gap-8 px-4 py-10 sm:py-16"
      >
        <Link
          to="/"
          aria-label={t('common.homeLink', { product: PRODUCT_NAME })}
          className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-offset-2 focus-visible:ring-offset-background"
        >
          <BrandMark />
        </Link>
        {children}
        <Link
          to="/"
          className="inline-flex min-h-11 items-center rounded-sm text-sm text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          {t('common.backHome')}
        </Link>
      </main>
    </div>
  );
}

/** Full-page spinner while the session loads. */
export function AuthPageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <NightSky />
      <Spinner className="size-8 text-primary" label={t('common.loading')} />
    </div>
  );
}
