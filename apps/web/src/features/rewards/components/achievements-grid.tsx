import {
  ACHIEVEMENTS,
  type AchievementKind,
  type AchievementState,
  type RewardsResponse,
} from '@sonhario/contracts/rewards';
import {
  Brain,
  CalendarCheck,
  Eye,
  Flame,
  Ghost,
  ListChecks,
  Lock,
  MoonStar,
  NotebookPen,
  Repeat,
  Sparkles,
  Tags,
  Trophy,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PLAN_NAMES } from '@sonhario/contracts/credits';
import { PlansLink } from '@/components/plans-link';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { dateIn, formatDate } from '@/lib/dates';
import { achievementKey } from '@/lib/reward-keys';
import { cn } from '@/lib/utils';
import { ProgressBar } from './progress-bar';

const KIND_ICONS: Record<AchievementKind, LucideIcon> = {
  dreams: NotebookPen,
  lucid_dreams: Eye,
  streak: Flame,
  nightmares: Ghost,
  nightmares_analysed: Sparkles,
  recurring_dreams: Repeat,
  distinct_tags: Tags,
  full_month: CalendarCheck,
  detailed_dreams: ListChecks,
  analyses: Brain,
  night_owl: MoonStar,
};

const kindOf = new Map<string, AchievementKind>(ACHIEVEMENTS.map((a) => [a.id, a.kind]));

function AchievementItem({
  achievement,
  timeZone,
  headingLevel,
}: {
  achievement: AchievementState;
  timeZone: string;
  /** h3 in the single list; h4 under the groups' headings. */
  headingLevel: 3 | 4;
}) {
  const { t } = useTranslation();
  const Title = headingLevel === 3 ? 'h3' : 'h4';
  const { id, earnedAt, progress, target, credits, isLocked } = achievement;
  const Icon = KIND_ICONS[kindOf.get(id) ?? 'dreams'];
  const name = t(achievementKey(id, 'name'));
  const isEarned = earnedAt !== null;
  const titleId = `achievement-${id}`;

  return (
    <li
      aria-labelledby={titleId}
      data-state={isEarned ? 'earned' : isLocked ? 'locked' : 'open'}
      className={cn(
        'relative flex gap-3 rounded-xl border p-4 transition-colors',
        isEarned
          ? 'border-primary/35 bg-gradient-to-br from-primary/[0.14] to-transparent shadow-[0_0_24px_-12px_var(--primary)]'
          : 'border-border bg-background/25',
        // Dashed and grey, not faded: its text must stay readable (4.5:1); the lock icon says the rest.
        isLocked && !isEarned && 'border-dashed grayscale',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-full ring-1 ring-inset',
          isEarned ? 'bg-primary/20 text-primary ring-primary/40' : 'bg-secondary text-muted-foreground ring-border',
        )}
      >
        {isLocked && !isEarned ? <Lock className="size-4" /> : <Icon className="size-[1.125rem]" />}
      </span>
      <div className="grid min-w-0 flex-1 content-start gap-1">
        <div className="flex items-start justify-between gap-2">
          <Title id={titleId} className="text-sm leading-snug font-semibold">
            {name}
          </Title>
          {credits > 0 ? (
            <span
              className={cn(
                'shrink-0 rounded-full px-2 py-0.5 text-[0.6875rem] font-medium tabular-nums',
                isEarned
                  ? 'bg-emerald-400/15 text-emerald-700 dark:text-emerald-300'
                  : 'bg-secondary text-muted-foreground',
              )}
            >
              {t('rewards.achievements.credits', { count: credits })}
            </span>
          ) : null}
        </div>
        <p className="text-xs text-pretty text-muted-foreground">{t(achievementKey(id, 'description'))}</p>
        {/* A locked one is under 'Com o Lucid', whose heading and lock say so: no line repeating it on each card. */}
        {isEarned ? (
          <p className="mt-1 flex items-center gap-1.5 text-xs font-medium text-primary">
            <Trophy aria-hidden="true" className="size-3.5" />
            <time dateTime={earnedAt}>
              {t('rewards.achievements.earnedOn', { date: formatDate(dateIn(timeZone, new Date(earnedAt))) })}
            </time>
          </p>
        ) : isLocked ? null : (
          <div className="mt-1.5 flex items-center gap-2">
            <ProgressBar
              className="h-1.5"
              label={t('rewards.achievements.progressLabel', { name })}
              value={progress}
              max={target}
              valueText={t('rewards.achievements.progressText', { progress, target })}
            />
            <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
              {t('rewards.achievements.progress', { progress, target })}
            </span>
          </div>
        )}
      </div>
    </li>
  );
}

