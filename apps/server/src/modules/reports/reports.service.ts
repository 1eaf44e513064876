import { randomUUID } from 'node:crypto';
import {
  ANALYSIS_ERROR_CODES,
  ANALYSIS_LANGUAGES,
  ANALYSIS_PROVIDERS,
  type AnalysisLanguage,
  type AnalysisProviderId,
  type AnalysisResult,
} from '@sonhario/contracts/analyses';
import { EMOTIONS, type Emotion } from '@sonhario/contracts/dreams';
import {
  REPORT_ERROR_CODES,
  REPORT_LIMITS,
  hasMonthlyReport,
  monthlyReportResultSchema,
  type MonthlyReport,
  type MonthlyReportResult,
  type MonthlyReportStats,
  type ReportCounts,
  type ReportMonthsResponse,
  type ReportStreamedField,
} from '@sonhario/contracts/reports';
import { LRUCache } from 'lru-cache';
import type { RequestContext } from '../../context.ts';
import { AppError, ForbiddenError } from '../../errors.ts';
import { localMonth, nextMonthStart } from '../../lib/local-time.ts';
import { openResult } from '../analyses/analyses.sealing.ts';
import { groupForms, lexiconIdOf } from '../analyses/text/content-words.ts';
import { ProviderError, type ProviderFailure } from '../ai/provider-error.ts';
import { hasConsent } from '../consents/consents.service.ts';
import { openField } from '../dreams/dreams.sealing.ts';
import { openText, sealText, type UserKeys } from '../keys/keys.crypto.ts';
import { getProfile } from '../profile/profile.service.ts';
import { assessDistress, DISTRESS_KINDS, type DistressAssessment } from '../safety/distress.ts';
import { answerHeedsDistress, assessDreamDistress, safeParagraph } from '../safety/safe-reply.ts';
import {
  countMonthDreams,
  findReportRow,
  listDreamMonths,
  listMonthAnalysisRows,
  listMonthDreamRows,
  listReportMonths as listReportMonthRows,
  listReportRows,
  upsertReportRow,
  type MonthlyReportRow,
  type ReportDreamRow,
} from './reports.repository.ts';
import type { ReportArcPart, ReportDream, ReportRequest, ReportWriter } from './reports.writer.ts';

/** The text budget of what a provider is sent (characters of dream text, about a quarter as many tokens). */
const REPORT_TEXT_BUDGET = 24_000;
/** Each dream's text is cut to this many characters. */
const REPORT_DREAM_CHARS = 1_500;
/** At most this many dreams' text is sent; the rest are in the statistics only. */
const REPORT_DREAMS_SENT = 40;
const ANALYSIS_SUMMARY_CHARS = 300;

// --- sealing ---------------------------------------------------------------------------------------------------

interface SealedReport {
  stats: MonthlyReportStats;
  result: MonthlyReportResult;
}

/** Bound to the row, its month and its user: a blob copied to another row or account does not open. */
const reportAad = (userId: string, row: { id: string; month: string }) =>
  `monthly-report:${row.id}|month:${row.month}|user:${userId}`;

const sealReport = (keys: UserKeys, userId: string, row: { id: string; month: string }, body: SealedReport) =>
  sealText(keys.encryption, JSON.stringify(body), reportAad(userId, row));

const openReport = (keys: UserKeys, userId: string, row: MonthlyReportRow) =>
  JSON.parse(openText(keys.encryption, row.resultEnc, reportAad(userId, row))) as SealedReport;

const oneOf = <T extends string>(list: readonly T[], value: string, fallback: T): T =>
  (list as readonly string[]).includes(value) ? (value as T) : fallback;

function toReport(row: MonthlyReportRow, body: SealedReport): MonthlyReport {
  const provider = oneOf<AnalysisProviderId>(ANALYSIS_PROVIDERS, row.provider, 'builtin');
  return {
    month: row.month,
    provider,
    model: row.model,
    isGenerative: provider !== 'builtin',
    language: oneOf<AnalysisLanguage>(ANALYSIS_LANGUAGES, row.language, 'pt-BR'),
    dreamCount: row.dreamCount,
    createdAt: row.createdAt.toISOString(),
    stats: body.stats,
    result: body.result,
  };
}

// --- fair use --------------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;

