import { z } from 'zod';
import { PLANS, type PlanId } from './profile.ts';

/** Analyses included per calendar month (user's time zone); null = unlimited (decision 008). */
export const PLAN_QUOTAS: Record<PlanId, number | null> = { dreamer: 5, lucid: 100, oracle: null };
export const PLAN_NAMES: Record<PlanId, string> = { dreamer: 'Dreamer', lucid: 'Lucid', oracle: 'Oracle' };

/** The credit rules (one place): what is earned and what an analysis beyond the quota costs. */
export const CREDIT_RULES = {
  welcomeBonus: 10,
  analysisCost: 10,
} as const;

/** Why a ledger row exists. Positive amounts are earned, negative are spent. */
export const LEDGER_REASONS = [
  'welcome_bonus',
  'analysis',
  'operator_grant',
  // Rewards (docs/decisions/026)
  'first_dream_of_day',
  'streak_milestone',
  'daily_bonus',
  'achievement',
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

export const quotaSchema = z.object({
  plan: z.enum(PLANS),
  /** Analyses included this month; null when the plan is unlimited. */
  limit: z.number().int().nullable(),
  used: z.number().int(),
  /** The month counted, YYYY-MM in the user's time zone, and the first day of the next one. */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  resetsOn: z.iso.date(),
});
export type Quota = z.infer<typeof quotaSchema>;

/** GET /credits. `nextCharge` says how the next analysis would be paid (null: it would be refused). */
export const creditsSummarySchema = z.object({
  balance: z.number().int(),
  quota: quotaSchema,
  analysisCost: z.number().int(),
  nextCharge: z.enum(['quota', 'credits']).nullable(),
});
export type CreditsSummary = z.infer<typeof creditsSummarySchema>;

export const ledgerEntrySchema = z.object({
  id: z.uuid(),
  amount: z.number().int(),
  reason: z.enum(LEDGER_REASONS),
  /** The analysis an `analysis` row paid for (null once that dream is gone). */
  analysisId: z.uuid().nullable(),
  /**
   * What a reward was for: the local day (first_dream_of_day, daily_bonus), the milestone's days (streak_milestone)
   * or the achievement's id (achievement); null for the other reasons.
   */
  detail: z.string().nullable(),
  /** The balance right after this row. */
  balanceAfter: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const LEDGER_PAGE = { sizeDefault: 20, sizeMax: 100 } as const;

export const listLedgerQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(LEDGER_PAGE.sizeMax).default(LEDGER_PAGE.sizeDefault),
});
export type ListLedgerQuery = z.input<typeof listLedgerQuerySchema>;

export const listLedgerResponseSchema = z.object({
  items: z.array(ledgerEntrySchema),
  nextCursor: z.string().nullable(),
});
export type ListLedgerResponse = z.infer<typeof listLedgerResponseSchema>;

/** PUT /admin/users/:id/plan (service-role key). */
export const setPlanSchema = z.object({ plan: z.enum(PLANS, { error: 'Plano desconhecido' }) }).strict();
