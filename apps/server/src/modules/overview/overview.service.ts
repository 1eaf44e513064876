import { countAnalyses } from '../analyses/analyses.service.ts';
import type { OverviewResponse } from '@sonhario/contracts/overview';
import type { RequestContext } from '../../context.ts';
import { countDreams, listRecentDreams } from '../dreams/dreams.service.ts';
import { getTimeZone } from '../profile/profile.service.ts';
import { getStreaks } from '../streaks/streaks.service.ts';

/** The dashboard: counts, streaks (in the user's time zone) and the latest dreams. */
export async function getOverview(ctx: RequestContext): Promise<OverviewResponse> {
  const timeZone = await getTimeZone(ctx);
  const [dreamCount, analysisCount, streaks, recent] = await Promise.all([
    countDreams(ctx),
    countAnalyses(ctx),
    getStreaks(ctx, timeZone),
    listRecentDreams(ctx),
  ]);
  return {
    dreamCount,
    analysisCount,
    currentStreak: streaks.current,
    longestStreak: streaks.longest,
    isTodayRecorded: streaks.isTodayRecorded,
    recent,
  };
}
