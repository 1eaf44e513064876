import { PLAN_NAMES } from '@sonhario/contracts/credits';
import type { PlanId } from '@sonhario/contracts/profile';
import { ShieldCheck, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * Billing off: plans on this server are the administrator's to set (how is in the operator's docs, not here), and the
 * plan new accounts start on (the operator's DEFAULT_PLAN, docs/decisions/077).
 */
export function AdminManagedNote({ newAccountPlan }: { newAccountPlan: PlanId }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="admin-plans-title"
      className="grid gap-3 rounded-xl border border-dashed border-border bg-card/40 px-5 py-5 backdrop-blur-sm"
    >
      <h2 id="admin-plans-title" className="flex items-center gap-2.5 font-medium">
        <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
        {t('billing.admin.title')}
      </h2>
      <p className="text-sm text-pretty text-muted-foreground">{t('billing.admin.text')}</p>
      <p data-testid="new-account-plan" className="flex items-start gap-2.5 text-sm text-pretty">
        <UserPlus aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        {t('billing.admin.newAccounts', { plan: PLAN_NAMES[newAccountPlan] })}
      </p>
    </section>
  );
}
