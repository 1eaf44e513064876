// The chat's quota: the month's taste or the day's fair use, counted in the user's time zone.

import { CHAT_LIMITS, hasUnlimitedChat, type ChatUsage } from '@sonhario/contracts/chat';
import type { Profile } from '@sonhario/contracts/profile';
import type { RequestContext } from '../../context.ts';
import { addDays, localDate, localMonth, nextMonthStart } from '../../lib/local-time.ts';
import { getProfile } from '../profile/profile.service.ts';
import type { ChatDeps } from './chat.deps.ts';
import { countUsage } from './chat.repository.ts';

interface UsageWindow {
  usage: ChatUsage;
  /** Seconds until the count resets (Retry-After). */
  retryAfterSeconds: number;
}

/** The count that applies to the user's plan: this month's (taste) or today's (fair use), in the user's zone. */
export async function readUsage(ctx: RequestContext, profile: Profile, fairUsePerDay: number): Promise<UsageWindow> {
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
