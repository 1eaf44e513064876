import { randomUUID } from 'node:crypto';
import { PLANS, type PlanId } from '@sonhario/contracts/profile';
import {
  SUPPORT_LIMITS,
  SUPPORT_RESPONSE_HOURS,
  isPrioritySupport,
  type SupportMessage,
  type SupportMessagesResponse,
  createSupportMessageSchema,
} from '@sonhario/contracts/support';
import type { z } from 'zod';
import { withTransaction, type RequestContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { NotFoundError, RateLimitError, ValidationError } from '../../errors.ts';
import type { Mailer } from '../auth/auth.mailer.ts';
import { findUserById } from '../auth/auth.repository.ts';
import { findDream } from '../dreams/dreams.repository.ts';
import type { UserKeys } from '../keys/keys.crypto.ts';
import type { KeyRing } from '../keys/keys.service.ts';
import { getProfile } from '../profile/profile.service.ts';
import { supportAnswerEmail, supportMessageEmail } from './support.emails.ts';
import {
  findSupportMessage,
  insertSupportMessage,
  listOpenSupportMessageRows,
  listSendingTimesSince,
  listSupportMessageRows,
  storeSupportAnswer,
  type SupportMessageRow,
} from './support.repository.ts';
import { openSupportField, sealSupportField } from './support.sealing.ts';

// Help ('Ajuda', docs/decisions/027): a user writes to the operator, who answers with `npm run admin -- support`.

const DAY_MS = 24 * 3600_000;

/** The messages GET /support/messages answers, newest first: at ten a day, years of them; older ones are in the export. */
export const SUPPORT_LIST_LIMIT = 200;

/** Where the e-mails go and which links they carry. */
export interface SupportMailDeps {
  mailer: Mailer;
  /** SUPPORT_EMAIL: messages are e-mailed there when set (they are always kept for the operator's tool). */
  supportEmail: string | undefined;
  siteUrl: string;
}

const planOf = (value: string): PlanId =>
  (PLANS as readonly string[]).includes(value) ? (value as PlanId) : 'dreamer';

function openMessage(keys: UserKeys, row: SupportMessageRow): SupportMessage {
  const open = (field: 'subject' | 'message' | 'answer', blob: Buffer) =>
    openSupportField(keys, row.userId, row.id, field, blob);
  return {
    id: row.id,
    subject: open('subject', row.subjectEnc),
    message: open('message', row.messageEnc),
    dreamId: row.dreamId,
    isPriority: row.isPriority,
    plan: planOf(row.plan),
    status: row.status === 'answered' ? 'answered' : 'open',
    answer: row.answerEnc ? open('answer', row.answerEnc) : null,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Stores a message sealed with the user's key, then e-mails it to SUPPORT_EMAIL. Priority is the plan at sending
 * (Oracle). At most SUPPORT_LIMITS.perDay in any 24 hours: the sends of one user are serialized by a lock on their
 * account row, so two at once cannot both pass the count.
 */
export async function sendSupportMessage(
  ctx: RequestContext,
  input: z.output<typeof createSupportMessageSchema>,
  deps: SupportMailDeps,
): Promise<SupportMessage> {
  // Keys and profile before the transaction: the key ring never runs inside a caller's transaction.
  const keys = await ctx.keys.forUser(ctx.userId);
  const { plan } = await getProfile(ctx);
  const now = ctx.now();
  const id = randomUUID();
  const dreamId = input.dreamId ?? null;
  const { row, email } = await withTransaction(ctx, async (tx) => {
    const user = await findUserById(tx.db, ctx.userId, { forUpdate: true });
    if (!user) throw new NotFoundError('Usuário não encontrado');
    // Only a live dream of the caller's: another user's id answers like one that does not exist.
    if (dreamId && !(await findDream(tx.db, ctx.userId, dreamId))) throw new NotFoundError('Sonho não encontrado');
    const sent = await listSendingTimesSince(tx.db, ctx.userId, new Date(now.getTime() - DAY_MS));
    if (sent.length >= SUPPORT_LIMITS.perDay) {
      // The oldest of the last ten leaves the window first.
      const nextAt = new Date((sent[sent.length - SUPPORT_LIMITS.perDay] ?? now).getTime() + DAY_MS);
      throw new RateLimitError(
        'support_rate_limited',
        `No máximo ${String(SUPPORT_LIMITS.perDay)} mensagens em 24 horas: a próxima pode ser enviada a partir de ${nextAt.toISOString()}`,
      );
    }
    const stored = await insertSupportMessage(tx.db, {
      id,
      userId: ctx.userId,
      subjectEnc: sealSupportField(keys, ctx.userId, id, 'subject', input.subject),
      messageEnc: sealSupportField(keys, ctx.userId, id, 'message', input.message),
      dreamId,
      isPriority: isPrioritySupport(plan),
      plan,
      status: 'open',
      createdAt: now,
    });
    return { row: stored, email: user.email };
  });
  if (deps.supportEmail) {
    try {
      await deps.mailer.send(
        supportMessageEmail(deps.supportEmail, {
          id,
          from: email,
          plan,
          subject: input.subject,
          message: input.message,
          dreamLink: dreamId ? `${deps.siteUrl}/app/dreams/${dreamId}` : null,
          createdAt: now,
        }),
      );
    } catch (error) {
      // The message is kept and listed by the operator's tool: a mail server down must not lose it or fail the send.
      ctx.log.error({ err: error, supportMessageId: id }, 'support message stored but not e-mailed to SUPPORT_EMAIL');
    }
  }
  return openMessage(keys, row);
}

/** The caller's messages, newest first, with the response time their current plan promises. */
export async function listSupportMessages(ctx: RequestContext): Promise<SupportMessagesResponse> {
  const keys = await ctx.keys.forUser(ctx.userId);
  const { plan } = await getProfile(ctx);
  const rows = await listSupportMessageRows(ctx.db, ctx.userId, { order: 'newest', limit: SUPPORT_LIST_LIMIT });
  return {
    items: rows.map((row) => openMessage(keys, row)),
    responseHours: SUPPORT_RESPONSE_HOURS[plan],
    isPriority: isPrioritySupport(plan),
  };
}

/** The export's `support` section: every message, oldest first, opened. */
export async function exportSupportMessages(ctx: RequestContext) {
  const keys = await ctx.keys.forUser(ctx.userId);
  const rows = await listSupportMessageRows(ctx.db, ctx.userId, { order: 'oldest' });
  return rows.map((row) => {
    const { id: _id, ...message } = openMessage(keys, row);
    return message;
  });
}

// --- the operator's tool (npm run admin -- support) ---------------------------------------------------------------

/** What the operator's commands run with: no request and no user, the server's key ring. */
export interface OperatorContext {
  db: DbOrTx;
  keys: KeyRing;
  now: () => Date;
}

export interface OpenSupportMessage extends SupportMessage {
  email: string;
  dreamLink: string | null;
}

/** Every user's open messages, opened: priority first, then the oldest. */
export async function listOpenSupportMessages(op: OperatorContext, siteUrl: string): Promise<OpenSupportMessage[]> {
  const rows = await listOpenSupportMessageRows(op.db);
  const opened: OpenSupportMessage[] = [];
  for (const { row, email } of rows) {
    const keys = await op.keys.forUser(row.userId);
    opened.push({
      ...openMessage(keys, row),
      email,
      dreamLink: row.dreamId ? `${siteUrl}/app/dreams/${row.dreamId}` : null,
    });
  }
  return opened;
}

export type AnswerOutcome =
  | { kind: 'answered'; email: string; isEmailed: boolean }
  | { kind: 'not_found' }
  | { kind: 'already_answered'; answeredAt: string };

/**
 * Stores the operator's answer sealed with the user's key, marks the message answered and e-mails the user. A message
 * is answered once: a second answer is refused (the user writes again to go on).
 */
export async function answerSupportMessage(
  op: OperatorContext & { log: { error(obj: object, msg: string): void } },
  id: string,
  answerText: string,
  deps: Pick<SupportMailDeps, 'mailer' | 'siteUrl'>,
): Promise<AnswerOutcome> {
  const answer = answerText.trim();
  if (!answer || answer.length > SUPPORT_LIMITS.answerMax) {
    throw new ValidationError(`A resposta deve ter de 1 a ${String(SUPPORT_LIMITS.answerMax)} caracteres`);
  }
  const found = await findSupportMessage(op.db, id);
  if (!found) return { kind: 'not_found' };
  const { userId } = found.row;
  const keys = await op.keys.forUser(userId);
  const outcome = await withTransaction(op, async (tx) => {
    const locked = await findSupportMessage(tx.db, id, { forUpdate: true });
    if (!locked) return { kind: 'not_found' } as const;
    if (locked.row.answeredAt) {
      return { kind: 'already_answered', answeredAt: locked.row.answeredAt.toISOString() } as const;
    }
    await storeSupportAnswer(tx.db, userId, id, {
      answerEnc: sealSupportField(keys, userId, id, 'answer', answer),
      answeredAt: op.now(),
    });
    return {
      kind: 'stored',
      email: locked.email,
      subject: openSupportField(keys, userId, id, 'subject', locked.row.subjectEnc),
    } as const;
  });
  if (outcome.kind !== 'stored') return outcome;
  try {
    await deps.mailer.send(
      supportAnswerEmail(outcome.email, { subject: outcome.subject, answer, helpLink: `${deps.siteUrl}/app/help` }),
    );
    return { kind: 'answered', email: outcome.email, isEmailed: true };
  } catch (error) {
    op.log.error({ err: error, supportMessageId: id }, 'support answer stored but not e-mailed to the user');
    return { kind: 'answered', email: outcome.email, isEmailed: false };
  }
}
