import { Check, Coins, Flame, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { StatCardsView } from '@/features/overview/components/stat-cards-view';
import { addDays, currentFormatLocale, todayIn } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { DEMO_NUMBERS } from './demo-journal';

/** The first streak milestones and their credits (decision 026's table). */
const DEMO_MILESTONES = [
  { days: 3, credits: 5 },
  { days: 7, credits: 10 },
  { days: 14, credits: 20 },
  { days: 30, credits: 50 },
] as const;

function IconCircle({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-9 shrink-0 items-center justify-center rounded-full bg-secondary text-primary sm:size-11"
    >
      <Icon className="size-4 sm:size-5" />
    </span>
  );
}

/** The last seven days, today last: each a dot filled when a dream was recorded (all but the first). */
function WeekStrip({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const today = todayIn(timeZone);
  const weekday = new Intl.DateTimeFormat(currentFormatLocale(), { weekday: 'narrow', timeZone: 'UTC' });
  const longDay = new Intl.DateTimeFormat(currentFormatLocale(), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  const days = Array.from({ length: 7 }, (_, i) => addDays(today, i - 6));
  return (
    <ol aria-label={t('demo.streak.weekLabel')} className="grid grid-cols-7 gap-1.5">
      {days.map((day, i) => {
        const isRecorded = i >= 7 - DEMO_NUMBERS.currentStreak;
        const date = new Date(`${day}T12:00:00Z`);
        return (
          <li key={day} className="grid justify-items-center gap-1.5">
            <span aria-hidden="true" className="text-[11px] text-muted-foreground uppercase">
              {weekday.format(date)}
            </span>
            <span
              className={cn(
                'flex size-8 items-center justify-center rounded-full ring-1 ring-inset',
                isRecorded
                  ? 'bg-primary/25 text-primary ring-primary/40 shadow-[0_0_16px_-4px_var(--glow)]'
                  : 'bg-secondary/60 text-muted-foreground ring-border',
              )}
            >
              {isRecorded ? <Check aria-hidden="true" className="size-4" /> : null}
              <span className="sr-only">
                {t(isRecorded ? 'demo.streak.recorded' : 'demo.streak.missed', { day: longDay.format(date) })}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** The streak as the rewards show it: this week's nights, the next milestone and what the first ones earn. */
function DemoStreakCard({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const { nextMilestone } = DEMO_NUMBERS;
  const daysLeft = nextMilestone.days - DEMO_NUMBERS.currentStreak;
  return (
    <Card
      role="region"
      aria-labelledby="demo-streak-title"
      className="gap-4 bg-card/60 px-5 py-5 backdrop-blur-sm sm:px-6"
    >
      <div className="flex items-center gap-3">
        <IconCircle icon={Flame} />
        <div className="grid gap-0.5">
          <h3 id="demo-streak-title" className="font-display text-lg font-semibold">
            {t('demo.streak.title')}
          </h3>
          <p className="text-sm text-muted-foreground">
            {t('demo.streak.current', { count: DEMO_NUMBERS.currentStreak })}
          </p>
        </div>
      </div>
      <WeekStrip timeZone={timeZone} />
      <div className="grid gap-1.5">
        <div
          role="progressbar"
          aria-label={t('demo.streak.progressLabel', { days: nextMilestone.days })}
          aria-valuemin={0}
          aria-valuemax={nextMilestone.days}
          aria-valuenow={DEMO_NUMBERS.currentStreak}
          className="h-1.5 overflow-hidden rounded-full bg-secondary"
        >
          <div
            className="h-full rounded-full bg-gradient-to-r from-primary/60 to-primary"
            style={{ width: `${(DEMO_NUMBERS.currentStreak / nextMilestone.days) * 100}%` }}
          />
        </div>
        <p className="text-sm text-pretty text-muted-foreground">
          {t(daysLeft === 1 ? 'demo.streak.nextOne' : 'demo.streak.next', {
            count: daysLeft,
            days: nextMilestone.days,
            credits: nextMilestone.credits,
          })}
        </p>
      </div>
      <ul aria-label={t('demo.streak.milestonesLabel')} className="mt-auto grid grid-cols-4 gap-2">
        {DEMO_MILESTONES.map(({ days, credits }) => {
          const isReached = DEMO_NUMBERS.currentStreak >= days;
          return (
            <li
              key={days}
              className={cn(
                'grid justify-items-center gap-0.5 rounded-lg border px-1 py-2 text-center',
                isReached ? 'border-primary/40 bg-primary/10' : 'border-border/70 bg-secondary/30',
              )}
            >
              <span className="text-sm font-medium tabular-nums">
                {t('demo.streak.milestoneDays', { count: days })}
              </span>
              <span
                className={cn(
                  'inline-flex items-center gap-1 text-xs tabular-nums',
                  isReached ? 'text-primary' : 'text-muted-foreground',
                )}
              >
                {isReached ? <Check aria-hidden="true" className="size-3" /> : null}+{credits}
                <span className="sr-only">
                  {' '}
                  {t(isReached ? 'demo.streak.milestoneReached' : 'demo.streak.milestoneAhead')}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

/** The credit balance and its last moves. */
function DemoCreditsCard() {
  const { t } = useTranslation();
  return (
    <Card
      role="region"
      aria-labelledby="demo-credits-title"
      className="gap-4 border-primary/30 bg-gradient-to-br from-primary/15 via-card/70 to-card/70 px-5 py-5 shadow-[0_0_60px_-30px_var(--glow)] backdrop-blur-sm sm:px-6"
    >
      <div className="flex items-center gap-3">
        <IconCircle icon={Coins} />
        <h3 id="demo-credits-title" className="font-display text-lg font-semibold">
          {t('demo.credits.title')}
        </h3>
      </div>
      <p className="flex items-baseline gap-2" data-testid="demo-credit-balance">
        <span className="font-display text-5xl font-semibold tracking-tight tabular-nums">{DEMO_NUMBERS.credits}</span>
        <span className="text-muted-foreground">{t('demo.credits.unit')}</span>
      </p>
      <div className="grid gap-2">
        <h4 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
          {t('demo.credits.recent')}
        </h4>
        <ul className="grid gap-1.5 text-sm">
          {DEMO_NUMBERS.ledger.map((row) => (
            <li key={row.key} className="flex items-baseline justify-between gap-3">
              <span className="text-pretty">{t(`demo.credits.reasons.${row.key}`)}</span>
              <span
                className={cn(
                  'font-medium tabular-nums',
                  row.amount > 0 ? 'text-emerald-700 dark:text-emerald-300' : 'text-muted-foreground',
                )}
              >
                {row.amount > 0 ? `+${row.amount}` : `−${-row.amount}`}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}

/**
 * The dashboard part of the demo: the three numbers (the dashboard's own cards), the streak's week and next reward,
 * the credits and their last moves.
 */
export function DemoOverview({ timeZone }: { timeZone: string }) {
  return (
    <div className="grid gap-4">
      <StatCardsView
        counts={DEMO_NUMBERS}
        // 'leituras simbólicas', not 'com IA': the app calls its reading AI only with a generative provider (issue 19).
        isAnalysisGenerative={false}
      />
      <div className="grid gap-4 md:grid-cols-2">
        <DemoStreakCard timeZone={timeZone} />
        <DemoCreditsCard />
      </div>
    </div>
  );
}
