import { randomUUID } from 'node:crypto';
import type { AnalysisLanguage } from '@sonhario/contracts/analyses';
import {
  CHAT_LIMITS,
  type ChatMessage,
  type ChatThread,
  type ChatThreadDetail,
  type ChatThreadsResponse,
  type CreateChatThreadInput,
  type DeleteChatThreadsResponse,
} from '@sonhario/contracts/chat';
import type { RequestContext } from '../../context.ts';
import { NotFoundError } from '../../errors.ts';
import { openDreamSummary } from '../dreams/dreams.sealing.ts';
import type { UserKeys } from '../keys/keys.crypto.ts';
import { getProfile } from '../profile/profile.service.ts';
import { threadNotFound } from './chat.errors.ts';
import {
  deleteThreadRow,
  deleteThreadRows,
  findThreadRow,
  insertThreadRow,
  listAllThreadRows,
  listLiveDreamSummaries,
  listMessageRows,
  listThreadRows,
  renameThreadRow,
  type MessageRow,
} from './chat.repository.ts';
import { openMessageBody, sealThreadField } from './chat.sealing.ts';
import { toMessage, toThread } from './chat.serializers.ts';

// The conversations: listing, reading, starting, renaming and deleting them, and all of them for the data export.
// Sending a message is chat.send.service.ts; the quota, chat.usage.service.ts.

/** A new conversation's title until its first message (the web's 'chat.newConversation'). */
const UNTITLED: Record<AnalysisLanguage, string> = { 'pt-BR': 'Nova conversa', en: 'New conversation' };

const dreamNotFound = () => new NotFoundError('Sonho não encontrado');

// --- reading ---------------------------------------------------------------------------------------------------

/** Messages opened, their references narrowed to dreams still in the journal (named as they are now). */
async function openMessages(ctx: RequestContext, keys: UserKeys, rows: MessageRow[]): Promise<ChatMessage[]> {
  const bodies = rows.map((row) => openMessageBody(keys, ctx.userId, row));
  const ids = [...new Set(bodies.flatMap((body) => body.dreamRefs.map((ref) => ref.dreamId)))];
  const live = new Map(
    (await listLiveDreamSummaries(ctx.db, ctx.userId, ids)).map((dream) => [
      dream.id,
      { title: openDreamSummary(keys, ctx.userId, dream.id, dream.summaryEnc).title, dreamtOn: dream.dreamtOn },
    ]),
  );
  return rows.map((row, index) => {
    const body = bodies[index] ?? openMessageBody(keys, ctx.userId, row);
    const dreamRefs = body.dreamRefs.flatMap((ref) => {
      const dream = live.get(ref.dreamId);
      return dream ? [{ ...ref, ...dream }] : [];
    });
    return toMessage(row, { ...body, dreamRefs });
  });
}

export async function listThreads(ctx: RequestContext, query: { dreamId?: string }): Promise<ChatThreadsResponse> {
  const rows = await listThreadRows(ctx.db, ctx.userId, { dreamId: query.dreamId, limit: CHAT_LIMITS.threadsListMax });
  if (rows.length === 0) return { items: [] };
  const keys = await ctx.keys.forUser(ctx.userId);
  return { items: rows.map((row) => toThread(keys, ctx.userId, row)) };
}

export async function getThread(ctx: RequestContext, id: string): Promise<ChatThreadDetail> {
  const row = await findThreadRow(ctx.db, ctx.userId, id);
  if (!row) throw threadNotFound();
  const keys = await ctx.keys.forUser(ctx.userId);
  const messages = await openMessages(ctx, keys, await listMessageRows(ctx.db, ctx.userId, [id]));
  return { thread: toThread(keys, ctx.userId, row), messages };
}

// --- writing -----------------------------------------------------------------------------------------------------

export async function createThread(ctx: RequestContext, input: CreateChatThreadInput): Promise<ChatThread> {
  const dreamId = input.kind === 'dream' ? input.dreamId : null;
  // Only a live dream of the caller's: another user's id answers like one that does not exist.
  if (dreamId && (await listLiveDreamSummaries(ctx.db, ctx.userId, [dreamId])).length === 0) throw dreamNotFound();
  const keys = await ctx.keys.forUser(ctx.userId);
  const id = randomUUID();
  await insertThreadRow(ctx.db, {
    id,
    userId: ctx.userId,
    kind: input.kind,
    dreamId,
    // A placeholder in the profile's language until the first message names the conversation.
    titleEnc: sealThreadField(keys, ctx.userId, id, 'title', UNTITLED[(await getProfile(ctx)).locale]),
    createdAt: ctx.now(),
  });
  const row = await findThreadRow(ctx.db, ctx.userId, id);
  if (!row) throw threadNotFound();
  return toThread(keys, ctx.userId, row);
}

export async function renameThread(ctx: RequestContext, id: string, title: string): Promise<ChatThread> {
  if (!(await findThreadRow(ctx.db, ctx.userId, id))) throw threadNotFound();
  const keys = await ctx.keys.forUser(ctx.userId);
  await renameThreadRow(ctx.db, ctx.userId, id, sealThreadField(keys, ctx.userId, id, 'title', title), ctx.now());
  const row = await findThreadRow(ctx.db, ctx.userId, id);
  if (!row) throw threadNotFound();
  return toThread(keys, ctx.userId, row);
}

export async function deleteThread(ctx: RequestContext, id: string): Promise<void> {
  if (!(await findThreadRow(ctx.db, ctx.userId, id))) throw threadNotFound();
  await deleteThreadRow(ctx.db, ctx.userId, id);
}

/** Every conversation of the user, those of dreams in the trash too; the usage stays counted. */
export async function deleteAllThreads(ctx: RequestContext): Promise<DeleteChatThreadsResponse> {
  return { deleted: await deleteThreadRows(ctx.db, ctx.userId) };
}

// --- the data export (modules/account) ----------------------------------------------------------------------------

/** Every conversation of the user with its messages, opened, oldest first (those of dreams in the trash too). */
export async function listChatsForExport(
  ctx: RequestContext,
  keys: UserKeys,
): Promise<(ChatThread & { messages: ChatMessage[] })[]> {
  const threads = await listAllThreadRows(ctx.db, ctx.userId);
  const rows = await listMessageRows(
    ctx.db,
    ctx.userId,
    threads.map((thread) => thread.id),
  );
  const byThread = new Map<string, ChatMessage[]>();
  for (const row of rows) {
    const list = byThread.get(row.threadId) ?? [];
    list.push(toMessage(row, openMessageBody(keys, ctx.userId, row)));
    byThread.set(row.threadId, list);
  }
  return threads.map((thread) => ({ ...toThread(keys, ctx.userId, thread), messages: byThread.get(thread.id) ?? [] }));
}
