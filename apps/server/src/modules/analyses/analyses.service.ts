import { randomUUID } from 'node:crypto';
import {
  ANALYSIS_ERROR_CODES,
  ANALYSIS_LANGUAGES,
  ANALYSIS_PROVIDERS,
  analysisResultSchema,
  type Analysis,
  type AnalysisCharge,
  type AnalysisDreamRef,
  type AnalysisLanguage,
  type AnalysisListItem,
  type AnalysisProviderId,
  type AnalysisResult,
  type AnalysisStats,
  type DeleteAnalysesResponse,
  type DreamAnalysesResponse,
  type ListAnalysesResponse,
  type StreamedField,
} from '@sonhario/contracts/analyses';
import { LRUCache } from 'lru-cache';
import { withTransaction, type RequestContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/client.ts';
import { AppError, ConflictError, ForbiddenError } from '../../errors.ts';
import { hasConsent } from '../consents/consents.service.ts';
import { assertCanAnalyze, chargeAnalysis } from '../credits/credits.service.ts';
import { rewardJournalChanged } from '../rewards/rewards.service.ts';
import { getDream, listEarlierDreams, lockLiveDreamVersion } from '../dreams/dreams.service.ts';
import { openDreamSummary } from '../dreams/dreams.sealing.ts';
import {
  findAnalysisStatsVersion,
  getAnalysisStats as readAnalysisStats,
  recordAnalysesErased,
  recordAnalysisCreated,
} from '../journal-stats/journal-stats.service.ts';
import type { UserKeys } from '../keys/keys.crypto.ts';
import { resolveCitations } from './analyses.citations.ts';
import { openAnalysis, openResult, sealResult } from './analyses.sealing.ts';
import { getProfile } from '../profile/profile.service.ts';
import { findSymbolIds } from './builtin/builtin-analyzer.ts';
import { readJournalContext } from '../patterns/journal-context.ts';
import { assessDreamDistress, heedAnalysisDistress } from '../safety/safe-reply.ts';
import {
  deleteAnalysisRows,
  findAnalysisByIdempotencyKey,
  insertAnalysis,
  listAnalysisRows,
  listAnalysisRowsOfDreams,
  listDreamAnalysisRows,
  listLiveCitedDreams,
  type AnalysisRow,
} from './analyses.repository.ts';
import { type AnalysisProvider, type ProviderRequest } from './providers/provider.ts';
import { ProviderError, type ProviderFailure } from '../ai/provider-error.ts';
import { decodeInstantCursor, encodeInstantCursor } from '../../pagination.ts';
import { deleteReportRows } from '../reports/reports.repository.ts';
import { deleteThreadRows } from '../chat/chat.repository.ts';

/** A small LRU of users' aggregates; each entry is checked against a cheap signature query before use. */
export class StatsCache {
  private readonly entries: LRUCache<string, { signature: string; stats: AnalysisStats }>;
  constructor(capacity = 500) {
    this.entries = new LRUCache({ max: capacity });
  }
  get(userId: string, signature: string): AnalysisStats | undefined {
    // A stale entry is about to be replaced: only a hit counts as a use.
    const entry = this.entries.peek(userId);
    if (!entry || entry.signature !== signature) return undefined;
    this.entries.get(userId);
    return entry.stats;
  }
  set(userId: string, signature: string, stats: AnalysisStats) {
    this.entries.set(userId, { signature, stats });
  }
  /** Account deletion: nothing of the user stays in memory. */
  forget(userId: string) {
    this.entries.delete(userId);
  }
}

/** How many earlier dreams an analysis compares symbols with ("in 4 of your last 10 dreams"). */
const HISTORY_DREAMS = 10;

const oneOf = <T extends string>(list: readonly T[], value: string, fallback: T): T =>
  (list as readonly string[]).includes(value) ? (value as T) : fallback;

/** An analysis as stored: its result and the earlier dreams its interpretation cited (decision 064). */
interface OpenedAnalysis {
  result: AnalysisResult;
  relatedDreams: AnalysisDreamRef[];
}

/** The cited dreams still in the user's journal, named as they are now (a title edited since shows its new words). */
type LiveCited = Map<string, { title: string | null; dreamtOn: string }>;

async function readLiveCited(ctx: RequestContext, keys: UserKeys, opened: OpenedAnalysis[]): Promise<LiveCited> {
  const ids = [...new Set(opened.flatMap((analysis) => analysis.relatedDreams.map((ref) => ref.dreamId)))];
  const rows = await listLiveCitedDreams(ctx.db, ctx.userId, ids);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        title: openDreamSummary(keys, ctx.userId, row.id, row.summaryEnc).title.trim() || null,
        dreamtOn: row.dreamtOn,
      },
    ]),
  );
}

