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
  symbols: z.array(z.object({ symbol: text('Símbolo sem nome'), meaning: z.string({ error: 'Significado inválido' }) })),
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
    .min(ANALYSIS_LIMITS.reflectionQuestionsMin, `No mínimo ${ANALYSIS_LIMITS.reflectionQuestionsMin} perguntas de reflexão`)
    .max(ANALYSIS_LIMITS.reflectionQuestionsMax, `No máximo ${ANALYSIS_LIMITS.reflectionQuestionsMax} perguntas de reflexão`),
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
