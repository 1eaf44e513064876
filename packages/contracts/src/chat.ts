import { z } from 'zod';
import { ANALYSIS_LANGUAGES, ANALYSIS_PROVIDERS } from './analyses.ts';
import type { PlanId } from './profile.ts';

/**
 * The chat about dreams (issue 17, docs/decisions/035). Two kinds of conversation:
 * - `dream`: about one dream ('Conversar sobre este sonho' on the dream's page), its details and latest analysis;
 * - `journal`: about the whole journal ('Oráculo', /app/oracle), answered from the user's own dreams, which the answer
 *   names as `[D<n>]` markers that `dreamRefs` resolve to the user's dreams (the web renders them as links).
 *
 * An answer streams like an analysis. The user's message and the answer are stored together, sealed, only when the
 * answer is complete: a failed or cancelled answer stores and counts nothing (the web keeps the typed text to retry).
 * Usage is counted per message sent: Oracle is unlimited with a fair use per day in the user's zone; Dreamer and
 * Lucid get a taste per calendar month in the user's zone.
 */

/** Plans that chat without the monthly taste limit (only the daily fair use). */
export const CHAT_UNLIMITED_PLANS: readonly PlanId[] = ['oracle'];
export const hasUnlimitedChat = (plan: PlanId) => CHAT_UNLIMITED_PLANS.includes(plan);

export const CHAT_LIMITS = {
  /** Messages a Dreamer or Lucid user may send per calendar month (user's zone). */
  tasteMessagesPerMonth: 10,
  /** Default fair use for Oracle: messages per day (user's zone); the server's `CHAT_FAIR_USE_PER_DAY` overrides. */
  fairUseMessagesPerDay: 100,
  /** Characters of one message the user sends. */
  messageMax: 4000,
  titleMax: 120,
  /** Messages (both roles) one conversation may hold; past it, the user starts a new one. */
  messagesPerThreadMax: 400,
  /** Conversations listed at most (newest first). */
  threadsListMax: 200,
} as const;

export const CHAT_KINDS = ['dream', 'journal'] as const;
export type ChatKind = (typeof CHAT_KINDS)[number];