/**
 * Fair use of the report (docs/decisions/032): REPORT_LIMITS.generationsPerDay starts per user in any 24 hours,
 * counted per instance in memory (a restart forgets them; several instances each allow the limit).
 */
export class ReportGenerationLimiter {
  private readonly starts = new LRUCache<string, number[]>({ max: 10_000 });
  constructor(private readonly limit: number = REPORT_LIMITS.generationsPerDay) {}
  /** Counts a start if the user is within the limit; otherwise the seconds until one is allowed. */
  take(userId: string, now: number): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const recent = (this.starts.get(userId) ?? []).filter((at) => at > now - DAY_MS);
    if (recent.length >= this.limit) {
      this.starts.set(userId, recent);
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(((recent[0] ?? now) + DAY_MS - now) / 1000)) };
    }
    recent.push(now);
    this.starts.set(userId, recent);
    return { allowed: true };
  }
  forget(userId: string) {
    this.starts.delete(userId);
  }
}

export const reportLimitError = () =>
  new AppError(
    429,
    REPORT_ERROR_CODES.limitReached,
    `Limite de ${REPORT_LIMITS.generationsPerDay} relatórios gerados em 24 horas atingido. Tente mais tarde.`,
  );

// --- provider failures -----------------------------------------------------------------------------------------

/** A provider failure as the user hears it; nothing was stored in any of these cases. */
export function reportFailureError(failure: ProviderFailure): AppError {
  switch (failure) {
    case 'timeout':
      return new AppError(504, ANALYSIS_ERROR_CODES.providerTimeout, 'O relatório demorou demais e foi interrompido.');
    case 'rate_limited':
      return new AppError(503, ANALYSIS_ERROR_CODES.providerBusy, 'O serviço de IA está ocupado agora.');
    case 'invalid_output':
      return new AppError(502, ANALYSIS_ERROR_CODES.invalidOutput, 'O relatório veio incompleto e foi descartado.');
    case 'refused':
      return new AppError(422, ANALYSIS_ERROR_CODES.refused, 'O serviço de IA não quis escrever este relatório.');
    case 'aborted':
      return new AppError(499, 'analysis_cancelled', 'Relatório cancelado. Nada foi guardado.');
    default:
      return new AppError(502, ANALYSIS_ERROR_CODES.providerFailed, 'Não foi possível escrever o relatório agora.');
  }
}

// --- checks ----------------------------------------------------------------------------------------------------

async function assertOracle(ctx: RequestContext) {
  const profile = await getProfile(ctx);
  if (!hasMonthlyReport(profile.plan)) {
    throw new ForbiddenError('plan_required', 'O relatório do mês faz parte do plano Oráculo.');
  }
  return profile;
}

const monthRange = (month: string) => ({ from: `${month}-01`, to: nextMonthStart(month) });

function previousMonthOf(month: string): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const total = year * 12 + index - 2;
  return `${String(Math.floor(total / 12)).padStart(4, '0')}-${String((total % 12) + 1).padStart(2, '0')}`;
}

// --- reading ---------------------------------------------------------------------------------------------------

export async function getMonthlyReport(ctx: RequestContext, month: string): Promise<MonthlyReport> {
  await assertOracle(ctx);
  const row = await findReportRow(ctx.db, ctx.userId, month);
  if (!row) throw new AppError(404, REPORT_ERROR_CODES.notFound, 'Nenhum relatório guardado para este mês.');
  const keys = await ctx.keys.forUser(ctx.userId);
  return toReport(row, openReport(keys, ctx.userId, row));
}

export async function listReportMonths(ctx: RequestContext): Promise<ReportMonthsResponse> {
  const profile = await assertOracle(ctx);
  const [dreamMonths, reportMonths] = await Promise.all([
    listDreamMonths(ctx.db, ctx.userId),
    listReportMonthRows(ctx.db, ctx.userId),
  ]);
  const byMonth = new Map<string, ReportMonthsResponse['items'][number]>();
  for (const { month, dreamCount } of dreamMonths) byMonth.set(month, { month, dreamCount, reportCreatedAt: null });
  for (const { month, createdAt } of reportMonths) {
    const item = byMonth.get(month) ?? { month, dreamCount: 0, reportCreatedAt: null };
    byMonth.set(month, { ...item, reportCreatedAt: createdAt.toISOString() });
  }
  return {
    currentMonth: localMonth(ctx.now(), profile.timeZone),
    items: [...byMonth.values()].sort((a, b) => (a.month < b.month ? 1 : -1)),
  };
}

