import {
  ACHIEVEMENTS,
  hasFullGamification,
  type AchievementDefinition,
  type AchievementId,
  type AchievementKind,
} from '@sonhario/contracts/rewards';
import type { PlanId } from '@sonhario/contracts/profile';
import type { RequestContext } from '../../context.ts';
import { addDays, nextMonthStart } from '../../lib/local-time.ts';
import { grantReward } from '../credits/credits.service.ts';
import { blindToken } from '../dreams/dreams.search.ts';
import type { StatsRow } from '../journal-stats/journal-stats.repository.ts';
import type { UserKeys } from '../keys/keys.crypto.ts';
import {
  countDreamtNights,
  countLucidDreamsUpTo,
  countNightmaresUpTo,
  countRecurringDreamsUpTo,
  countTagsUpTo,
  hasAnalysedNightmare,
  insertAchievement,
  listAchievementRows,
} from './rewards.repository.ts';

// Achievements from facts (docs/decisions/026): recomputing them is idempotent, so every evaluation grants what the
// facts reach and the user does not hold yet. Facts are bounded: counts from the aggregates row, `limit target`
// counts over partial indexes, the nights of a few months.

/** The achievement's id as stored: a blind token under the user's index key (which ones a user holds is sealed). */
const achievementToken = (keys: UserKeys, id: AchievementId) => blindToken(keys.index, `achievement:${id}`);

/** What an evaluation can see beyond the counts: the months to check for `full_month`, a dream saved in the night. */
export interface AchievementHints {
  /** Months ('YYYY-MM') whose every night may now hold a dream. */
  months?: string[];
  /** A dream recorded here (not imported) between midnight and NIGHT_OWL_BEFORE_HOUR, local time. */
  isNightOwl?: boolean;
}

/** What a new dream holds that some achievements count. */
export interface DreamTraits {
  isLucid: boolean;
  isNightmare: boolean;
  isRecurring: boolean;
  hasTags: boolean;
}

/** The kinds a new dream can move: the others need no look on its save. */
export function kindsChangedBy(traits: DreamTraits): AchievementKind[] {
  const kinds: AchievementKind[] = ['dreams', 'streak', 'detailed_dreams', 'night_owl', 'full_month'];
  if (traits.isLucid) kinds.push('lucid_dreams');
  if (traits.isNightmare) kinds.push('nightmares');
  if (traits.isRecurring) kinds.push('recurring_dreams');
  if (traits.hasTags) kinds.push('distinct_tags');
  return kinds;
}

/** Kinds measured from the aggregates row or the save itself, with no query. */
const FREE_KINDS: ReadonlySet<AchievementKind> = new Set([
  'dreams',
  'streak',
  'detailed_dreams',
  'analyses',
  'night_owl',
]);

/** Fewer dreams than the shortest month's nights: no month can be full yet (no query). */
const FULL_MONTH_MIN_DREAMS = 28;

/** Every plan earns the streak and starter achievements (with their credits); the rest are Lucid's and Oracle's. */
export const canEarn = (plan: PlanId, achievement: AchievementDefinition) =>
  achievement.isOnEveryPlan || hasFullGamification(plan);

/** Which achievements the user holds, by id, with when. */
export async function listEarned(ctx: RequestContext, keys: UserKeys): Promise<Map<AchievementId, Date>> {
  const byToken = new Map(ACHIEVEMENTS.map((a) => [achievementToken(keys, a.id), a.id]));
  const earned = new Map<AchievementId, Date>();
  for (const row of await listAchievementRows(ctx.db, ctx.userId)) {
    const id = byToken.get(row.token);
    if (id) earned.set(id, row.earnedAt);
  }
  return earned;
}

const lastDayOf = (month: string) => addDays(nextMonthStart(month), -1);

async function isAnyMonthFull(ctx: RequestContext, months: string[]): Promise<boolean> {
  for (const month of new Set(months)) {
    const last = lastDayOf(month);
    const nights = Number(last.slice(8, 10));
    if ((await countDreamtNights(ctx.db, ctx.userId, `${month}-01`, last)) === nights) return true;
  }
  return false;
}

