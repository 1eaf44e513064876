import type { OverviewResponse } from '@sonhario/contracts/overview';
import type { RequestContext } from '../../context.ts';
import { listRecentDreams } from '../dreams/dreams.service.ts';
import { getJournalSummary } from '../journal-stats/journal-stats.service.ts';
import { getTimeZone } from '../profile/profile.service.ts';
import { settleDueFreezes } from '../rewards/rewards.service.ts';

/**
 * The dashboard: counts and streaks (in the user's time zone) from the journal's maintained aggregates, and the
 * latest dreams from the list index; nothing here reads the whole journal (docs/decisions/021).
 */
export async function getOverview(ctx: RequestContext): Promise<OverviewResponse> {
  const timeZone = await getTimeZone(ctx);
  const [firstSummary, recent] = await Promise.all([getJournalSummary(ctx, timeZone), listRecentDreams(ctx)]);
  let summary = firstSummary;
  // A streak that looks broken may be one a freeze covers (decision 026): spend it, then read again.
  if (summary.streaks.current === 0 && summary.streaks.longest > 0 && (await settleDueFreezes(ctx, timeZone))) {
    summary = await getJournalSummary(ctx, timeZone);
  }
  return {
    dreamCount: summary.dreamCount,
    analysisCount: summary.analysisCount,
    currentStreak: summary.streaks.current,
    longestStreak: summary.streaks.longest,
    isTodayRecorded: summary.streaks.isTodayRecorded,
    recent,
  };
}
