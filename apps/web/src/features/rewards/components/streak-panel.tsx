import type { RewardsResponse } from '@sonhario/contracts/rewards';
import { CheckCircle2, CloudMoon, Flame, Lock, MoonStar, PenLine, Snowflake, Undo2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { cn } from '@/lib/utils';
import { useMarkNoRecall, useUndoNoRecall } from '../api/use-no-recall';
import { ProgressBar } from './progress-bar';

type Streak = RewardsResponse['streak'];
export type TodayState = 'recorded' | 'no_recall' | 'pending';

export const todayStateOf = (streak: Streak): TodayState =>
  streak.isTodayRecorded ? 'recorded' : streak.isTodayNoRecall ? 'no_recall' : 'pending';

/** Today's state and what can be done about it: record the dream, or mark (and unmark) a night without recall. */
function TodayRow({ streak }: { streak: Streak }) {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const mark = useMarkNoRecall();
  const undo = useUndoNoRecall();
  const state = todayStateOf(streak);
  const isBusy = mark.isPending || undo.isPending;

  const onMark = () =>
    mark.mutate(undefined, {
      onSuccess: () => toast.success(t('rewards.streak.marked'), { description: t('rewards.streak.markedText') }),
      onError: (error) => toast.error(t('rewards.streak.markError'), { description: errorMessage(error) }),
    });
  const onUndo = () =>
    undo.mutate(undefined, {
      onSuccess: () => toast.success(t('rewards.streak.unmarked')),
      onError: (error) => toast.error(t('rewards.streak.undoError'), { description: errorMessage(error) }),
    });

  const Icon = state === 'recorded' ? CheckCircle2 : state === 'no_recall' ? CloudMoon : MoonStar;
  return (
    <div
      className={cn(
        'grid gap-3 rounded-lg border px-4 py-3.5',
        state === 'recorded' ? 'border-emerald-400/25 bg-emerald-400/[0.07]' : 'border-border bg-background/30',
      )}
    >
      <div className="flex items-start gap-2.5">
        <Icon
          aria-hidden="true"
          className={cn(
            'mt-0.5 size-4 shrink-0',
            state === 'recorded' ? 'text-emerald-700 dark:text-emerald-300' : 'text-primary',
          )}
        />
        <div className="grid gap-1">
          <p className="font-medium" data-testid="today-state">
            {t(`rewards.streak.today.${state}`)}
          </p>
          <p className="text-sm text-pretty text-muted-foreground">
            {state === 'recorded'
              ? t('rewards.streak.recordedHint')
              : state === 'no_recall'
                ? t('rewards.streak.noRecallHint')
                : t('rewards.streak.pendingHint')}
          </p>
        </div>
      </div>
      {state === 'recorded' ? null : (
        <div className="grid gap-2 sm:flex sm:flex-wrap">
          <Button asChild size="sm" className="h-10 sm:h-9">
            <Link to="/app/dreams/new">
              <PenLine aria-hidden="true" />
              {t('rewards.streak.record')}
            </Link>
          </Button>
          {state === 'pending' ? (
            <Button variant="outline" size="sm" className="h-10 sm:h-9" disabled={isBusy} onClick={onMark}>
              {mark.isPending ? <Spinner /> : <CloudMoon aria-hidden="true" />}
              {t('rewards.streak.markNoRecall')}
            </Button>
          ) : (
            <Button
              variant="ghost"
              size="sm"
              className="h-10 sm:h-9"
              disabled={isBusy}
              onClick={onUndo}
              aria-label={t('rewards.streak.undoNoRecallLabel')}
            >
              {undo.isPending ? <Spinner /> : <Undo2 aria-hidden="true" />}
              {t('rewards.streak.undoNoRecall')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

/** Freezes held (Lucid, Oracle), or what Lucid adds. */
function Freezes({ freezes }: { freezes: RewardsResponse['freezes'] }) {
  const { t } = useTranslation();
  if (!freezes.isAvailable) {
    return (
      <div className="grid gap-1.5" role="group" aria-labelledby="freezes-title">
        <p id="freezes-title" className="flex items-center gap-2 text-sm font-medium">
          <Lock aria-hidden="true" className="size-3.5 text-muted-foreground" />
          {t('rewards.freezes.title')}
        </p>
        <p className="text-sm text-pretty text-muted-foreground">{t('rewards.freezes.locked')}</p>
      </div>
    );
  }
  return (
    <div className="grid gap-1.5" role="group" aria-labelledby="freezes-title">
      <div className="flex items-center justify-between gap-3">
        <p id="freezes-title" className="text-sm font-medium">
          {t('rewards.freezes.title')}
        </p>
        <p className="flex items-center gap-1">
          {/* Read as one sentence: a paragraph may not carry a name of its own (axe: aria-prohibited-attr). */}
          <span className="sr-only">{t('rewards.freezes.heldLabel', { held: freezes.held, max: freezes.max })}</span>
          {Array.from({ length: freezes.max }, (_, index) => (
            <Snowflake
              key={index}
              aria-hidden="true"
              className={cn(
                'size-4',
                index < freezes.held ? 'text-sky-500 dark:text-sky-300' : 'text-muted-foreground/35',
              )}
            />
          ))}
          <span aria-hidden="true" className="ml-1 text-sm tabular-nums text-muted-foreground">
            {t('rewards.freezes.held', { held: freezes.held, max: freezes.max })}
          </span>
        </p>
      </div>
      <p className="text-sm text-pretty text-muted-foreground">{t('rewards.freezes.text', { max: freezes.max })}</p>
    </div>
  );
}

/** The streak: current and longest, the next milestone and how far it is, today's state, and the freezes. */
export function StreakPanel({ rewards }: { rewards: RewardsResponse }) {
  const { t } = useTranslation();
  const { streak } = rewards;
  const next = streak.nextMilestone;
  const left = next ? next.days - streak.current : 0;
  return (
    <Card
      role="region"
      aria-labelledby="streak-title"
      className="relative gap-5 overflow-hidden bg-card/60 backdrop-blur-sm"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-20 -right-16 size-56 rounded-full bg-[radial-gradient(closest-side,var(--glow),transparent)]"
      />
      <CardContent className="relative grid gap-5">
        <div className="flex items-center gap-4">
          <span
            aria-hidden="true"
            className="flex size-14 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-amber-300/25 to-primary/10 text-amber-500 ring-1 ring-amber-300/30 ring-inset dark:text-amber-200"
          >
            <Flame className="size-7" />
          </span>
          <div className="grid gap-0.5">
            <h2 id="streak-title" className="text-sm text-muted-foreground">
              {t('rewards.streak.title')}
            </h2>
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-display text-4xl font-semibold tabular-nums" data-testid="current-streak">
                {streak.current}
              </span>
              <span className="text-sm text-muted-foreground">
                {streak.current === 1 ? t('rewards.streak.unitOne') : t('rewards.streak.unit')}
              </span>
            </p>
            <p className="text-xs text-muted-foreground">
              {streak.longest === 1
                ? t('rewards.streak.longestOne')
                : t('rewards.streak.longest', { count: streak.longest })}
            </p>
          </div>
        </div>

        {next ? (
          <div className="grid gap-2">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <p className="text-sm font-medium">
                {t('rewards.streak.nextMilestone', { days: next.days, credits: next.credits })}
              </p>
              <p className="text-xs text-muted-foreground">
                {left === 1 ? t('rewards.streak.daysLeftOne') : t('rewards.streak.daysLeft', { count: left })}
              </p>
            </div>
            <ProgressBar
              label={t('rewards.streak.milestoneProgress', { days: next.days })}
              value={streak.current}
              max={next.days}
              valueText={`${streak.current}/${next.days}`}
            />
            <p className="text-xs text-muted-foreground">{t('rewards.streak.milestonesHint')}</p>
          </div>
        ) : (
          <p className="text-sm font-medium">{t('rewards.streak.allMilestones')}</p>
        )}

        <TodayRow streak={streak} />
        <Freezes freezes={rewards.freezes} />
      </CardContent>
    </Card>
  );
}
