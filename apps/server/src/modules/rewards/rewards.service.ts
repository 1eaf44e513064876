import {
  ACHIEVEMENTS,
  hasFullGamification,
  LEVEL_THRESHOLDS,
  NIGHT_OWL_BEFORE_HOUR,
  REWARD_RULES,
  XP_RULES,
  type AchievementId,
  type AchievementKind,
  type CalendarDayKind,
  type DailyBonusResponse,
  type NoRecallResponse,
  type RewardOutcome,
  type RewardsResponse,
} from '@sonhario/contracts/rewards';
import type { ExportRewards } from '@sonhario/contracts/account';
import type { PlanId } from '@sonhario/contracts/profile';
import { withTransaction, type RequestContext } from '../../context.ts';
import { AppError, ConflictError, ForbiddenError } from '../../errors.ts';
import { addDays, localDate } from '../../lib/local-time.ts';
import { getBalance, grantReward } from '../credits/credits.service.ts';
import { addToCounts, findStats, isDayRecorded, type StatsRow } from '../journal-stats/journal-stats.repository.ts';
import {
  builtStats,
  currentStreakOf,
  getJournalSummary,
  isCountedForStreaks,
  streaksOf,
  summarizeStreakDays,
  type DreamFacts,
  type RecordedDreams,
} from '../journal-stats/journal-stats.service.ts';
import type { UserKeys } from '../keys/keys.crypto.ts';
import { getProfile } from '../profile/profile.service.ts';
import {
  canEarn,
  evaluateAchievements,
  kindsChangedBy,
  type DreamTraits,
  listEarned,
  measureAll,
  type AchievementHints,
} from './rewards.achievements.ts';
import {
  countRecordedDays,
  deleteStreakDay,
  findLastDailyBonus,
  findStreakDayKind,
  insertStreakDay,
  listFreezeRows,
  listHeldFreezes,
  listRecordedDaysFrom,
  listStreakDayRows,
  startOfLocalDay,
} from './rewards.repository.ts';
import { earnFreeze, grantMilestones, settleFreezes, unearnedMilestones } from './rewards.streak.ts';

/**
 * Streaks, rewards, achievements and levels (docs/decisions/026). Every write takes the user's aggregates row lock
 * first (modules/journal-stats), so a user's saves, claims and marks take turns; every credit goes through the
 * ledger under an idempotency key, so none is granted twice.
 */

const HOUR_MS = 3_600_000;

/** Takes the user's aggregates row lock (until the transaction ends) and returns the row built in `timeZone`. */
async function lockBuiltStats(ctx: RequestContext, timeZone: string): Promise<StatsRow> {
  await addToCounts(ctx.db, ctx.userId, {});
  return builtStats(ctx, timeZone);
}

async function reloadStats(ctx: RequestContext): Promise<StatsRow> {
  const stats = await findStats(ctx.db, ctx.userId);
  if (!stats) throw new Error('journal stats row missing under its lock');
  return stats;
}

const hourFormats = new Map<string, Intl.DateTimeFormat>();

function localHour(instant: Date, timeZone: string): number {
  let format = hourFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' });
    hourFormats.set(timeZone, format);
  }
  return Number(format.formatToParts(instant).find((part) => part.type === 'hour')?.value ?? 12);
}

const monthOf = (day: string) => day.slice(0, 7);

/** This month and the one before: the months GET /rewards checks for `full_month`. */
function recentMonths(today: string): string[] {
  return [monthOf(today), monthOf(addDays(`${monthOf(today)}-01`, -1))];
}

const noOutcome = (streak: number): RewardOutcome => ({
  credits: 0,
  isFirstDreamOfDay: false,
  milestone: null,
  achievements: [],
  isFreezeEarned: false,
  streak,
});

// --- writes of the journal ---------------------------------------------------------------------------------------

/**
 * What a new dream earns, in the transaction that created it, after journal-stats recorded it (which holds the
 * aggregates row lock): the day's first credit, freezes settled, milestones, a freeze, achievements. `timeZone` and
 * `plan` are the profile's. Every streak reward of a day is decided by its first counted dream, so a later dream of a
 * day already recorded skips them (a few statements fewer on most saves).
 */
