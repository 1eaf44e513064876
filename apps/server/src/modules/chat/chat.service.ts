import { randomUUID } from 'node:crypto';
import {
  ANALYSIS_ERROR_CODES,
  ANALYSIS_PROVIDERS,
  type AnalysisLanguage,
  type AnalysisProviderId,
} from '@sonhario/contracts/analyses';
import {
  CHAT_ERROR_CODES,
  CHAT_LIMITS,
  hasUnlimitedChat,
  type ChatDreamRef,
  type ChatMessage,
  type ChatSendResult,
  type ChatThread,
  type ChatThreadDetail,
  type ChatThreadsResponse,
  type ChatUsage,
  type CreateChatThreadInput,
  type DeleteChatThreadsResponse,
} from '@sonhario/contracts/chat';
import type { Emotion } from '@sonhario/contracts/dreams';
import type { Profile } from '@sonhario/contracts/profile';
import { withTransaction, type RequestContext } from '../../context.ts';
import { AppError, ForbiddenError, NotFoundError } from '../../errors.ts';
import { addDays, localDate, localMonth, nextMonthStart } from '../../lib/local-time.ts';
import { openResult } from '../analyses/analyses.sealing.ts';
import { ProviderError, type ProviderFailure } from '../ai/provider-error.ts';
import { hasConsent } from '../consents/consents.service.ts';
import { openDreamSummary, openField } from '../dreams/dreams.sealing.ts';
import { queryTokenGroups } from '../dreams/dreams.search.ts';
import type { UserKeys } from '../keys/keys.crypto.ts';
import { listLatestAnalysisRows } from '../patterns/similar.repository.ts';
import { listSimilarDreams, type RaritySampleCache } from '../patterns/similar.service.ts';
import { getProfile } from '../profile/profile.service.ts';
import { assessDistress } from '../safety/distress.ts';
import { answerHeedsDistress, safeReply } from '../safety/safe-reply.ts';
import {
  CHAT_BUDGET,
  cutText,
  referencedLabels,
  splitTurns,
  type ChatContextDream,
  type ChatRequest,
  type ChatTurn,
} from './chat.context.ts';
import type { ChatProvider } from './chat.provider.ts';
import {
  countUsage,
  deleteThreadRow,
  deleteThreadRows,
  findThreadRow,
  insertThreadRow,
  insertTurn,
  listAllThreadRows,
  listContextDreamRows,
  listLiveDreamSummaries,
  listMessageRows,
  listThreadRows,
  lockChatUsage,
  newestDreamIds,
  renameThreadRow,
  searchDreamIds,
  type MessageRow,
  type ThreadRow,
} from './chat.repository.ts';
import {
  openMessageBody,
  openThreadField,
  sealMessageBody,
  sealThreadField,
  type MessageBody,
} from './chat.sealing.ts';

/** What the chat's services need besides the request context. */
export interface ChatDeps {
  provider: ChatProvider;
  reservations: ChatReservations;
  /** Oracle's messages per day in the user's zone (CHAT_FAIR_USE_PER_DAY). */
  fairUsePerDay: number;
  /** The similar dreams' rarity sample (modules/patterns), shared by the journal context. */
  samples: RaritySampleCache;
}

/**
 * Sends in flight per user on this instance: a send reserves its place under the user's lock before any provider
 * call, so sends at once cannot pass the limit together; the stored usage row replaces the reservation at the
 * commit, which counts again under the same lock (another instance's sends are caught there).
 */
export class ChatReservations {
  private readonly counts = new Map<string, number>();
  count(userId: string): number {
    return this.counts.get(userId) ?? 0;
  }
  take(userId: string) {
    this.counts.set(userId, this.count(userId) + 1);
  }
  release(userId: string) {
    const left = this.count(userId) - 1;
    if (left > 0) this.counts.set(userId, left);
    else this.counts.delete(userId);
  }
}

/** A new conversation's title until its first message (the web's 'chat.newConversation'). */
const UNTITLED: Record<AnalysisLanguage, string> = { 'pt-BR': 'Nova conversa', en: 'New conversation' };

const threadNotFound = () => new AppError(404, CHAT_ERROR_CODES.threadNotFound, 'Conversa não encontrada.');
const dreamNotFound = () => new NotFoundError('Sonho não encontrado');

const oneOf = <T extends string>(list: readonly T[], value: string, fallback: T): T =>
  (list as readonly string[]).includes(value) ? (value as T) : fallback;

// --- reading ---------------------------------------------------------------------------------------------------

