import { z } from 'zod';
import { ANALYSIS_PROVIDERS } from './analyses.ts';

/** GET /privacy-info (public): what the running server does with text, for /privacidade. */
export const privacyInfoSchema = z.object({
  productName: z.string(),
  ai: z.object({
    provider: z.enum(ANALYSIS_PROVIDERS),
    model: z.string(),
    isGenerative: z.boolean(),
    /** Host of the AI service that receives dream text (null for builtin: nothing leaves the server). */
    host: z.string().nullable(),
  }),
  /** Days a deleted dream stays restorable, etc. */
  retention: z.object({ deletedDreamUndoMinutes: z.number().int() }),
  /**
   * Whether users' keys are kept apart from the database (KEYSTORE=files, or a key database of its own): only then
   * can a deleted account's dreams no longer be read from database backups taken before the deletion.
   */
  isKeyStoreSeparate: z.boolean(),
  contactEmail: z.string().nullable(),
});
export type PrivacyInfo = z.infer<typeof privacyInfoSchema>;
