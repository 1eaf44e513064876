import { useTranslation } from 'react-i18next';
import { PlanSummaryLink } from '@/features/billing/components/plan-summary-link';
import { DreamCard } from '@/features/dreams/components/dream-card';
import { PendingDreams } from '@/features/dreams/components/pending-dreams';
import { ActionCards } from '@/features/overview/components/action-cards';
import { overviewQuery } from '@/features/overview/api/use-overview';
import { OverviewLoadFailed } from '@/features/overview/components/overview-load-failed';
import { RecentActivity } from '@/features/overview/components/recent-activity';
import { StatCards } from '@/features/overview/components/stat-cards';
import { TodayCard } from '@/features/overview/components/today-card';
import { rewardsQuery, useRewards } from '@/features/rewards/api/use-rewards';
import { StreakCardDetails } from '@/features/rewards/components/streak-card-details';
import { useAuth } from '@/hooks/use-auth';
import { profileQuery } from '@/hooks/use-profile';
import { useTimeZone } from '@/hooks/use-time-zone';
import { PRODUCT_NAME } from '@/lib/brand';
import { queryClient } from '@/lib/query-client';
import { getDisplayName } from '@/lib/user-display';

/** `/app`: the dashboard of spec section 2 (inside the protected app layout). */
export function DashboardRoute() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const timeZone = useTimeZone();
  // The same query as the streak card's details: a night marked without recall keeps today's streak too.
  const rewards = useRewards();
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-8 sm:px-6 sm:py-12">
      <title>{`${t('dashboard.pageTitle')} · ${PRODUCT_NAME}`}</title>
      <div className="flex flex-col gap-2">
        <h1 className="font-display text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
          {t('dashboard.greeting', { name: getDisplayName(user) })}
        </h1>
        <p className="text-base text-muted-foreground sm:text-lg">{t('dashboard.intro')}</p>
        <PlanSummaryLink />
      </div>
      <OverviewLoadFailed />
      {user ? <PendingDreams userId={user.id} timeZone={timeZone} isCompact /> : null}
      {/* The day's content first, the shortcuts after it, in the DOM as on screen (docs/decisions/080). */}
      <TodayCard timeZone={timeZone} isTodayNoRecall={rewards.data?.streak.isTodayNoRecall} />
      <StatCards streakDetails={<StreakCardDetails />} />
      <RecentActivity
        renderDream={(dream) => <DreamCard dream={dream} timeZone={timeZone} headingLevel={3} isCompact />}
      />
      <ActionCards />
    </div>
  );
}

/**
 * Asks for the dashboard's data as soon as its code is in, beside the session's lookup and the first render, rather
 * than from that render's effects: the 'Hoje' card's dream (the page's largest paint) arrives that much sooner. Fresh
 * data is not asked again; without a session the requests fail before leaving, and the layout sends the visitor to
 * /login. Nothing is awaited: the page renders meanwhile.
 */
export function loader() {
  // A failure is the screen's to show, when its own query reads the cache.
  const ask = (answer: Promise<unknown>) => void answer.catch(() => undefined);
  ask(queryClient.query(overviewQuery));
  ask(queryClient.query(rewardsQuery));
  ask(queryClient.query(profileQuery));
  return null;
}

export { DashboardRoute as Component };