function toThread(keys: UserKeys, userId: string, row: ThreadRow): ChatThread {
  return {
    id: row.id,
    kind: row.kind === 'dream' ? 'dream' : 'journal',
    dream:
      row.dreamId && row.dreamSummaryEnc && row.dreamtOn
        ? {
            id: row.dreamId,
            title: openDreamSummary(keys, userId, row.dreamId, row.dreamSummaryEnc).title,
            dreamtOn: row.dreamtOn,
          }
        : null,
    title: openThreadField(keys, userId, row.id, 'title', row.titleEnc),
    messageCount: row.messageCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toMessage(
  row: Pick<MessageRow, 'id' | 'role' | 'provider' | 'model' | 'createdAt'>,
  body: MessageBody,
): ChatMessage {
  const provider = row.provider ? oneOf<AnalysisProviderId>(ANALYSIS_PROVIDERS, row.provider, 'builtin') : null;
  return {
    id: row.id,
    role: row.role === 'assistant' ? 'assistant' : 'user',
    content: body.content,
    createdAt: row.createdAt.toISOString(),
    provider,
    model: row.model,
    isGenerative: provider !== null && provider !== 'builtin',
    dreamRefs: body.dreamRefs,
    distress: body.distress,
  };
}

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

// --- usage -------------------------------------------------------------------------------------------------------

interface UsageWindow {
  usage: ChatUsage;
  /** Seconds until the count resets (Retry-After). */
  retryAfterSeconds: number;
}

/** The count that applies to the user's plan: this month's (taste) or today's (fair use), in the user's zone. */
async function readUsage(ctx: RequestContext, profile: Profile, fairUsePerDay: number): Promise<UsageWindow> {
  const now = ctx.now();
  const unlimited = hasUnlimitedChat(profile.plan);
  let from: string;
  let to: string;
  if (unlimited) {
    from = localDate(now, profile.timeZone);
    to = addDays(from, 1);
  } else {
    const month = localMonth(now, profile.timeZone);
    from = `${month}-01`;
    to = nextMonthStart(month);
  }
  const limit = unlimited ? fairUsePerDay : CHAT_LIMITS.tasteMessagesPerMonth;
  const { used, resetsAt } = await countUsage(ctx.db, ctx.userId, { from, to, timeZone: profile.timeZone });
  return {
    usage: {
      plan: profile.plan,
      mode: unlimited ? 'unlimited' : 'taste',
      used,
      limit,
      remaining: Math.max(0, limit - used),
      resetsAt: resetsAt.toISOString(),
    },
    retryAfterSeconds: Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000)),
  };
}

export async function getChatUsage(ctx: RequestContext, deps: Pick<ChatDeps, 'fairUsePerDay'>): Promise<ChatUsage> {
  return (await readUsage(ctx, await getProfile(ctx), deps.fairUsePerDay)).usage;
}

/** 429 chat_limit_reached; `retryAfterSeconds` goes out as Retry-After. */
export class ChatLimitError extends AppError {
  constructor(
    usage: ChatUsage,
    public readonly retryAfterSeconds: number,
  ) {
    super(
      429,
      CHAT_ERROR_CODES.limitReached,
      usage.mode === 'taste'
        ? `Você já enviou as ${usage.limit} mensagens do mês do seu plano. O Oráculo conversa sem limite mensal.`
        : `Você chegou ao uso justo de ${usage.limit} mensagens por dia. Volte amanhã.`,
    );
  }
}

// --- provider failures -----------------------------------------------------------------------------------------

const NOTHING_COUNTED = 'Nada foi guardado nem contado.';

/** A provider failure as the user hears it; nothing was stored or counted in any of these cases. */
export function chatFailureError(failure: ProviderFailure): AppError {
  switch (failure) {
    case 'timeout':
      return new AppError(
        504,
        ANALYSIS_ERROR_CODES.providerTimeout,
        `A resposta demorou demais e foi interrompida. ${NOTHING_COUNTED}`,
      );
    case 'rate_limited':
      return new AppError(
        503,
        ANALYSIS_ERROR_CODES.providerBusy,
        `O serviço de IA está ocupado agora. ${NOTHING_COUNTED}`,
      );
    case 'invalid_output':
      return new AppError(
        502,
        ANALYSIS_ERROR_CODES.invalidOutput,
        `A resposta veio vazia e foi descartada. ${NOTHING_COUNTED}`,
      );
    case 'refused':
      return new AppError(422, ANALYSIS_ERROR_CODES.refused, `O serviço de IA não quis responder. ${NOTHING_COUNTED}`);
    case 'aborted':
      return new AppError(499, 'analysis_cancelled', `Resposta cancelada. ${NOTHING_COUNTED}`);
    default:
      return new AppError(
        502,
        ANALYSIS_ERROR_CODES.providerFailed,
        `Não foi possível responder agora. ${NOTHING_COUNTED}`,
      );
  }
}