export async function rewardDreamCreated(
  ctx: RequestContext,
  keys: UserKeys,
  input: { dream: DreamFacts; traits: DreamTraits; timeZone: string; plan: PlanId; recorded: RecordedDreams },
): Promise<RewardOutcome> {
  const { dream, timeZone, plan, recorded } = input;
  // The row the write just counted into is current unless it was never built, counts days in another zone, or its
  // streak summary moved since (a statement fewer on most saves).
  const isRecordedCurrent = recorded.stats?.isBuilt === true && recorded.stats.daysTimeZone === timeZone;
  let stats = isRecordedCurrent && recorded.stats ? recorded.stats : await builtStats(ctx, timeZone);
  const today = localDate(ctx.now(), timeZone);
  const isFull = hasFullGamification(plan);
  const outcome = noOutcome(0);
  const isDayKnownRecorded = recorded.isBuilt && recorded.daysTimeZone === timeZone && !recorded.isDayAdded;
  if (!isDayKnownRecorded && isCountedForStreaks(dream, timeZone)) {
    if (isFull && (await settleFreezes(ctx, today))) stats = await reloadStats(ctx);
    const day = localDate(dream.recordedAt, timeZone);
    // A dream recorded on a night marked without one: the day is recorded now (the streak's days are the same).
    await deleteStreakDay(ctx.db, ctx.userId, day, 'no_recall');
    const key = `reward:first-dream:${ctx.userId}:${day}`;
    const amount = REWARD_RULES.firstDreamOfDay;
    if (await grantReward(ctx, keys, { amount, reason: 'first_dream_of_day', key, detail: day })) {
      outcome.isFirstDreamOfDay = true;
      outcome.credits += amount;
    }
    const streak = await currentStreakOf(ctx, stats, today);
    const milestones = await grantMilestones(ctx, keys, streak);
    outcome.credits += milestones.credits;
    outcome.milestone = milestones.milestone;
    outcome.isFreezeEarned = isFull && (await earnFreeze(ctx, today, streak));
  }
  const hints: AchievementHints = {
    months: [monthOf(dream.dreamtOn)],
    isNightOwl: !dream.isImported && localHour(dream.recordedAt, timeZone) < NIGHT_OWL_BEFORE_HOUR,
  };
  const kinds = kindsChangedBy(input.traits);
  outcome.achievements = await evaluateAchievements(ctx, keys, { plan, stats, hints, kinds });
  outcome.credits += creditsOf(outcome.achievements);
  outcome.streak = await currentStreakOf(ctx, stats, today);
  return outcome;
}

const creditsOf = (ids: AchievementId[]) =>
  ids.reduce((sum, id) => sum + (ACHIEVEMENTS.find((a) => a.id === id)?.credits ?? 0), 0);

/** What a retried save answers: nothing earned, and the streak as it stands. */
export async function replayedOutcome(ctx: RequestContext, timeZone: string): Promise<RewardOutcome> {
  return noOutcome((await getJournalSummary(ctx, timeZone)).streaks.current);
}

/**
 * Achievements after a change of the journal (an edit, an analysis, an import), in the writer's transaction. A row
 * never built waits for the next GET /rewards (which builds it), unless `timeZone` is given to build it now.
 */
export async function rewardJournalChanged(
  ctx: RequestContext,
  keys: UserKeys,
  input: { hints?: AchievementHints; timeZone?: string; kinds?: readonly AchievementKind[] } = {},
): Promise<AchievementId[]> {
  const locked = await addToCounts(ctx.db, ctx.userId, {});
  const stats = input.timeZone === undefined ? locked : await builtStats(ctx, input.timeZone);
  if (!stats.isBuilt) return [];
  const { plan } = await getProfile(ctx);
  return evaluateAchievements(ctx, keys, { plan, stats, hints: input.hints, kinds: input.kinds });
}

/** After an import: the countable achievements an older journal reaches (never streak ones: imports build none). */
export async function rewardImportedJournal(ctx: RequestContext, months: string[]): Promise<void> {
  const keys = await ctx.keys.forUser(ctx.userId);
  const timeZone = (await getProfile(ctx)).timeZone;
  const hints = { months: [...new Set(months.filter(Boolean))] };
  await withTransaction(ctx, (tx) => rewardJournalChanged(tx, keys, { hints, timeZone }));
}

// --- GET /rewards ------------------------------------------------------------------------------------------------

/** The first day of the month 11 months before today's: the calendar's start. */
function calendarStart(today: string): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) - 11;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

async function readCalendar(ctx: RequestContext, today: string): Promise<RewardsResponse['calendar']> {
  const from = calendarStart(today);
  const kinds = new Map<string, CalendarDayKind>();
  for (const row of await listStreakDayRows(ctx.db, ctx.userId, from))
    if (row.day <= today) kinds.set(row.day, row.kind);
  for (const day of await listRecordedDaysFrom(ctx.db, ctx.userId, from)) if (day <= today) kinds.set(day, 'recorded');
  const days = [...kinds].sort(([a], [b]) => a.localeCompare(b)).map(([day, kind]) => ({ day, kind }));
  return { from, to: today, days };
}

