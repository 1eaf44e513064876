import { z } from 'zod';
import { ANALYSIS_PROVIDERS } from './analyses.ts';

/** The export file's format version: bump on any incompatible change; importers accept versions they know. */
export const EXPORT_SCHEMA_VERSION = 1;
export const EXPORT_FORMATS = ['json', 'html'] as const;

/** GET /me/export?format=json|html — a download (Content-Disposition: attachment), streamed. */
export const exportQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS, { error: 'Formato desconhecido' }).default('json') });

/** POST /me/import answer: dreams restored from an export file, and those already present (skipped). */
export const importResultSchema = z.object({ imported: z.number().int(), skipped: z.number().int() });
export type ImportResult = z.infer<typeof importResultSchema>;

/** The words the user must type to delete the account. */
export const DELETE_ACCOUNT_CONFIRMATION = 'EXCLUIR MINHA CONTA';

/**
 * POST /me/delete. Password users re-enter their password; users without one (Google) must have signed in
 * within the last few minutes (a fresh sign-in), else 403 reauthentication_needed.
 */
export const deleteAccountSchema = z
  .object({
    password: z.string().max(200).optional(),
    confirmation: z.literal(DELETE_ACCOUNT_CONFIRMATION, { error: `Digite exatamente: ${DELETE_ACCOUNT_CONFIRMATION}` }),
  })
  .strict();
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** GET /me/sessions: the user's signed-in devices. */
export const sessionInfoSchema = z.object({
  id: z.uuid(),
  createdAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }),
  userAgent: z.string().nullable(),
  isCurrent: z.boolean(),
});
export const sessionsResponseSchema = z.object({ items: z.array(sessionInfoSchema) });
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

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
  contactEmail: z.string().nullable(),
});
export type PrivacyInfo = z.infer<typeof privacyInfoSchema>;
