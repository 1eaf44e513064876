import type { Emotion } from '@sonhario/contracts/dreams';
import {
  CHART_TAGS_LIMIT,
  granularityOf,
  hasPatternCharts,
  MIN_DREAMS_FOR_PATTERNS,
  type ChartBucket,
  type ChartPeriod,
  type ChartTag,
  type PatternBasics,
  type PatternCharts,
  type PatternChartsQuery,
  type PatternChartsResponse,
} from '@sonhario/contracts/pattern-charts';
import type { RequestContext } from '../../context.ts';
import { ForbiddenError } from '../../errors.ts';
import { addDays, dayNumber, localDate, nextMonthStart } from '../../lib/local-time.ts';
import { openTagName } from '../dreams/dreams.sealing.ts';
import { bucketedStats } from '../journal-stats/journal-stats.service.ts';
import { getProfile } from '../profile/profile.service.ts';
import type { PatternAnswerCache } from './answer-cache.ts';
import { readChartBuckets, type BucketRead, type BucketRow } from './buckets.repository.ts';
import { listTagNameRows, type BucketUnit, type NightRange } from './charts.repository.ts';

/**
 * The 'Padrões' charts (issue 16, docs/decisions/029): what the journal's plain columns say per week or month, in
 * the user's time zone. A dream's bucket is the night it was dreamt (`dreamt_on`, already a date in the user's zone);
 * the zone decides "today", so where the period ends and which month is the current one.
 */

/** The Monday that begins the ISO week of a date (1970-01-01 was a Thursday). */
const mondayOf = (date: string) => addDays(date, -((dayNumber(date) + 3) % 7));
const monthStartOf = (date: string) => `${date.slice(0, 7)}-01`;

/** The first month of `months` months that end with the month of `date`. */
function monthsBack(date: string, months: number): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) - (months - 1);
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** Where 'all' reads from before it knows the journal's first month. */
const ALL_FROM = '0001-01-01';

/** The period's whole buckets: from the start of the first to today. `firstNight` matters for 'all' only. */
function rangeOf(period: ChartPeriod, today: string, firstNight: string | null): NightRange & { from: string } {
  switch (period) {
    case '30d':
      return { from: mondayOf(addDays(today, -29)), to: today };
    case '3m':
      return { from: mondayOf(addDays(today, -90)), to: today };
    case '12m':
      return { from: monthsBack(today, 12), to: today };
    case 'all':
      return { from: monthStartOf(firstNight ?? today), to: today };
  }
}

/** Every bucket start from `from` to `to`, so an empty week or month still shows (as zero). */
function bucketStarts(unit: BucketUnit, from: string, to: string): string[] {
  const starts: string[] = [];
  for (let start = from; start <= to; start = unit === 'week' ? addDays(start, 7) : nextMonthStart(start)) {
    starts.push(start);
  }
  return starts;
}

/** Rising or fading: the later half of the buckets against the earlier, by at least 2 dreams and a quarter of all. */
function trendOf(counts: number[]): ChartTag['trend'] {
  const half = Math.floor(counts.length / 2);
  const sum = (values: number[]) => values.reduce((total, n) => total + n, 0);
  const earlier = sum(counts.slice(0, half));
  const later = sum(counts.slice(counts.length - half));
  const threshold = Math.max(2, sum(counts) / 4);
  if (later - earlier >= threshold) return 'rising';
  if (earlier - later >= threshold) return 'fading';
  return 'steady';
}

/** The period's top tags, named: only these few are opened with the user's key (ties by name). */
async function nameTopTags(ctx: RequestContext, top: BucketRead['topTags'], starts: string[]): Promise<ChartTag[]> {
  if (top.length === 0) return [];
  const keys = await ctx.keys.forUser(ctx.userId);
  const rows = await listTagNameRows(
    ctx.db,
    ctx.userId,
    top.map((tag) => tag.token),
  );
  const names = new Map(rows.map((row) => [row.token, openTagName(keys, ctx.userId, row)]));
  return top
    .flatMap((tag) => {
      const name = names.get(tag.token);
      if (name === undefined) return [];
      const counts = starts.map((start) => tag.counts[start] ?? 0);
      return [{ name, total: tag.total, counts, trend: trendOf(counts) }];
    })
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
}

const meanOf = (sum: number, count: number) => (count > 0 ? sum / count : null);

