import type { AnalysisResult, AnalysisStats } from '@sonhario/contracts/analyses';
import { withTransaction, type RequestContext } from '../../context.ts';
import { addDays, localDate } from '../../lib/local-time.ts';
import { openResult } from '../analyses/analyses.sealing.ts';
import { openText, sealText, type UserKeys } from '../keys/keys.crypto.ts';
import { getTimeZone } from '../profile/profile.service.ts';
import { computeStreaks, streaksFromSummary, summarizeDays, type Streaks } from '../streaks/streaks.ts';
import { addToBuckets, rebuildBuckets, refreshBuckets } from '../patterns/buckets.repository.ts';
import {
  addRecordedDay,
  addToCounts,
  countLiveAnalyses,
  countLiveDetailedDreams,
  countLiveDreams,
  findStats,
  findStatsWithTally,
  listAnalysisResultsOfDream,
  isDayRecorded,
  listLiveAnalysisResults,
  listStreakDays,
  recountRecordedDays,
  removeRecordedDay,
  updateStats,
  type StatsRow,
} from './journal-stats.repository.ts';
import { applyResult, emptyTally, prunedTally, statsOf, type AnalysisTally } from './journal-stats.tally.ts';

/**
 * Each user's journal aggregates (docs/decisions/021): dream and analysis counts, recorded days and the streak summary,
 * and the sealed analysis tally. Writers call the `record…` functions inside their own transaction, after their rows
 * are written; the first statement of each takes the user's aggregates row lock, so writes of one user take turns and
 * every recount a read does sees them whole. Readers never scan the journal, except once to build what was never
 * built (a user who had data before these aggregates, or a changed time zone for the days).
 */

/** What a write tells about a dream: when it was recorded, for which night, and what it holds. */
export interface DreamFacts {
  id: string;
  recordedAt: Date;
  dreamtOn: string;
  /** Restored from an export file (modules/account). */
  isImported: boolean;
  /** Every detail filled (mood, vividness, sleep quality, an emotion, a tag): XP for levels. */
  isDetailed: boolean;
}

/**
 * Whether a dream counts for streaks and daily rewards (docs/decisions/026): recorded here (not imported: a file can
 * be edited, so its dates could forge a streak) for the night just gone or today, in `timeZone` when it was
 * recorded. A backdated dream builds no streak. recountRecordedDays says the same in SQL.
 */
export const isCountedForStreaks = (dream: DreamFacts, timeZone: string) =>
  !dream.isImported && dream.dreamtOn >= addDays(localDate(dream.recordedAt, timeZone), -1);

const tallyAad = (userId: string) => `journal-stats:analysis-tally|user:${userId}`;

function openTally(keys: UserKeys, userId: string, blob: Buffer): AnalysisTally {
  return JSON.parse(openText(keys.encryption, blob, tallyAad(userId))) as AnalysisTally;
}

const sealTally = (keys: UserKeys, userId: string, tally: AnalysisTally) =>
  sealText(keys.encryption, JSON.stringify(prunedTally(tally)), tallyAad(userId));

/**
 * Recomputes the streak summary from the streak days (recorded days and user_streak_days): a day came or went, at
 * most a few times a day in normal use. The caller holds the row lock.
 */
export async function summarizeStreakDays(ctx: RequestContext): Promise<void> {
  const summary = summarizeDays(await listStreakDays(ctx.db, ctx.userId));
  await updateStats(ctx.db, ctx.userId, {
    longestStreak: summary.longest,
    lastDay: summary.lastDay,
    lastRunStart: summary.lastRunStart,
  });
}

/** Adds results to (or takes them out of) the sealed tally, when it is built; `sealed` is the row's, read under lock. */
async function changeTally(
  ctx: RequestContext,
  keys: UserKeys,
  sealed: Buffer | null,
  results: AnalysisResult[],
  sign: 1 | -1,
): Promise<void> {
  if (!sealed) return;
  const tally = openTally(keys, ctx.userId, sealed);
  for (const result of results) applyResult(tally, result, sign);
  await updateStats(ctx.db, ctx.userId, { analysisTallyEnc: sealTally(keys, ctx.userId, tally), isTallyChanged: true });
}

// --- writes (inside the writer's transaction) ---------------------------------------------------------------------

