import type { Emotion } from '@sonhario/contracts/dreams';
import type { PatternCharts } from '@sonhario/contracts/pattern-charts';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
  ZAxis,
} from 'recharts';
import { formatDate } from '@/lib/dates';
import { ChartCard } from './chart-card';

/**
 * The charts of 'Padrões' (recharts, in the analytics route's chunk only: docs/decisions/029). Every chart has
 * recharts' accessibility layer (keyboard and screen-reader tooltips), a description in words and a table view.
 */

// Night colours that read on the dark and the light theme.
const PALETTE = [
  'oklch(0.72 0.14 286)',
  'oklch(0.75 0.12 200)',
  'oklch(0.8 0.13 85)',
  'oklch(0.7 0.16 20)',
  'oklch(0.74 0.14 150)',
  'oklch(0.7 0.13 330)',
  'oklch(0.78 0.08 250)',
  'oklch(0.68 0.1 60)',
];
const AXIS = { stroke: 'currentColor', tick: { fontSize: 11, fill: 'currentColor' }, tickLine: false } as const;
const GRID = <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.15} vertical={false} />;
const TOOLTIP = (
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
);
// Every series is drawn still (`isAnimationActive={false}`): calm at 3 a.m., whole at once for a screenshot or a
// screen reader, and nothing moves for those who ask for reduced motion.
const CHART = { accessibilityLayer: true, responsive: true, style: { width: '100%', height: '100%' } } as const;
const MARGIN = { top: 8, right: 8, bottom: 0, left: -16 };

const COLUMNS = {
  period: 'patternCharts.columns.period',
  dreams: 'patternCharts.columns.dreams',
  lucid: 'patternCharts.columns.lucid',
  meanLucidity: 'patternCharts.columns.meanLucidity',
  nightmares: 'patternCharts.columns.nightmares',
  meanMood: 'patternCharts.columns.meanMood',
  meanVividness: 'patternCharts.columns.meanVividness',
  sleepQuality: 'patternCharts.columns.sleepQuality',
  mood: 'patternCharts.columns.mood',
  count: 'patternCharts.columns.count',
  tag: 'patternCharts.columns.tag',
  trend: 'patternCharts.columns.trend',
  total: 'patternCharts.columns.total',
} as const;

const oneDecimal = (value: number | null) => (value === null ? '–' : value.toFixed(1));
const sum = (values: number[]) => values.reduce((total, n) => total + n, 0);

/** A bucket's name: the week's Monday ("18 de mai.") or the month ("mai. de 2026"). */
function useBucketLabel(charts: PatternCharts) {
  const { t, i18n } = useTranslation();
  const month = new Intl.DateTimeFormat(i18n.language, { timeZone: 'UTC', month: 'short', year: 'numeric' });
  const day = new Intl.DateTimeFormat(i18n.language, { timeZone: 'UTC', day: 'numeric', month: 'short' });
  const at = (start: string) => new Date(`${start}T12:00:00Z`);
  return {
    short: (start: string) => (charts.granularity === 'week' ? day.format(at(start)) : month.format(at(start))),
    long: (start: string) =>
      charts.granularity === 'week'
        ? t('patternCharts.weekOf', { date: formatDate(start, 'medium') })
        : month.format(at(start)),
  };
}

