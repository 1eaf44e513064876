import type { OverviewResponse } from '@sonhario/contracts/overview';
import type { RequestContext } from '../../context.ts';
import { listRecentDreams } from '../dreams/dreams.service.ts';
import { getJournalSummary } from '../journal-stats/journal-stats.service.ts';
import { getTimeZone } from '../profile/profile.service.ts';

/**
 * The dashboard: counts and streaks (in the user's time zone) from the journal's maintained aggregates, and the
 * latest dreams from the list index; nothing here reads the whole journal (docs/decisions/021).
 */
export async function getOverview(ctx: RequestContext): Promise<OverviewResponse> {
  const timeZone = await getTimeZone(ctx);
  const [summary, recent] = await Promise.all([getJournalSummary(ctx, timeZone), listRecentDreams(ctx)]);
  return {
    dreamCount: summary.dreamCount,
    analysisCount: summary.analysisCount,
    currentStreak: summary.streaks.current,
    longestStreak: summary.streaks.longest,
    isTodayRecorded: summary.streaks.isTodayRecorded,
    recent,
  };
}