/**
 * What recording new dreams did to the aggregates: whether the row was built (in which zone) and whether a recorded
 * day was added. A later dream of a day already recorded changes no streak (modules/rewards skips its day's rewards).
 */
export interface RecordedDreams {
  isBuilt: boolean;
  daysTimeZone: string;
  isDayAdded: boolean;
  /** The aggregates row as this write left it (under its lock), unless the streak's summary changed it since. */
  stats?: StatsRow;
}

/** New dreams (one created, or a batch imported). */
export async function recordDreamsCreated(ctx: RequestContext, dreams: DreamFacts[]): Promise<RecordedDreams> {
  const detailedDreams = dreams.filter((dream) => dream.isDetailed).length;
  const stats = await addToCounts(ctx.db, ctx.userId, { dreams: dreams.length, detailedDreams });
  const recorded: RecordedDreams = {
    isBuilt: stats.isBuilt,
    daysTimeZone: stats.daysTimeZone,
    isDayAdded: false,
    stats,
  };
  if (stats.areBucketsBuilt) await addToBuckets(ctx.db, ctx.userId, dreams);
  // A row never built is recounted whole by the next read: nothing more to keep in step.
  if (!stats.isBuilt) return recorded;
  for (const dream of dreams) {
    if (!isCountedForStreaks(dream, stats.daysTimeZone)) continue;
    const at = { instant: dream.recordedAt, timeZone: stats.daysTimeZone, dreams: 1 };
    if (await addRecordedDay(ctx.db, ctx.userId, at)) recorded.isDayAdded = true;
  }
  if (recorded.isDayAdded) {
    await summarizeStreakDays(ctx);
    delete recorded.stats;
  }
  return recorded;
}

/**
 * An edited dream: its details (XP) or its night (whether it counts for streaks) may have changed. The caller holds
 * the dream's row lock.
 */
export async function recordDreamChanged(ctx: RequestContext, before: DreamFacts, after: DreamFacts): Promise<void> {
  const detailedDreams = Number(after.isDetailed) - Number(before.isDetailed);
  const stats = await addToCounts(ctx.db, ctx.userId, { detailedDreams });
  // Any detail the charts count may have changed (mood, emotions, tags…), and the night itself.
  if (stats.areBucketsBuilt) await refreshBuckets(ctx.db, ctx.userId, [before.dreamtOn, after.dreamtOn]);
  if (!stats.isBuilt) return;
  const wasCounted = isCountedForStreaks(before, stats.daysTimeZone);
  const isCounted = isCountedForStreaks(after, stats.daysTimeZone);
  if (wasCounted === isCounted) return;
  const at = { instant: after.recordedAt, timeZone: stats.daysTimeZone };
  const isDayChanged = isCounted
    ? await addRecordedDay(ctx.db, ctx.userId, { ...at, dreams: 1 })
    : await removeRecordedDay(ctx.db, ctx.userId, at);
  if (isDayChanged) await summarizeStreakDays(ctx);
}

/** A dream left the journal (soft delete, sign -1) or came back (restore, sign 1): it and its analyses. */
export async function recordDreamLiveness(
  ctx: RequestContext,
  keys: UserKeys,
  dream: DreamFacts,
  sign: 1 | -1,
): Promise<void> {
  const stats = await addToCounts(ctx.db, ctx.userId, {
    dreams: sign,
    detailedDreams: dream.isDetailed ? sign : 0,
  });
  if (stats.areBucketsBuilt) await refreshBuckets(ctx.db, ctx.userId, [dream.dreamtOn]);
  if (!stats.isBuilt) return;
  // Read under the lock: an analysis of this dream committed before it is counted, one after it sees the new state.
  const analyses = await listAnalysisResultsOfDream(ctx.db, ctx.userId, dream.id);
  if (analyses.length > 0) {
    const counted = await addToCounts(
      ctx.db,
      ctx.userId,
      { analyses: sign * analyses.length },
      { isTallyWanted: true },
    );
    if (counted.tally) {
      const results = analyses.map((row) => openResult(keys, ctx.userId, row));
      await changeTally(ctx, keys, counted.tally, results, sign);
    }
  }
  if (!isCountedForStreaks(dream, stats.daysTimeZone)) return;
  const at = { instant: dream.recordedAt, timeZone: stats.daysTimeZone };
  const isDayChanged =
    sign === 1
      ? await addRecordedDay(ctx.db, ctx.userId, { ...at, dreams: 1 })
      : await removeRecordedDay(ctx.db, ctx.userId, at);
  if (isDayChanged) await summarizeStreakDays(ctx);
}