async function readLevel(ctx: RequestContext, stats: StatsRow): Promise<RewardsResponse['level']> {
  const recordedDays = await countRecordedDays(ctx.db, ctx.userId);
  const xp =
    stats.dreamCount * XP_RULES.dream +
    stats.detailedDreamCount * XP_RULES.detailedDream +
    stats.analysisCount * XP_RULES.analysis +
    recordedDays * XP_RULES.streakDay;
  let level = 1;
  while (level < LEVEL_THRESHOLDS.length && xp >= (LEVEL_THRESHOLDS[level] ?? Infinity)) level += 1;
  return {
    level,
    xp,
    levelStartXp: LEVEL_THRESHOLDS[level - 1] ?? 0,
    nextLevelXp: LEVEL_THRESHOLDS[level] ?? null,
  };
}

async function readAchievements(
  ctx: RequestContext,
  keys: UserKeys,
  input: { plan: PlanId; stats: StatsRow; today: string },
): Promise<RewardsResponse['achievements']> {
  const earned = await listEarned(ctx, keys);
  const progress = await measureAll(ctx, input.stats, ACHIEVEMENTS, { months: recentMonths(input.today) });
  return ACHIEVEMENTS.map((a) => {
    const earnedAt = earned.get(a.id);
    return {
      id: a.id,
      earnedAt: earnedAt?.toISOString() ?? null,
      progress: earnedAt ? a.target : Math.min(a.target, progress.get(a.kind) ?? 0),
      target: a.target,
      credits: a.credits,
      isLocked: !canEarn(input.plan, a),
    };
  });
}

/** When the daily bonus can next be claimed (null: now), from the latest claim, in the user's zone today. */
async function nextDailyBonusAt(ctx: RequestContext, timeZone: string, today: string): Promise<Date | null> {
  const last = await findLastDailyBonus(ctx.db, ctx.userId);
  if (!last) return null;
  let next = await claimableAfter(ctx, last.createdAt, timeZone);
  // Claimed under another zone whose day is today's here: the key of today is taken until tomorrow.
  if (last.key.endsWith(`:${today}`)) {
    const tomorrow = await startOfLocalDay(ctx.db, addDays(today, 1), timeZone);
    if (tomorrow > next) next = tomorrow;
  }
  return next > ctx.now() ? next : null;
}

/** A claim at `claimedAt` allows the next one at the later of 20 hours on and the next local midnight. */
async function claimableAfter(ctx: RequestContext, claimedAt: Date, timeZone: string): Promise<Date> {
  const midnight = await startOfLocalDay(ctx.db, addDays(localDate(claimedAt, timeZone), 1), timeZone);
  const minimum = new Date(claimedAt.getTime() + REWARD_RULES.dailyBonusMinHours * HOUR_MS);
  return midnight > minimum ? midnight : minimum;
}

/**
 * For the dashboard, which reads the aggregates only: spends the freezes a missed day is due (Lucid and Oracle), so a
 * covered day does not show a broken streak there. Cheap when there is nothing to do (no freeze held: one query).
 * Returns whether any were spent.
 */
export async function settleDueFreezes(ctx: RequestContext, timeZone: string): Promise<boolean> {
  if ((await listHeldFreezes(ctx.db, ctx.userId)).length === 0) return false;
  const { plan } = await getProfile(ctx);
  if (!hasFullGamification(plan)) return false;
  return withTransaction(ctx, async (tx) => {
    await lockBuiltStats(tx, timeZone);
    return settleFreezes(tx, localDate(ctx.now(), timeZone));
  });
}

/**
 * Everything the rewards page shows. Also a write: under the row lock it settles freezes and grants what the facts
 * reach and the user does not hold yet (a plan upgrade, an imported journal, a row built only now).
 */
export async function getRewards(ctx: RequestContext): Promise<RewardsResponse> {
  const keys = await ctx.keys.forUser(ctx.userId);
  return withTransaction(ctx, async (tx) => {
    const { plan, timeZone } = await getProfile(tx);
    await lockBuiltStats(tx, timeZone);
    const today = localDate(ctx.now(), timeZone);
    const isFull = hasFullGamification(plan);
    if (isFull) await settleFreezes(tx, today);
    const stats = await reloadStats(tx);
    await evaluateAchievements(tx, keys, { plan, stats, hints: { months: recentMonths(today) } });
    const streaks = await streaksOf(tx, stats, today);
    const [next] = await unearnedMilestones(tx);
    const nextClaimAt = isFull ? await nextDailyBonusAt(tx, timeZone, today) : null;
    return {
      plan,
      today,
      streak: {
        current: streaks.current,
        longest: streaks.longest,
        isTodayRecorded: streaks.isTodayRecorded,
        isTodayNoRecall: (await findStreakDayKind(tx.db, ctx.userId, today)) === 'no_recall',
        nextMilestone: next ? { days: next.days, credits: next.credits } : null,
      },
      freezes: {
        isAvailable: isFull,
        held: (await listHeldFreezes(tx.db, ctx.userId)).length,
        max: REWARD_RULES.maxFreezesHeld,
      },
      calendar: await readCalendar(tx, today),
      level: isFull ? await readLevel(tx, stats) : null,
      achievements: await readAchievements(tx, keys, { plan, stats, today }),
      dailyBonus: {
        isAvailable: isFull,
        amount: REWARD_RULES.dailyBonus,
        canClaim: isFull && nextClaimAt === null,
        nextClaimAt: nextClaimAt?.toISOString() ?? null,
      },
    };
  });
}

