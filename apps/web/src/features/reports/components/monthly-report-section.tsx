import type { MonthlyReport, ReportMonthsResponse } from '@sonhario/contracts/reports';
import { CalendarRange, RefreshCw, Sparkles, Square } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LockedFeatureCard } from '@/components/locked-feature-card';
import { toast } from 'sonner';
import { LoadFailedState } from '@/components/empty-state';
import { SectionCard } from '@/components/section-card';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { authorLabel } from '@/lib/analysis-author';
import { useProfile } from '@/hooks/use-profile';
import { formatDateTime } from '@/lib/dates';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { useGenerateReport, useMonthlyReport, useReportMonths, type GenerateState } from '../api/use-reports';

/** 'novembro de 2026' / 'November 2026'. */
function useMonthName() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { timeZone: 'UTC', month: 'long', year: 'numeric' });
  return (month: string) => format.format(new Date(`${month}-01T00:00:00Z`));
}

function useAuthor() {
  const { t } = useTranslation();
  return (author: { provider: MonthlyReport['provider']; model: string }) =>
    author.provider === 'builtin' ? t('monthlyReport.author.builtin') : authorLabel(t, author.provider, author.model);
}

const paragraphs = (text: string) => text.split(/\n\s*\n/).filter((part) => part.trim());

function Block({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <h4 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{title}</h4>
      {children}
    </div>
  );
}

