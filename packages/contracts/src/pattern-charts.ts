import { z } from 'zod';
import { EMOTIONS } from './dreams.ts';
import type { PlanId } from './profile.ts';

/** The periods the charts cover: the last 30 days, 3 months, 12 months, or the whole journal. */
export const CHART_PERIODS = ['30d', '3m', '12m', 'all'] as const;
export type ChartPeriod = (typeof CHART_PERIODS)[number];

/** Weeks (Monday first) for the short periods, calendar months for the long ones. */
export const granularityOf = (period: ChartPeriod): 'week' | 'month' =>
  period === '30d' || period === '3m' ? 'week' : 'month';

/** The plans that see the charts (issue 16): Dreamer gets the totals and this month's counts, 403 for a period. */
export const CHART_PLANS: readonly PlanId[] = ['lucid', 'oracle'];
export const hasPatternCharts = (plan: PlanId) => CHART_PLANS.includes(plan);

/** Below this many dreams in the period the page says there is too little to see patterns. */
export const MIN_DREAMS_FOR_PATTERNS = 5;

/** At most this many tags are named (the most used in the period; only they are opened). */
export const CHART_TAGS_LIMIT = 8;

/** GET /patterns/charts: without `period`, the basic counts alone (every plan). Unknown keys are ignored. */
export const patternChartsQuerySchema = z.object({
  period: z.enum(CHART_PERIODS).optional(),
});
export type PatternChartsQuery = z.infer<typeof patternChartsQuerySchema>;

const countsSchema = z.object({
  dreams: z.number().int(),
  lucid: z.number().int(),
  nightmares: z.number().int(),
});

/** What every plan sees: the live journal's totals and the current month's (in the user's time zone). */
export const patternBasicsSchema = z.object({
  totals: countsSchema,
  /** 'YYYY-MM' in the user's time zone. */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  thisMonth: countsSchema,
});
export type PatternBasics = z.infer<typeof patternBasicsSchema>;

const meanSchema = z.number().nullable();

/** One week or month: dreams are placed by the night they were dreamt (`dreamtOn`, a date in the user's zone). */
export const chartBucketSchema = z.object({
  /** The bucket's first day ('YYYY-MM-DD': a Monday, or the 1st of a month). */
  start: z.iso.date(),
  dreams: z.number().int(),
  /** Dreams with some lucidity (above 0). */
  lucid: z.number().int(),
  /** Mean lucidity (0–3) of the bucket's dreams; null without dreams. */
  meanLucidity: meanSchema,
  nightmares: z.number().int(),
  /** Mean mood on waking (1–5) of the dreams that note one. */
  meanMood: meanSchema,
  /** Mean vividness (1–5) of the dreams that note one. */
  meanVividness: meanSchema,
  /** How many dreams felt each emotion (emotions never felt in the bucket are left out). */
  emotions: z.partialRecord(z.enum(EMOTIONS), z.number().int()),
});
export type ChartBucket = z.infer<typeof chartBucketSchema>;

/** A tag over the period: its count in each bucket (aligned with `buckets`) and whether it rises or fades. */
export const chartTagSchema = z.object({
  name: z.string(),
  total: z.number().int(),
  counts: z.array(z.number().int()),
  /** The later half of the period against the earlier: 'rising', 'fading' or 'steady'. */
  trend: z.enum(['rising', 'fading', 'steady']),
});
export type ChartTag = z.infer<typeof chartTagSchema>;

/** How many dreams noted this sleep quality and this mood (both 1–5). */
export const moodSleepCellSchema = z.object({
  sleepQuality: z.number().int(),
  mood: z.number().int(),
  count: z.number().int(),
});
export type MoodSleepCell = z.infer<typeof moodSleepCellSchema>;

export const patternChartsSchema = z.object({
  period: z.enum(CHART_PERIODS),
  granularity: z.enum(['week', 'month']),
  /** First and last day covered, in the user's time zone. */
  from: z.iso.date(),
  to: z.iso.date(),
  /** The dreams of the period. */
  dreamCount: z.number().int(),
  /** Fewer than MIN_DREAMS_FOR_PATTERNS dreams in the period. */
  isTooLittleData: z.boolean(),
  buckets: z.array(chartBucketSchema),
  moodBySleep: z.array(moodSleepCellSchema),
  /** The most used tags of the period (at most CHART_TAGS_LIMIT), most used first. */
  tags: z.array(chartTagSchema),
});
export type PatternCharts = z.infer<typeof patternChartsSchema>;

export const patternChartsResponseSchema = z.object({
  basics: patternBasicsSchema,
  /** Null when no period was asked. */
  charts: patternChartsSchema.nullable(),
});
export type PatternChartsResponse = z.infer<typeof patternChartsResponseSchema>;
