// The dreams a chat answer is written from: the conversation's dream and those related to it, or the journal's
// dreams the message is about (decision 060).

import type { Emotion } from '@sonhario/contracts/dreams';
import type { RequestContext } from '../../context.ts';
import { ForbiddenError } from '../../errors.ts';
import { openResult } from '../analyses/analyses.sealing.ts';
import { openField } from '../dreams/dreams.sealing.ts';
import { queryTokenGroups } from '../dreams/dreams.search.ts';
import type { UserKeys } from '../keys/keys.crypto.ts';
import { listLatestAnalysisRows } from '../patterns/similar.repository.ts';
import { listSimilarDreams } from '../patterns/similar.service.ts';
import { CHAT_BUDGET, cutText, type ChatContextDream } from './chat.context.ts';
import type { ChatDeps } from './chat.deps.ts';
import { threadNotFound } from './chat.errors.ts';
import { listContextDreamRows, newestDreamIds, searchDreamIds, type ThreadRow } from './chat.repository.ts';

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

/** The dreams of a conversation's context: its dream (404 when gone) and those related to it, or the journal's. */
export async function conversationDreams(
  ctx: RequestContext,
  keys: UserKeys,
  deps: ChatDeps,
  thread: ThreadRow,
  content: string,
): Promise<ChatContextDream[]> {
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
  return dreams;
}