export const CHAT_ROLES = ['user', 'assistant'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

/** The marker an answer uses to name a dream of the journal: `[D3]`. */
export const CHAT_DREAM_REF_PATTERN = /\[D(\d{1,3})\]/g;

export const chatDreamRefSchema = z.object({
  /** The marker's label, e.g. 'D3'. */
  ref: z.string().regex(/^D\d{1,3}$/),
  dreamId: z.uuid(),
  title: z.string().nullable(),
  dreamtOn: z.iso.date(),
});
export type ChatDreamRef = z.infer<typeof chatDreamRefSchema>;

export const chatMessageSchema = z.object({
  id: z.uuid(),
  role: z.enum(CHAT_ROLES),
  content: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Assistant messages: who answered; null on user messages. */
  provider: z.enum(ANALYSIS_PROVIDERS).nullable(),
  model: z.string().nullable(),
  /** False for the builtin guide: the UI must not call it AI-generated. */
  isGenerative: z.boolean(),
  /** The dreams an assistant answer names (`[D<n>]` markers), the user's own, still in the journal. */
  dreamRefs: z.array(chatDreamRefSchema),
  /** The user's words (this message or the one it answers) show distress: the UI shows the CVV card (188). */
  distress: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatThreadSchema = z.object({
  id: z.uuid(),
  kind: z.enum(CHAT_KINDS),
  /** The dream a `dream` conversation is about; null for `journal`. */
  dream: z.object({ id: z.uuid(), title: z.string().nullable(), dreamtOn: z.iso.date() }).nullable(),
  title: z.string(),
  messageCount: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type ChatThread = z.infer<typeof chatThreadSchema>;

/** GET /chat/threads[?dreamId=]: newest first, at most CHAT_LIMITS.threadsListMax. */
export const listChatThreadsQuerySchema = z.object({ dreamId: z.uuid().optional() });
export type ListChatThreadsQuery = z.infer<typeof listChatThreadsQuerySchema>;
export const chatThreadsResponseSchema = z.object({ items: z.array(chatThreadSchema) });
export type ChatThreadsResponse = z.infer<typeof chatThreadsResponseSchema>;

/** POST /chat/threads → 201 the thread (no messages yet; the title is a placeholder until the first message). */
export const createChatThreadSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('dream'), dreamId: z.uuid() }).strict(),
    z.object({ kind: z.literal('journal') }).strict(),
  ],
  { error: 'Tipo de conversa inválido' },
);
export type CreateChatThreadInput = z.infer<typeof createChatThreadSchema>;

/** GET /chat/threads/:id → the thread and its messages, oldest first. */
export const chatThreadDetailSchema = z.object({ thread: chatThreadSchema, messages: z.array(chatMessageSchema) });
export type ChatThreadDetail = z.infer<typeof chatThreadDetailSchema>;

/** PATCH /chat/threads/:id → the thread. */
export const renameChatThreadSchema = z
  .object({
    title: z
      .string({ error: 'Informe um título' })
      .trim()
      .min(1, 'Informe um título')
      .max(CHAT_LIMITS.titleMax, `No máximo ${CHAT_LIMITS.titleMax} caracteres`),
  })
  .strict();
export type RenameChatThreadInput = z.infer<typeof renameChatThreadSchema>;

/** DELETE /chat/threads/:id → 204. DELETE /chat/threads → { deleted }. */
export const deleteChatThreadsResponseSchema = z.object({ deleted: z.number().int() });
export type DeleteChatThreadsResponse = z.infer<typeof deleteChatThreadsResponseSchema>;

/**
 * POST /chat/threads/:id/messages: sends a message and answers it. With `Accept: text/event-stream`, the stream
 * (`start`, `delta`*, then `done` or `error`); without it, 201 with `done`'s data. Refusals before any provider call
 * are plain JSON errors: 400 validation_failed, 404 chat_thread_not_found, 403 consent_required, 409
 * chat_thread_full, 429 chat_limit_reached (with `Retry-After`). The language defaults to the profile's.
 */
export const sendChatMessageSchema = z
  .object({
    content: z
      .string({ error: 'Escreva uma mensagem' })
      .trim()
      .min(1, 'Escreva uma mensagem')
      .max(CHAT_LIMITS.messageMax, `No máximo ${CHAT_LIMITS.messageMax} caracteres`),
    language: z.enum(ANALYSIS_LANGUAGES, { error: 'Idioma não suportado' }).optional(),
  })
  .strict();
export type SendChatMessageInput = z.input<typeof sendChatMessageSchema>;

/** GET /chat/usage: what the user may still send. */
export const chatUsageSchema = z.object({
  plan: z.enum(['dreamer', 'lucid', 'oracle']),
  /** 'taste' (Dreamer, Lucid: a monthly limit) or 'unlimited' (Oracle: only the daily fair use). */
  mode: z.enum(['taste', 'unlimited']),
  used: z.number().int(),
  /** The limit that applies (month for taste, day for unlimited). */
  limit: z.number().int(),
  remaining: z.number().int(),
  /** When the counted period ends (next month's or next day's start in the user's zone). */
  resetsAt: z.iso.datetime({ offset: true }),
});
export type ChatUsage = z.infer<typeof chatUsageSchema>;

export const chatSendResultSchema = z.object({
  thread: chatThreadSchema,
  userMessage: chatMessageSchema,
  assistantMessage: chatMessageSchema,
  usage: chatUsageSchema,
});
export type ChatSendResult = z.infer<typeof chatSendResultSchema>;

export const chatStreamEventSchema = z.discriminatedUnion('event', [
  z.object({
    event: z.literal('start'),
    data: z.object({ provider: z.enum(ANALYSIS_PROVIDERS), model: z.string(), isGenerative: z.boolean() }),
  }),
  z.object({ event: z.literal('delta'), data: z.object({ text: z.string() }) }),
  z.object({ event: z.literal('done'), data: chatSendResultSchema }),
  z.object({ event: z.literal('error'), data: z.object({ code: z.string(), message: z.string() }) }),
]);
export type ChatStreamEvent = z.infer<typeof chatStreamEventSchema>;

export const CHAT_ERROR_CODES = {
  threadNotFound: 'chat_thread_not_found',
  threadFull: 'chat_thread_full',
  limitReached: 'chat_limit_reached',
} as const;