export function PatternChartViews({ charts }: { charts: PatternCharts }) {
  const { t } = useTranslation();
  const label = useBucketLabel(charts);
  const c = (key: keyof typeof COLUMNS) => t(COLUMNS[key]);
  const rows = charts.buckets.map((bucket) => ({ ...bucket, label: label.short(bucket.start) }));
  const periodCell = (start: string) => label.long(start);

  // Emotions: the five felt most in the period, stacked.
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

  const dreamsTotal = sum(charts.buckets.map((b) => b.dreams));
  const moodSleepTotal = sum(charts.moodBySleep.map((cell) => cell.count));

  return (
    <div className="grid gap-4 md:grid-cols-2">
      <ChartCard
        title={t(
          charts.granularity === 'week'
            ? 'patternCharts.charts.dreams.title'
            : 'patternCharts.charts.dreams.titleMonth',
        )}
        description={t('patternCharts.charts.dreams.description', {
          total: dreamsTotal,
          max: Math.max(0, ...charts.buckets.map((b) => b.dreams)),
        })}
        table={{
          columns: [c('period'), c('dreams')],
          rows: charts.buckets.map((b) => [periodCell(b.start), b.dreams]),
        }}
      >
        <BarChart {...CHART} data={rows} margin={MARGIN}>
          {GRID}
          <XAxis dataKey="label" {...AXIS} />
          <YAxis allowDecimals={false} {...AXIS} />
          {TOOLTIP}
          <Bar isAnimationActive={false} dataKey="dreams" name={c('dreams')} fill={PALETTE[0]} radius={[4, 4, 0, 0]} />
        </BarChart>
      </ChartCard>

      <ChartCard
        title={t('patternCharts.charts.lucidity.title')}
        description={t('patternCharts.charts.lucidity.description', { total: sum(charts.buckets.map((b) => b.lucid)) })}
        table={{
          columns: [c('period'), c('lucid'), c('meanLucidity')],
          rows: charts.buckets.map((b) => [periodCell(b.start), b.lucid, oneDecimal(b.meanLucidity)]),
        }}
      >
        <LineChart {...CHART} data={rows} margin={MARGIN}>
          {GRID}
          <XAxis dataKey="label" {...AXIS} />
          <YAxis allowDecimals={false} {...AXIS} />
          {TOOLTIP}
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Line
            isAnimationActive={false}
            type="monotone"
            dataKey="lucid"
            name={c('lucid')}
            stroke={PALETTE[0]}
            strokeWidth={2}
            dot={false}
          />
          <Line
            isAnimationActive={false}
            type="monotone"
            dataKey="meanLucidity"
            name={c('meanLucidity')}
            stroke={PALETTE[1]}
            strokeWidth={2}
            dot={false}
            connectNulls
          />
        </LineChart>
      </ChartCard>

      <ChartCard
        title={t('patternCharts.charts.emotions.title')}
        description={t('patternCharts.charts.emotions.description', {
          top: topEmotions.length
            ? topEmotions.map(([emotion, count]) => `${emotionName(emotion)} (${count})`).join(', ')
            : t('patternCharts.charts.emotions.none'),
        })}
        table={{
          columns: [c('period'), ...topEmotions.map(([emotion]) => emotionName(emotion))],
          rows: charts.buckets.map((b) => [
            periodCell(b.start),
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

      <ChartCard
        title={t('patternCharts.charts.nightmares.title')}
        description={t('patternCharts.charts.nightmares.description', {
          total: sum(charts.buckets.map((b) => b.nightmares)),
        })}
        table={{
          columns: [c('period'), c('nightmares')],
          rows: charts.buckets.map((b) => [periodCell(b.start), b.nightmares]),
        }}
      >
        <BarChart {...CHART} data={rows} margin={MARGIN}>
          {GRID}
          <XAxis dataKey="label" {...AXIS} />
          <YAxis allowDecimals={false} {...AXIS} />
          {TOOLTIP}
          <Bar
            isAnimationActive={false}
            dataKey="nightmares"
            name={c('nightmares')}
            fill={PALETTE[3]}
            radius={[4, 4, 0, 0]}
          />
        </BarChart>
      </ChartCard>

      <ChartCard
        title={t('patternCharts.charts.moodSleep.title')}
        description={
          moodSleepTotal
            ? t('patternCharts.charts.moodSleep.description', { total: moodSleepTotal })
            : t('patternCharts.charts.moodSleep.empty')
        }
        table={{
          columns: [c('sleepQuality'), c('mood'), c('count')],
          rows: charts.moodBySleep.map((cell) => [cell.sleepQuality, cell.mood, cell.count]),
        }}
      >
        <ScatterChart {...CHART} margin={{ ...MARGIN, bottom: 12 }}>
          <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.15} />
          <XAxis
            type="number"
            dataKey="sleepQuality"
            name={c('sleepQuality')}
            domain={[1, 5]}
            ticks={[1, 2, 3, 4, 5]}
            {...AXIS}
          />
          <YAxis type="number" dataKey="mood" name={c('mood')} domain={[1, 5]} ticks={[1, 2, 3, 4, 5]} {...AXIS} />
          <ZAxis type="number" dataKey="count" name={c('count')} range={[40, 400]} />
          {TOOLTIP}
          <Scatter isAnimationActive={false} data={charts.moodBySleep} fill={PALETTE[1]} fillOpacity={0.8} />
        </ScatterChart>
      </ChartCard>

      <ChartCard
        title={t('patternCharts.charts.vividness.title')}
        description={t('patternCharts.charts.vividness.description')}
        table={{
          columns: [c('period'), c('meanVividness'), c('meanMood')],
          rows: charts.buckets.map((b) => [periodCell(b.start), oneDecimal(b.meanVividness), oneDecimal(b.meanMood)]),
        }}
      >
        <LineChart {...CHART} data={rows} margin={MARGIN}>
          {GRID}
          <XAxis dataKey="label" {...AXIS} />
          <YAxis domain={[1, 5]} ticks={[1, 2, 3, 4, 5]} {...AXIS} />
          {TOOLTIP}
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Line
            isAnimationActive={false}
            type="monotone"
            dataKey="meanVividness"
            name={c('meanVividness')}
            stroke={PALETTE[2]}
            strokeWidth={2}
            connectNulls
          />
          <Line
            isAnimationActive={false}
            type="monotone"
            dataKey="meanMood"
            name={c('meanMood')}
            stroke={PALETTE[4]}
            strokeWidth={2}
            connectNulls
          />
        </LineChart>
      </ChartCard>

      <div className="md:col-span-2">
        <ChartCard
          title={t('patternCharts.charts.tags.title')}
          description={
            charts.tags.length
              ? t('patternCharts.charts.tags.description', { summary: tagSummary })
              : t('patternCharts.charts.tags.empty')
          }
          table={{
            columns: [c('tag'), c('total'), c('trend'), ...charts.buckets.map((b) => label.short(b.start))],
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
      </div>
    </div>
  );
}