// --- the month's statistics and the dreams sent ----------------------------------------------------------------

interface OpenedDream {
  row: ReportDreamRow;
  title: string;
  content: string;
  tags: string[];
  analysis: AnalysisResult | null;
}

/**
 * Counts names once per dream, the forms of one word as one ("voo", "voar"; "cachorro", "cachorros"; with `kind`,
 * names the builtin lexicon maps to one symbol or theme: "Voo", "voar", "flying"), shown in the spelling met most
 * (analyses/text/content-words.ts, decision 061); the top ones, most frequent first.
 */
function topNames(lists: string[][], top: number = REPORT_LIMITS.statsTop, kind?: 'symbol' | 'theme') {
  const uses = lists.flatMap((list, dream) =>
    list.flatMap((name) => (name.trim() ? [{ name: name.trim(), dream }] : [])),
  );
  const groups = groupForms(uses, (use) => use.name, {
    sameAs: kind ? (word) => lexiconIdOf(kind, word) : undefined,
  });
  return groups
    .map((group) => ({ name: group.form, count: new Set(group.items.map((use) => use.dream)).size }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
    .slice(0, top);
}

const isEmotion = (value: string): value is Emotion => (EMOTIONS as readonly string[]).includes(value);

function emotionCounts(dreams: OpenedDream[]) {
  const counts = new Map<Emotion, number>();
  for (const dream of dreams)
    for (const emotion of new Set(dream.row.emotions))
      if (isEmotion(emotion)) counts.set(emotion, (counts.get(emotion) ?? 0) + 1);
  return [...counts.entries()]
    .map(([emotion, count]) => ({ emotion, count }))
    .sort((a, b) => b.count - a.count || a.emotion.localeCompare(b.emotion));
}

function averageMood(dreams: OpenedDream[]): number | null {
  const moods = dreams.flatMap((dream) => (dream.row.mood === null ? [] : [dream.row.mood]));
  if (moods.length === 0) return null;
  return Math.round((moods.reduce((sum, mood) => sum + mood, 0) / moods.length) * 10) / 10;
}

function countsOf(dreams: OpenedDream[]): ReportCounts {
  return {
    dreams: dreams.length,
    nightmares: dreams.filter((dream) => dream.row.isNightmare).length,
    lucid: dreams.filter((dream) => dream.row.lucidity > 0).length,
    recurring: dreams.filter((dream) => dream.row.isRecurring).length,
  };
}

/** How telling a dream is for the month: nightmares, lucid and recurring dreams, then the most vivid, first. */
function tellingScore(dream: OpenedDream): number {
  const { row } = dream;
  return (
    (row.isNightmare ? 3 : 0) +
    (row.lucidity > 0 ? 3 : 0) +
    (row.isRecurring ? 2 : 0) +
    (row.vividness ?? 2) / 2 +
    (dream.analysis ? 1 : 0) +
    Math.min(row.emotions.length, 4) / 4
  );
}

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max).trimEnd() : text);

/** The most telling dreams whose text fits the budget, back in night order. */
function selectDreams(dreams: OpenedDream[]): ReportDream[] {
  const ranked = [...dreams].sort(
    (a, b) => tellingScore(b) - tellingScore(a) || (a.row.dreamtOn < b.row.dreamtOn ? 1 : -1),
  );
  const chosen: { index: number; dream: ReportDream }[] = [];
  let budget = REPORT_TEXT_BUDGET;
  for (const dream of ranked) {
    if (chosen.length >= REPORT_DREAMS_SENT || budget < 200) break;
    const content = cut(dream.content, Math.min(REPORT_DREAM_CHARS, budget));
    budget -= content.length + dream.title.length;
    chosen.push({
      index: dreams.indexOf(dream),
      dream: {
        dreamtOn: dream.row.dreamtOn,
        title: cut(dream.title, 200),
        content,
        isTruncated: content.length < dream.content.length,
        emotions: dream.row.emotions.filter(isEmotion),
        mood: dream.row.mood,
        lucidity: dream.row.lucidity,
        vividness: dream.row.vividness,
        isNightmare: dream.row.isNightmare,
        isRecurring: dream.row.isRecurring,
        analysis: dream.analysis
          ? {
              summary: cut(dream.analysis.summary, ANALYSIS_SUMMARY_CHARS),
              themes: dream.analysis.themes.map((theme) => theme.name).slice(0, 4),
              symbols: dream.analysis.symbols.map((symbol) => symbol.symbol).slice(0, 6),
              dreamType: dream.analysis.dreamType,
            }
          : null,
      },
    });
  }
  return chosen.sort((a, b) => a.index - b.index).map((item) => item.dream);
}

