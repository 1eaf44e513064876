import { ChartLine, Repeat } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { EmotionsChart } from '@/features/patterns/charts/components/emotions-chart';
import { addDays, todayIn } from '@/lib/dates';
import { DEMO_EMOTION_WEEKS, type DemoJournal } from './demo-journal';

/** The Monday of each of the last eight weeks (oldest first), in the visitor's zone. */
function weekStarts(timeZone: string): string[] {
  const today = todayIn(timeZone);
  const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7;
  const thisMonday = addDays(today, -weekday);
  return DEMO_EMOTION_WEEKS.map((_, i) => addDays(thisMonday, (i - DEMO_EMOTION_WEEKS.length + 1) * 7));
}

/** 'Padrões' in miniature: emotions week by week (the app's own chart, with its table view) and the dream signs. */
export function DemoPatterns({ journal, timeZone }: { journal: DemoJournal; timeZone: string }) {
  const { t } = useTranslation();
  const buckets = weekStarts(timeZone).map((start, i) => ({ start, emotions: DEMO_EMOTION_WEEKS[i] ?? {} }));
  const maxSign = Math.max(...journal.signs.map((sign) => sign.count));

  return (
    <section aria-labelledby="demo-patterns-title" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="demo-patterns-title" className="flex items-center gap-2 font-display text-2xl font-semibold">
          <ChartLine aria-hidden="true" className="size-5 text-primary" />
          {t('demo.patterns.title')}
        </h2>
        <p className="text-sm text-pretty text-muted-foreground">{t('demo.patterns.description')}</p>
      </div>
      <div className="grid items-start gap-4 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <EmotionsChart charts={{ granularity: 'week', buckets }} title={t('demo.patterns.chartTitle')} />

        <Card
          role="region"
          aria-labelledby="demo-signs-title"
          className="gap-4 bg-card/60 px-4 py-4 backdrop-blur-sm sm:px-5 sm:py-5"
        >
          <div className="grid gap-1">
            <h3 id="demo-signs-title" className="flex items-center gap-2 font-display text-base font-semibold">
              <Repeat aria-hidden="true" className="size-4 text-primary" />
              {t('demo.signs.title')}
            </h3>
            <p className="text-xs text-pretty text-muted-foreground">
              {t('demo.signs.description', { name: journal.dreamerName })}
            </p>
          </div>
          <ul className="grid gap-3">
            {journal.signs.map((sign) => (
              <li key={sign.name} className="grid gap-1">
                <div className="flex items-baseline justify-between gap-3 text-sm">
                  <span className="font-medium">{sign.name}</span>
                  <span className="text-xs text-muted-foreground tabular-nums">
                    {t('demo.signs.count', { count: sign.count })}
                  </span>
                </div>
                <div aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-secondary">
                  <div
                    className="h-full rounded-full bg-primary/70"
                    style={{ width: `${(sign.count / maxSign) * 100}%` }}
                  />
                </div>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </section>
  );
}