// --- the context -------------------------------------------------------------------------------------------------

type ContextDreamRow = Awaited<ReturnType<typeof listContextDreamRows>>[number];

/** Opens the dreams in the order given, each cut to its share of the budget, with their newest analysis. */
async function openContextDreams(
  ctx: RequestContext,
  keys: UserKeys,
  picks: { id: string; reason: ChatContextDream['reason'] }[],
  budget: { perDream: number; total: number; notes: number },
): Promise<ChatContextDream[]> {
  const ids = picks.map((pick) => pick.id);
  const [rows, analyses] = await Promise.all([
    listContextDreamRows(ctx.db, ctx.userId, ids),
    listLatestAnalysisRows(ctx.db, ctx.userId, ids),
  ]);
  const byId = new Map<string, ContextDreamRow>(rows.map((row) => [row.id, row]));
  const analysisById = new Map(analyses.map((row) => [row.dreamId, row]));
  const opened: ChatContextDream[] = [];
  let left = budget.total;
  for (const pick of picks) {
    const row = byId.get(pick.id);
    if (!row || left < 200) continue;
    const open = (field: 'title' | 'content' | 'notes' | 'tags', blob: Buffer) =>
      openField(keys, ctx.userId, row.id, field, blob);
    const content = open('content', row.contentEnc);
    const cut = cutText(content, Math.min(budget.perDream, left));
    left -= cut.length;
    const analysisRow = analysisById.get(row.id);
    const analysis = analysisRow ? openResult(keys, ctx.userId, analysisRow) : null;
    opened.push({
      label: `D${opened.length + 1}`,
      dreamId: row.id,
      dreamtOn: row.dreamtOn,
      title: cutText(open('title', row.titleEnc), 200),
      content: cut,
      isTruncated: cut.length < content.length,
      notes: row.notesEnc && budget.notes > 0 ? cutText(open('notes', row.notesEnc), budget.notes) : null,
      tags: JSON.parse(open('tags', row.tagsEnc)) as string[],
      emotions: row.emotions as Emotion[],
      mood: row.mood,
      lucidity: row.lucidity,
      vividness: row.vividness,
      isNightmare: row.isNightmare,
      isRecurring: row.isRecurring,
      analysis: analysis
        ? {
            summary: cutText(analysis.summary, 400),
            themes: analysis.themes.map((theme) => theme.name).slice(0, 4),
            symbols: analysis.symbols.map((symbol) => symbol.symbol).slice(0, 8),
            emotions: analysis.emotions.map((emotion) => emotion.emotion).slice(0, 4),
            reflectionQuestions: analysis.reflectionQuestions.slice(0, 4),
            dreamType: analysis.dreamType,
          }
        : null,
      reason: pick.reason,
    });
  }
  return opened;
}

/** Journal dreams searched for when the message finds fewer, and the newest shown when it finds none. */
const SIMILAR_ADDED = 3;
const RECENT_FALLBACK = 5;

/**
 * The journal dreams an answer is written from: the user's live dreams holding most of the message's words (the
 * keyed search), the dreams most like the best of them (similar dreams, on plans that have them), and the newest
 * dreams when the words find nothing. Only the user's: every query is by their id and their keyed tokens.
 */
async function journalDreams(ctx: RequestContext, keys: UserKeys, deps: ChatDeps, message: string) {
  const picks: { id: string; reason: ChatContextDream['reason'] }[] = [];
  const add = (id: string, reason: ChatContextDream['reason']) => {
    if (picks.length < CHAT_BUDGET.journalDreams && !picks.some((pick) => pick.id === id)) picks.push({ id, reason });
  };
  const found = await searchDreamIds(
    ctx.db,
    ctx.userId,
    queryTokenGroups(keys.index, message),
    CHAT_BUDGET.journalDreams,
  );
  for (const hit of found) add(hit.id, 'search');
  const best = found[0];
  if (best && found.length < CHAT_BUDGET.journalDreams) {
    try {
      const similar = await listSimilarDreams(ctx, best.id, deps.samples);
      for (const dream of similar.items.slice(0, SIMILAR_ADDED)) add(dream.id, 'similar');
    } catch (error) {
      // Similar dreams are Lucid's and Oracle's (403 plan_required): the search alone answers on Dreamer.
      if (!(error instanceof ForbiddenError)) throw error;
    }
  }
  if (picks.length === 0) for (const id of await newestDreamIds(ctx.db, ctx.userId, RECENT_FALLBACK)) add(id, 'recent');
  return openContextDreams(ctx, keys, picks, {
    perDream: CHAT_BUDGET.journalDreamChars,
    total: CHAT_BUDGET.journalTextChars,
    notes: 0,
  });
}

