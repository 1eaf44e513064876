import type { Emotion } from '@sonhario/contracts/dreams';
import type { ChartBucket, PatternCharts } from '@sonhario/contracts/pattern-charts';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, Legend, XAxis, YAxis } from 'recharts';
import { ChartCard } from './chart-card';
import { AXIS, CHART, columnName, GRID, MARGIN, PALETTE, TOOLTIP, useBucketLabel } from './chart-style';

/** What the emotions chart reads: the buckets' emotions (the demo draws it from its sample weeks). */
interface EmotionsChartData {
  granularity: PatternCharts['granularity'];
  buckets: Pick<ChartBucket, 'start' | 'emotions'>[];
}

/** Emotions: the five felt most in the period, stacked. `title` names the chart otherwise (the demo's weeks). */
export function EmotionsChart({ charts, title }: { charts: EmotionsChartData; title?: string }) {
  const { t } = useTranslation();
  const label = useBucketLabel(charts);
  const emotionTotals = new Map<Emotion, number>();
  for (const bucket of charts.buckets) {
    for (const [emotion, count] of Object.entries(bucket.emotions) as [Emotion, number][]) {
      emotionTotals.set(emotion, (emotionTotals.get(emotion) ?? 0) + count);
    }
  }
  const topEmotions = [...emotionTotals.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5);
  const emotionName = (emotion: Emotion) => t(`dreams.emotions.${emotion}`);
  const emotionRows = charts.buckets.map((bucket) => ({
    label: label.short(bucket.start),
    ...Object.fromEntries(topEmotions.map(([emotion]) => [emotion, bucket.emotions[emotion] ?? 0])),
  }));

  return (
    <ChartCard
      title={title ?? t('patternCharts.charts.emotions.title')}
      description={t('patternCharts.charts.emotions.description', {
        top: topEmotions.length
          ? topEmotions.map(([emotion, count]) => `${emotionName(emotion)} (${count})`).join(', ')
          : t('patternCharts.charts.emotions.none'),
      })}
      table={{
        columns: [columnName(t, 'period'), ...topEmotions.map(([emotion]) => emotionName(emotion))],
        rows: charts.buckets.map((b) => [
          label.long(b.start),
          ...topEmotions.map(([emotion]) => b.emotions[emotion] ?? 0),
        ]),
      }}
    >
      <BarChart {...CHART} data={emotionRows} margin={MARGIN}>
        {GRID}
        <XAxis dataKey="label" {...AXIS} />
        <YAxis allowDecimals={false} {...AXIS} />
        {TOOLTIP}
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {topEmotions.map(([emotion], i) => (
          <Bar
            isAnimationActive={false}
            key={emotion}
            dataKey={emotion}
            name={emotionName(emotion)}
            stackId="emotions"
            fill={PALETTE[i]}
          />
        ))}
      </BarChart>
    </ChartCard>
  );
}