const LIST_CLASS = 'grid gap-3 sm:grid-cols-2 lg:grid-cols-3';

/** One group of the grid on a plan that cannot earn them all: its heading, its line, an optional action, its list. */
function AchievementGroup({
  id,
  title,
  note,
  action,
  listLabel,
  achievements,
  timeZone,
  className,
}: {
  id: string;
  title: ReactNode;
  note: string;
  action?: ReactNode;
  listLabel: string;
  achievements: AchievementState[];
  timeZone: string;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={cn('grid gap-3', className)}>
      <div className="grid gap-0.5">
        <h3 id={id} className="flex items-center gap-1.5 text-sm font-semibold">
          {title}
        </h3>
        <p className="text-xs text-pretty text-muted-foreground">{note}</p>
        {action}
      </div>
      <ul aria-label={listLabel} className={LIST_CLASS}>
        {achievements.map((achievement) => (
          <AchievementItem key={achievement.id} achievement={achievement} timeZone={timeZone} headingLevel={4} />
        ))}
      </ul>
    </section>
  );
}

/**
 * The catalogue, in its order: earned ones glow, open ones show their progress, locked ones wait for Lucid. On a plan
 * that cannot earn them all (Dreamer: the streak and starter ones, decision 078), two groups say which are open on
 * it and which come with Lucid.
 */
export function AchievementsGrid({ rewards, timeZone }: { rewards: RewardsResponse; timeZone: string }) {
  const { t } = useTranslation();
  const earned = rewards.achievements.filter((a) => a.earnedAt !== null).length;
  // An achievement earned stays earned (a downgrade takes none back): it shows with the open ones.
  const onPlan = rewards.achievements.filter((a) => !a.isLocked || a.earnedAt !== null);
  const withLucid = rewards.achievements.filter((a) => a.isLocked && a.earnedAt === null);
  const isGrouped = withLucid.length > 0;
  const planName = PLAN_NAMES[rewards.plan];
  return (
    <Card role="region" aria-labelledby="achievements-title" className="gap-5 bg-card/60 backdrop-blur-sm">
      <CardHeader className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/15 text-primary ring-1 ring-primary/25 ring-inset"
        >
          <Trophy className="size-4" />
        </span>
        <div className="grid gap-1">
          <CardTitle asChild className="font-display text-lg font-semibold">
            <h2 id="achievements-title">{t('rewards.achievements.title')}</h2>
          </CardTitle>
          <CardDescription className="text-pretty">
            {t('rewards.achievements.summary', { earned, total: rewards.achievements.length })}
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent className="grid gap-7">
        {isGrouped ? (
          <>
            <AchievementGroup
              id="achievements-on-plan"
              title={t('rewards.achievements.onPlanTitle', { plan: planName })}
              note={t('rewards.achievements.onPlanNote')}
              listLabel={t('rewards.achievements.onPlanList', { plan: planName })}
              achievements={onPlan}
              timeZone={timeZone}
            />
            <AchievementGroup
              id="achievements-with-lucid"
              title={
                <>
                  <Lock aria-hidden="true" className="size-3.5 text-muted-foreground" />
                  {t('rewards.achievements.withLucidTitle')}
                </>
              }
              note={t('rewards.achievements.withLucidNote', { count: withLucid.length })}
              action={<PlansLink className="min-h-8" />}
              listLabel={t('rewards.achievements.withLucidList')}
              achievements={withLucid}
              timeZone={timeZone}
              className="border-t border-border/70 pt-6"
            />
          </>
        ) : (
          <ul aria-label={t('rewards.achievements.listLabel')} className={LIST_CLASS}>
            {rewards.achievements.map((achievement) => (
              <AchievementItem key={achievement.id} achievement={achievement} timeZone={timeZone} headingLevel={3} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
