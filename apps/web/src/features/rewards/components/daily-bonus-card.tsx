import type { RewardsResponse } from '@sonhario/contracts/rewards';
import { Check, Gift, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { PlansLink } from '@/components/plans-link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { formatDateTime } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { useClaimDailyBonus } from '../api/use-claim-daily-bonus';
import { formatCount } from '../rewards-format';

/** 'Bônus diário' (Lucid, Oracle): claimed once a local day; disabled until the next time. On Dreamer: locked. */
export function DailyBonusCard({ bonus, timeZone }: { bonus: RewardsResponse['dailyBonus']; timeZone: string }) {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const claim = useClaimDailyBonus();
  const isLocked = !bonus.isAvailable;

  const onClaim = () =>
    claim.mutate(undefined, {
      onSuccess: ({ amount, balance }) =>
        toast.success(t('rewards.dailyBonus.toast', { amount }), {
          description: t('rewards.dailyBonus.toastText', { balance: formatCount(balance) }),
        }),
      onError: (error) => toast.error(t('rewards.dailyBonus.error'), { description: errorMessage(error) }),
    });

  let action;
  if (isLocked) {
    action = (
      <Button variant="outline" className="h-11 w-full" disabled>
        <Lock aria-hidden="true" />
        {t('rewards.dailyBonus.lockedButton')}
      </Button>
    );
  } else if (bonus.canClaim) {
    action = (
      <Button className="h-11 w-full" disabled={claim.isPending} onClick={onClaim}>
        {claim.isPending ? <Spinner /> : <Gift aria-hidden="true" />}
        {claim.isPending ? t('rewards.dailyBonus.claiming') : t('rewards.dailyBonus.claim', { amount: bonus.amount })}
      </Button>
    );
  } else {
    action = (
      <div className="grid gap-2">
        <Button variant="secondary" className="h-11 w-full" disabled>
          <Check aria-hidden="true" />
          {t('rewards.dailyBonus.claimed')}
        </Button>
        {bonus.nextClaimAt ? (
          <p className="text-center text-xs text-muted-foreground">
            {t('rewards.dailyBonus.next', { time: formatDateTime(bonus.nextClaimAt, timeZone) })}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <Card
      role="region"
      aria-labelledby="daily-bonus-title"
      className={cn('gap-4 bg-card/60 backdrop-blur-sm', isLocked && 'bg-card/35')}
    >
      <CardHeader className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className={cn(
            'flex size-9 shrink-0 items-center justify-center rounded-full ring-1 ring-inset',
            isLocked
              ? 'bg-secondary text-muted-foreground ring-border'
              : 'bg-amber-300/15 text-amber-600 ring-amber-300/30 dark:text-amber-200',
          )}
        >
          <Gift className="size-4" />
        </span>
        <CardTitle asChild className="font-display text-lg font-semibold">
          <h2 id="daily-bonus-title">{t('rewards.dailyBonus.title')}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm text-pretty text-muted-foreground">
          {isLocked
            ? t('rewards.dailyBonus.locked', { amount: bonus.amount })
            : t('rewards.dailyBonus.text', { amount: bonus.amount })}
        </p>
        {action}
        {isLocked ? <PlansLink /> : null}
      </CardContent>
    </Card>
  );
}
