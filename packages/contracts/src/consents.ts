import { z } from 'zod';

/**
 * The consent shown on the sign-up form, word for word, and the version the server records with it. Bump
 * CONSENT_VERSION whenever CONSENT_TEXT changes: consents already given keep the version they were given under.
 */
export const CONSENT_TEXT = 'Concordo com a análise de sonhos por IA e o processamento dos meus dados conforme a LGPD';
export const CONSENT_VERSION = '2026-11-01';
/** One consent row per purpose, so each can be withdrawn on its own. */
export const CONSENT_PURPOSES = ['ai_analysis', 'data_processing'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/**
 * A purpose's state: the latest answer wins. `declined` is a recorded "no" to the question (a Google user asked
 * after sign-in); `withdrawn` is a consent given and later taken back.
 */
export const CONSENT_STATUSES = ['granted', 'declined', 'withdrawn', 'unanswered'] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];

export const consentStateSchema = z.object({
  purpose: z.enum(CONSENT_PURPOSES),
  status: z.enum(CONSENT_STATUSES),
  /** The text version of the latest answer (null when unanswered). */
  textVersion: z.string().nullable(),
  answeredAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ConsentState = z.infer<typeof consentStateSchema>;

/** GET/POST /me/consents: every purpose, in CONSENT_PURPOSES order. */
export const consentsResponseSchema = z.object({ items: z.array(consentStateSchema) });
export type ConsentsResponse = z.infer<typeof consentsResponseSchema>;

/** Records an answer to CONSENT_TEXT (the version shown must be the current one). */
export const recordConsentSchema = z
  .object({
    purposes: z
      .array(z.enum(CONSENT_PURPOSES, { error: 'Finalidade desconhecida' }))
      .min(1)
      .max(CONSENT_PURPOSES.length),
    isGranted: z.boolean({ error: 'Informe sim ou não' }),
    textVersion: z.literal(CONSENT_VERSION, { error: 'Versão do texto de consentimento desatualizada' }),
    /** Where the answer was given: the question in the app (default) or the privacy settings. */
    source: z.enum(['prompt', 'settings']).optional(),
  })
  .strict();
export type RecordConsentInput = z.infer<typeof recordConsentSchema>;
