import { z } from 'zod';
import { ANALYSIS_LANGUAGES, ANALYSIS_PROVIDERS } from './analyses.ts';
import { EMOTIONS } from './dreams.ts';
import type { PlanId } from './profile.ts';

/**
 * 'Relatório do mês' (issue 16, docs/decisions/032): for one month of the journal (by the nights the dreams were
 * dreamt), a report written by the configured provider from that month's dreams and analyses, streamed like an
 * analysis and stored sealed, one per month (regenerating replaces it). Oracle only (403 plan_required otherwise).
 */

/** The plans that get the monthly report. */
export const REPORT_PLANS: readonly PlanId[] = ['oracle'];
export const hasMonthlyReport = (plan: PlanId) => REPORT_PLANS.includes(plan);

export const REPORT_LIMITS = {
  /** Fair use: report generations a user may start in 24 hours (each one is a provider call). */
  generationsPerDay: 10,
  questionsMin: 2,
  questionsMax: 4,
  themesMax: 6,
  symbolsMax: 8,
  /** Top emotions, symbols and tags the statistics name. */
  statsTop: 5,
} as const;

/** 'YYYY-MM' (a calendar month in the user's time zone). */
export const reportMonthSchema = z
  .string({ error: 'Informe o mês como AAAA-MM' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Informe o mês como AAAA-MM')
  .refine((month) => month >= '1900-01', 'Mês anterior a 1900');

const text = (message: string) => z.string({ error: message }).trim().min(1, message);

/** What the provider writes (the builtin provider fills it from the statistics). */
export const monthlyReportResultSchema = z.object({
  /** A short overview of the month. Streamed. */
  summary: text('Resumo vazio'),
  themes: z
    .array(z.object({ name: text('Tema sem nome'), description: z.string({ error: 'Descrição inválida' }) }))
    .max(REPORT_LIMITS.themesMax, `No máximo ${REPORT_LIMITS.themesMax} temas`),
  /** How the feelings moved through the month. Streamed. */
  emotionalArc: text('Arco emocional vazio'),
  recurringSymbols: z
    .array(z.object({ symbol: text('Símbolo sem nome'), note: z.string({ error: 'Nota inválida' }) }))
    .max(REPORT_LIMITS.symbolsMax, `No máximo ${REPORT_LIMITS.symbolsMax} símbolos`),
  /** What changed from the month before, in words (the counts are in the statistics). */
  changeFromPreviousMonth: text('Comparação vazia'),
  reflectionQuestions: z
    .array(text('Pergunta vazia'))
    .min(REPORT_LIMITS.questionsMin, `No mínimo ${REPORT_LIMITS.questionsMin} perguntas`)
    .max(REPORT_LIMITS.questionsMax, `No máximo ${REPORT_LIMITS.questionsMax} perguntas`),
});
export type MonthlyReportResult = z.infer<typeof monthlyReportResultSchema>;

const countsSchema = z.object({
  dreams: z.number().int(),
  nightmares: z.number().int(),
  lucid: z.number().int(),
  recurring: z.number().int(),
});
export type ReportCounts = z.infer<typeof countsSchema>;

const namedCount = z.object({ name: z.string(), count: z.number().int() });

/** The month's statistics, counted by the server (not by the model), stored with the report. */
export const monthlyReportStatsSchema = z.object({
  counts: countsSchema,
  previousMonth: countsSchema,
  /** Dreams of the month with an analysis (the newest of each dream is read). */
  analysed: z.number().int(),
  /** Mean waking mood (1–5) of the dreams that recorded one; null if none did. */
  averageMood: z.number().nullable(),
  emotions: z.array(z.object({ emotion: z.enum(EMOTIONS), count: z.number().int() })),
  /** Named by the month's analyses (their words, folded), then the user's tags. */
  themes: z.array(namedCount),
  symbols: z.array(namedCount),
  tags: z.array(namedCount),
});
export type MonthlyReportStats = z.infer<typeof monthlyReportStatsSchema>;

export const monthlyReportSchema = z.object({
  month: reportMonthSchema,
  provider: z.enum(ANALYSIS_PROVIDERS),
  model: z.string(),
  /** False for the builtin provider: the UI must not call its report AI-generated. */
  isGenerative: z.boolean(),
  language: z.enum(ANALYSIS_LANGUAGES),
  /** Dreams of the month the report was written from (the journal may have changed since). */
  dreamCount: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  stats: monthlyReportStatsSchema,
  result: monthlyReportResultSchema,
});
export type MonthlyReport = z.infer<typeof monthlyReportSchema>;

/** GET /reports/monthly?month=YYYY-MM: the stored report, or 404 report_not_found. */
export const monthlyReportQuerySchema = z.object({ month: reportMonthSchema });
export type MonthlyReportQuery = z.infer<typeof monthlyReportQuerySchema>;

/** POST /reports/monthly: writes (or rewrites) the month's report. The language defaults to the profile's. */
export const createMonthlyReportSchema = z
  .object({
    month: reportMonthSchema,
    language: z.enum(ANALYSIS_LANGUAGES, { error: 'Idioma não suportado' }).optional(),
  })
  .strict();
export type CreateMonthlyReportInput = z.input<typeof createMonthlyReportSchema>;

/** GET /reports/months: the months with live dreams or a stored report, newest first (the month picker). */
export const reportMonthsResponseSchema = z.object({
  /** The current month in the user's time zone (a report of a later month is refused). */
  currentMonth: reportMonthSchema,
  items: z.array(
    z.object({
      month: reportMonthSchema,
      dreamCount: z.number().int(),
      /** When the stored report was written; null if there is none. */
      reportCreatedAt: z.iso.datetime({ offset: true }).nullable(),
    }),
  ),
});
export type ReportMonthsResponse = z.infer<typeof reportMonthsResponseSchema>;

/** The text fields a provider writes progressively. */
export const REPORT_STREAMED_FIELDS = ['summary', 'emotionalArc'] as const;
export type ReportStreamedField = (typeof REPORT_STREAMED_FIELDS)[number];

/**
 * The text/event-stream answer of POST /reports/monthly, like an analysis's: one `start`, any `delta`, then one
 * `done` (the stored report) or `error` (nothing stored). Refusals before the provider is called (plan, consent,
 * empty or future month, fair use) are plain JSON errors with their status.
 */
export const monthlyReportStreamEventSchema = z.discriminatedUnion('event', [
  z.object({
    event: z.literal('start'),
    data: z.object({ provider: z.enum(ANALYSIS_PROVIDERS), model: z.string(), isGenerative: z.boolean() }),
  }),
  z.object({
    event: z.literal('delta'),
    data: z.object({ field: z.enum(REPORT_STREAMED_FIELDS), text: z.string() }),
  }),
  z.object({ event: z.literal('done'), data: monthlyReportSchema }),
  z.object({ event: z.literal('error'), data: z.object({ code: z.string(), message: z.string() }) }),
]);
export type MonthlyReportStreamEvent = z.infer<typeof monthlyReportStreamEventSchema>;

export const REPORT_ERROR_CODES = {
  notFound: 'report_not_found',
  noDreams: 'report_month_empty',
  futureMonth: 'report_month_in_future',
  limitReached: 'report_limit_reached',
} as const;
