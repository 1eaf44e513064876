import type { OverviewResponse } from '@sonhario/contracts/dreams';
import { countDreams, listRecentDreams, type DreamsContext } from '../dreams/dreams.service.ts';
import { getTimeZone } from '../profiles/profiles.service.ts';
import { getStreaks } from '../streaks/streaks.service.ts';

/** The dashboard: counts, streaks (in the user's time zone) and the latest dreams. */
export async function getOverview(ctx: DreamsContext): Promise<OverviewResponse> {
  const timeZone = await getTimeZone(ctx);
  const [dreamCount, streaks, recent] = await Promise.all([countDreams(ctx), getStreaks(ctx, timeZone), listRecentDreams(ctx)]);
  return {
    dreamCount,
    // AI analyses arrive with their own module.
    analysisCount: 0,
    currentStreak: streaks.current,
    longestStreak: streaks.longest,
    isTodayRecorded: streaks.isTodayRecorded,
    recent,
  };
}
