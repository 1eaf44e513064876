import { z } from 'zod';
import { monthlyReportSchema } from './reports.ts';
import { chatMessageSchema, chatThreadSchema } from './chat.ts';
import { analysisSchema } from './analyses.ts';
import { exportBillingSchema } from './billing.ts';
import { dreamSchema } from './dreams.ts';
import { profileSchema } from './profile.ts';
import { reminderSettingsSchema } from './reminders.ts';
import { supportMessageSchema } from './support.ts';

/** The export file's format version: bump on any incompatible change; importers accept versions they know. */
export const EXPORT_SCHEMA_VERSION = 1;
export const EXPORT_FORMATS = ['json', 'html'] as const;

/** GET /me/export?format=json|html — a download (Content-Disposition: attachment), streamed. */
export const exportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { error: 'Formato desconhecido' }).default('json'),
});

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
    confirmation: z.literal(DELETE_ACCOUNT_CONFIRMATION, {
      error: `Digite exatamente: ${DELETE_ACCOUNT_CONFIRMATION}`,
    }),
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

// --- the export file (GET /me/export?format=json; POST /me/import takes it back) -------------------------------
// docs/export-format.md documents every field. Objects are not strict: an importer ignores fields it does not
// know, so adding a field is compatible; removing or changing one bumps EXPORT_SCHEMA_VERSION.

/** Limits of POST /me/import (the route's body limit and the most dreams one file may restore). */
export const IMPORT_LIMITS = { maxDreams: 20_000, maxBytes: 50 * 1024 * 1024 } as const;

const instant = z.iso.datetime({ offset: true });

export const exportAccountSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  /** The names the user gave (sign-up form or Google), from the account's metadata. */
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  createdAt: instant,
  emailConfirmedAt: instant.nullable(),
  lastSignInAt: instant.nullable(),
  /** Ways the user signs in: `email` (password) and/or `google`. */
  providers: z.array(
    z.object({
      provider: z.string(),
      email: z.string().nullable(),
      createdAt: instant,
      lastSignInAt: instant.nullable(),
    }),
  ),
});

/** Every consent answer ever recorded (the history, not only the current state), oldest first. */
export const exportConsentSchema = z.object({
  /** One of CONSENT_PURPOSES. */
  purpose: z.string(),
  /** The exact text the user answered, and its version. */
  text: z.string(),
  textVersion: z.string(),
  /** When the answer was given (also for a "no"). */
  grantedAt: instant,
  withdrawnAt: instant.nullable(),
  /** False: a recorded "no" to the question. */
  isGranted: z.boolean(),
  /** Where it was answered: `signup`, `prompt`, `settings`. */
  source: z.string(),
});

/** A signed-in device as the server keeps it (never a token). */
export const exportSessionSchema = z.object({
  id: z.uuid(),
  createdAt: instant,
  lastUsedAt: instant,
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  /** Set when the session was ended by the server (refresh-token reuse); signed-out sessions are deleted. */
  endedAt: instant.nullable(),
});

/**
 * The traits of a security-log entry that are exported: short, non-secret codes the server writes (how the user
 * signed in, which fields changed, why a session ended, whether an operator acted). Never tokens, session ids, other
 * users' ids or e-mail addresses; a trait absent from the entry is absent here.
 */
export const exportSecurityLogDetailsSchema = z.object({
  /** How the user signed in or up: `email` (password or e-mail link) or `google`. */
  provider: z.string().optional(),
  /** `pkce` when the sign-in went through a PKCE code exchange. */
  flow: z.string().optional(),
  /** The kind of e-mail link used to sign in (`signup`, `magiclink`, `recovery`, `email_change`…). */
  via: z.string().optional(),
  /** A sign-out's reach: `local`, `others`, `global`. */
  scope: z.string().optional(),
  /** Why the server acted, e.g. `refresh_token_reuse` (every session of the user ended). */
  reason: z.string().optional(),
  /** Names (not values) of what changed: `data`, `email`, `password`… */
  fields: z.array(z.string()).optional(),
  /** True when an e-mail link was sent again. */
  resend: z.boolean().optional(),
  /** `service_role` when an operator did it through the admin API, not the user. */
  actor: z.string().optional(),
});

/**
 * One entry of the security audit log (auth.audit_log_entries) about the user: the entries account deletion removes,
 * oldest first. `action` is GoTrue's code (`user_signedup`, `login`, `logout`, `token_refreshed`, `token_revoked`,
 * `user_updated_password`, `user_modified`, `user_recovery_requested`, `identity_linked`…; new codes may appear).
 */
export const exportSecurityLogEntrySchema = z.object({
  action: z.string(),
  createdAt: instant,
  /** The client's IP address as the server stored it (null when unknown). */
  ip: z.string().nullable(),
  details: exportSecurityLogDetailsSchema,
});

export const exportLedgerEntrySchema = z.object({
  id: z.uuid(),
  amount: z.number().int(),
  /** One of LEDGER_REASONS. */
  reason: z.string(),
  analysisId: z.uuid().nullable(),
  /**
   * Added within version 1: what a reward was for (the day, the streak's days, the achievement's id); null for the
   * other reasons. Absent in files written before it.
   */
  detail: z.string().nullable().optional(),
  createdAt: instant,
});

/**
 * Added within version 1 (docs/decisions/026): the achievements earned, the days that kept a streak without a dream
 * (a night marked without a recalled dream, a day covered by a freeze) and the freezes. Absent in files written
 * before it; the import ignores it (rewards are earned, never imported).
 */