// --- the data export ---------------------------------------------------------------------------------------------

/** The rewards' rows, opened, for the data export (modules/account). */
export async function exportRewards(ctx: RequestContext): Promise<ExportRewards> {
  const keys = await ctx.keys.forUser(ctx.userId);
  const earned = await listEarned(ctx, keys);
  return {
    achievements: [...earned].map(([id, earnedAt]) => ({ id, earnedAt: earnedAt.toISOString() })),
    streakDays: await listStreakDayRows(ctx.db, ctx.userId),
    freezes: await listFreezeRows(ctx.db, ctx.userId),
  };
}

// --- the daily bonus -----------------------------------------------------------------------------------------------

class DailyBonusClaimedError extends ConflictError {
  constructor(nextClaimAt: Date) {
    super(
      'daily_bonus_claimed',
      `O bônus diário já foi resgatado; o próximo pode ser resgatado a partir de ${nextClaimAt.toISOString()}.`,
    );
  }
}

const planRequired = (what: string) =>
  new ForbiddenError('plan_required', `${what} faz parte dos planos Lúcido e Oráculo.`);

/** +5 once per local day and never twice within 20 hours (Lucid and Oracle). */
export async function claimDailyBonus(ctx: RequestContext): Promise<DailyBonusResponse> {
  const keys = await ctx.keys.forUser(ctx.userId);
  return withTransaction(ctx, async (tx) => {
    const { plan, timeZone } = await getProfile(tx);
    if (!hasFullGamification(plan)) throw planRequired('O bônus diário');
    await addToCounts(tx.db, ctx.userId, {});
    const today = localDate(ctx.now(), timeZone);
    const blockedUntil = await nextDailyBonusAt(tx, timeZone, today);
    if (blockedUntil) throw new DailyBonusClaimedError(blockedUntil);
    const amount = REWARD_RULES.dailyBonus;
    const key = `reward:daily-bonus:${ctx.userId}:${today}`;
    if (!(await grantReward(tx, keys, { amount, reason: 'daily_bonus', key, detail: today }))) {
      throw new DailyBonusClaimedError(await claimableAfter(tx, ctx.now(), timeZone));
    }
    return {
      amount,
      balance: await getBalance(tx),
      nextClaimAt: (await claimableAfter(tx, ctx.now(), timeZone)).toISOString(),
    };
  });
}

// --- no-recall nights ----------------------------------------------------------------------------------------------

class DayAlreadyRecordedError extends AppError {
  constructor() {
    super(409, 'day_already_recorded', 'Hoje já tem um sonho registrado; não é preciso marcar a noite sem lembrança.');
  }
}

/**
 * Marks today (local) as a night without a recalled dream, for any plan: it keeps the streak and earns nothing.
 * `isCreated` is false when today was already marked (the answer is the same).
 */
export async function markNoRecall(ctx: RequestContext): Promise<{ result: NoRecallResponse; isCreated: boolean }> {
  return withTransaction(ctx, async (tx) => {
    const { plan, timeZone } = await getProfile(tx);
    await lockBuiltStats(tx, timeZone);
    const today = localDate(ctx.now(), timeZone);
    if (await isDayRecorded(tx.db, ctx.userId, today)) throw new DayAlreadyRecordedError();
    if (hasFullGamification(plan)) await settleFreezes(tx, today);
    const isCreated = await insertStreakDay(tx.db, ctx.userId, { day: today, kind: 'no_recall', createdAt: ctx.now() });
    if (isCreated) await summarizeStreakDays(tx);
    const streak = (await streaksOf(tx, await reloadStats(tx), today)).current;
    return { result: { day: today, isMarked: true, streak }, isCreated };
  });
}

/** Takes back today's no-recall mark (nothing to take back is fine). */
export async function unmarkNoRecall(ctx: RequestContext): Promise<NoRecallResponse> {
  return withTransaction(ctx, async (tx) => {
    const { timeZone } = await getProfile(tx);
    await lockBuiltStats(tx, timeZone);
    const today = localDate(ctx.now(), timeZone);
    if (await deleteStreakDay(tx.db, ctx.userId, today, 'no_recall')) await summarizeStreakDays(tx);
    const streak = (await streaksOf(tx, await reloadStats(tx), today)).current;
    return { day: today, isMarked: false, streak };
  });
}
