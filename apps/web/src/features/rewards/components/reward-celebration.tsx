import { ACHIEVEMENTS, REWARD_RULES, type RewardOutcome } from '@sonhario/contracts/rewards';
import { Sparkles } from 'lucide-react';
import { toast } from 'sonner';
import { i18n } from '@/lib/i18n';
import { achievementKey } from '@/lib/reward-keys';

const achievementCredits = new Map<string, number>(ACHIEVEMENTS.map((a) => [a.id, a.credits]));
const milestoneCredits = new Map<number, number>(REWARD_RULES.streakMilestones.map((m) => [m.days, m.credits]));

/** What a save earned, one line each, the rarest first: a milestone, achievements, a freeze, the day's first dream. */
function rewardLines(outcome: RewardOutcome, t = i18n.t): string[] {
  const lines: string[] = [];
  if (outcome.milestone !== null) {
    lines.push(
      t('rewards.celebration.milestone', {
        days: outcome.milestone,
        credits: milestoneCredits.get(outcome.milestone) ?? 0,
      }),
    );
  }
  for (const id of outcome.achievements) {
    const name = t(achievementKey(id, 'name'));
    const credits = achievementCredits.get(id) ?? 0;
    lines.push(
      credits > 0
        ? t('rewards.celebration.achievementCredits', { name, credits })
        : t('rewards.celebration.achievement', { name }),
    );
  }
  if (outcome.isFreezeEarned) lines.push(t('rewards.celebration.freeze'));
  if (outcome.isFirstDreamOfDay && outcome.credits > 0) lines.push(t('rewards.celebration.firstDream'));
  return lines;
}

/** A star with a soft glow that breathes twice; still for users who prefer reduced motion. */
function RewardStar() {
  return (
    <span aria-hidden="true" className="relative flex size-5 items-center justify-center">
      <span className="absolute inset-[-6px] rounded-full bg-[radial-gradient(closest-side,var(--glow),transparent)] motion-safe:animate-reward-glow" />
      <Sparkles className="relative size-4 text-amber-500 motion-safe:animate-reward-twinkle dark:text-amber-200" />
    </span>
  );
}

/**
 * After a dream's save: a toast naming what it earned ('+1 crédito · primeiro sonho do dia', 'Sequência de 7 dias!
 * +10 créditos', 'Conquista desbloqueada: Primeiro sonho'). Nothing when the save earned nothing.
 */
export function celebrateRewards(outcome: RewardOutcome) {
  const [title, ...rest] = rewardLines(outcome);
  if (!title) return;
  toast(title, {
    icon: <RewardStar />,
    duration: 7_000,
    description:
      rest.length > 0 ? (
        <span className="grid gap-0.5">
          {rest.map((line) => (
            <span key={line}>{line}</span>
          ))}
        </span>
      ) : undefined,
    classNames: { toast: 'border-amber-300/35! shadow-[0_0_28px_-10px_var(--glow)]!' },
  });
}