function Prose({ text, isLead = false }: { text: string; isLead?: boolean }) {
  return (
    <div
      className={
        isLead
          ? 'grid gap-3 font-display text-lg leading-relaxed text-pretty text-foreground/95'
          : 'grid gap-3 text-sm leading-relaxed text-pretty text-foreground/90 sm:text-base'
      }
    >
      {paragraphs(text).map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}

/** The stored report: who wrote it and when, the month's numbers, then its sections. */
function ReportView({ report, timeZone }: { report: MonthlyReport; timeZone: string }) {
  const { t } = useTranslation();
  const monthName = useMonthName();
  const author = useAuthor();
  const { stats, result } = report;
  const counts = ['dreams', 'nightmares', 'lucid', 'recurring'] as const;
  return (
    <article
      aria-labelledby="monthly-report-heading"
      className="grid gap-5 rounded-xl border border-primary/20 bg-card/60 px-5 py-5 backdrop-blur-sm sm:px-6"
    >
      <div className="grid gap-1">
        <h3 id="monthly-report-heading" className="font-display text-lg font-semibold">
          {t('monthlyReport.reportTitle', { month: monthName(report.month) })}
        </h3>
        <p className="text-xs text-muted-foreground">
          {t('monthlyReport.madeOn', { date: formatDateTime(report.createdAt, timeZone) })} · {author(report)}
        </p>
      </div>
      <dl aria-label={t('monthlyReport.countsLabel')} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {counts.map((key) => (
          <div key={key} className="grid gap-0.5 rounded-lg border border-border/60 bg-background/30 px-3 py-2">
            <dt className="text-xs text-muted-foreground">{t(`monthlyReport.counts.${key}`)}</dt>
            <dd className="font-display text-xl font-semibold tabular-nums">
              {stats.counts[key]}
              <span className="block font-sans text-xs font-normal text-muted-foreground">
                {t('monthlyReport.previous', { count: stats.previousMonth[key] })}
              </span>
            </dd>
          </div>
        ))}
      </dl>
      <Block title={t('monthlyReport.sections.summary')}>
        <Prose text={result.summary} isLead />
      </Block>
      {result.themes.length > 0 ? (
        <Block title={t('monthlyReport.sections.themes')}>
          <ul className="grid gap-1.5 text-sm">
            {result.themes.map((theme) => (
              <li key={theme.name}>
                <span className="font-medium">{theme.name}</span>
                {theme.description ? <span className="text-muted-foreground"> — {theme.description}</span> : null}
              </li>
            ))}
          </ul>
        </Block>
      ) : null}
      <Block title={t('monthlyReport.sections.emotionalArc')}>
        <Prose text={result.emotionalArc} />
      </Block>
      {result.recurringSymbols.length > 0 ? (
        <Block title={t('monthlyReport.sections.symbols')}>
          <ul className="grid gap-1.5 text-sm">
            {result.recurringSymbols.map((symbol) => (
              <li key={symbol.symbol}>
                <span className="font-medium">{symbol.symbol}</span>
                {symbol.note ? <span className="text-muted-foreground"> — {symbol.note}</span> : null}
              </li>
            ))}
          </ul>
        </Block>
      ) : null}
      <Block title={t('monthlyReport.sections.change')}>
        <Prose text={result.changeFromPreviousMonth} />
      </Block>
      <Block title={t('monthlyReport.sections.questions')}>
        <ol className="grid list-decimal gap-1.5 pl-5 text-sm sm:text-base">
          {result.reflectionQuestions.map((question) => (
            <li key={question}>{question}</li>
          ))}
        </ol>
      </Block>
    </article>
  );
}

/** A report being written: who writes it, then the summary and the emotional arc as the pieces arrive. */
function ReportStream({ state }: { state: Extract<GenerateState, { status: 'streaming' }> }) {
  const { t } = useTranslation();
  const author = useAuthor();
  return (
    <div className="grid gap-5 rounded-xl border border-primary/20 bg-card/60 px-5 py-5 backdrop-blur-sm sm:px-6">
      <div className="grid gap-1">
        <h3 className="flex items-center gap-2 font-display text-lg font-semibold">
          <Spinner className="text-primary" />
          {t('monthlyReport.streaming')}
        </h3>
        <p className="text-xs text-muted-foreground">
          {state.author ? author(state.author) : t('monthlyReport.connecting')}
        </p>
      </div>
      <div aria-live="polite" className="grid gap-5">
        {state.summary ? (
          <Block title={t('monthlyReport.sections.summary')}>
            <Prose text={state.summary} isLead />
          </Block>
        ) : null}
        {state.emotionalArc ? (
          <Block title={t('monthlyReport.sections.emotionalArc')}>
            <Prose text={state.emotionalArc} />
          </Block>
        ) : null}
      </div>
    </div>
  );
}

/** What Dreamer and Lucid would get with Oracle, and the way to the plans. */
function LockedReport() {
  const { t } = useTranslation();
  const items = ['themes', 'arc', 'symbols', 'change', 'questions'] as const;
  return (
    <LockedFeatureCard
      text={t('monthlyReport.locked.text')}
      items={items.map((item) => t(`monthlyReport.locked.items.${item}`))}
      cta={t('monthlyReport.locked.cta')}
    />
  );
}

function OracleReport({ months, timeZone }: { months: ReportMonthsResponse; timeZone: string }) {
  const { t } = useTranslation();
  const monthName = useMonthName();
  const errorMessage = useApiErrorMessage();
  const pickerId = useId();
  const options = months.items.filter((item) => item.dreamCount > 0 || item.reportCreatedAt !== null);
  const [picked, setPicked] = useState<string | null>(null);
  const month = picked ?? options[0]?.month ?? null;
  const item = options.find((option) => option.month === month);
  const hasReport = item?.reportCreatedAt != null;
  const stored = useMonthlyReport(month, { isEnabled: hasReport });
  const generation = useGenerateReport();
  const { state } = generation;

  useEffect(() => {
    if (state.status !== 'error') return;
    const { failure } = state;
    if (failure.kind === 'consent') toast.error(t('monthlyReport.errors.consent'));
    else if (failure.kind === 'network') toast.error(t('monthlyReport.errors.network'));
    else toast.error(t('monthlyReport.errors.title'), { description: errorMessage(failure.error) });
  }, [state, t, errorMessage]);

  if (options.length === 0) {
    return <p className="text-sm text-muted-foreground">{t('monthlyReport.noDreams')}</p>;
  }

  const isStreaming = state.status === 'streaming';
  const streamingHere = isStreaming && state.month === month;
  let content;
  if (streamingHere) content = <ReportStream state={state} />;
  else if (hasReport && stored.data) content = <ReportView report={stored.data} timeZone={timeZone} />;
  else if (hasReport && stored.isError)
    content = (
      <LoadFailedState
        title={t('monthlyReport.loadFailed')}
        error={stored.error}
        onRetry={() => void stored.refetch()}
      />
    );
  else if (hasReport)
    content = (
      <div role="status" aria-label={t('common.loading')}>
        <Skeleton className="h-48 w-full" />
      </div>
    );
  else if (item && item.dreamCount === 0)
    content = <p className="text-sm text-muted-foreground">{t('monthlyReport.emptyMonth')}</p>;
  else
    content = (
      <p className="text-sm text-muted-foreground">{t('monthlyReport.none', { count: item?.dreamCount ?? 0 })}</p>
    );

  return (
    <>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-48 flex-1 gap-1.5 sm:flex-none">
          <label htmlFor={pickerId} className="text-sm font-medium">
            {t('monthlyReport.monthLabel')}
          </label>
          <NativeSelect
            id={pickerId}
            value={month ?? ''}
            disabled={isStreaming}
            onChange={(event) => {
              setPicked(event.target.value);
              if (state.status !== 'idle') generation.reset();
            }}
          >
            {options.map((option) => (
              <option key={option.month} value={option.month}>
                {t('monthlyReport.monthOption', { month: monthName(option.month), count: option.dreamCount })}
              </option>
            ))}
          </NativeSelect>
        </div>
        {isStreaming ? (
          <Button type="button" variant="outline" onClick={generation.cancel}>
            <Square aria-hidden="true" />
            {t('monthlyReport.stop')}
          </Button>
        ) : (
          <Button
            type="button"
            disabled={!month || item?.dreamCount === 0}
            onClick={() => {
              if (month) void generation.start(month);
            }}
          >
            {hasReport ? <RefreshCw aria-hidden="true" /> : <Sparkles aria-hidden="true" />}
            {hasReport ? t('monthlyReport.regenerate') : t('monthlyReport.generate')}
          </Button>
        )}
      </div>
      {state.status === 'cancelled' ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('monthlyReport.cancelled')}
        </p>
      ) : null}
      {content}
    </>
  );
}

