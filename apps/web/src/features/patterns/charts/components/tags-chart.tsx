import type { PatternCharts } from '@sonhario/contracts/pattern-charts';
import { useTranslation } from 'react-i18next';
import { Legend, Line, LineChart, XAxis, YAxis } from 'recharts';
import { ChartCard } from './chart-card';
import { AXIS, CHART, columnName, GRID, MARGIN, PALETTE, TOOLTIP, useBucketLabel } from './chart-style';

/** The most used tags over the period, one line each, named with whether it rises or fades. */
export function TagsChart({ charts }: { charts: PatternCharts }) {
  const { t } = useTranslation();
  const label = useBucketLabel(charts);
  const tagRows = charts.buckets.map((bucket, i) => ({
    label: label.short(bucket.start),
    // Keyed by position: a tag's name may hold a dot, which recharts would read as a path.
    ...Object.fromEntries(charts.tags.map((tag, t) => [`tag${t}`, tag.counts[i] ?? 0])),
  }));
  const namesOf = (trend: 'rising' | 'fading') =>
    charts.tags
      .filter((tag) => tag.trend === trend)
      .map((tag) => tag.name)
      .join(', ');
  const tagSummary = [
    namesOf('rising') && t('patternCharts.charts.tags.summaryRising', { names: namesOf('rising') }),
    namesOf('fading') && t('patternCharts.charts.tags.summaryFading', { names: namesOf('fading') }),
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <ChartCard
      title={t('patternCharts.charts.tags.title')}
      description={
        charts.tags.length
          ? t('patternCharts.charts.tags.description', { summary: tagSummary })
          : t('patternCharts.charts.tags.empty')
      }
      table={{
        columns: [
          columnName(t, 'tag'),
          columnName(t, 'total'),
          columnName(t, 'trend'),
          ...charts.buckets.map((b) => label.short(b.start)),
        ],
        rows: charts.tags.map((tag) => [
          tag.name,
          tag.total,
          t(`patternCharts.charts.tags.${tag.trend}`),
          ...tag.counts,
        ]),
      }}
    >
      <LineChart {...CHART} data={tagRows} margin={MARGIN}>
        {GRID}
        <XAxis dataKey="label" {...AXIS} />
        <YAxis allowDecimals={false} {...AXIS} />
        {TOOLTIP}
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {charts.tags.map((tag, i) => (
          <Line
            isAnimationActive={false}
            key={tag.name}
            type="monotone"
            dataKey={`tag${i}`}
            name={`${tag.name} · ${t(`patternCharts.charts.tags.${tag.trend}`)}`}
            stroke={PALETTE[i % PALETTE.length]}
            strokeWidth={2}
            dot={false}
          />
        ))}
      </LineChart>
    </ChartCard>
  );
}
