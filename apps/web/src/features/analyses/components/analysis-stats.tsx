import type { AnalysisStats as Stats } from '@sonhario/contracts/analyses';
import { Drama, Heart, Shapes, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cachedFormat } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { DreamTypeBadge } from './dream-type-badge';

/** Each list shows its top few: enough to see a pattern, short enough for a phone screen. */
const TOP = 5;
const percents = new Map<string, Intl.NumberFormat>();
const percent = () =>
  cachedFormat(percents, (locale) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }));

interface Bar {
  key: string;
  label: string;
  count: number;
  detail?: string;
}

/** A ranked list drawn as bars: plain HTML and CSS, no chart library (one fewer dependency, readable as a list). */
function BarList({ id, title, icon: Icon, bars }: { id: string; title: string; icon: LucideIcon; bars: Bar[] }) {
  const { t } = useTranslation();
  const top = [...bars].sort((a, b) => b.count - a.count).slice(0, TOP);
  const max = Math.max(1, ...top.map((bar) => bar.count));
  return (
    <Card className="gap-4 bg-card/60 py-5 backdrop-blur-sm" role="region" aria-labelledby={id}>
      <CardHeader className="flex items-center gap-2.5 px-5">
        <Icon aria-hidden="true" className="size-4 text-primary" />
        <CardTitle asChild className="font-display text-base font-semibold">
          <h3 id={id}>{title}</h3>
        </CardTitle>
      </CardHeader>
      <CardContent className="px-5">
        {top.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('analytics.overview.none')}</p>
        ) : (
          <ol aria-labelledby={id} className="grid gap-3">
            {top.map((bar) => (
              <li key={bar.key} className="grid gap-1.5">
                <div className="flex items-baseline justify-between gap-3 text-sm">
                  <span className="min-w-0 truncate font-medium first-letter:uppercase">{bar.label}</span>
                  <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
                    {bar.count === 1
                      ? t('analytics.overview.timesOne')
                      : t('analytics.overview.times', { count: bar.count })}
                    {bar.detail ? <span className="max-sm:sr-only"> · {bar.detail}</span> : null}
                  </span>
                </div>
                <div aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-secondary">
                  <div
                    className="h-full rounded-full bg-gradient-to-r from-primary/50 to-primary"
                    style={{ width: `${(bar.count / max) * 100}%` }}
                  />
                </div>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

/** 'Panorama': how many analyses, which dream types, and the most frequent symbols, themes and emotions. */
export function AnalysisStats({ stats }: { stats: Stats }) {
  const { t } = useTranslation();
  const types = [...stats.dreamTypes].filter((type) => type.count > 0).sort((a, b) => b.count - a.count);
  return (
    <section aria-labelledby="overview-title" className="grid gap-4">
      <h2 id="overview-title" className="font-display text-xl font-semibold">
        {t('analytics.overview.title')}
      </h2>
      <Card className="gap-4 border-primary/30 bg-gradient-to-br from-primary/15 via-card/70 to-card/70 px-5 py-5 shadow-[0_0_60px_-30px_var(--glow)] sm:flex-row sm:items-center sm:justify-between sm:gap-8">
        <div role="group" aria-labelledby="total-label" className="flex items-baseline gap-3">
          <span className="font-display text-5xl font-semibold tabular-nums" data-testid="analyses-total">
            {stats.total}
          </span>
          <span className="grid">
            <span id="total-label" className="font-medium">
              {t('analytics.overview.total')}
            </span>
            <span className="text-xs text-muted-foreground">{t('analytics.overview.totalHint')}</span>
          </span>
        </div>
        {types.length > 0 ? (
          <div className="grid gap-2">
            <h3 id="types-title" className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
              {t('analytics.overview.dreamTypes')}
            </h3>
            <ul aria-labelledby="types-title" className="flex flex-wrap gap-1.5">
              {types.map((type) => (
                <li key={type.dreamType}>
                  <DreamTypeBadge dreamType={type.dreamType} className="gap-1.5">
                    <span className="tabular-nums opacity-80">{type.count}</span>
                  </DreamTypeBadge>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </Card>
      <div className="grid gap-4 md:grid-cols-3">
        <BarList
          id="symbols-title"
          title={t('analytics.overview.symbols')}
          icon={Shapes}
          bars={stats.symbols.map(({ name, count }) => ({ key: name, label: name, count }))}
        />
        <BarList
          id="themes-title"
          title={t('analytics.overview.themes')}
          icon={Drama}
          bars={stats.themes.map(({ name, count }) => ({ key: name, label: name, count }))}
        />
        <BarList
          id="emotions-title"
          title={t('analytics.overview.emotions')}
          icon={Heart}
          bars={stats.emotions.map(({ emotion, count, averageIntensity }) => ({
            key: emotion,
            label: t(`dreams.emotions.${emotion}`),
            count,
            detail: t('analytics.overview.intensity', { value: percent().format(averageIntensity) }),
          }))}
        />
      </div>
    </section>
  );
}

export function AnalysisStatsSkeleton() {
  return (
    <div aria-hidden="true" className="grid gap-4">
      <Skeleton className="h-6 w-32" />
      <Skeleton className="h-24 w-full rounded-xl" />
      <div className="grid gap-4 md:grid-cols-3">
        {[0, 1, 2].map((index) => (
          <div
            key={index}
            className={cn('grid gap-3 rounded-xl border border-border bg-card/40 p-5', index > 0 && 'max-md:hidden')}
          >
            <Skeleton className="h-4 w-32" />
            {[0, 1, 2].map((row) => (
              <div key={row} className="grid gap-1.5">
                <Skeleton className="h-3 w-2/3" />
                <Skeleton className="h-1.5 w-full" />
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
