import { REWARD_RULES } from '@sonhario/contracts/rewards';
import type { RequestContext } from '../../context.ts';
import { addDays, dayNumber } from '../../lib/local-time.ts';
import { grantReward } from '../credits/credits.service.ts';
import type { UserKeys } from '../keys/keys.crypto.ts';
import { summarizeStreakDays } from '../journal-stats/journal-stats.service.ts';
import {
  findLatestStreakDayBefore,
  insertFreeze,
  insertStreakDay,
  listHeldFreezes,
  listLedgerKeys,
  spendFreeze,
} from './rewards.repository.ts';

// Streak protection and milestones (docs/decisions/026), inside the caller's transaction, which holds the user's
// aggregates row lock.

const milestoneKeyPrefix = (userId: string) => `reward:streak:${userId}:`;

/**
 * Spends freezes on the days missed since the latest streak day before today, when there are no more of them than
 * freezes held (Lucid and Oracle: the caller checks the plan). More missed days than freezes: nothing is spent and
 * the streak is broken. Returns whether any were spent.
 */
export async function settleFreezes(ctx: RequestContext, today: string): Promise<boolean> {
  const held = await listHeldFreezes(ctx.db, ctx.userId);
  if (held.length === 0) return false;
  const latest = await findLatestStreakDayBefore(ctx.db, ctx.userId, today);
  if (latest === undefined) return false;
  const missed = dayNumber(addDays(today, -1)) - dayNumber(latest);
  if (missed <= 0 || missed > held.length) return false;
  for (let i = 1; i <= missed; i += 1) {
    const day = addDays(latest, i);
    await insertStreakDay(ctx.db, ctx.userId, { day, kind: 'freeze', createdAt: ctx.now() });
    await spendFreeze(ctx.db, ctx.userId, held[i - 1] as string, day);
  }
  await summarizeStreakDays(ctx);
  return true;
}

/** The milestones not yet earned, in order. */
export async function unearnedMilestones(ctx: RequestContext) {
  const prefix = milestoneKeyPrefix(ctx.userId);
  const earned = new Set((await listLedgerKeys(ctx.db, ctx.userId, prefix)).map((key) => key.slice(prefix.length)));
  return REWARD_RULES.streakMilestones.filter((m) => !earned.has(String(m.days)));
}

/** Grants every milestone the current streak reached and no earlier streak did; the highest one granted now. */
export async function grantMilestones(
  ctx: RequestContext,
  keys: UserKeys,
  streak: number,
): Promise<{ credits: number; milestone: number | null }> {
  let credits = 0;
  let milestone: number | null = null;
  for (const { days, credits: amount } of await unearnedMilestones(ctx)) {
    if (days > streak) break;
    const key = `${milestoneKeyPrefix(ctx.userId)}${days}`;
    if (await grantReward(ctx, keys, { amount, reason: 'streak_milestone', key, detail: String(days) })) {
      credits += amount;
      milestone = days;
    }
  }
  return { credits, milestone };
}

/** A freeze when a counted dream brought the streak to a multiple of 7 today (fewer than two held). */
export async function earnFreeze(ctx: RequestContext, today: string, streak: number): Promise<boolean> {
  if (streak === 0 || streak % REWARD_RULES.freezeEveryDays !== 0) return false;
  if ((await listHeldFreezes(ctx.db, ctx.userId)).length >= REWARD_RULES.maxFreezesHeld) return false;
  return insertFreeze(ctx.db, ctx.userId, today);
}