/** A new analysis of a live dream (the caller holds the dream's row lock). */
export async function recordAnalysisCreated(
  ctx: RequestContext,
  keys: UserKeys,
  result: AnalysisResult,
): Promise<void> {
  const stats = await addToCounts(ctx.db, ctx.userId, { analyses: 1 }, { isTallyWanted: true });
  if (stats.isBuilt) await changeTally(ctx, keys, stats.tally, [result], 1);
}

/**
 * Every analysis of the user is about to be erased in this transaction. Called before the rows go, so the lock is
 * held first: an analysis finishing meanwhile either was erased with the others or counts after this.
 */
export async function recordAnalysesErased(ctx: RequestContext): Promise<void> {
  await addToCounts(ctx.db, ctx.userId, {});
  // The empty tally is rebuilt from nothing by the next read.
  await updateStats(ctx.db, ctx.userId, { analysisCount: 0, analysisTallyEnc: null, isTallyChanged: true });
}

// --- recounts -----------------------------------------------------------------------------------------------------

/** Counts and days from the rows, under the row lock; the tally is left as it is (it follows the analyses only). */
async function recountJournal(ctx: RequestContext, timeZone: string): Promise<void> {
  await addToCounts(ctx.db, ctx.userId, {});
  const dreamCount = await countLiveDreams(ctx.db, ctx.userId);
  const detailedDreamCount = await countLiveDetailedDreams(ctx.db, ctx.userId);
  const analysisCount = await countLiveAnalyses(ctx.db, ctx.userId);
  await recountRecordedDays(ctx.db, ctx.userId, timeZone);
  const summary = summarizeDays(await listStreakDays(ctx.db, ctx.userId));
  await updateStats(ctx.db, ctx.userId, {
    isBuilt: true,
    dreamCount,
    detailedDreamCount,
    analysisCount,
    daysTimeZone: timeZone,
    longestStreak: summary.longest,
    lastDay: summary.lastDay,
    lastRunStart: summary.lastRunStart,
  });
}

const RECOUNT_PAGE = 500;

/** The tally from every analysis of a live dream, opened a page at a time. */
async function recountTally(ctx: RequestContext, keys: UserKeys): Promise<AnalysisTally> {
  const tally = emptyTally();
  let afterId: string | undefined;
  for (;;) {
    const rows = await listLiveAnalysisResults(ctx.db, ctx.userId, { afterId, limit: RECOUNT_PAGE });
    for (const row of rows) applyResult(tally, openResult(keys, ctx.userId, row), 1);
    if (rows.length < RECOUNT_PAGE) return tally;
    afterId = rows.at(-1)?.id;
  }
}

/**
 * The aggregates row, built in `timeZone` (recounted first when it never was, or its days are in another zone).
 * Inside a transaction that holds the row lock (a write, modules/rewards), the row is read as this transaction sees it.
 */
export async function builtStats(
  ctx: RequestContext,
  timeZone: string,
  options: { recordedDay?: string } = {},
): Promise<StatsRow & { isRecordedDay: boolean | null }> {
  const stats = await findStats(ctx.db, ctx.userId, options);
  if (stats?.isBuilt && stats.daysTimeZone === timeZone) return stats;
  return withTransaction(ctx, async (tx) => {
    await recountJournal(tx, timeZone);
    const rebuilt = await findStats(tx.db, ctx.userId);
    if (!rebuilt) throw new Error('journal stats row missing after its recount');
    return rebuilt;
  });
}

/**
 * The aggregates row with the charts' buckets built (user_dream_buckets): a journal written before them, or a user
 * whose first write made the row, is bucketed once, under the row lock, by the first read that needs them.
 */
