import type { Analysis } from '@sonhario/contracts/analyses';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { AnalysisView } from './analysis-view';

function EarlierAnalysis({
  analysis,
  dreamVersion,
  timeZone,
}: {
  analysis: Analysis;
  dreamVersion: number;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const provider =
    analysis.provider === 'builtin'
      ? t('analyses.providers.builtin')
      : `${t(`analyses.providers.${analysis.provider}`)} · ${analysis.model}`;
  return (
    <li className="rounded-xl border border-border/70 bg-card/30">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        onClick={() => setIsOpen((open) => !open)}
        className="flex min-h-12 w-full items-center gap-3 rounded-xl px-4 py-2 text-left text-sm outline-none hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/60"
      >
        <span className="flex min-w-0 flex-1 flex-col sm:flex-row sm:gap-2">
          <time dateTime={analysis.createdAt} className="font-medium">
            {formatDateTime(analysis.createdAt, timeZone)}
          </time>
          <span aria-hidden="true" className="text-muted-foreground max-sm:hidden">
            ·
          </span>
          <span className="truncate text-muted-foreground">{provider}</span>
        </span>
        <span className="sr-only">{isOpen ? t('analyses.history.hide') : t('analyses.history.show')}</span>
        <ChevronDown
          aria-hidden="true"
          className={cn('size-4 shrink-0 text-muted-foreground transition-transform', isOpen && 'rotate-180')}
        />
      </button>
      {isOpen ? (
        <div id={panelId} className="border-t border-border/60 px-3 py-4 sm:px-4">
          <AnalysisView
            analysis={analysis}
            isDreamChanged={analysis.isDreamChanged || analysis.dreamVersion < dreamVersion}
            timeZone={timeZone}
            level={4}
          />
        </div>
      ) : null}
    </li>
  );
}

/** The dream's earlier analyses (the newest one is shown above): date and author, each opening to its cards. */
export function AnalysisHistory({
  analyses,
  dreamVersion,
  timeZone,
}: {
  analyses: Analysis[];
  dreamVersion: number;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  if (analyses.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className="grid gap-3">
      <h3 id={titleId} className="font-display text-base font-semibold">
        {t('analyses.history.title')}
      </h3>
      <ul className="grid gap-2">
        {analyses.map((analysis) => (
          <EarlierAnalysis key={analysis.id} analysis={analysis} dreamVersion={dreamVersion} timeZone={timeZone} />
        ))}
      </ul>
    </section>
  );
}
