import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { authorLabel } from '../analysis-author';
import type { AnalysisAuthor } from '../api/use-analyze-dream';
import { paragraphsOf } from './analysis-view';

/**
 * An analysis being written: who writes it, then the summary and the interpretation growing as the pieces arrive.
 * The texts sit in a polite live region, so a screen reader reads them as they come without interrupting.
 */
export function AnalysisStream({
  author,
  summary,
  interpretation,
  headingRef,
}: {
  author: AnalysisAuthor | null;
  summary: string;
  interpretation: string;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-5 rounded-xl border border-primary/20 bg-card/60 px-5 py-5 shadow-[0_30px_120px_-60px_var(--glow)] backdrop-blur-sm sm:px-6 sm:py-6">
      <div className="grid gap-1.5">
        <h3
          ref={headingRef}
          tabIndex={-1}
          className="flex items-center gap-2 rounded-sm font-display text-lg font-semibold outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          <Spinner className="text-primary" />
          {t('analyses.streaming.title')}
        </h3>
        <p className="text-xs text-muted-foreground">
          {author ? authorLabel(t, author.provider, author.model) : t('analyses.streaming.connecting')}
        </p>
      </div>
      <div aria-live="polite" className="grid gap-5">
        {summary ? (
          <div className="grid gap-1.5">
            <h4 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
              {t('analyses.sections.summary')}
            </h4>
            <p className="font-display text-lg leading-relaxed text-pretty text-foreground/95">{summary}</p>
          </div>
        ) : null}
        {interpretation ? (
          <div className="grid gap-1.5">
            <h4 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
              {t('analyses.sections.interpretation')}
            </h4>
            <div className="grid gap-3 text-sm leading-relaxed text-pretty text-foreground/90 sm:text-base sm:leading-relaxed">
              {paragraphsOf(interpretation).map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </div>
          </div>
        ) : null}
        {!summary && !interpretation ? (
          <div aria-hidden="true" className="grid gap-2">
            <span className="h-3 w-4/5 animate-pulse rounded-full bg-secondary motion-reduce:animate-none" />
            <span className="h-3 w-3/5 animate-pulse rounded-full bg-secondary motion-reduce:animate-none" />
          </div>
        ) : null}
      </div>
    </div>
  );
}
