import type { OverviewResponse } from '@sonhario/contracts/overview';
import { Brain, Flame, NotebookPen, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/** The dashboard's three numbers as drawn, from whatever counts they are given (the overview's, or the demo's). */

interface Stat {
  key: 'dreams' | 'analyses' | 'streak';
  icon: LucideIcon;
}

const STATS: readonly Stat[] = [
  { key: 'dreams', icon: NotebookPen },
  { key: 'analyses', icon: Brain },
  { key: 'streak', icon: Flame },
];

/** The counts the cards show. */
type StatCounts = Pick<OverviewResponse, 'dreamCount' | 'analysisCount' | 'currentStreak' | 'longestStreak'>;

/**
 * The three numbers of spec section 2; without `counts` (still loading), a placeholder for each. `streakDetails` is
 * what the app adds to the streak card; `isAnalysisGenerative` says whether the analyses are called AI (issue 19).
 */
export function StatCardsView({
  counts,
  isPending = false,
  isAnalysisGenerative,
  streakDetails,
}: {
  counts: StatCounts | undefined;
  isPending?: boolean;
  isAnalysisGenerative: boolean;
  streakDetails?: ReactNode;
}) {
  const { t } = useTranslation();
  const values = {
    dreams: counts?.dreamCount,
    analyses: counts?.analysisCount,
    streak: counts?.currentStreak,
  };
  const longest = counts?.longestStreak ?? 0;
  return (
    <section aria-labelledby="stats-title" aria-busy={isPending || undefined}>
      <h2 id="stats-title" className="sr-only">
        {t('dashboard.statsTitle')}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
        {STATS.map(({ key, icon: Icon }) => {
          const value = values[key];
          return (
            <li key={key} className={cn('flex', key === 'streak' && 'col-span-2 sm:col-span-1')}>
              <Card
                role="group"
                aria-labelledby={`stat-${key}`}
                className={cn(
                  'w-full gap-2 bg-card/60 px-3 py-4 backdrop-blur-sm sm:flex-row sm:items-center sm:gap-4 sm:px-5 sm:py-5',
                  key === 'streak' &&
                    streakDetails &&
                    'relative flex-row items-start gap-3 transition-colors hover:border-primary/40 sm:items-center',
                )}
              >
                <span
                  aria-hidden="true"
                  className="flex size-9 shrink-0 items-center justify-center rounded-full bg-secondary text-primary sm:size-11"
                >
                  <Icon className="size-4 sm:size-5" />
                </span>
                <div className="flex min-w-0 flex-col">
                  <p id={`stat-${key}`} className="text-xs leading-snug text-muted-foreground sm:text-sm">
                    {t(`dashboard.stats.${key}`)}
                  </p>
                  <div className="flex flex-wrap items-baseline gap-x-1.5">
                    {value === undefined ? (
                      <Skeleton data-testid={`stat-${key}-loading`} className="my-1.5 h-7 w-10" />
                    ) : (
                      <span className="font-display text-3xl font-semibold tabular-nums">{value}</span>
                    )}
                    <span className="text-xs text-muted-foreground">
                      {key === 'streak' && value === 1
                        ? t('dashboard.stats.streakHintOne')
                        : key === 'analyses' && !isAnalysisGenerative
                          ? t('dashboard.stats.analysesHintSymbolic')
                          : t(`dashboard.stats.${key}Hint`)}
                    </span>
                  </div>
                  {key === 'streak' && longest > 0 ? (
                    <p className="mt-0.5 text-xs text-muted-foreground/90">
                      {longest === 1 ? t('dashboard.stats.recordOne') : t('dashboard.stats.record', { count: longest })}
                    </p>
                  ) : key === 'streak' && value === undefined ? (
                    // The record's line while loading (anyone with a dream has one): the card keeps its height, and
                    // the cards below their place, now that they are on the first screen (docs/decisions/080).
                    <Skeleton className="mt-[3px] mb-px h-3.5 w-20" />
                  ) : null}
                  {key === 'streak' ? streakDetails : null}
                </div>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