/** Other dreams a conversation about one dream may draw on: where its people, places and images come back. */
const RELATED_DREAMS = 4;

/**
 * The journal dreams related to a conversation's dream (decision 060): those holding the message's words (the keyed
 * search) and those most like the dream (similar dreams, on plans that have them), the dream itself left out,
 * labelled after it (D2…). Only the user's, as journalDreams.
 */
async function relatedDreams(
  ctx: RequestContext,
  keys: UserKeys,
  deps: ChatDeps,
  dreamId: string,
  message: string,
): Promise<ChatContextDream[]> {
  const picks: { id: string; reason: ChatContextDream['reason'] }[] = [];
  const add = (id: string, reason: ChatContextDream['reason']) => {
    if (id !== dreamId && picks.length < RELATED_DREAMS && !picks.some((pick) => pick.id === id))
      picks.push({ id, reason });
  };
  try {
    const similar = await listSimilarDreams(ctx, dreamId, deps.samples);
    for (const dream of similar.items.slice(0, RELATED_DREAMS)) add(dream.id, 'similar');
  } catch (error) {
    // Similar dreams are Lucid's and Oracle's (403 plan_required): the search alone answers on Dreamer.
    if (!(error instanceof ForbiddenError)) throw error;
  }
  const found = await searchDreamIds(ctx.db, ctx.userId, queryTokenGroups(keys.index, message), RELATED_DREAMS + 1);
  for (const hit of found) add(hit.id, 'search');
  if (picks.length === 0) return [];
  const opened = await openContextDreams(ctx, keys, picks, {
    perDream: CHAT_BUDGET.journalDreamChars,
    total: CHAT_BUDGET.journalDreamChars * RELATED_DREAMS,
    notes: 0,
  });
  return opened.map((dream, index) => ({ ...dream, label: `D${index + 2}` }));
}

/** A conversation's title from its first message: its first words, about 60 characters. */
function titleOf(message: string): string {
  return cutText(message.replace(/\s+/g, ' ').trim(), 60);
}

// --- sending -----------------------------------------------------------------------------------------------------

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
  const { provider } = deps;
  const { signal } = options;
  const keys = await ctx.keys.forUser(ctx.userId);
  const startedAt = ctx.now();

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
        await provider.summarize(
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

  let dreams: ChatContextDream[];
  if (thread.kind === 'dream' && thread.dreamId) {
    dreams = await openContextDreams(ctx, keys, [{ id: thread.dreamId, reason: 'subject' }], {
      perDream: CHAT_BUDGET.dreamChars,
      total: CHAT_BUDGET.dreamChars,
      notes: CHAT_BUDGET.notesChars,
    });
    if (dreams.length === 0) throw threadNotFound();
    dreams.push(...(await relatedDreams(ctx, keys, deps, thread.dreamId, content)));
  } else {
    dreams = await journalDreams(ctx, keys, deps, content);
  }
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
  // The safety layer (docs/decisions/056): a model's answer to a distressed message is held back from the stream
  // until it is checked; one that does not take the signal in is replaced by the safe reply. The answer is read too,
  // as a dream's text: it talks about dreams, and what it quotes of them is the dream's.
  const isHeld = distress && provider.isGenerative;
  let answer = await provider.answer(request, { signal, onDelta: isHeld ? () => {} : options.onDelta });
  if (signal.aborted) throw new ProviderError('aborted', 'answer cancelled');
  if (isHeld) {
    if (!answerHeedsDistress(answer, language)) answer = safeReply(language, assessed.kinds);
    options.onDelta(answer);
  }
  const isAnswerDistress = distress || assessDistress(answer, { context: 'dream' }).isDistress;
  const dreamRefs: ChatDreamRef[] = referencedLabels(answer, dreams).map((dream) => ({
    ref: dream.label,
    dreamId: dream.dreamId,
    title: dream.title,
    dreamtOn: dream.dreamtOn,
  }));

  const userBody: MessageBody = { content, dreamRefs: [], distress };
  const answerBody: MessageBody = { content: answer, dreamRefs, distress: isAnswerDistress };
  const stored = await withTransaction(ctx, async (tx) => {
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
  return {
    thread: toThread(keys, ctx.userId, stored.row),
    userMessage: toMessage(stored.userRow, userBody),
    assistantMessage: toMessage(stored.answerRow, answerBody),
    usage: stored.usage,
  };
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
