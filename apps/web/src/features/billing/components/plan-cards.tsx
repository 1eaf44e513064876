import { PLAN_RANK, type BillingStatus, type PaidPlanId } from '@sonhario/contracts/billing';
import { PLAN_NAMES } from '@sonhario/contracts/credits';
import { PLANS, type PlanId } from '@sonhario/contracts/profile';
import { Check, Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { formatMoney } from '../billing-format';

const isPaid = (plan: PlanId): plan is PaidPlanId => plan !== 'dreamer';

/** A plan's price as Stripe holds it ('US$ 9,99/mês'), 'Grátis' for Dreamer, nothing when billing is off. */
function PlanPrice({ plan, billing }: { plan: PlanId; billing: BillingStatus }) {
  const { t } = useTranslation();
  if (!isPaid(plan)) {
    return <span className="font-display text-3xl font-semibold tracking-tight">{t('billing.plans.free')}</span>;
  }
  const price = billing.prices.find((candidate) => candidate.plan === plan);
  if (!billing.isEnabled || !price) return null;
  return (
    <span className="flex items-baseline gap-1">
      <span className="font-display text-3xl font-semibold tracking-tight" data-testid={`price-${plan}`}>
        {formatMoney(price.amount, price.currency)}
      </span>
      <span className="text-sm text-muted-foreground">{t(`billing.plans.interval.${price.interval}`)}</span>
    </span>
  );
}

interface PlanCardsProps {
  billing: BillingStatus;
  /** The plan chosen on the landing page (shown apart while billing is off, or until its checkout opens). */
  chosen: PaidPlanId | null;
  pending: PaidPlanId | 'portal' | null;
  onSubscribe: (plan: PaidPlanId) => void;
  onManage: () => void;
}

/**
 * Dreamer, Lucid and Oracle side by side (stacked on a phone): what each adds, the current one marked. With billing
 * on, 'Assinar <plano>' (and the free trial while the account still has it); with a subscription, other plans are
 * reached through the portal. With billing off, no buying at all.
 */
export function PlanCards({ billing, chosen, pending, onSubscribe, onManage }: PlanCardsProps) {
  const { t } = useTranslation();
  const isBusy = pending !== null;
  return (
    <section aria-labelledby="plans-title" className="grid gap-4">
      <h2 id="plans-title" className="font-display text-xl font-semibold">
        {t('billing.plans.title')}
      </h2>
      <ul
        aria-label={t('billing.plans.listLabel')}
        className="grid items-stretch gap-5 md:grid-cols-3 md:gap-4 lg:gap-6"
      >
        {PLANS.map((plan) => {
          const isCurrent = billing.plan === plan;
          const isChosen = !isCurrent && chosen === plan;
          const features = Object.values(t(`billing.plans.${plan}.features`, { returnObjects: true }));
          const titleId = `plan-card-${plan}`;
          const canBuy = billing.isEnabled && isPaid(plan) && !isCurrent;
          return (
            <li key={plan} className="flex">
              <Card
                role="group"
                aria-labelledby={titleId}
                data-current={isCurrent || undefined}
                data-chosen={isChosen || undefined}
                className={cn(
                  'relative w-full gap-5 bg-card/60 backdrop-blur-sm',
                  isCurrent &&
                    'border-primary/60 bg-gradient-to-b from-primary/15 via-card/80 to-card/80 shadow-[0_0_60px_-24px_var(--glow)] ring-1 ring-primary/40',
                  isChosen && 'border-primary/50 ring-2 ring-primary/50',
                )}
              >
                <CardHeader className="gap-2">
                  <div className="flex flex-wrap items-center gap-2">
                    <CardTitle asChild className="font-display text-2xl font-semibold">
                      <h3 id={titleId}>{PLAN_NAMES[plan]}</h3>
                    </CardTitle>
                    {isCurrent ? (
                      <Badge className="rounded-full">{t('billing.plans.current')}</Badge>
                    ) : isChosen ? (
                      <Badge variant="outline" className="rounded-full border-primary/50 text-primary">
                        {t('billing.plans.chosen')}
                      </Badge>
                    ) : null}
                  </div>
                  <CardDescription className="text-pretty">{t(`billing.plans.${plan}.tagline`)}</CardDescription>
                </CardHeader>
                <CardContent className="flex flex-1 flex-col gap-5">
                  <PlanPrice plan={plan} billing={billing} />
                  <ul className="flex flex-col gap-2.5 text-sm">
                    {features.map((feature) => (
                      <li key={feature} className="flex items-start gap-2.5">
                        <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                        <span>{feature}</span>
                      </li>
                    ))}
                  </ul>
                </CardContent>
                {canBuy ? (
                  <CardFooter className="grid gap-2.5">
                    {billing.subscription ? (
                      <Button variant="outline" className="h-10 w-full" onClick={onManage} disabled={isBusy}>
                        {pending === 'portal' ? <Spinner /> : null}
                        {t('billing.plans.switch', { plan: PLAN_NAMES[plan] })}
                      </Button>
                    ) : (
                      <>
                        {billing.isTrialAvailable ? (
                          <p className="flex items-center gap-1.5 text-xs font-medium text-primary">
                            <Gift aria-hidden="true" className="size-3.5" />
                            {t('billing.plans.trial', { days: billing.trialDays })}
                          </p>
                        ) : null}
                        <Button
                          variant={isChosen || PLAN_RANK[plan] === 1 ? 'default' : 'outline'}
                          className="h-10 w-full"
                          onClick={() => onSubscribe(plan)}
                          disabled={isBusy}
                        >
                          {pending === plan ? <Spinner /> : null}
                          {t('billing.plans.subscribe', { plan: PLAN_NAMES[plan] })}
                        </Button>
                      </>
                    )}
                  </CardFooter>
                ) : null}
              </Card>
            </li>
          );
        })}
      </ul>
      {billing.isEnabled ? (
        <p className="text-sm text-pretty text-muted-foreground">
          {billing.subscription
            ? t('billing.plans.switchNote')
            : billing.isTrialAvailable
              ? t('billing.plans.trialNote', { days: billing.trialDays })
              : null}
        </p>
      ) : null}
    </section>
  );
}