function arcOf(dreams: OpenedDream[]): ReportArcPart[] {
  return (['early', 'late'] as const).map((part) => {
    const half = dreams.filter((dream) => Number(dream.row.dreamtOn.slice(8, 10)) <= 15 === (part === 'early'));
    return {
      part,
      dreams: half.length,
      nightmares: half.filter((dream) => dream.row.isNightmare).length,
      averageMood: averageMood(half),
      topEmotions: emotionCounts(half)
        .slice(0, 3)
        .map((entry) => entry.emotion),
    };
  });
}

// --- generating --------------------------------------------------------------------------------------------------

export interface PreparedReport {
  month: string;
  dreamCount: number;
  request: ReportRequest;
  /** The safety layer's reading of the month's dreams (decision 056): any dream's title and text, read as a dream. */
  distress: DistressAssessment;
}

/** The union of several assessments: distress when any shows it, with every kind any of them found. */
function anyDistress(assessments: DistressAssessment[]): DistressAssessment {
  const kinds = DISTRESS_KINDS.filter((kind) => assessments.some((assessment) => assessment.kinds.includes(kind)));
  return { isDistress: kinds.length > 0, kinds };
}

/** Every word of a report, each field on its own line (what the detector and the heed check read). */
const reportText = (result: MonthlyReportResult) =>
  [
    result.summary,
    ...result.themes.flatMap((theme) => [theme.name, theme.description]),
    result.emotionalArc,
    ...result.recurringSymbols.flatMap((symbol) => [symbol.symbol, symbol.note]),
    result.changeFromPreviousMonth,
    ...result.reflectionQuestions,
  ].join('\n');

/**
 * The report with the safety layer applied, whatever the writer (decision 056, "Reports"): when a dream of the month
 * or the report's own words show distress and the report does not take it in (it names no help, or reads the distress
 * as a symbol), the summary opens with the safe paragraph, in the report's language.
 */
function heedReportDistress(
  result: MonthlyReportResult,
  monthSignal: DistressAssessment,
  language: AnalysisLanguage,
): MonthlyReportResult {
  const text = reportText(result);
  const signal = anyDistress([monthSignal, assessDistress(text)]);
  if (!signal.isDistress || answerHeedsDistress(text, language)) return result;
  return { ...result, summary: `${safeParagraph(language, signal.kinds)}\n\n${result.summary}` };
}

/**
 * Everything checked before a provider sees a word: the plan (403 plan_required), the month not in the future
 * (400), the AI consent (403 consent_required, as analyses), the month has dreams (422); then the month is read and
 * the provider's request built.
 */
