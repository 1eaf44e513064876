import { Hourglass, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/**
 * Back from Stripe Checkout, before its webhook gave the plan: 'Confirmando sua assinatura…' while the page asks
 * again; after `CHECKOUT_POLL.maxMs`, a calm word that it may take a minute, and 'Atualizar'.
 */
export function CheckoutPending({
  isSlow,
  isRefreshing,
  onRefresh,
}: {
  isSlow: boolean;
  isRefreshing: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="checkout-pending"
      className="flex flex-col items-center gap-3 rounded-xl border border-primary/30 bg-gradient-to-br from-primary/15 via-card/70 to-card/70 px-6 py-10 text-center shadow-[0_0_60px_-30px_var(--glow)] backdrop-blur-sm"
    >
      <span
        aria-hidden="true"
        className="flex size-12 items-center justify-center rounded-full bg-primary/15 text-primary ring-1 ring-primary/30 ring-inset"
      >
        {isSlow ? <Hourglass className="size-5" /> : <Spinner className="size-5" />}
      </span>
      <h2 className="font-display text-xl font-semibold">
        {isSlow ? t('billing.checkout.slow') : t('billing.checkout.pending')}
      </h2>
      <p className="max-w-md text-sm text-pretty text-muted-foreground">
        {isSlow ? t('billing.checkout.slowText') : t('billing.checkout.pendingText')}
      </p>
      {isSlow ? (
        <Button variant="outline" className="mt-2 h-10" onClick={onRefresh} disabled={isRefreshing}>
          {isRefreshing ? <Spinner /> : <RefreshCw aria-hidden="true" />}
          {t('billing.checkout.refresh')}
        </Button>
      ) : null}
    </div>
  );
}
