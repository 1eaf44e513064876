import { z } from 'zod';
import { PLANS, type PlanId } from './profile.ts';

/**
 * Help ('Ajuda'): a user writes to the operator; the answer comes back in the app and by e-mail (docs/decisions/027).
 * Oracle's messages are priority: listed first to the operator, with a shorter promised response time.
 */
export const SUPPORT_LIMITS = {
  subjectMax: 120,
  messageMax: 5000,
  answerMax: 10_000,
  /** Messages a user may send per rolling day (beyond: 429). */
  perDay: 10,
} as const;

/** The promised first response, in hours: priority support for Oracle. */
export const SUPPORT_RESPONSE_HOURS: Record<PlanId, number> = { dreamer: 72, lucid: 48, oracle: 24 };
export const isPrioritySupport = (plan: PlanId) => plan === 'oracle';

export const SUPPORT_STATUSES = ['open', 'answered'] as const;

export const createSupportMessageSchema = z
  .object({
    subject: z.string().trim().min(1, 'Escreva um assunto').max(SUPPORT_LIMITS.subjectMax),
    message: z.string().trim().min(1, 'Escreva sua mensagem').max(SUPPORT_LIMITS.messageMax),
    /** A dream of the user's the message is about (optional). */
    dreamId: z.uuid().nullable().optional(),
  })
  .strict();
export type CreateSupportMessageInput = z.input<typeof createSupportMessageSchema>;

export const supportMessageSchema = z.object({
  id: z.uuid(),
  subject: z.string(),
  message: z.string(),
  dreamId: z.uuid().nullable(),
  isPriority: z.boolean(),
  /** The plan when it was sent. */
  plan: z.enum(PLANS),
  status: z.enum(SUPPORT_STATUSES),
  answer: z.string().nullable(),
  answeredAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

/** GET /support/messages: newest first, with what the page promises. */
export const supportMessagesResponseSchema = z.object({
  items: z.array(supportMessageSchema),
  responseHours: z.number().int(),
  isPriority: z.boolean(),
});
export type SupportMessagesResponse = z.infer<typeof supportMessagesResponseSchema>;
