import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { type BillingDestination, type BillingRedirect, useBillingRedirect } from '../api/use-billing-redirect';

/**
 * Leaves the app for Stripe's hosted checkout or portal: asks the server for the page, then assigns the browser's
 * location. Until the browser has left (a slow page, a blocked navigation) the screen says where it is going, with
 * the link itself as a way on. A refusal (billing off, Stripe unreachable) is a toast in the user's language.
 */
export function useLeaveForBilling() {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const redirect = useBillingRedirect();
  const [leaving, setLeaving] = useState<BillingRedirect | null>(null);

  const leave = (destination: BillingDestination) =>
    redirect.mutate(destination, {
      onSuccess: (next) => {
        setLeaving(next);
        window.location.assign(next.url);
      },
      onError: (error) => toast.error(t('billing.checkout.failed'), { description: errorMessage(error) }),
    });

  return {
    leave,
    /** The destination being asked for (its button shows a spinner), or null. */
    pending: redirect.isPending ? redirect.variables : null,
    leaving,
  };
}
