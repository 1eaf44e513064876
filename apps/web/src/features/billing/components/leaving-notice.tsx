import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import type { BillingRedirect } from '../api/use-billing-redirect';

/** On the way to Stripe's page: said, with the page's link in case the browser does not leave by itself. */
export function LeavingNotice({ leaving }: { leaving: BillingRedirect }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-primary/30 bg-primary/10 px-5 py-4 text-sm"
    >
      <Spinner className="text-primary" />
      <p className="flex-1">
        {leaving.kind === 'portal' ? t('billing.checkout.redirectingPortal') : t('billing.checkout.redirecting')}
      </p>
      <a
        href={leaving.url}
        className="inline-flex min-h-10 items-center gap-1.5 rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
      >
        {t('billing.checkout.continue')}
        <ExternalLink aria-hidden="true" className="size-4" />
      </a>
    </div>
  );
}
