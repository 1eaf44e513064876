import { Brain, Flame, NotebookPen, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';

interface Stat {
  key: 'dreams' | 'analyses' | 'streak';
  icon: LucideIcon;
}

const STATS: readonly Stat[] = [
  { key: 'dreams', icon: NotebookPen },
  { key: 'analyses', icon: Brain },
  { key: 'streak', icon: Flame },
];

/** The three numbers of spec section 2, fixed at 0 until dreams, analyses and streaks exist. */
export function StatCards() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="stats-title">
      <h2 id="stats-title" className="sr-only">
        {t('dashboard.statsTitle')}
      </h2>
      <ul className="grid grid-cols-3 gap-3 sm:gap-4">
        {STATS.map(({ key, icon: Icon }) => (
          <li key={key} className="flex">
            <Card
              role="group"
              aria-labelledby={`stat-${key}`}
              className="w-full gap-2 bg-card/60 px-3 py-4 backdrop-blur-sm sm:flex-row sm:items-center sm:gap-4 sm:px-5 sm:py-5"
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
                <p className="flex flex-wrap items-baseline gap-x-1.5">
                  <span className="font-display text-3xl font-semibold tabular-nums">0</span>
                  <span className="text-xs text-muted-foreground">{t(`dashboard.stats.${key}Hint`)}</span>
                </p>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