/**
 * 'Relatório do mês' (Oracle): a month picker, the month's stored report, and generating it (streamed, 'Parar' to
 * cancel). Dreamer and Lucid see what it adds; the Oracle-only endpoints are never called for them.
 */
export function MonthlyReportSection() {
  const { t } = useTranslation();
  const profile = useProfile();
  const plan = profile.data?.plan;
  const isOracle = plan === 'oracle';
  const months = useReportMonths({ isEnabled: isOracle });

  let body;
  if (plan === undefined) {
    body = (
      <div role="status" aria-label={t('common.loading')}>
        <Skeleton className="h-24 w-full" />
      </div>
    );
  } else if (!isOracle) {
    body = <LockedReport />;
  } else if (months.data && profile.data) {
    body = <OracleReport months={months.data} timeZone={profile.data.timeZone} />;
  } else if (months.isError) {
    body = (
      <LoadFailedState
        title={t('monthlyReport.loadFailed')}
        error={months.error}
        onRetry={() => void months.refetch()}
      />
    );
  } else {
    body = (
      <div role="status" aria-label={t('common.loading')}>
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }

  return (
    <SectionCard
      id="monthly-report"
      icon={CalendarRange}
      title={t('monthlyReport.title')}
      description={isOracle ? t('monthlyReport.description') : t('monthlyReport.locked.description')}
    >
      {body}
    </SectionCard>
  );
}
