import type { Emotion } from '@sonhario/contracts/dreams';
import { ChartLine, Repeat } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { Card } from '@/components/ui/card';
import { ChartCard } from '@/features/patterns/charts/components/chart-card';
import { addDays, currentFormatLocale, todayIn } from '@/lib/dates';
import { DEMO_EMOTION_WEEKS, type DemoJournal } from './demo-journal';

// The colours of 'Padrões' (features/patterns/charts/components/chart-views.tsx), so the demo's chart looks like it.
const PALETTE = ['oklch(0.72 0.14 286)', 'oklch(0.75 0.12 200)', 'oklch(0.8 0.13 85)', 'oklch(0.7 0.16 20)'];
const AXIS = { stroke: 'currentColor', tick: { fontSize: 11, fill: 'currentColor' }, tickLine: false } as const;

/** The Monday of each of the last eight weeks (oldest first), in the visitor's zone. */
function weekStarts(timeZone: string): string[] {
  const today = todayIn(timeZone);
  const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7;
  const thisMonday = addDays(today, -weekday);
  return DEMO_EMOTION_WEEKS.map((_, i) => addDays(thisMonday, (i - DEMO_EMOTION_WEEKS.length + 1) * 7));
}

/** 'Padrões' in miniature: emotions week by week (the app's chart card, with its table view) and the dream signs. */
export function DemoPatterns({ journal, timeZone }: { journal: DemoJournal; timeZone: string }) {
  const { t } = useTranslation();
  const dayMonth = new Intl.DateTimeFormat(currentFormatLocale(), { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const starts = weekStarts(timeZone);
  const labels = starts.map((start) => dayMonth.format(new Date(`${start}T12:00:00Z`)));

  const totals = new Map<Emotion, number>();
  for (const week of DEMO_EMOTION_WEEKS) {
    for (const [emotion, count] of Object.entries(week) as [Emotion, number][]) {
      totals.set(emotion, (totals.get(emotion) ?? 0) + count);
    }
  }
  const top = [...totals.entries()].sort((a, b) => b[1] - a[1]).slice(0, PALETTE.length);
  const nameOf = (emotion: Emotion) => t(`dreams.emotions.${emotion}`);
  const rows = DEMO_EMOTION_WEEKS.map((week, i) => ({
    label: labels[i],
    ...Object.fromEntries(top.map(([emotion]) => [emotion, week[emotion] ?? 0])),
  }));
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
        <ChartCard
          title={t('demo.patterns.chartTitle')}
          description={t('demo.patterns.chartDescription', {
            top: top.map(([emotion, count]) => `${nameOf(emotion)} (${count})`).join(', '),
          })}
          table={{
            columns: [t('patternCharts.columns.period'), ...top.map(([emotion]) => nameOf(emotion))],
            rows: DEMO_EMOTION_WEEKS.map((week, i) => [
              t('patternCharts.weekOf', { date: labels[i] }),
              ...top.map(([emotion]) => week[emotion] ?? 0),
            ]),
          }}
        >
          <BarChart
            accessibilityLayer
            responsive
            style={{ width: '100%', height: '100%' }}
            data={rows}
            margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
          >
            <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.15} vertical={false} />
            <XAxis dataKey="label" {...AXIS} />
            <YAxis allowDecimals={false} {...AXIS} />
            <Tooltip
              contentStyle={{
                background: 'var(--popover)',
                border: '1px solid var(--border)',
                borderRadius: 8,
                color: 'var(--popover-foreground)',
                fontSize: 12,
              }}
              cursor={{ fill: 'currentColor', fillOpacity: 0.06 }}
            />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {top.map(([emotion], i) => (
              <Bar
                isAnimationActive={false}
                key={emotion}
                dataKey={emotion}
                name={nameOf(emotion)}
                stackId="emotions"
                fill={PALETTE[i]}
              />
            ))}
          </BarChart>
        </ChartCard>

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
