import { ExternalLink, HeartHandshake, Phone } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const linkClass =
  'inline-flex min-h-10 items-center gap-2 rounded-md px-1 text-sm font-medium text-teal-800 dark:text-teal-100 underline decoration-teal-700/40 dark:decoration-teal-200/40 underline-offset-4 outline-none hover:decoration-teal-800 dark:hover:decoration-teal-100 focus-visible:ring-[3px] focus-visible:ring-ring/60';

/**
 * Shown where an analysis or a chat answer noticed distress in the user's words: a calm word and where to find
 * someone to talk to. In Portuguese, CVV (Brazil's free 24-hour emotional support line, 188); in English, whose
 * readers may live anywhere, findahelpline.com (free local lines by country) and the local emergency number
 * (docs/decisions/056). Soft colours on purpose: this is care, not an alarm. Shared by the analyses and the chat.
 */
export function SupportCard({ level = 3 }: { level?: 3 | 4 }) {
  const { t, i18n } = useTranslation();
  const isBrazilian = i18n.language.startsWith('pt');
  const titleId = useId();
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <aside
      aria-labelledby={titleId}
      className="flex gap-4 rounded-xl border border-teal-200/20 bg-teal-300/[0.06] px-5 py-5 sm:px-6"
    >
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-teal-300/10 text-teal-800 dark:text-teal-100 ring-1 ring-teal-200/20 ring-inset"
      >
        <HeartHandshake className="size-5" />
      </span>
      <div className="grid gap-2">
        <Heading id={titleId} className="font-display text-lg font-semibold text-foreground">
          {t('analyses.support.title')}
        </Heading>
        <p className="text-sm leading-relaxed text-pretty text-foreground/90">{t('analyses.support.text')}</p>
        <p className="text-sm leading-relaxed text-pretty text-muted-foreground">
          {t(isBrazilian ? 'analyses.support.cvv' : 'analyses.support.helpline')} {t('analyses.support.emergency')}
        </p>
        <div className="flex flex-col gap-x-5 sm:flex-row sm:flex-wrap">
          {isBrazilian ? (
            <>
              <a href="tel:188" className={linkClass}>
                <Phone aria-hidden="true" className="size-4" />
                {t('analyses.support.call')}
              </a>
              <a href="https://cvv.org.br" target="_blank" rel="noopener noreferrer" className={linkClass}>
                <ExternalLink aria-hidden="true" className="size-4" />
                {t('analyses.support.site')}
                <span className="sr-only"> {t('analyses.support.newTab')}</span>
              </a>
            </>
          ) : (
            <a href="https://findahelpline.com" target="_blank" rel="noopener noreferrer" className={linkClass}>
              <ExternalLink aria-hidden="true" className="size-4" />
              {t('analyses.support.helplineSite')}
              <span className="sr-only"> {t('analyses.support.newTab')}</span>
            </a>
          )}
        </div>
      </div>
    </aside>
  );
}
