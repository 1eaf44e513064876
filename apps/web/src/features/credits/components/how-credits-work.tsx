import { CREDIT_RULES, PLAN_NAMES, PLAN_QUOTAS } from '@sonhario/contracts/credits';
import { PLANS, type PlanId } from '@sonhario/contracts/profile';
import { CalendarClock, Coins, Gift, ShieldCheck, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/** 'Como funcionam os créditos': the rules of packages/contracts/credits.ts in words, and the plans' quotas. */
export function HowCreditsWork({ currentPlan }: { currentPlan?: PlanId }) {
  const { t } = useTranslation();
  const rules: { key: string; icon: LucideIcon; text: string }[] = [
    { key: 'monthly', icon: CalendarClock, text: t('credits.howItWorks.monthly') },
    { key: 'beyond', icon: Coins, text: t('credits.howItWorks.beyond', { cost: CREDIT_RULES.analysisCost }) },
    { key: 'welcome', icon: Gift, text: t('credits.howItWorks.welcome', { bonus: CREDIT_RULES.welcomeBonus }) },
    { key: 'free', icon: ShieldCheck, text: t('credits.howItWorks.free') },
  ];
  return (
    <Card className="gap-5 bg-card/40 backdrop-blur-sm" role="region" aria-labelledby="how-credits-title">
      <CardHeader>
        <CardTitle asChild className="font-display text-xl font-semibold">
          <h2 id="how-credits-title">{t('credits.howItWorks.title')}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        <ul className="grid gap-3.5">
          {rules.map(({ key, icon: Icon, text }) => (
            <li key={key} className="flex gap-3 text-sm leading-relaxed">
              <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              <span className="text-pretty">{text}</span>
            </li>
          ))}
        </ul>
        <table className="w-full text-sm">
          <caption className="pb-2 text-left text-xs font-medium tracking-wide text-muted-foreground uppercase">
            {t('credits.howItWorks.plansCaption')}
          </caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">{t('credits.howItWorks.planHeader')}</th>
              <th scope="col">{t('credits.howItWorks.analysesHeader')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border/70 border-y border-border/70">
            {PLANS.map((plan) => {
              const quota = PLAN_QUOTAS[plan];
              const isCurrent = plan === currentPlan;
              return (
                <tr key={plan} className={cn(isCurrent && 'bg-primary/10')}>
                  <th scope="row" className="px-2 py-2.5 text-left font-medium">
                    {PLAN_NAMES[plan]}
                    {isCurrent ? (
                      <span className="ml-2 inline-flex h-5 items-center rounded-full bg-primary/15 px-2 text-[0.7rem] font-medium text-primary ring-1 ring-primary/30 ring-inset">
                        {t('credits.howItWorks.current')}
                      </span>
                    ) : null}
                  </th>
                  <td className="px-2 py-2.5 text-right tabular-nums">
                    {quota === null ? t('credits.howItWorks.unlimited') : quota}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