export async function bucketedStats(ctx: RequestContext, timeZone: string): Promise<StatsRow> {
  const stats = await builtStats(ctx, timeZone);
  if (stats.areBucketsBuilt) return stats;
  return withTransaction(ctx, async (tx) => {
    const locked = await addToCounts(tx.db, ctx.userId, {});
    if (!locked.areBucketsBuilt) {
      await rebuildBuckets(tx.db, ctx.userId);
      await updateStats(tx.db, ctx.userId, { areBucketsBuilt: true });
    }
    return { ...locked, areBucketsBuilt: true };
  });
}

// --- reads --------------------------------------------------------------------------------------------------------

interface JournalSummary {
  dreamCount: number;
  analysisCount: number;
  streaks: Streaks;
}

/** The streaks as of `today`: from the summary row when it holds them, else recounted from the streak days. */
async function streaksUntil(ctx: RequestContext, stats: StatsRow, today: string): Promise<Streaks> {
  const summary = { longest: stats.longestStreak, lastDay: stats.lastDay, lastRunStart: stats.lastRunStart };
  return streaksFromSummary(summary, today) ?? computeStreaks(await listStreakDays(ctx.db, ctx.userId, today), today);
}

/** The current streak alone (what a save needs): from the summary, without asking whether today holds a dream. */
export async function currentStreakOf(ctx: RequestContext, stats: StatsRow, today: string): Promise<number> {
  return (await streaksUntil(ctx, stats, today)).current;
}

/**
 * The streaks (from the streak days only when the clock moved back). `isTodayRecorded` is about a dream: a no-recall
 * night marked today keeps the streak but records nothing, so it is asked of the recorded days, unless the caller
 * already knows whether `today` holds a dream (`isTodayKnownRecorded`).
 */
export async function streaksOf(
  ctx: RequestContext,
  stats: StatsRow,
  today: string,
  isTodayKnownRecorded: boolean | null = null,
): Promise<Streaks> {
  const streaks = await streaksUntil(ctx, stats, today);
  const isTodayRecorded =
    streaks.isTodayRecorded && (isTodayKnownRecorded ?? (await isDayRecorded(ctx.db, ctx.userId, today)));
  return { ...streaks, isTodayRecorded };
}

/** The dashboard's numbers, from the aggregates row (whether today holds a dream read with it). */
export async function getJournalSummary(ctx: RequestContext, timeZone: string): Promise<JournalSummary> {
  const today = localDate(ctx.now(), timeZone);
  const stats = await builtStats(ctx, timeZone, { recordedDay: today });
  const streaks = await streaksOf(ctx, stats, today, stats.isRecordedDay);
  return { dreamCount: stats.dreamCount, analysisCount: stats.analysisCount, streaks };
}

/** Changes whenever the stats would: a cache key for the opened tally (undefined: not built yet). */
export async function findAnalysisStatsVersion(ctx: RequestContext): Promise<string | undefined> {
  const stats = await findStats(ctx.db, ctx.userId);
  return stats?.isBuilt && stats.isTallyBuilt ? `${stats.tallyVersion}|${stats.analysisCount}` : undefined;
}

/** The analyses' stats from the sealed tally (built from the analyses the first time), and the version they are. */
export async function getAnalysisStats(ctx: RequestContext): Promise<{ stats: AnalysisStats; version: string }> {
  const keys = await ctx.keys.forUser(ctx.userId);
  const row = await findStatsWithTally(ctx.db, ctx.userId);
  if (row?.isBuilt && row.tally) {
    return {
      stats: statsOf(openTally(keys, ctx.userId, row.tally), row.analysisCount),
      version: `${row.tallyVersion}|${row.analysisCount}`,
    };
  }
  const timeZone = await getTimeZone(ctx);
  return withTransaction(ctx, async (tx) => {
    if (!row?.isBuilt) await recountJournal(tx, timeZone);
    else await addToCounts(tx.db, ctx.userId, {});
    const tally = await recountTally(tx, keys);
    await updateStats(tx.db, ctx.userId, {
      analysisTallyEnc: sealTally(keys, ctx.userId, tally),
      isTallyChanged: true,
    });
    const built = await findStats(tx.db, ctx.userId);
    if (!built) throw new Error('journal stats row missing after its recount');
    return { stats: statsOf(tally, built.analysisCount), version: `${built.tallyVersion}|${built.analysisCount}` };
  });
}
