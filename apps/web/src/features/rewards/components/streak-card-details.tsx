import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useRewards } from '../api/use-rewards';
import { todayStateOf } from './streak-panel';

const TODAY_DOT = {
  recorded: 'bg-emerald-500 dark:bg-emerald-300',
  no_recall: 'bg-primary/60',
  pending: 'bg-amber-500 dark:bg-amber-300',
} as const;

/**
 * What the dashboard's 'Sequência Atual' card adds from GET /rewards: the next milestone and today's state, and the
 * way to 'Conquistas' (its link covers the whole card, which is `relative`).
 */
export function StreakCardDetails() {
  const { t } = useTranslation();
  const { data, isPending } = useRewards();
  const streak = data?.streak;
  const today = streak ? todayStateOf(streak) : null;
  return (
    <div className="mt-1.5 grid gap-1 text-xs">
      {isPending ? (
        // The next milestone's line and today's, as loaded: the card keeps its height when they arrive.
        <>
          <Skeleton className="my-px h-3.5 w-32" />
          <Skeleton className="my-px h-3.5 w-24" />
        </>
      ) : streak ? (
        <>
          <p className="text-muted-foreground/90">
            {streak.nextMilestone
              ? t('rewards.card.nextMilestone', { days: streak.nextMilestone.days })
              : t('rewards.card.allMilestones')}
          </p>
          {today ? (
            <p className="flex items-center gap-1.5 text-foreground/90" data-testid="streak-card-today">
              <span aria-hidden="true" className={cn('size-1.5 rounded-full', TODAY_DOT[today])} />
              {t(`rewards.card.today.${today}`)}
            </p>
          ) : null}
        </>
      ) : null}
      <Link
        to="/app/rewards"
        className="mt-0.5 inline-flex w-fit items-center gap-0.5 rounded-sm font-medium text-primary outline-none after:absolute after:inset-0 after:rounded-xl hover:underline focus-visible:after:ring-[3px] focus-visible:after:ring-ring/60"
      >
        {t('rewards.card.link')}
        <ChevronRight aria-hidden="true" className="size-3.5" />
      </Link>
    </div>
  );
}