function toAnalysis(row: AnalysisRow, currentVersion: number, opened: OpenedAnalysis, live: LiveCited): Analysis {
  const relatedDreams = opened.relatedDreams.flatMap((ref) => {
    const dream = live.get(ref.dreamId);
    return dream ? [{ ...ref, ...dream }] : [];
  });
  return {
    id: row.id,
    dreamId: row.dreamId,
    dreamVersion: row.dreamVersion,
    isDreamChanged: row.dreamVersion < currentVersion,
    provider: oneOf<AnalysisProviderId>(ANALYSIS_PROVIDERS, row.provider, 'builtin'),
    model: row.model,
    language: oneOf<AnalysisLanguage>(ANALYSIS_LANGUAGES, row.language, 'pt-BR'),
    charge: row.charge === 'credits' ? 'credits' : 'quota',
    createdAt: row.createdAt.toISOString(),
    result: opened.result,
    ...(relatedDreams.length > 0 ? { relatedDreams } : {}),
  };
}

// --- provider failures -----------------------------------------------------------------------------------------

const NOTHING_CHARGED = 'Nenhum crédito foi usado.';

/** A provider failure as the user hears it; nothing was stored or charged in any of these cases. */
export function providerFailureError(failure: ProviderFailure): AppError {
  switch (failure) {
    case 'timeout':
      return new AppError(
        504,
        ANALYSIS_ERROR_CODES.providerTimeout,
        `A análise demorou demais e foi interrompida. ${NOTHING_CHARGED} Tente novamente.`,
      );
    case 'rate_limited':
      return new AppError(
        503,
        ANALYSIS_ERROR_CODES.providerBusy,
        `O serviço de análise está ocupado agora. ${NOTHING_CHARGED} Tente de novo em instantes.`,
      );
    case 'invalid_output':
      return new AppError(
        502,
        ANALYSIS_ERROR_CODES.invalidOutput,
        `A análise veio incompleta e foi descartada. ${NOTHING_CHARGED} Tente novamente.`,
      );
    case 'refused':
      return new AppError(
        422,
        ANALYSIS_ERROR_CODES.refused,
        `O serviço de análise não quis analisar este sonho. ${NOTHING_CHARGED}`,
      );
    case 'aborted':
      return new AppError(499, 'analysis_cancelled', `Análise cancelada. ${NOTHING_CHARGED}`);
    default:
      return new AppError(
        502,
        ANALYSIS_ERROR_CODES.providerFailed,
        `Não foi possível concluir a análise agora. ${NOTHING_CHARGED} Tente novamente.`,
      );
  }
}

// --- the analysis ----------------------------------------------------------------------------------------------

export interface PreparedAnalysis {
  dreamId: string;
  dreamVersion: number;
  request: ProviderRequest;
  idempotencyKey?: string;
  /** The app's per-user memory (as symbolHistory's), where the journal context keeps the analyses' names opened. */
  memo?: DreamSymbolMemo;
}

async function replayByKey(
  ctx: RequestContext,
  dreamId: string,
  key: string,
  currentVersion: number,
): Promise<Analysis | undefined> {
  const existing = await findAnalysisByIdempotencyKey(ctx.db, ctx.userId, key);
  if (!existing) return undefined;
  if (existing.dreamId !== dreamId)
    throw new ConflictError('idempotency_key_reused', 'Esta chave já foi usada para outra análise');
  const keys = await ctx.keys.forUser(ctx.userId);
  const opened = openAnalysis(keys, ctx.userId, existing);
  return toAnalysis(existing, currentVersion, opened, await readLiveCited(ctx, keys, [opened]));
}

