// Sending a message: the checks and the quota's reservation before any provider call, then the answer and the
// turn stored in one transaction.

import { randomUUID } from 'node:crypto';
import { ANALYSIS_ERROR_CODES, type AnalysisLanguage } from '@sonhario/contracts/analyses';
import { CHAT_ERROR_CODES, CHAT_LIMITS, type ChatDreamRef, type ChatSendResult } from '@sonhario/contracts/chat';
import type { Profile } from '@sonhario/contracts/profile';
import { withTransaction, type RequestContext } from '../../context.ts';
import { AppError, ForbiddenError } from '../../errors.ts';
import { ProviderError } from '../ai/provider-error.ts';
import { hasConsent } from '../consents/consents.service.ts';
import type { UserKeys } from '../keys/keys.crypto.ts';
import { getProfile } from '../profile/profile.service.ts';
import { assessDistress } from '../safety/distress.ts';
import { answerHeedsDistress, safeReply } from '../safety/safe-reply.ts';
import { CHAT_BUDGET, cutText, referencedLabels, splitTurns, type ChatRequest, type ChatTurn } from './chat.context.ts';
import { conversationDreams } from './chat.context-dreams.service.ts';
import type { ChatDeps } from './chat.deps.ts';
import { ChatLimitError, threadNotFound } from './chat.errors.ts';
import { findThreadRow, insertTurn, listMessageRows, lockChatUsage, type ThreadRow } from './chat.repository.ts';
import {
  openMessageBody,
  openThreadField,
  sealMessageBody,
  sealThreadField,
  type MessageBody,
} from './chat.sealing.ts';
import { toMessage, toThread } from './chat.serializers.ts';
import { readUsage } from './chat.usage.service.ts';

/** A conversation's title from its first message: its first words, about 60 characters. */
function titleOf(message: string): string {
  return cutText(message.replace(/\s+/g, ' ').trim(), 60);
}

export interface PreparedSend {
  thread: ThreadRow;
  profile: Profile;
  language: AnalysisLanguage;
  content: string;
  limit: number;
  /** Gives the reservation back (once), whatever the outcome. */
  release: () => void;
}

/**
 * Everything checked before a provider sees a word: the conversation is the user's and visible (404), the AI consent
 * (403 consent_required, as analyses, builtin too), room in the conversation (409), then the quota, counted under the
 * user's lock with the sends in flight on this instance (429 with Retry-After), which reserves this send's place.
 */
export async function prepareSend(
  ctx: RequestContext,
  deps: ChatDeps,
  threadId: string,
  input: { content: string; language?: AnalysisLanguage },
): Promise<PreparedSend> {
  const thread = await findThreadRow(ctx.db, ctx.userId, threadId);
  if (!thread) throw threadNotFound();
  if (!(await hasConsent(ctx, 'ai_analysis'))) {
    throw new ForbiddenError(
      ANALYSIS_ERROR_CODES.consentRequired,
      'Para conversar sobre sonhos, é preciso autorizar a análise por IA. Nenhum texto foi enviado.',
    );
  }
  if (thread.messageCount + 2 > CHAT_LIMITS.messagesPerThreadMax) {
    throw new AppError(409, CHAT_ERROR_CODES.threadFull, 'Esta conversa chegou ao limite. Comece uma nova.');
  }
  const profile = await getProfile(ctx);
  const window = await withTransaction(ctx, async (tx) => {
    await lockChatUsage(tx.db, ctx.userId);
    const read = await readUsage(tx, profile, deps.fairUsePerDay);
    if (read.usage.used + deps.reservations.count(ctx.userId) >= read.usage.limit) {
      throw new ChatLimitError(read.usage, read.retryAfterSeconds);
    }
    deps.reservations.take(ctx.userId);
    return read;
  });
  let released = false;
  return {
    thread,
    profile,
    language: input.language ?? profile.locale,
    content: input.content,
    limit: window.usage.limit,
    release: () => {
      if (released) return;
      released = true;
      deps.reservations.release(ctx.userId);
    },
  };
}

