import type { RequestContext } from '../../context.ts';
import { localDate } from '../../lib/local-time.ts';
import { listRecordedDays } from './streaks.repository.ts';
import { computeStreaks, type Streaks } from './streaks.ts';

/**
 * A day counts when a dream was recorded that day in the user's time zone (recorded_at, not the night it was
 * dreamt: backdating builds no streak). The user's current zone applies to the whole history.
 */
export async function getStreaks(ctx: RequestContext, timeZone: string): Promise<Streaks> {
  const days = await listRecordedDays(ctx.db, ctx.userId, timeZone);
  return computeStreaks(days, localDate(ctx.now(), timeZone));
}