/** How far the user is toward each kind, counted up to `limit` (the largest target asked for). */
async function measure(
  ctx: RequestContext,
  stats: StatsRow,
  kind: AchievementKind,
  limit: number,
  hints: AchievementHints,
): Promise<number> {
  const { db, userId } = ctx;
  switch (kind) {
    case 'dreams':
      return stats.dreamCount;
    case 'lucid_dreams':
      return countLucidDreamsUpTo(db, userId, limit);
    case 'streak':
      return stats.longestStreak;
    case 'nightmares':
      return countNightmaresUpTo(db, userId, limit);
    case 'nightmares_analysed':
      return Number(await hasAnalysedNightmare(db, userId));
    case 'recurring_dreams':
      return countRecurringDreamsUpTo(db, userId, limit);
    case 'distinct_tags':
      return countTagsUpTo(db, userId, limit);
    case 'full_month':
      if (stats.dreamCount < FULL_MONTH_MIN_DREAMS) return 0;
      return Number(await isAnyMonthFull(ctx, hints.months ?? []));
    case 'detailed_dreams':
      return stats.detailedDreamCount;
    case 'analyses':
      return stats.analysisCount;
    case 'night_owl':
      return Number(hints.isNightOwl === true);
  }
}

/** Progress toward `achievements`, by kind (each kind measured once, up to its largest target). */
export async function measureAll(
  ctx: RequestContext,
  stats: StatsRow,
  achievements: readonly AchievementDefinition[],
  hints: AchievementHints,
): Promise<Map<AchievementKind, number>> {
  const limits = new Map<AchievementKind, number>();
  for (const a of achievements) limits.set(a.kind, Math.max(limits.get(a.kind) ?? 0, a.target));
  const progress = new Map<AchievementKind, number>();
  for (const [kind, limit] of limits) progress.set(kind, await measure(ctx, stats, kind, limit, hints));
  return progress;
}

/**
 * Grants every achievement the plan can earn, the user does not hold, and the facts reach, with its credits; returns
 * those granted now. `kinds` narrows the look to what the write can have moved (all by default). The facts that cost
 * nothing are looked at first; the earned list is read only when one of them reaches a target or a fact needs a query.
 * The caller holds the aggregates row lock and passes the row as read under it.
 */
export async function evaluateAchievements(
  ctx: RequestContext,
  keys: UserKeys,
  input: { plan: PlanId; stats: StatsRow; hints?: AchievementHints; kinds?: readonly AchievementKind[] },
): Promise<AchievementId[]> {
  const hints = input.hints ?? {};
  const kinds = input.kinds ? new Set(input.kinds) : undefined;
  let open: AchievementDefinition[] = ACHIEVEMENTS.filter(
    (a) => canEarn(input.plan, a) && (!kinds || kinds.has(a.kind)),
  );
  let earned: Map<AchievementId, Date> | undefined;
  if (open.some((a) => !FREE_KINDS.has(a.kind))) {
    earned = await listEarned(ctx, keys);
    const held = earned;
    open = open.filter((a) => !held.has(a.id));
  }
  if (open.length === 0) return [];
  const progress = await measureAll(ctx, input.stats, open, hints);
  const reached = open.filter((a) => (progress.get(a.kind) ?? 0) >= a.target);
  if (reached.length === 0) return [];
  earned ??= await listEarned(ctx, keys);
  const granted: AchievementId[] = [];
  for (const achievement of reached) {
    if (earned.has(achievement.id)) continue;
    const token = achievementToken(keys, achievement.id);
    if (!(await insertAchievement(ctx.db, ctx.userId, token, ctx.now()))) continue;
    granted.push(achievement.id);
    if (achievement.credits > 0) {
      await grantReward(ctx, keys, {
        amount: achievement.credits,
        reason: 'achievement',
        key: `reward:achievement:${ctx.userId}:${token}`,
        detail: achievement.id,
      });
    }
  }
  return granted;
}