export const exportRewardsSchema = z.object({
  achievements: z.array(z.object({ id: z.string(), earnedAt: instant })),
  streakDays: z.array(z.object({ day: z.iso.date(), kind: z.string() })),
  freezes: z.array(z.object({ earnedOn: z.iso.date(), spentOn: z.iso.date().nullable() })),
});
export type ExportRewards = z.infer<typeof exportRewardsSchema>;

/**
 * Added within version 1 (docs/decisions/027): the messages written to support through 'Ajuda', opened, with the
 * operator's answers, oldest first. Absent in files written before it; the import ignores it.
 */
export const exportSupportMessageSchema = supportMessageSchema.omit({ id: true });
export type ExportSupportMessage = z.infer<typeof exportSupportMessageSchema>;

export const exportRemindersSchema = z.object({
  settings: reminderSettingsSchema.nullable(),
  devices: z.array(z.object({ createdAt: instant, lastSentAt: instant.nullable() })),
});
export type ExportReminders = z.infer<typeof exportRemindersSchema>;

/** One row per analysis ever charged (kept when the analysis or its dream is deleted: the quota counts them). */
export const exportAnalysisUsageSchema = z.object({
  analysisId: z.uuid(),
  /** The calendar month charged, YYYY-MM in the user's time zone. */
  month: z.string(),
  /** `quota` or `credits`. */
  charge: z.string(),
  provider: z.string(),
  model: z.string(),
  createdAt: instant,
});

/** An analysis, decrypted (as GET /dreams/:id/analyses shows it, without the computed isDreamChanged). */
export const exportAnalysisSchema = analysisSchema.omit({ isDreamChanged: true });

/** A dream, decrypted, with its analyses. Deleted dreams still in their undo window are included (deletedAt set). */
export const exportDreamSchema = dreamSchema.extend({
  deletedAt: instant.nullable(),
  purgeAfter: instant.nullable(),
  analyses: z.array(exportAnalysisSchema),
});

/** The whole file. Keys are written in this order; `dreams` (the bulk) comes last but for `totals`. */
export const exportFileSchema = z.object({
  schemaVersion: z.literal(EXPORT_SCHEMA_VERSION, {
    error: `Versão de exportação não suportada (aceita: ${EXPORT_SCHEMA_VERSION})`,
  }),
  /** The product that wrote the file. */
  product: z.string(),
  exportedAt: instant,
  account: exportAccountSchema,
  profile: profileSchema,
  consents: z.array(exportConsentSchema),
  sessions: z.array(exportSessionSchema),
  /**
   * Added within version 1 (readers ignore fields they do not know): the server always writes it; files written
   * before it lack it, which says nothing about the log. The import ignores it.
   */
  securityLog: z.array(exportSecurityLogEntrySchema).optional(),
  creditLedger: z.array(exportLedgerEntrySchema),
  analysisUsage: z.array(exportAnalysisUsageSchema),
  rewards: exportRewardsSchema.optional(),
  /**
   * Added within version 1 (docs/decisions/027): the plan history and the invoices (dates, amounts, status; never
   * card data). Absent in files written before it; the import ignores it.
   */
  billing: exportBillingSchema.optional(),
  support: z.array(exportSupportMessageSchema).optional(),
  /**
   * Added within version 1 (docs/decisions/031): the dream signs the user pinned, newest first. Absent in files
   * written before it; the import ignores it (a pin is a choice made over a journal, pinned again from 'Padrões').
   */
  dreamSignPins: z
    .array(z.object({ kind: z.string(), key: z.string(), label: z.string(), createdAt: instant }))
    .optional(),
  /**
   * Added within version 1 (docs/decisions/032): the stored monthly reports, oldest month first. Absent in files
   * written before it; the import ignores it (a report is written from a journal; it is generated again).
   */
  monthlyReports: z.array(monthlyReportSchema).optional(),
  /**
   * Added within version 1 (docs/decisions/035): the conversations of the chat about dreams with their messages,
   * oldest first (those of dreams in the trash too). Absent in files written before it; the import ignores it.
   */
  chatConversations: z.array(chatThreadSchema.extend({ messages: z.array(chatMessageSchema) })).optional(),
  /**
   * Added within version 1 (docs/decisions/037): the reminder settings (null when never set) and when each device
   * subscribed to them was added; never a device's push endpoint or keys. Absent in files written before it; the
   * import ignores it.
   */
  reminders: exportRemindersSchema.optional(),
  dreams: z
    .array(exportDreamSchema)
    .max(IMPORT_LIMITS.maxDreams, `No máximo ${IMPORT_LIMITS.maxDreams} sonhos por importação`),
  /** What the file holds, written last: a reader can check that nothing was cut off. */
  totals: z.object({
    dreams: z.number().int(),
    analyses: z.number().int(),
    /** Entries in `securityLog` (absent with it, in files written before it). */
    securityLog: z.number().int().optional(),
  }),
});
export type ExportFile = z.infer<typeof exportFileSchema>;
export type ExportSecurityLogEntry = z.infer<typeof exportSecurityLogEntrySchema>;

/**
 * POST /me/import's body: the export file without the security log, the rewards and support, which the import ignores
 * (it restores only dreams): an unknown key is stripped, so a file with or without the section, even an edited one, is read alike.
 */
export const importFileSchema = exportFileSchema
  .omit({
    securityLog: true,
    rewards: true,
    billing: true,
    support: true,
    dreamSignPins: true,
    monthlyReports: true,
    chatConversations: true,
    reminders: true,
  })
  .extend({ totals: exportFileSchema.shape.totals.omit({ securityLog: true }) });
export type ImportFile = z.infer<typeof importFileSchema>;
export type ExportDream = z.infer<typeof exportDreamSchema>;
export type ExportAnalysis = z.infer<typeof exportAnalysisSchema>;
