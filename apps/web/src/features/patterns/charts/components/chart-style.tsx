import type { PatternCharts } from '@sonhario/contracts/pattern-charts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Tooltip } from 'recharts';
import { formatDate } from '@/lib/dates';

/**
 * What the charts of 'Padrões' share (recharts, in the analytics route's chunk only: docs/decisions/029): the
 * palette, the axes, grid and tooltip, the tables' column names and a bucket's label.
 */

// Night colours that read on the dark and the light theme.
export const PALETTE = [
  'oklch(0.72 0.14 286)',
  'oklch(0.75 0.12 200)',
  'oklch(0.8 0.13 85)',
  'oklch(0.7 0.16 20)',
  'oklch(0.74 0.14 150)',
  'oklch(0.7 0.13 330)',
  'oklch(0.78 0.08 250)',
  'oklch(0.68 0.1 60)',
];
export const AXIS = { stroke: 'currentColor', tick: { fontSize: 11, fill: 'currentColor' }, tickLine: false } as const;
export const GRID = <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.15} vertical={false} />;
export const TOOLTIP = (
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
export const CHART = { accessibilityLayer: true, responsive: true, style: { width: '100%', height: '100%' } } as const;
export const MARGIN = { top: 8, right: 8, bottom: 0, left: -16 };

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

/** A column's name in the user's language. */
export const columnName = (t: TFunction, key: keyof typeof COLUMNS) => t(COLUMNS[key]);

export const oneDecimal = (value: number | null) => (value === null ? '–' : value.toFixed(1));
export const sum = (values: number[]) => values.reduce((total, n) => total + n, 0);

/** A bucket's name: the week's Monday ("18 de mai.") or the month ("mai. de 2026"). */
export function useBucketLabel(charts: Pick<PatternCharts, 'granularity'>) {
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
