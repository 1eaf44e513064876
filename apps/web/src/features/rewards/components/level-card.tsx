import { LEVEL_THRESHOLDS, type RewardsResponse } from '@sonhario/contracts/rewards';
import { Lock, Telescope } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PlansLink } from '@/components/plans-link';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { levelKey } from '@/lib/reward-keys';
import { cn } from '@/lib/utils';
import { formatCount } from '../rewards-format';
import { ProgressBar } from './progress-bar';

/** The level (Lucid, Oracle): its name, the XP and the way to the next one. On Dreamer: what Lucid adds. */
export function LevelCard({ level }: { level: RewardsResponse['level'] }) {
  const { t } = useTranslation();
  const isLocked = level === null;
  return (
    <Card
      role="region"
      aria-labelledby="level-title"
      className={cn('gap-4 bg-card/60 backdrop-blur-sm', isLocked && 'bg-card/35')}
    >
      <CardHeader className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className={cn(
            'flex size-9 shrink-0 items-center justify-center rounded-full ring-1 ring-inset',
            isLocked ? 'bg-secondary text-muted-foreground ring-border' : 'bg-primary/15 text-primary ring-primary/25',
          )}
        >
          {isLocked ? <Lock className="size-4" /> : <Telescope className="size-4" />}
        </span>
        <CardTitle asChild className="font-display text-lg font-semibold">
          <h2 id="level-title">{t('rewards.level.title')}</h2>
        </CardTitle>
        {isLocked ? (
          <Badge variant="outline" className="ml-auto text-muted-foreground">
            {t('rewards.level.lockedBadge')}
          </Badge>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-3">
        {level === null ? (
          <>
            <p className="text-sm text-pretty text-muted-foreground">{t('rewards.level.locked')}</p>
            <PlansLink />
          </>
        ) : (
          <>
            <div className="grid gap-0.5">
              <p className="text-xs tracking-wide text-muted-foreground uppercase">
                {t('rewards.level.name', { level: level.level })}
              </p>
              <p className="font-display text-2xl font-semibold" data-testid="level-name">
                {t(levelKey(level.level))}
              </p>
              <p className="text-sm text-muted-foreground tabular-nums">
                {t('rewards.level.xp', { xp: formatCount(level.xp) })}
              </p>
            </div>
            {level.nextLevelXp === null ? (
              <p className="text-sm text-pretty">{t('rewards.level.max')}</p>
            ) : (
              <div className="grid gap-1.5">
                <ProgressBar
                  label={t('rewards.level.progressLabel')}
                  value={level.xp - level.levelStartXp}
                  max={level.nextLevelXp - level.levelStartXp}
                  valueText={t('rewards.level.progressText', {
                    xp: formatCount(level.xp),
                    next: formatCount(level.nextLevelXp),
                  })}
                />
                <p className="text-xs text-muted-foreground">
                  {t('rewards.level.toNext', {
                    xp: formatCount(level.nextLevelXp - level.xp),
                    level: Math.min(level.level + 1, LEVEL_THRESHOLDS.length),
                  })}
                </p>
              </div>
            )}
            <p className="text-xs text-pretty text-muted-foreground">{t('rewards.level.howTo')}</p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