/**
 * Where the symbols found in a dream's version are kept once found, keyed `<user id>:symbols:<dream id>:<version>`:
 * the app's per-user memory that account deletion clears (PatternAnswerCache.opened). An edit makes a new version, so
 * a kept list never outlives the text it was read from. Finding them means opening and reading the dream's whole text
 * (most of an analysis's CPU before it was kept: bench/README.md).
 */
export type DreamSymbolMemo = {
  get(key: string): object | undefined;
  set(key: string, value: object): unknown;
};

/** Symbol ids counted once per dream over the user's latest earlier dreams. */
async function symbolHistory(
  ctx: RequestContext,
  dreamId: string,
  memo: DreamSymbolMemo | undefined,
): Promise<ProviderRequest['history']> {
  const earlier = await listEarlierDreams(ctx, { excludeId: dreamId, limit: HISTORY_DREAMS });
  const symbolCounts: Record<string, number> = {};
  for (const dream of earlier) {
    const key = `${ctx.userId}:symbols:${dream.id}:${dream.version}`;
    let ids = memo?.get(key) as string[] | undefined;
    if (!ids) {
      const { title, content } = dream.open();
      ids = [...new Set(findSymbolIds(`${title}\n${content}`))];
      memo?.set(key, ids);
    }
    for (const id of ids) symbolCounts[id] = (symbolCounts[id] ?? 0) + 1;
  }
  return { symbolCounts, dreamCount: earlier.length };
}

/**
 * Everything checked before any provider sees a word: the dream is the user's (404 otherwise), the user has
 * consented to AI analysis (403), and the quota or credits can pay (402). A retried request with a used
 * idempotency key gets the stored analysis back instead, charged once.
 */
export async function prepareAnalysis(
  ctx: RequestContext,
  input: { dreamId: string; language?: AnalysisLanguage; idempotencyKey?: string },
  memo?: DreamSymbolMemo,
): Promise<{ replay: Analysis } | { prepared: PreparedAnalysis }> {
  const { dreamId } = input;
  const dream = await getDream(ctx, dreamId);
  if (input.idempotencyKey) {
    const replay = await replayByKey(ctx, dreamId, input.idempotencyKey, dream.version);
    if (replay) return { replay };
  }
  if (!(await hasConsent(ctx, 'ai_analysis'))) {
    throw new ForbiddenError(
      ANALYSIS_ERROR_CODES.consentRequired,
      'Para analisar sonhos, é preciso autorizar a análise por IA. Nenhum texto foi enviado.',
    );
  }
  const profile = await getProfile(ctx);
  await assertCanAnalyze(ctx, profile);
  const language = input.language ?? profile.locale;
  return {
    prepared: {
      dreamId,
      dreamVersion: dream.version,
      idempotencyKey: input.idempotencyKey,
      memo,
      request: {
        dream: {
          title: dream.title,
          content: dream.content,
          notes: dream.notes,
          dreamtOn: dream.dreamtOn,
          emotions: dream.emotions,
          mood: dream.mood,
          lucidity: dream.lucidity,
          vividness: dream.vividness,
          isNightmare: dream.isNightmare,
          isRecurring: dream.isRecurring,
        },
        language,
        history: await symbolHistory(ctx, dreamId, memo),
      },
    },
  };
}

/**
 * Runs the provider, then pays for and stores the analysis in one transaction. A provider failure, invalid
 * output or cancellation throws before the transaction: nothing is stored and nothing is charged.
 */
