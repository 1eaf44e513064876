import { ArrowRight, ReceiptText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailedState } from '@/components/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useTimeZone } from '@/hooks/use-time-zone';
import { useRewards } from '../api/use-rewards';
import { AchievementsGrid } from './achievements-grid';
import { DailyBonusCard } from './daily-bonus-card';
import { LevelCard } from './level-card';
import { RewardCalendar } from './reward-calendar';
import { StreakPanel } from './streak-panel';

function RewardsSkeleton() {
  return (
    <div aria-hidden="true" className="grid gap-6">
      <div className="grid gap-6 lg:grid-cols-5">
        <Skeleton className="h-72 rounded-xl lg:col-span-3" />
        <div className="grid gap-6 lg:col-span-2">
          <Skeleton className="h-32 rounded-xl" />
          <Skeleton className="h-32 rounded-xl" />
        </div>
      </div>
      <Skeleton className="h-64 rounded-xl" />
    </div>
  );
}

/**
 * The 'Conquistas' screen's body (docs/decisions/026): the streak with today's state and the freezes, the daily bonus
 * and the level beside it, the 12-month calendar, the achievements, and the way to the credit history.
 */
export function RewardsOverview() {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const rewards = useRewards();

  if (rewards.isError && !rewards.data) {
    return (
      <LoadFailedState title={t('rewards.errorTitle')} error={rewards.error} onRetry={() => void rewards.refetch()} />
    );
  }
  if (!rewards.data) return <RewardsSkeleton />;
  const data = rewards.data;

  return (
    <div className="grid gap-6">
      <div className="grid items-start gap-6 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <StreakPanel rewards={data} />
        </div>
        <div className="grid gap-6 lg:col-span-2">
          <DailyBonusCard bonus={data.dailyBonus} timeZone={timeZone} />
          <LevelCard level={data.level} />
        </div>
      </div>
      <RewardCalendar calendar={data.calendar} />
      <AchievementsGrid rewards={data} timeZone={timeZone} />
      <div className="flex flex-col items-start gap-2 rounded-xl border border-dashed border-border px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-2.5 text-sm text-pretty text-muted-foreground">
          <ReceiptText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          {t('rewards.history.text')}
        </p>
        <Link
          to="/app/credits"
          className="inline-flex min-h-10 shrink-0 items-center gap-1.5 rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          {t('rewards.history.link')}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </div>
  );
}
