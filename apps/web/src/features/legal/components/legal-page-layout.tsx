import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { NightSky } from '@/components/night-sky';
import { SkipLink } from '@/components/skip-link';
import { PRODUCT_NAME } from '@/lib/brand';
import { formatDate, type IsoDate } from '@/lib/dates';
import { LegalLinks } from './legal-links';

export interface LegalSection {
  id: string;
  title: string;
}

const linkClass =
  'rounded-sm text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60';

/**
 * The frame of /privacidade and /termos: brand, title, last-updated date, the sections as an index, the document,
 * and the links to the other document and back home. Public pages: the same for visitors and signed-in users.
 */
export function LegalPageLayout({
  title,
  updatedOn,
  sections,
  children,
}: {
  title: string;
  updatedOn: IsoDate;
  sections: LegalSection[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="relative flex min-h-dvh flex-col overflow-x-clip">
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <NightSky />
      <SkipLink label={t('common.skipToContent')} />
      <header className="mx-auto w-full max-w-3xl px-4 py-5 sm:px-6">
        <Link
          to="/"
          aria-label={t('common.homeLink', { product: PRODUCT_NAME })}
          className="inline-flex rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-offset-2 focus-visible:ring-offset-background"
        >
          <BrandMark />
        </Link>
      </header>
      <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-4 pb-16 outline-none sm:px-6">
        <article className="grid gap-8 rounded-2xl border border-border/70 bg-card/75 px-5 py-8 shadow-sm backdrop-blur-sm sm:px-10 sm:py-10">
          <header className="grid gap-2">
            <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
            <p className="text-sm text-muted-foreground">
              {t('legal.updatedOn', { date: formatDate(updatedOn, 'medium') })}
            </p>
          </header>
          <nav
            aria-label={t('legal.onThisPage')}
            className="rounded-lg border border-border/70 bg-background/40 px-4 py-3"
          >
            <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{t('legal.onThisPage')}</p>
            <ol className="mt-2 grid gap-1 text-sm sm:grid-cols-2 sm:gap-x-6">
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`} className={linkClass}>
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          <div className="grid gap-10 leading-relaxed text-pretty">{children}</div>
        </article>
        <footer className="mt-8 flex flex-col items-center gap-3 text-sm">
          <LegalLinks />
          <Link to="/" className={`${linkClass} inline-flex min-h-11 items-center`}>
            {t('common.backHome')}
          </Link>
        </footer>
      </main>
    </div>
  );
}

/** One titled section of a legal document (an anchor of the index). */
export function LegalSectionBlock({ section, children }: { section: LegalSection; children: ReactNode }) {
  return (
    <section aria-labelledby={section.id} className="grid scroll-mt-6 gap-3">
      <h2 id={section.id} className="font-display text-xl font-semibold tracking-tight sm:text-2xl">
        {section.title}
      </h2>
      {children}
    </section>
  );
}

/** A bulleted list in a legal document. */
export function LegalList({ children }: { children: ReactNode }) {
  return <ul className="grid list-disc gap-2 pl-5 marker:text-primary/70">{children}</ul>;
}

/** A link inside a legal document's text. */
export const legalTextLinkClass =
  'rounded-sm font-medium text-primary underline decoration-primary/40 underline-offset-4 outline-none hover:decoration-primary focus-visible:ring-[3px] focus-visible:ring-ring/60';
