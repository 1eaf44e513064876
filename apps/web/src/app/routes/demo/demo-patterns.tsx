import { ChartLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmotionsChart } from '@/features/patterns/charts/components/emotions-chart';
import { addDays, todayIn } from '@/lib/dates';
import { DEMO_EMOTION_WEEKS, type DemoJournal } from './demo-journal';
import { DemoSigns } from './demo-signs';

/** The Monday of each of the last eight weeks (oldest first), in the visitor's zone. */
function weekStarts(timeZone: string): string[] {
  const today = todayIn(timeZone);
  const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7;
  const thisMonday = addDays(today, -weekday);
  return DEMO_EMOTION_WEEKS.map((_, i) => addDays(thisMonday, (i - DEMO_EMOTION_WEEKS.length + 1) * 7));
}

/** 'Padrões' in miniature: emotions week by week (the app's own chart, with its table view) and the dream signs (the app's own). */
export function DemoPatterns({ journal, timeZone }: { journal: DemoJournal; timeZone: string }) {
  const { t } = useTranslation();
  const buckets = weekStarts(timeZone).map((start, i) => ({ start, emotions: DEMO_EMOTION_WEEKS[i] ?? {} }));

  return (
    <section aria-labelledby="demo-patterns-title" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="demo-patterns-title" className="flex items-center gap-2 font-display text-2xl font-semibold">
          <ChartLine aria-hidden="true" className="size-5 text-primary" />
          {t('demo.patterns.title')}
        </h2>
        <p className="text-sm text-pretty text-muted-foreground">{t('demo.patterns.description')}</p>
      </div>
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <EmotionsChart charts={{ granularity: 'week', buckets }} title={t('demo.patterns.chartTitle')} />

        <DemoSigns journal={journal} />
      </div>
    </section>
  );
}