export async function prepareReport(
  ctx: RequestContext,
  input: { month: string; language?: AnalysisLanguage },
): Promise<PreparedReport> {
  const profile = await assertOracle(ctx);
  const { month } = input;
  if (month > localMonth(ctx.now(), profile.timeZone)) {
    throw new AppError(400, REPORT_ERROR_CODES.futureMonth, 'Este mês ainda não começou.');
  }
  if (!(await hasConsent(ctx, 'ai_analysis'))) {
    throw new ForbiddenError(
      ANALYSIS_ERROR_CODES.consentRequired,
      'Para gerar relatórios, é preciso autorizar a análise por IA. Nenhum texto foi enviado.',
    );
  }
  const range = monthRange(month);
  const [rows, analysisRows, previousMonth] = await Promise.all([
    listMonthDreamRows(ctx.db, ctx.userId, range),
    listMonthAnalysisRows(ctx.db, ctx.userId, range),
    countMonthDreams(ctx.db, ctx.userId, monthRange(previousMonthOf(month))),
  ]);
  if (rows.length === 0) {
    throw new AppError(422, REPORT_ERROR_CODES.noDreams, 'Este mês não tem sonhos para um relatório.');
  }
  const keys = await ctx.keys.forUser(ctx.userId);
  const analysisByDream = new Map(analysisRows.map((row) => [row.dreamId, openResult(keys, ctx.userId, row)] as const));
  const dreams: OpenedDream[] = rows.map((row) => ({
    row,
    title: openField(keys, ctx.userId, row.id, 'title', row.titleEnc),
    content: openField(keys, ctx.userId, row.id, 'content', row.contentEnc),
    tags: JSON.parse(openField(keys, ctx.userId, row.id, 'tags', row.tagsEnc)) as string[],
    analysis: analysisByDream.get(row.id) ?? null,
  }));
  const analyses = dreams.flatMap((dream) => (dream.analysis ? [dream.analysis] : []));
  const stats: MonthlyReportStats = {
    counts: countsOf(dreams),
    previousMonth,
    analysed: analyses.length,
    averageMood: averageMood(dreams),
    emotions: emotionCounts(dreams).slice(0, REPORT_LIMITS.statsTop),
    themes: topNames(
      analyses.map((analysis) => analysis.themes.map((theme) => theme.name)),
      REPORT_LIMITS.statsTop,
      'theme',
    ),
    symbols: topNames(
      analyses.map((analysis) => analysis.symbols.map((symbol) => symbol.symbol)),
      REPORT_LIMITS.statsTop,
      'symbol',
    ),
    tags: topNames(dreams.map((dream) => dream.tags)),
  };
  const sent = selectDreams(dreams);
  return {
    month,
    dreamCount: dreams.length,
    distress: anyDistress(dreams.map((dream) => assessDreamDistress({ title: dream.title, content: dream.content }))),
    request: {
      month,
      language: input.language ?? profile.locale,
      stats,
      arc: arcOf(dreams),
      dreams: sent,
      omittedDreams: dreams.length - sent.length,
      people: topNames(analyses.map((analysis) => analysis.characters)).filter((person) => person.count >= 2),
      nightmareNights: dreams.filter((dream) => dream.row.isNightmare).map((dream) => dream.row.dreamtOn),
    },
  };
}

/**
 * Runs the writer, then stores the report sealed, replacing the month's earlier one. A failure, invalid output or
 * cancellation throws before anything is stored.
 */
export async function completeReport(
  ctx: RequestContext,
  input: {
    prepared: PreparedReport;
    signal: AbortSignal;
    onDelta: (field: ReportStreamedField, text: string) => void;
  },
  writer: ReportWriter,
): Promise<MonthlyReport> {
  const { prepared, signal } = input;
  // The safety layer (decision 056): when a dream of the month shows distress, the summary is held back from the
  // stream until the report is checked, then sent whole (with the safe paragraph first if the report did not heed it).
  const isHeld = prepared.distress.isDistress;
  const onDelta: typeof input.onDelta = isHeld
    ? (field, text) => {
        if (field !== 'summary') input.onDelta(field, text);
      }
    : input.onDelta;
  const raw = await writer.write(prepared.request, { signal, onDelta });
  const parsed = monthlyReportResultSchema.safeParse(raw);
  if (!parsed.success) throw new ProviderError('invalid_output', 'report does not match the schema');
  if (signal.aborted) throw new ProviderError('aborted', 'report cancelled');
  const result = heedReportDistress(parsed.data, prepared.distress, prepared.request.language);
  if (isHeld) input.onDelta('summary', result.summary);
  const keys = await ctx.keys.forUser(ctx.userId);
  const body: SealedReport = { stats: prepared.request.stats, result };
  const id = randomUUID();
  const row: MonthlyReportRow = {
    id,
    month: prepared.month,
    provider: writer.id,
    model: writer.model,
    language: prepared.request.language,
    dreamCount: prepared.dreamCount,
    resultEnc: sealReport(keys, ctx.userId, { id, month: prepared.month }, body),
    createdAt: ctx.now(),
  };
  await upsertReportRow(ctx.db, ctx.userId, row);
  return toReport(row, body);
}

// --- the data export (modules/account) ----------------------------------------------------------------------------

/** Every stored report of the user, opened, oldest month first. */
export async function listReportsForExport(ctx: RequestContext, keys: UserKeys): Promise<MonthlyReport[]> {
  const rows = await listReportRows(ctx.db, ctx.userId);
  return rows.map((row) => toReport(row, openReport(keys, ctx.userId, row)));
}
