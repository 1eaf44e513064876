import { z } from 'zod';
import { EMOTIONS } from './dreams.ts';

/** Languages an analysis can be written in (the app's two languages). */
export const ANALYSIS_LANGUAGES = ['pt-BR', 'en'] as const;
export type AnalysisLanguage = (typeof ANALYSIS_LANGUAGES)[number];

export const DREAM_TYPES = ['comum', 'lúcido', 'pesadelo', 'recorrente', 'vívido'] as const;
export type DreamType = (typeof DREAM_TYPES)[number];

export const ANALYSIS_LIMITS = {
  reflectionQuestionsMin: 2,
  reflectionQuestionsMax: 4,
} as const;

const text = (message: string) => z.string({ error: message }).trim().min(1, message);

/** The result every provider (builtin, openai, anthropic) fills; the server validates provider output with it. */
export const analysisResultSchema = z.object({
  summary: text('Resumo vazio'),
  themes: z.array(z.object({ name: text('Tema sem nome'), description: z.string({ error: 'Descrição inválida' }) })),
  symbols: z.array(
    z.object({ symbol: text('Símbolo sem nome'), meaning: z.string({ error: 'Significado inválido' }) }),
  ),
  emotions: z.array(
    z.object({
      emotion: z.enum(EMOTIONS, { error: 'Emoção desconhecida' }),
      intensity: z
        .number({ error: 'Intensidade: informe um número' })
        .min(0, 'Intensidade: o mínimo é 0')
        .max(1, 'Intensidade: o máximo é 1'),
    }),
  ),
  characters: z.array(z.string({ error: 'Personagem inválido' })),
  settings: z.array(z.string({ error: 'Cenário inválido' })),
  dreamType: z.enum(DREAM_TYPES, { error: 'Tipo de sonho desconhecido' }),
  interpretation: text('Interpretação vazia'),
  reflectionQuestions: z
    .array(text('Pergunta vazia'))
    .min(
      ANALYSIS_LIMITS.reflectionQuestionsMin,
      `No mínimo ${ANALYSIS_LIMITS.reflectionQuestionsMin} perguntas de reflexão`,
    )
    .max(
      ANALYSIS_LIMITS.reflectionQuestionsMax,
      `No máximo ${ANALYSIS_LIMITS.reflectionQuestionsMax} perguntas de reflexão`,
    ),
  luciditySignals: z.array(z.string({ error: 'Sinal de lucidez inválido' })),
  sentiment: z
    .number({ error: 'Sentimento: informe um número' })
    .min(-1, 'Sentimento: o mínimo é -1')
    .max(1, 'Sentimento: o máximo é 1'),
  distress: z.boolean({ error: 'Informe sim ou não' }),
});
export type AnalysisResult = z.infer<typeof analysisResultSchema>;
export type AnalysisTheme = AnalysisResult['themes'][number];
export type AnalysisSymbol = AnalysisResult['symbols'][number];
export type AnalysisEmotion = AnalysisResult['emotions'][number];

// --- the API ---------------------------------------------------------------------------------------------------

export const ANALYSIS_PROVIDERS = ['builtin', 'openai', 'anthropic'] as const;
export type AnalysisProviderId = (typeof ANALYSIS_PROVIDERS)[number];

/** How an analysis was paid for: the month's plan quota, or credits beyond it. */
export const ANALYSIS_CHARGES = ['quota', 'credits'] as const;
export type AnalysisCharge = (typeof ANALYSIS_CHARGES)[number];

export const ANALYSIS_PAGE = { sizeDefault: 20, sizeMax: 50, statsTop: 10 } as const;

/** POST /dreams/:id/analyses. The language defaults to the user's profile locale. */
export const createAnalysisSchema = z
  .object({ language: z.enum(ANALYSIS_LANGUAGES, { error: 'Idioma não suportado' }).optional() })
  .strict();
export type CreateAnalysisInput = z.input<typeof createAnalysisSchema>;

/** The marker a generative interpretation uses to cite an earlier dream of its journal context: `[D2]`. */
export const ANALYSIS_DREAM_REF_PATTERN = /\[D(\d{1,3})\]/g;

/**
 * An earlier dream a generative interpretation cites as `[D<n>]` (docs/decisions/064): the user's own, still in the
 * journal, named as it is now. Resolved and stored by the server; the model never sees an id.
 */
export const analysisDreamRefSchema = z.object({
  /** The marker's label, e.g. 'D1'. */
  ref: z.string().regex(/^D\d{1,3}$/),
  dreamId: z.uuid(),
  /** The dream's title; null when it has none (the view names it by its night). */
  title: z.string().nullable(),
  dreamtOn: z.iso.date(),
});
export type AnalysisDreamRef = z.infer<typeof analysisDreamRefSchema>;

