import type { BillingStatus } from '@sonhario/contracts/billing';
import { PLAN_NAMES } from '@sonhario/contracts/credits';
import type { TFunction } from 'i18next';
import { CalendarClock, CreditCard, Gem, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { formatInstantDate, formatMoney } from '../billing-format';

/** What the plan is doing now, in words: free, trial, active, payment pending, cancelled, a scheduled change. */
function planStatusText(billing: BillingStatus, timeZone: string, t: TFunction): string {
  const subscription = billing.subscription;
  const date = (instant: string | null) => (instant ? formatInstantDate(instant, timeZone) : '');
  if (!subscription)
    return billing.plan === 'dreamer' ? t('billing.current.status.free') : t('billing.current.status.operator');
  const { status, currentPeriodEnd, graceEndsAt, trialEndsAt, pendingPlan, isCancelledAtPeriodEnd } = subscription;
  if (status === 'past_due')
    return t('billing.current.status.pastDue', { date: date(graceEndsAt ?? currentPeriodEnd) });
  if (status === 'trialing' || status === 'active') {
    if (isCancelledAtPeriodEnd && currentPeriodEnd)
      return t('billing.current.status.cancelled', { date: date(currentPeriodEnd) });
    if (pendingPlan && currentPeriodEnd) {
      return t('billing.current.status.downgrade', { plan: PLAN_NAMES[pendingPlan], date: date(currentPeriodEnd) });
    }
    if (status === 'trialing' && trialEndsAt) return t('billing.current.status.trialing', { date: date(trialEndsAt) });
    return t('billing.current.status.active');
  }
  if (status === 'incomplete') return t('billing.current.status.incomplete');
  if (status === 'unpaid') return t('billing.current.status.unpaid');
  if (status === 'paused') return t('billing.current.status.paused');
  return t('billing.current.status.ended');
}

function Fact({ icon: Icon, label, children }: { icon: typeof Gem; label: string; children: ReactNode }) {
  return (
    // dt and dd straight inside the group (a <dl> allows nothing else there); the icon sits in the dt, in the margin.
    <div className="relative grid min-w-0 gap-0.5 rounded-lg border border-border/60 bg-background/30 py-3 pr-3.5 pl-10">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
        <Icon aria-hidden="true" className="absolute top-3.5 left-3.5 size-4 text-primary" />
        {label}
      </dt>
      <dd className="text-sm text-pretty">{children}</dd>
    </div>
  );
}

/**
 * 'Seu plano': the plan and its state, this month's analyses, the next charge (amount and currency as Stripe holds
 * the price), and 'Gerenciar assinatura' when there is a subscription to manage.
 */
export function CurrentPlanCard({
  billing,
  timeZone,
  onManage,
  isManaging,
}: {
  billing: BillingStatus;
  timeZone: string;
  onManage: () => void;
  isManaging: boolean;
}) {
  const { t } = useTranslation();
  const { quota, subscription } = billing;
  const isPastDue = subscription?.status === 'past_due';
  const usage =
    quota.limit === null
      ? t('billing.current.unlimited', { used: quota.used })
      : t('billing.current.used', { used: quota.used, limit: quota.limit });
  const next = subscription?.nextCharge;

  return (
    <Card
      role="region"
      aria-labelledby="current-plan-title"
      className="gap-5 border-primary/30 bg-gradient-to-br from-primary/15 via-card/70 to-card/70 shadow-[0_0_60px_-30px_var(--glow)] backdrop-blur-sm"
    >
      <CardHeader className="flex flex-wrap items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/15 text-primary ring-1 ring-primary/25 ring-inset"
        >
          <Gem className="size-4" />
        </span>
        <CardTitle asChild className="font-display text-lg font-semibold">
          <h2 id="current-plan-title">{t('billing.current.title')}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-2">
          <p className="font-display text-4xl font-semibold tracking-tight" data-testid="current-plan">
            {PLAN_NAMES[billing.plan]}
          </p>
          <p
            data-testid="plan-status"
            className={cn(
              'inline-flex items-center rounded-full px-2.5 py-1 text-xs font-medium ring-1 ring-inset',
              isPastDue
                ? 'bg-amber-400/15 text-amber-800 ring-amber-400/40 dark:text-amber-100'
                : 'bg-primary/15 text-primary ring-primary/30',
            )}
          >
            {planStatusText(billing, timeZone, t)}
          </p>
        </div>
        <dl className="grid gap-3 sm:grid-cols-3">
          <Fact icon={Sparkles} label={t('billing.current.usage')}>
            <span data-testid="plan-usage">{usage}</span>
          </Fact>
          <Fact icon={CalendarClock} label={t('billing.current.resetsOn')}>
            <time dateTime={quota.resetsOn}>{formatDate(quota.resetsOn)}</time>
          </Fact>
          {subscription ? (
            <Fact icon={CreditCard} label={t('billing.current.nextCharge')}>
              <span data-testid="next-charge">
                {next
                  ? t(
                      subscription.status === 'trialing'
                        ? 'billing.current.trialCharge'
                        : 'billing.current.nextChargeValue',
                      {
                        amount: formatMoney(next.amount, next.currency),
                        date: formatInstantDate(next.at, timeZone),
                      },
                    )
                  : t('billing.current.noCharge')}
              </span>
            </Fact>
          ) : null}
        </dl>
        {subscription && billing.isEnabled ? (
          <div>
            <Button variant="outline" className="h-10" onClick={onManage} disabled={isManaging}>
              {isManaging ? <Spinner /> : <CreditCard aria-hidden="true" />}
              {t('billing.current.manage')}
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