interface OpenedTurn extends ChatTurn {
  seq: number;
}

/** The conversation's summary and the turns kept as they are, older turns folded in when they pass the budget. */
async function foldEarlierTurns(
  ctx: RequestContext,
  keys: UserKeys,
  deps: ChatDeps,
  prepared: PreparedSend,
  signal: AbortSignal,
) {
  const { thread, language } = prepared;
  const earlier: OpenedTurn[] = (
    await listMessageRows(ctx.db, ctx.userId, [thread.id], { afterSeq: thread.summarizedThrough })
  ).map((row) => ({
    seq: row.seq,
    role: row.role === 'assistant' ? 'assistant' : 'user',
    content: openMessageBody(keys, ctx.userId, row).content,
  }));
  let summary = thread.summaryEnc ? openThreadField(keys, ctx.userId, thread.id, 'summary', thread.summaryEnc) : null;
  let summarizedThrough = thread.summarizedThrough;
  const { fold, keep } = splitTurns(earlier);
  if (fold.length > 0) {
    summary = cutText(
      (
        await deps.provider.summarize(
          {
            language,
            previousSummary: summary,
            turns: fold.map(({ role, content: text }) => ({ role, content: text })),
          },
          { signal },
        )
      ).trim(),
      CHAT_BUDGET.summaryChars,
    );
    summarizedThrough = fold.at(-1)?.seq ?? summarizedThrough;
  }
  return { summary, summarizedThrough, keep };
}

/** The provider's answer, held back and checked first when the message is distressed (decision 056). */
async function answerSafely(
  deps: ChatDeps,
  request: ChatRequest,
  kinds: ReturnType<typeof assessDistress>['kinds'],
  options: { signal: AbortSignal; onDelta: (text: string) => void },
): Promise<string> {
  const { provider } = deps;
  const { signal } = options;
  const { language } = request;
  const distress = request.distress;
  // The safety layer (docs/decisions/056): a model's answer to a distressed message is held back from the stream
  // until it is checked; one that does not take the signal in is replaced by the safe reply. The answer is read too,
  // as a dream's text: it talks about dreams, and what it quotes of them is the dream's.
  const isHeld = distress && provider.isGenerative;
  let answer = await provider.answer(request, { signal, onDelta: isHeld ? () => {} : options.onDelta });
  if (signal.aborted) throw new ProviderError('aborted', 'answer cancelled');
  if (isHeld) {
    if (!answerHeedsDistress(answer, language)) answer = safeReply(language, kinds);
    options.onDelta(answer);
  }
  return answer;
}

/** What a send stores: the two messages' bodies, when it started, and the summary as folded before the answer. */
interface TurnToStore {
  startedAt: Date;
  userBody: MessageBody;
  answerBody: MessageBody;
  summary: string | null;
  summarizedThrough: number;
}

/**
 * Stores the two messages, the usage row and the conversation's state in one transaction, after counting the quota
 * again under the user's lock.
 */