export async function completeAnalysis(
  ctx: RequestContext,
  input: { prepared: PreparedAnalysis; signal: AbortSignal; onDelta: (field: StreamedField, text: string) => void },
  provider: AnalysisProvider,
): Promise<Analysis> {
  const { prepared, ...options } = input;
  // The safety layer (docs/decisions/056): when the dream's words show distress, the interpretation is held back from
  // the stream until it is checked, then sent whole (with the safe paragraph first if it did not take the signal in).
  const dreamDistress = assessDreamDistress(prepared.request.dream);
  // A generative provider also reads the dreamer's recurring signs and most related dreams (decision 061; the consent
  // was checked in prepareAnalysis), not beside a dream in distress. The builtin reader has its own history.
  if (provider.isGenerative && !dreamDistress.isDistress) {
    prepared.request.context ??= await readJournalContext(ctx, prepared.dreamId, prepared.memo);
  }
  const onDelta: typeof options.onDelta = dreamDistress.isDistress
    ? (field, text) => {
        if (field !== 'interpretation') options.onDelta(field, text);
      }
    : options.onDelta;
  const raw = await provider.analyze(prepared.request, { signal: options.signal, onDelta });
  const checked = analysisResultSchema.safeParse(raw);
  if (!checked.success) throw new ProviderError('invalid_output', 'provider result does not match the schema');
  if (options.signal.aborted) throw new ProviderError('aborted', 'analysis cancelled');
  const heeded = heedAnalysisDistress(checked.data, dreamDistress, prepared.request.language);
  if (dreamDistress.isDistress) options.onDelta('interpretation', heeded.interpretation);
  // The earlier dreams the reading cites as [D1] (decisions 064, 070), resolved here: the model never saw an id.
  const cited = provider.isGenerative
    ? resolveCitations(heeded, prepared.request.context)
    : { result: heeded, relatedDreams: [] };
  const { result } = cited;

  const keys = await ctx.keys.forUser(ctx.userId);
  const id = randomUUID();
  const now = ctx.now();
  const row: AnalysisRow = {
    id,
    dreamId: prepared.dreamId,
    dreamVersion: prepared.dreamVersion,
    provider: provider.id,
    model: provider.model,
    language: prepared.request.language,
    charge: 'quota',
    resultEnc: sealResult(keys, ctx.userId, { id, dreamId: prepared.dreamId }, result, cited.relatedDreams),
    createdAt: now,
  };
  try {
    const stored = await withTransaction(ctx, async (tx) => {
      // The dream may have been deleted while the provider worked: then nothing is charged (404). Its row stays
      // locked until the commit, so a delete of the dream waits and then takes this analysis out of the aggregates.
      const currentVersion = await lockLiveDreamVersion(tx, prepared.dreamId);
      const charge: AnalysisCharge = await chargeAnalysis(tx, {
        id,
        provider: provider.id,
        model: provider.model,
      });
      const stored = { ...row, charge };
      await insertAnalysis(tx.db, { ...stored, userId: ctx.userId, idempotencyKey: prepared.idempotencyKey ?? null });
      await recordAnalysisCreated(tx, keys, result);
      await rewardJournalChanged(tx, keys, { kinds: ['analyses', 'nightmares_analysed'] });
      return { stored, currentVersion };
    });
    const opened = { result, relatedDreams: cited.relatedDreams };
    return toAnalysis(stored.stored, stored.currentVersion, opened, await readLiveCited(ctx, keys, [opened]));
  } catch (error) {
    // The same idempotency key finished first on another request: answer with that one (charged once).
    if (prepared.idempotencyKey && isUniqueViolation(error)) {
      const winner = await replayByKey(ctx, prepared.dreamId, prepared.idempotencyKey, prepared.dreamVersion);
      if (winner) return winner;
    }
    throw error;
  }
}

// --- reading ---------------------------------------------------------------------------------------------------

export async function listDreamAnalyses(ctx: RequestContext, dreamId: string): Promise<DreamAnalysesResponse> {
  const dream = await getDream(ctx, dreamId);
  const keys = await ctx.keys.forUser(ctx.userId);
  const rows = await listDreamAnalysisRows(ctx.db, ctx.userId, dreamId);
  const opened = rows.map((row) => openAnalysis(keys, ctx.userId, row));
  const live = await readLiveCited(ctx, keys, opened);
  return {
    items: rows.map((row, index) =>
      toAnalysis(row, dream.version, opened[index] ?? openAnalysis(keys, ctx.userId, row), live),
    ),
  };
}