/** The (sleep quality, mood) cells of the period: the buckets' cells added up. */
function moodBySleepOf(rows: BucketRow[]): PatternCharts['moodBySleep'] {
  const cells = new Map<string, number>();
  for (const row of rows) {
    for (const [cell, count] of Object.entries(row.moodSleep)) cells.set(cell, (cells.get(cell) ?? 0) + count);
  }
  return [...cells.entries()]
    .map(([cell, count]) => {
      const [sleepQuality, mood] = cell.split(':').map(Number) as [number, number];
      return { sleepQuality, mood, count };
    })
    .sort((a, b) => a.sleepQuality - b.sleepQuality || a.mood - b.mood);
}

/** The charts of a period from its buckets (docs/decisions/030): one row per week or month. */
async function chartsOf(
  ctx: RequestContext,
  period: ChartPeriod,
  range: NightRange & { from: string },
  read: BucketRead,
): Promise<PatternCharts> {
  const unit = granularityOf(period);
  const starts = bucketStarts(unit, range.from, range.to);
  const tags = await nameTopTags(ctx, read.topTags, starts);
  const byStart = new Map(read.rows.map((row) => [row.bucket, row]));
  const buckets: ChartBucket[] = starts.map((start) => {
    const row = byStart.get(start);
    const emotions: ChartBucket['emotions'] = {};
    for (const [emotion, count] of Object.entries(row?.emotions ?? {})) {
      if (count > 0) emotions[emotion as Emotion] = count;
    }
    return {
      start,
      dreams: row?.dreams ?? 0,
      lucid: row?.lucid ?? 0,
      meanLucidity: row ? meanOf(row.luciditySum, row.dreams) : null,
      nightmares: row?.nightmares ?? 0,
      meanMood: row ? meanOf(row.moodSum, row.moodCount) : null,
      meanVividness: row ? meanOf(row.vividnessSum, row.vividnessCount) : null,
      emotions,
    };
  });
  const dreamCount = buckets.reduce((sum, bucket) => sum + bucket.dreams, 0);
  return {
    period,
    granularity: unit,
    from: range.from,
    to: range.to,
    dreamCount,
    isTooLittleData: dreamCount < MIN_DREAMS_FOR_PATTERNS,
    buckets,
    moodBySleep: moodBySleepOf(read.rows),
    tags,
  };
}

/**
 * The basic counts (every plan) and, when a period is asked, the charts (Lucid and Oracle; Dreamer gets 403
 * plan_required).
 */
export async function getPatternCharts(
  ctx: RequestContext,
  query: PatternChartsQuery,
  answers: PatternAnswerCache,
): Promise<PatternChartsResponse> {
  const { plan, timeZone } = await getProfile(ctx);
  const { period } = query;
  if (period && !hasPatternCharts(plan)) {
    throw new ForbiddenError('plan_required', 'Os gráficos de padrões fazem parte dos planos Lúcido e Oráculo.');
  }
  const today = localDate(ctx.now(), timeZone);
  const stats = await bucketedStats(ctx, timeZone);
  // Kept while the journal stays as it is; the user's today (and zone) is part of what the answer depends on.
  return answers.read(ctx, `charts:${period ?? 'basics'}`, `${today}|${timeZone}`, () =>
    readChartsAnswer(ctx, period, today, stats.dreamCount),
  );
}

async function readChartsAnswer(
  ctx: RequestContext,
  period: ChartPeriod | undefined,
  today: string,
  dreamCount: number,
): Promise<PatternChartsResponse> {
  const month = today.slice(0, 7);
  // 'all' starts at the journal's first month, which the same read finds: it reads every month, then drops the
  // (emptied) ones before it.
  const asked = period ? rangeOf(period, today, period === 'all' ? ALL_FROM : null) : null;
  const read = await readChartBuckets(ctx.db, ctx.userId, {
    month: `${month}-01`,
    grain: period ? granularityOf(period) : null,
    from: asked?.from ?? today,
    to: today,
    tagLimit: CHART_TAGS_LIMIT,
    isWholeJournal: period === 'all',
  });
  const basics: PatternBasics = {
    totals: { dreams: dreamCount, lucid: read.totals.lucid, nightmares: read.totals.nightmares },
    month,
    thisMonth: {
      dreams: read.totals.monthDreams,
      lucid: read.totals.monthLucid,
      nightmares: read.totals.monthNightmares,
    },
  };
  if (!period || !asked) return { basics, charts: null };
  const range = period === 'all' ? rangeOf(period, today, read.firstMonth) : asked;
  if (period === 'all') read.rows = read.rows.filter((row) => row.bucket >= range.from);
  return { basics, charts: await chartsOf(ctx, period, range, read) };
}
