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
  XAxis,
  YAxis,
  ZAxis,
} from 'recharts';
import { ChartCard } from './chart-card';
import {
  AXIS,
  CHART,
  columnName,
  GRID,
  MARGIN,
  oneDecimal,
  PALETTE,
  sum,
  TOOLTIP,
  useBucketLabel,
} from './chart-style';

/** The charts of 'Padrões' over the dreams' own fields: how many, lucidity, nightmares, mood by sleep, vividness. */

/** The buckets with their short label, as the charts plot them. */
function useRows(charts: PatternCharts) {
  const label = useBucketLabel(charts);
  return { label, rows: charts.buckets.map((bucket) => ({ ...bucket, label: label.short(bucket.start) })) };
}

/** One count per period as bars: how many dreams, how many nightmares. */
function CountBars({
  charts,
  field,
  title,
  description,
  color,
}: {
  charts: PatternCharts;
  field: 'dreams' | 'nightmares';
  title: string;
  description: string;
  color: string | undefined;
}) {
  const { t } = useTranslation();
  const { label, rows } = useRows(charts);
  return (
    <ChartCard
      title={title}
      description={description}
      table={{
        columns: [columnName(t, 'period'), columnName(t, field)],
        rows: charts.buckets.map((b) => [label.long(b.start), b[field]]),
      }}
    >
      <BarChart {...CHART} data={rows} margin={MARGIN}>
        {GRID}
        <XAxis dataKey="label" {...AXIS} />
        <YAxis allowDecimals={false} {...AXIS} />
        {TOOLTIP}
        <Bar isAnimationActive={false} dataKey={field} name={columnName(t, field)} fill={color} radius={[4, 4, 0, 0]} />
      </BarChart>
    </ChartCard>
  );
}

export function DreamsChart({ charts }: { charts: PatternCharts }) {
  const { t } = useTranslation();
  return (
    <CountBars
      charts={charts}
      field="dreams"
      title={t(
        charts.granularity === 'week' ? 'patternCharts.charts.dreams.title' : 'patternCharts.charts.dreams.titleMonth',
      )}
      description={t('patternCharts.charts.dreams.description', {
        total: sum(charts.buckets.map((b) => b.dreams)),
        max: Math.max(0, ...charts.buckets.map((b) => b.dreams)),
      })}
      color={PALETTE[0]}
    />
  );
}

export function LucidityChart({ charts }: { charts: PatternCharts }) {
  const { t } = useTranslation();
  const { label, rows } = useRows(charts);
  return (
    <ChartCard
      title={t('patternCharts.charts.lucidity.title')}
      description={t('patternCharts.charts.lucidity.description', { total: sum(charts.buckets.map((b) => b.lucid)) })}
      table={{
        columns: [columnName(t, 'period'), columnName(t, 'lucid'), columnName(t, 'meanLucidity')],
        rows: charts.buckets.map((b) => [label.long(b.start), b.lucid, oneDecimal(b.meanLucidity)]),
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
          name={columnName(t, 'lucid')}
          stroke={PALETTE[0]}
          strokeWidth={2}
          dot={false}
        />
        <Line
          isAnimationActive={false}
          type="monotone"
          dataKey="meanLucidity"
          name={columnName(t, 'meanLucidity')}
          stroke={PALETTE[1]}
          strokeWidth={2}
          dot={false}
          connectNulls
        />
      </LineChart>
    </ChartCard>
  );
}

export function NightmaresChart({ charts }: { charts: PatternCharts }) {
  const { t } = useTranslation();
  return (
    <CountBars
      charts={charts}
      field="nightmares"
      title={t('patternCharts.charts.nightmares.title')}
      description={t('patternCharts.charts.nightmares.description', {
        total: sum(charts.buckets.map((b) => b.nightmares)),
      })}
      color={PALETTE[3]}
    />
  );
}

export function MoodSleepChart({ charts }: { charts: PatternCharts }) {
  const { t } = useTranslation();
  const moodSleepTotal = sum(charts.moodBySleep.map((cell) => cell.count));
  return (
    <ChartCard
      title={t('patternCharts.charts.moodSleep.title')}
      description={
        moodSleepTotal
          ? t('patternCharts.charts.moodSleep.description', { total: moodSleepTotal })
          : t('patternCharts.charts.moodSleep.empty')
      }
      table={{
        columns: [columnName(t, 'sleepQuality'), columnName(t, 'mood'), columnName(t, 'count')],
        rows: charts.moodBySleep.map((cell) => [cell.sleepQuality, cell.mood, cell.count]),
      }}
    >
      <ScatterChart {...CHART} margin={{ ...MARGIN, bottom: 12 }}>
        <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.15} />
        <XAxis
          type="number"
          dataKey="sleepQuality"
          name={columnName(t, 'sleepQuality')}
          domain={[1, 5]}
          ticks={[1, 2, 3, 4, 5]}
          {...AXIS}
        />
        <YAxis
          type="number"
          dataKey="mood"
          name={columnName(t, 'mood')}
          domain={[1, 5]}
          ticks={[1, 2, 3, 4, 5]}
          {...AXIS}
        />
        <ZAxis type="number" dataKey="count" name={columnName(t, 'count')} range={[40, 400]} />
        {TOOLTIP}
        <Scatter isAnimationActive={false} data={charts.moodBySleep} fill={PALETTE[1]} fillOpacity={0.8} />
      </ScatterChart>
    </ChartCard>
  );
}

export function VividnessChart({ charts }: { charts: PatternCharts }) {
  const { t } = useTranslation();
  const { label, rows } = useRows(charts);
  return (
    <ChartCard
      title={t('patternCharts.charts.vividness.title')}
      description={t('patternCharts.charts.vividness.description')}
      table={{
        columns: [columnName(t, 'period'), columnName(t, 'meanVividness'), columnName(t, 'meanMood')],
        rows: charts.buckets.map((b) => [label.long(b.start), oneDecimal(b.meanVividness), oneDecimal(b.meanMood)]),
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
          name={columnName(t, 'meanVividness')}
          stroke={PALETTE[2]}
          strokeWidth={2}
          connectNulls
        />
        <Line
          isAnimationActive={false}
          type="monotone"
          dataKey="meanMood"
          name={columnName(t, 'meanMood')}
          stroke={PALETTE[4]}
          strokeWidth={2}
          connectNulls
        />
      </LineChart>
    </ChartCard>
  );
}
