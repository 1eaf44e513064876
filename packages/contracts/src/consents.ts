/**
 * The consent shown on the sign-up form, word for word, and the version the server records with it. Bump
 * CONSENT_VERSION whenever CONSENT_TEXT changes: consents already given keep the version they were given under.
 */
export const CONSENT_TEXT = 'Concordo com a análise de sonhos por IA e o processamento dos meus dados conforme a LGPD';
export const CONSENT_VERSION = '2026-11-01';
/** One consent row per purpose, so each can be withdrawn on its own. */
export const CONSENT_PURPOSES = ['ai_analysis', 'data_processing'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