export const analysisSchema = z.object({
  id: z.uuid(),
  dreamId: z.uuid(),
  /** The dream's version the provider read; below the dream's current version, the dream was edited since. */
  dreamVersion: z.number().int().positive(),
  isDreamChanged: z.boolean(),
  provider: z.enum(ANALYSIS_PROVIDERS),
  /** The model that saw the text (for builtin, the lexicon's version). */
  model: z.string(),
  language: z.enum(ANALYSIS_LANGUAGES),
  charge: z.enum(ANALYSIS_CHARGES),
  createdAt: z.iso.datetime({ offset: true }),
  result: analysisResultSchema,
  /** The earlier dreams the interpretation cites (`[D1]`…), those still in the journal; absent when it cites none. */
  relatedDreams: z.array(analysisDreamRefSchema).optional(),
});
export type Analysis = z.infer<typeof analysisSchema>;

export const dreamAnalysesResponseSchema = z.object({ items: z.array(analysisSchema) });
export type DreamAnalysesResponse = z.infer<typeof dreamAnalysesResponseSchema>;

/** One row of GET /analyses (newest first): enough to list it and link to its dream. */
export const analysisListItemSchema = z.object({
  id: z.uuid(),
  dreamId: z.uuid(),
  dreamTitle: z.string(),
  dreamtOn: z.iso.date(),
  provider: z.enum(ANALYSIS_PROVIDERS),
  model: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  summary: z.string(),
  dreamType: z.enum(DREAM_TYPES),
  distress: z.boolean(),
  sentiment: z.number(),
});
export type AnalysisListItem = z.infer<typeof analysisListItemSchema>;

export const listAnalysesQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(ANALYSIS_PAGE.sizeMax).default(ANALYSIS_PAGE.sizeDefault),
});
export type ListAnalysesQuery = z.input<typeof listAnalysesQuerySchema>;

export const listAnalysesResponseSchema = z.object({
  items: z.array(analysisListItemSchema),
  nextCursor: z.string().nullable(),
});
export type ListAnalysesResponse = z.infer<typeof listAnalysesResponseSchema>;

/** GET /analyses/stats: counts across the user's analyses of live dreams (names as the analyses wrote them, folded). */
export const analysisStatsSchema = z.object({
  total: z.number().int(),
  symbols: z.array(z.object({ name: z.string(), count: z.number().int() })),
  themes: z.array(z.object({ name: z.string(), count: z.number().int() })),
  emotions: z.array(z.object({ emotion: z.enum(EMOTIONS), count: z.number().int(), averageIntensity: z.number() })),
  dreamTypes: z.array(z.object({ dreamType: z.enum(DREAM_TYPES), count: z.number().int() })),
});
export type AnalysisStats = z.infer<typeof analysisStatsSchema>;

/** DELETE /analyses: the user's past analyses erased (all of them, of every dream); quota and ledger rows stay. */
export const deleteAnalysesResponseSchema = z.object({ deleted: z.number().int() });
export type DeleteAnalysesResponse = z.infer<typeof deleteAnalysesResponseSchema>;

// --- the stream (text/event-stream answer of POST /dreams/:id/analyses) ----------------------------------------

/** The text fields a provider writes progressively; the UI shows them as they grow. */
export const STREAMED_FIELDS = ['summary', 'interpretation'] as const;
export type StreamedField = (typeof STREAMED_FIELDS)[number];

/**
 * Events, in order: one `start`; any number of `delta` (text to append to a field); then exactly one of `done`
 * (the stored, charged analysis) or `error` (nothing stored, nothing charged). Errors found before the provider is
 * called (404, consent, quota) are plain JSON answers with their status, not events.
 */
export const analysisStreamEventSchema = z.discriminatedUnion('event', [
  z.object({
    event: z.literal('start'),
    data: z.object({ provider: z.enum(ANALYSIS_PROVIDERS), model: z.string(), isGenerative: z.boolean() }),
  }),
  z.object({ event: z.literal('delta'), data: z.object({ field: z.enum(STREAMED_FIELDS), text: z.string() }) }),
  z.object({ event: z.literal('done'), data: analysisSchema }),
  z.object({ event: z.literal('error'), data: z.object({ code: z.string(), message: z.string() }) }),
]);
export type AnalysisStreamEvent = z.infer<typeof analysisStreamEventSchema>;

/** Stable codes of analysis failures (pre-stream JSON errors and stream `error` events). */
export const ANALYSIS_ERROR_CODES = {
  consentRequired: 'consent_required',
  limitReached: 'analysis_limit_reached',
  providerFailed: 'provider_failed',
  providerTimeout: 'provider_timeout',
  providerBusy: 'provider_rate_limited',
  invalidOutput: 'provider_invalid_output',
  refused: 'provider_refused',
} as const;