/**
 * Erases the user's past analyses (withdrawing AI consent keeps them unless the user asks for this). The quota
 * usage and ledger rows stay: they record what was charged, and hold no text of the dream or the analysis.
 */
export async function deleteAnalyses(ctx: RequestContext, statsCache: StatsCache): Promise<DeleteAnalysesResponse> {
  const deleted = await withTransaction(ctx, async (tx) => {
    await recordAnalysesErased(tx);
    // The monthly reports were written from the analyses and the dreams' text: they go too (docs/decisions/032).
    await deleteReportRows(tx.db, ctx.userId);
    // So are the conversations of the chat about dreams (docs/decisions/035); the messages counted stay counted.
    await deleteThreadRows(tx.db, ctx.userId);
    return deleteAnalysisRows(tx.db, ctx.userId);
  });
  statsCache.forget(ctx.userId);
  return { deleted };
}

export async function listAnalyses(
  ctx: RequestContext,
  query: { cursor?: string; limit: number },
): Promise<ListAnalysesResponse> {
  const after = query.cursor ? decodeInstantCursor(query.cursor) : undefined;
  const keys = await ctx.keys.forUser(ctx.userId);
  const rows = await listAnalysisRows(ctx.db, ctx.userId, { after, limit: query.limit + 1 });
  const items: AnalysisListItem[] = rows.slice(0, query.limit).map((row) => {
    const result = openResult(keys, ctx.userId, row);
    return {
      id: row.id,
      dreamId: row.dreamId,
      dreamTitle: openDreamSummary(keys, ctx.userId, row.dreamId, row.dreamSummaryEnc).title,
      dreamtOn: row.dreamtOn,
      provider: oneOf<AnalysisProviderId>(ANALYSIS_PROVIDERS, row.provider, 'builtin'),
      model: row.model,
      createdAt: row.createdAt.toISOString(),
      summary: result.summary,
      dreamType: result.dreamType,
      distress: result.distress,
      sentiment: result.sentiment,
    };
  });
  const last = items.at(-1);
  return { items, nextCursor: rows.length > query.limit && last ? encodeInstantCursor(last) : null };
}

/**
 * Aggregates of the user's analyses of live dreams, from the maintained tally (docs/decisions/021); the opened tally
 * is kept per instance while its version is unchanged.
 */
export async function getAnalysisStats(ctx: RequestContext, statsCache: StatsCache): Promise<AnalysisStats> {
  const version = await findAnalysisStatsVersion(ctx);
  const cached = version === undefined ? undefined : statsCache.get(ctx.userId, version);
  if (cached) return cached;
  const read = await readAnalysisStats(ctx);
  statsCache.set(ctx.userId, read.version, read.stats);
  return read.stats;
}

// --- the data export (modules/account) ----------------------------------------------------------------------------

/** The analyses of these dreams, opened, oldest first, by dream id (a page of the export at a time). */
export async function listAnalysesOfDreams(
  ctx: RequestContext,
  dreamIds: string[],
): Promise<Map<string, Omit<Analysis, 'isDreamChanged'>[]>> {
  const byDream = new Map<string, Omit<Analysis, 'isDreamChanged'>[]>();
  const rows = await listAnalysisRowsOfDreams(ctx.db, ctx.userId, dreamIds);
  if (rows.length === 0) return byDream;
  const keys = await ctx.keys.forUser(ctx.userId);
  const opened = rows.map((row) => openAnalysis(keys, ctx.userId, row));
  const live = await readLiveCited(ctx, keys, opened);
  for (const [index, row] of rows.entries()) {
    const { isDreamChanged: _computed, ...analysis } = toAnalysis(
      row,
      row.dreamVersion,
      opened[index] ?? openAnalysis(keys, ctx.userId, row),
      live,
    );
    const list = byDream.get(row.dreamId) ?? [];
    list.push(analysis);
    byDream.set(row.dreamId, list);
  }
  return byDream;
}