function storeTurn(ctx: RequestContext, keys: UserKeys, deps: ChatDeps, prepared: PreparedSend, turn: TurnToStore) {
  const { thread, content } = prepared;
  const { provider } = deps;
  const { startedAt, userBody, answerBody, summary, summarizedThrough } = turn;
  return withTransaction(ctx, async (tx) => {
    await lockChatUsage(tx.db, ctx.userId);
    const window = await readUsage(tx, prepared.profile, deps.fairUsePerDay);
    // Sends on another instance may have used the room since this one reserved it.
    if (window.usage.used >= window.usage.limit) throw new ChatLimitError(window.usage, window.retryAfterSeconds);
    const locked = await findThreadRow(tx.db, ctx.userId, thread.id, { forUpdate: true });
    if (!locked) throw threadNotFound();
    if (locked.messageCount + 2 > CHAT_LIMITS.messagesPerThreadMax) {
      throw new AppError(409, CHAT_ERROR_CODES.threadFull, 'Esta conversa chegou ao limite. Comece uma nova.');
    }
    const now = ctx.now();
    const userRow = {
      id: randomUUID(),
      seq: locked.messageCount + 1,
      role: 'user',
      provider: null,
      model: null,
      createdAt: startedAt,
    };
    const answerRow = {
      id: randomUUID(),
      seq: locked.messageCount + 2,
      role: 'assistant',
      provider: provider.id,
      model: provider.model,
      createdAt: now,
    };
    const isNamed = !locked.isTitleSet && locked.messageCount === 0;
    await insertTurn(tx.db, ctx.userId, {
      threadId: thread.id,
      messages: [
        { ...userRow, bodyEnc: sealMessageBody(keys, ctx.userId, { id: userRow.id, threadId: thread.id }, userBody) },
        {
          ...answerRow,
          bodyEnc: sealMessageBody(keys, ctx.userId, { id: answerRow.id, threadId: thread.id }, answerBody),
        },
      ],
      usage: { provider: provider.id, model: provider.model, createdAt: now },
      thread: {
        ...(isNamed ? { titleEnc: sealThreadField(keys, ctx.userId, thread.id, 'title', titleOf(content)) } : {}),
        ...(summarizedThrough !== thread.summarizedThrough && summary !== null
          ? { summaryEnc: sealThreadField(keys, ctx.userId, thread.id, 'summary', summary), summarizedThrough }
          : {}),
        messageCount: locked.messageCount + 2,
        updatedAt: now,
      },
    });
    const after = await readUsage(tx, prepared.profile, deps.fairUsePerDay);
    const row = await findThreadRow(tx.db, ctx.userId, thread.id);
    if (!row) throw threadNotFound();
    return { userRow, answerRow, usage: after.usage, row };
  });
}

/**
 * Builds the context, folds older turns into the summary when they pass the budget, runs the provider, then stores
 * the two messages, the usage row and the conversation's state in one transaction, after counting the quota again
 * under the user's lock. A failure or cancel throws before that transaction: nothing is stored or counted.
 */
export async function completeSend(
  ctx: RequestContext,
  deps: ChatDeps,
  prepared: PreparedSend,
  options: { signal: AbortSignal; onDelta: (text: string) => void },
): Promise<ChatSendResult> {
  const { thread, content, language } = prepared;
  const { signal } = options;
  const keys = await ctx.keys.forUser(ctx.userId);
  const startedAt = ctx.now();
  const { summary, summarizedThrough, keep } = await foldEarlierTurns(ctx, keys, deps, prepared, signal);
  const dreams = await conversationDreams(ctx, keys, deps, thread, content);
  const assessed = assessDistress(content);
  const distress = assessed.isDistress;
  const request: ChatRequest = {
    kind: thread.kind === 'dream' ? 'dream' : 'journal',
    language,
    dreams,
    summary,
    turns: keep.map(({ role, content: text }) => ({ role, content: text })),
    message: content,
    distress,
  };
  const answer = await answerSafely(deps, request, assessed.kinds, options);
  const isAnswerDistress = distress || assessDistress(answer, { context: 'dream' }).isDistress;
  const dreamRefs: ChatDreamRef[] = referencedLabels(answer, dreams).map((dream) => ({
    ref: dream.label,
    dreamId: dream.dreamId,
    title: dream.title,
    dreamtOn: dream.dreamtOn,
  }));

  const userBody: MessageBody = { content, dreamRefs: [], distress };
  const answerBody: MessageBody = { content: answer, dreamRefs, distress: isAnswerDistress };
  const stored = await storeTurn(ctx, keys, deps, prepared, {
    startedAt,
    userBody,
    answerBody,
    summary,
    summarizedThrough,
  });
  return {
    thread: toThread(keys, ctx.userId, stored.row),
    userMessage: toMessage(stored.userRow, userBody),
    assistantMessage: toMessage(stored.answerRow, answerBody),
    usage: stored.usage,
  };
}
