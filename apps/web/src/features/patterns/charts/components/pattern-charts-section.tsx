import { CHART_PERIODS, MIN_DREAMS_FOR_PATTERNS, type ChartPeriod } from '@sonhario/contracts/pattern-charts';
import type { PatternBasics } from '@sonhario/contracts/pattern-charts';
import { ChartLine, Sprout } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LockedFeatureCard } from '@/components/locked-feature-card';
import { LoadFailedState } from '@/components/empty-state';
import { SectionCard } from '@/components/section-card';
import { Skeleton } from '@/components/ui/skeleton';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { useProfile } from '@/hooks/use-profile';
import { isApiError } from '@/lib/api-client';
import { currentFormatLocale } from '@/lib/dates';
import { usePatternCharts } from '../api/use-pattern-charts';
import { PatternChartViews } from './chart-views';

/**
 * The month's name ('dezembro'): its counts go by the night dreamt, as everywhere in the app, so on the morning of the
 * 1st the night before still counts in the month before, and the line says which month it counts.
 */
const monthNameOf = (month: string) =>
  new Intl.DateTimeFormat(currentFormatLocale(), { month: 'long', timeZone: 'UTC' }).format(
    new Date(`${month}-01T12:00:00Z`),
  );

/** The journal's counts; without `basics` (still loading), their labels with a placeholder for each figure. */
function BasicCounts({ basics }: { basics?: PatternBasics }) {
  const { t } = useTranslation();
  const stats = [
    { key: 'total', value: basics?.totals.dreams },
    { key: 'lucid', value: basics?.totals.lucid },
    { key: 'nightmares', value: basics?.totals.nightmares },
  ] as const;
  return (
    <div className="grid gap-2" aria-busy={!basics || undefined}>
      <dl aria-label={t('patternCharts.basics.label')} className="grid grid-cols-3 gap-2">
        {stats.map((stat) => (
          <div key={stat.key} className="grid gap-0.5 rounded-lg border border-border/60 bg-background/30 px-3 py-2">
            <dt className="text-xs text-muted-foreground">{t(`patternCharts.basics.${stat.key}`)}</dt>
            <dd className="font-display text-xl font-semibold tabular-nums">
              {stat.value ?? <Skeleton className="my-1 h-5 w-8" />}
            </dd>
          </div>
        ))}
      </dl>
      {basics ? (
        <p className="text-sm text-muted-foreground">
          {t('patternCharts.basics.thisMonth', { ...basics.thisMonth, monthName: monthNameOf(basics.month) })}
        </p>
      ) : (
        <Skeleton className="my-0.5 h-4 w-3/4" />
      )}
    </div>
  );
}

/** What Dreamer would see with Lucid or Oracle, and the way to the plans. */
function LockedCharts() {
  const { t } = useTranslation();
  const items = ['dreams', 'lucidity', 'emotions', 'nightmares', 'moodSleep', 'tags'] as const;
  return (
    <LockedFeatureCard
      text={t('patternCharts.locked.text')}
      items={items.map((item) => t(`patternCharts.locked.items.${item}`))}
      cta={t('patternCharts.locked.cta')}
    />
  );
}

/**
 * 'Padrões' charts: the period picker, then the charts of the journal over it (Lucid and Oracle). Dreamer sees the
 * basic counts and what the charts would add.
 */
export function PatternChartsSection() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<ChartPeriod>('3m');
  // Dreamer asks only for the basics (a chart period would answer 403 plan_required, an error in the console).
  const plan = useProfile().data?.plan;
  const charts = usePatternCharts(period, { isEnabled: plan !== undefined && plan !== 'dreamer' });
  const isLocked = plan === 'dreamer' || (isApiError(charts.error) && charts.error.code === 'plan_required');
  const basicsOnly = usePatternCharts(null, { isEnabled: isLocked });
  const data = charts.data;

  let body;
  if (isLocked) {
    body = (
      <>
        {basicsOnly.isError ? null : <BasicCounts basics={basicsOnly.data?.basics} />}
        <LockedCharts />
      </>
    );
  } else if (charts.isError && !data) {
    body = (
      <LoadFailedState
        title={t('patternCharts.errorTitle')}
        error={charts.error}
        onRetry={() => void charts.refetch()}
      />
    );
  } else if (!data?.charts) {
    body = (
      <div role="status" aria-label={t('common.loading')} className="grid gap-3">
        <BasicCounts />
        <Skeleton className="h-56 w-full" />
      </div>
    );
  } else {
    body = (
      <>
        <BasicCounts basics={data.basics} />
        <div className="grid gap-1.5">
          <span id="pattern-period-label" className="text-sm font-medium">
            {t('patternCharts.periodLabel')}
          </span>
          <ToggleGroup
            type="single"
            aria-labelledby="pattern-period-label"
            value={period}
            onValueChange={(value) => {
              if (value) setPeriod(value as ChartPeriod);
            }}
          >
            {CHART_PERIODS.map((option) => (
              <ToggleGroupItem key={option} value={option} variant="segment" size="sm">
                {t(`patternCharts.periods.${option}`)}
              </ToggleGroupItem>
            ))}
          </ToggleGroup>
        </div>
        {data.charts.isTooLittleData ? (
          <p
            role="note"
            className="flex items-start gap-2.5 rounded-lg border border-border/60 bg-background/30 px-4 py-3 text-sm text-pretty"
          >
            <Sprout aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>
              <span className="font-medium">{t('patternCharts.tooLittle')}</span>
              <span className="block text-muted-foreground">
                {t('patternCharts.tooLittleHint', { count: MIN_DREAMS_FOR_PATTERNS })}
              </span>
            </span>
          </p>
        ) : null}
        {data.charts.dreamCount > 0 ? <PatternChartViews charts={data.charts} /> : null}
      </>
    );
  }

  return (
    <SectionCard
      id="pattern-charts"
      icon={ChartLine}
      title={isLocked ? t('patternCharts.locked.title') : t('patternCharts.title')}
      description={t('patternCharts.description')}
    >
      {body}
    </SectionCard>
  );
}
